// Job graphs misused the way a new game programmer does (job_graph.h's promises): one graph
// submitted by two threads at once (exactly one submission runs it), a job or a ParallelFor batch
// of a job waiting for its own graph (refused, logged, no hang), an id of another graph or a job
// without callback (refused, named), and waits the platform asks to give up (they return).
// Every section runs under the test watchdog: a hang is a FAIL line, never a stuck test.
// Usage: test_graph_misuse [-s divisor]

#include "test_work_common.h"

internal b32 LogSays(const char *text)
{
    BeginSpinLock(&globalLastLogLock);
    b32 found = strstr(globalLastLog, text) != 0;
    EndSpinLock(&globalLastLogLock);
    return found;
}

internal void ClearLastLog(void)
{
    BeginSpinLock(&globalLastLogLock);
    globalLastLog[0] = 0;
    EndSpinLock(&globalLastLogLock);
}

//~ Two threads submitting the same graph at the same moment
struct race_test
{
    platform_work_queue *queue;
    job_graph *graph;
    volatile u32 ready;             // submitters at the start line
    volatile u32 go;                // round number both start on
    volatile u32 accepted;          // submissions that returned true this round
    volatile u32 submitted;         // submitters done with this round
    volatile u32 runs;              // times the gated job ran this round
    volatile u32 gateOpen;
    volatile u32 quit;
};
global race_test globalRace;

internal PLATFORM_WORK_QUEUE_CALLBACK(GatedRaceJob)
{
    (void)queue;
    (void)data;
    AtomicIncrementU32(&globalRace.runs);
    while (!AtomicLoadU32(&globalRace.gateOpen)) OSYieldThread();
}

internal PLATFORM_WORK_QUEUE_CALLBACK(CountedRaceJob)
{
    (void)queue;
    (void)data;
}
#define RACE_JOB_COUNT 4096

internal OS_THREAD_PROC(RaceSubmitter)
{
    (void)parameter;
    u32 round = 0;
    for (;;)
    {
        AtomicIncrementU32(&globalRace.ready);
        while (AtomicLoadU32(&globalRace.go) == round && !AtomicLoadU32(&globalRace.quit)) CpuPause();
        if (AtomicLoadU32(&globalRace.quit)) return;
        ++round;
        if (SubmitJobGraph(globalRace.queue, globalRace.graph)) AtomicIncrementU32(&globalRace.accepted);
        AtomicIncrementU32(&globalRace.submitted);
    }
}

internal void TestConcurrentSubmits(u32 rounds, u32 jobCount)
{
    ArmWatchdog("two threads submitting one graph", 60);
    memory_arena arena = MakeTestArena(Megabytes(2));
    platform_work_queue queue;
    CreateWorkQueue(&queue, &arena, "race", 8192, 2, 2, TestLog);
    job_graph graph;
    // NOTE: many jobs make a submission long (its reset loop), so an unguarded check-then-set
    // would let the second submitter in; the gated job holds the graph running until both returned.
    // A one-job graph makes the claim itself short: then a submitter may see the other one claim,
    // start and publish the graph between its own loads (the state reads "submitted" again).
    BeginJobGraph(&graph, &arena, "raced", jobCount, 4, TestLog);
    AddGraphJob(&graph, GatedRaceJob, 0);
    for (u32 index = 1; index < jobCount; ++index) AddGraphJob(&graph, CountedRaceJob, 0);
    memset((void *)&globalRace, 0, sizeof(globalRace));
    globalRace.queue = &queue;
    globalRace.graph = &graph;
    os_thread threads[2];
    OSCreateThread(&threads[0], RaceSubmitter, 0);
    OSCreateThread(&threads[1], RaceSubmitter, 0);
    u32 doubleRuns = 0, noneAccepted = 0, unexplained = 0;
    for (u32 round = 1; round <= rounds; ++round)
    {
        while (AtomicLoadU32(&globalRace.ready) < 2) OSYieldThread();
        AtomicStoreU32(&globalRace.ready, 0);
        AtomicStoreU32(&globalRace.accepted, 0);
        AtomicStoreU32(&globalRace.submitted, 0);
        AtomicStoreU32(&globalRace.runs, 0);
        AtomicStoreU32(&globalRace.gateOpen, 0);
        ClearLastLog();
        AtomicStoreU32(&globalRace.go, round);
        while (AtomicLoadU32(&globalRace.submitted) < 2) OSYieldThread();
        u32 accepted = AtomicLoadU32(&globalRace.accepted);
        if (accepted == 1 && !LogSays("refused")) ++unexplained;
        AtomicStoreU32(&globalRace.gateOpen, 1);
        CompleteAllWork(&queue);
        if (accepted == 0) ++noneAccepted;
        if (accepted > 1 || AtomicLoadU32(&globalRace.runs) > 1) ++doubleRuns;
    }
    AtomicStoreU32(&globalRace.quit, 1);
    while (AtomicLoadU32(&globalRace.ready) < 2) OSYieldThread();
    OSJoinThread(&threads[0]);
    OSJoinThread(&threads[1]);
    printf("concurrent submits (%u jobs): %u rounds, %u ran twice, %u refused both, %u refusals unexplained\n", jobCount, rounds,
           doubleRuns, noneAccepted, unexplained);
    CHECK_MSG(doubleRuns == 0, "a graph submitted by two threads at once runs once");
    CHECK_MSG(noneAccepted == 0, "... and one of the two submissions is accepted");
    CHECK_MSG(unexplained == 0, "... the other one refused with a logged error");
    StopWorkQueue(&queue);
    free(arena.base);
}

