// The work queue benchmark's baseline runner: a mutex + condition variable + deque thread pool, the
// classic design, our own code (tests/bench/bench_work_queue.cpp includes it where the C++ standard
// library is there: BENCH_BASELINE).

//~ (b) Baseline: mutex + condition variable + deque, the classic thread pool
struct baseline_pool
{
    struct task
    {
        void (*function)(void *);
        void *data;
    };
    std::mutex mutex;
    std::condition_variable workAvailable;
    std::condition_variable allDone;
    std::deque<task> tasks;
    u64 pending = 0;
    b32 running = 1;
    std::vector<std::thread> threads;

    void Start(u32 threadCount)
    {
        for (u32 index = 0; index < threadCount; ++index)
        {
            threads.emplace_back([this] { Worker(); });
        }
    }
    void Worker()
    {
        for (;;)
        {
            task next;
            {
                std::unique_lock<std::mutex> lock(mutex);
                workAvailable.wait(lock, [this] { return !tasks.empty() || !running; });
                if (tasks.empty())
                {
                    return;
                }
                next = tasks.front();
                tasks.pop_front();
            }
            next.function(next.data);
            std::unique_lock<std::mutex> lock(mutex);
            if (--pending == 0)
            {
                allDone.notify_all();
            }
        }
    }
    void Add(void (*function)(void *), void *data)
    {
        {
            std::lock_guard<std::mutex> lock(mutex);
            tasks.push_back(task{function, data});
            ++pending;
        }
        workAvailable.notify_one();
    }
    void WaitAll()
    {
        std::unique_lock<std::mutex> lock(mutex);
        allDone.wait(lock, [this] { return pending == 0; });
    }
    void Stop()
    {
        {
            std::lock_guard<std::mutex> lock(mutex);
            running = 0;
        }
        workAvailable.notify_all();
        for (std::thread &thread : threads)
        {
            thread.join();
        }
    }
};

global baseline_pool *globalBaseline;
internal void BaselineEmpty(void *) {}
internal void BaselineTiny(void *) { AtomicIncrementU32(&globalSink); }

struct baseline_graph_job
{
    std::atomic<u32> unfinished;
    u32 dependencyCount;
    std::vector<u32> dependents;
};
global std::vector<baseline_graph_job> *globalBaselineGraph;
internal void BaselineGraphJob(void *data)
{
    u32 id = (u32)(umm)data;
    AtomicIncrementU32(&globalSink);
    for (u32 dependent : (*globalBaselineGraph)[id].dependents)
    {
        if ((*globalBaselineGraph)[dependent].unfinished.fetch_sub(1) == 1)
        {
            globalBaseline->Add(BaselineGraphJob, (void *)(umm)dependent);
        }
    }
}

struct baseline_range
{
    u32 first, onePastLast;
    void *data;
    platform_parallel_for_callback *callback;
};
internal void BaselineRange(void *data)
{
    baseline_range *range = (baseline_range *)data;
    range->callback(range->data, range->first, range->onePastLast);
}
// The straightforward split: one job per thread-sized slice, then wait for all.
internal void BaselineParallelFor(baseline_pool *pool, u32 threadCount, u32 count,
                                platform_parallel_for_callback *callback, void *data)
{
    baseline_range ranges[64];
    u32 slices = Minimum(threadCount, 64u);
    for (u32 index = 0; index < slices; ++index)
    {
        ranges[index].first = (u32)((u64)count * index / slices);
        ranges[index].onePastLast = (u32)((u64)count * (index + 1) / slices);
        ranges[index].data = data;
        ranges[index].callback = callback;
        pool->Add(BaselineRange, ranges + index);
    }
    pool->WaitAll();
}

struct baseline_bench
{
    baseline_pool pool;
    u32 threadCount;
    std::vector<baseline_graph_job> graph;
};

