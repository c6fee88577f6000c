// Job graphs (random DAGs in topological order, refusals of unrunnable graphs, waits) and the
// task manager (main-thread, background, repeating and frame-synchronised tasks).
// Usage: test_job_graph [-s divisor]

#include "test_work_common.h"

//~ Random DAGs
struct dag_test
{
    u32 jobCount;
    u32 *predecessorStart;      // jobCount + 1 offsets into predecessors
    u32 *predecessors;
    volatile u32 *runs;
    volatile u32 *finished;
    volatile u32 orderViolations;
};
global dag_test globalDag;

internal PLATFORM_WORK_QUEUE_CALLBACK(DagJob)
{
    u32 id = (u32)(umm)data;
    for (u32 index = globalDag.predecessorStart[id]; index < globalDag.predecessorStart[id + 1]; ++index)
    {
        if (!AtomicLoadU32(&globalDag.finished[globalDag.predecessors[index]]))
        {
            AtomicIncrementU32(&globalDag.orderViolations);
        }
    }
    AtomicIncrementU32(&globalDag.runs[id]);
    BusyWork((id * 2654435761u >> 24) & 31);
    AtomicStoreU32(&globalDag.finished[id], 1);
}

// Builds a random DAG over a random permutation: each job depends on 0-4 earlier jobs, mostly
// recent ones (long chains) and sometimes far ones (wide fan-in).
internal b32 BuildRandomDag(job_graph *graph, memory_arena *arena, u32 jobCount, random_series *series)
{
    u32 maxEdges = jobCount * 4;
    if (!BeginJobGraph(graph, arena, "random dag", jobCount, maxEdges, TestLog))
    {
        return 0;
    }
    u32 *order = PushArray(arena, jobCount, u32);
    for (u32 index = 0; index < jobCount; ++index)
    {
        order[index] = index;
    }
    for (u32 index = jobCount - 1; index > 0; --index)
    {
        u32 other = NextRandom(series) % (index + 1);
        u32 swap = order[index];
        order[index] = order[other];
        order[other] = swap;
    }
    for (u32 index = 0; index < jobCount; ++index)
    {
        AddGraphJob(graph, DagJob, (void *)(umm)index);
    }
    globalDag.jobCount = jobCount;
    globalDag.predecessorStart = PushArray(arena, jobCount + 1, u32);
    globalDag.predecessors = PushArray(arena, maxEdges, u32);
    u32 *predecessorCount = PushArray(arena, jobCount, u32);
    job_edge *edges = PushArray(arena, maxEdges, job_edge);
    u32 edgeCount = 0;
    for (u32 position = 1; position < jobCount; ++position)
    {
        u32 dependencyCount = NextRandom(series) % 5;
        for (u32 index = 0; index < dependencyCount; ++index)
        {
            u32 span = (NextRandom(series) % 4 == 0) ? position : Minimum(position, 16u);
            u32 before = order[position - 1 - NextRandom(series) % span];
            u32 after = order[position];
            edges[edgeCount].before = before;
            edges[edgeCount].after = after;
            ++edgeCount;
            ++predecessorCount[after];
            AddJobDependency(graph, before, after);
        }
    }
    u32 offset = 0;
    for (u32 index = 0; index < jobCount; ++index)
    {
        globalDag.predecessorStart[index] = offset;
        offset += predecessorCount[index];
        predecessorCount[index] = 0;
    }
    globalDag.predecessorStart[jobCount] = offset;
    for (u32 index = 0; index < edgeCount; ++index)
    {
        u32 after = edges[index].after;
        globalDag.predecessors[globalDag.predecessorStart[after] + predecessorCount[after]++] = edges[index].before;
    }
    globalDag.runs = PushArray(arena, jobCount, volatile u32);
    globalDag.finished = PushArray(arena, jobCount, volatile u32);
    return 1;
}

