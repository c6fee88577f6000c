// The work queue's workers and lifetime (create, start, stop). The whole work queue core (this
// file with work_thread_context.cpp, work_queue_ring.cpp and work_queue_waits.cpp, included before
// it by jobs/jobs.cpp) runs the same code on Win32 (product) and POSIX (native tests, TSan,
// benchmarks); only the body of os/os_core.h differs underneath.

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

//~ Workers
internal b32 WorkQueueHasPendingEntries(platform_work_queue *queue)
{
    return AtomicLoadU64(&queue->readIndex) != AtomicLoadU64(&queue->writeIndex);
}

// Blocks on the semaphore unless work, a stop request or an awake window (for this worker) arrived while
// announcing the sleep. Returns 0 when it declined to sleep.
internal b32 WorkQueueSleep(platform_work_queue *queue, u32 workerIndex)
{
    AtomicIncrementU32(&queue->sleepingWorkerCount);
    if (WorkQueueHasPendingEntries(queue) || AtomicLoadU32(&queue->stopRequested) ||
        IsWorkQueueAwakeWindowOpen(queue, workerIndex))
    {
        // Withdraw the announcement, unless an adder already counted us out: then its
        // semaphore release is on its way and must be consumed, or the counts would drift.
        for (;;)
        {
            u32 sleeping = AtomicLoadU32(&queue->sleepingWorkerCount);
            if (sleeping == 0)
            {
                OSWaitSemaphore(&queue->semaphore);
                PassOnWorkQueueWake(queue);
                break;
            }
            if (AtomicCompareExchangeU32(&queue->sleepingWorkerCount, sleeping, sleeping - 1) == sleeping)
            {
                break;
            }
        }
        return 0;
    }
    OSWaitSemaphore(&queue->semaphore);
    PassOnWorkQueueWake(queue);
    return 1;
}

internal OS_THREAD_PROC(WorkQueueThreadProc)
{
    work_queue_worker_counter *counter = (work_queue_worker_counter *)parameter;
    platform_work_queue *queue = counter->queue;
    u32 workerIndex = (u32)(counter - queue->workerCounters);
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
        b32 foundWork = 0;
        u64 spinStart = ReadCycleCounter();
        for (u32 spin = 0; spin < WORK_QUEUE_SPIN_ITERATIONS; ++spin)
        {
            CpuPause();
            if (WorkQueueHasPendingEntries(queue) || AtomicLoadU32(&queue->stopRequested))
            {
                foundWork = 1;
                break;
            }
            if (ReadCycleCounter() - spinStart > WORK_QUEUE_SPIN_CYCLES)
            {
                break;
            }
        }
        // Inside the awake window: poll on, giving the core to any other runnable thread first.
        // Otherwise sleep; when that is declined, work is pending but not claimable (a producer
        // preempted between claiming a slot and publishing it) or the window just opened.
        if (!foundWork && (IsWorkQueueAwakeWindowOpen(queue, workerIndex) || !WorkQueueSleep(queue, workerIndex)))
        {
            OSYieldThread();
        }
    }
}

internal void WakeAllSleepingWorkers(platform_work_queue *queue)
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
        return 0;
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
    b32 result = 1;
    queue->stopRequested = 0;
    queue->sleepingWorkerCount = 0;
    queue->awakeUntilNanoseconds = 0;
    u32 cores = OSGetCoreCount();
    queue->awakeWorkerLimit = cores > 1 ? cores - 1 : 1;
    if (!OSInitSemaphore(&queue->semaphore, 0, 0x7fffffff))
    {
        if (queue->log)
        {
            queue->log(LogLevel_Error, "work queue '%s': no semaphore; running without workers", queue->name);
        }
        workerCount = 0;
        result = 0;
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
            result = 0;
            break;
        }
        ++queue->workerCount;
    }
    queue->running = 1;
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
    queue->running = 0;
    OSDestroySemaphore(&queue->semaphore);
}
