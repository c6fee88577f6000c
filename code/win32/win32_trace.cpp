//~ --trace FILE: the bodies behind win32/win32_trace.h

global win32_trace_file globalTraceFile;
internal win32_trace_file *Win32TheTraceFile(void) { return &globalTraceFile; }

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
        LARGE_INTEGER now;
        QueryPerformanceCounter(&now);
        instant->clock = (u64)now.QuadPart;
        Win32TraceEscape(message, instant->text, sizeof(instant->text));
        return;
    }
}

internal void Win32TraceWriteInstants(void)
{
    win32_trace_file *trace = &globalTraceFile;
    Win32LockLog();
    for (u32 index = 0; index < trace->instantCount; ++index)
        Win32TraceInstant(trace->instants[index].text, trace->instants[index].clock);
    trace->instantCount = 0;
    u32 dropped = trace->instantsDropped;
    trace->instantsDropped = 0;
    Win32UnlockLog();
    if (dropped)
    {
        char text[120];
        FormatText(text, sizeof(text), "trace: %u log lines between two frames did not fit the instant ring of %u",
                 dropped, (u32)WIN32_TRACE_INSTANTS);
        LARGE_INTEGER now;
        QueryPerformanceCounter(&now);
        Win32TraceInstant(text, (u64)now.QuadPart);
    }
}
