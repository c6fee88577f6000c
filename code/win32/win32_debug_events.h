#ifndef WIN32_DEBUG_EVENTS_H
#define WIN32_DEBUG_EVENTS_H
//~ Debug event recording: timed blocks of the frame's phases and a begin/end pair per job run.
//
// NOTE: events go into one of two arrays, switched at the start of every frame, so a background
// job that outlives its frame writes into the array the game already read, never into the one it
// is reading now. A slot is reserved with one atomic add; the name is written last, so a reader
// that sees a null name knows the slot is not filled yet.
// Tested by: tests/suites/suite_trace.sh, tests/suites/suite_debug_overlay.sh

struct win32_debug_events
{
    debug_event *buffers[2];
    u32 usedCounts[2];              // slots used when the buffer was last current
    u32 bufferIndex;
    volatile LONG eventCount;
    volatile LONG droppedCount;
    volatile LONG threadCount;
    DWORD threadSlot;               // TLS: thread index + 1 (0 = not yet assigned)
    debug_frame_info info;
    b32 enabled;
};

// NOTE: a global, not part of win32_state: worker threads record their blocks through
// Win32BeginBlock/Win32EndBlock and the game's DEBUGRecordEvent, which carry no state pointer.
// The clock's ticks per second that every recorded block uses (the trace's time base).
internal u64 Win32DebugTicksPerSecond(void);

// The clock debug events are stamped with (any thread).
internal u64 Win32DebugClock(void);
// Main thread at start-up, before any worker runs: the two event arrays from arena and a TLS slot;
// false when either is missing (then nothing is recorded, and every record call returns at once).
internal b32 Win32InitDebugEvents(memory_arena *arena);
// Any thread, lock-free (one atomic add): one event into the current array, and into the thread's
// --trace ring; dropped and counted when the array is full.
internal void Win32RecordDebugEvent(const char *name, debug_event_type type, u32 flags = 0);

#define Win32BeginBlock(name) Win32RecordDebugEvent(name, DebugEvent_BeginBlock)
#define Win32EndBlock(name) Win32RecordDebugEvent(name, DebugEvent_EndBlock)

// platform_api.DEBUGRecordEvent: the game's own blocks (its graph jobs).
internal void Win32DebugRecordGameEvent(const char *name, u32 type, u32 flags);
// Main thread, top of a frame: switch arrays and publish last frame's figures.
internal void Win32BeginDebugFrame(u64 frameIndex, f32 lastFrameSeconds, f32 lastWorkSeconds);
// Main thread, once the frame's update and its frame-synchronised tasks are done.
internal void Win32MarkDebugUpdateEnd(void);
// Main thread, after DEBUGGameEndFrame: how long it took, for the next frame's figures.
internal void Win32NoteDebugEndFrameSeconds(f32 seconds);
// Main thread, before DEBUGGameEndFrame: what the game may read this frame.
internal debug_frame_info *Win32PublishDebugFrame(u32 gameCodeVersion, u32 crashesContained);

#endif  // WIN32_DEBUG_EVENTS_H
