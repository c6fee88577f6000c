// Job graphs on top of the work queue: validation at submit, dependency counting while running,
// and waits in which the waiting thread runs queued work.

#include "job_graph.h"
#include "work_queue.h"

//~ Validation
// Builds each job's dependents list from the edges (a counting sort) and checks that the graph
// can run to the end: Kahn's algorithm must visit every job. Logs and returns false otherwise.
static b32 FinaliseJobGraph(job_graph *graph)
{
    const char *name = graph->name ? graph->name : "?";
    if (graph->overflowCount)
    {
        if (graph->log)
        {
            graph->log(LogLevel_Error, "job graph '%s' refused: %u jobs or dependencies did not fit "
                       "(capacity %u jobs, %u dependencies)", name, graph->overflowCount,
                       graph->maxJobCount, graph->maxEdgeCount);
        }
        return false;
    }
    if (graph->finalised)
    {
        return true;
    }

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

    // Kahn's algorithm, with unfinishedDependencies as scratch and the edges array untouched:
    // the ready list lives in the 'finished' field as a singly linked stack of job ids + 1.
    u32 readyHead = 0;
    u32 rootCount = 0;
    for (u32 index = 0; index < graph->jobCount; ++index)
    {
        jobs[index].unfinishedDependencies = jobs[index].dependencyCount;
        if (jobs[index].dependencyCount == 0)
        {
            jobs[index].finished = readyHead;
            readyHead = index + 1;
            ++rootCount;
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

    if (visited != graph->jobCount)
    {
        if (graph->log)
        {
            if (rootCount == 0)
            {
                graph->log(LogLevel_Error, "job graph '%s' refused: no job is free to start "
                           "(every one of its %u jobs waits on another)", name, graph->jobCount);
            }
            else
            {
                job_id example = JOB_ID_NONE;
                for (u32 index = 0; index < graph->jobCount && example == JOB_ID_NONE; ++index)
                {
                    if (jobs[index].unfinishedDependencies)
                    {
                        example = index;
                    }
                }
                graph->log(LogLevel_Error, "job graph '%s' refused: dependency cycle; %u of %u jobs "
                           "could never start (job %u among them)", name, graph->jobCount - visited,
                           graph->jobCount, example);
            }
        }
        return false;
    }
    graph->finalised = true;
    return true;
}

//~ Running
static PLATFORM_WORK_QUEUE_CALLBACK(RunGraphJob);

// Runs one job (as waitable work: nobody may CompleteAllWork under it, see work_queue.h) and
// releases its dependents. A dependent that does not fit in the ring goes on the caller's local
// list (linked through nextReady) and is run by the caller's loop: no recursion, nothing dropped.
static void RunOneGraphJob(platform_work_queue *queue, job *current, u32 *localHead)
{
    job_graph *graph = current->graph;
    // Through the queue's runner: a platform guard then wraps just the game's callback, so a
    // contained crash still releases the dependents below.
    RunGuardedWork(queue, current->callback, current->data, true);
    // The released dependents go in as one batch with at most one wake (one semaphore release).
    platform_work_queue *graphQueue = graph->queue;
    u32 addedCount = 0;
    for (u32 index = 0; index < current->dependentCount; ++index)
    {
        job_id dependentId = graph->dependents[current->firstDependent + index];
        job *dependent = graph->jobs + dependentId;
        if (AtomicDecrementU32(&dependent->unfinishedDependencies) == 0)
        {
            if (TryAddWorkQueueEntryWithoutWake(graphQueue, RunGraphJob, dependent))
            {
                ++addedCount;
            }
            else
            {
                AtomicIncrementU64(&graphQueue->fullRingCount);
                dependent->nextReady = *localHead;
                *localHead = dependentId + 1;
            }
        }
    }
    WakeWorkQueueWorkers(graphQueue, addedCount);
    AtomicStoreU32(&current->finished, 1);
    // NOTE: the last touch of the graph: once the count reaches zero its owner may reuse it. A
    // job still on the local list keeps the count above zero, so the caller's loop is safe.
    AtomicDecrementU32(&graph->unfinishedJobCount);
}

static PLATFORM_WORK_QUEUE_CALLBACK(RunGraphJob)
{
    job *first = (job *)data;
    job *jobs = first->graph->jobs;
    u32 localHead = 0;
    RunOneGraphJob(queue, first, &localHead);
    while (localHead)
    {
        job *next = jobs + (localHead - 1);
        localHead = next->nextReady;
        RunOneGraphJob(queue, next, &localHead);
    }
}

static b32 MatchGraphJob(platform_work_queue_callback *callback, void *data, u64 family, void *matchData)
{
    (void)family;
    job_graph *graph = (job_graph *)matchData;
    // NOTE: by address only (see StealWorkQueueEntry): a job of this graph's job array.
    umm address = (umm)data;
    return callback == RunGraphJob && address >= (umm)graph->jobs &&
           address < (umm)(graph->jobs + graph->jobCount);
}

b32 SubmitJobGraph(platform_work_queue *queue, job_graph *graph)
{
    if (graph->submitted && AtomicLoadU32(&graph->unfinishedJobCount) != 0)
    {
        if (graph->log)
        {
            graph->log(LogLevel_Error, "job graph '%s' refused: submitted again while still running",
                       graph->name ? graph->name : "?");
        }
        return false;
    }
    if (!queue->entries)
    {
        if (graph->log)
        {
            graph->log(LogLevel_Error, "job graph '%s' refused: work queue '%s' was not created",
                       graph->name ? graph->name : "?", queue->name ? queue->name : "?");
        }
        return false;
    }
    if (!FinaliseJobGraph(graph))
    {
        return false;
    }
    graph->queue = queue;
    graph->submitted = true;
    for (u32 index = 0; index < graph->jobCount; ++index)
    {
        graph->jobs[index].unfinishedDependencies = graph->jobs[index].dependencyCount;
        graph->jobs[index].finished = 0;
        graph->jobs[index].nextReady = 0;
    }
    AtomicStoreU32(&graph->unfinishedJobCount, graph->jobCount);
    // NOTE: the scan tests the fixed dependencyCount, never the live counter: a queued root may
    // already have finished and released a dependent, which must not be queued a second time.
    for (u32 index = 0; index < graph->jobCount; ++index)
    {
        if (graph->jobs[index].dependencyCount == 0)
        {
            AddWorkQueueEntry(queue, RunGraphJob, graph->jobs + index);
        }
    }
    return true;
}

void WaitForJobGraph(job_graph *graph)
{
    if (graph->submitted)
    {
        WorkQueueHelpUntil(graph->queue, &graph->unfinishedJobCount, 0, MatchGraphJob, graph);
    }
}

void WaitForJob(job_graph *graph, job_id id)
{
    if (graph->submitted && id < graph->jobCount)
    {
        WorkQueueHelpUntil(graph->queue, &graph->jobs[id].finished, 1, MatchGraphJob, graph);
    }
}
