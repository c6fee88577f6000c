// Work queue benchmark (native, printed, nothing asserted): our queue against a mutex +
// condition variable + deque pool (the classic design, our own code, as the baseline) and, when
// built with BENCH_ENKITS or BENCH_TASKFLOW (tests/bench/bench_work_queue.sh does when ENKITS_DIR or
// TASKFLOW_DIR is set), enkiTS and Taskflow.
// Usage: bench_work_queue [--threads N] [--seconds S] [--runs R] [--runners ours,baseline,enkiTS,Taskflow]
//                         [--total-seconds T]
// It measures at N threads (default: every core) first, then at 1, 2, 4, 8, ... below N, each runner
// with that many threads (ours: N - 1 workers and the calling thread), prints each thread count's
// table as soon as it is measured, then a scaling table. A runner gets S seconds per thread count
// (default 30): one that runs past them stops where it is (its figures so far stay) and prints
// "skipped: over its time limit" for every later thread count, so one pathological runner cannot eat
// the run; as N comes first, it is always measured at N. Inside those S seconds each row of repeated
// work has a share (S over runs x 6): a slow row stops at its share with the figure of what it did,
// so the last rows (the wake, the sum) are always reached. --total-seconds T (default: none) bounds
// the whole run for a script with a time budget (tests/bench/bench_cores.sh): N is always measured,
// and a later thread count starts only while the time so far plus the last count's time stays within
// T; the counts not started print "skipped: ..." and are left out of the scaling table.
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

// Each row of repeated work (empty jobs, rounds, the graph, the two parallel-fors) also has a share of
// its runner's time at a thread count: the seconds over runs x (those rows + 1), the one more for the
// rows of fixed work (the wake, the sum). A row past its share stops there, its figure taken from the
// iterations done, so one slow row no longer uses up the runner's time before the rows after it: the
// wake and the sum, the last rows, are two of the goals, and a slow runner at 16 threads used to
// reach neither. The loops ask every so many iterations, with the time their row started.
#define BENCH_REPEATED_ROWS 5
global u64 globalRowNanoseconds;
global u32 globalRowsCut;               // rows of the current sample stopped at their share

