// Work queue benchmark (native, printed, nothing asserted): our queue against a mutex +
// condition variable + deque pool (the classic design, our own code, as the baseline) and, when
// built with BENCH_ENKITS (tests/bench/bench_work_queue.sh does when ENKITS_DIR is set), enkiTS.
// Every figure is the median of several runs. The runners take turns row by row (ours, the
// baseline, enkiTS, then the next run), and each ratio is the median of the per-run ratios: on
// these machines the cost of cross-core traffic can change several-fold within seconds, and
// running one runner's rows after the other's made the ratios compare two different machines.

#include "os/os.cpp"
#include "jobs/jobs.cpp"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// NOTE: the MSVC-dialect check (tests/tools/msvc_check.sh) has C headers only, no C++ standard library:
// there the std-based baseline and enkiTS sections drop out and the rest is still checked.
#if !ENGINE_MSVC_CHECK
#define BENCH_BASELINE 1
#include <mutex>
#include <condition_variable>
#include <deque>
#include <thread>
#include <atomic>
#include <vector>
#endif

#if BENCH_ENKITS
#include "TaskScheduler.h"
#endif

#define BENCH_RUNS 7
#define EMPTY_JOB_COUNT 1000000
#define ROUND_JOB_COUNT 64
#define ROUND_COUNT 20000
#define GRAPH_JOB_COUNT 10000
#define GRAPH_RUNS_PER_SAMPLE 10
#define SUM_ITEM_COUNT 50000000u
#define HEAVY_ROUND_COUNT 2000
#define HEAVY_ITEM_SUMMANDS 1024

global u32 globalWorkerCount;   // queue workers; the calling thread is the extra one

internal f64 Seconds(u64 start)
{
    return (f64)(OSGetTimeNanoseconds() - start) * 1e-9;
}

internal f64 Median(f64 *values, u32 count)
{
    for (u32 index = 1; index < count; ++index)
    {
        for (u32 at = index; at > 0 && values[at - 1] > values[at]; --at)
        {
            f64 swap = values[at];
            values[at] = values[at - 1];
            values[at - 1] = swap;
        }
    }
    return values[count / 2];
}

// A compute-bound summand: a small integer hash, so the sum scales with cores, not memory.
internal inline u64 Summand(u32 index)
{
    u64 x = index * 0x9e3779b97f4a7c15ull;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 32;
    return x & 0xffff;
}

//~ The DAG every runner executes: job i depends on up to two of the 64 jobs before it.
struct bench_dag
{
    u32 edgeCount;
    u32 before[GRAPH_JOB_COUNT * 2];
    u32 after[GRAPH_JOB_COUNT * 2];
};
global bench_dag globalDag;

internal void BuildBenchDag(void)
{
    u64 state = 0x2545f4914f6cdd1dull;
    globalDag.edgeCount = 0;
    for (u32 job = 1; job < GRAPH_JOB_COUNT; ++job)
    {
        for (u32 index = 0; index < 2; ++index)
        {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17;
            u32 span = Minimum(job, 64u);
            u32 before = job - 1 - (u32)(state % span);
            if (index == 1 && before == globalDag.before[globalDag.edgeCount - 1] &&
                globalDag.after[globalDag.edgeCount - 1] == job)
            {
                continue;
            }
            globalDag.before[globalDag.edgeCount] = before;
            globalDag.after[globalDag.edgeCount] = job;
            ++globalDag.edgeCount;
        }
    }
}

//~ Callbacks shared by every runner
global volatile u32 globalSink;
internal PLATFORM_WORK_QUEUE_CALLBACK(EmptyJob) {}
internal PLATFORM_WORK_QUEUE_CALLBACK(TinyJob) { AtomicIncrementU32(&globalSink); }
internal PLATFORM_PARALLEL_FOR_CALLBACK(TinyItems)
{
    u32 sum = 0;
    for (u32 index = first; index < onePastLast; ++index)
    {
        sum += index;
    }
    AtomicAddU32((volatile u32 *)data, sum);
}
// About a microsecond per item: a loop that is worth spreading over the cores, so helpers work.
internal PLATFORM_PARALLEL_FOR_CALLBACK(HeavyItems)
{
    u64 sum = 0;
    for (u32 index = first; index < onePastLast; ++index)
    {
        for (u32 step = 0; step < HEAVY_ITEM_SUMMANDS; ++step)
        {
            sum += Summand(index * HEAVY_ITEM_SUMMANDS + step);
        }
    }
    AtomicAddU64((volatile u64 *)data, sum);
}
internal PLATFORM_PARALLEL_FOR_CALLBACK(SumItems)
{
    u64 sum = 0;
    for (u32 index = first; index < onePastLast; ++index)
    {
        sum += Summand(index);
    }
    AtomicAddU64((volatile u64 *)data, sum);
}

