// The work queue core: the same code runs on Win32 (product) and POSIX (native tests, TSan,
// benchmarks); only platform_threads.h differs underneath.

#include "jobs/work_queue.h"

// NOTE: an idle worker spins this long (polling the ring) before it blocks on the semaphore. A
// semaphore release + wake costs microseconds natively and ~60 us under Wine, far more than a
// typical job, so a worker that will be needed again within one burst should not have slept.
#define WORK_QUEUE_SPIN_CYCLES 60000ull
#define WORK_QUEUE_SPIN_ITERATIONS 4096

//~ Defaults
u32 DefaultHighPriorityWorkerCount(void)
{
    u32 cores = OSGetCoreCount();
    return (cores > 1) ? cores - 1 : 1;
}

u32 DefaultLowPriorityWorkerCount(void)
{
    u32 cores = OSGetCoreCount();
    return (cores > 3) ? cores / 2 : 1;
}

//~ Thread context
static volatile u64 globalWorkThreadSerial;
static thread_local work_thread_context workThreadContext;

work_thread_context *GetWorkThreadContext(void)
{
    work_thread_context *context = &workThreadContext;
    if (context->serial == 0)
    {
        context->serial = AtomicIncrementU64(&globalWorkThreadSerial);
    }
    return context;
}

static void PushWorkFrame(work_thread_context *context, platform_work_queue *queue)
{
    if (context->depth < WORK_THREAD_MAX_FRAMES)
    {
        context->frames[context->depth].queue = queue;
    }
    ++context->depth;
}

// Counts the frames not yet counted in their queue's waitingEntryCount (every queue: a waiter of
// one queue may be waited for by a waiter of another).
static void CountWaitingFrames(work_thread_context *context, u32 first, u32 onePastLast, b32 add)
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
        CountWaitingFrames(context, token, context->depth, true);
        context->registeredDepth = context->depth;
    }
    return token;
}

void UnregisterWaitingCaller(u32 token)
{
    work_thread_context *context = GetWorkThreadContext();
    if (context->registeredDepth > token)
    {
        CountWaitingFrames(context, token, context->registeredDepth, false);
        context->registeredDepth = token;
    }
}

// Puts the context back to a snapshot: normally a no-op; after a platform guard resumed past a
// crash it pops the frames and withdraws the registrations the crashed code left behind.
static void RestoreWorkThreadContext(work_thread_context *context, u32 depth, u32 waitableDepth, u64 family)
{
    if (context->registeredDepth > depth)
    {
        UnregisterWaitingCaller(depth);
    }
    context->depth = depth;
    context->waitableDepth = waitableDepth;
    context->family = family;
}

void RunGuardedWork(platform_work_queue *queue, platform_work_queue_callback *callback, void *data, b32 waitable)
{
    work_thread_context *context = GetWorkThreadContext();
    u32 depth = context->depth;
    u32 waitableDepth = context->waitableDepth;
    u64 family = context->family;
    if (waitable)
    {
        ++context->waitableDepth;
    }
    PushWorkFrame(context, 0);
    RunWorkQueueEntry(queue, callback, data);
    RestoreWorkThreadContext(context, depth, waitableDepth, family);
}

// Runs an entry this thread owns (popped or stolen) as a frame of its queue, then counts it done.
// Not fromRing: an entry that never entered the ring (run by its adder): neither counted nor a frame.
static void RunClaimedEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data,
                            u64 family, b32 fromRing = true)
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

static void LogRefusedAdd(platform_work_queue *queue)
{
    // NOTE: logged for the first refusals only: a game adding every frame would flood the log.
    u64 refused = AtomicIncrementU64(&queue->refusedAddCount);
    if (queue->log && refused <= 8)
    {
        queue->log(LogLevel_Error, "work queue '%s' was not created (see above): entry refused%s",
                   queue->name ? queue->name : "?", (refused == 8) ? " (further refusals not logged)" : "");
    }
}

