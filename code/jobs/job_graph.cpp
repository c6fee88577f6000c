// Job graphs on top of the work queue: validation at submit, dependency counting while running,
// and waits in which the waiting thread runs queued work.

#include "contract/job_graph.h"
#include "jobs/work_queue.h"

//~ Validation
// Builds each job's dependents list from the edges: a counting sort into graph->dependents.
internal void BuildJobGraphDependents(job_graph *graph)
{
    job *jobs = graph->jobs;
    for (u32 index = 0; index < graph->jobCount; ++index)
    {
        jobs[index].dependencyCount = 0;
        jobs[index].dependentCount = 0;
    }
    for (u32 index = 0; index < graph->edgeCount; ++index)
    {
        ++jobs[graph->edges[index].before].dependentCount;
        ++jobs[graph->edges[index].after].dependencyCount;
    }
    u32 offset = 0;
    for (u32 index = 0; index < graph->jobCount; ++index)
    {
        jobs[index].firstDependent = offset;
        offset += jobs[index].dependentCount;
        jobs[index].dependentCount = 0;
    }
    for (u32 index = 0; index < graph->edgeCount; ++index)
    {
        job *before = jobs + graph->edges[index].before;
        graph->dependents[before->firstDependent + before->dependentCount++] = graph->edges[index].after;
    }
}

// Kahn's algorithm: returns how many jobs could ever start (all of them unless there is a cycle)
// and the number of roots. Leaves unfinishedDependencies non-zero on the jobs that never could.
internal u32 CountStartableJobs(job_graph *graph, u32 *rootCount)
{
    // NOTE: unfinishedDependencies serves as scratch and the edges array stays untouched: the
    // ready list lives in the 'finished' field as a singly linked stack of job ids + 1.
    job *jobs = graph->jobs;
    u32 readyHead = 0;
    *rootCount = 0;
    for (u32 index = 0; index < graph->jobCount; ++index)
    {
        jobs[index].unfinishedDependencies = jobs[index].dependencyCount;
        if (jobs[index].dependencyCount == 0)
        {
            jobs[index].finished = readyHead;
            readyHead = index + 1;
            ++*rootCount;
        }
    }
    u32 visited = 0;
    while (readyHead)
    {
        job *current = jobs + (readyHead - 1);
        readyHead = current->finished;
        ++visited;
        for (u32 index = 0; index < current->dependentCount; ++index)
        {
            job_id dependentId = graph->dependents[current->firstDependent + index];
            if (--jobs[dependentId].unfinishedDependencies == 0)
            {
                jobs[dependentId].finished = readyHead;
                readyHead = dependentId + 1;
            }
        }
    }
    for (u32 index = 0; index < graph->jobCount; ++index)
    {
        jobs[index].finished = 0;
    }
    return visited;
}

internal void LogJobGraphCycle(job_graph *graph, const char *name, u32 visited, u32 rootCount)
{
    if (!graph->log)
    {
        return;
    }
    if (rootCount == 0)
    {
        graph->log(LogLevel_Error, "job graph '%s' refused: no job is free to start "
                   "(every one of its %u jobs waits on another)", name, graph->jobCount);
        return;
    }
    job_id example = JOB_ID_NONE;
    for (u32 index = 0; index < graph->jobCount && example == JOB_ID_NONE; ++index)
    {
        if (graph->jobs[index].unfinishedDependencies)
        {
            example = index;
        }
    }
    graph->log(LogLevel_Error, "job graph '%s' refused: dependency cycle; %u of %u jobs "
               "could never start (job %u among them)", name, graph->jobCount - visited,
               graph->jobCount, example);
}

// Builds the dependents lists and checks that the graph can run to the end: Kahn's algorithm
// must visit every job. Logs and returns 0 otherwise.
internal b32 FinaliseJobGraph(job_graph *graph)
{
    const char *name = graph->name ? graph->name : "?";
    if (graph->badJobIdCount)
    {
        if (graph->log)
        {
            graph->log(LogLevel_Error, "job graph '%s' refused: AddJobDependency was given job id %u, which is "
                       "not a job of this graph (it has %u jobs; an id from another graph or made up), %u such "
                       "call(s)", name, graph->firstBadJobId, graph->jobCount, graph->badJobIdCount);
        }
        return 0;
    }
    if (graph->overflowCount)
    {
        if (graph->log)
        {
            graph->log(LogLevel_Error, "job graph '%s' refused: %u jobs or dependencies did not fit "
                       "(capacity %u jobs, %u dependencies)", name, graph->overflowCount,
                       graph->maxJobCount, graph->maxEdgeCount);
        }
        return 0;
    }
    if (graph->finalised)
    {
        return 1;
    }
    for (u32 index = 0; index < graph->jobCount; ++index)
    {
        if (!graph->jobs[index].callback)
        {
            if (graph->log)
            {
                graph->log(LogLevel_Error, "job graph '%s' refused: job %u has no callback (null)", name, index);
            }
            return 0;
        }
    }
    BuildJobGraphDependents(graph);
    u32 rootCount = 0;
    u32 visited = CountStartableJobs(graph, &rootCount);
    if (visited != graph->jobCount)
    {
        LogJobGraphCycle(graph, name, visited, rootCount);
        return 0;
    }
    graph->finalised = 1;
    return 1;
}

