// The work queue ring: adding, claiming, stealing and counting entries (a bounded lock-free ring,
// one sequence number per slot).

#include "jobs/work_queue.h"

//~ Ring
// NOTE: the compare-exchange that published the entries is a full barrier, so either a worker
// announcing sleep sees our writeIndex in its re-check, or we see its announcement here.
u32 ReleaseSleepingWorkers(platform_work_queue *queue, u32 wanted)
{
    for (;;)
    {
        u32 sleeping = AtomicLoadU32(&queue->sleepingWorkerCount);
        if (sleeping == 0 || wanted == 0)
        {
            return 0;
        }
        u32 woken = Minimum(sleeping, wanted);
        if (AtomicCompareExchangeU32(&queue->sleepingWorkerCount, sleeping, sleeping - woken) == sleeping)
        {
            OSReleaseSemaphore(&queue->semaphore, woken);
            return woken;
        }
    }
}

// No system call when nobody sleeps; otherwise one, for at most WORK_QUEUE_WAKE_FANOUT sleepers:
// the woken pass the wake on while entries wait (PassOnWorkQueueWake).
void WakeWorkQueueWorkers(platform_work_queue *queue, u32 addedCount)
{
    if (ReleaseSleepingWorkers(queue, Minimum(addedCount, (u32)WORK_QUEUE_WAKE_FANOUT)))
    {
        AtomicIncrementU64(&queue->wakeCount);
    }
}

void PassOnWorkQueueWake(platform_work_queue *queue)
{
    // NOTE: readIndex first: it never passes writeIndex, so one loaded after it is never behind it.
    u64 readIndex = AtomicLoadU64(&queue->readIndex);
    u64 queued = AtomicLoadU64(&queue->writeIndex) - readIndex;
    u32 wanted = (u32)Minimum(queued > 1 ? queued - 1 : 0, (u64)WORK_QUEUE_WAKE_FANOUT);
    if (wanted == 0 && ShouldPassOnAwakeWake(queue)) wanted = WORK_QUEUE_WAKE_FANOUT;  // the window's wake
    if (wanted && ReleaseSleepingWorkers(queue, wanted))
    {
        AtomicIncrementU64(&queue->passedOnWakeCount);
    }
}

b32 TryAddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
{
    if (!TryAddWorkQueueEntryWithoutWake(queue, callback, data))
    {
        return 0;
    }
    WakeWorkQueueWorkers(queue, 1);
    return 1;
}

b32 TryAddWorkQueueEntryWithoutWake(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
{
    Assert(callback);
    if (!queue->entries)
    {
        return 0;
    }
    u64 family = GetWorkThreadFamily();
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
            return 0;
        }
        else
        {
            // Another producer claimed this position first.
            position = AtomicLoadU64(&queue->writeIndex);
        }
    }

    return 1;
}

b32 DoNextWorkQueueEntry(platform_work_queue *queue)
{
    if (!queue->entries)
    {
        return 0;
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
                return 1;
            }
            position = seen;
        }
        else if (difference < 0)
        {
            // Empty, or the producer of this slot has claimed it but not published yet.
            return 0;
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
internal void SkipStolenHeadEntries(platform_work_queue *queue)
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
        return 0;
    }
    platform_work_queue_callback *callback = 0;
    void *data = 0;
    u64 family = 0;
    b32 stolen = 0;
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
            stolen = 1;
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

internal void LogRefusedAdd(platform_work_queue *queue)
{
    // NOTE: logged for the first refusals only: a game adding every frame would flood the log.
    u64 refused = AtomicIncrementU64(&queue->refusedAddCount);
    if (queue->log && refused <= 8)
    {
        queue->log(LogLevel_Error, "work queue '%s' was not created (see above): entry refused%s",
                   queue->name ? queue->name : "?", (refused == 8) ? " (further refusals not logged)" : "");
    }
}

internal b32 MatchFamily(platform_work_queue_callback *callback, void *data, u64 family, void *matchData)
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
            RunClaimedEntry(queue, callback, data, context->family, 0);
            break;
        }
    }
}

void AddToWorkQueueBurst(work_queue_burst *burst, platform_work_queue_callback *callback, void *data)
{
    if (TryAddWorkQueueEntryWithoutWake(burst->queue, callback, data))
    {
        ++burst->unwokenCount;
        return;
    }
    EndWorkQueueBurst(burst);
    AddWorkQueueEntry(burst->queue, callback, data);
}

void EndWorkQueueBurst(work_queue_burst *burst)
{
    WakeWorkQueueWorkers(burst->queue, burst->unwokenCount);
    burst->unwokenCount = 0;
}