internal b32 OverRowLimit(u64 rowStart)
{
    if (OverTimeLimit()) return 1;
    if (OSGetTimeNanoseconds() - rowStart <= globalRowNanoseconds) return 0;
    ++globalRowsCut;
    return 1;
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
// NOTE: the sum's items are summed in pieces of SUM_PIECE_ITEMS, aligned to multiples of it, by one
// out-of-line call each, whatever range a runner hands SumItems: every runner and the one-thread
// figure then run the very same calls. Handed as one 50M-item call, the same loop (g++ 12 -O2)
// ran 1.3-1.4x faster per item on this project's 2-core machine than in 16,384-item calls, so a
// one-thread figure taken in one call made every parallel run look 1.4x slower than its work,
// and runners that split the range differently summed at different speeds (figures.md).
#define SUM_PIECE_ITEMS 4096u
internal u64 SumPiece(u32 first, u32 onePastLast)
{
    u64 sum = 0;
    for (u32 index = first; index < onePastLast; ++index)
    {
        sum += Summand(index);
    }
    return sum;
}
global u64 (*volatile globalSumPieceCall)(u32 first, u32 onePastLast) = SumPiece;   // never inlined
global u64 globalSumExpected;   // the sum of every item, on the main thread before any runner starts

// Every runner's sum is checked: a figure from a sum that missed or repeated items says so.
internal void CheckParallelSum(const char *runner, u64 sum)
{
    if (sum != globalSumExpected)
    {
        printf("  (%s: sum %llu differs from the main thread's sum %llu, taken at the start!)\n", runner,
               (unsigned long long)sum, (unsigned long long)globalSumExpected);
    }
}
internal PLATFORM_PARALLEL_FOR_CALLBACK(SumItems)
{
    u64 sum = 0;
    for (u32 at = first; at < onePastLast;)
    {
        u32 pieceEnd = (u32)Minimum((u64)onePastLast, ((u64)at / SUM_PIECE_ITEMS + 1) * SUM_PIECE_ITEMS);
        sum += globalSumPieceCall(at, pieceEnd);
        at = pieceEnd;
    }
    AtomicAddU64((volatile u64 *)data, sum);
}

//~ Waking idle workers
// One round: a pause long enough for every worker to fall asleep, then threads - 1 entries (one per
// worker of ours; the others' pools keep a thread spare, the caller spins on the count meanwhile),
// each holding its thread until all have arrived: the time from handing them out until the last
// one runs is what a frame's first stage waits for when the workers slept between frames.
#define WAKE_ROUNDS 11
#define WAKE_IDLE_MS 5
#define WAKE_TIMEOUT_NS 1000000000ull
global volatile u32 globalWakeArrived;
global volatile u32 globalWakeReleased;

internal void HoldUntilReleased(void)
{
    AtomicIncrementU32(&globalWakeArrived);
    while (!AtomicLoadU32(&globalWakeReleased)) CpuPause();
}
internal PLATFORM_WORK_QUEUE_CALLBACK(WakeHoldJob) { HoldUntilReleased(); }

// The pause and a closed gate; returns the round's start, taken just before the entries are handed out.
internal u64 BeginWakeRound(void)
{
    OSSleepMilliseconds(WAKE_IDLE_MS);
    AtomicStoreU32(&globalWakeArrived, 0);
    AtomicStoreU32(&globalWakeReleased, 0);
    return OSGetTimeNanoseconds();
}

// Microseconds from start until `target` entries hold a thread each (BENCH_SKIPPED when some never
// came within a second), then opens the gate. The caller runs none of them meanwhile.
internal f64 EndWakeRound(u64 start, u32 target)
{
    while (AtomicLoadU32(&globalWakeArrived) < target && OSGetTimeNanoseconds() - start < WAKE_TIMEOUT_NS) CpuPause();
    f64 us = AtomicLoadU32(&globalWakeArrived) >= target ? Seconds(start) * 1e6 : BENCH_SKIPPED;
    AtomicStoreU32(&globalWakeReleased, 1);
    return us;
}

// The median of the rounds, or BENCH_SKIPPED when one timed out.
internal f64 WakeRoundsMedian(f64 *rounds, u32 count)
{
    for (u32 index = 0; index < count; ++index)
        if (rounds[index] <= 0) return BENCH_SKIPPED;
    return count ? Median(rounds, count) : BENCH_SKIPPED;
}

//~ Rows: every runner measures each row once per call
enum bench_row
{
    Row_EmptyJob,       // ns per job
    Row_Round,          // us per round
    Row_Graph,          // ms per graph
    Row_TinyFor,        // us per parallel-for
    Row_HeavyFor,       // us per parallel-for
    Row_Wake,           // us until every worker runs, from idle
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
    {"us to wake every worker (idle 5 ms)", "%10.1f"},
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
    job_graph wakeGraph;                // one WakeHoldJob per worker, no edges
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
    BeginJobGraph(&bench->wakeGraph, &bench->arena, "wake", Maximum(globalWorkerCount, 1u), 1, 0);
    for (u32 index = 0; index < globalWorkerCount; ++index) AddGraphJob(&bench->wakeGraph, WakeHoldJob, 0);
}

// One run of every row into `row` (rows left BENCH_SKIPPED once the runner is over its time limit).
internal void OursSample(ours_bench *bench, f64 *row)
{
    platform_work_queue *queue = &bench->queue;
    u64 start = OSGetTimeNanoseconds();
    u32 done = 0;
    for (; done < EMPTY_JOB_COUNT && ((done & 4095) || !OverRowLimit(start)); ++done)
    {
        AddWorkQueueEntry(queue, EmptyJob, 0);
    }
    CompleteAllWork(queue);
    row[Row_EmptyJob] = done ? Seconds(start) * 1e9 / done : BENCH_SKIPPED;

    start = OSGetTimeNanoseconds();
    for (done = 0; done < ROUND_COUNT && ((done & 63) || !OverRowLimit(start)); ++done)
    {
        for (u32 index = 0; index < ROUND_JOB_COUNT; ++index)
        {
            AddWorkQueueEntry(queue, TinyJob, 0);
        }
        CompleteAllWork(queue);
    }
    if (done) row[Row_Round] = Seconds(start) * 1e6 / done;

    start = OSGetTimeNanoseconds();
    for (done = 0; done < GRAPH_RUNS_PER_SAMPLE && !OverRowLimit(start); ++done)
    {
        SubmitJobGraph(queue, &bench->graph);
        WaitForJobGraph(&bench->graph);
    }
    if (done) row[Row_Graph] = Seconds(start) * 1e3 / done;

    volatile u32 tinySum = 0;
    start = OSGetTimeNanoseconds();
    for (done = 0; done < ROUND_COUNT && ((done & 63) || !OverRowLimit(start)); ++done)
    {
        ParallelFor(queue, 64, 1, TinyItems, (void *)&tinySum);
    }
    if (done) row[Row_TinyFor] = Seconds(start) * 1e6 / done;

    volatile u64 heavySum = 0;
    start = OSGetTimeNanoseconds();
    for (done = 0; done < HEAVY_ROUND_COUNT && ((done & 15) || !OverRowLimit(start)); ++done)
    {
        ParallelFor(queue, 64, 1, HeavyItems, (void *)&heavySum);
    }
    if (done) row[Row_HeavyFor] = Seconds(start) * 1e6 / done;
    if (OverTimeLimit()) return;

    // Through a graph of one job per worker: its roots go in with one wake, as a frame stage's do.
    f64 wakeRounds[WAKE_ROUNDS];
    for (done = 0; globalWorkerCount && done < WAKE_ROUNDS; ++done)
    {
        u64 roundStart = BeginWakeRound();
        SubmitJobGraph(queue, &bench->wakeGraph);
        wakeRounds[done] = EndWakeRound(roundStart, globalWorkerCount);
        WaitForJobGraph(&bench->wakeGraph);
    }
    row[Row_Wake] = WakeRoundsMedian(wakeRounds, done);

    // NOTE: the one-thread figure goes through the same path as the parallel one (ParallelFor, the
    // same pieces through the same indirect calls, see SumItems) on a queue without workers (one
    // batch: the whole range). It is taken before and after the parallel run and the faster of the
    // two kept: a one-thread run slowed by something else (a drift of the machine's speed, a
    // neighbour on the core) then cannot push the speed-up past the core count (the mean of the two
    // did: 16.9x on 16 threads).
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
    row[Row_SumOneThread] = Minimum(oneBefore, Seconds(start) * 1e3);
    CheckParallelSum("ours, one thread before", sumBefore);
    CheckParallelSum("ours", sumAll);
    CheckParallelSum("ours, one thread after", sumAfter);
}

internal void OursStop(ours_bench *bench)
{
    StopWorkQueue(&bench->queue);
    StopWorkQueue(&bench->serialQueue);
    free(bench->arena.base);
}

#if BENCH_BASELINE
#include "bench_work_queue_baseline.cpp"
#endif

#if BENCH_ENKITS
#include "bench_work_queue_enkits.cpp"
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
global b32 globalRunnerWanted[Runner_Count] = {1, 1, 1, 1};    // --runners; ours always runs
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
    u32 rowsCut[Runner_Count];      // rows stopped at their share of the runner's time (OverRowLimit)
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
    globalRowNanoseconds = (u64)(seconds * 1e9 / (f64)(globalRunCount * (BENCH_REPEATED_ROWS + 1)));
    f64 spent[Runner_Count] = {};
    for (u32 runner = 0; runner < Runner_Count; ++runner)
    {
        for (u32 run = 0; run < BENCH_MAX_RUNS; ++run)
            for (u32 row = 0; row < Row_Count; ++row) figures->samples[runner][run][row] = BENCH_SKIPPED;
        figures->ran[runner] = globalRunnerBuilt[runner] && globalRunnerWanted[runner] && !skip[runner];
        figures->overTime[runner] = 0;
        figures->rowsCut[runner] = 0;
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
            globalRowsCut = 0;
            SampleRunner(&runners, runner, figures->samples[runner][run]);
            spent[runner] += Seconds(start);
            figures->overTime[runner] = globalRunnerOverTime;
            figures->rowsCut[runner] += globalRowsCut;
        }
    }
    for (u32 runner = 0; runner < Runner_Count; ++runner)
    {
        if (figures->ran[runner]) StopRunner(&runners, runner);
        if (figures->overTime[runner]) skip[runner] = 1;
    }
}

