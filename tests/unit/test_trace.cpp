// --trace's rings and JSON (platform/platform_trace.h): records pair into complete events per
// thread (across drains, nested, past the depth limit), a full ring drops new records and the
// drain marks the gap (logged once), threads past the table are counted, and a small buffer is
// flushed before an entry might not fit, so nothing is lost.

#include "platform/platform.cpp"
#include "test_framework.h"
#include <stdarg.h>
#include <string.h>

//~ A writer whose "file" is memory
global char globalOut[1 << 20];
global u32 globalOutUsed;
global u32 globalFlushes;
global u64 globalNow;
global u32 globalLogLines;
global char globalLastLog[256];

internal void FlushToMemory(trace_writer *writer)
{
    memcpy(globalOut + globalOutUsed, writer->buffer, writer->used);
    globalOutUsed += writer->used;
    globalOut[globalOutUsed] = 0;
    writer->used = 0;
    ++globalFlushes;
}

internal u64 TestNow(void)
{
    return globalNow;
}

internal PLATFORM_LOG(TestLog)
{
    (void)level;
    va_list args;
    va_start(args, format);
    vsnprintf(globalLastLog, sizeof(globalLastLog), format, args);
    va_end(args);
    ++globalLogLines;
}

global trace_rings globalRings;
global trace_record globalRecords[4][TRACE_RING_RECORDS];
global char globalBuffer[64 * 1024];
global trace_writer globalWriter;

// Fresh rings (threads 0-3 have records) and writer (a tick is one microsecond from clock 1000).
internal void Reset(u32 capacity)
{
    memset(&globalRings, 0, sizeof(globalRings));
    for (u32 thread = 0; thread < 4; ++thread) globalRings.rings[thread].records = globalRecords[thread];
    globalRings.recording = 1;
    memset(&globalWriter, 0, sizeof(globalWriter));
    globalWriter.buffer = globalBuffer;
    globalWriter.capacity = capacity;
    globalWriter.startClock = 1000;
    globalWriter.microsecondsPerTick = 1.0;
    globalWriter.flush = FlushToMemory;
    globalOutUsed = 0;
    globalOut[0] = 0;
    globalFlushes = 0;
    globalLogLines = 0;
    globalLastLog[0] = 0;
}

// Drains, then flushes what the buffer still holds: the JSON text written so far is in globalOut.
internal void Drain(void)
{
    DrainTraceRings(&globalRings, &globalWriter, TestNow, TestLog);
    FlushToMemory(&globalWriter);
}

internal u32 CountOf(const char *text, const char *what)
{
    u32 count = 0;
    for (const char *at = strstr(text, what); at; at = strstr(at + 1, what)) ++count;
    return count;
}

internal void Begin(u32 thread, const char *name, u64 clock, u32 flags = 0)
{
    RecordTraceEvent(&globalRings, thread, name, DebugEvent_BeginBlock, flags, clock);
}

internal void End(u32 thread, const char *name, u64 clock)
{
    RecordTraceEvent(&globalRings, thread, name, DebugEvent_EndBlock, 0, clock);
}

//~ Tests
internal void TestEscape(void)
{
    char out[64];
    EscapeTraceText("plain name", out, sizeof(out));
    CHECK(strcmp(out, "plain name") == 0);
    EscapeTraceText("say \"hi\" \\ there", out, sizeof(out));
    CHECK(strcmp(out, "say \\\"hi\\\" \\\\ there") == 0);
    EscapeTraceText("tab\there\nline", out, sizeof(out));
    CHECK(strcmp(out, "tab\\u0009here\\u000aline") == 0);
    char small[12];
    EscapeTraceText("a long name that does not fit", small, sizeof(small));
    CHECK(strlen(small) < sizeof(small) && strncmp(small, "a lo", 4) == 0);
}

internal void TestMicroseconds(void)
{
    Reset(sizeof(globalBuffer));
    globalWriter.microsecondsPerTick = 0.5;
    CHECK(TraceMicroseconds(&globalWriter, 1000) == 0.0);
    CHECK(TraceMicroseconds(&globalWriter, 1010) == 5.0);
    CHECK(TraceMicroseconds(&globalWriter, 999) == 0.0);      // before the trace began
}

