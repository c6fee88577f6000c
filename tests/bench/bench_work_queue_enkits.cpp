// The work queue benchmark's enkiTS runner (tests/bench/bench_work_queue.cpp includes it when built
// with BENCH_ENKITS: ENKITS_DIR set for tests/bench/bench_work_queue.sh). enkiTS is never part of this
// repository.

//~ (c) enkiTS
global enki::TaskScheduler globalEnki;

struct enki_empty_task : enki::ITaskSet
{
    void ExecuteRange(enki::TaskSetPartition, uint32_t) override {}
};
struct enki_tiny_task : enki::ITaskSet
{
    void ExecuteRange(enki::TaskSetPartition, uint32_t) override { AtomicIncrementU32(&globalSink); }
};
struct enki_for_task : enki::ITaskSet
{
    platform_parallel_for_callback *callback;
    void *data;
    void ExecuteRange(enki::TaskSetPartition range, uint32_t) override { callback(data, range.start, range.end); }
};
struct enki_graph_task : enki::ITaskSet
{
    std::vector<enki::Dependency> dependencies;
    void ExecuteRange(enki::TaskSetPartition, uint32_t) override { AtomicIncrementU32(&globalSink); }
};

struct enki_bench
{
    std::vector<enki_empty_task> empties;
    enki_tiny_task tinies[ROUND_JOB_COUNT];
    std::vector<enki_graph_task> graph;
};

internal void EnkiStart(enki_bench *bench, u32 threadCount)
{
    globalEnki.Initialize(threadCount);     // the calling thread included
    bench->empties = std::vector<enki_empty_task>(EMPTY_JOB_COUNT);
    bench->graph = std::vector<enki_graph_task>(GRAPH_JOB_COUNT);
    std::vector<u32> dependencyCount(GRAPH_JOB_COUNT, 0);
    for (u32 index = 0; index < globalDag.edgeCount; ++index)
    {
        ++dependencyCount[globalDag.after[index]];
    }
    for (u32 index = 0; index < GRAPH_JOB_COUNT; ++index)
    {
        bench->graph[index].dependencies.resize(dependencyCount[index]);
        dependencyCount[index] = 0;
    }
    for (u32 index = 0; index < globalDag.edgeCount; ++index)
    {
        enki_graph_task &after = bench->graph[globalDag.after[index]];
        after.SetDependency(after.dependencies[dependencyCount[globalDag.after[index]]++],
                           &bench->graph[globalDag.before[index]]);
    }
}

// Up to `rounds` parallel-fors of 64 items; 0 when the time limit came first.
internal f64 EnkiParallelForUs(u32 rounds, platform_parallel_for_callback *callback, void *data)
{
    enki_for_task forTask;
    forTask.callback = callback;
    forTask.data = data;
    forTask.m_SetSize = 64;
    forTask.m_MinRange = 1;
    u64 start = OSGetTimeNanoseconds();
    u32 done = 0;
    for (; done < rounds && ((done & 15) || !OverRowLimit(start)); ++done)
    {
        globalEnki.AddTaskSetToPipe(&forTask);
        globalEnki.WaitforTask(&forTask);
    }
    return done ? Seconds(start) * 1e6 / done : BENCH_SKIPPED;
}

internal void EnkiSample(enki_bench *bench, f64 *row)
{
    u64 start = OSGetTimeNanoseconds();
    u32 done = 0;
    for (; done < EMPTY_JOB_COUNT && ((done & 4095) || !OverRowLimit(start)); ++done)
    {
        globalEnki.AddTaskSetToPipe(&bench->empties[done]);
    }
    globalEnki.WaitforAll();
    row[Row_EmptyJob] = done ? Seconds(start) * 1e9 / done : BENCH_SKIPPED;

    start = OSGetTimeNanoseconds();
    for (done = 0; done < ROUND_COUNT && ((done & 63) || !OverRowLimit(start)); ++done)
    {
        for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
        {
            globalEnki.AddTaskSetToPipe(&bench->tinies[index]);
        }
        globalEnki.WaitforAll();
    }
    if (done) row[Row_Round] = Seconds(start) * 1e6 / done;

    start = OSGetTimeNanoseconds();
    for (done = 0; done < GRAPH_RUNS_PER_SAMPLE && !OverRowLimit(start); ++done)
    {
        for (u32 index = 0; index < GRAPH_JOB_COUNT; ++index)
        {
            if (bench->graph[index].dependencies.empty())
            {
                globalEnki.AddTaskSetToPipe(&bench->graph[index]);
            }
        }
        globalEnki.WaitforAll();
    }
    if (done) row[Row_Graph] = Seconds(start) * 1e3 / done;

    volatile u32 tinySum = 0;
    row[Row_TinyFor] = EnkiParallelForUs(ROUND_COUNT, TinyItems, (void *)&tinySum);
    volatile u64 heavySum = 0;
    row[Row_HeavyFor] = EnkiParallelForUs(HEAVY_ROUND_COUNT, HeavyItems, (void *)&heavySum);
    if (OverTimeLimit()) return;

    volatile u64 sumAll = 0;
    enki_for_task sumTask;
    sumTask.callback = SumItems;
    sumTask.data = (void *)&sumAll;
    sumTask.m_SetSize = SUM_ITEM_COUNT;
    sumTask.m_MinRange = 4096;
    start = OSGetTimeNanoseconds();
    globalEnki.AddTaskSetToPipe(&sumTask);
    globalEnki.WaitforTask(&sumTask);
    row[Row_Sum] = Seconds(start) * 1e3;
    CheckParallelSum("enkiTS", sumAll);
    row[Row_SumOneThread] = 0;
}

internal void EnkiStop(enki_bench *bench)
{
    (void)bench;
    globalEnki.WaitforAllAndShutdown();
}