//~ Rows: every runner measures each row once per call
enum bench_row
{
    Row_EmptyJob,       // ns per job
    Row_Round,          // us per round
    Row_Graph,          // ms per graph
    Row_TinyFor,        // us per parallel-for
    Row_HeavyFor,       // us per parallel-for
    Row_Sum,            // ms
    Row_SumOneThread,   // ms (ours only)
    Row_Count
};
struct row_info
{
    const char *label;
    const char *format;
};
global const row_info globalRows[Row_Count] = {
    {"ns per empty job (1M, 1 producer)", "%10.1f"},
    {"us per round (64 tiny jobs, wait)", "%10.2f"},
    {"ms per 10,000-job graph", "%10.2f"},
    {"us per 64-item parallel-for", "%10.3f"},
    {"us per 64-item for, ~1 us items", "%10.1f"},
    {"ms parallel sum of 50M items", "%10.1f"},
    {"ms same sum, one thread", "%10.1f"},
};

//~ (a) Ours
struct ours_bench
{
    memory_arena arena;
    platform_work_queue queue;
    platform_work_queue serialQueue;    // no workers: the one-thread sum through the same path
    job_graph graph;
};

internal void OursStart(ours_bench *bench)
{
    umm arenaSize = Megabytes(16);
    InitializeArena(&bench->arena, "bench", arenaSize, calloc(1, arenaSize), 0);
    CreateWorkQueue(&bench->queue, &bench->arena, "bench", 4096, globalWorkerCount, globalWorkerCount, 0);
    CreateWorkQueue(&bench->serialQueue, &bench->arena, "bench serial", 16, 0, 0, 0);
    BeginJobGraph(&bench->graph, &bench->arena, "bench", GRAPH_JOB_COUNT, GRAPH_JOB_COUNT * 2, 0);
    for (u32 index = 0; index < GRAPH_JOB_COUNT; ++index)
    {
        AddGraphJob(&bench->graph, TinyJob, 0);
    }
    for (u32 index = 0; index < globalDag.edgeCount; ++index)
    {
        AddJobDependency(&bench->graph, globalDag.before[index], globalDag.after[index]);
    }
}

internal void OursSample(ours_bench *bench, f64 *row)
{
    platform_work_queue *queue = &bench->queue;
    u64 start = OSGetTimeNanoseconds();
    for (u32 index = 0; index < EMPTY_JOB_COUNT; ++index)
    {
        AddWorkQueueEntry(queue, EmptyJob, 0);
    }
    CompleteAllWork(queue);
    row[Row_EmptyJob] = Seconds(start) * 1e9 / EMPTY_JOB_COUNT;

    start = OSGetTimeNanoseconds();
    for (u32 round = 0; round < ROUND_COUNT; ++round)
    {
        for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
        {
            AddWorkQueueEntry(queue, TinyJob, 0);
        }
        CompleteAllWork(queue);
    }
    row[Row_Round] = Seconds(start) * 1e6 / ROUND_COUNT;

    start = OSGetTimeNanoseconds();
    for (u32 repeat = 0; repeat < GRAPH_RUNS_PER_SAMPLE; ++repeat)
    {
        SubmitJobGraph(queue, &bench->graph);
        WaitForJobGraph(&bench->graph);
    }
    row[Row_Graph] = Seconds(start) * 1e3 / GRAPH_RUNS_PER_SAMPLE;

    volatile u32 tinySum = 0;
    start = OSGetTimeNanoseconds();
    for (u32 round = 0; round < ROUND_COUNT; ++round)
    {
        ParallelFor(queue, 64, 1, TinyItems, (void *)&tinySum);
    }
    row[Row_TinyFor] = Seconds(start) * 1e6 / ROUND_COUNT;

    volatile u64 heavySum = 0;
    start = OSGetTimeNanoseconds();
    for (u32 round = 0; round < HEAVY_ROUND_COUNT; ++round)
    {
        ParallelFor(queue, 64, 1, HeavyItems, (void *)&heavySum);
    }
    row[Row_HeavyFor] = Seconds(start) * 1e6 / HEAVY_ROUND_COUNT;

    // NOTE: the one-thread figure goes through exactly the same path as the parallel one
    // (ParallelFor, same batches, same indirect calls), on a queue without workers, and is taken
    // before and after the parallel run (their mean): a drift of the machine's speed within the
    // run then cancels instead of pushing the speed-up past the core count.
    volatile u64 sumBefore = 0;
    volatile u64 sumAll = 0;
    volatile u64 sumAfter = 0;
    start = OSGetTimeNanoseconds();
    ParallelFor(&bench->serialQueue, SUM_ITEM_COUNT, 4096, SumItems, (void *)&sumBefore);
    f64 oneBefore = Seconds(start) * 1e3;
    start = OSGetTimeNanoseconds();
    ParallelFor(queue, SUM_ITEM_COUNT, 4096, SumItems, (void *)&sumAll);
    row[Row_Sum] = Seconds(start) * 1e3;
    start = OSGetTimeNanoseconds();
    ParallelFor(&bench->serialQueue, SUM_ITEM_COUNT, 4096, SumItems, (void *)&sumAfter);
    row[Row_SumOneThread] = (oneBefore + Seconds(start) * 1e3) / 2;
    if (sumAll != sumBefore || sumAfter != sumBefore)
    {
        printf("  (ours: parallel sum %llu differs from serial %llu!)\n",
               (unsigned long long)sumAll, (unsigned long long)sumBefore);
    }
}

