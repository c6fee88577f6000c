// Waits inside jobs (the rules in work_queue.h): nested graph waits, ParallelFor inside graph jobs,
// CompleteAllWork and DrainWorkQueues from plain entries, full rings filled from jobs, refusals;
// and the task promises (ids that never repeat, cancel-then-free, a queue that was not created).
// Every shape runs with 1, 2 and 3 workers; a hang is a watchdog FAIL, never a stuck test.
// Usage: test_job_waits [-s divisor]

// NOTE: the refused waits must be observable here without stopping the process. (static, not
// global: this comes before the engine headers that define it.)
static volatile unsigned int globalRefusedWaitAsserts;
#define WORK_QUEUE_REFUSED_WAIT_ASSERT() AtomicIncrementU32(&globalRefusedWaitAsserts)

#include "test_work_common.h"

internal b32 LogContains(const char *text)
{
    BeginSpinLock(&globalLastLogLock);
    b32 found = strstr(globalLastLog, text) != 0;
    EndSpinLock(&globalLastLogLock);
    return found;
}

// The main thread "busy" for a while, so that workers pick up what was queued first.
internal void BusyMainThread(u32 milliseconds)
{
    u64 end = OSGetTimeNanoseconds() + (u64)milliseconds * 1000000ull;
    while (OSGetTimeNanoseconds() < end)
    {
        CpuPause();
    }
}

//~ What the tests below share: a queue on its own arena, the watchdog section of one shape at one
// worker count, and one round of "a graph runs while jobs wait for it from inside the queue"

// One queue with workerCount workers (as many may run at once) on an arena of its own.
struct test_queue
{
    memory_arena arena;
    platform_work_queue queue;
};

internal void StartTestQueue(test_queue *test, umm arenaSize, const char *name, u32 ringSize, u32 workerCount)
{
    test->arena = MakeTestArena(arenaSize);
    CreateWorkQueue(&test->queue, &test->arena, name, ringSize, workerCount, workerCount, TestLog);
}

internal void StopTestQueue(test_queue *test)
{
    StopWorkQueue(&test->queue);
    free(test->arena.base);
}

// NOTE: the watchdog keeps the section's pointer and prints it from its own thread when a section
// hangs: the text lives here, not on a test's stack.
global char globalWatchdogSection[96];

// Arms the watchdog for SHAPE run with workerCount workers ("SHAPE, N workers").
internal void ArmWatchdogForWorkers(const char *shape, u32 workerCount)
{
    snprintf(globalWatchdogSection, sizeof(globalWatchdogSection), "%s, %u workers", shape, workerCount);
    ArmWatchdog(globalWatchdogSection, 60);
}

//~ A graph job running a ParallelFor while other jobs wait for that graph (a waiter that helps with
// any entry could pick a waiter up from inside the ParallelFor and spin forever)
struct nested_test
{
    job_graph *graph;
    volatile u32 batchItems;
    volatile u32 waitersDone;
    volatile u32 waitersEarly;      // a waiter saw the graph unfinished after its wait returned
};
global nested_test globalNested;

