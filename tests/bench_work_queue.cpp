// Work queue benchmark (native, printed, nothing asserted): our queue against a mutex +
// condition variable + deque pool (the classic design, our own code, as the baseline) and, when
// built with BENCH_ENKITS (misc/bench_work_queue.sh does when ENKITS_DIR is set), enkiTS.
// Every figure is the median of several runs.

#include "../code/work_queue.cpp"
#include "../code/parallel_for.cpp"
#include "../code/job_graph.cpp"
#include "../code/task_manager.cpp"
#if OS_WINDOWS
#include "../code/win32_threads.cpp"
#else
#include "../code/posix_threads.cpp"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// NOTE: the MSVC-dialect check (misc/msvc_check.sh) has C headers only, no C++ standard library:
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

static u32 globalWorkerCount;   // queue workers; the calling thread is the extra one

static f64 Seconds(u64 start)
{
    return (f64)(OSGetTimeNanoseconds() - start) * 1e-9;
}

static f64 Median(f64 *values, u32 count)
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
static inline u64 Summand(u32 index)
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
static bench_dag globalDag;

static void BuildBenchDag(void)
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

//~ (a) Ours
static volatile u32 globalSink;
static PLATFORM_WORK_QUEUE_CALLBACK(EmptyJob) {}
static PLATFORM_WORK_QUEUE_CALLBACK(TinyJob) { AtomicIncrementU32(&globalSink); }
static PLATFORM_PARALLEL_FOR_CALLBACK(TinyItems)
{
    u32 sum = 0;
    for (u32 index = first; index < onePastLast; ++index)
    {
        sum += index;
    }
    AtomicAddU32((volatile u32 *)data, sum);
}
static PLATFORM_PARALLEL_FOR_CALLBACK(SumItems)
{
    u64 sum = 0;
    for (u32 index = first; index < onePastLast; ++index)
    {
        sum += Summand(index);
    }
    AtomicAddU64((volatile u64 *)data, sum);
}

struct ours_results
{
    f64 emptyJobNs, roundUs, graphMs, parallelForUs, sumOneMs, sumAllMs, speedUp;
};

static ours_results BenchOurs(void)
{
    ours_results results;
    memory_arena arena;
    umm arenaSize = Megabytes(16);
    InitializeArena(&arena, "bench", arenaSize, calloc(1, arenaSize), 0);
    platform_work_queue queue;
    CreateWorkQueue(&queue, &arena, "bench", 4096, globalWorkerCount, globalWorkerCount, 0);
    f64 samples[BENCH_RUNS];

    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 index = 0; index < EMPTY_JOB_COUNT; ++index)
        {
            AddWorkQueueEntry(&queue, EmptyJob, 0);
        }
        CompleteAllWork(&queue);
        samples[run] = Seconds(start) * 1e9 / EMPTY_JOB_COUNT;
    }
    results.emptyJobNs = Median(samples, BENCH_RUNS);

    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 round = 0; round < ROUND_COUNT; ++round)
        {
            for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
            {
                AddWorkQueueEntry(&queue, TinyJob, 0);
            }
            CompleteAllWork(&queue);
        }
        samples[run] = Seconds(start) * 1e6 / ROUND_COUNT;
    }
    results.roundUs = Median(samples, BENCH_RUNS);

    job_graph graph;
    BeginJobGraph(&graph, &arena, "bench", GRAPH_JOB_COUNT, GRAPH_JOB_COUNT * 2, 0);
    for (u32 index = 0; index < GRAPH_JOB_COUNT; ++index)
    {
        AddGraphJob(&graph, TinyJob, 0);
    }
    for (u32 index = 0; index < globalDag.edgeCount; ++index)
    {
        AddJobDependency(&graph, globalDag.before[index], globalDag.after[index]);
    }
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 repeat = 0; repeat < GRAPH_RUNS_PER_SAMPLE; ++repeat)
        {
            SubmitJobGraph(&queue, &graph);
            WaitForJobGraph(&graph);
        }
        samples[run] = Seconds(start) * 1e3 / GRAPH_RUNS_PER_SAMPLE;
    }
    results.graphMs = Median(samples, BENCH_RUNS);

    volatile u32 tinySum = 0;
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 round = 0; round < ROUND_COUNT; ++round)
        {
            ParallelFor(&queue, 64, 1, TinyItems, (void *)&tinySum);
        }
        samples[run] = Seconds(start) * 1e6 / ROUND_COUNT;
    }
    results.parallelForUs = Median(samples, BENCH_RUNS);

    // NOTE: the one-thread figure goes through exactly the same path as the parallel one
    // (ParallelFor, same batches, same indirect calls), on a queue without workers: a direct,
    // inlined call of SumItems compiles to a different loop and made the speed-up exceed the
    // core count.
    platform_work_queue serialQueue;
    CreateWorkQueue(&serialQueue, &arena, "bench serial", 16, 0, 0, 0);
    f64 oneSamples[BENCH_RUNS];
    f64 speedUps[BENCH_RUNS];
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        volatile u64 sumOne = 0;
        volatile u64 sumAll = 0;
        u64 start = OSGetTimeNanoseconds();
        ParallelFor(&serialQueue, SUM_ITEM_COUNT, 4096, SumItems, (void *)&sumOne);
        oneSamples[run] = Seconds(start) * 1e3;
        start = OSGetTimeNanoseconds();
        ParallelFor(&queue, SUM_ITEM_COUNT, 4096, SumItems, (void *)&sumAll);
        samples[run] = Seconds(start) * 1e3;
        speedUps[run] = oneSamples[run] / samples[run];
        if (sumOne != sumAll)
        {
            printf("  (ours: parallel sum %llu differs from serial %llu!)\n",
                   (unsigned long long)sumAll, (unsigned long long)sumOne);
        }
    }
    results.sumOneMs = Median(oneSamples, BENCH_RUNS);
    results.sumAllMs = Median(samples, BENCH_RUNS);
    results.speedUp = Median(speedUps, BENCH_RUNS);

    StopWorkQueue(&queue);
    StopWorkQueue(&serialQueue);
    free(arena.base);
    return results;
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
    bool running = true;
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
            running = false;
        }
        workAvailable.notify_all();
        for (std::thread &thread : threads)
        {
            thread.join();
        }
    }
};

