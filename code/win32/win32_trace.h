#ifndef WIN32_TRACE_H
#define WIN32_TRACE_H
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

// NOTE: a global of win32_trace.cpp: Win32Log (any thread) adds instants without a state pointer.
// The trace ring's writer (win32_trace_ring.cpp) and a hot restart reach it through these.
internal win32_trace_file *Win32TheTraceFile(void);

// Writes what the buffer holds before the closing "]}" and closes the array again.
internal void Win32TraceFlush(void);
// Main thread. A full buffer goes to the file first: nothing is dropped, however much one drain holds.
internal void Win32TraceAppend(const char *format, ...);
// A name as a JSON string body: quotes, backslashes and control characters escaped, at most outSize - 1 bytes.
internal void Win32TraceEscape(const char *text, char *out, u32 outSize);
// A debug clock value as microseconds since the trace began (the file's time unit).
internal f64 Win32TraceMicroseconds(u64 clock);
// Main thread: the thread's name event, written once per thread before its first record.
internal void Win32TraceThreadName(u32 thread);
// Main thread: one instant ("i") event at clock; escapedText is a JSON string body already.
internal void Win32TraceInstant(const char *escapedText, u64 clock);
// Win32Log, any thread, under the log's lock: lines worth a mark on the timeline.
internal void Win32TraceNoteLogLine(const char *message);
// Main thread: the log lines noted since the last call, as instants.
internal void Win32TraceWriteInstants(void);

#endif  // WIN32_TRACE_H
