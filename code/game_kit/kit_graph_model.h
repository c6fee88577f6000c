#ifndef KIT_GRAPH_MODEL_H
#define KIT_GRAPH_MODEL_H
// What a job graph's shape allows, from how long each of its jobs ran: its work (the durations
// summed), its span (the longest chain of dependencies, durations summed along it) and the time a
// greedy scheduler with no cost of its own would take on N threads. A measured frame set beside
// the model says how much of what is lost comes from the graph's shape (serial jobs, stages that
// wait for their slowest batch) and how much from the scheduler and the job bodies costing more in
// parallel. A game (or its benchmark build: tests/bench/bench_frame_graph_game.cpp) calls it on a
// graph it built (edges and jobs; it need not have been submitted) with durations it measured.
//
// The greedy schedule: a thread that is free takes the ready job released first (jobs free at the
// start in id order, then in the order their last dependency finished); it never waits while a job
// is ready. Any greedy schedule of a graph takes between max(work / N, span) and work / N + span.

#include "base/base_types.h"
#include "base/base_arena.h"
#include "contract/job_graph.h"

struct job_graph_model
{
    u64 workCycles;                 // every job's duration summed: one thread's time
    u64 spanCycles;                 // the longest dependency chain: no thread count beats it
    u64 makespanCycles;             // the greedy schedule on threadCount threads
    u32 threadCount;
};

// False when the graph cannot run (a cycle, an edge naming no job of its own), threadCount is 0, or
// scratch is too small (the arena's overflow is logged); scratch is released before returning
// either way.
// jobCycles: one duration per job, indexed by job id.
inline b32 ModelJobGraph(const job_graph *graph, const u64 *jobCycles, u32 threadCount, memory_arena *scratch,
                         job_graph_model *model)
{
    memset(model, 0, sizeof(*model));
    model->threadCount = threadCount;
    u32 jobCount = graph->jobCount, edgeCount = graph->edgeCount;
    if (threadCount == 0) return 0;
    temporary_memory temp = BeginTemporaryMemory(scratch);
    u32 *waitingFor = PushArray(scratch, jobCount + 1, u32);        // dependencies not finished yet
    u32 *dependentStart = PushArray(scratch, jobCount + 1, u32);    // per job, its dependents, contiguous
    u32 *dependents = PushArray(scratch, edgeCount + 1, u32);
    u64 *earliestStart = PushArray(scratch, jobCount + 1, u64);     // when its last dependency could end
    u32 *ready = PushArray(scratch, jobCount + 1, u32);             // a FIFO: every job enters it once
    u64 *runningEnd = PushArray(scratch, threadCount, u64);
    u32 *runningJob = PushArray(scratch, threadCount, u32);
    b32 valid = waitingFor && dependentStart && dependents && earliestStart && ready && runningEnd && runningJob;
    for (u32 index = 0; valid && index < edgeCount; ++index)
    {
        valid = graph->edges[index].before < jobCount && graph->edges[index].after < jobCount;
    }
    if (!valid)
    {
        EndTemporaryMemory(temp);
        return 0;
    }
    memset(waitingFor, 0, (jobCount + 1) * sizeof(u32));
    memset(dependentStart, 0, (jobCount + 1) * sizeof(u32));
    memset(earliestStart, 0, (jobCount + 1) * sizeof(u64));
    for (u32 index = 0; index < edgeCount; ++index)
    {
        ++waitingFor[graph->edges[index].after];
        ++dependentStart[graph->edges[index].before + 1];
    }
    for (u32 index = 0; index < jobCount; ++index) dependentStart[index + 1] += dependentStart[index];
    // dependentStart[b] is moved past each dependent placed, then moved back by one pass below.
    for (u32 index = 0; index < edgeCount; ++index) dependents[dependentStart[graph->edges[index].before]++] = graph->edges[index].after;
    for (u32 index = jobCount; index > 0; --index) dependentStart[index] = dependentStart[index - 1];
    dependentStart[0] = 0;

    u32 readyFirst = 0, readyOnePastLast = 0, runningCount = 0, finishedCount = 0;
    for (u32 index = 0; index < jobCount; ++index)
    {
        model->workCycles += jobCycles[index];
        if (waitingFor[index] == 0) ready[readyOnePastLast++] = index;
    }
    u64 now = 0;
    for (;;)
    {
        while (runningCount < threadCount && readyFirst < readyOnePastLast)
        {
            u32 id = ready[readyFirst++];
            runningJob[runningCount] = id;
            runningEnd[runningCount++] = now + jobCycles[id];
        }
        if (runningCount == 0) break;
        u32 soonest = 0;
        for (u32 slot = 1; slot < runningCount; ++slot)
        {
            if (runningEnd[slot] < runningEnd[soonest]) soonest = slot;
        }
        u32 id = runningJob[soonest];
        now = runningEnd[soonest];
        runningJob[soonest] = runningJob[runningCount - 1];
        runningEnd[soonest] = runningEnd[--runningCount];
        ++finishedCount;
        u64 chainEnd = earliestStart[id] + jobCycles[id];
        model->spanCycles = Maximum(model->spanCycles, chainEnd);
        for (u32 at = dependentStart[id]; at < dependentStart[id + 1]; ++at)
        {
            u32 dependent = dependents[at];
            earliestStart[dependent] = Maximum(earliestStart[dependent], chainEnd);
            if (--waitingFor[dependent] == 0) ready[readyOnePastLast++] = dependent;
        }
    }
    model->makespanCycles = now;
    EndTemporaryMemory(temp);
    return finishedCount == jobCount;   // fewer: a cycle kept some jobs waiting forever
}

#endif // KIT_GRAPH_MODEL_H