internal void BaselineStart(baseline_bench *bench, u32 threadCount)
{
    bench->threadCount = threadCount;
    globalBaseline = &bench->pool;
    bench->pool.Start(threadCount);
    bench->graph = std::vector<baseline_graph_job>(GRAPH_JOB_COUNT);
    globalBaselineGraph = &bench->graph;
    for (u32 index = 0; index < globalDag.edgeCount; ++index)
    {
        bench->graph[globalDag.before[index]].dependents.push_back(globalDag.after[index]);
        ++bench->graph[globalDag.after[index]].dependencyCount;
    }
}

// NOTE: fewer rounds than ours (the mutex pool is ~30x slower per round): per-round figures.
internal void BaselineSample(baseline_bench *bench, f64 *row)
{
    baseline_pool &pool = bench->pool;
    u64 start = OSGetTimeNanoseconds();
    u32 done = 0;
    for (; done < EMPTY_JOB_COUNT && ((done & 4095) || !OverRowLimit(start)); ++done)
    {
        pool.Add(BaselineEmpty, 0);
    }
    pool.WaitAll();
    row[Row_EmptyJob] = done ? Seconds(start) * 1e9 / done : BENCH_SKIPPED;

    u32 rounds = ROUND_COUNT / 10;
    start = OSGetTimeNanoseconds();
    for (done = 0; done < rounds && ((done & 63) || !OverRowLimit(start)); ++done)
    {
        for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
        {
            pool.Add(BaselineTiny, 0);
        }
        pool.WaitAll();
    }
    if (done) row[Row_Round] = Seconds(start) * 1e6 / done;

    std::vector<baseline_graph_job> &graph = bench->graph;
    start = OSGetTimeNanoseconds();
    for (done = 0; done < GRAPH_RUNS_PER_SAMPLE && !OverRowLimit(start); ++done)
    {
        for (baseline_graph_job &job : graph)
        {
            job.unfinished.store(job.dependencyCount);
        }
        for (u32 index = 0; index < GRAPH_JOB_COUNT; ++index)
        {
            if (graph[index].dependencyCount == 0)
            {
                pool.Add(BaselineGraphJob, (void *)(umm)index);
            }
        }
        pool.WaitAll();
    }
    if (done) row[Row_Graph] = Seconds(start) * 1e3 / done;

    volatile u32 tinySum = 0;
    start = OSGetTimeNanoseconds();
    for (done = 0; done < rounds && ((done & 63) || !OverRowLimit(start)); ++done)
    {
        BaselineParallelFor(&pool, bench->threadCount, 64, TinyItems, (void *)&tinySum);
    }
    if (done) row[Row_TinyFor] = Seconds(start) * 1e6 / done;

    volatile u64 heavySum = 0;
    start = OSGetTimeNanoseconds();
    for (done = 0; done < HEAVY_ROUND_COUNT / 10 && ((done & 15) || !OverRowLimit(start)); ++done)
    {
        BaselineParallelFor(&pool, bench->threadCount, 64, HeavyItems, (void *)&heavySum);
    }
    if (done) row[Row_HeavyFor] = Seconds(start) * 1e6 / done;
    if (OverTimeLimit()) return;
    f64 wakeRounds[WAKE_ROUNDS];
    u32 round = 0;
    for (; bench->threadCount > 1 && round < WAKE_ROUNDS; ++round)
    {
        u64 roundStart = BeginWakeRound();
        for (u32 index = 0; index + 1 < bench->threadCount; ++index) pool.Add([](void *) { HoldUntilReleased(); }, 0);
        wakeRounds[round] = EndWakeRound(roundStart, bench->threadCount - 1);
        pool.WaitAll();
    }
    row[Row_Wake] = WakeRoundsMedian(wakeRounds, round);

    volatile u64 sumAll = 0;
    start = OSGetTimeNanoseconds();
    BaselineParallelFor(&pool, bench->threadCount, SUM_ITEM_COUNT, SumItems, (void *)&sumAll);
    row[Row_Sum] = Seconds(start) * 1e3;
    CheckParallelSum("baseline", sumAll);
    row[Row_SumOneThread] = 0;
}

internal void BaselineStop(baseline_bench *bench)
{
    bench->pool.Stop();
}
