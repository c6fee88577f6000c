// The awake window (work_queue.h): which workers poll instead of sleeping, and the wake that opens it.

#include "jobs/work_queue.h"

// NOTE: the window's end is a time, not a flag: a frame loop that never shuts it (a hang, a
// breakpoint in the update) must not keep cores busy for ever. The clock is read once per idle
// spin (tens of microseconds), never on a path that runs work.
b32 IsWorkQueueAwakeWindowOpen(platform_work_queue *queue, u32 workerIndex)
{
    u64 until = AtomicLoadU64(&queue->awakeUntilNanoseconds);
    if (until == 0 || workerIndex >= AtomicLoadU32(&queue->awakeWorkerLimit)) return 0;
    return OSGetTimeNanoseconds() < until;
}

// NOTE: only while a worker that may stay awake can still be asleep (more sleepers than workers
// past the limit), so workers past the limit, which go back to sleep, never wake each other in turn;
// and only before the cap: past it every woken worker sleeps again, and passing wakes on then would
// have the workers wake each other for as long as nobody shuts the window.
b32 ShouldPassOnAwakeWake(platform_work_queue *queue)
{
    u64 until = AtomicLoadU64(&queue->awakeUntilNanoseconds);
    if (until == 0 || OSGetTimeNanoseconds() >= until) return 0;
    u32 limit = AtomicLoadU32(&queue->awakeWorkerLimit);
    u32 pastLimit = queue->workerCount > limit ? queue->workerCount - limit : 0;
    return AtomicLoadU32(&queue->sleepingWorkerCount) > pastLimit;
}

void OpenWorkQueueAwakeWindow(platform_work_queue *queue, u32 maxMilliseconds)
{
    if (maxMilliseconds == 0)
    {
        ShutWorkQueueAwakeWindow(queue);
        return;
    }
    // NOTE: an exchange (a full barrier) before reading the sleepers: a worker announcing sleep
    // increments sleepingWorkerCount and then looks at the window (WorkQueueSleep), so either it
    // sees the window open and stays up, or we see it counted and wake it.
    AtomicExchangeU64(&queue->awakeUntilNanoseconds, OSGetTimeNanoseconds() + (u64)maxMilliseconds * 1000000ull);
    if (ShouldPassOnAwakeWake(queue) && ReleaseSleepingWorkers(queue, WORK_QUEUE_WAKE_FANOUT))
    {
        AtomicIncrementU64(&queue->wakeCount);
    }
}

void ShutWorkQueueAwakeWindow(platform_work_queue *queue)
{
    AtomicStoreU64(&queue->awakeUntilNanoseconds, 0);
}
