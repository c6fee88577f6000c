//~ Debug event recording: the bodies behind win32/win32_debug_events.h

global win32_debug_events globalDebugEvents;
internal u64 Win32DebugTicksPerSecond(void) { return globalDebugEvents.info.ticksPerSecond; }


internal u64 Win32DebugClock(void)
{
    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    return (u64)now.QuadPart;
}

internal b32 Win32InitDebugEvents(memory_arena *arena)
{
    win32_debug_events *events = &globalDebugEvents;
    events->buffers[0] = PushArray(arena, DEBUG_MAX_EVENTS_PER_FRAME, debug_event);
    events->buffers[1] = PushArray(arena, DEBUG_MAX_EVENTS_PER_FRAME, debug_event);
    events->threadSlot = TlsAlloc();
    events->enabled = events->buffers[0] && events->buffers[1] && events->threadSlot != TLS_OUT_OF_INDEXES;
    LARGE_INTEGER frequency;
    QueryPerformanceFrequency(&frequency);
    events->info.ticksPerSecond = (u64)frequency.QuadPart;
    // The main thread is thread 0.
    if (events->enabled)
    {
        events->threadCount = 1;
        TlsSetValue(events->threadSlot, (void *)(umm)1);
    }
    return events->enabled;
}

internal u16 Win32DebugThreadIndex(win32_debug_events *events)
{
    umm slot = (umm)TlsGetValue(events->threadSlot);
    if (!slot)
    {
        slot = (umm)InterlockedIncrement(&events->threadCount);
        TlsSetValue(events->threadSlot, (void *)slot);
    }
    return (u16)(slot - 1);
}

internal void Win32RecordDebugEvent(const char *name, debug_event_type type, u32 flags)
{
    win32_debug_events *events = &globalDebugEvents;
    if (!events->enabled) return;
    u64 clock = Win32DebugClock();
    u16 threadIndex = Win32DebugThreadIndex(events);
    // --trace: the thread's own ring, filled even when this frame's array is full.
    Win32TraceRecord(threadIndex, name, type, flags, clock);
    debug_event *buffer = events->buffers[events->bufferIndex];
    LONG index = InterlockedIncrement(&events->eventCount) - 1;
    if (index >= DEBUG_MAX_EVENTS_PER_FRAME)
    {
        InterlockedIncrement(&events->droppedCount);
        return;
    }
    debug_event *event = buffer + index;
    event->clock = clock;
    event->threadIndex = threadIndex;
    event->type = (u8)type;
    event->flags = (u8)flags;
    InterlockedExchangePointer((PVOID volatile *)&event->name, (PVOID)name);
}

internal void Win32DebugRecordGameEvent(const char *name, u32 type, u32 flags)
{
    if (!name || type > DebugEvent_EndBlock) return;
    Win32RecordDebugEvent(name, (debug_event_type)type, flags);
}

internal void Win32BeginDebugFrame(u64 frameIndex, f32 lastFrameSeconds, f32 lastWorkSeconds)
{
    win32_debug_events *events = &globalDebugEvents;
    if (!events->enabled) return;
    u32 current = events->bufferIndex;
    u32 next = current ^ 1;
    Win32TraceFrame(events->info.frameIndex, events->info.frameBeginClock);
    events->usedCounts[current] = (u32)Minimum(events->eventCount, (LONG)DEBUG_MAX_EVENTS_PER_FRAME);
    // The array we switch to was last filled two frames ago; clear only what was used then.
    memset(events->buffers[next], 0, sizeof(debug_event) * events->usedCounts[next]);
    events->bufferIndex = next;
    events->eventCount = 0;
    events->droppedCount = 0;
    debug_frame_info *info = &events->info;
    info->frameIndex = frameIndex;
    info->frameBeginClock = Win32DebugClock();
    info->updateEndClock = info->frameBeginClock;
    info->lastFrameSeconds = lastFrameSeconds;
    info->lastWorkSeconds = lastWorkSeconds;
    info->events = events->buffers[next];
}

internal void Win32MarkDebugUpdateEnd(void)
{
    globalDebugEvents.info.updateEndClock = Win32DebugClock();
}

internal void Win32NoteDebugEndFrameSeconds(f32 seconds)
{
    globalDebugEvents.info.lastEndFrameSeconds = seconds;
}

internal debug_frame_info *Win32PublishDebugFrame(u32 gameCodeVersion, u32 crashesContained)
{
    win32_debug_events *events = &globalDebugEvents;
    if (!events->enabled) return 0;
    debug_frame_info *info = &events->info;
    info->eventCount = (u32)Minimum(events->eventCount, (LONG)DEBUG_MAX_EVENTS_PER_FRAME);
    info->droppedEventCount = (u32)events->droppedCount;
    info->threadCount = (u32)events->threadCount;
    info->gameCodeVersion = gameCodeVersion;
    info->crashesContained = crashesContained;
    return info;
}
