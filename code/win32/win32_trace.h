#ifndef WIN32_TRACE_H
#define WIN32_TRACE_H
//~ --trace FILE: the engine's timing events as Chrome Trace Event JSON (Perfetto, chrome://tracing,
// speedscope). Every thread that records a debug event (win32_debug_events.cpp) also puts it into
// its own fixed ring (platform/platform_trace.h): one owner writes, the main thread reads, so recording
// costs no shared atomic and no worker ever touches the file. The main thread drains every ring at
// the top of each frame, and again before any game code image is unloaded (a name the game
// recorded points into its DLL), pairs begins with ends per thread (a block may span frames) and
// appends complete ("X") events. After every append the file ends with "]}", so it is valid JSON
// whenever the engine stops (quit file, rollback, exit code 3). Log lines about reloads,
// rollbacks, crashes, hangs, assets and shaders become instant events; they wait in a fixed ring.
// Tested by: tests/suites/suite_trace.sh, tests/suites/suite_capsules.sh, tests/suites/suite_hot_restart.sh, tests/suites/suite_timeline.sh (plus tests/unit/test_trace.cpp)

#define WIN32_TRACE_INSTANTS 256
#define WIN32_TRACE_BUFFER_BYTES Megabytes(2)

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
    u64 startClock;                         // the file's time zero (the writer keeps a copy)
    DWORD mainThreadId;                     // the only thread that drains and writes
    win32_trace_instant instants[WIN32_TRACE_INSTANTS];   // under the log's lock (Win32LockLog)
    u32 instantCount;
    u32 instantsDropped;
    trace_writer writer;                    // the JSON text on its way to the file
};

// NOTE: a global of win32_trace.cpp: Win32Log (any thread) adds instants without a state pointer.

// Writes what the buffer holds before the closing "]}" and closes the array again.
internal void Win32TraceFlush(void);
// Win32Log, any thread, under the log's lock: lines worth a mark on the timeline.
internal void Win32TraceNoteLogLine(const char *message);

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

//~ A hot restart's old process (main thread)
// True while the trace is written.
internal b32 Win32TraceIsOn(void);
// What the new process goes on from: where the closing "]}" starts, the time zero, the frames
// written. Returns whether the trace is on.
internal b32 Win32GetTraceTail(s64 *tailOffset, u64 *startClock, s64 *framesWritten);
// Off once the state is sent (the new process goes on from the tail); on again when the restart
// failed (the next flush cuts whatever the new process appended after the tail).
internal void Win32SetTraceWriting(b32 on);

#endif  // WIN32_TRACE_H