internal void TestPairs(void)
{
    Reset(sizeof(globalBuffer));
    RecordTraceEvent(&globalRings, 0, "ignored", DebugEvent_BeginBlock, 0, 1001);
    globalRings.recording = 0;
    RecordTraceEvent(&globalRings, 0, "not recorded", DebugEvent_BeginBlock, 0, 1001);
    CHECK(globalRings.rings[0].head == 1);
    globalRings.recording = 1;
    End(0, "ignored", 1002);
    Begin(0, "frame", 1010);
    Begin(0, "update", 1012);
    End(0, "update", 1020);
    Begin(3, "job \"a\"", 1013, DebugEventFlag_GraphJob);
    End(3, "job \"a\"", 1016);
    RecordTraceEvent(&globalRings, 3, 0, DebugEvent_BeginBlock, 0, 1017);       // a slot never filled
    Drain();
    CHECK(CountOf(globalOut, "\"ph\":\"X\"") == 3);
    CHECK(strstr(globalOut, "{\"name\":\"ignored\",\"cat\":\"block\",\"ph\":\"X\",\"pid\":1,\"tid\":0,\"ts\":1.000,\"dur\":1.000}") != 0);
    CHECK(strstr(globalOut, "{\"name\":\"update\",\"cat\":\"block\",\"ph\":\"X\",\"pid\":1,\"tid\":0,\"ts\":12.000,\"dur\":8.000}") != 0);
    CHECK(strstr(globalOut, "{\"name\":\"job \\\"a\\\"\",\"cat\":\"job\",\"ph\":\"X\",\"pid\":1,\"tid\":3,\"ts\":13.000,\"dur\":3.000}") != 0);
    CHECK(strstr(globalOut, "\"tid\":0,\"args\":{\"name\":\"main\"}") != 0);
    CHECK(strstr(globalOut, "\"tid\":3,\"args\":{\"name\":\"worker 3\"}") != 0);
    CHECK(CountOf(globalOut, "thread_name") == 2);
    CHECK(strncmp(globalOut, ",\n{", 3) == 0);         // every event follows the one before it
    CHECK(globalRings.rings[0].tail == globalRings.rings[0].head && globalRings.rings[3].tail == globalRings.rings[3].head);

    // "frame" is still open: it ends in a later drain, and each thread is named once.
    End(0, "frame", 1050);
    End(1, "began before the trace", 1051);
    Drain();
    CHECK(strstr(globalOut, "{\"name\":\"frame\",\"cat\":\"block\",\"ph\":\"X\",\"pid\":1,\"tid\":0,\"ts\":10.000,\"dur\":40.000}") != 0);
    CHECK(CountOf(globalOut, "\"ph\":\"X\"") == 4);
    CHECK(CountOf(globalOut, "thread_name") == 3);
    CHECK(strstr(globalOut, "began before") == 0);
    CHECK(globalLogLines == 0);
}

internal void TestDepth(void)
{
    Reset(sizeof(globalBuffer));
    char names[TRACE_MAX_DEPTH + 3][16];
    for (u32 depth = 0; depth < TRACE_MAX_DEPTH + 3; ++depth)
    {
        snprintf(names[depth], sizeof(names[depth]), "depth %u", depth);
        Begin(2, names[depth], 1000 + depth);
    }
    for (u32 depth = TRACE_MAX_DEPTH + 3; depth-- > 0;) End(2, names[depth], 2000 - depth);
    Drain();
    CHECK(CountOf(globalOut, "\"ph\":\"X\"") == TRACE_MAX_DEPTH);
    CHECK(strstr(globalOut, "\"name\":\"depth 0\"") != 0);
    CHECK(strstr(globalOut, "\"name\":\"depth 23\"") != 0);
    CHECK(strstr(globalOut, "\"name\":\"depth 24\"") == 0);
    // The innermost recorded block ends at its own end, not at an unrecorded one's.
    char expected[128];
    snprintf(expected, sizeof(expected), "\"name\":\"depth %u\",\"cat\":\"block\",\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":%u.000,\"dur\":%u.000}",
             TRACE_MAX_DEPTH - 1, TRACE_MAX_DEPTH - 1, 1000 - 2 * (TRACE_MAX_DEPTH - 1));
    CHECK(strstr(globalOut, expected) != 0);
    CHECK(globalRings.openCount[2] == 0 && globalRings.unrecordedDepth[2] == 0);
}