internal PLATFORM_PARALLEL_FOR_CALLBACK(SlowBatch)
{
    (void)data;
    BusyWork(20000 * (onePastLast - first));
    AtomicAddU32(&globalNested.batchItems, onePastLast - first);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(GraphJobRunningParallelFor)
{
    ParallelFor(queue, 64, 1, SlowBatch, 0);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(WaitForGraphJob)
{
    (void)queue;
    WaitForJobGraph(globalNested.graph);
    if (AtomicLoadU32(&globalNested.graph->unfinishedJobCount) != 0)
    {
        AtomicIncrementU32(&globalNested.waitersEarly);
    }
    AtomicIncrementU32(&globalNested.waitersDone);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(WaitForJobZero)
{
    (void)queue;
    WaitForJob(globalNested.graph, 0);
    if (!IsJobFinished(globalNested.graph, 0))
    {
        AtomicIncrementU32(&globalNested.waitersEarly);
    }
    AtomicIncrementU32(&globalNested.waitersDone);
}

// One round: GRAPH submitted, waiterCount jobs queued behind it that wait for it from inside the
// queue (every other one waits for job 0 only when alternateJobZero), the main thread busy for
// busyMilliseconds (0: not at all) so that workers pick the waiters up, then the main thread waits
// for the graph and the whole queue. True when every waiter ran and none returned early.
internal b32 RunGraphWithWaiters(platform_work_queue *queue, job_graph *graph, u32 waiterCount, b32 alternateJobZero,
                                 u32 busyMilliseconds)
{
    globalNested.graph = graph;
    globalNested.waitersDone = 0;
    globalNested.waitersEarly = 0;
    CHECK(SubmitJobGraph(queue, graph));
    for (u32 index = 0; index < waiterCount; ++index)
    {
        AddWorkQueueEntry(queue, (alternateJobZero && (index & 1)) ? WaitForJobZero : WaitForGraphJob, 0);
    }
    if (busyMilliseconds)
    {
        BusyMainThread(busyMilliseconds);
    }
    WaitForJobGraph(graph);
    CompleteAllWork(queue);
    return AtomicLoadU32(&globalNested.waitersDone) == waiterCount && AtomicLoadU32(&globalNested.waitersEarly) == 0;
}

// G = {ParallelFor job}; then waiters O (jobs waiting for G) while the main thread is busy; then
// the main thread waits for G too. A waiter helping "with anything" would pick O up from inside
// G's ParallelFor and spin forever.
internal void TestGraphJobParallelForWithWaiters(u32 workerCount, u32 rounds)
{
    ArmWatchdogForWorkers("graph job with ParallelFor, waiters queued", workerCount);
    test_queue test;
    StartTestQueue(&test, Megabytes(1), "nested", 256, workerCount);
    job_graph graph;
    BeginJobGraph(&graph, &test.arena, "parallel-for job", 4, 4, TestLog);
    AddGraphJob(&graph, GraphJobRunningParallelFor, 0);
    u32 bad = 0;
    for (u32 round = 0; round < rounds; ++round)
    {
        globalNested.batchItems = 0;
        b32 waitersFinished = RunGraphWithWaiters(&test.queue, &graph, workerCount + 2, true, 2);
        bad += AtomicLoadU32(&globalNested.batchItems) != 64 || !waitersFinished;
    }
    CHECK_MSG(bad == 0, "a graph job's ParallelFor and jobs waiting for that graph all finish, no waiter returns early");
    StopTestQueue(&test);
}

//~ Graph jobs waiting for other graphs, ParallelFor inside ParallelFor, all at once
struct mixed_test
{
    job_graph inner[4];
    volatile u32 innerRuns;
    volatile u32 items;
    volatile u32 bad;
};
global mixed_test globalMixed;

internal PLATFORM_WORK_QUEUE_CALLBACK(InnerJob)
{
    (void)queue;
    (void)data;
    BusyWork(3000);
    AtomicIncrementU32(&globalMixed.innerRuns);
}

internal PLATFORM_PARALLEL_FOR_CALLBACK(CountItems)
{
    (void)data;
    BusyWork(500 * (onePastLast - first));
    AtomicAddU32(&globalMixed.items, onePastLast - first);
}

internal PLATFORM_PARALLEL_FOR_CALLBACK(NestedForBatch)
{
    platform_work_queue *queue = (platform_work_queue *)data;
    for (u32 index = first; index < onePastLast; ++index)
    {
        ParallelFor(queue, 16, 1, CountItems, 0);
    }
}

// Outer graph job i: submits inner graph i, runs a nested ParallelFor, waits for inner graph i.
internal PLATFORM_WORK_QUEUE_CALLBACK(OuterJob)
{
    u32 index = (u32)(umm)data;
    job_graph *inner = globalMixed.inner + index;
    if (!SubmitJobGraph(queue, inner))
    {
        AtomicIncrementU32(&globalMixed.bad);
        return;
    }
    ParallelFor(queue, 8, 1, NestedForBatch, queue);
    WaitForJobGraph(inner);
    if (AtomicLoadU32(&inner->unfinishedJobCount) != 0)
    {
        AtomicIncrementU32(&globalMixed.bad);
    }
}

internal void TestMixedNestedWaits(u32 workerCount, u32 rounds)
{
    ArmWatchdogForWorkers("graph jobs waiting for graphs, nested ParallelFor", workerCount);
    test_queue test;
    StartTestQueue(&test, Megabytes(2), "mixed", 64, workerCount);
    job_graph outer;
    BeginJobGraph(&outer, &test.arena, "outer", 8, 8, TestLog);
    for (u32 index = 0; index < 4; ++index)
    {
        AddGraphJob(&outer, OuterJob, (void *)(umm)index);
        BeginJobGraph(globalMixed.inner + index, &test.arena, "inner", 8, 8, TestLog);
        for (u32 job = 0; job < 6; ++job)
        {
            AddGraphJob(globalMixed.inner + index, InnerJob, 0);
            if (job) AddJobDependency(globalMixed.inner + index, job - 1, job);
        }
    }
    u32 bad = 0;
    for (u32 round = 0; round < rounds; ++round)
    {
        globalMixed.innerRuns = 0;
        globalMixed.items = 0;
        globalMixed.bad = 0;
        b32 waitersFinished = RunGraphWithWaiters(&test.queue, &outer, workerCount + 1, false, 0);
        bad += globalMixed.bad != 0 || globalMixed.innerRuns != 24 || globalMixed.items != 4 * 8 * 16 || !waitersFinished;
    }
    CHECK_MSG(bad == 0, "graph jobs that submit and wait for graphs and run nested ParallelFors never deadlock");
    StopTestQueue(&test);
}

//~ A graph job filling a tiny ring while jobs wait for its graph
struct filler_test
{
    volatile u32 childRuns;
};
global filler_test globalFiller;

internal PLATFORM_WORK_QUEUE_CALLBACK(FillerChild)
{
    (void)queue;
    (void)data;
    BusyWork(200);
    AtomicIncrementU32(&globalFiller.childRuns);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(FillingGraphJob)
{
    (void)data;
    for (u32 index = 0; index < 200; ++index)
    {
        AddWorkQueueEntry(queue, FillerChild, 0);
    }
}

internal void TestFullRingInsideGraphJob(u32 workerCount, u32 rounds)
{
    ArmWatchdogForWorkers("graph job filling a ring of 8, waiters queued", workerCount);
    test_queue test;
    StartTestQueue(&test, Megabytes(1), "tiny", 8, workerCount);
    job_graph graph;
    BeginJobGraph(&graph, &test.arena, "filler", 2, 2, TestLog);
    AddGraphJob(&graph, FillingGraphJob, 0);
    u32 bad = 0;
    for (u32 round = 0; round < rounds; ++round)
    {
        globalFiller.childRuns = 0;
        b32 waitersFinished = RunGraphWithWaiters(&test.queue, &graph, 6, false, 0);
        bad += globalFiller.childRuns != 200 || !waitersFinished;
    }
    CHECK_MSG(bad == 0, "a graph job adding to a full ring never runs a waiter of its own graph (no hang, nothing lost)");
    StopTestQueue(&test);
}

//~ CompleteAllWork and DrainWorkQueues from plain entries (the game's update is one)
struct complete_test
{
    platform_work_queue *other;
    volatile u32 childRuns;
    volatile u32 parentsDone;
    volatile u32 early;             // a parent returned from its wait before its children ran
    volatile u32 drainChildRuns;    // children of the draining job only (one draining job at a time)
};
global complete_test globalComplete;

internal PLATFORM_WORK_QUEUE_CALLBACK(CountedChild)
{
    (void)queue;
    (void)data;
    BusyWork(2000);
    AtomicIncrementU32(&globalComplete.childRuns);
}

internal void ResetCompleteCounters(void)
{
    globalComplete.childRuns = 0;
    globalComplete.parentsDone = 0;
    globalComplete.early = 0;
    globalComplete.drainChildRuns = 0;
}

// Like the game's update: queue work, then wait for it with CompleteAllWork.
internal PLATFORM_WORK_QUEUE_CALLBACK(UpdateLikeJob)
{
    u32 children = (u32)(umm)data;
    u32 before = AtomicLoadU32(&globalComplete.childRuns);
    for (u32 index = 0; index < children; ++index)
    {
        AddWorkQueueEntry(queue, CountedChild, 0);
    }
    CompleteAllWork(queue);
    if (AtomicLoadU32(&globalComplete.childRuns) < before + children)
    {
        AtomicIncrementU32(&globalComplete.early);
    }
    AtomicIncrementU32(&globalComplete.parentsDone);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(DrainChild)
{
    (void)queue;
    (void)data;
    BusyWork(2000);
    AtomicIncrementU32(&globalComplete.drainChildRuns);
    AtomicIncrementU32(&globalComplete.childRuns);
}

// Queues plain children on both queues, then drains both: they never wait, so every one of them
// must have run when the drain returns.
// NOTE: this checks its own children only. "The other queue is idle or someone waits there", read
// after the drain, is no test: a waiting caller of that queue may leave its wait between the two
// reads and still be finishing, which is allowed.
internal PLATFORM_WORK_QUEUE_CALLBACK(DrainingJob)
{
    u32 children = (u32)(umm)data;
    u32 before = AtomicLoadU32(&globalComplete.drainChildRuns);
    for (u32 index = 0; index < children; ++index)
    {
        AddWorkQueueEntry(queue, DrainChild, 0);
        AddWorkQueueEntry(globalComplete.other, DrainChild, 0);
    }
    platform_work_queue *queues[] = {queue, globalComplete.other};
    DrainWorkQueues(queues, 2);
    if (AtomicLoadU32(&globalComplete.drainChildRuns) != before + 2 * children)
    {
        AtomicIncrementU32(&globalComplete.early);
    }
    AtomicIncrementU32(&globalComplete.parentsDone);
}

// A job of one queue waiting for the whole of the other queue (data), both ways at once.
internal PLATFORM_WORK_QUEUE_CALLBACK(CrossQueueCompleteJob)
{
    (void)queue;
    platform_work_queue *other = (platform_work_queue *)data;
    AddWorkQueueEntry(other, CountedChild, 0);
    CompleteAllWork(other);
    AtomicIncrementU32(&globalComplete.parentsDone);
}

internal void TestCompleteAllWorkFromJobs(u32 workerCount, u32 rounds)
{
    ArmWatchdogForWorkers("CompleteAllWork/DrainWorkQueues inside jobs", workerCount);
    test_queue test;
    StartTestQueue(&test, Megabytes(1), "high", 64, workerCount);
    platform_work_queue *high = &test.queue;
    platform_work_queue low;
    CreateWorkQueue(&low, &test.arena, "low", 64, 1, 1, TestLog);
    globalComplete.other = &low;
    u32 bad = 0;
    u32 expectedParents = 0;
    u32 expectedChildren = 0;
    ResetCompleteCounters();
    for (u32 round = 0; round < rounds; ++round)
    {
        // Several "updates" at once: each waits for everything but the other waiting callers.
        for (u32 index = 0; index < workerCount + 1; ++index)
        {
            AddWorkQueueEntry(high, UpdateLikeJob, (void *)(umm)(10 + index));
            expectedChildren += 10 + index;
            ++expectedParents;
        }
        AddWorkQueueEntry(high, DrainingJob, (void *)(umm)5);
        expectedChildren += 10;
        ++expectedParents;
        AddWorkQueueEntry(high, CrossQueueCompleteJob, &low);
        AddWorkQueueEntry(&low, CrossQueueCompleteJob, high);
        expectedChildren += 2;
        expectedParents += 2;
        BusyMainThread(1);
        platform_work_queue *queues[] = {high, &low};
        DrainWorkQueues(queues, 2);
        bad += AtomicLoadU32(&globalComplete.parentsDone) != expectedParents ||
               AtomicLoadU32(&globalComplete.childRuns) != expectedChildren;
    }
    CHECK_MSG(bad == 0, "jobs calling CompleteAllWork / DrainWorkQueues (one queue and across two) all return");
    CHECK_MSG(globalComplete.early == 0, "... and only once the work they queued has run");
    StopWorkQueue(&low);
    StopTestQueue(&test);
}

// The update's pattern on a queue with no worker at all: the main thread runs the "update" from
// its top-level CompleteAllWork, and the update's own CompleteAllWork runs the children itself.
internal void TestCompleteAllWorkWithoutWorkers(void)
{
    ArmWatchdog("CompleteAllWork inside a job, 0 workers", 30);
    test_queue test;
    StartTestQueue(&test, Megabytes(1), "no workers", 8, 0);
    ResetCompleteCounters();
    AddWorkQueueEntry(&test.queue, UpdateLikeJob, (void *)(umm)40);     // 40 children, ring of 8
    CompleteAllWork(&test.queue);
    CHECK_MSG(globalComplete.parentsDone == 1 && globalComplete.childRuns == 40 && globalComplete.early == 0,
              "with no worker, a job's CompleteAllWork runs its own children (ring of 8, 40 children)");
    StopTestQueue(&test);
}

//~ Refused: CompleteAllWork / DrainWorkQueues under a graph job or a ParallelFor batch
global volatile u32 globalRefusedReturned;
internal PLATFORM_WORK_QUEUE_CALLBACK(GraphJobCallingCompleteAllWork)
{
    (void)data;
    CompleteAllWork(queue);
    platform_work_queue *queues[] = {queue};
    DrainWorkQueues(queues, 1);
    AtomicIncrementU32(&globalRefusedReturned);
}

internal PLATFORM_PARALLEL_FOR_CALLBACK(BatchCallingCompleteAllWork)
{
    (void)first;
    (void)onePastLast;
    CompleteAllWork((platform_work_queue *)data);
    AtomicIncrementU32(&globalRefusedReturned);
}

internal void TestRefusedWholeQueueWaits(void)
{
    ArmWatchdog("refused CompleteAllWork in graph jobs and batches", 30);
    test_queue test;
    StartTestQueue(&test, Megabytes(1), "refusing", 64, 2);
    platform_work_queue *queue = &test.queue;
    job_graph graph;
    BeginJobGraph(&graph, &test.arena, "refused", 2, 2, TestLog);
    AddGraphJob(&graph, GraphJobCallingCompleteAllWork, 0);
    globalRefusedReturned = 0;
    globalRefusedWaitAsserts = 0;
    u32 errorsBefore = globalErrorLogCount;
    // Someone waiting for that graph from inside a job: what would hang if it were allowed.
    RunGraphWithWaiters(queue, &graph, 1, false, 0);
    CHECK_MSG(globalRefusedReturned == 1 && globalNested.waitersDone == 1, "CompleteAllWork in a graph job returns at once");
    CHECK_MSG(globalRefusedWaitAsserts == 2 && queue->refusedWaitCount == 2 && globalErrorLogCount >= errorsBefore + 2 &&
              LogContains("refused"), "... refused with a logged error and the development assert (and DrainWorkQueues too)");
    ParallelFor(queue, 8, 1, BatchCallingCompleteAllWork, queue);
    CHECK_MSG(globalRefusedReturned == 9 && globalRefusedWaitAsserts == 10, "CompleteAllWork in a ParallelFor batch is refused too");
    StopTestQueue(&test);
}

//~ Tasks
struct task_wait_test
{
    task_manager *manager;
    u64 victimId;
    volatile u32 *victimData;       // "freed" (poisoned) right after cancelling
    volatile u32 badReads;
    volatile u32 victimRuns;
    volatile u32 inside;
    volatile u32 release;
    volatile u32 selfCancelDone;
    u64 selfId;
};
global task_wait_test globalTaskWait;

internal PLATFORM_WORK_QUEUE_CALLBACK(VictimTask)
{
    (void)queue;
    volatile u32 *value = (volatile u32 *)data;
    AtomicIncrementU32(&globalTaskWait.victimRuns);
    if (AtomicLoadU32(value) != 0x600d)
    {
        AtomicIncrementU32(&globalTaskWait.badReads);
    }
}

// A main-thread task that cancels the next main-thread task of this very frame, then frees its data.
internal PLATFORM_WORK_QUEUE_CALLBACK(CancellingTask)
{
    (void)queue;
    (void)data;
    CancelTask(globalTaskWait.manager, globalTaskWait.victimId);
    AtomicStoreU32(globalTaskWait.victimData, 0xdead);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(LongTask)
{
    (void)queue;
    volatile u32 *value = (volatile u32 *)data;
    AtomicStoreU32(&globalTaskWait.inside, 1);
    while (!AtomicLoadU32(&globalTaskWait.release))
    {
        OSYieldThread();
    }
    OSSleepMilliseconds(5);
    if (AtomicLoadU32(value) != 0x600d)
    {
        AtomicIncrementU32(&globalTaskWait.badReads);
    }
    AtomicStoreU32(&globalTaskWait.inside, 0);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(SelfCancellingTask)
{
    (void)queue;
    (void)data;
    CancelTaskAndWait(globalTaskWait.manager, globalTaskWait.selfId);
    AtomicStoreU32(&globalTaskWait.selfCancelDone, 1);
}

internal OS_THREAD_PROC(ReleaseLater)
{
    (void)parameter;
    OSSleepMilliseconds(20);
    AtomicStoreU32(&globalTaskWait.release, 1);
}

global volatile u32 globalRepeatingInside;
global volatile u32 globalRepeatingMaxInside;
global volatile u32 globalRepeatingRuns;
internal PLATFORM_WORK_QUEUE_CALLBACK(SlowRepeatingTask)
{
    (void)queue;
    (void)data;
    u32 inside = AtomicIncrementU32(&globalRepeatingInside);
    if (inside > AtomicLoadU32(&globalRepeatingMaxInside))
    {
        AtomicStoreU32(&globalRepeatingMaxInside, inside);
    }
    OSSleepMilliseconds(4);
    AtomicIncrementU32(&globalRepeatingRuns);
    AtomicDecrementU32(&globalRepeatingInside);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(NoOpTask)
{
    (void)queue;
    (void)data;
}

internal void TestTaskPromises(void)
{
    ArmWatchdog("task promises", 60);
    memory_arena arena = MakeTestArena(Megabytes(2));
    work_queue_system system;
    InitWorkQueueSystem(&system, &arena, 2, 1, TestLog);
    task_manager *manager = &system.tasks;
    globalTaskWait.manager = manager;

    // 70,000 reuses of one slot: every id differs, and the first id no longer cancels anything.
    u64 firstId = AddTask(manager, TaskFlag_MainThread, NoOpTask, 0);
    CancelTask(manager, firstId);
    u64 previous = firstId;
    u32 repeats = 0;
    u32 reuses = 70000;
    for (u32 index = 1; index < reuses; ++index)
    {
        u64 id = AddTask(manager, TaskFlag_MainThread, NoOpTask, 0);
        repeats += (id == firstId || id == previous || id == 0);
        previous = id;
        CancelTask(manager, id);
    }
    u64 live = AddTask(manager, TaskFlag_MainThread | TaskFlag_Repeating, NoOpTask, 0);
    CancelTask(manager, firstId);
    CHECK_MSG(repeats == 0 && live != firstId, "70,000 reuses of one task slot: no id repeats");
    CHECK_MSG(manager->activeCount == 1, "... and a stale id does not cancel the task now in that slot");
    CancelTask(manager, live);

    // Cancel, then free: a main-thread task collected for this frame and cancelled by an
    // earlier task of the same frame must not start.
    static volatile u32 victimValue;
    u32 rounds = (u32)Scaled(200, 20);
    globalTaskWait.badReads = 0;
    globalTaskWait.victimRuns = 0;
    for (u32 round = 0; round < rounds; ++round)
    {
        victimValue = 0x600d;
        globalTaskWait.victimData = &victimValue;
        AddTask(manager, TaskFlag_MainThread, CancellingTask, 0);
        globalTaskWait.victimId = AddTask(manager, TaskFlag_MainThread, VictimTask, (void *)&victimValue);
        RunMainThreadTasks(manager);
        EndFrameTasks(manager);
    }
    CHECK_MSG(globalTaskWait.victimRuns == 0 && globalTaskWait.badReads == 0,
              "a main-thread task cancelled earlier in the same frame does not start (its data was freed)");

    // Background: cancel racing the start, then free; the callback either ran before the free
    // (the wait covers it) or never starts.
    globalTaskWait.badReads = 0;
    static volatile u32 backgroundValues[64];
    for (u32 round = 0; round < rounds; ++round)
    {
        u64 ids[64];
        for (u32 index = 0; index < 64; ++index)
        {
            backgroundValues[index] = 0x600d;
            ids[index] = AddTask(manager, 0, VictimTask, (void *)&backgroundValues[index]);
        }
        for (u32 index = 0; index < 64; ++index)
        {
            CancelTaskAndWait(manager, ids[index]);
            AtomicStoreU32(&backgroundValues[index], 0xdead);
        }
        DrainWorkQueueSystem(&system);
    }
    CHECK_MSG(globalTaskWait.badReads == 0, "after CancelTaskAndWait no callback of the task runs or starts (freed data never read)");

    // CancelTaskAndWait waits for a run in progress.
    static volatile u32 longValue;
    longValue = 0x600d;
    globalTaskWait.inside = 0;
    globalTaskWait.release = 0;
    globalTaskWait.badReads = 0;
    u64 longId = AddTask(manager, 0, LongTask, (void *)&longValue);
    while (!AtomicLoadU32(&globalTaskWait.inside))
    {
        OSYieldThread();
    }
    os_thread releaser;
    OSCreateThread(&releaser, ReleaseLater, 0);
    CancelTaskAndWait(manager, longId);
    CHECK_MSG(AtomicLoadU32(&globalTaskWait.inside) == 0, "CancelTaskAndWait returns only after the run in progress ended");
    AtomicStoreU32(&longValue, 0xdead);
    OSJoinThread(&releaser);
    DrainWorkQueueSystem(&system);
    CHECK(globalTaskWait.badReads == 0);

    // A task cancelling itself and waiting: returns (it cannot wait for its own run).
    globalTaskWait.selfCancelDone = 0;
    globalTaskWait.selfId = AddTask(manager, TaskFlag_MainThread | TaskFlag_Repeating, SelfCancellingTask, 0);
    RunMainThreadTasks(manager);
    RunMainThreadTasks(manager);
    CHECK_MSG(globalTaskWait.selfCancelDone == 1 && manager->activeCount == 0,
              "a task's CancelTaskAndWait on itself returns, and the task is cancelled");

    // Repeating background: at most one run per frame, never two at once; a frame whose
    // previous run is still queued or running is skipped (what task_manager.h promises).
    globalRepeatingInside = 0;
    globalRepeatingMaxInside = 0;
    globalRepeatingRuns = 0;
    u64 repeatingId = AddTask(manager, TaskFlag_Repeating, SlowRepeatingTask, 0);
    u32 frames = 40;
    for (u32 frame = 0; frame < frames; ++frame)
    {
        RunMainThreadTasks(manager);
        EndFrameTasks(manager);
        OSSleepMilliseconds(1);
    }
    CancelTaskAndWait(manager, repeatingId);
    u32 runs = AtomicLoadU32(&globalRepeatingRuns);
    CHECK_MSG(runs >= 1 && runs < frames && globalRepeatingMaxInside == 1,
              "a repeating background task slower than a frame skips frames and never runs twice at once");

    ShutdownWorkQueueSystem(&system);
    free(arena.base);
}

//~ A queue that was never created
global volatile u32 globalRefusedQueueRuns;
internal PLATFORM_WORK_QUEUE_CALLBACK(MustNotRun)
{
    (void)queue;
    (void)data;
    AtomicIncrementU32(&globalRefusedQueueRuns);
}

internal PLATFORM_PARALLEL_FOR_CALLBACK(CountParallelItems)
{
    (void)data;
    AtomicAddU32(&globalRefusedQueueRuns, onePastLast - first);
}

internal void TestRefusedQueue(void)
{
    ArmWatchdog("queue that was not created", 30);
    memory_arena tiny = MakeTestArena(1024);
    platform_work_queue queue;
    u32 errorsBefore = globalErrorLogCount;
    CHECK_MSG(!CreateWorkQueue(&queue, &tiny, "tiny", 4096, 2, 2, TestLog), "a queue that does not fit is refused");
    globalRefusedQueueRuns = 0;
    u32 errorsAfterCreate = globalErrorLogCount;
    AddWorkQueueEntry(&queue, MustNotRun, 0);
    CHECK_MSG(globalErrorLogCount > errorsAfterCreate && LogContains("not created") && queue.refusedAddCount == 1,
              "an add to a queue that was not created is refused with a logged error (no crash)");
    CHECK(!TryAddWorkQueueEntry(&queue, MustNotRun, 0));
    CompleteAllWork(&queue);
    platform_work_queue *queues[] = {&queue};
    DrainWorkQueues(queues, 1);
    CHECK_MSG(globalRefusedQueueRuns == 0, "... its callback never runs, and its waits return at once");
    ParallelFor(&queue, 100, 1, CountParallelItems, 0);
    CHECK_MSG(globalRefusedQueueRuns == 100, "ParallelFor on it runs every item on the calling thread");
    memory_arena arena = MakeTestArena(Megabytes(1));
    job_graph graph;
    BeginJobGraph(&graph, &arena, "on a missing queue", 2, 2, TestLog);
    AddGraphJob(&graph, MustNotRun, 0);
    CHECK_MSG(!SubmitJobGraph(&queue, &graph) && LogContains("not created"), "a graph on it is refused (logged)");
    task_manager manager;
    InitTaskManager(&manager, &queue, &queue, TestLog);
    CHECK_MSG(AddTask(&manager, 0, MustNotRun, 0) == 0 && LogContains("not created"), "a background task on it is refused (logged)");
    CHECK(globalErrorLogCount > errorsBefore);
    StopWorkQueue(&queue);
    free(tiny.base);
    free(arena.base);
}

int main(int argumentCount, char **arguments)
{
    ParseScale(argumentCount, arguments);
    setvbuf(stdout, 0, _IONBF, 0);
    StartWatchdog();
    u32 rounds = (u32)Scaled(100, 5);
    for (u32 workers = 1; workers <= 3; ++workers)
    {
        TestGraphJobParallelForWithWaiters(workers, rounds);
        TestMixedNestedWaits(workers, rounds);
        TestFullRingInsideGraphJob(workers, rounds);
        TestCompleteAllWorkFromJobs(workers, rounds);
    }
    TestCompleteAllWorkWithoutWorkers();
    TestRefusedWholeQueueWaits();
    TestTaskPromises();
    TestRefusedQueue();
    StopWatchdog();
    return TestSummary();
}
