//~ --trace FILE: the debug events of every frame as Chrome Trace Event JSON (Perfetto,
// chrome://tracing, speedscope). Built on the debug event arrays (win32_debug_events.cpp): a
// fixed array per frame, filled by every thread with one atomic add per event. The main thread
// turns the finished frame's array into complete ("X") events per thread at the top of the next
// frame (before any reload, so the game's names are still valid) and appends them to the file; no
// worker ever writes it. After every append the file ends with "]}", so it is valid JSON whenever
// the engine stops (quit file, rollback, exit code 3). Log lines about reloads, rollbacks,
// crashes, hangs, assets and shaders become instant events; they wait in a fixed ring.

#define WIN32_TRACE_MAX_DEPTH 16
#define WIN32_TRACE_INSTANTS 64
#define WIN32_TRACE_BUFFER_BYTES Megabytes(2)

struct win32_trace_open_block
{
    const char *name;
    u64 clock;
};

struct win32_trace_instant
{
    u64 clock;
    char text[200];
};

struct win32_trace
{
    b32 on;
    HANDLE file;
    LONGLONG tailOffset;                    // where the closing "]}" starts
    s64 frameLimit;
    s64 framesWritten;
    u64 startClock;
    f64 microsecondsPerTick;
    b32 threadNamed[DEBUG_MAX_THREADS];
    win32_trace_open_block open[DEBUG_MAX_THREADS][WIN32_TRACE_MAX_DEPTH];
    u32 openCount[DEBUG_MAX_THREADS];
    win32_trace_instant instants[WIN32_TRACE_INSTANTS];   // under globalLog.lock
    u32 instantCount;
    char *buffer;
    u32 used;
};
// NOTE: a global: Win32Log (any thread) adds instants without a state pointer.
global win32_trace globalTrace;

internal void Win32TraceAppend(const char *format, ...)
{
    win32_trace *trace = &globalTrace;
    if (trace->used + 1024 > WIN32_TRACE_BUFFER_BYTES) return;
    va_list args;
    va_start(args, format);
    int written = vsnprintf(trace->buffer + trace->used, WIN32_TRACE_BUFFER_BYTES - trace->used, format, args);
    va_end(args);
    if (written > 0) trace->used += (u32)Minimum((u32)written, (u32)(WIN32_TRACE_BUFFER_BYTES - trace->used - 1));
}

// A name as a JSON string body: quotes, backslashes and control characters escaped, at most 190 bytes.
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
    win32_trace *trace = &globalTrace;
    return (clock >= trace->startClock) ? (f64)(clock - trace->startClock) * trace->microsecondsPerTick : 0.0;
}

// Writes what the buffer holds before the closing "]}" and closes the array again.
internal void Win32TraceFlush(void)
{
    win32_trace *trace = &globalTrace;
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

internal b32 Win32OpenTrace(const char *path, s64 frameLimit, memory_arena *arena, u64 ticksPerSecond, u64 startClock)
{
    win32_trace *trace = &globalTrace;
    trace->buffer = (char *)PushSize(arena, WIN32_TRACE_BUFFER_BYTES);
    trace->file = Win32OpenFileUtf8(path, GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_DELETE, CREATE_ALWAYS,
                                    FILE_ATTRIBUTE_NORMAL);
    if (!trace->buffer || trace->file == INVALID_HANDLE_VALUE)
    {
        Win32Log(LogLevel_Error, "trace: cannot write '%s'; no trace is recorded", path);
        return 0;
    }
    trace->frameLimit = frameLimit;
    trace->startClock = startClock;
    trace->microsecondsPerTick = 1.0e6 / (f64)ticksPerSecond;
    Win32TraceAppend("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,"
                     "\"tid\":0,\"args\":{\"name\":\"win32_platform.exe\"}}");
    trace->on = 1;
    Win32TraceFlush();
    Win32Log(LogLevel_Info, "trace: writing '%s'%s", path, frameLimit ? " (first frames only, --trace-frames)" : "");
    return 1;
}

// Win32Log, any thread, under the log's lock: lines worth a mark on the timeline.
internal void Win32TraceNoteLogLine(const char *message)
{
    win32_trace *trace = &globalTrace;
    if (!trace->on || trace->instantCount >= WIN32_TRACE_INSTANTS) return;
    const char *prefixes[] = {"reload:", "rollback:", "crash:", "watchdog:", "assets:", "shaders:", "layout:"};
    for (u32 index = 0; index < ArrayCount(prefixes); ++index)
    {
        if (strncmp(message, prefixes[index], strlen(prefixes[index])) != 0) continue;
        win32_trace_instant *instant = trace->instants + trace->instantCount++;
        LARGE_INTEGER now;
        QueryPerformanceCounter(&now);
        instant->clock = (u64)now.QuadPart;
        Win32TraceEscape(message, instant->text, sizeof(instant->text));
        return;
    }
}

internal void Win32TraceThreadName(u32 thread)
{
    win32_trace *trace = &globalTrace;
    if (trace->threadNamed[thread]) return;
    trace->threadNamed[thread] = 1;
    if (thread == 0)
        Win32TraceAppend(",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\"main\"}}");
    else
        Win32TraceAppend(",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%u,\"args\":{\"name\":\"worker %u\"}}",
                         thread, thread);
}

// Main thread, top of a frame: the previous frame's events (paired per thread) and instants.
internal void Win32TraceFrame(const debug_event *events, u32 eventCount, u64 frameIndex, u64 frameBeginClock)
{
    win32_trace *trace = &globalTrace;
    if (!trace->on || !frameBeginClock) return;     // before the first frame: nothing recorded yet
    if (trace->frameLimit && trace->framesWritten >= trace->frameLimit) return;
    ++trace->framesWritten;
    Win32TraceAppend(",\n{\"name\":\"frame %llu\",\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":0,\"ts\":%.3f}",
                     (unsigned long long)frameIndex, Win32TraceMicroseconds(frameBeginClock));
    memset(trace->openCount, 0, sizeof(trace->openCount));
    for (u32 index = 0; index < eventCount; ++index)
    {
        const debug_event *event = events + index;
        u32 thread = event->threadIndex;
        if (!event->name || thread >= DEBUG_MAX_THREADS) continue;
        Win32TraceThreadName(thread);
        if (event->type == DebugEvent_BeginBlock)
        {
            if (trace->openCount[thread] < WIN32_TRACE_MAX_DEPTH)
                trace->open[thread][trace->openCount[thread]++] = {event->name, event->clock};
            continue;
        }
        if (!trace->openCount[thread]) continue;
        win32_trace_open_block *block = &trace->open[thread][--trace->openCount[thread]];
        char name[192];
        Win32TraceEscape(block->name, name, sizeof(name));
        f64 begin = Win32TraceMicroseconds(block->clock);
        Win32TraceAppend(",\n{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%.3f,\"dur\":%.3f}",
                         name, (event->flags & DebugEventFlag_GraphJob) ? "job" : "block", thread, begin,
                         Win32TraceMicroseconds(event->clock) - begin);
    }
    EnterCriticalSection(&globalLog.lock);
    for (u32 index = 0; index < trace->instantCount; ++index)
    {
        win32_trace_instant *instant = trace->instants + index;
        Win32TraceAppend(",\n{\"name\":\"%s\",\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":0,\"ts\":%.3f}",
                         instant->text, Win32TraceMicroseconds(instant->clock));
    }
    trace->instantCount = 0;
    LeaveCriticalSection(&globalLog.lock);
    Win32TraceFlush();
}
