//~ --trace rings: the bodies behind win32/win32_trace_ring.h

StaticAssert((WIN32_TRACE_RING_RECORDS & (WIN32_TRACE_RING_RECORDS - 1)) == 0, "the ring size must be a power of two");

global win32_trace_rings globalTraceRings;

internal void Win32TraceRecord(u32 thread, const char *name, u32 type, u32 flags, u64 clock)
{
    win32_trace_rings *rings = &globalTraceRings;
    if (!AtomicLoadU32(&rings->recording)) return;
    if (thread >= DEBUG_MAX_THREADS)
    {
        AtomicAddU32(&rings->outsideRings, 1);
        return;
    }
    win32_trace_ring *ring = rings->rings + thread;
    u32 head = ring->head;
    if (head - AtomicLoadU32(&ring->tail) >= WIN32_TRACE_RING_RECORDS)
    {
        ring->droppedWhileFull = ring->droppedWhileFull + 1;
        return;
    }
    win32_trace_record *record = ring->records + (head & (WIN32_TRACE_RING_RECORDS - 1));
    record->clock = clock;
    record->name = name;
    record->type = (u8)type;
    record->flags = (u8)flags;
    AtomicStoreU32(&ring->head, head + 1);
}

// Main thread: one record, paired with its thread's open blocks.
internal void Win32TraceTakeRecord(u32 thread, const win32_trace_record *record)
{
    win32_trace_rings *rings = &globalTraceRings;
    if (!record->name) return;
    if (record->type == DebugEvent_BeginBlock)
    {
        if (rings->openCount[thread] >= WIN32_TRACE_MAX_DEPTH)
        {
            ++rings->unrecordedDepth[thread];
            return;
        }
        win32_trace_open_block *block = &rings->open[thread][rings->openCount[thread]++];
        Win32TraceEscape(record->name, block->name, sizeof(block->name));
        block->clock = record->clock;
        block->flags = record->flags;
        return;
    }
    if (rings->unrecordedDepth[thread])
    {
        --rings->unrecordedDepth[thread];
        return;
    }
    // An end without a begin: the block began before the trace did, or before a gap.
    if (!rings->openCount[thread]) return;
    win32_trace_open_block *block = &rings->open[thread][--rings->openCount[thread]];
    f64 begin = Win32TraceMicroseconds(block->clock);
    Win32TraceAppend(",\n{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%.3f,\"dur\":%.3f}",
                     block->name, ((block->flags | record->flags) & DebugEventFlag_GraphJob) ? "job" : "block", thread,
                     begin, Win32TraceMicroseconds(record->clock) - begin);
}

// Main thread: records dropped since the last drain sit right after what was just read (the ring
// was full until the tail moved). Open blocks of that thread are forgotten: their ends may be among
// the lost, and an end that arrives later with no open block is skipped.
internal void Win32TraceMarkGap(u32 thread, u32 dropped)
{
    win32_trace_rings *rings = &globalTraceRings;
    rings->openCount[thread] = 0;
    rings->unrecordedDepth[thread] = 0;
    char text[160];
    FormatText(text, sizeof(text), "trace: %u events dropped on %s %u (its ring of %u events was full between two frames)",
             dropped, thread ? "worker" : "main thread", thread, (u32)WIN32_TRACE_RING_RECORDS);
    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    Win32TraceInstant(text, (u64)now.QuadPart);
    if (!rings->loggedGap)
    {
        rings->loggedGap = 1;
        Win32Log(LogLevel_Warning, "%s; later gaps are marked in the trace only", text);
    }
}

internal void Win32TraceDrain(void)
{
    win32_trace_file *trace = Win32TheTraceFile();
    win32_trace_rings *rings = &globalTraceRings;
    if (!trace->on || GetCurrentThreadId() != trace->mainThreadId) return;
    for (u32 thread = 0; thread < DEBUG_MAX_THREADS; ++thread)
    {
        win32_trace_ring *ring = rings->rings + thread;
        u32 head = AtomicLoadU32(&ring->head);
        u32 tail = ring->tail;
        if (head != tail) Win32TraceThreadName(thread);
        for (; tail != head; ++tail) Win32TraceTakeRecord(thread, ring->records + (tail & (WIN32_TRACE_RING_RECORDS - 1)));
        AtomicStoreU32(&ring->tail, tail);
        u32 dropped = ring->droppedWhileFull;
        if (dropped != ring->droppedReported)
        {
            Win32TraceMarkGap(thread, dropped - ring->droppedReported);
            ring->droppedReported = dropped;
        }
    }
    u32 outside = AtomicLoadU32(&rings->outsideRings);
    if (outside != rings->outsideReported)
    {
        char text[120];
        FormatText(text, sizeof(text), "trace: %u events of threads past the first %u not traced",
                 outside - rings->outsideReported, (u32)DEBUG_MAX_THREADS);
        LARGE_INTEGER now;
        QueryPerformanceCounter(&now);
        Win32TraceInstant(text, (u64)now.QuadPart);
        rings->outsideReported = outside;
    }
    Win32TraceWriteInstants();
    Win32TraceFlush();
}