//~ Ring
// NOTE: the compare-exchange that published the entries is a full barrier, so either a worker
// announcing sleep sees our writeIndex in its re-check, or we see its announcement here. No system
// call when nobody sleeps, and one (for up to addedCount sleepers) when some do.
void WakeWorkQueueWorkers(platform_work_queue *queue, u32 addedCount)
{
    for (;;)
    {
        u32 sleeping = AtomicLoadU32(&queue->sleepingWorkerCount);
        if (sleeping == 0 || addedCount == 0)
        {
            break;
        }
        u32 woken = Minimum(sleeping, addedCount);
        if (AtomicCompareExchangeU32(&queue->sleepingWorkerCount, sleeping, sleeping - woken) == sleeping)
        {
            AtomicIncrementU64(&queue->wakeCount);
            OSReleaseSemaphore(&queue->semaphore, woken);
            break;
        }
    }
}

b32 TryAddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
{
    if (!TryAddWorkQueueEntryWithoutWake(queue, callback, data))
    {
        return false;
    }
    WakeWorkQueueWorkers(queue, 1);
    return true;
}

b32 TryAddWorkQueueEntryWithoutWake(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
{
    Assert(callback);
    if (!queue->entries)
    {
        return false;
    }
    u64 family = workThreadContext.family;
    u64 position = AtomicLoadU64(&queue->writeIndex);
    for (;;)
    {
        work_queue_entry *entry = queue->entries + (position & queue->entryMask);
        u64 sequence = AtomicLoadU64(&entry->sequence);
        s64 difference = (s64)(sequence - position);
        if (difference == 0)
        {
            // The slot is free for exactly this lap: claim the position.
            u64 seen = AtomicCompareExchangeU64(&queue->writeIndex, position, position + 1);
            if (seen == position)
            {
                // NOTE: claim first: a stealer that reads this lap's callback also sees this
                // lap's claim value (and a stale one fails its compare-exchange).
                AtomicStoreU64(&entry->claim, position);
                AtomicStoreU64(&entry->callbackBits, (u64)(umm)callback);
                AtomicStoreU64(&entry->dataBits, (u64)(umm)data);
                AtomicStoreU64(&entry->family, family);
                AtomicStoreU64(&entry->sequence, position + 1);   // publish to consumers
                break;
            }
            position = seen;
        }
        else if (difference < 0)
        {
            // The slot still holds the previous lap's entry: the ring is full.
            return false;
        }
        else
        {
            // Another producer claimed this position first.
            position = AtomicLoadU64(&queue->writeIndex);
        }
    }

    return true;
}

b32 DoNextWorkQueueEntry(platform_work_queue *queue)
{
    if (!queue->entries)
    {
        return false;
    }
    u64 position = AtomicLoadU64(&queue->readIndex);
    for (;;)
    {
        work_queue_entry *entry = queue->entries + (position & queue->entryMask);
        u64 sequence = AtomicLoadU64(&entry->sequence);
        s64 difference = (s64)(sequence - (position + 1));
        if (difference == 0)
        {
            u64 seen = AtomicCompareExchangeU64(&queue->readIndex, position, position + 1);
            if (seen == position)
            {
                platform_work_queue_callback *callback = (platform_work_queue_callback *)(umm)AtomicLoadU64(&entry->callbackBits);
                void *data = (void *)(umm)AtomicLoadU64(&entry->dataBits);
                u64 family = AtomicLoadU64(&entry->family);
                // NOTE: with no stealer about, none can start on this position any more (it is
                // behind the read index now), so a plain look at the claim is enough.
                b32 owned;
                if (AtomicLoadU32(&queue->stealerCount) == 0)
                {
                    owned = (AtomicLoadU64(&entry->claim) == position);
                }
                else
                {
                    owned = (AtomicCompareExchangeU64(&entry->claim, position, position + 1) == position);
                }
                // Hand the slot to the producer of the next lap before running the entry.
                AtomicStoreU64(&entry->sequence, position + queue->entryMask + 1);
                if (owned)
                {
                    RunClaimedEntry(queue, callback, data, family);
                }
                return true;
            }
            position = seen;
        }
        else if (difference < 0)
        {
            // Empty, or the producer of this slot has claimed it but not published yet.
            return false;
        }
        else
        {
            position = AtomicLoadU64(&queue->readIndex);
        }
    }
}

// Moves the read index past stolen entries at the head of the ring, so that consumers and later
// scans do not walk over them (a stealer that ran the head's entry would otherwise leave its
// slot to the next consumer). Whoever moves the read index past a slot hands the slot on.
static void SkipStolenHeadEntries(platform_work_queue *queue)
{
    for (;;)
    {
        u64 position = AtomicLoadU64(&queue->readIndex);
        work_queue_entry *entry = queue->entries + (position & queue->entryMask);
        if (AtomicLoadU64(&entry->sequence) != position + 1 || AtomicLoadU64(&entry->claim) != position + 1)
        {
            break;
        }
        if (AtomicCompareExchangeU64(&queue->readIndex, position, position + 1) != position)
        {
            break;
        }
        AtomicStoreU64(&entry->sequence, position + queue->entryMask + 1);
    }
}

b32 StealWorkQueueEntry(platform_work_queue *queue, work_entry_match *match, void *matchData)
{
    if (!queue->entries || !match)
    {
        return false;
    }
    platform_work_queue_callback *callback = 0;
    void *data = 0;
    u64 family = 0;
    b32 stolen = false;
    AtomicIncrementU32(&queue->stealerCount);
    u64 read = AtomicLoadU64(&queue->readIndex);
    u64 write = AtomicLoadU64(&queue->writeIndex);
    for (u64 position = read; position != write && position - read <= queue->entryMask; ++position)
    {
        work_queue_entry *entry = queue->entries + (position & queue->entryMask);
        if (AtomicLoadU64(&entry->sequence) != position + 1)
        {
            continue;   // not published yet, or already handed to a later lap
        }
        callback = (platform_work_queue_callback *)(umm)AtomicLoadU64(&entry->callbackBits);
        data = (void *)(umm)AtomicLoadU64(&entry->dataBits);
        family = AtomicLoadU64(&entry->family);
        // NOTE: match() must judge by value only (never dereference data): the slot may already
        // hold a later lap, which the compare-exchange below then rejects.
        if (match(callback, data, family, matchData) &&
            AtomicCompareExchangeU64(&entry->claim, position, position + 1) == position)
        {
            stolen = true;
            break;
        }
    }
    if (stolen)
    {
        SkipStolenHeadEntries(queue);
    }
    AtomicDecrementU32(&queue->stealerCount);
    if (stolen)
    {
        RunClaimedEntry(queue, callback, data, family);
    }
    return stolen;
}

static b32 WorkQueueHasPendingEntries(platform_work_queue *queue)
{
    return AtomicLoadU64(&queue->readIndex) != AtomicLoadU64(&queue->writeIndex);
}

u64 GetWorkQueueCompletionCount(platform_work_queue *queue)
{
    u64 done = AtomicLoadU64(&queue->sharedCompletionCount);
    for (u32 index = 0; index < queue->maxWorkerCount; ++index)
    {
        done += AtomicLoadU64(&queue->workerCounters[index].completionCount);
    }
    return done;
}

b32 IsWorkQueueIdle(platform_work_queue *queue)
{
    // NOTE: count first: the count never exceeds the goal, so equality here means the queue was
    // idle at the moment the count was read.
    u64 done = GetWorkQueueCompletionCount(queue);
    u64 goal = AtomicLoadU64(&queue->writeIndex);
    return done == goal;
}

// Idle but for the entries of waiting callers. NOTE: done is read before the waiting count: a
// caller leaves the waiting count before it can finish, so no entry is ever counted twice.
static b32 IsWorkQueueIdleButWaiting(platform_work_queue *queue)
{
    u64 done = GetWorkQueueCompletionCount(queue);
    u64 waiting = AtomicLoadU64(&queue->waitingEntryCount);
    u64 goal = AtomicLoadU64(&queue->writeIndex);
    return done + waiting == goal;
}

static b32 MatchFamily(platform_work_queue_callback *callback, void *data, u64 family, void *matchData)
{
    (void)callback;
    (void)data;
    return family == *(u64 *)matchData;
}

void AddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
{
    if (!queue->entries)
    {
        LogRefusedAdd(queue);
        return;
    }
    u32 attempts = 0;
    while (!TryAddWorkQueueEntry(queue, callback, data))
    {
        if (attempts++ == 0)
        {
            AtomicIncrementU64(&queue->fullRingCount);
        }
        work_thread_context *context = GetWorkThreadContext();
        if (context->waitableDepth == 0)
        {
            // Under no work that another thread may wait for: any entry is safe to run here.
            if (!DoNextWorkQueueEntry(queue))
            {
                OSYieldThread();    // full, yet nothing claimable: a consumer is mid-claim
            }
        }
        else if (!StealWorkQueueEntry(queue, MatchFamily, &context->family))
        {
            // Under a graph job or a batch, with none of its family queued: run the new entry
            // right here. It is this job's own work, so it cannot be something that waits for it.
            RunClaimedEntry(queue, callback, data, context->family, false);
            break;
        }
    }
}
//~ Waits
// Waiting without work to run: spin briefly (the last entries are usually tiny), then yield.
static void WorkQueueBackOff(u32 *spinCount)
{
    if (*spinCount < 256)
    {
        ++*spinCount;
        CpuPause();
    }
    else
    {
        OSYieldThread();
    }
}

// Inside a job, CompleteAllWork and DrainWorkQueues are refused under work that another thread
// may wait for (see the rules in work_queue.h). A test build may count instead of trapping.
#ifndef WORK_QUEUE_REFUSED_WAIT_ASSERT
#define WORK_QUEUE_REFUSED_WAIT_ASSERT() Assert(!"CompleteAllWork/DrainWorkQueues inside a graph job or ParallelFor batch")
#endif

static b32 IsWholeQueueWaitAllowed(work_thread_context *context, platform_work_queue *queue, const char *what)
{
    if (context->waitableDepth == 0 && context->depth <= WORK_THREAD_MAX_FRAMES)
    {
        return true;
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
    return false;
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
        else WorkQueueBackOff(&spinCount);
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
        b32 allIdle = true;
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
        else WorkQueueBackOff(&spinCount);
    }
}

//~ Workers
// Blocks on the semaphore unless work or a stop request arrived while announcing the sleep.
// Returns false when it declined to sleep.
static b32 WorkQueueSleep(platform_work_queue *queue)
{
    AtomicIncrementU32(&queue->sleepingWorkerCount);
    if (WorkQueueHasPendingEntries(queue) || AtomicLoadU32(&queue->stopRequested))
    {
        // Withdraw the announcement, unless an adder already counted us out: then its
        // semaphore release is on its way and must be consumed, or the counts would drift.
        for (;;)
        {
            u32 sleeping = AtomicLoadU32(&queue->sleepingWorkerCount);
            if (sleeping == 0)
            {
                OSWaitSemaphore(&queue->semaphore);
                break;
            }
            if (AtomicCompareExchangeU32(&queue->sleepingWorkerCount, sleeping, sleeping - 1) == sleeping)
            {
                break;
            }
        }
        return false;
    }
    OSWaitSemaphore(&queue->semaphore);
    return true;
}

static OS_THREAD_PROC(WorkQueueThreadProc)
{
    work_queue_worker_counter *counter = (work_queue_worker_counter *)parameter;
    platform_work_queue *queue = counter->queue;
    GetWorkThreadContext()->ownCounter = counter;
    for (;;)
    {
        if (DoNextWorkQueueEntry(queue))
        {
            continue;
        }
        if (AtomicLoadU32(&queue->stopRequested))
        {
            break;
        }
        b32 foundWork = false;
        u64 spinStart = ReadCycleCounter();
        for (u32 spin = 0; spin < WORK_QUEUE_SPIN_ITERATIONS; ++spin)
        {
            CpuPause();
            if (WorkQueueHasPendingEntries(queue) || AtomicLoadU32(&queue->stopRequested))
            {
                foundWork = true;
                break;
            }
            if (ReadCycleCounter() - spinStart > WORK_QUEUE_SPIN_CYCLES)
            {
                break;
            }
        }
        if (!foundWork && !WorkQueueSleep(queue))
        {
            // Pending but not claimable: a producer was preempted between claiming a slot and
            // publishing it. Let it run.
            OSYieldThread();
        }
    }
}

static void WakeAllSleepingWorkers(platform_work_queue *queue)
{
    for (;;)
    {
        u32 sleeping = AtomicLoadU32(&queue->sleepingWorkerCount);
        if (sleeping == 0)
        {
            break;
        }
        if (AtomicCompareExchangeU32(&queue->sleepingWorkerCount, sleeping, 0) == sleeping)
        {
            OSReleaseSemaphore(&queue->semaphore, sleeping);
        }
    }
}

//~ Lifetime
b32 CreateWorkQueue(platform_work_queue *queue, memory_arena *arena, const char *name,
                    u32 entryCount, u32 workerCount, u32 maxWorkerCount, platform_log *log)
{
    memset(queue, 0, sizeof(*queue));
    queue->name = name;
    queue->log = log;

    u64 roundedCount = 2;
    while (roundedCount < entryCount)
    {
        roundedCount *= 2;
    }
    maxWorkerCount = Maximum(maxWorkerCount, workerCount);
    queue->entries = (work_queue_entry *)PushSize_(arena, roundedCount * sizeof(work_queue_entry), WORK_QUEUE_CACHE_LINE);
    queue->workers = PushArray(arena, maxWorkerCount ? maxWorkerCount : 1, os_thread);
    queue->workerCounters = (work_queue_worker_counter *)PushSize_(arena, (maxWorkerCount ? maxWorkerCount : 1) *
                                                                   sizeof(work_queue_worker_counter), WORK_QUEUE_CACHE_LINE);
    if (!queue->entries || !queue->workers || !queue->workerCounters)
    {
        if (log)
        {
            log(LogLevel_Error, "work queue '%s': arena too small for %llu entries; queue not created",
                name, (unsigned long long)roundedCount);
        }
        queue->entries = 0;
        return false;
    }
    queue->entryMask = roundedCount - 1;
    queue->maxWorkerCount = maxWorkerCount;
    for (u32 index = 0; index < maxWorkerCount; ++index)
    {
        queue->workerCounters[index].completionCount = 0;
        queue->workerCounters[index].queue = queue;
    }
    for (u64 index = 0; index < roundedCount; ++index)
    {
        queue->entries[index].sequence = index;
    }
    return StartWorkQueue(queue, workerCount);
}

b32 StartWorkQueue(platform_work_queue *queue, u32 workerCount)
{
    Assert(queue->entries && !queue->running);
    Assert(workerCount <= queue->maxWorkerCount);
    b32 result = true;
    queue->stopRequested = 0;
    queue->sleepingWorkerCount = 0;
    if (!OSInitSemaphore(&queue->semaphore, 0, 0x7fffffff))
    {
        if (queue->log)
        {
            queue->log(LogLevel_Error, "work queue '%s': no semaphore; running without workers", queue->name);
        }
        workerCount = 0;
        result = false;
    }
    queue->workerCount = 0;
    for (u32 index = 0; index < workerCount; ++index)
    {
        if (!OSCreateThread(queue->workers + index, WorkQueueThreadProc, queue->workerCounters + index))
        {
            if (queue->log)
            {
                queue->log(LogLevel_Error, "work queue '%s': thread %u of %u did not start",
                           queue->name, index + 1, workerCount);
            }
            result = false;
            break;
        }
        ++queue->workerCount;
    }
    queue->running = true;
    return result;
}

void StopWorkQueue(platform_work_queue *queue)
{
    if (!queue->running)
    {
        return;
    }
    CompleteAllWork(queue);
    AtomicStoreFenceU32(&queue->stopRequested, 1);
    WakeAllSleepingWorkers(queue);
    for (u32 index = 0; index < queue->workerCount; ++index)
    {
        OSJoinThread(queue->workers + index);
    }
    // NOTE: every worker is gone, but an entry added by another thread while we were stopping
    // still runs, here, so that nothing added is ever lost.
    CompleteAllWork(queue);
    queue->workerCount = 0;
    queue->running = false;
    OSDestroySemaphore(&queue->semaphore);
}