//~ Running
// NOTE: which released jobs a runner keeps for itself. A trip through the shared ring (an add, a
// claim by another core, the cache lines of the job moving over) costs more than a tiny job, and on
// 16 cores several times more than on 2, so a runner keeps the first job it releases (runs it next,
// no ring, no wake: "scheduler bypass") and every job that ran shorter than JOB_GRAPH_TINY_CYCLES
// when the graph last ran. Everything else goes through the ring at once. Keeping must never leave
// other threads idle behind a long job or a long list, so before this thread starts a job not known
// to be tiny it shares every job it still holds, and while the tiny jobs it holds add up to more
// than JOB_GRAPH_KEEP_CYCLES (by their last run) it hands half of them to the ring as one entry (a
// chain through nextReady, which the thread that takes it keeps in turn: a long run of tiny jobs
// spreads over the threads in halves, one ring trip per half rather than per job). A job that never
// ran yet counts as long. (Sharing every tiny job whenever the ring ran dry made a 10,000-job graph
// of tiny jobs 2.4x slower on 16 threads than on one.)
#define JOB_GRAPH_TINY_CYCLES 4096u
#define JOB_GRAPH_KEEP_CYCLES 16384u

struct graph_runner
{
    platform_work_queue *queue;         // the queue the jobs' entries run on
    job_graph *graph;
    u32 localHead;                      // id + 1 of the next kept job (linked through nextReady)
    u32 localCount;
    u32 ranCount;
    u32 pad;
    u64 keptCycles;                     // the kept jobs' last run times, summed
};

internal PLATFORM_WORK_QUEUE_CALLBACK(RunGraphJob);

internal b32 IsJobKnownTiny(job *candidate)
{
    return candidate->lastRunCycles != 0 && candidate->lastRunCycles < JOB_GRAPH_TINY_CYCLES;
}

internal void KeepGraphJob(graph_runner *runner, job_id id)
{
    job *kept = runner->graph->jobs + id;
    kept->nextReady = runner->localHead;
    runner->localHead = id + 1;
    ++runner->localCount;
    runner->keptCycles += kept->lastRunCycles;
}

internal job *TakeKeptGraphJob(graph_runner *runner)
{
    job *taken = runner->graph->jobs + (runner->localHead - 1);
    runner->localHead = taken->nextReady;
    taken->nextReady = 0;               // a job in the ring heads a chain of one
    --runner->localCount;
    runner->keptCycles -= taken->lastRunCycles;
    return taken;
}

// Moves every kept job into the ring, one entry each, with one wake. Those that do not fit stay kept.
internal void ShareKeptGraphJobs(graph_runner *runner)
{
    platform_work_queue *graphQueue = runner->graph->queue;
    u32 addedCount = 0;
    while (runner->localHead)
    {
        job *shared = TakeKeptGraphJob(runner);
        if (!TryAddWorkQueueEntryWithoutWake(graphQueue, RunGraphJob, shared))
        {
            KeepGraphJob(runner, (job_id)(shared - runner->graph->jobs));
            break;
        }
        ++addedCount;
    }
    WakeWorkQueueWorkers(graphQueue, addedCount);
}

// Hands the first half of the kept list to the ring as one entry: a chain through nextReady.
internal void ShareHalfOfKeptGraphJobs(graph_runner *runner)
{
    job *jobs = runner->graph->jobs;
    u32 chainCount = Maximum(runner->localCount / 2, 1u);
    job *chainHead = jobs + (runner->localHead - 1);
    job *chainLast = chainHead;
    u64 chainCycles = chainLast->lastRunCycles;
    for (u32 index = 1; index < chainCount; ++index)
    {
        chainLast = jobs + (chainLast->nextReady - 1);
        chainCycles += chainLast->lastRunCycles;
    }
    u32 restHead = chainLast->nextReady;
    chainLast->nextReady = 0;
    if (!TryAddWorkQueueEntryWithoutWake(runner->graph->queue, RunGraphJob, chainHead))
    {
        chainLast->nextReady = restHead;    // full: keep them all
        return;
    }
    runner->localHead = restHead;
    runner->localCount -= chainCount;
    runner->keptCycles -= chainCycles;
    WakeWorkQueueWorkers(runner->graph->queue, 1);
}

