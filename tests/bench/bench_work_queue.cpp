// Work queue benchmark (native, printed, nothing asserted): our queue against a mutex +
// condition variable + deque pool (the classic design, our own code, as the baseline) and, when
// built with BENCH_ENKITS or BENCH_TASKFLOW (tests/bench/bench_work_queue.sh does when ENKITS_DIR or
// TASKFLOW_DIR is set), enkiTS and Taskflow.
// Usage: bench_work_queue [--threads N] [--seconds S] [--runs R]
// It measures at 1, 2, 4, 8, ... threads up to N (default: every core), each runner with that many
// threads (ours: N - 1 workers and the calling thread), prints each thread count's table as soon as
// it is measured, then a scaling table. A runner gets S seconds per thread count (default 30): one
// that runs past them stops where it is (its figures so far stay) and prints "skipped: over its time
// limit" for every later thread count, so one pathological runner cannot eat the run.
// Every figure is the median of several runs. The runners take turns row by row (ours, the
// baseline, enkiTS, then the next run), and each ratio is the median of the per-run ratios: on
// these machines the cost of cross-core traffic can change several-fold within seconds, and
// running one runner's rows after the other's made the ratios compare two different machines.

// NOTE: Taskflow (C++20) before the engine: base_types.h defines `internal` and `global` as macros,
// and Taskflow's headers use both words.
#if BENCH_TASKFLOW
#include <taskflow/taskflow.hpp>
#include <taskflow/algorithm/for_each.hpp>
#endif
#include "os/os.cpp"
#include "jobs/jobs.cpp"
#include "base/base_format.h"

#include <stdio.h>
#include "bench_machine_load.h"
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

#define BENCH_MAX_RUNS 15
#define BENCH_MAX_THREAD_COUNTS 12      // 1, 2, 4, ... 2048
#define EMPTY_JOB_COUNT 1000000
#define ROUND_JOB_COUNT 64
#define ROUND_COUNT 20000
#define GRAPH_JOB_COUNT 10000
#define GRAPH_RUNS_PER_SAMPLE 10
#define SUM_ITEM_COUNT 50000000u
#define HEAVY_ROUND_COUNT 2000
#define HEAVY_ITEM_SUMMANDS 1024

global u32 globalWorkerCount;   // queue workers; the calling thread is the extra one
global u32 globalRunCount = 7;  // --runs

//~ The time limit: each runner, each thread count
// NOTE: a row that ran out of time keeps the figure of what it did; later rows and runs are skipped.
#define BENCH_SKIPPED -1.0      // a figure not taken: its runner was over its time limit
global u64 globalRunnerDeadline;        // OSGetTimeNanoseconds of the runner sampling now
global b32 globalRunnerOverTime;

internal b32 OverTimeLimit(void)
{
    if (!globalRunnerOverTime && OSGetTimeNanoseconds() > globalRunnerDeadline) globalRunnerOverTime = 1;
    return globalRunnerOverTime;
}

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