internal void TestRandomDags(u32 workerCount, u32 dagCount)
{
    ArmWatchdog("random DAGs", 120);
    memory_arena arena = MakeTestArena(Megabytes(8));
    platform_work_queue queue;
    CreateWorkQueue(&queue, &arena, "dag", 1024, workerCount, workerCount, TestLog);
    random_series series = {0x9e3779b97f4a7c15ull + workerCount};
    u32 badDags = 0;
    for (u32 dagIndex = 0; dagIndex < dagCount; ++dagIndex)
    {
        temporary_memory temp = BeginTemporaryMemory(&arena);
        job_graph graph;
        u32 jobCount = 10000;
        BuildRandomDag(&graph, &arena, jobCount, &series);
        globalDag.orderViolations = 0;
        // The same graph runs twice (a frame graph is resubmitted every frame).
        for (u32 repeat = 0; repeat < 2; ++repeat)
        {
            for (u32 index = 0; index < jobCount; ++index)
            {
                globalDag.runs[index] = 0;
                globalDag.finished[index] = 0;
            }
            b32 submitted = SubmitJobGraph(&queue, &graph);
            WaitForJobGraph(&graph);
            u32 wrongRuns = 0;
            for (u32 index = 0; index < jobCount; ++index)
            {
                wrongRuns += (globalDag.runs[index] != 1) || !IsJobFinished(&graph, index);
            }
            badDags += !submitted || wrongRuns != 0 || globalDag.orderViolations != 0;
        }
        EndTemporaryMemory(temp);
    }
    CHECK_MSG(badDags == 0, "random DAGs of 10,000 jobs: each job once, after all of its dependencies");
    CompleteAllWork(&queue);
    StopWorkQueue(&queue);
    free(arena.base);
}

//~ Which released jobs a runner keeps
// Judged by ring entries, never by time: a chain runs as one entry (each released job is run by
// the thread that released it), and jobs not known to be tiny are shared through the ring.
internal PLATFORM_WORK_QUEUE_CALLBACK(CountGraphRun)
{
    (void)queue;
    AtomicIncrementU32((volatile u32 *)data);
}
internal PLATFORM_WORK_QUEUE_CALLBACK(LongGraphJob)
{
    (void)queue;
    u64 end = OSGetTimeNanoseconds() + 200000;
    while (OSGetTimeNanoseconds() < end)
    {
        CpuPause();
    }
    AtomicIncrementU32((volatile u32 *)data);
}

// How many of 'submissions' runs of the graph added exactly 'entries' ring entries.
internal u32 RunsAddingEntries(platform_work_queue *queue, job_graph *graph, u32 submissions, u64 entries)
{
    u32 matching = 0;
    for (u32 submission = 0; submission < submissions; ++submission)
    {
        u64 before = AtomicLoadU64(&queue->writeIndex);
        SubmitJobGraph(queue, graph);
        WaitForJobGraph(graph);
        matching += (AtomicLoadU64(&queue->writeIndex) - before == entries);
    }
    return matching;
}