// Past this many released dependents a runner reads the clock again after releasing them (see below).
#define JOB_GRAPH_RECLOCK_DEPENDENTS 16

// Runs one job (as waitable work: nobody may CompleteAllWork under it, see work_queue.h) and
// releases its dependents: kept or shared by the rule above. A dependent that does not fit in
// the ring is kept too: no recursion, nothing dropped. *clock: the cycle count when the job was
// taken; on return, when the next one may start.
// NOTE: one clock read per job, not two: a job's time runs from the end of the previous job's (its
// release of a few dependents included, tens of cycles) to its own end. Reading the cycle counter
// was half of what a tiny job cost (a 10,000-job graph on one thread).
internal void RunOneGraphJob(graph_runner *runner, job *current, u64 *clock)
{
    job_graph *graph = runner->graph;
    // Through the queue's runner: a platform guard then wraps just the game's callback, so a
    // contained crash still releases the dependents below.
    RunGuardedWork(runner->queue, current->callback, current->data, 1, graph);
    u64 end = ReadCycleCounter();
    current->lastRunCycles = (u32)Clamp((u64)1, end - *clock, (u64)0xffffffffu);
    *clock = end;

    platform_work_queue *graphQueue = graph->queue;
    u32 addedCount = 0;
    b32 keptOne = 0;
    for (u32 index = 0; index < current->dependentCount; ++index)
    {
        job_id dependentId = graph->dependents[current->firstDependent + index];
        job *dependent = graph->jobs + dependentId;
        // NOTE: a job with one dependency has one releaser: no atomic needed to know it is ready.
        if (dependent->dependencyCount != 1 && AtomicDecrementU32(&dependent->unfinishedDependencies) != 0)
        {
            continue;
        }
        if (!keptOne || IsJobKnownTiny(dependent))
        {
            keptOne = 1;
            KeepGraphJob(runner, dependentId);
        }
        else if (TryAddWorkQueueEntryWithoutWake(graphQueue, RunGraphJob, dependent))
        {
            ++addedCount;
        }
        else
        {
            AtomicIncrementU64(&graphQueue->fullRingCount);
            KeepGraphJob(runner, dependentId);
        }
    }
    WakeWorkQueueWorkers(graphQueue, addedCount);
    AtomicStoreU32(&current->finished, 1);
    ++runner->ranCount;
    if (current->dependentCount > JOB_GRAPH_RECLOCK_DEPENDENTS) *clock = ReadCycleCounter();
}

// NOTE: the graph's unfinished count drops once per entry, by the number of jobs this entry ran,
// not once per job: the count's cache line is written by every core that finishes work. That
// drop is the last touch of the graph: once the count reaches zero its owner may reuse it. A kept
// job has not been counted yet, so the loop below is safe. The entry's job may head a chain of
// kept jobs another runner handed over (ShareHalfOfKeptGraphJobs): this runner keeps them.
internal PLATFORM_WORK_QUEUE_CALLBACK(RunGraphJob)
{
    job *first = (job *)data;
    graph_runner runner = {queue, first->graph, 0, 0, 0, 0, 0};
    u32 chained = first->nextReady;
    first->nextReady = 0;
    while (chained)
    {
        u32 next = first->graph->jobs[chained - 1].nextReady;
        KeepGraphJob(&runner, chained - 1);
        chained = next;
    }
    u64 clock = ReadCycleCounter();
    RunOneGraphJob(&runner, first, &clock);
    while (runner.localHead)
    {
        job *next = TakeKeptGraphJob(&runner);
        if (runner.localHead)
        {
            if (!IsJobKnownTiny(next)) ShareKeptGraphJobs(&runner);
            else if (runner.keptCycles > JOB_GRAPH_KEEP_CYCLES) ShareHalfOfKeptGraphJobs(&runner);
        }
        RunOneGraphJob(&runner, next, &clock);
    }
    AtomicAddU32(&runner.graph->unfinishedJobCount, (u32)0 - runner.ranCount);
}

internal b32 MatchGraphJob(platform_work_queue_callback *callback, void *data, u64 family, void *matchData)
{
    (void)family;
    job_graph *graph = (job_graph *)matchData;
    // NOTE: by address only (see StealWorkQueueEntry): a job of this graph's job array.
    umm address = (umm)data;
    return callback == RunGraphJob && address >= (umm)graph->jobs &&
           address < (umm)(graph->jobs + graph->jobCount);
}

