#ifndef WIN32_LOG_H
#define WIN32_LOG_H
//~ Win32 log: every line goes to the log file (--log), the console (stderr) and the debugger
// (OutputDebugStringW). Lines are UTF-8.
// Thread-safe: workers and game code log through the same function pointer.
// Tested by: tests/suites/suite_unicode_paths.sh, tests/suites/suite_platform.sh, tests/suites/suite_hot_restart.sh

#define WIN32_LOG_RECENT_BYTES (256 * 1024)

struct win32_log_state
{
    CRITICAL_SECTION lock;
    HANDLE file;
    HANDLE fileLock;            // a mutex named after the file: every process writing it takes it per line
    HANDLE console;
    LARGE_INTEGER startCounter;
    LARGE_INTEGER counterFrequency;
    u32 errorCount;
    u32 warningCount;
    // The newest lines, a ring (capsules carry their window's lines).
    char recent[WIN32_LOG_RECENT_BYTES];
    u64 recentWritten;
};

// NOTE: the log's state is a global of win32_log.cpp, not part of win32_state: every thread logs
// through Win32Log (the game through platform_api.Log), which carries no state pointer.
// The log's lock, for a writer whose lines must not interleave with the log's (the trace's instants).
internal void Win32LockLog(void);
internal void Win32UnlockLog(void);

// Lines logged so far at each level (for the exit report).
internal u32 Win32LogErrorCount(void);
internal u32 Win32LogWarningCount(void);
// Opens the --log file (UTF-8 path). When it cannot be opened, says so on stderr (the console
// handle every line goes to) and, when `interactive` (not a scripted --frames / --quit-file run),
// in a message box; the engine then runs on with console and debugger output only.
// append: the file is added to, not started empty (the new process of a hot restart). Writes always
// append, so a second process may write the same file at once.
internal b32 Win32InitLog(const char *logPath, b32 interactive, b32 append);
// Seconds on the high-resolution clock (for measuring intervals).
internal f64 Win32Seconds(void);
// Seconds since the Unix epoch with microseconds: lets a script line our events up with its own clock.
internal f64 Win32WallClockSeconds(void);
// platform_api.Log and the platform's own log: any thread, under one lock, one line per call.
internal PLATFORM_LOG(Win32Log);
// Win32Log with the arguments in a va_list (a wrapper that passes a caller's arguments on).
internal void Win32LogV(log_level level, const char *format, va_list args);
// Any thread: copies the newest whole lines logged (at most size bytes) into out; returns the bytes.
internal u64 Win32CopyRecentLog(char *out, u64 size);
// At exit, after the last line (later lines reach the console and the debugger only).
internal void Win32CloseLog(void);
// Win32 error text for GetLastError() values, in UTF-8, one line without the trailing newline;
// inserts the message has (e.g. ERROR_BAD_EXE_FORMAT's %1) read "the file".
internal void Win32ErrorText(DWORD error, char *buffer, DWORD bufferSize);

#endif  // WIN32_LOG_H