static baseline_pool *globalBaseline;
static void BaselineEmpty(void *) {}
static void BaselineTiny(void *) { AtomicIncrementU32(&globalSink); }

struct baseline_graph_job
{
    std::atomic<u32> unfinished;
    u32 dependencyCount;
    std::vector<u32> dependents;
};
static std::vector<baseline_graph_job> *globalBaselineGraph;
static void BaselineGraphJob(void *data)
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
static void BaselineRange(void *data)
{
    baseline_range *range = (baseline_range *)data;
    range->callback(range->data, range->first, range->onePastLast);
}
// The straightforward split: one job per thread-sized slice, then wait for all.
static void BaselineParallelFor(baseline_pool *pool, u32 threadCount, u32 count,
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

static ours_results BenchBaseline(u32 threadCount)
{
    ours_results results;
    baseline_pool pool;
    globalBaseline = &pool;
    pool.Start(threadCount);
    f64 samples[BENCH_RUNS];

    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 index = 0; index < EMPTY_JOB_COUNT; ++index)
        {
            pool.Add(BaselineEmpty, 0);
        }
        pool.WaitAll();
        samples[run] = Seconds(start) * 1e9 / EMPTY_JOB_COUNT;
    }
    results.emptyJobNs = Median(samples, BENCH_RUNS);

    u32 rounds = ROUND_COUNT / 10;
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 round = 0; round < rounds; ++round)
        {
            for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
            {
                pool.Add(BaselineTiny, 0);
            }
            pool.WaitAll();
        }
        samples[run] = Seconds(start) * 1e6 / rounds;
    }
    results.roundUs = Median(samples, BENCH_RUNS);

    std::vector<baseline_graph_job> graph(GRAPH_JOB_COUNT);
    globalBaselineGraph = &graph;
    for (u32 index = 0; index < globalDag.edgeCount; ++index)
    {
        graph[globalDag.before[index]].dependents.push_back(globalDag.after[index]);
        ++graph[globalDag.after[index]].dependencyCount;
    }
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
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
        samples[run] = Seconds(start) * 1e3 / GRAPH_RUNS_PER_SAMPLE;
    }
    results.graphMs = Median(samples, BENCH_RUNS);

    volatile u32 tinySum = 0;
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 round = 0; round < rounds; ++round)
        {
            BaselineParallelFor(&pool, threadCount, 64, TinyItems, (void *)&tinySum);
        }
        samples[run] = Seconds(start) * 1e6 / rounds;
    }
    results.parallelForUs = Median(samples, BENCH_RUNS);

    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        volatile u64 sumAll = 0;
        u64 start = OSGetTimeNanoseconds();
        BaselineParallelFor(&pool, threadCount, SUM_ITEM_COUNT, SumItems, (void *)&sumAll);
        samples[run] = Seconds(start) * 1e3;
    }
    results.sumAllMs = Median(samples, BENCH_RUNS);
    results.sumOneMs = 0;
    results.speedUp = 0;
    pool.Stop();
    return results;
}
#endif

