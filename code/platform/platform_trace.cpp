// --trace's portable half: the bodies behind platform/platform_trace.h.

#include "platform/platform_trace.h"
#include "base/base_atomics.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

StaticAssert((TRACE_RING_RECORDS & (TRACE_RING_RECORDS - 1)) == 0, "the ring size must be a power of two");

//~ The JSON text
void AppendTraceText(trace_writer *writer, const char *format, ...)
{
    if (writer->used + TRACE_ENTRY_BYTES > writer->capacity) writer->flush(writer);
    va_list args;
    va_start(args, format);
    int written = vsnprintf(writer->buffer + writer->used, TRACE_ENTRY_BYTES, format, args);
    va_end(args);
    if (written > 0) writer->used += (u32)Minimum((u32)written, (u32)(TRACE_ENTRY_BYTES - 1));
}

void EscapeTraceText(const char *text, char *out, u32 outSize)
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

f64 TraceMicroseconds(const trace_writer *writer, u64 clock)
{
    return (clock >= writer->startClock) ? (f64)(clock - writer->startClock) * writer->microsecondsPerTick : 0.0;
}

void WriteTraceThreadName(trace_writer *writer, u32 thread)
{
    if (writer->threadNamed[thread]) return;
    writer->threadNamed[thread] = 1;
    if (thread == 0)
        AppendTraceText(writer, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\"main\"}}");
    else
        AppendTraceText(writer, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%u,\"args\":{\"name\":\"worker %u\"}}",
                        thread, thread);
}

void WriteTraceInstant(trace_writer *writer, const char *escapedText, u64 clock)
{
    AppendTraceText(writer, ",\n{\"name\":\"%s\",\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":0,\"ts\":%.3f}", escapedText,
                    TraceMicroseconds(writer, clock));
}

//~ The rings
void RecordTraceEvent(trace_rings *rings, u32 thread, const char *name, u32 type, u32 flags, u64 clock)
{
    if (!AtomicLoadU32(&rings->recording)) return;
    if (thread >= DEBUG_MAX_THREADS)
    {
        AtomicAddU32(&rings->outsideRings, 1);
        return;
    }
    trace_ring *ring = rings->rings + thread;
    u32 head = ring->head;
    if (head - AtomicLoadU32(&ring->tail) >= TRACE_RING_RECORDS)
    {
        ring->droppedWhileFull = ring->droppedWhileFull + 1;
        return;
    }
    trace_record *record = ring->records + (head & (TRACE_RING_RECORDS - 1));
    record->clock = clock;
    record->name = name;
    record->type = (u8)type;
    record->flags = (u8)flags;
    AtomicStoreU32(&ring->head, head + 1);
}

// Main thread: one record, paired with its thread's open blocks.
internal void TakeTraceRecord(trace_rings *rings, trace_writer *writer, u32 thread, const trace_record *record)
{
    if (!record->name) return;
    if (record->type == DebugEvent_BeginBlock)
    {
        if (rings->openCount[thread] >= TRACE_MAX_DEPTH)
        {
            ++rings->unrecordedDepth[thread];
            return;
        }
        trace_open_block *block = &rings->open[thread][rings->openCount[thread]++];
        EscapeTraceText(record->name, block->name, sizeof(block->name));
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
    trace_open_block *block = &rings->open[thread][--rings->openCount[thread]];
    f64 begin = TraceMicroseconds(writer, block->clock);
    AppendTraceText(writer, ",\n{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%.3f,\"dur\":%.3f}",
                    block->name, ((block->flags | record->flags) & DebugEventFlag_GraphJob) ? "job" : "block", thread,
                    begin, TraceMicroseconds(writer, record->clock) - begin);
}

// Main thread: records dropped since the last drain sit right after what was just read (the ring
// was full until the tail moved). Open blocks of that thread are forgotten: their ends may be among
// the lost, and an end that arrives later with no open block is skipped.
internal void MarkTraceGap(trace_rings *rings, trace_writer *writer, u32 thread, u32 dropped, trace_clock *now,
                           platform_log *log)
{
    rings->openCount[thread] = 0;
    rings->unrecordedDepth[thread] = 0;
    char text[160];
    FormatText(text, sizeof(text), "trace: %u events dropped on %s %u (its ring of %u events was full between two frames)",
               dropped, thread ? "worker" : "main thread", thread, (u32)TRACE_RING_RECORDS);
    WriteTraceInstant(writer, text, now());
    if (!rings->loggedGap)
    {
        rings->loggedGap = 1;
        log(LogLevel_Warning, "%s; later gaps are marked in the trace only", text);
    }
}

void DrainTraceRings(trace_rings *rings, trace_writer *writer, trace_clock *now, platform_log *log)
{
    for (u32 thread = 0; thread < DEBUG_MAX_THREADS; ++thread)
    {
        trace_ring *ring = rings->rings + thread;
        u32 head = AtomicLoadU32(&ring->head);
        u32 tail = ring->tail;
        if (head != tail) WriteTraceThreadName(writer, thread);
        for (; tail != head; ++tail)
            TakeTraceRecord(rings, writer, thread, ring->records + (tail & (TRACE_RING_RECORDS - 1)));
        AtomicStoreU32(&ring->tail, tail);
        u32 dropped = ring->droppedWhileFull;
        if (dropped != ring->droppedReported)
        {
            MarkTraceGap(rings, writer, thread, dropped - ring->droppedReported, now, log);
            ring->droppedReported = dropped;
        }
    }
    u32 outside = AtomicLoadU32(&rings->outsideRings);
    if (outside != rings->outsideReported)
    {
        char text[120];
        FormatText(text, sizeof(text), "trace: %u events of threads past the first %u not traced",
                   outside - rings->outsideReported, (u32)DEBUG_MAX_THREADS);
        WriteTraceInstant(writer, text, now());
        rings->outsideReported = outside;
    }
}
