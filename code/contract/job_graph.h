#ifndef JOB_GRAPH_H
#define JOB_GRAPH_H
// Job graphs: jobs with a dependency counter and a list of dependents, run on a work queue. A job
// is queued the moment its last dependency finishes; a whole frame can be one graph.
//
// Building is plain data work on caller memory (inline below, usable by the game DLL as well as
// the platform); submitting and waiting are platform functions (job_graph.cpp, reached by the
// game through platform_api.SubmitJobGraph / WaitForJobGraph).
//
//   job_graph graph;
//   BeginJobGraph(&graph, &arena, "frame", 64, 128, log);
//   job_id sim = AddGraphJob(&graph, SimulateCallback, &state);
//   job_id anim = AddGraphJob(&graph, AnimateCallback, &state);
//   AddJobDependency(&graph, sim, anim);          // anim runs after sim
//   if (SubmitJobGraph(queue, &graph)) { WaitForJobGraph(&graph); }
//
// A graph may be submitted again once it has finished (every frame, say); it then remembers how
// long each job ran last time, and a runner keeps the released jobs known to be tiny for itself
// instead of sharing them through the ring (job_graph.cpp): resubmit rather than rebuild. A graph with a cycle,
// with no job free to start, that overflowed its capacity, that names a job id not of its own
// (AddJobDependency), with a job without callback, or whose queue was never created is refused
// with a logged error. Submitting claims the graph atomically: a graph still running, or being
// submitted by another thread at the same moment, is refused (logged), never run twice.
//
// Waiting (the full rules are in work_queue.h): WaitForJobGraph and WaitForJob may be called
// anywhere, jobs included; inside a job the waiter runs only this graph's jobs meanwhile, at top
// level any entry of the queue. A job must not wait for its own graph (nor for work that waits
// for it), and must not call CompleteAllWork or DrainWorkQueues: those are refused in graph jobs.
// A wait for the graph of a job the waiting thread is running (itself, or a ParallelFor batch of
// one of its jobs) is refused with a logged error and returns at once; a cycle of waits across
// threads is the platform's stall detector's to catch (win32_stall_detector.cpp).

#include "base/base_types.h"
#include "base/base_atomics.h"
#include "base/base_arena.h"
#include "base/base_log.h"
#include "contract/game_platform.h"

typedef u32 job_id;
#define JOB_ID_NONE 0xffffffffu

enum job_graph_submit_state
{
    JobGraph_NotSubmitted = 0,
    JobGraph_Submitted = 1,             // running, or finished when unfinishedJobCount is 0
    JobGraph_Submitting = 2,            // one thread is inside SubmitJobGraph with it
};

struct job
{
    platform_work_queue_callback *callback;
    void *data;
    job_graph *graph;
    u32 dependencyCount;                // edges into this job (set when the graph is finalised)
    volatile u32 unfinishedDependencies;// counts down while the graph runs (not for a job of one dependency)
    u32 firstDependent;                 // into graph->dependents
    u32 dependentCount;
    volatile u32 finished;
    u32 nextReady;                      // id + 1 of the next job on a runner's local list
    const char *name;                   // optional (AddNamedGraphJob): a static string for tools
    u32 lastRunCycles;                  // how long its callback ran last time (0: never ran)
    u32 pad;                            // one job per cache line: jobs run on different cores
};                                      // write their counters without false sharing


struct job_edge
{
    job_id before;
    job_id after;
};

struct job_graph
{
    const char *name;
    platform_log *log;
    job *jobs;
    job_edge *edges;
    job_id *dependents;                 // per job, its dependents, contiguous (built at submit)
    u32 jobCount;
    u32 maxJobCount;
    u32 edgeCount;
    u32 maxEdgeCount;
    u32 overflowCount;                  // AddGraphJob / AddJobDependency calls refused: graph invalid
    b32 finalised;                      // dependents built for the current set of edges
    volatile u32 submitted;             // job_graph_submit_state; claimed by compare-exchange
    platform_work_queue *queue;
    u32 badJobIdCount;                  // AddJobDependency calls naming an id not of this graph
    job_id firstBadJobId;               //   (counted in overflowCount as well)
    // NOTE: alone on its cache line: every finishing job writes it, while every running job reads
    // the fields above (jobs, dependents, queue); sharing one line made each finish a miss for all.
    u8 pad0[64 - 12];
    volatile u32 unfinishedJobCount;
    u8 pad1[64 - 4];
};