internal void OursStop(ours_bench *bench)
{
    StopWorkQueue(&bench->queue);
    StopWorkQueue(&bench->serialQueue);
    free(bench->arena.base);
}

//~ (b) Baseline: mutex + condition variable + deque, the classic thread pool
#if BENCH_BASELINE
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
    for (u32 index = 0; index < EMPTY_JOB_COUNT; ++index)
    {
        pool.Add(BaselineEmpty, 0);
    }
    pool.WaitAll();
    row[Row_EmptyJob] = Seconds(start) * 1e9 / EMPTY_JOB_COUNT;

    u32 rounds = ROUND_COUNT / 10;
    start = OSGetTimeNanoseconds();
    for (u32 round = 0; round < rounds; ++round)
    {
        for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
        {
            pool.Add(BaselineTiny, 0);
        }
        pool.WaitAll();
    }
    row[Row_Round] = Seconds(start) * 1e6 / rounds;

    std::vector<baseline_graph_job> &graph = bench->graph;
    start = OSGetTimeNanoseconds();
    for (u32 repeat = 0; repeat < GRAPH_RUNS_PER_SAMPLE; ++repeat)
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
    row[Row_Graph] = Seconds(start) * 1e3 / GRAPH_RUNS_PER_SAMPLE;

    volatile u32 tinySum = 0;
    start = OSGetTimeNanoseconds();
    for (u32 round = 0; round < rounds; ++round)
    {
        BaselineParallelFor(&pool, bench->threadCount, 64, TinyItems, (void *)&tinySum);
    }
    row[Row_TinyFor] = Seconds(start) * 1e6 / rounds;

    volatile u64 heavySum = 0;
    start = OSGetTimeNanoseconds();
    for (u32 round = 0; round < HEAVY_ROUND_COUNT / 10; ++round)
    {
        BaselineParallelFor(&pool, bench->threadCount, 64, HeavyItems, (void *)&heavySum);
    }
    row[Row_HeavyFor] = Seconds(start) * 1e6 / (HEAVY_ROUND_COUNT / 10);

    volatile u64 sumAll = 0;
    start = OSGetTimeNanoseconds();
    BaselineParallelFor(&pool, bench->threadCount, SUM_ITEM_COUNT, SumItems, (void *)&sumAll);
    row[Row_Sum] = Seconds(start) * 1e3;
    row[Row_SumOneThread] = 0;
}

internal void BaselineStop(baseline_bench *bench)
{
    bench->pool.Stop();
}
#endif

//~ (c) enkiTS
#if BENCH_ENKITS
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

internal void EnkiStart(enki_bench *bench)
{
    globalEnki.Initialize();
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

internal f64 EnkiParallelForUs(u32 rounds, platform_parallel_for_callback *callback, void *data)
{
    enki_for_task forTask;
    forTask.callback = callback;
    forTask.data = data;
    forTask.m_SetSize = 64;
    forTask.m_MinRange = 1;
    u64 start = OSGetTimeNanoseconds();
    for (u32 round = 0; round < rounds; ++round)
    {
        globalEnki.AddTaskSetToPipe(&forTask);
        globalEnki.WaitforTask(&forTask);
    }
    return Seconds(start) * 1e6 / rounds;
}

internal void EnkiSample(enki_bench *bench, f64 *row)
{
    u64 start = OSGetTimeNanoseconds();
    for (u32 index = 0; index < EMPTY_JOB_COUNT; ++index)
    {
        globalEnki.AddTaskSetToPipe(&bench->empties[index]);
    }
    globalEnki.WaitforAll();
    row[Row_EmptyJob] = Seconds(start) * 1e9 / EMPTY_JOB_COUNT;

    start = OSGetTimeNanoseconds();
    for (u32 round = 0; round < ROUND_COUNT; ++round)
    {
        for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
        {
            globalEnki.AddTaskSetToPipe(&bench->tinies[index]);
        }
        globalEnki.WaitforAll();
    }
    row[Row_Round] = Seconds(start) * 1e6 / ROUND_COUNT;

    start = OSGetTimeNanoseconds();
    for (u32 repeat = 0; repeat < GRAPH_RUNS_PER_SAMPLE; ++repeat)
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
    row[Row_Graph] = Seconds(start) * 1e3 / GRAPH_RUNS_PER_SAMPLE;

    volatile u32 tinySum = 0;
    row[Row_TinyFor] = EnkiParallelForUs(ROUND_COUNT, TinyItems, (void *)&tinySum);
    volatile u64 heavySum = 0;
    row[Row_HeavyFor] = EnkiParallelForUs(HEAVY_ROUND_COUNT, HeavyItems, (void *)&heavySum);

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
    row[Row_SumOneThread] = 0;
}

internal void EnkiStop(enki_bench *bench)
{
    (void)bench;
    globalEnki.WaitforAllAndShutdown();
}
#endif

//~ Report
internal f64 RowMedian(f64 (*samples)[Row_Count], u32 row)
{
    f64 values[BENCH_RUNS];
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        values[run] = samples[run][row];
    }
    return Median(values, BENCH_RUNS);
}

