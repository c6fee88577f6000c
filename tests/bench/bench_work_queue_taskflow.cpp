// The work queue benchmark's Taskflow runner (tests/bench/bench_work_queue.cpp includes it when built
// with BENCH_TASKFLOW: TASKFLOW_DIR set for tests/bench/bench_work_queue.sh). Taskflow is never part
// of this repository. Each row is the nearest Taskflow idiom to ours: silent_async for a queued job,
// wait_for_all for CompleteAllWork, a Taskflow of precede() edges for the graph, for_each_index for
// ParallelFor (one item per index for the 64-item rows; 4,096-item chunks for the sum, summed as
// every runner sums them, see SumItems), a Taskflow of threads - 1 holding tasks for the wake row
// (as many as our workers).

// NOTE: the lambdas call the item callbacks through these, as ours, enkiTS and the pool call them
// through the function pointers they are handed: called directly, the compiler inlined and
// specialised the loops for Taskflow alone, and its rows measured its code generation as well as
// its scheduling (figures.md: the one-thread sum).
global platform_parallel_for_callback *volatile globalTinyItemsCall = TinyItems;
global platform_parallel_for_callback *volatile globalHeavyItemsCall = HeavyItems;
global platform_parallel_for_callback *volatile globalSumItemsCall = SumItems;

struct taskflow_bench
{
    tf::Executor *executor;
    tf::Taskflow graph;
    tf::Taskflow tinyFor;
    tf::Taskflow heavyFor;
    tf::Taskflow sum;
    tf::Taskflow wake;                  // threads - 1 holding tasks, no edges (the wake row)
    u32 threadCount;
    volatile u32 tinySum;
    volatile u64 heavySum;
    volatile u64 sumAll;
};

internal void TaskflowStart(taskflow_bench *bench, u32 threadCount)
{
    bench->executor = new tf::Executor(threadCount);
    bench->threadCount = threadCount;
    for (u32 index = 0; index + 1 < threadCount; ++index) bench->wake.emplace([] { HoldUntilReleased(); });
    std::vector<tf::Task> tasks(GRAPH_JOB_COUNT);
    for (u32 index = 0; index < GRAPH_JOB_COUNT; ++index)
    {
        tasks[index] = bench->graph.emplace([] { AtomicIncrementU32(&globalSink); });
    }
    for (u32 index = 0; index < globalDag.edgeCount; ++index)
    {
        tasks[globalDag.before[index]].precede(tasks[globalDag.after[index]]);
    }
    bench->tinyFor.for_each_index(0u, 64u, 1u, [bench](u32 item) { globalTinyItemsCall((void *)&bench->tinySum, item, item + 1); });
    bench->heavyFor.for_each_index(0u, 64u, 1u, [bench](u32 item) { globalHeavyItemsCall((void *)&bench->heavySum, item, item + 1); });
    u32 chunks = (SUM_ITEM_COUNT + 4095) / 4096;
    bench->sum.for_each_index(0u, chunks, 1u, [bench](u32 chunk) {
        globalSumItemsCall((void *)&bench->sumAll, chunk * 4096, Minimum(chunk * 4096 + 4096, SUM_ITEM_COUNT));
    });
}

// Up to `rounds` runs of `flow`, per run in microseconds; BENCH_SKIPPED when the time limit came first.
internal f64 TaskflowRunsUs(taskflow_bench *bench, tf::Taskflow *flow, u32 rounds, u32 checkEvery)
{
    u64 start = OSGetTimeNanoseconds();
    u32 done = 0;
    for (; done < rounds && ((done % checkEvery) || !OverRowLimit(start)); ++done)
    {
        bench->executor->run(*flow).wait();
    }
    return done ? Seconds(start) * 1e6 / done : BENCH_SKIPPED;
}

internal void TaskflowSample(taskflow_bench *bench, f64 *row)
{
    tf::Executor &executor = *bench->executor;
    u64 start = OSGetTimeNanoseconds();
    u32 done = 0;
    for (; done < EMPTY_JOB_COUNT && ((done & 4095) || !OverRowLimit(start)); ++done)
    {
        executor.silent_async([] {});
    }
    executor.wait_for_all();
    row[Row_EmptyJob] = done ? Seconds(start) * 1e9 / done : BENCH_SKIPPED;

    start = OSGetTimeNanoseconds();
    for (done = 0; done < ROUND_COUNT && ((done & 63) || !OverRowLimit(start)); ++done)
    {
        for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
        {
            executor.silent_async([] { AtomicIncrementU32(&globalSink); });
        }
        executor.wait_for_all();
    }
    if (done) row[Row_Round] = Seconds(start) * 1e6 / done;

    f64 graphUs = TaskflowRunsUs(bench, &bench->graph, GRAPH_RUNS_PER_SAMPLE, 1);
    if (graphUs > 0) row[Row_Graph] = graphUs * 1e-3;
    row[Row_TinyFor] = TaskflowRunsUs(bench, &bench->tinyFor, ROUND_COUNT, 64);
    row[Row_HeavyFor] = TaskflowRunsUs(bench, &bench->heavyFor, HEAVY_ROUND_COUNT, 16);
    if (OverTimeLimit()) return;
    f64 wakeRounds[WAKE_ROUNDS];
    u32 round = 0;
    for (; bench->threadCount > 1 && round < WAKE_ROUNDS; ++round)
    {
        u64 roundStart = BeginWakeRound();
        tf::Future<void> running = executor.run(bench->wake);
        wakeRounds[round] = EndWakeRound(roundStart, bench->threadCount - 1);
        running.wait();
    }
    row[Row_Wake] = WakeRoundsMedian(wakeRounds, round);
    bench->sumAll = 0;
    f64 sumUs = TaskflowRunsUs(bench, &bench->sum, 1, 1);
    if (sumUs > 0)
    {
        row[Row_Sum] = sumUs * 1e-3;
        CheckParallelSum("Taskflow", bench->sumAll);
    }
    row[Row_SumOneThread] = 0;
}

internal void TaskflowStop(taskflow_bench *bench)
{
    bench->executor->wait_for_all();
    delete bench->executor;
    bench->executor = 0;
}