// One run of every row into `row` (rows left BENCH_SKIPPED once the runner is over its time limit).
internal void OursSample(ours_bench *bench, f64 *row)
{
    platform_work_queue *queue = &bench->queue;
    u64 start = OSGetTimeNanoseconds();
    u32 done = 0;
    for (; done < EMPTY_JOB_COUNT && ((done & 4095) || !OverTimeLimit()); ++done)
    {
        AddWorkQueueEntry(queue, EmptyJob, 0);
    }
    CompleteAllWork(queue);
    row[Row_EmptyJob] = done ? Seconds(start) * 1e9 / done : BENCH_SKIPPED;

    start = OSGetTimeNanoseconds();
    for (done = 0; done < ROUND_COUNT && ((done & 63) || !OverTimeLimit()); ++done)
    {
        for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
        {
            AddWorkQueueEntry(queue, TinyJob, 0);
        }
        CompleteAllWork(queue);
    }
    if (done) row[Row_Round] = Seconds(start) * 1e6 / done;

    start = OSGetTimeNanoseconds();
    for (done = 0; done < GRAPH_RUNS_PER_SAMPLE && !OverTimeLimit(); ++done)
    {
        SubmitJobGraph(queue, &bench->graph);
        WaitForJobGraph(&bench->graph);
    }
    if (done) row[Row_Graph] = Seconds(start) * 1e3 / done;

    volatile u32 tinySum = 0;
    start = OSGetTimeNanoseconds();
    for (done = 0; done < ROUND_COUNT && ((done & 63) || !OverTimeLimit()); ++done)
    {
        ParallelFor(queue, 64, 1, TinyItems, (void *)&tinySum);
    }
    if (done) row[Row_TinyFor] = Seconds(start) * 1e6 / done;

    volatile u64 heavySum = 0;
    start = OSGetTimeNanoseconds();
    for (done = 0; done < HEAVY_ROUND_COUNT && ((done & 15) || !OverTimeLimit()); ++done)
    {
        ParallelFor(queue, 64, 1, HeavyItems, (void *)&heavySum);
    }
    if (done) row[Row_HeavyFor] = Seconds(start) * 1e6 / done;
    if (OverTimeLimit()) return;

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
    u32 done = 0;
    for (; done < EMPTY_JOB_COUNT && ((done & 4095) || !OverTimeLimit()); ++done)
    {
        pool.Add(BaselineEmpty, 0);
    }
    pool.WaitAll();
    row[Row_EmptyJob] = done ? Seconds(start) * 1e9 / done : BENCH_SKIPPED;

    u32 rounds = ROUND_COUNT / 10;
    start = OSGetTimeNanoseconds();
    for (done = 0; done < rounds && ((done & 63) || !OverTimeLimit()); ++done)
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
    for (done = 0; done < GRAPH_RUNS_PER_SAMPLE && !OverTimeLimit(); ++done)
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
    for (done = 0; done < rounds && ((done & 63) || !OverTimeLimit()); ++done)
    {
        BaselineParallelFor(&pool, bench->threadCount, 64, TinyItems, (void *)&tinySum);
    }
    if (done) row[Row_TinyFor] = Seconds(start) * 1e6 / done;

    volatile u64 heavySum = 0;
    start = OSGetTimeNanoseconds();
    for (done = 0; done < HEAVY_ROUND_COUNT / 10 && ((done & 15) || !OverTimeLimit()); ++done)
    {
        BaselineParallelFor(&pool, bench->threadCount, 64, HeavyItems, (void *)&heavySum);
    }
    if (done) row[Row_HeavyFor] = Seconds(start) * 1e6 / done;
    if (OverTimeLimit()) return;

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
    for (; done < rounds && ((done & 15) || !OverTimeLimit()); ++done)
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
    for (; done < EMPTY_JOB_COUNT && ((done & 4095) || !OverTimeLimit()); ++done)
    {
        globalEnki.AddTaskSetToPipe(&bench->empties[done]);
    }
    globalEnki.WaitforAll();
    row[Row_EmptyJob] = done ? Seconds(start) * 1e9 / done : BENCH_SKIPPED;

    start = OSGetTimeNanoseconds();
    for (done = 0; done < ROUND_COUNT && ((done & 63) || !OverTimeLimit()); ++done)
    {
        for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
        {
            globalEnki.AddTaskSetToPipe(&bench->tinies[index]);
        }
        globalEnki.WaitforAll();
    }
    if (done) row[Row_Round] = Seconds(start) * 1e6 / done;

    start = OSGetTimeNanoseconds();
    for (done = 0; done < GRAPH_RUNS_PER_SAMPLE && !OverTimeLimit(); ++done)
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
    row[Row_SumOneThread] = 0;
}

internal void EnkiStop(enki_bench *bench)
{
    (void)bench;
    globalEnki.WaitforAllAndShutdown();
}
#endif

#if BENCH_TASKFLOW
#include "bench_work_queue_taskflow.cpp"
#endif