#if BENCH_BASELINE || BENCH_ENKITS
// The median over runs of ours[run] / other[run]: both taken seconds apart (see the top).
internal f64 MedianRatio(f64 (*ours)[Row_Count], f64 (*other)[Row_Count], u32 row)
{
    f64 ratios[BENCH_RUNS];
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        if (other[run][row] <= 0)
        {
            return 0;
        }
        ratios[run] = ours[run][row] / other[run][row];
    }
    return Median(ratios, BENCH_RUNS);
}

internal void PrintRatios(const char *title, f64 (*ours)[Row_Count], f64 (*other)[Row_Count])
{
    printf("  %s\n", title);
    for (u32 row = 0; row < Row_Count; ++row)
    {
        f64 ratio = MedianRatio(ours, other, row);
        if (ratio > 0)
        {
            printf("  %-34s %6.2fx\n", globalRows[row].label, ratio);
        }
    }
}
#endif

int main(void)
{
    u32 cores = OSGetCoreCount();
    globalWorkerCount = DefaultHighPriorityWorkerCount();
    BuildBenchDag();
    printf("work queue benchmark: %u cores, our queue with %u workers + the calling thread, "
           "baseline pool with %u threads; medians of %u runs, runners taking turns\n",
           cores, globalWorkerCount, cores, BENCH_RUNS);

    static f64 ours[BENCH_RUNS][Row_Count];
    static f64 baseline[BENCH_RUNS][Row_Count];
    static f64 enki[BENCH_RUNS][Row_Count];
    static ours_bench oursBench;
    OursStart(&oursBench);
#if BENCH_BASELINE
    static baseline_bench baselineBench;
    BaselineStart(&baselineBench, cores);
#endif
#if BENCH_ENKITS
    static enki_bench enkiBench;
    EnkiStart(&enkiBench);
#endif
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        OursSample(&oursBench, ours[run]);
#if BENCH_BASELINE
        BaselineSample(&baselineBench, baseline[run]);
#endif
#if BENCH_ENKITS
        EnkiSample(&enkiBench, enki[run]);
#endif
    }
    OursStop(&oursBench);
#if BENCH_BASELINE
    BaselineStop(&baselineBench);
#endif
#if BENCH_ENKITS
    EnkiStop(&enkiBench);
#endif

    printf("\n  %-34s %10s %10s %10s\n", "", "ours", "baseline", "enkiTS");
    for (u32 row = 0; row < Row_Count; ++row)
    {
        printf("  %-34s ", globalRows[row].label);
        printf(globalRows[row].format, RowMedian(ours, row));
        f64 others[2] = {RowMedian(baseline, row), RowMedian(enki, row)};
        for (u32 index = 0; index < 2; ++index)
        {
            putchar(' ');
            others[index] > 0 ? printf(globalRows[row].format, others[index]) : printf("%10s", "-");
        }
        putchar('\n');
    }
    f64 speedUps[BENCH_RUNS];
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        speedUps[run] = ours[run][Row_SumOneThread] / ours[run][Row_Sum];
    }
    printf("  %-34s %9.2fx   (median of the per-run ratios; %u cores)\n", "parallel sum speed-up (all / one)",
           Median(speedUps, BENCH_RUNS), cores);

    printf("\n");
#if BENCH_BASELINE
    PrintRatios("ratios ours/mutex-pool baseline (median of per-run ratios, lower is better for ours):", ours, baseline);
#endif
#if BENCH_ENKITS
    PrintRatios("ratios ours/enkiTS (median of per-run ratios):", ours, enki);
#else
    printf("  enkiTS: not built (set ENKITS_DIR to a checkout for tests/bench/bench_work_queue.sh)\n");
#endif
    printf("  goals vs enkiTS (same run): <= 0.5x empty job and 64-job round, <= 1.0x graph and "
           "64-item parallel-for, parallel sum within 5%%\n");
    return 0;
}
