//~ --trace FILE: the bodies behind win32/win32_trace.h (the rings and the JSON: platform/platform_trace.h)

global win32_trace_file globalTraceFile;
global trace_rings globalTraceRings;

internal u64 Win32TraceNow(void)
{
    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    return (u64)now.QuadPart;
}

internal void Win32TraceFlush(void)
{
    win32_trace_file *trace = &globalTraceFile;
    LARGE_INTEGER offset;
    offset.QuadPart = trace->tailOffset;
    DWORD written = 0;
    SetFilePointerEx(trace->file, offset, 0, FILE_BEGIN);
    if (trace->writer.used) WriteFile(trace->file, trace->writer.buffer, trace->writer.used, &written, 0);
    trace->tailOffset += written;
    WriteFile(trace->file, "\n]}\n", 4, &written, 0);
    SetEndOfFile(trace->file);
    trace->writer.used = 0;
}

// The writer's flush: a full buffer goes to the file.
internal void Win32FlushTraceWriter(trace_writer *writer)
{
    (void)writer;
    Win32TraceFlush();
}

//~ Log lines as instants
internal void Win32TraceNoteLogLine(const char *message)
{
    win32_trace_file *trace = &globalTraceFile;
    if (!trace->on) return;
    const char *prefixes[] = {"reload:", "rollback:", "crash:", "watchdog:", "assets:", "shaders:", "layout:", "trace:", "capsule:", "replay:", "tune:", "restart:"};
    for (u32 index = 0; index < ArrayCount(prefixes); ++index)
    {
        if (strncmp(message, prefixes[index], strlen(prefixes[index])) != 0) continue;
        if (trace->instantCount >= WIN32_TRACE_INSTANTS)
        {
            ++trace->instantsDropped;
            return;
        }
        win32_trace_instant *instant = trace->instants + trace->instantCount++;
        instant->clock = Win32TraceNow();
        EscapeTraceText(message, instant->text, sizeof(instant->text));
        return;
    }
}

// Main thread: the log lines noted since the last call, as instants.
internal void Win32TraceWriteInstants(void)
{
    win32_trace_file *trace = &globalTraceFile;
    Win32LockLog();
    for (u32 index = 0; index < trace->instantCount; ++index)
        WriteTraceInstant(&trace->writer, trace->instants[index].text, trace->instants[index].clock);
    trace->instantCount = 0;
    u32 dropped = trace->instantsDropped;
    trace->instantsDropped = 0;
    Win32UnlockLog();
    if (dropped)
    {
        char text[120];
        FormatText(text, sizeof(text), "trace: %u log lines between two frames did not fit the instant ring of %u",
                 dropped, (u32)WIN32_TRACE_INSTANTS);
        WriteTraceInstant(&trace->writer, text, Win32TraceNow());
    }
}

//~ The rings
internal void Win32TraceRecord(u32 thread, const char *name, u32 type, u32 flags, u64 clock)
{
    RecordTraceEvent(&globalTraceRings, thread, name, type, flags, clock);
}

internal void Win32TraceDrain(void)
{
    win32_trace_file *trace = &globalTraceFile;
    if (!trace->on || GetCurrentThreadId() != trace->mainThreadId) return;
    DrainTraceRings(&globalTraceRings, &trace->writer, Win32TraceNow, Win32Log);
    Win32TraceWriteInstants();
    Win32TraceFlush();
}

