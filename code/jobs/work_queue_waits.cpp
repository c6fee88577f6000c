// Waits on a whole queue or on a value, in which the waiting thread runs queued work itself.

#include "jobs/work_queue.h"

//~ Waits
// Idle but for the entries of waiting callers. NOTE: done is read before the waiting count: a
// caller leaves the waiting count before it can finish, so no entry is ever counted twice.
internal b32 IsWorkQueueIdleButWaiting(platform_work_queue *queue)
{
    u64 done = GetWorkQueueCompletionCount(queue);
    u64 waiting = AtomicLoadU64(&queue->waitingEntryCount);
    u64 goal = AtomicLoadU64(&queue->writeIndex);
    return done + waiting == goal;
}

// Waiting without work to run: spin briefly (the last entries are usually tiny), then yield.
// Returns true when the platform asked this thread to give up its wait (looked at only while
// yielding: a wait that gets work never pays for the check).
internal b32 WorkQueueBackOff(u32 *spinCount)
{
    if (*spinCount < 256)
    {
        ++*spinCount;
        CpuPause();
        return 0;
    }
    OSYieldThread();
    return ShouldAbandonWorkWait();
}

// Inside a job, CompleteAllWork and DrainWorkQueues are refused under work that another thread
// may wait for (see the rules in work_queue.h). A test build may count instead of trapping.
#ifndef WORK_QUEUE_REFUSED_WAIT_ASSERT
#define WORK_QUEUE_REFUSED_WAIT_ASSERT() Assert(!"CompleteAllWork/DrainWorkQueues inside a graph job or ParallelFor batch")
#endif

internal b32 IsWholeQueueWaitAllowed(work_thread_context *context, platform_work_queue *queue, const char *what)
{
    if (context->waitableDepth == 0 && context->depth <= WORK_THREAD_MAX_FRAMES)
    {
        return 1;
    }
    AtomicIncrementU64(&queue->refusedWaitCount);
    if (queue->log)
    {
        queue->log(LogLevel_Error, "work queue '%s': %s refused: called from inside a job graph job or a "
                   "ParallelFor batch, which another thread may be waiting for (or nested too deep); "
                   "wait for specific work instead (WaitForJobGraph, ParallelFor)",
                   queue->name ? queue->name : "?", what);
    }
    WORK_QUEUE_REFUSED_WAIT_ASSERT();
    return 0;
}

void CompleteAllWork(platform_work_queue *queue)
{
    if (!queue->entries)
    {
        return;
    }
    work_thread_context *context = GetWorkThreadContext();
    if (!IsWholeQueueWaitAllowed(context, queue, "CompleteAllWork"))
    {
        return;
    }
    u32 spinCount = 0;
    if (context->depth == 0)
    {
        while (!IsWorkQueueIdle(queue))
        {
            if (DoNextWorkQueueEntry(queue)) spinCount = 0;
            else WorkQueueBackOff(&spinCount);
        }
        return;
    }
    // NOTE: inside a plain entry any entry is safe to run: nothing beneath us on this stack is
    // work another thread waits for (that is what the refusal above guarantees), and whole-queue
    // waits of other threads do not wait for us while we are registered.
    u32 token = RegisterWaitingCaller();
    while (!IsWorkQueueIdleButWaiting(queue))
    {
        if (DoNextWorkQueueEntry(queue)) spinCount = 0;
        else if (WorkQueueBackOff(&spinCount)) break;
    }
    UnregisterWaitingCaller(token);
}

void DrainWorkQueues(platform_work_queue **queues, u32 count)
{
    u64 goals[16];
    Assert(count <= ArrayCount(goals));
    work_thread_context *context = GetWorkThreadContext();
    for (u32 index = 0; index < count; ++index)
    {
        if (queues[index]->entries && !IsWholeQueueWaitAllowed(context, queues[index], "DrainWorkQueues"))
        {
            return;
        }
    }
    b32 topLevel = (context->depth == 0);
    u32 token = topLevel ? 0 : RegisterWaitingCaller();
    for (;;)
    {
        for (u32 index = 0; index < count; ++index)
        {
            platform_work_queue *queue = queues[index];
            u32 spinCount = 0;
            while (queue->entries && !(topLevel ? IsWorkQueueIdle(queue) : IsWorkQueueIdleButWaiting(queue)))
            {
                if (DoNextWorkQueueEntry(queue)) spinCount = 0;
                else WorkQueueBackOff(&spinCount);
            }
        }
        // One consistent moment: no queue gained work between the two goal snapshots, and each
        // was idle (but for waiting callers) when its count was read.
        for (u32 index = 0; index < count; ++index)
        {
            goals[index] = AtomicLoadU64(&queues[index]->writeIndex);
        }
        b32 allIdle = 1;
        for (u32 index = 0; index < count && allIdle; ++index)
        {
            platform_work_queue *queue = queues[index];
            u64 done = GetWorkQueueCompletionCount(queue);
            u64 waiting = topLevel ? 0 : AtomicLoadU64(&queue->waitingEntryCount);
            allIdle = (done + waiting == goals[index]);
        }
        for (u32 index = 0; index < count && allIdle; ++index)
        {
            allIdle = (AtomicLoadU64(&queues[index]->writeIndex) == goals[index]);
        }
        if (allIdle)
        {
            break;
        }
    }
    if (!topLevel)
    {
        UnregisterWaitingCaller(token);
    }
}

void WorkQueueHelpUntil(platform_work_queue *queue, volatile u32 *value, u32 until,
                        work_entry_match *match, void *matchData)
{
    b32 topLevel = (GetWorkThreadContext()->depth == 0);
    u32 spinCount = 0;
    while (AtomicLoadU32(value) != until)
    {
        b32 ran = topLevel ? DoNextWorkQueueEntry(queue) : StealWorkQueueEntry(queue, match, matchData);
        if (ran) spinCount = 0;
        else if (WorkQueueBackOff(&spinCount)) return;
    }
}