//~ (c) enkiTS
#if BENCH_ENKITS
static enki::TaskScheduler globalEnki;

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

static ours_results BenchEnkiTS(void)
{
    ours_results results;
    globalEnki.Initialize();
    f64 samples[BENCH_RUNS];

    std::vector<enki_empty_task> empties(EMPTY_JOB_COUNT);
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 index = 0; index < EMPTY_JOB_COUNT; ++index)
        {
            globalEnki.AddTaskSetToPipe(&empties[index]);
        }
        globalEnki.WaitforAll();
        samples[run] = Seconds(start) * 1e9 / EMPTY_JOB_COUNT;
    }
    results.emptyJobNs = Median(samples, BENCH_RUNS);

    enki_tiny_task tinies[ROUND_JOB_COUNT];
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 round = 0; round < ROUND_COUNT; ++round)
        {
            for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
            {
                globalEnki.AddTaskSetToPipe(&tinies[index]);
            }
            globalEnki.WaitforAll();
        }
        samples[run] = Seconds(start) * 1e6 / ROUND_COUNT;
    }
    results.roundUs = Median(samples, BENCH_RUNS);

    std::vector<enki_graph_task> graph(GRAPH_JOB_COUNT);
    std::vector<u32> dependencyCount(GRAPH_JOB_COUNT, 0);
    for (u32 index = 0; index < globalDag.edgeCount; ++index)
    {
        ++dependencyCount[globalDag.after[index]];
    }
    for (u32 index = 0; index < GRAPH_JOB_COUNT; ++index)
    {
        graph[index].dependencies.resize(dependencyCount[index]);
        dependencyCount[index] = 0;
    }
    for (u32 index = 0; index < globalDag.edgeCount; ++index)
    {
        enki_graph_task &after = graph[globalDag.after[index]];
        after.SetDependency(after.dependencies[dependencyCount[globalDag.after[index]]++], &graph[globalDag.before[index]]);
    }
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 repeat = 0; repeat < GRAPH_RUNS_PER_SAMPLE; ++repeat)
        {
            for (u32 index = 0; index < GRAPH_JOB_COUNT; ++index)
            {
                if (graph[index].dependencies.empty())
                {
                    globalEnki.AddTaskSetToPipe(&graph[index]);
                }
            }
            globalEnki.WaitforAll();
        }
        samples[run] = Seconds(start) * 1e3 / GRAPH_RUNS_PER_SAMPLE;
    }
    results.graphMs = Median(samples, BENCH_RUNS);

    volatile u32 tinySum = 0;
    enki_for_task forTask;
    forTask.callback = TinyItems;
    forTask.data = (void *)&tinySum;
    forTask.m_SetSize = 64;
    forTask.m_MinRange = 1;
    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        u64 start = OSGetTimeNanoseconds();
        for (u32 round = 0; round < ROUND_COUNT; ++round)
        {
            globalEnki.AddTaskSetToPipe(&forTask);
            globalEnki.WaitforTask(&forTask);
        }
        samples[run] = Seconds(start) * 1e6 / ROUND_COUNT;
    }
    results.parallelForUs = Median(samples, BENCH_RUNS);

    for (u32 run = 0; run < BENCH_RUNS; ++run)
    {
        volatile u64 sumAll = 0;
        enki_for_task sumTask;
        sumTask.callback = SumItems;
        sumTask.data = (void *)&sumAll;
        sumTask.m_SetSize = SUM_ITEM_COUNT;
        sumTask.m_MinRange = 4096;
        u64 start = OSGetTimeNanoseconds();
        globalEnki.AddTaskSetToPipe(&sumTask);
        globalEnki.WaitforTask(&sumTask);
        samples[run] = Seconds(start) * 1e3;
    }
    results.sumAllMs = Median(samples, BENCH_RUNS);
    results.sumOneMs = 0;
    results.speedUp = 0;
    globalEnki.WaitforAllAndShutdown();
    return results;
}
#endif