internal void TestKeptAndSharedJobs(void)
{
    ArmWatchdog("kept and shared graph jobs", 60);
    memory_arena arena = MakeTestArena(Megabytes(2));
    platform_work_queue queue;
    CreateWorkQueue(&queue, &arena, "keep", 256, 1, 1, TestLog);
    volatile u32 runs = 0;

    job_graph chain;
    BeginJobGraph(&chain, &arena, "chain", 64, 64, TestLog);
    for (u32 index = 0; index < 64; ++index)
    {
        AddGraphJob(&chain, CountGraphRun, (void *)&runs);
        if (index) AddJobDependency(&chain, index - 1, index);
    }
    u32 oneEntryRuns = RunsAddingEntries(&queue, &chain, 3, 1);
    CHECK_MSG(oneEntryRuns == 3 && runs == 64 * 3, "a 64-job chain runs as one ring entry: the releasing thread runs each next job");

    job_graph fan;
    BeginJobGraph(&fan, &arena, "fan", 5, 4, TestLog);
    job_id root = AddGraphJob(&fan, CountGraphRun, (void *)&runs);
    for (u32 index = 0; index < 4; ++index)
    {
        AddJobDependency(&fan, root, AddGraphJob(&fan, LongGraphJob, (void *)&runs));
    }
    u32 sharedRuns = RunsAddingEntries(&queue, &fan, 2, 4);
    CHECK_MSG(sharedRuns == 2 && runs == 64 * 3 + 5 * 2,
              "long jobs (never run, then known long) are shared: the root's entry + 3 of its 4 dependents");

    // A root releasing 600 tiny jobs: the first run shares them one entry each (never ran: long);
    // later runs keep them and hand them on in halves, one entry per half (chains), while the kept
    // work is over JOB_GRAPH_KEEP_CYCLES, so a long run of tiny jobs still spreads over the threads.
    StopWorkQueue(&queue);
    CreateWorkQueue(&queue, &arena, "keep wide", 1024, 1, 1, TestLog);   // room for every entry
    job_graph wide;
    const u32 wideCount = 600;
    BeginJobGraph(&wide, &arena, "wide", wideCount + 1, wideCount, TestLog);
    job_id wideRoot = AddGraphJob(&wide, CountGraphRun, (void *)&runs);
    for (u32 index = 0; index < wideCount; ++index) AddJobDependency(&wide, wideRoot, AddGraphJob(&wide, CountGraphRun, (void *)&runs));
    u32 runsBefore = runs;
    u32 firstRunShared = RunsAddingEntries(&queue, &wide, 1, wideCount);
    CHECK_MSG(firstRunShared == 1, "a wide graph's first run shares every released job but the kept first (never ran: long)");
    u32 knownTiny = 0;
    u64 tinyCycles = 0;
    for (u32 index = 1; index <= wideCount; ++index)
    {
        u32 cycles = wide.jobs[index].lastRunCycles;
        if (cycles && cycles < JOB_GRAPH_TINY_CYCLES) { ++knownTiny; tinyCycles += cycles; }
    }
    u64 before = AtomicLoadU64(&queue.writeIndex);
    SubmitJobGraph(&queue, &wide);
    WaitForJobGraph(&wide);
    u64 entries = AtomicLoadU64(&queue.writeIndex) - before;
    CHECK_MSG(runs == runsBefore + 2 * (wideCount + 1), "every job of the wide graph ran once per run, kept, chained or shared");
    if (knownTiny >= wideCount / 2 && tinyCycles > 2 * JOB_GRAPH_KEEP_CYCLES)
    {
        CHECK_MSG(entries >= 2 && entries <= 1 + (wideCount - knownTiny) + knownTiny / 4,
                  "known-tiny jobs are kept and handed on in chains: far fewer ring entries than jobs, more than one");
    }
    else
    {
        printf("note: the wide graph's jobs did not run tiny here (%u of %u under %u cycles): chain count not checked\n",
               knownTiny, wideCount, JOB_GRAPH_TINY_CYCLES);
    }
    StopWorkQueue(&queue);
    free(arena.base);
}

//~ Refusals
global volatile u32 globalRefusedRuns;
internal PLATFORM_WORK_QUEUE_CALLBACK(MustNotRunJob)
{
    AtomicIncrementU32(&globalRefusedRuns);
}

internal b32 LastLogContains(const char *text)
{
    BeginSpinLock(&globalLastLogLock);
    b32 found = strstr(globalLastLog, text) != 0;
    EndSpinLock(&globalLastLogLock);
    return found;
}

