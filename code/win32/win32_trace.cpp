//~ --trace FILE: the engine's timing events as Chrome Trace Event JSON (Perfetto, chrome://tracing,
// speedscope). Every thread that records a debug event (win32_debug_events.cpp) also puts it into
// its own fixed ring (win32_trace_ring.cpp): one owner writes, the main thread reads, so recording
// costs no shared atomic and no worker ever touches the file. The main thread drains every ring at
// the top of each frame, and again before any game code image is unloaded (a name the game
// recorded points into its DLL), pairs begins with ends per thread (a block may span frames) and
// appends complete ("X") events. After every append the file ends with "]}", so it is valid JSON
// whenever the engine stops (quit file, rollback, exit code 3). Log lines about reloads,
// rollbacks, crashes, hangs, assets and shaders become instant events; they wait in a fixed ring.

#define WIN32_TRACE_INSTANTS 256
#define WIN32_TRACE_BUFFER_BYTES Megabytes(2)
#define WIN32_TRACE_ENTRY_BYTES 1024            // the longest single event Win32TraceAppend writes

struct win32_trace_instant
{
    u64 clock;
    char text[200];
};

struct win32_trace_file
{
    b32 on;
    HANDLE file;
    LONGLONG tailOffset;                    // where the closing "]}" starts
    s64 frameLimit;
    s64 framesWritten;
    u64 startClock;
    f64 microsecondsPerTick;
    DWORD mainThreadId;                     // the only thread that drains and writes
    b32 threadNamed[DEBUG_MAX_THREADS];
    win32_trace_instant instants[WIN32_TRACE_INSTANTS];   // under globalLog.lock
    u32 instantCount;
    u32 instantsDropped;
    char *buffer;
    u32 used;
};
// NOTE: a global: Win32Log (any thread) adds instants without a state pointer.
global win32_trace_file globalTraceFile;

// Writes what the buffer holds before the closing "]}" and closes the array again.
internal void Win32TraceFlush(void)
{
    win32_trace_file *trace = &globalTraceFile;
    LARGE_INTEGER offset;
    offset.QuadPart = trace->tailOffset;
    DWORD written = 0;
    SetFilePointerEx(trace->file, offset, 0, FILE_BEGIN);
    if (trace->used) WriteFile(trace->file, trace->buffer, trace->used, &written, 0);
    trace->tailOffset += written;
    WriteFile(trace->file, "\n]}\n", 4, &written, 0);
    SetEndOfFile(trace->file);
    trace->used = 0;
}

// Main thread. A full buffer goes to the file first: nothing is dropped, however much one drain holds.
internal void Win32TraceAppend(const char *format, ...)
{
    win32_trace_file *trace = &globalTraceFile;
    if (trace->used + WIN32_TRACE_ENTRY_BYTES > WIN32_TRACE_BUFFER_BYTES) Win32TraceFlush();
    va_list args;
    va_start(args, format);
    int written = vsnprintf(trace->buffer + trace->used, WIN32_TRACE_ENTRY_BYTES, format, args);
    va_end(args);
    if (written > 0) trace->used += (u32)Minimum((u32)written, (u32)(WIN32_TRACE_ENTRY_BYTES - 1));
}

// A name as a JSON string body: quotes, backslashes and control characters escaped, at most outSize - 1 bytes.
internal void Win32TraceEscape(const char *text, char *out, u32 outSize)
{
    u32 used = 0;
    for (const char *at = text; *at && used + 8 < outSize; ++at)
    {
        u8 c = (u8)*at;
        if (c == '"' || c == '\\') { out[used++] = '\\'; out[used++] = (char)c; }
        else if (c < 0x20) used += (u32)snprintf(out + used, outSize - used, "\\u%04x", c);
        else out[used++] = (char)c;
    }
    out[used] = 0;
}

internal f64 Win32TraceMicroseconds(u64 clock)
{
    win32_trace_file *trace = &globalTraceFile;
    return (clock >= trace->startClock) ? (f64)(clock - trace->startClock) * trace->microsecondsPerTick : 0.0;
}

internal void Win32TraceThreadName(u32 thread)
{
    win32_trace_file *trace = &globalTraceFile;
    if (trace->threadNamed[thread]) return;
    trace->threadNamed[thread] = 1;
    if (thread == 0)
        Win32TraceAppend(",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\"main\"}}");
    else
        Win32TraceAppend(",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%u,\"args\":{\"name\":\"worker %u\"}}",
                         thread, thread);
}

internal void Win32TraceInstant(const char *escapedText, u64 clock)
{
    Win32TraceAppend(",\n{\"name\":\"%s\",\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":0,\"ts\":%.3f}", escapedText,
                     Win32TraceMicroseconds(clock));
}

// Win32Log, any thread, under the log's lock: lines worth a mark on the timeline.
internal void Win32TraceNoteLogLine(const char *message)
{
    win32_trace_file *trace = &globalTraceFile;
    if (!trace->on) return;
    const char *prefixes[] = {"reload:", "rollback:", "crash:", "watchdog:", "assets:", "shaders:", "layout:", "trace:"};
    for (u32 index = 0; index < ArrayCount(prefixes); ++index)
    {
        if (strncmp(message, prefixes[index], strlen(prefixes[index])) != 0) continue;
        if (trace->instantCount >= WIN32_TRACE_INSTANTS)
        {
            ++trace->instantsDropped;
            return;
        }
        win32_trace_instant *instant = trace->instants + trace->instantCount++;
        LARGE_INTEGER now;
        QueryPerformanceCounter(&now);
        instant->clock = (u64)now.QuadPart;
        Win32TraceEscape(message, instant->text, sizeof(instant->text));
        return;
    }
}

// Main thread: the log lines noted since the last call, as instants.
internal void Win32TraceWriteInstants(void)
{
    win32_trace_file *trace = &globalTraceFile;
    EnterCriticalSection(&globalLog.lock);
    for (u32 index = 0; index < trace->instantCount; ++index)
        Win32TraceInstant(trace->instants[index].text, trace->instants[index].clock);
    trace->instantCount = 0;
    u32 dropped = trace->instantsDropped;
    trace->instantsDropped = 0;
    LeaveCriticalSection(&globalLog.lock);
    if (dropped)
    {
        char text[120];
        snprintf(text, sizeof(text), "trace: %u log lines between two frames did not fit the instant ring of %u",
                 dropped, (u32)WIN32_TRACE_INSTANTS);
        LARGE_INTEGER now;
        QueryPerformanceCounter(&now);
        Win32TraceInstant(text, (u64)now.QuadPart);
    }
}