internal void TestFullRing(void)
{
    Reset(sizeof(globalBuffer));
    globalNow = 1500;
    Begin(1, "open across the gap", 1001);
    for (u32 index = 0; index < TRACE_RING_RECORDS + 4; ++index) End(1, "filler", 1002);
    CHECK(globalRings.rings[1].head == TRACE_RING_RECORDS);
    CHECK(globalRings.rings[1].droppedWhileFull == 5);
    Drain();
    CHECK(strstr(globalOut, "trace: 5 events dropped on worker 1 (its ring of 8192 events was full between two frames)") != 0);
    CHECK(strstr(globalOut, "full between two frames)\",\"ph\":\"i\",\"s\":\"g\",\"pid\":1,\"tid\":0,\"ts\":500.000}") != 0);
    CHECK(globalLogLines == 1 && strstr(globalLastLog, "; later gaps are marked in the trace only") != 0);
    CHECK(globalRings.openCount[1] == 0);
    CHECK(CountOf(globalOut, "\"ph\":\"X\"") == 1);      // the open block paired with the first end

    // Room again: recorded; a second gap is marked but not logged; the forgotten block's end is skipped.
    Begin(1, "after", 1600);
    End(1, "after", 1610);
    CHECK(globalRings.rings[1].head == TRACE_RING_RECORDS + 2);
    Drain();
    CHECK(CountOf(globalOut, "\"name\":\"after\"") == 1);
    for (u32 index = 0; index < TRACE_RING_RECORDS + 1; ++index) End(1, "filler", 1700);
    Drain();
    CHECK(strstr(globalOut, "trace: 1 events dropped on worker 1") != 0);
    CHECK(globalLogLines == 1);
    CHECK(globalRings.rings[1].droppedReported == globalRings.rings[1].droppedWhileFull);
}

internal void TestOutside(void)
{
    Reset(sizeof(globalBuffer));
    globalNow = 1000;
    RecordTraceEvent(&globalRings, DEBUG_MAX_THREADS, "far", DebugEvent_BeginBlock, 0, 1001);
    RecordTraceEvent(&globalRings, DEBUG_MAX_THREADS + 7, "far", DebugEvent_EndBlock, 0, 1002);
    Drain();
    CHECK(strstr(globalOut, "trace: 2 events of threads past the first 32 not traced") != 0);
    u32 before = globalOutUsed;
    Drain();
    CHECK(globalOutUsed == before);     // reported once
}

internal void TestSmallBuffer(void)
{
    Reset(2 * TRACE_ENTRY_BYTES);
    for (u32 index = 0; index < 200; ++index)
    {
        Begin(0, "tick", 1000 + index);
        End(0, "tick", 1000 + index);
    }
    Drain();
    CHECK(CountOf(globalOut, "\"name\":\"tick\"") == 200);
    CHECK(globalFlushes > 10);
    char longName[TRACE_ENTRY_BYTES * 2];
    memset(longName, 'n', sizeof(longName) - 1);
    longName[sizeof(longName) - 1] = 0;
    AppendTraceText(&globalWriter, ",\n{\"name\":\"%s\"}", longName);
    CHECK(globalWriter.used == TRACE_ENTRY_BYTES - 1);      // one entry never passes its bound
}

int main(void)
{
    TestEscape();
    TestMicroseconds();
    TestPairs();
    TestDepth();
    TestFullRing();
    TestOutside();
    TestSmallBuffer();
    return TestSummary();
}