internal void LogRefusedGraph(job_graph *graph, const char *why)
{
    if (graph->log)
    {
        graph->log(LogLevel_Error, "job graph '%s' refused: %s", graph->name ? graph->name : "?", why);
    }
}

// Claims the graph for one submitter: returns the state it had (to put back on a refusal), or
// JobGraph_Submitting when the claim failed (logged): another thread submits it right now, or it
// still runs. NOTE: one compare-exchange, so two threads submitting at once never both pass.
internal u32 ClaimJobGraph(job_graph *graph)
{
    u32 state = AtomicLoadU32(&graph->submitted);
    if (state == JobGraph_Submitted && AtomicLoadU32(&graph->unfinishedJobCount) != 0)
    {
        LogRefusedGraph(graph, "submitted again while still running");
        return JobGraph_Submitting;
    }
    if (state == JobGraph_Submitting || AtomicCompareExchangeU32(&graph->submitted, state, JobGraph_Submitting) != state)
    {
        LogRefusedGraph(graph, "submitted by two threads at the same time (the other submission runs it)");
        return JobGraph_Submitting;
    }
    // NOTE: the compare-exchange alone is not enough: another thread may have claimed, started and
    // published the graph (Submitted again) between our two loads above. Its count is stored before
    // it publishes, so looking again now tells a graph that runs from one that has finished.
    if (state == JobGraph_Submitted && AtomicLoadU32(&graph->unfinishedJobCount) != 0)
    {
        AtomicStoreU32(&graph->submitted, JobGraph_Submitted);
        LogRefusedGraph(graph, "submitted by two threads at the same time (the other submission runs it)");
        return JobGraph_Submitting;
    }
    return state;
}

b32 SubmitJobGraph(platform_work_queue *queue, job_graph *graph)
{
    u32 previous = ClaimJobGraph(graph);
    if (previous == JobGraph_Submitting)
    {
        return 0;
    }
    if (!queue->entries)
    {
        if (graph->log)
        {
            graph->log(LogLevel_Error, "job graph '%s' refused: work queue '%s' was not created",
                       graph->name ? graph->name : "?", queue->name ? queue->name : "?");
        }
        AtomicStoreU32(&graph->submitted, previous);
        return 0;
    }
    if (!FinaliseJobGraph(graph))
    {
        AtomicStoreU32(&graph->submitted, previous);
        return 0;
    }
    graph->queue = queue;
    for (u32 index = 0; index < graph->jobCount; ++index)
    {
        graph->jobs[index].unfinishedDependencies = graph->jobs[index].dependencyCount;
        graph->jobs[index].finished = 0;
        graph->jobs[index].nextReady = 0;
    }
    AtomicStoreU32(&graph->unfinishedJobCount, graph->jobCount);
    AtomicStoreU32(&graph->submitted, JobGraph_Submitted);
    // NOTE: the scan tests the fixed dependencyCount, never the live counter: a queued root may
    // already have finished and released a dependent, which must not be queued a second time.
    // The roots go in as one burst: one wake.
    work_queue_burst roots = {queue, 0};
    for (u32 index = 0; index < graph->jobCount; ++index)
    {
        if (graph->jobs[index].dependencyCount == 0) AddToWorkQueueBurst(&roots, RunGraphJob, graph->jobs + index);
    }
    EndWorkQueueBurst(&roots);
    return 1;
}

b32 IsJobGraphWaitOnItself(job_graph *graph)
{
    return IsWorkOwnerOnStack(GetWorkThreadContext(), graph);
}

internal b32 IsJobGraphWaitAllowed(job_graph *graph, const char *what)
{
    if (AtomicLoadU32(&graph->submitted) != JobGraph_Submitted)
    {
        return 0;
    }
    if (!IsJobGraphWaitOnItself(graph))
    {
        return 1;
    }
    if (graph->log)
    {
        graph->log(LogLevel_Error, "job graph '%s': %s refused: the waiting thread runs a job of this graph (or a "
                   "ParallelFor batch of one), so the graph could never finish; a job must not wait for its own "
                   "graph", graph->name ? graph->name : "?", what);
    }
    return 0;
}

void WaitForJobGraph(job_graph *graph)
{
    if (IsJobGraphWaitAllowed(graph, "WaitForJobGraph"))
    {
        WorkQueueHelpUntil(graph->queue, &graph->unfinishedJobCount, 0, MatchGraphJob, graph);
    }
}

void WaitForJob(job_graph *graph, job_id id)
{
    if (id < graph->jobCount && IsJobGraphWaitAllowed(graph, "WaitForJob"))
    {
        WorkQueueHelpUntil(graph->queue, &graph->jobs[id].finished, 1, MatchGraphJob, graph);
    }
}
