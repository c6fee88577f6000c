//~ Win32 log: every line goes to the log file (--log), the console and OutputDebugStringA.
// Thread-safe: workers and game code log through the same function pointer.

struct win32_log_state
{
    CRITICAL_SECTION lock;
    HANDLE file;
    HANDLE console;
    LARGE_INTEGER startCounter;
    LARGE_INTEGER counterFrequency;
    u32 errorCount;
    u32 warningCount;
};
global win32_log_state globalLog;

internal void Win32InitLog(const char *logPath)
{
    InitializeCriticalSection(&globalLog.lock);
    QueryPerformanceFrequency(&globalLog.counterFrequency);
    QueryPerformanceCounter(&globalLog.startCounter);
    globalLog.file = INVALID_HANDLE_VALUE;
    if (logPath)
    {
        // NOTE: shared for reading so scripts and tests can follow the log while we run.
        globalLog.file = CreateFileA(logPath, GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_DELETE, 0,
                                     CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, 0);
    }
    globalLog.console = GetStdHandle(STD_ERROR_HANDLE);
    if (globalLog.console == 0) globalLog.console = INVALID_HANDLE_VALUE;
}

// Seconds on the high-resolution clock (for measuring intervals).
internal f64 Win32Seconds(void)
{
    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    return (f64)now.QuadPart / (f64)globalLog.counterFrequency.QuadPart;
}

// Seconds since the Unix epoch with microseconds: lets a script line our events up with its own clock.
internal f64 Win32WallClockSeconds(void)
{
    FILETIME now;
    GetSystemTimePreciseAsFileTime(&now);
    u64 ticks = ((u64)now.dwHighDateTime << 32) | now.dwLowDateTime;   // 100 ns since 1601
    const u64 unixEpochTicks = 116444736000000000ull;
    return (f64)(ticks - unixEpochTicks) / 1.0e7;
}

internal PLATFORM_LOG(Win32Log)
{
    char message[2048];
    va_list args;
    va_start(args, format);
    int length = vsnprintf(message, sizeof(message), format, args);
    va_end(args);
    if (length < 0) length = 0;
    if (length >= (int)sizeof(message)) length = (int)sizeof(message) - 1;

    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    f64 seconds = (f64)(now.QuadPart - globalLog.startCounter.QuadPart) / (f64)globalLog.counterFrequency.QuadPart;

    char line[2200];
    int lineLength = snprintf(line, sizeof(line), "[%9.3f] %s: %s\r\n", seconds, LogLevelName(level), message);
    if (lineLength < 0) return;
    if (lineLength >= (int)sizeof(line)) lineLength = (int)sizeof(line) - 1;

    EnterCriticalSection(&globalLog.lock);
    if (level == LogLevel_Error) ++globalLog.errorCount;
    if (level == LogLevel_Warning) ++globalLog.warningCount;
    DWORD written;
    if (globalLog.file != INVALID_HANDLE_VALUE) WriteFile(globalLog.file, line, (DWORD)lineLength, &written, 0);
    if (globalLog.console != INVALID_HANDLE_VALUE) WriteFile(globalLog.console, line, (DWORD)lineLength, &written, 0);
    OutputDebugStringA(line);
    LeaveCriticalSection(&globalLog.lock);
}

internal void Win32CloseLog(void)
{
    if (globalLog.file != INVALID_HANDLE_VALUE)
    {
        CloseHandle(globalLog.file);
        globalLog.file = INVALID_HANDLE_VALUE;
    }
}

// Win32 error text for GetLastError() values, without the trailing newline.
internal void Win32ErrorText(DWORD error, char *buffer, DWORD bufferSize)
{
    DWORD length = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, 0, error,
                                  0, buffer, bufferSize, 0);
    while (length > 0 && (buffer[length - 1] == '\n' || buffer[length - 1] == '\r' || buffer[length - 1] == '.'))
        buffer[--length] = 0;
    if (length == 0) snprintf(buffer, bufferSize, "Win32 error %lu", (unsigned long)error);
}