//~ Runners: ours and each other one built in, taking turns run by run
#ifndef BENCH_BASELINE
#define BENCH_BASELINE 0
#endif
#ifndef BENCH_ENKITS
#define BENCH_ENKITS 0
#endif
#ifndef BENCH_TASKFLOW
#define BENCH_TASKFLOW 0
#endif
enum bench_runner
{
    Runner_Ours,
    Runner_Baseline,
    Runner_Enki,
    Runner_Taskflow,
    Runner_Count
};
global const char *globalRunnerNames[Runner_Count] = {"ours", "baseline", "enkiTS", "Taskflow"};
global const b32 globalRunnerBuilt[Runner_Count] = {1, BENCH_BASELINE, BENCH_ENKITS, BENCH_TASKFLOW};
global const char *globalRunnerNotBuilt[Runner_Count] = {
    "", "baseline: not built (no C++ standard library)",
    "enkiTS: not built (set ENKITS_DIR to a checkout for tests/bench/bench_work_queue.sh)",
    "Taskflow: not built (set TASKFLOW_DIR to a checkout for tests/bench/bench_work_queue.sh)"};

// One thread count's figures: every run of every runner.
struct thread_count_figures
{
    u32 threads;
    f64 samples[Runner_Count][BENCH_MAX_RUNS][Row_Count];
    b32 ran[Runner_Count];          // started at this thread count
    b32 overTime[Runner_Count];     // ran past its time limit here: skipped at every later count
};

struct bench_runners
{
    ours_bench ours;
#if BENCH_BASELINE
    baseline_bench *baseline;
#endif
#if BENCH_ENKITS
    enki_bench enki;
#endif
#if BENCH_TASKFLOW
    taskflow_bench *taskflow;
#endif
};

internal void StartRunner(bench_runners *runners, u32 runner, u32 threads)
{
    switch (runner)
    {
        case Runner_Ours: OursStart(&runners->ours); break;
#if BENCH_BASELINE
        case Runner_Baseline: runners->baseline = new baseline_bench; BaselineStart(runners->baseline, threads); break;
#endif
#if BENCH_ENKITS
        case Runner_Enki: EnkiStart(&runners->enki, threads); break;
#endif
#if BENCH_TASKFLOW
        case Runner_Taskflow: runners->taskflow = new taskflow_bench; TaskflowStart(runners->taskflow, threads); break;
#endif
        default: break;
    }
    (void)threads;
}

internal void SampleRunner(bench_runners *runners, u32 runner, f64 *row)
{
    switch (runner)
    {
        case Runner_Ours: OursSample(&runners->ours, row); break;
#if BENCH_BASELINE
        case Runner_Baseline: BaselineSample(runners->baseline, row); break;
#endif
#if BENCH_ENKITS
        case Runner_Enki: EnkiSample(&runners->enki, row); break;
#endif
#if BENCH_TASKFLOW
        case Runner_Taskflow: TaskflowSample(runners->taskflow, row); break;
#endif
        default: break;
    }
}

internal void StopRunner(bench_runners *runners, u32 runner)
{
    switch (runner)
    {
        case Runner_Ours: OursStop(&runners->ours); break;
#if BENCH_BASELINE
        case Runner_Baseline: BaselineStop(runners->baseline); delete runners->baseline; break;
#endif
#if BENCH_ENKITS
        case Runner_Enki: EnkiStop(&runners->enki); break;
#endif
#if BENCH_TASKFLOW
        case Runner_Taskflow: TaskflowStop(runners->taskflow); delete runners->taskflow; break;
#endif
        default: break;
    }
}

// Every runner not over its time limit at an earlier count (`skip`), `seconds` each, runs taking turns.
internal void MeasureThreadCount(thread_count_figures *figures, u32 threads, b32 *skip, f64 seconds)
{
    static bench_runners runners;
    figures->threads = threads;
    globalWorkerCount = threads - 1;
    f64 spent[Runner_Count] = {};
    for (u32 runner = 0; runner < Runner_Count; ++runner)
    {
        for (u32 run = 0; run < BENCH_MAX_RUNS; ++run)
            for (u32 row = 0; row < Row_Count; ++row) figures->samples[runner][run][row] = BENCH_SKIPPED;
        figures->ran[runner] = globalRunnerBuilt[runner] && !skip[runner];
        figures->overTime[runner] = 0;
        if (figures->ran[runner]) StartRunner(&runners, runner, threads);
    }
    for (u32 run = 0; run < globalRunCount; ++run)
    {
        for (u32 runner = 0; runner < Runner_Count; ++runner)
        {
            if (!figures->ran[runner] || figures->overTime[runner]) continue;
            u64 start = OSGetTimeNanoseconds();
            globalRunnerDeadline = start + (u64)((seconds - spent[runner]) * 1e9);
            globalRunnerOverTime = 0;
            SampleRunner(&runners, runner, figures->samples[runner][run]);
            spent[runner] += Seconds(start);
            figures->overTime[runner] = globalRunnerOverTime;
        }
    }
    for (u32 runner = 0; runner < Runner_Count; ++runner)
    {
        if (figures->ran[runner]) StopRunner(&runners, runner);
        if (figures->overTime[runner]) skip[runner] = 1;
    }
}

