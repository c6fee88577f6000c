//~ Win32 log: the bodies behind win32/win32_log.h

global win32_log_state globalLog;

internal void Win32LockLog(void) { EnterCriticalSection(&globalLog.lock); }
internal void Win32UnlockLog(void) { LeaveCriticalSection(&globalLog.lock); }

internal u32 Win32LogErrorCount(void)
{
    return globalLog.errorCount;
}
internal u32 Win32LogWarningCount(void)
{
    return globalLog.warningCount;
}

// A mutex named after the log file's full path (case folded), shared by every process writing it.
internal HANDLE Win32CreateLogFileLock(const char *logPath)
{
    char fullPath[WIN32_PATH_BYTES];
    if (!Win32GetFullPathUtf8(logPath, fullPath, sizeof(fullPath))) return 0;
    u64 hash = FNV64_OFFSET_BASIS;
    for (const char *c = fullPath; *c; ++c)
    {
        char folded = (*c >= 'A' && *c <= 'Z') ? (char)(*c - 'A' + 'a') : (*c == '/' ? '\\' : *c);
        hash = Fnv1aStep(hash, (u8)folded);
    }
    WCHAR name[64];
    _snwprintf(name, ArrayCount(name), L"Local\\HandmadeEngineLog_%016llx", (unsigned long long)hash);
    return CreateMutexW(0, FALSE, name);
}

internal b32 Win32InitLog(const char *logPath, b32 interactive, b32 append)
{
    InitializeCriticalSection(&globalLog.lock);
    QueryPerformanceFrequency(&globalLog.counterFrequency);
    QueryPerformanceCounter(&globalLog.startCounter);
    globalLog.file = INVALID_HANDLE_VALUE;
    globalLog.console = GetStdHandle(STD_ERROR_HANDLE);
    if (globalLog.console == 0) globalLog.console = INVALID_HANDLE_VALUE;
    if (Win32CommandLineIsAnsi())
    {
        Win32Log(LogLevel_Warning, "command line: shell32 unavailable; arguments went through the ANSI code page "
                 "(letters outside it arrive as '?')");
    }
    if (!logPath) return 1;

    // NOTE: shared for reading so scripts and tests can follow the log while we run, and for writing:
    // the two processes of a hot restart write it at once. Every write appends (an append-only handle),
    // so neither overwrites the other's lines. A run of its own starts the file empty.
    if (!append)
    {
        HANDLE fresh = Win32OpenFileUtf8(logPath, GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                         CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL);
        if (fresh != INVALID_HANDLE_VALUE) CloseHandle(fresh);
    }
    globalLog.file = Win32OpenFileUtf8(logPath, FILE_APPEND_DATA | SYNCHRONIZE, FILE_SHARE_READ | FILE_SHARE_WRITE |
                                       FILE_SHARE_DELETE, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL);
    if (globalLog.file != INVALID_HANDLE_VALUE)
    {
        globalLog.fileLock = Win32CreateLogFileLock(logPath);
        return 1;
    }

    DWORD error = GetLastError();
    char reason[256];
    Win32ErrorText(error, reason, sizeof(reason));
    char message[WIN32_PATH_BYTES + 512];
    FormatText(message, sizeof(message), "cannot open the log file '%s': %s%s; logging to the console only",
             logPath, reason, (error == ERROR_PATH_NOT_FOUND) ? " (its folder does not exist)" : "");
    Win32Log(LogLevel_Error, "log: %s", message);
    if (interactive) Win32MessageBoxUtf8(message, "Handmade Engine: log", MB_OK | MB_ICONWARNING);
    return 0;
}

internal f64 Win32Seconds(void)
{
    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    return (f64)now.QuadPart / (f64)globalLog.counterFrequency.QuadPart;
}

internal f64 Win32WallClockSeconds(void)
{
    FILETIME now;
    GetSystemTimePreciseAsFileTime(&now);
    u64 ticks = ((u64)now.dwHighDateTime << 32) | now.dwLowDateTime;   // 100 ns since 1601
    const u64 unixEpochTicks = 116444736000000000ull;
    return (f64)(ticks - unixEpochTicks) / 1.0e7;
}

// Under the log's lock: the line joins the ring of newest lines (two copies where it wraps).
internal void Win32CopyIntoLogRing(const char *line, umm length)
{
    u64 at = globalLog.recentWritten % WIN32_LOG_RECENT_BYTES;
    umm firstPart = (umm)Minimum((u64)length, (u64)WIN32_LOG_RECENT_BYTES - at);
    memcpy(globalLog.recent + at, line, firstPart);
    memcpy(globalLog.recent, line + firstPart, length - firstPart);
    globalLog.recentWritten += length;
}

internal PLATFORM_LOG(Win32Log)
{
    va_list args;
    va_start(args, format);
    Win32LogV(level, format, args);
    va_end(args);
}

