#ifndef WIN32_TRACE_RING_H
#define WIN32_TRACE_RING_H
//~ --trace: one fixed ring of timing records per thread, and the main thread's drain into the file
// (win32_trace.cpp). A thread only ever writes its own ring and publishes its head; the main
// thread reads up to that head and publishes its tail. A full ring drops new records and counts
// them (it never overwrites what the main thread has not read); the drain then marks the gap on
// the timeline and in the log, and forgets that thread's open blocks, whose ends may be lost.

#define WIN32_TRACE_RING_RECORDS 8192           // per thread, between two drains; a power of two
#define WIN32_TRACE_MAX_DEPTH 24

struct win32_trace_record
{
    u64 clock;
    const char *name;
    u8 type;                                    // debug_event_type
    u8 flags;                                   // debug_event_flags
    u8 pad[6];
};

struct win32_trace_ring
{
    win32_trace_record *records;
    volatile u32 head;                          // owner thread: records written so far
    volatile u32 droppedWhileFull;              // owner thread
    u8 ownerPad[48];                            // the owner's and the reader's fields on different cache lines
    volatile u32 tail;                          // main thread: records read so far
    u32 droppedReported;                        // main thread
    u8 readerPad[56];
};

struct win32_trace_open_block
{
    char name[192];                             // escaped when it began: a game name may not outlive its DLL
    u64 clock;
    u32 flags;
};

struct win32_trace_rings
{
    volatile u32 recording;                     // rings are filled while 1
    volatile u32 outsideRings;                  // records of threads past DEBUG_MAX_THREADS
    u32 outsideReported;                        // main thread
    win32_trace_ring rings[DEBUG_MAX_THREADS];
    win32_trace_open_block open[DEBUG_MAX_THREADS][WIN32_TRACE_MAX_DEPTH];
    u32 openCount[DEBUG_MAX_THREADS];
    u32 unrecordedDepth[DEBUG_MAX_THREADS];     // begins past WIN32_TRACE_MAX_DEPTH: their ends are skipped
    b32 loggedGap;
};

// Any thread, from Win32RecordDebugEvent: one record into the caller's own ring.
internal void Win32TraceRecord(u32 thread, const char *name, u32 type, u32 flags, u64 clock);
// Main thread: everything the rings hold, then the log lines noted meanwhile; flushed to the file.
internal void Win32TraceDrain(void);
// Main thread at start-up (--trace): creates the file and the rings; false (logged) when the file
// or the memory is missing, and the run goes on without a trace.
internal b32 Win32OpenTrace(const char *path, s64 frameLimit, memory_arena *arena, u64 ticksPerSecond, u64 startClock);
// The new process of a hot restart: goes on with the trace the old one wrote (its start clock, so
// times line up across the two; the next append overwrites the closing "]}" at tailOffset). Main
// thread, before the first frame. False (logged) when the file cannot be opened.
internal b32 Win32ContinueTrace(const char *path, s64 frameLimit, memory_arena *arena, u64 ticksPerSecond,
                                u64 startClock, s64 tailOffset, s64 framesWritten);
// Main thread, top of a frame (before any reload): the previous frame's mark, then every ring.
// After --trace-frames frames recording stops; that last drain leaves the file complete.
internal void Win32TraceFrame(u64 frameIndex, u64 frameBeginClock);

#endif  // WIN32_TRACE_RING_H