//~ The file
// The buffer and the rings from the platform arena, the file opened (continuing: the existing one,
// else a new one). False (logged) when either cannot be had.
internal b32 Win32PrepareTrace(const char *path, b32 continuing, memory_arena *arena, s64 frameLimit,
                                u64 ticksPerSecond, u64 startClock)
{
    win32_trace_file *trace = &globalTraceFile;
    trace->frameLimit = frameLimit;
    trace->startClock = startClock;
    trace->writer.startClock = startClock;
    trace->writer.microsecondsPerTick = 1.0e6 / (f64)ticksPerSecond;
    trace_rings *rings = &globalTraceRings;
    trace->writer.buffer = (char *)PushSize(arena, WIN32_TRACE_BUFFER_BYTES);
    trace->writer.capacity = WIN32_TRACE_BUFFER_BYTES;
    trace->writer.flush = Win32FlushTraceWriter;
    trace_record *records = PushArray(arena, DEBUG_MAX_THREADS * TRACE_RING_RECORDS, trace_record);
    if (!trace->writer.buffer || !records)
    {
        Win32Log(LogLevel_Error, "trace: out of platform memory for the rings; no trace is recorded");
        return 0;
    }
    // NOTE: shared for writing too: the two processes of a hot restart hold it at once (one writes).
    trace->file = Win32OpenFileUtf8(path, GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                    continuing ? OPEN_EXISTING : CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL);
    if (trace->file == INVALID_HANDLE_VALUE)
    {
        Win32Log(LogLevel_Error, "trace: cannot write '%s'; no trace is recorded", path);
        return 0;
    }
    for (u32 thread = 0; thread < DEBUG_MAX_THREADS; ++thread)
        rings->rings[thread].records = records + thread * TRACE_RING_RECORDS;
    trace->mainThreadId = GetCurrentThreadId();
    return 1;
}

internal b32 Win32OpenTrace(const char *path, s64 frameLimit, memory_arena *arena, u64 ticksPerSecond, u64 startClock)
{
    win32_trace_file *trace = &globalTraceFile;
    if (!Win32PrepareTrace(path, 0, arena, frameLimit, ticksPerSecond, startClock)) return 0;
    AppendTraceText(&trace->writer, "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n{\"name\":\"process_name\",\"ph\":\"M\","
                    "\"pid\":1,\"tid\":0,\"args\":{\"name\":\"win32_platform.exe\"}}");
    trace->on = 1;
    Win32TraceFlush();
    AtomicStoreU32(&globalTraceRings.recording, 1);
    Win32Log(LogLevel_Info, "trace: writing '%s' (rings of %u events per thread)%s", path, (u32)TRACE_RING_RECORDS,
             frameLimit ? " (first frames only, --trace-frames)" : "");
    return 1;
}

internal b32 Win32ContinueTrace(const char *path, s64 frameLimit, memory_arena *arena, u64 ticksPerSecond,
                                u64 startClock, s64 tailOffset, s64 framesWritten)
{
    win32_trace_file *trace = &globalTraceFile;
    if (!Win32PrepareTrace(path, 1, arena, frameLimit, ticksPerSecond, startClock)) return 0;
    trace->tailOffset = tailOffset;
    trace->framesWritten = framesWritten;
    memset(trace->writer.threadNamed, 0, sizeof(trace->writer.threadNamed));
    trace->on = !frameLimit || framesWritten < frameLimit;
    if (trace->on) AtomicStoreU32(&globalTraceRings.recording, 1);
    Win32TraceFlush();
    Win32Log(LogLevel_Info, "trace: going on with '%s' from byte %lld (the old process's events before)", path,
             (long long)tailOffset);
    return 1;
}

internal void Win32TraceFrame(u64 frameIndex, u64 frameBeginClock)
{
    win32_trace_file *trace = &globalTraceFile;
    if (!trace->on || !frameBeginClock) return;     // before the first frame: nothing recorded yet
    if (trace->frameLimit && trace->framesWritten >= trace->frameLimit) return;
    ++trace->framesWritten;
    AppendTraceText(&trace->writer, ",\n{\"name\":\"frame %llu\",\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":0,\"ts\":%.3f}",
                    (unsigned long long)frameIndex, TraceMicroseconds(&trace->writer, frameBeginClock));
    if (trace->frameLimit && trace->framesWritten >= trace->frameLimit)
        AtomicStoreU32(&globalTraceRings.recording, 0);
    Win32TraceDrain();
    if (!AtomicLoadU32(&globalTraceRings.recording)) trace->on = 0;
}

//~ A hot restart's old process
internal b32 Win32TraceIsOn(void)
{
    return globalTraceFile.on;
}

internal b32 Win32GetTraceTail(s64 *tailOffset, u64 *startClock, s64 *framesWritten)
{
    win32_trace_file *trace = &globalTraceFile;
    *tailOffset = trace->tailOffset;
    *startClock = trace->startClock;
    *framesWritten = trace->framesWritten;
    return trace->on;
}

internal void Win32SetTraceWriting(b32 on)
{
    globalTraceFile.on = on;
}