internal void Win32LogV(log_level level, const char *format, va_list args)
{
    char message[2048];
    text_buffer messageText = TEXT_BUFFER_ON(message);
    TextAppendFormatV(&messageText, format, args);
    int length = (int)messageText.length;
    // NOTE: the log is UTF-8: bytes that are not (a path the game made up) are written as \xNN.
    char escaped[2048];
    const char *text = message;
    for (int at = 0; at < length; ++at)
    {
        if ((u8)message[at] >= 0x80)
        {
            EscapeInvalidUtf8(message, (umm)length, escaped, sizeof(escaped), 0);
            text = escaped;
            break;
        }
    }

    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    f64 seconds = (f64)(now.QuadPart - globalLog.startCounter.QuadPart) / (f64)globalLog.counterFrequency.QuadPart;

    char line[2200];
    umm lineLength = FormatText(line, sizeof(line), "[%9.3f] %s: %s\r\n", seconds, LogLevelName(level), text);
    if (lineLength == 0) return;    // an encoding error in the format

    EnterCriticalSection(&globalLog.lock);
    if (level == LogLevel_Error) ++globalLog.errorCount;
    if (level == LogLevel_Warning) ++globalLog.warningCount;
    DWORD written;
    if (globalLog.file != INVALID_HANDLE_VALUE)
    {
        // NOTE: an append from another process (a hot restart's other side) is not atomic under Wine:
        // without the lock a line can overwrite the other's. A holder that died leaves it abandoned: ours.
        if (globalLog.fileLock) WaitForSingleObject(globalLog.fileLock, INFINITE);
        WriteFile(globalLog.file, line, (DWORD)lineLength, &written, 0);
        if (globalLog.fileLock) ReleaseMutex(globalLog.fileLock);
    }
    if (globalLog.console != INVALID_HANDLE_VALUE) WriteFile(globalLog.console, line, (DWORD)lineLength, &written, 0);
    Win32DebugOutputUtf8(line);
    Win32TraceNoteLogLine(message);
    Win32CopyIntoLogRing(line, lineLength);
    LeaveCriticalSection(&globalLog.lock);
}

internal u64 Win32CopyRecentLog(char *out, u64 size)
{
    EnterCriticalSection(&globalLog.lock);
    u64 available = Minimum(globalLog.recentWritten, (u64)WIN32_LOG_RECENT_BYTES);
    u64 count = Minimum(available, size);
    u64 start = (globalLog.recentWritten - count) % WIN32_LOG_RECENT_BYTES;
    u64 firstPart = Minimum(count, (u64)WIN32_LOG_RECENT_BYTES - start);
    memcpy(out, globalLog.recent + start, (size_t)firstPart);
    memcpy(out + firstPart, globalLog.recent, (size_t)(count - firstPart));
    LeaveCriticalSection(&globalLog.lock);
    // NOTE: the ring may begin mid-line: the copy starts after the first line break.
    u64 skip = 0;
    if (count < globalLog.recentWritten)
        while (skip < count && out[skip++] != '\n') {}
    memmove(out, out + skip, (size_t)(count - skip));
    return count - skip;
}

internal void Win32CloseLog(void)
{
    if (globalLog.file != INVALID_HANDLE_VALUE)
    {
        CloseHandle(globalLog.file);
        globalLog.file = INVALID_HANDLE_VALUE;
    }
    if (globalLog.fileLock) CloseHandle(globalLog.fileLock);
    globalLog.fileLock = 0;
}

// Copies a system message, filling every insert (%1 .. %99, with an optional !format!) it
// carries with `subject`: FORMAT_MESSAGE_IGNORE_INSERTS leaves them as they are, and a reason
// reading "Bad EXE format for %1" tells the user nothing. "%%" becomes "%"; other escapes
// ("%n", "%0", "%.", "%!") are dropped or kept as their character.
internal void Win32FillMessageInserts(const char *message, const char *subject, char *out, umm outSize)
{
    umm length = 0;
    for (const char *at = message; *at && length + 1 < outSize;)
    {
        if (at[0] != '%' || !at[1])
        {
            out[length++] = *at++;
            continue;
        }
        ++at;
        if (*at >= '1' && *at <= '9')
        {
            while (*at >= '0' && *at <= '9') ++at;
            if (*at == '!')
            {
                const char *close = strchr(at + 1, '!');
                if (close) at = close + 1;
            }
            for (const char *s = subject; *s && length + 1 < outSize; ++s) out[length++] = *s;
        }
        else if (*at == 'n' || *at == 'r' || *at == '0')
        {
            ++at;   // line breaks and "end of message": the text stays on one log line
        }
        else
        {
            out[length++] = *at++;  // %% %. %! %b: the character itself
        }
    }
    out[length] = 0;
}

internal void Win32ErrorText(DWORD error, char *buffer, DWORD bufferSize)
{
    WCHAR wide[512];
    DWORD length = FormatMessageW(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, 0, error, 0, wide,
                                  ArrayCount(wide), 0);
    char raw[1024];
    raw[0] = 0;
    if (length) Utf16ToUtf8((const u16 *)wide, length, raw, sizeof(raw));
    Win32FillMessageInserts(raw, "the file", buffer, bufferSize);
    umm used = strlen(buffer);
    while (used > 0 && (buffer[used - 1] == '\n' || buffer[used - 1] == '\r' || buffer[used - 1] == '.' ||
                        buffer[used - 1] == ' '))
        buffer[--used] = 0;
    if (used == 0) FormatText(buffer, bufferSize, "Win32 error %lu", (unsigned long)error);
}
