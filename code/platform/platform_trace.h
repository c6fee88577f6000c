#ifndef PLATFORM_TRACE_H
#define PLATFORM_TRACE_H
// --trace's portable half: one fixed ring of timing records per thread, and the main thread's
// drain of them into Chrome Trace Event JSON text (the file, the log lines' instants and the clock
// are win32/win32_trace.h's). A thread only ever writes its own ring and publishes its head; the
// main thread reads up to that head and publishes its tail. A full ring drops new records and
// counts them (it never overwrites what the main thread has not read); the drain then marks the gap
// on the timeline and in the log, and forgets that thread's open blocks, whose ends may be lost.
// The drain pairs begins with ends per thread (a block may span frames) and appends complete ("X")
// events to a writer's buffer, which its flush empties whenever an entry might not fit. No OS
// headers: tests/unit/test_trace.cpp checks it natively.

#include "base/base_types.h"
#include "base/base_log.h"
#include "base/base_format.h"
#include "contract/game_platform.h"

#define TRACE_RING_RECORDS 8192                 // per thread, between two drains; a power of two
#define TRACE_MAX_DEPTH 24
#define TRACE_ENTRY_BYTES 1024                  // the longest single event AppendTraceText writes

struct trace_record
{
    u64 clock;
    const char *name;
    u8 type;                                    // debug_event_type
    u8 flags;                                   // debug_event_flags
    u8 pad[6];
};

struct trace_ring
{
    trace_record *records;                      // TRACE_RING_RECORDS of them
    volatile u32 head;                          // owner thread: records written so far
    volatile u32 droppedWhileFull;              // owner thread
    u8 ownerPad[48];                            // the owner's and the reader's fields on different cache lines
    volatile u32 tail;                          // main thread: records read so far
    u32 droppedReported;                        // main thread
    u8 readerPad[56];
};

struct trace_open_block
{
    char name[192];                             // escaped when it began: a game name may not outlive its DLL
    u64 clock;
    u32 flags;
};

struct trace_rings
{
    volatile u32 recording;                     // rings are filled while 1
    volatile u32 outsideRings;                  // records of threads past DEBUG_MAX_THREADS
    u32 outsideReported;                        // main thread
    trace_ring rings[DEBUG_MAX_THREADS];
    trace_open_block open[DEBUG_MAX_THREADS][TRACE_MAX_DEPTH];
    u32 openCount[DEBUG_MAX_THREADS];
    u32 unrecordedDepth[DEBUG_MAX_THREADS];     // begins past TRACE_MAX_DEPTH: their ends are skipped
    b32 loggedGap;
};

struct trace_writer;
// Writes out what the buffer holds (writer->buffer, writer->used bytes) and sets used to 0.
typedef void trace_flush(trace_writer *writer);
// The clock the records are stamped with, now (a gap's mark is put at it).
typedef u64 trace_clock(void);

// The JSON text on its way to the file: one buffer, times in microseconds since startClock.
struct trace_writer
{
    char *buffer;
    u32 used;
    u32 capacity;                               // at least TRACE_ENTRY_BYTES
    u64 startClock;
    f64 microsecondsPerTick;
    b32 threadNamed[DEBUG_MAX_THREADS];
    trace_flush *flush;
};

// Any thread, from the debug event recorder: one record into the caller's own ring (thread: its
// index; one past DEBUG_MAX_THREADS is only counted). Nothing while rings->recording is 0.
void RecordTraceEvent(trace_rings *rings, u32 thread, const char *name, u32 type, u32 flags, u64 clock);
// Main thread: everything the rings hold, paired into complete events on writer (with each
// thread's name before its first record, and the gaps marked at now()); the first gap is also
// logged through log. Records whose name is null are skipped.
void DrainTraceRings(trace_rings *rings, trace_writer *writer, trace_clock *now, platform_log *log);

// Main thread. A full buffer goes to the file first: nothing is dropped, however much one drain holds.
BASE_PRINTF_FORMAT(2, 3)
void AppendTraceText(trace_writer *writer, const char *format, ...);
// A name as a JSON string body: quotes, backslashes and control characters escaped, at most outSize - 1 bytes.
void EscapeTraceText(const char *text, char *out, u32 outSize);
// A debug clock value as microseconds since the trace began (the file's time unit).
f64 TraceMicroseconds(const trace_writer *writer, u64 clock);
// Main thread: the thread's name event, written once per thread before its first record.
void WriteTraceThreadName(trace_writer *writer, u32 thread);
// Main thread: one instant ("i") event at clock; escapedText is a JSON string body already.
void WriteTraceInstant(trace_writer *writer, const char *escapedText, u64 clock);

#endif  // PLATFORM_TRACE_H