//~ Report
static void PrintRatio(const char *label, f64 ours, f64 other)
{
    if (other > 0)
    {
        printf("  %-34s %6.2fx\n", label, ours / other);
    }
}

int main(void)
{
    u32 cores = OSGetCoreCount();
    globalWorkerCount = DefaultHighPriorityWorkerCount();
    BuildBenchDag();
    printf("work queue benchmark: %u cores, our queue with %u workers + the calling thread, "
           "baseline pool with %u threads; medians of %u runs\n", cores, globalWorkerCount, cores, BENCH_RUNS);

    ours_results ours = BenchOurs();
    ours_results baseline;
    memset(&baseline, 0, sizeof(baseline));
#if BENCH_BASELINE
    baseline = BenchBaseline(cores);
#endif
    ours_results enki;
    memset(&enki, 0, sizeof(enki));
#if BENCH_ENKITS
    enki = BenchEnkiTS();
#endif

    printf("\n  %-34s %10s %10s %10s\n", "", "ours", "baseline", "enkiTS");
    printf("  %-34s %10.1f %10.1f ", "ns per empty job (1M, 1 producer)", ours.emptyJobNs, baseline.emptyJobNs);
    enki.emptyJobNs > 0 ? printf("%10.1f\n", enki.emptyJobNs) : printf("%10s\n", "-");
    printf("  %-34s %10.2f %10.2f ", "us per round (64 tiny jobs, wait)", ours.roundUs, baseline.roundUs);
    enki.roundUs > 0 ? printf("%10.2f\n", enki.roundUs) : printf("%10s\n", "-");
    printf("  %-34s %10.2f %10.2f ", "ms per 10,000-job graph", ours.graphMs, baseline.graphMs);
    enki.graphMs > 0 ? printf("%10.2f\n", enki.graphMs) : printf("%10s\n", "-");
    printf("  %-34s %10.3f %10.2f ", "us per 64-item parallel-for", ours.parallelForUs, baseline.parallelForUs);
    enki.parallelForUs > 0 ? printf("%10.3f\n", enki.parallelForUs) : printf("%10s\n", "-");
    printf("  %-34s %10.1f %10.1f ", "ms parallel sum of 50M items", ours.sumAllMs, baseline.sumAllMs);
    enki.sumAllMs > 0 ? printf("%10.1f\n", enki.sumAllMs) : printf("%10s\n", "-");
    printf("  %-34s %10.1f\n", "ms same sum, one thread", ours.sumOneMs);
    printf("  %-34s %9.2fx   (median of the per-run ratios)\n", "parallel sum speed-up (all / one)", ours.speedUp);

    printf("\n  ratios ours/mutex-pool baseline (lower is better for ours):\n");
    PrintRatio("empty job", ours.emptyJobNs, baseline.emptyJobNs);
    PrintRatio("64-job round", ours.roundUs, baseline.roundUs);
    PrintRatio("10,000-job graph", ours.graphMs, baseline.graphMs);
    PrintRatio("64-item parallel-for", ours.parallelForUs, baseline.parallelForUs);
    PrintRatio("parallel sum", ours.sumAllMs, baseline.sumAllMs);
#if BENCH_ENKITS
    printf("  ratios ours/enkiTS:\n");
    PrintRatio("empty job", ours.emptyJobNs, enki.emptyJobNs);
    PrintRatio("64-job round", ours.roundUs, enki.roundUs);
    PrintRatio("10,000-job graph", ours.graphMs, enki.graphMs);
    PrintRatio("64-item parallel-for", ours.parallelForUs, enki.parallelForUs);
    PrintRatio("parallel sum", ours.sumAllMs, enki.sumAllMs);
#else
    printf("  enkiTS: not built (set ENKITS_DIR to a checkout for misc/bench_work_queue.sh)\n");
#endif
    printf("  goals vs enkiTS (same run): <= 0.5x empty job and 64-job round, <= 1.0x graph and "
           "64-item parallel-for, parallel sum within 5%%\n");
    return 0;
}