internal void TestRefusedGraphs(void)
{
    ArmWatchdog("refused graphs", 30);
    memory_arena arena = MakeTestArena(Megabytes(1));
    platform_work_queue queue;
    CreateWorkQueue(&queue, &arena, "refusals", 64, 1, 1, TestLog);
    globalRefusedRuns = 0;

    job_graph graph;
    BeginJobGraph(&graph, &arena, "cycle", 8, 8, TestLog);
    job_id a = AddGraphJob(&graph, MustNotRunJob, 0);
    job_id b = AddGraphJob(&graph, MustNotRunJob, 0);
    job_id c = AddGraphJob(&graph, MustNotRunJob, 0);
    job_id root = AddGraphJob(&graph, MustNotRunJob, 0);
    AddJobDependency(&graph, root, a);
    AddJobDependency(&graph, a, b);
    AddJobDependency(&graph, b, c);
    AddJobDependency(&graph, c, a);
    CHECK_MSG(!SubmitJobGraph(&queue, &graph), "a graph with a cycle is refused");
    CHECK_MSG(LastLogContains("cycle") && LastLogContains("'cycle'"), "... with an error naming the graph and the cycle");

    BeginJobGraph(&graph, &arena, "no root", 8, 8, TestLog);
    a = AddGraphJob(&graph, MustNotRunJob, 0);
    b = AddGraphJob(&graph, MustNotRunJob, 0);
    AddJobDependency(&graph, a, b);
    AddJobDependency(&graph, b, a);
    CHECK_MSG(!SubmitJobGraph(&queue, &graph), "a graph with no job free to start is refused");
    CHECK_MSG(LastLogContains("no job is free to start"), "... with an error that says so");

    BeginJobGraph(&graph, &arena, "self", 8, 8, TestLog);
    a = AddGraphJob(&graph, MustNotRunJob, 0);
    AddGraphJob(&graph, MustNotRunJob, 0);
    AddJobDependency(&graph, a, a);
    CHECK_MSG(!SubmitJobGraph(&queue, &graph), "a job depending on itself is refused");

    BeginJobGraph(&graph, &arena, "overflow", 2, 1, TestLog);
    AddGraphJob(&graph, MustNotRunJob, 0);
    AddGraphJob(&graph, MustNotRunJob, 0);
    CHECK(AddGraphJob(&graph, MustNotRunJob, 0) == JOB_ID_NONE);
    CHECK_MSG(!SubmitJobGraph(&queue, &graph) && LastLogContains("did not fit"), "an overflowed graph is refused, logged");

    CompleteAllWork(&queue);
    CHECK_MSG(globalRefusedRuns == 0, "no job of a refused graph ever runs");

    // An empty graph is fine and finishes at once.
    BeginJobGraph(&graph, &arena, "empty", 1, 1, TestLog);
    CHECK(SubmitJobGraph(&queue, &graph));
    WaitForJobGraph(&graph);
    StopWorkQueue(&queue);
    free(arena.base);
}

//~ Waiting on one job, from inside jobs too
struct chain_test
{
    job_graph *graph;
    volatile u32 step;
    volatile u32 bad;
};
global chain_test globalChain;