//~ Report
// The median of a runner's figures for a row over the runs that took it; BENCH_SKIPPED when none did.
internal f64 RowMedian(thread_count_figures *figures, u32 runner, u32 row)
{
    f64 values[BENCH_MAX_RUNS];
    u32 count = 0;
    for (u32 run = 0; run < globalRunCount; ++run)
    {
        if (figures->samples[runner][run][row] > 0) values[count++] = figures->samples[runner][run][row];
    }
    return count ? Median(values, count) : BENCH_SKIPPED;
}

// The median over runs of ours / other, both taken seconds apart (see the top); 0 when none.
internal f64 MedianRatio(thread_count_figures *figures, u32 other, u32 row)
{
    f64 ratios[BENCH_MAX_RUNS];
    u32 count = 0;
    for (u32 run = 0; run < globalRunCount; ++run)
    {
        f64 ours = figures->samples[Runner_Ours][run][row], theirs = figures->samples[other][run][row];
        if (ours > 0 && theirs > 0) ratios[count++] = ours / theirs;
    }
    return count ? Median(ratios, count) : 0;
}

internal f64 SumSpeedUp(thread_count_figures *figures)
{
    f64 speedUps[BENCH_MAX_RUNS];
    u32 count = 0;
    for (u32 run = 0; run < globalRunCount; ++run)
    {
        f64 *row = figures->samples[Runner_Ours][run];
        if (row[Row_Sum] > 0 && row[Row_SumOneThread] > 0) speedUps[count++] = row[Row_SumOneThread] / row[Row_Sum];
    }
    return count ? Median(speedUps, count) : 0;
}

// What a runner's column says where it has no figure.
internal const char *NoFigure(thread_count_figures *figures, u32 runner)
{
    if (!globalRunnerBuilt[runner]) return "-";
    if (!figures->ran[runner]) return "skipped";
    return figures->overTime[runner] ? "over time" : "-";
}

internal void PrintThreadCount(thread_count_figures *figures, f64 loadBefore, f64 loadAfter)
{
    printf("threads %u (ours: %u workers + the calling thread; the others: %u threads), load %.2f -> %.2f:\n",
           figures->threads, figures->threads - 1, figures->threads, loadBefore, loadAfter);
    printf("  %-34s", "");
    for (u32 runner = 0; runner < Runner_Count; ++runner) printf(" %10s", globalRunnerNames[runner]);
    printf("   ratio ours/%s", globalRunnerNames[Runner_Baseline]);
    for (u32 runner = Runner_Enki; runner < Runner_Count; ++runner) printf(", /%s", globalRunnerNames[runner]);
    printf(" (median of per-run ratios)\n");
    for (u32 row = 0; row < Row_Count; ++row)
    {
        printf("  %-34s", globalRows[row].label);
        for (u32 runner = 0; runner < Runner_Count; ++runner)
        {
            f64 value = RowMedian(figures, runner, row);
            putchar(' ');
            // NOTE: only ours takes the one-thread sum (through the same path as its parallel one).
            const char *none = (row == Row_SumOneThread && runner != Runner_Ours) ? "-" : NoFigure(figures, runner);
            value > 0 ? printf(globalRows[row].format, value) : printf("%10s", none);
        }
        printf("  ");
        for (u32 runner = Runner_Baseline; runner < Runner_Count; ++runner)
        {
            f64 ratio = MedianRatio(figures, runner, row);
            ratio > 0 ? printf(" %7.2fx", ratio) : printf(" %8s", "-");
        }
        putchar('\n');
    }
    printf("  %-34s %9.2fx   (median of the per-run ratios)\n", "parallel sum speed-up (all / one)", SumSpeedUp(figures));
    for (u32 runner = 0; runner < Runner_Count; ++runner)
    {
        if (!globalRunnerBuilt[runner]) printf("  %s\n", globalRunnerNotBuilt[runner]);
        else if (figures->overTime[runner]) printf("  %s: over its time limit at %u threads (the figures it took are kept)\n",
                                                   globalRunnerNames[runner], figures->threads);
        else if (!figures->ran[runner]) printf("  %s: skipped: over its time limit\n", globalRunnerNames[runner]);
    }
    fflush(stdout);
}