#include "bench_work_queue_report.cpp"

internal void PrintBenchUsage(const char *program)
{
    fprintf(stderr, "usage: %s [--threads N] [--seconds S] [--runs R (1 to %u)] [--runners ours,baseline,enkiTS,Taskflow "
            "(the ones to run; ours always runs)] [--total-seconds T (the whole run; N threads always run)]\n", program,
            BENCH_MAX_RUNS);
}

// "--runners ours,Taskflow": only those (ours always); false on a name that is not a runner's.
internal b32 ParseRunnerList(const char *list)
{
    b32 wanted[Runner_Count] = {1};
    for (const char *at = list; *at;)
    {
        const char *end = at;
        while (*end && *end != ',') ++end;
        u32 runner = 0;
        while (runner < Runner_Count && !(strlen(globalRunnerNames[runner]) == (umm)(end - at) &&
                                          strncmp(globalRunnerNames[runner], at, (umm)(end - at)) == 0)) ++runner;
        if (runner == Runner_Count) return 0;
        wanted[runner] = 1;
        at = *end ? end + 1 : end;
    }
    for (u32 runner = 0; runner < Runner_Count; ++runner) globalRunnerWanted[runner] = wanted[runner];
    return 1;
}

int main(int argumentCount, char **arguments)
{
    u32 cores = OSGetCoreCount();
    u32 maxThreads = cores;
    f64 seconds = 30.0;
    f64 totalSeconds = 0.0;     // 0: no bound on the whole run
    for (int index = 1; index + 1 < argumentCount; index += 2)
    {
        int value = atoi(arguments[index + 1]);
        if (strcmp(arguments[index], "--threads") == 0 && value >= 1) maxThreads = (u32)value;
        else if (strcmp(arguments[index], "--seconds") == 0 && value >= 1) seconds = (f64)value;
        else if (strcmp(arguments[index], "--runs") == 0 && value >= 1 && value <= BENCH_MAX_RUNS) globalRunCount = (u32)value;
        else if (strcmp(arguments[index], "--runners") == 0 && ParseRunnerList(arguments[index + 1])) {}
        else if (strcmp(arguments[index], "--total-seconds") == 0 && value >= 1) totalSeconds = (f64)value;
        else
        {
            PrintBenchUsage(arguments[0]);
            return 2;
        }
    }
    if ((argumentCount % 2) == 0)
    {
        PrintBenchUsage(arguments[0]);
        return 2;
    }
    BuildBenchDag();
    volatile u64 expected = 0;
    SumItems((void *)&expected, 0, SUM_ITEM_COUNT);
    globalSumExpected = expected;
    printf("work queue benchmark: %u cores, 1 to %u threads; medians of %u runs, runners taking turns; "
           "%.0f s per runner and thread count; load %.2f at start\n", cores, maxThreads, globalRunCount, seconds,
           BenchMachineLoad());
    fflush(stdout);
    // NOTE: the largest thread count first, then 1, 2, 4, ... below it: a runner over its time limit is
    // skipped at every later count, so a slow baseline is still measured where it matters most. The
    // figures are kept in increasing thread counts for the scaling table.
    static thread_count_figures figures[BENCH_MAX_THREAD_COUNTS];
    b32 skip[Runner_Count] = {};
    u32 countCount = 1;
    while (countCount < BENCH_MAX_THREAD_COUNTS && (1u << (countCount - 1)) < maxThreads) ++countCount;
    u64 runStart = OSGetTimeNanoseconds();
    f64 lastCountSeconds = 0.0;
    for (u32 order = 0; order < countCount; ++order)
    {
        u32 slot = order == 0 ? countCount - 1 : order - 1;
        u32 threads = order == 0 ? maxThreads : 1u << (order - 1);
        f64 elapsed = Seconds(runStart);
        if (order > 0 && totalSeconds > 0 && elapsed + lastCountSeconds > totalSeconds)
        {
            // NOTE: figures[slot].threads stays 0: the scaling table leaves the count out.
            printf("threads %u: skipped: %.0f s so far and the last count took %.0f s, past --total-seconds %.0f\n",
                   threads, elapsed, lastCountSeconds, totalSeconds);
            fflush(stdout);
            continue;
        }
        u64 countStart = OSGetTimeNanoseconds();
        f64 loadBefore = BenchMachineLoad();
        MeasureThreadCount(figures + slot, threads, skip, seconds);
        PrintThreadCount(figures + slot, loadBefore, BenchMachineLoad());
        lastCountSeconds = Seconds(countStart);
    }
    PrintScalingTable(figures, countCount);
    printf("  goals: every row <= 0.5x Taskflow (the 10,000-job graph included) at 2 threads and at 16; "
           "vs enkiTS (same run): <= 0.5x empty job and 64-job round, <= 1.0x graph and 64-item parallel-for, "
           "parallel sum within 5%%\n");
    return 0;
}
