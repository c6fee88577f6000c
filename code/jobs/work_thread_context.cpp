// Per-thread bookkeeping of the work queue core: which queue entries this thread is inside (its
// frames), their registration as waiting callers, and running an entry as such a frame: what the
// ring and the waits build on.

#include "jobs/work_queue.h"

//~ Thread context
global volatile u64 globalWorkThreadSerial;
global thread_local work_thread_context workThreadContext;

work_thread_context *GetWorkThreadContext(void)
{
    work_thread_context *context = &workThreadContext;
    if (context->serial == 0)
    {
        context->serial = AtomicIncrementU64(&globalWorkThreadSerial);
    }
    return context;
}

u64 GetWorkThreadFamily(void)
{
    return workThreadContext.family;
}

internal void PushWorkFrame(work_thread_context *context, platform_work_queue *queue, const void *owner = 0)
{
    if (context->depth < WORK_THREAD_MAX_FRAMES)
    {
        context->frames[context->depth].queue = queue;
        context->frames[context->depth].owner = owner;
    }
    ++context->depth;
}

const void *GetInnermostWorkOwner(work_thread_context *context)
{
    for (u32 index = Minimum(context->depth, (u32)WORK_THREAD_MAX_FRAMES); index > 0; --index)
    {
        if (context->frames[index - 1].owner) return context->frames[index - 1].owner;
    }
    return 0;
}

b32 IsWorkOwnerOnStack(work_thread_context *context, const void *owner)
{
    u32 depth = Minimum(context->depth, (u32)WORK_THREAD_MAX_FRAMES);
    for (u32 index = 0; index < depth; ++index)
    {
        if (owner && context->frames[index].owner == owner) return 1;
    }
    return 0;
}

//~ Abandoned waits (the platform's stall detector)
global work_wait_abandon_check *volatile globalWorkWaitAbandonCheck;

void SetWorkWaitAbandonCheck(work_wait_abandon_check *check)
{
    globalWorkWaitAbandonCheck = check;
}

b32 ShouldAbandonWorkWait(void)
{
    work_wait_abandon_check *check = globalWorkWaitAbandonCheck;
    return check ? check() : 0;
}

// Counts the frames not yet counted in their queue's waitingEntryCount (every queue: a waiter of
// one queue may be waited for by a waiter of another).
internal void CountWaitingFrames(work_thread_context *context, u32 first, u32 onePastLast, b32 add)
{
    onePastLast = Minimum(onePastLast, (u32)WORK_THREAD_MAX_FRAMES);
    for (u32 index = first; index < onePastLast; ++index)
    {
        platform_work_queue *queue = context->frames[index].queue;
        if (queue)
        {
            AtomicAddU64(&queue->waitingEntryCount, add ? 1 : (u64)-1);
        }
    }
}

u32 RegisterWaitingCaller(void)
{
    work_thread_context *context = GetWorkThreadContext();
    u32 token = context->registeredDepth;
    if (context->depth > token)
    {
        CountWaitingFrames(context, token, context->depth, 1);
        context->registeredDepth = context->depth;
    }
    return token;
}

void UnregisterWaitingCaller(u32 token)
{
    work_thread_context *context = GetWorkThreadContext();
    if (context->registeredDepth > token)
    {
        CountWaitingFrames(context, token, context->registeredDepth, 0);
        context->registeredDepth = token;
    }
}

// Puts the context back to a snapshot: normally a no-op; after a platform guard resumed past a
// crash it pops the frames and withdraws the registrations the crashed code left behind.
internal void RestoreWorkThreadContext(work_thread_context *context, u32 depth, u32 waitableDepth, u64 family)
{
    if (context->registeredDepth > depth)
    {
        UnregisterWaitingCaller(depth);
    }
    context->depth = depth;
    context->waitableDepth = waitableDepth;
    context->family = family;
}

void RunGuardedWork(platform_work_queue *queue, platform_work_queue_callback *callback, void *data, b32 waitable,
                    const void *owner)
{
    work_thread_context *context = GetWorkThreadContext();
    u32 depth = context->depth;
    u32 waitableDepth = context->waitableDepth;
    u64 family = context->family;
    if (waitable)
    {
        ++context->waitableDepth;
    }
    PushWorkFrame(context, 0, owner);
    RunWorkQueueEntry(queue, callback, data);
    RestoreWorkThreadContext(context, depth, waitableDepth, family);
}

void RunClaimedEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data,
                     u64 family, b32 fromRing)
{
    work_thread_context *context = GetWorkThreadContext();
    u32 depth = context->depth;
    u32 waitableDepth = context->waitableDepth;
    u64 outerFamily = context->family;
    if (family == 0)
    {
        family = (context->serial << 32) | (++context->familyCounter & 0xffffffffull);
    }
    context->family = family;
    PushWorkFrame(context, fromRing ? queue : 0);
    RunWorkQueueEntry(queue, callback, data);
    RestoreWorkThreadContext(context, depth, waitableDepth, outerFamily);
    if (fromRing)
    {
        work_queue_worker_counter *own = context->ownCounter;
        if (own && own->queue == queue)
        {
            // NOTE: a single writer: a plain increment published by a release store.
            AtomicStoreU64(&own->completionCount, AtomicLoadU64(&own->completionCount) + 1);
        }
        else
        {
            AtomicIncrementU64(&queue->sharedCompletionCount);
        }
    }
}