// The buffer and the rings from the platform arena, the file opened (continuing: the existing one,
// else a new one). False (logged) when either cannot be had.
internal b32 Win32PrepareTrace(const char *path, b32 continuing, memory_arena *arena)
{
    win32_trace_file *trace = Win32TheTraceFile();
    win32_trace_rings *rings = &globalTraceRings;
    trace->buffer = (char *)PushSize(arena, WIN32_TRACE_BUFFER_BYTES);
    win32_trace_record *records = PushArray(arena, DEBUG_MAX_THREADS * WIN32_TRACE_RING_RECORDS, win32_trace_record);
    if (!trace->buffer || !records)
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
        rings->rings[thread].records = records + thread * WIN32_TRACE_RING_RECORDS;
    trace->mainThreadId = GetCurrentThreadId();
    return 1;
}

internal b32 Win32OpenTrace(const char *path, s64 frameLimit, memory_arena *arena, u64 ticksPerSecond, u64 startClock)
{
    win32_trace_file *trace = Win32TheTraceFile();
    if (!Win32PrepareTrace(path, 0, arena)) return 0;
    trace->frameLimit = frameLimit;
    trace->startClock = startClock;
    trace->microsecondsPerTick = 1.0e6 / (f64)ticksPerSecond;
    Win32TraceAppend("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,"
                     "\"tid\":0,\"args\":{\"name\":\"win32_platform.exe\"}}");
    trace->on = 1;
    Win32TraceFlush();
    AtomicStoreU32(&globalTraceRings.recording, 1);
    Win32Log(LogLevel_Info, "trace: writing '%s' (rings of %u events per thread)%s", path, (u32)WIN32_TRACE_RING_RECORDS,
             frameLimit ? " (first frames only, --trace-frames)" : "");
    return 1;
}

internal b32 Win32ContinueTrace(const char *path, s64 frameLimit, memory_arena *arena, u64 ticksPerSecond,
                                u64 startClock, s64 tailOffset, s64 framesWritten)
{
    win32_trace_file *trace = Win32TheTraceFile();
    if (!Win32PrepareTrace(path, 1, arena)) return 0;
    trace->frameLimit = frameLimit;
    trace->startClock = startClock;
    trace->microsecondsPerTick = 1.0e6 / (f64)ticksPerSecond;
    trace->tailOffset = tailOffset;
    trace->framesWritten = framesWritten;
    memset(trace->threadNamed, 0, sizeof(trace->threadNamed));
    trace->on = !frameLimit || framesWritten < frameLimit;
    if (trace->on) AtomicStoreU32(&globalTraceRings.recording, 1);
    Win32TraceFlush();
    Win32Log(LogLevel_Info, "trace: going on with '%s' from byte %lld (the old process's events before)", path,
             (long long)tailOffset);
    return 1;
}

internal void Win32TraceFrame(u64 frameIndex, u64 frameBeginClock)
{
    win32_trace_file *trace = Win32TheTraceFile();
    if (!trace->on || !frameBeginClock) return;     // before the first frame: nothing recorded yet
    if (trace->frameLimit && trace->framesWritten >= trace->frameLimit) return;
    ++trace->framesWritten;
    Win32TraceAppend(",\n{\"name\":\"frame %llu\",\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":0,\"ts\":%.3f}",
                     (unsigned long long)frameIndex, Win32TraceMicroseconds(frameBeginClock));
    if (trace->frameLimit && trace->framesWritten >= trace->frameLimit)
        AtomicStoreU32(&globalTraceRings.recording, 0);
    Win32TraceDrain();
    if (!AtomicLoadU32(&globalTraceRings.recording)) trace->on = 0;
}