//~ A job, or a batch of a job's ParallelFor, waiting for its own graph
struct self_wait_test
{
    job_graph *graph;
    volatile u32 waitsReturned;
    volatile u32 batchWaits;
};
global self_wait_test globalSelfWait;

internal PLATFORM_WORK_QUEUE_CALLBACK(WaitsForOwnGraph)
{
    (void)queue;
    (void)data;
    WaitForJobGraph(globalSelfWait.graph);
    WaitForJob(globalSelfWait.graph, 0);
    AtomicIncrementU32(&globalSelfWait.waitsReturned);
}

internal PLATFORM_PARALLEL_FOR_CALLBACK(BatchWaitsForOwnGraph)
{
    (void)data;
    for (u32 index = first; index < onePastLast; ++index)
    {
        WaitForJobGraph(globalSelfWait.graph);
        AtomicIncrementU32(&globalSelfWait.batchWaits);
    }
}

internal PLATFORM_WORK_QUEUE_CALLBACK(ParallelForWaitingForOwnGraph)
{
    (void)data;
    ParallelFor(queue, 32, 1, BatchWaitsForOwnGraph, 0);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(PlainJob)
{
    (void)queue;
    (void)data;
    BusyWork(1000);
}

internal void TestWaitsOnOwnGraph(u32 workerCount)
{
    ArmWatchdog("a job waiting for its own graph", 30);
    printf("waits on their own graph: %u workers\n", workerCount);
    memory_arena arena = MakeTestArena(Megabytes(1));
    platform_work_queue queue;
    CreateWorkQueue(&queue, &arena, "self wait", 256, workerCount, workerCount, TestLog);
    job_graph graph;
    memset((void *)&globalSelfWait, 0, sizeof(globalSelfWait));
    globalSelfWait.graph = &graph;

    BeginJobGraph(&graph, &arena, "waits on itself", 4, 4, TestLog);
    job_id first = AddGraphJob(&graph, PlainJob, 0);
    job_id waiter = AddGraphJob(&graph, WaitsForOwnGraph, 0);
    AddJobDependency(&graph, first, waiter);
    ClearLastLog();
    CHECK(SubmitJobGraph(&queue, &graph));
    WaitForJobGraph(&graph);
    CHECK_MSG(globalSelfWait.waitsReturned == 1 && AtomicLoadU32(&graph.unfinishedJobCount) == 0,
              "a job waiting for its own graph returns and the graph finishes");
    CHECK_MSG(LogSays("WaitForJob") && LogSays("refused") && LogSays("its own graph") && LogSays("'waits on itself'"),
              "... refused with an error naming the graph and the wait");

    BeginJobGraph(&graph, &arena, "batches wait on it", 4, 4, TestLog);
    AddGraphJob(&graph, ParallelForWaitingForOwnGraph, 0);
    AddGraphJob(&graph, PlainJob, 0);
    ClearLastLog();
    CHECK(SubmitJobGraph(&queue, &graph));
    WaitForJobGraph(&graph);
    CHECK_MSG(globalSelfWait.batchWaits == 32 && AtomicLoadU32(&graph.unfinishedJobCount) == 0,
              "ParallelFor batches of a job waiting for its graph return, wherever they ran");
    CHECK_MSG(LogSays("WaitForJobGraph refused") && LogSays("ParallelFor batch"), "... refused with an error that says why");

    // A wait for another graph from inside a job is still allowed.
    job_graph other;
    BeginJobGraph(&other, &arena, "other", 2, 2, TestLog);
    AddGraphJob(&other, PlainJob, 0);
    CHECK(SubmitJobGraph(&queue, &other));
    WaitForJobGraph(&other);
    CHECK(AtomicLoadU32(&other.unfinishedJobCount) == 0);
    StopWorkQueue(&queue);
    free(arena.base);
}

//~ Ids of other graphs and jobs without callback are named, not "did not fit"
internal void TestForeignIds(void)
{
    ArmWatchdog("foreign job ids", 30);
    memory_arena arena = MakeTestArena(Megabytes(1));
    platform_work_queue queue;
    CreateWorkQueue(&queue, &arena, "foreign", 64, 1, 1, TestLog);
    job_graph big, little;
    BeginJobGraph(&big, &arena, "big", 16, 16, TestLog);
    job_id last = JOB_ID_NONE;
    for (u32 index = 0; index < 10; ++index) last = AddGraphJob(&big, PlainJob, 0);
    BeginJobGraph(&little, &arena, "small", 4, 4, TestLog);
    job_id a = AddGraphJob(&little, PlainJob, 0);
    AddGraphJob(&little, PlainJob, 0);
    CHECK(!AddJobDependency(&little, a, last));
    ClearLastLog();
    CHECK_MSG(!SubmitJobGraph(&queue, &little), "a graph given another graph's job id is refused");
    CHECK_MSG(LogSays("job id 9") && LogSays("not a job of this graph") && !LogSays("did not fit"),
              "... naming the id as foreign, not as an overflow");

    BeginJobGraph(&little, &arena, "no callback", 4, 4, TestLog);
    AddGraphJob(&little, PlainJob, 0);
    AddGraphJob(&little, 0, 0);
    ClearLastLog();
    CHECK_MSG(!SubmitJobGraph(&queue, &little) && LogSays("job 1 has no callback"), "a job without callback is refused, named");

    // JOB_ID_NONE from an add that did not fit stays an overflow.
    BeginJobGraph(&little, &arena, "full", 1, 4, TestLog);
    a = AddGraphJob(&little, PlainJob, 0);
    job_id none = AddGraphJob(&little, PlainJob, 0);
    AddJobDependency(&little, a, none);
    ClearLastLog();
    CHECK_MSG(!SubmitJobGraph(&queue, &little) && LogSays("did not fit"), "JOB_ID_NONE counts as the overflow it came from");

    // A refused submission leaves the graph submittable once fixed.
    BeginJobGraph(&little, &arena, "fixed", 2, 2, TestLog);
    AddGraphJob(&little, PlainJob, 0);
    CHECK(SubmitJobGraph(&queue, &little));
    WaitForJobGraph(&little);
    CHECK(SubmitJobGraph(&queue, &little));
    WaitForJobGraph(&little);
    StopWorkQueue(&queue);
    free(arena.base);
}

//~ Waits the platform asks to give up
global volatile u32 globalAbandonWaits;
global volatile u32 globalGateOpen;
global volatile u32 globalGatedDone;

internal b32 TestAbandonCheck(void)
{
    return AtomicLoadU32(&globalAbandonWaits) != 0;
}

internal PLATFORM_WORK_QUEUE_CALLBACK(GatedJob)
{
    (void)queue;
    (void)data;
    while (!AtomicLoadU32(&globalGateOpen)) OSYieldThread();
    AtomicIncrementU32(&globalGatedDone);
}

internal OS_THREAD_PROC(AbandonLater)
{
    (void)parameter;
    OSSleepMilliseconds(100);
    AtomicStoreU32(&globalAbandonWaits, 1);
}

internal void TestAbandonedWaits(void)
{
    ArmWatchdog("abandoned waits", 30);
    memory_arena arena = MakeTestArena(Megabytes(4));
    work_queue_system system;
    InitWorkQueueSystem(&system, &arena, 1, 1, TestLog);
    job_graph graph;
    BeginJobGraph(&graph, &arena, "gated", 2, 2, TestLog);
    AddGraphJob(&graph, GatedJob, 0);
    globalGateOpen = 0;
    globalGatedDone = 0;
    globalAbandonWaits = 0;
    SetWorkWaitAbandonCheck(TestAbandonCheck);
    CHECK(SubmitJobGraph(&system.highQueue, &graph));
    OSSleepMilliseconds(20);        // the worker takes the gated job
    os_thread thread;
    OSCreateThread(&thread, AbandonLater, 0);
    WaitForJobGraph(&graph);
    OSJoinThread(&thread);
    CHECK_MSG(AtomicLoadU32(&graph.unfinishedJobCount) == 1, "a graph wait the platform abandons returns before the graph finished");

    u64 task = AddTask(&system.tasks, 0, GatedJob, 0);
    OSSleepMilliseconds(50);        // the low worker starts it
    AtomicStoreU32(&globalAbandonWaits, 0);
    OSCreateThread(&thread, AbandonLater, 0);
    CancelTaskAndWait(&system.tasks, task);
    OSJoinThread(&thread);
    CHECK_MSG(AtomicLoadU32(&globalGatedDone) == 0, "CancelTaskAndWait abandoned returns while its task still runs");

    SetWorkWaitAbandonCheck(0);
    AtomicStoreU32(&globalAbandonWaits, 0);
    AtomicStoreU32(&globalGateOpen, 1);
    WaitForJobGraph(&graph);
    CHECK(AtomicLoadU32(&graph.unfinishedJobCount) == 0);
    ShutdownWorkQueueSystem(&system);
    free(arena.base);
}

int main(int argumentCount, char **arguments)
{
    ParseScale(argumentCount, arguments);
    setvbuf(stdout, 0, _IONBF, 0);
    StartWatchdog();

    TestConcurrentSubmits((u32)Scaled(200, 20), RACE_JOB_COUNT);
    TestConcurrentSubmits((u32)Scaled(500, 50), 1);
    TestWaitsOnOwnGraph(0);
    TestWaitsOnOwnGraph(1);
    TestWaitsOnOwnGraph(3);
    TestForeignIds();
    TestAbandonedWaits();

    StopWatchdog();
    return TestSummary();
}
