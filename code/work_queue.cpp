// The work queue core: the same code runs on Win32 (product) and POSIX (native tests, TSan,
// benchmarks); only platform_threads.h differs underneath.

#include "work_queue.h"

// NOTE: an idle worker spins this long (polling the ring) before it blocks on the semaphore. A
// semaphore release + wake costs microseconds natively and ~60 us under Wine, far more than a
// typical job, so a worker that will be needed again within one burst should not have slept.
#define WORK_QUEUE_SPIN_CYCLES 60000ull
#define WORK_QUEUE_SPIN_ITERATIONS 4096
// NOTE: a job that adds to a full ring runs other entries meanwhile; those may add in turn. Past
// this nesting the adder runs its new entry itself instead: helping further could exhaust the
// stack, and waiting could deadlock when every thread is a job waiting for room.
#define WORK_QUEUE_MAX_HELP_DEPTH 16

static thread_local u32 workQueueHelpDepth;

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

//~ Ring
b32 TryAddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
{
    Assert(callback);
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
                entry->callback = callback;
                entry->data = data;
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

    // NOTE: the compare-exchange above is a full barrier, so either a worker announcing sleep
    // sees our writeIndex in its re-check, or we see its announcement here. No system call when
    // nobody sleeps.
    for (;;)
    {
        u32 sleeping = AtomicLoadU32(&queue->sleepingWorkerCount);
        if (sleeping == 0)
        {
            break;
        }
        if (AtomicCompareExchangeU32(&queue->sleepingWorkerCount, sleeping, sleeping - 1) == sleeping)
        {
            AtomicIncrementU64(&queue->wakeCount);
            OSReleaseSemaphore(&queue->semaphore, 1);
            break;
        }
    }
    return true;
}

b32 DoNextWorkQueueEntry(platform_work_queue *queue)
{
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
                platform_work_queue_callback *callback = entry->callback;
                void *data = entry->data;
                // Hand the slot to the producer of the next lap before running the entry.
                AtomicStoreU64(&entry->sequence, position + queue->entryMask + 1);
                RunWorkQueueEntry(queue, callback, data);
                AtomicIncrementU64(&queue->completionCount);
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

static b32 WorkQueueHasPendingEntries(platform_work_queue *queue)
{
    return AtomicLoadU64(&queue->readIndex) != AtomicLoadU64(&queue->writeIndex);
}

b32 IsWorkQueueIdle(platform_work_queue *queue)
{
    // NOTE: count first: the count never exceeds the goal, so equality here means the queue was
    // idle at the moment the count was read.
    u64 done = AtomicLoadU64(&queue->completionCount);
    u64 goal = AtomicLoadU64(&queue->writeIndex);
    return done == goal;
}

void AddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
{
    u32 attempts = 0;
    while (!TryAddWorkQueueEntry(queue, callback, data))
    {
        if (attempts++ == 0)
        {
            AtomicIncrementU64(&queue->fullRingCount);
        }
        if (workQueueHelpDepth < WORK_QUEUE_MAX_HELP_DEPTH)
        {
            ++workQueueHelpDepth;
            b32 ran = DoNextWorkQueueEntry(queue);
            --workQueueHelpDepth;
            if (!ran)
            {
                // Full, yet nothing claimable: a consumer is between claiming and releasing.
                OSYieldThread();
            }
        }
        else
        {
            // Nested too deep to help further (every thread may be down here, waiting on a
            // ring only they could empty): run the new entry right here, as a plain call.
            ++workQueueHelpDepth;
            RunWorkQueueEntry(queue, callback, data);
            --workQueueHelpDepth;
            break;
        }
    }
}

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

void CompleteAllWork(platform_work_queue *queue)
{
    u32 spinCount = 0;
    while (!IsWorkQueueIdle(queue))
    {
        if (DoNextWorkQueueEntry(queue))
        {
            spinCount = 0;
        }
        else
        {
            WorkQueueBackOff(&spinCount);
        }
    }
}

void DrainWorkQueues(platform_work_queue **queues, u32 count)
{
    u64 goals[16];
    Assert(count <= ArrayCount(goals));
    for (;;)
    {
        for (u32 index = 0; index < count; ++index)
        {
            CompleteAllWork(queues[index]);
        }
        // One consistent moment: no queue gained work between the two goal snapshots, and each
        // was idle when its count was read, so all are idle together and nothing can add more.
        for (u32 index = 0; index < count; ++index)
        {
            goals[index] = AtomicLoadU64(&queues[index]->writeIndex);
        }
        b32 allIdle = true;
        for (u32 index = 0; index < count && allIdle; ++index)
        {
            allIdle = (AtomicLoadU64(&queues[index]->completionCount) == goals[index]);
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
    platform_work_queue *queue = (platform_work_queue *)parameter;
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
    if (!queue->entries || !queue->workers)
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
        if (!OSCreateThread(queue->workers + index, WorkQueueThreadProc, queue))
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

void WorkQueueHelpUntil(platform_work_queue *queue, volatile u32 *value, u32 until)
{
    u32 spinCount = 0;
    while (AtomicLoadU32(value) != until)
    {
        if (DoNextWorkQueueEntry(queue))
        {
            spinCount = 0;
        }
        else if (spinCount < 256)
        {
            ++spinCount;
            CpuPause();
        }
        else
        {
            OSYieldThread();
        }
    }
}