internal PLATFORM_WORK_QUEUE_CALLBACK(ChainJob)
{
    u32 index = (u32)(umm)data;
    if (AtomicLoadU32(&globalChain.step) != index)
    {
        AtomicIncrementU32(&globalChain.bad);
    }
    BusyWork(2000);
    AtomicStoreU32(&globalChain.step, index + 1);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(WaitInsideJob)
{
    // A job waiting (helping) for a job of a graph: must not deadlock even with one worker.
    WaitForJob(globalChain.graph, 5);
    if (!IsJobFinished(globalChain.graph, 5) || AtomicLoadU32(&globalChain.step) < 6)
    {
        AtomicIncrementU32(&globalChain.bad);
    }
}

global volatile u32 globalGraphGate;
internal PLATFORM_WORK_QUEUE_CALLBACK(GatedJob)
{
    while (!AtomicLoadU32(&globalGraphGate))
    {
        OSYieldThread();
    }
}

internal void TestWaitForJob(void)
{
    ArmWatchdog("wait for job", 30);
    memory_arena arena = MakeTestArena(Megabytes(1));
    platform_work_queue queue;
    CreateWorkQueue(&queue, &arena, "chain", 64, 1, 1, TestLog);
    job_graph graph;
    BeginJobGraph(&graph, &arena, "chain", 16, 16, TestLog);
    for (u32 index = 0; index < 10; ++index)
    {
        AddGraphJob(&graph, ChainJob, (void *)(umm)index);
        if (index)
        {
            AddJobDependency(&graph, index - 1, index);
        }
    }
    globalChain.graph = &graph;
    globalChain.step = 0;
    globalChain.bad = 0;
    CHECK(SubmitJobGraph(&queue, &graph));
    AddWorkQueueEntry(&queue, WaitInsideJob, 0);
    WaitForJob(&graph, 3);
    CHECK_MSG(IsJobFinished(&graph, 3) && AtomicLoadU32(&globalChain.step) >= 4, "WaitForJob returns once that job finished");
    WaitForJobGraph(&graph);
    CompleteAllWork(&queue);
    CHECK_MSG(globalChain.bad == 0 && globalChain.step == 10, "a chain runs strictly in order");

    // A graph still running is not submitted again (its counters are in use).
    job_graph gated;
    BeginJobGraph(&gated, &arena, "gated", 2, 1, TestLog);
    AddGraphJob(&gated, GatedJob, 0);
    globalGraphGate = 0;
    CHECK(SubmitJobGraph(&queue, &gated));
    CHECK_MSG(!SubmitJobGraph(&queue, &gated) && LastLogContains("still running"),
              "a graph still running cannot be submitted again (logged)");
    AtomicStoreU32(&globalGraphGate, 1);
    WaitForJobGraph(&gated);
    CHECK_MSG(SubmitJobGraph(&queue, &gated), "... and can once it has finished");
    WaitForJobGraph(&gated);
    StopWorkQueue(&queue);
    free(arena.base);
}

//~ Tasks
global thread_local b32 isMainThread;

struct task_test
{
    volatile u32 mainRuns;
    volatile u32 mainRunsOffThread;
    volatile u32 repeatingMainRuns;
    volatile u32 repeatingBackgroundRuns;
    volatile u32 syncRuns;
    volatile u32 syncSlowDone;
    volatile u32 gate;
    volatile u32 gatedRuns;
    volatile u32 addedFromWorker;
    volatile u32 cancelledRuns;
    task_manager *manager;
};
global task_test globalTasks;

internal PLATFORM_WORK_QUEUE_CALLBACK(MainThreadTask)
{
    AtomicIncrementU32(&globalTasks.mainRuns);
    if (!isMainThread)
    {
        AtomicIncrementU32(&globalTasks.mainRunsOffThread);
    }
}
internal PLATFORM_WORK_QUEUE_CALLBACK(RepeatingMainTask)
{
    AtomicIncrementU32(&globalTasks.repeatingMainRuns);
    if (!isMainThread)
    {
        AtomicIncrementU32(&globalTasks.mainRunsOffThread);
    }
}
internal PLATFORM_WORK_QUEUE_CALLBACK(RepeatingSyncTask)
{
    BusyWork(20000);
    AtomicIncrementU32(&globalTasks.repeatingBackgroundRuns);
}
internal PLATFORM_WORK_QUEUE_CALLBACK(SlowSyncTask)
{
    OSSleepMilliseconds(20);
    AtomicStoreU32(&globalTasks.syncSlowDone, 1);
}
internal PLATFORM_WORK_QUEUE_CALLBACK(GatedBackgroundTask)
{
    while (!AtomicLoadU32(&globalTasks.gate))
    {
        OSSleepMilliseconds(1);
    }
    AtomicIncrementU32(&globalTasks.gatedRuns);
}
internal PLATFORM_WORK_QUEUE_CALLBACK(AddsMainThreadTask)
{
    // Any thread may add tasks: a background task schedules main-thread work.
    if (AddTask(globalTasks.manager, TaskFlag_MainThread, MainThreadTask, 0))
    {
        AtomicIncrementU32(&globalTasks.addedFromWorker);
    }
}
internal PLATFORM_WORK_QUEUE_CALLBACK(CancelledTask)
{
    AtomicIncrementU32(&globalTasks.cancelledRuns);
}

internal void TestTasks(void)
{
    ArmWatchdog("tasks", 60);
    isMainThread = 1;
    memory_arena arena = MakeTestArena(Megabytes(1));
    static work_queue_system system;
    CHECK(InitWorkQueueSystem(&system, &arena, 2, 1, TestLog));
    platform_api api;
    memset(&api, 0, sizeof(api));
    FillPlatformWorkQueueApi(&api, &system);
    CHECK(api.AddWorkQueueEntry && api.CompleteAllWork && api.ParallelFor && api.SubmitJobGraph &&
          api.WaitForJobGraph && api.AddTask && api.CancelTask && api.taskManager == &system.tasks);
    task_manager *manager = api.taskManager;
    memset(&globalTasks, 0, sizeof(globalTasks));
    globalTasks.manager = manager;

    // Main-thread one-shot, added from a worker; runs at the next per-frame point, on the main
    // thread, once.
    api.AddTask(manager, 0, AddsMainThreadTask, 0);
    CompleteAllWork(&system.lowQueue);
    CHECK(globalTasks.addedFromWorker == 1);
    CHECK_MSG(globalTasks.mainRuns == 0, "a main-thread task waits for the per-frame point");
    RunMainThreadTasks(manager);
    RunMainThreadTasks(manager);
    CHECK_MSG(globalTasks.mainRuns == 1, "a one-shot main-thread task runs exactly once");

    // Repeating main-thread and repeating frame-synchronised background tasks: once per frame.
    u64 repeatingMain = api.AddTask(manager, TaskFlag_MainThread | TaskFlag_Repeating, RepeatingMainTask, 0);
    u64 repeatingSync = api.AddTask(manager, TaskFlag_Repeating | TaskFlag_FrameSync, RepeatingSyncTask, 0);
    CHECK(repeatingMain && repeatingSync);
    // A background task that is not frame-synchronised and stays blocked: the sync point must not
    // wait for it (if it did, this test would hang and the watchdog would say so).
    api.AddTask(manager, 0, GatedBackgroundTask, 0);
    u32 framesInSync = 0;
    for (u32 frame = 1; frame <= 10; ++frame)
    {
        RunMainThreadTasks(manager);
        if (frame == 4)
        {
            api.AddTask(manager, TaskFlag_FrameSync, SlowSyncTask, 0);
        }
        EndFrameTasks(manager);
        framesInSync += (globalTasks.repeatingBackgroundRuns == frame) && (globalTasks.repeatingMainRuns == frame);
        if (frame == 4)
        {
            CHECK_MSG(globalTasks.syncSlowDone == 1, "the end-of-frame sync point waits for a frame-sync task");
        }
    }
    CHECK_MSG(framesInSync == 10, "repeating tasks run exactly once per frame, synced ones done at frame end");
    CHECK_MSG(globalTasks.gatedRuns == 0, "the sync point does not wait for other background tasks");
    CHECK_MSG(globalTasks.mainRunsOffThread == 0, "main-thread tasks only ever run on the main thread");

    api.CancelTask(manager, repeatingMain);
    api.CancelTask(manager, repeatingSync);
    for (u32 frame = 0; frame < 3; ++frame)
    {
        RunMainThreadTasks(manager);
        EndFrameTasks(manager);
    }
    CHECK_MSG(globalTasks.repeatingMainRuns == 10 && globalTasks.repeatingBackgroundRuns == 10,
              "cancelled repeating tasks stop");

    // A stale id does not cancel the task that reuses its slot.
    u64 fresh = api.AddTask(manager, TaskFlag_MainThread | TaskFlag_Repeating, CancelledTask, 0);
    api.CancelTask(manager, repeatingMain);
    RunMainThreadTasks(manager);
    CHECK_MSG(globalTasks.cancelledRuns == 1, "a stale task id cancels nothing");
    api.CancelTask(manager, fresh);
    RunMainThreadTasks(manager);
    CHECK(globalTasks.cancelledRuns == 1);

    // Refusals, logged.
    u32 errorsBefore = globalErrorLogCount;
    CHECK_MSG(api.AddTask(manager, TaskFlag_MainThread | TaskFlag_FrameSync, MainThreadTask, 0) == 0,
              "a main-thread task cannot be frame-synchronised");
    CHECK(api.AddTask(manager, 0x80, MainThreadTask, 0) == 0);
    u64 ids[TASK_MANAGER_MAX_TASKS];
    u32 added = 0;
    for (u32 index = 0; index < TASK_MANAGER_MAX_TASKS; ++index)
    {
        ids[index] = api.AddTask(manager, TaskFlag_MainThread | TaskFlag_Repeating, CancelledTask, 0);
        added += (ids[index] != 0);
    }
    CHECK_MSG(added < TASK_MANAGER_MAX_TASKS && LastLogContains("slots in use"), "a full task table refuses, logged");
    CHECK(globalErrorLogCount >= errorsBefore + 3);
    for (u32 index = 0; index < TASK_MANAGER_MAX_TASKS; ++index)
    {
        api.CancelTask(manager, ids[index]);
    }
    CHECK(manager->activeCount == 1);   // only the gated task, still blocked

    AtomicStoreU32(&globalTasks.gate, 1);

    // Reload: pending one-shot main-thread tasks run before the unload, repeating tasks (whose
    // callbacks live in the old DLL) are cancelled, the queues are drained.
    u32 mainRunsBefore = globalTasks.mainRuns;
    u32 repeatingBefore = globalTasks.repeatingBackgroundRuns;
    api.AddTask(manager, TaskFlag_MainThread, MainThreadTask, 0);
    api.AddTask(manager, TaskFlag_Repeating | TaskFlag_FrameSync, RepeatingSyncTask, 0);
    api.AddTask(manager, TaskFlag_Repeating | TaskFlag_MainThread, RepeatingMainTask, 0);
    PrepareWorkQueuesForReload(&system);
    CHECK_MSG(globalTasks.mainRuns == mainRunsBefore + 1, "a reload first runs pending one-shot main-thread tasks");
    CHECK_MSG(globalTasks.gatedRuns == 1 && IsWorkQueueIdle(&system.lowQueue) && IsWorkQueueIdle(&system.highQueue),
              "a reload drains both queues");
    RunMainThreadTasks(manager);
    EndFrameTasks(manager);
    CHECK_MSG(globalTasks.repeatingBackgroundRuns == repeatingBefore && globalTasks.repeatingMainRuns == 10,
              "a reload cancels repeating tasks (their code is in the old DLL)");
    CHECK(manager->activeCount == 0);

    ShutdownWorkQueueSystem(&system);
    CHECK_MSG(globalTasks.gatedRuns == 1, "shutdown finishes background work instead of dropping it");
    CHECK(manager->activeCount == 0);
    free(arena.base);
}

int main(int argumentCount, char **arguments)
{
    ParseScale(argumentCount, arguments);
    setvbuf(stdout, 0, _IONBF, 0);
    StartWatchdog();

    TestRandomDags(2, (u32)Scaled(20, 2));
    TestRandomDags(3 * OSGetCoreCount(), (u32)Scaled(10, 1));
    TestRefusedGraphs();
    TestWaitForJob();
    TestKeptAndSharedJobs();
    TestTasks();

    StopWatchdog();
    return TestSummary();
}