// NOTE: the game builds graphs in its own memory and hands them to the platform, so these sizes
// are part of the contract (game_platform.h): a change must come with a GAME_CONTRACT_VERSION bump.
StaticAssert(sizeof(job) == 64, "job changed (one per cache line): bump GAME_CONTRACT_VERSION");
StaticAssert(sizeof(job_graph) == 208, "job_graph changed: bump GAME_CONTRACT_VERSION");

inline b32 BeginJobGraph(job_graph *graph, memory_arena *arena, const char *name,
                         u32 maxJobCount, u32 maxEdgeCount, platform_log *log)
{
    memset(graph, 0, sizeof(*graph));
    graph->name = name;
    graph->log = log;
    graph->jobs = (job *)PushArray_(arena, maxJobCount, sizeof(job), 64);
    graph->edges = PushArray(arena, maxEdgeCount, job_edge);
    graph->dependents = PushArray(arena, maxEdgeCount, job_id);
    if (!graph->jobs || !graph->edges || !graph->dependents)
    {
        ++graph->overflowCount;     // the arena has logged the overflow; Submit will refuse
        return 0;
    }
    graph->maxJobCount = maxJobCount;
    graph->maxEdgeCount = maxEdgeCount;
    return 1;
}

// NOTE: not "AddJob": <windows.h> (winspool.h) defines a macro of that name.
inline job_id AddGraphJob(job_graph *graph, platform_work_queue_callback *callback, void *data)
{
    Assert(!graph->submitted || AtomicLoadU32(&graph->unfinishedJobCount) == 0);
    if (graph->jobCount >= graph->maxJobCount)
    {
        ++graph->overflowCount;
        return JOB_ID_NONE;
    }
    job_id id = graph->jobCount++;
    job *newJob = graph->jobs + id;
    memset(newJob, 0, sizeof(*newJob));
    newJob->callback = callback;
    newJob->data = data;
    newJob->graph = graph;
    graph->finalised = 0;
    return id;
}

// A job with a name (a static string: the debug overlay's timeline and test dumps show it).
inline job_id AddNamedGraphJob(job_graph *graph, const char *name, platform_work_queue_callback *callback, void *data)
{
    job_id id = AddGraphJob(graph, callback, data);
    if (id != JOB_ID_NONE) graph->jobs[id].name = name;
    return id;
}

// "after" runs only once "before" has finished. An id that is not one of this graph's jobs (from
// another graph, or made up) makes Submit refuse the graph, naming that id; JOB_ID_NONE (from an
// add that did not fit) counts as the overflow it came from.
inline b32 AddJobDependency(job_graph *graph, job_id before, job_id after)
{
    if (before >= graph->jobCount || after >= graph->jobCount || graph->edgeCount >= graph->maxEdgeCount)
    {
        job_id foreign = (before != JOB_ID_NONE && before >= graph->jobCount) ? before :
                         (after != JOB_ID_NONE && after >= graph->jobCount) ? after : JOB_ID_NONE;
        if (foreign != JOB_ID_NONE && graph->badJobIdCount++ == 0) graph->firstBadJobId = foreign;
        ++graph->overflowCount;
        return 0;
    }
    graph->edges[graph->edgeCount].before = before;
    graph->edges[graph->edgeCount].after = after;
    ++graph->edgeCount;
    graph->finalised = 0;
    return 1;
}

inline b32 IsJobFinished(job_graph *graph, job_id id)
{
    return (id < graph->jobCount) && AtomicLoadU32(&graph->jobs[id].finished);
}

// Platform side (job_graph.cpp).
b32 SubmitJobGraph(platform_work_queue *queue, job_graph *graph);
void WaitForJobGraph(job_graph *graph);
void WaitForJob(job_graph *graph, job_id id);
// True when the calling thread runs a job of this graph (or a ParallelFor batch started by one):
// a wait for the graph there could never finish. WaitForJobGraph / WaitForJob refuse it (logged).
b32 IsJobGraphWaitOnItself(job_graph *graph);

#endif // JOB_GRAPH_H