// Ours per thread count, with ours / the nearest competitor built (Taskflow, else enkiTS, else the baseline).
internal void PrintScalingTable(thread_count_figures *figures, u32 countCount)
{
    u32 other = BENCH_TASKFLOW ? Runner_Taskflow : BENCH_ENKITS ? Runner_Enki : Runner_Baseline;
    printf("\nscaling: ours (ratio ours/%s, median of per-run ratios)\n  %7s", globalRunnerNames[other], "threads");
    const char *headings[Row_Count] = {"empty job ns", "round us", "graph ms", "64-for us", "~1us-for us", "sum ms", ""};
    for (u32 row = 0; row < Row_SumOneThread; ++row) printf(" %18s", headings[row]);
    printf(" %12s\n", "sum speed-up");
    for (u32 index = 0; index < countCount; ++index)
    {
        printf("  %7u", figures[index].threads);
        for (u32 row = 0; row < Row_SumOneThread; ++row)
        {
            f64 value = RowMedian(figures + index, Runner_Ours, row), ratio = MedianRatio(figures + index, other, row);
            char ratioText[32] = "";
            if (ratio > 0) FormatText(ratioText, sizeof(ratioText), " (%.2fx)", ratio);
            char cell[64];
            FormatText(cell, sizeof(cell), "%.2f%s", value, ratioText);
            printf(" %18s", cell);
        }
        printf(" %11.2fx\n", SumSpeedUp(figures + index));
    }
    fflush(stdout);
}


int main(int argumentCount, char **arguments)
{
    u32 cores = OSGetCoreCount();
    u32 maxThreads = cores;
    f64 seconds = 30.0;
    for (int index = 1; index + 1 < argumentCount; index += 2)
    {
        int value = atoi(arguments[index + 1]);
        if (strcmp(arguments[index], "--threads") == 0 && value >= 1) maxThreads = (u32)value;
        else if (strcmp(arguments[index], "--seconds") == 0 && value >= 1) seconds = (f64)value;
        else if (strcmp(arguments[index], "--runs") == 0 && value >= 1 && value <= BENCH_MAX_RUNS) globalRunCount = (u32)value;
        else
        {
            fprintf(stderr, "usage: %s [--threads N] [--seconds S] [--runs R (1 to %u)]\n", arguments[0], BENCH_MAX_RUNS);
            return 2;
        }
    }
    if ((argumentCount % 2) == 0)
    {
        fprintf(stderr, "usage: %s [--threads N] [--seconds S] [--runs R (1 to %u)]\n", arguments[0], BENCH_MAX_RUNS);
        return 2;
    }
    BuildBenchDag();
    printf("work queue benchmark: %u cores, 1 to %u threads; medians of %u runs, runners taking turns; "
           "%.0f s per runner and thread count; load %.2f at start\n", cores, maxThreads, globalRunCount, seconds,
           BenchMachineLoad());
    fflush(stdout);
    static thread_count_figures figures[BENCH_MAX_THREAD_COUNTS];
    b32 skip[Runner_Count] = {};
    u32 countCount = 0;
    for (u32 threads = 1; threads <= maxThreads && countCount < BENCH_MAX_THREAD_COUNTS; threads *= 2)
    {
        f64 loadBefore = BenchMachineLoad();
        MeasureThreadCount(figures + countCount, threads, skip, seconds);
        PrintThreadCount(figures + countCount, loadBefore, BenchMachineLoad());
        ++countCount;
    }
    PrintScalingTable(figures, countCount);
    printf("  goals: every row <= 0.5x Taskflow (the 10,000-job graph included) at 2 threads and at 16; "
           "vs enkiTS (same run): <= 0.5x empty job and 64-job round, <= 1.0x graph and 64-item parallel-for, "
           "parallel sum within 5%%\n");
    return 0;
}
