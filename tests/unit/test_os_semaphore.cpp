// The OS layer's counting semaphore (os_core.h), what the work queues sleep on: permits released
// before a wait are kept, one release of N wakes N sleepers, a release of fewer wakes only that
// many, and no wake is lost when releases and waits race. The same checks run over both
// implementations (os_core_posix.cpp's sem_t, os_core_win32.cpp's semaphore object).
// Usage: test_os_semaphore [-s divisor]

#include "test_work_common.h"

struct semaphore_waiters
{
    os_semaphore semaphore;
    volatile u32 waitsLeft;     // shared by the waiter threads: each takes one wait at a time
    volatile u32 returnedCount;
    os_thread threads[8];
    u32 threadCount;
};

internal OS_THREAD_PROC(SemaphoreWaiterProc)
{
    semaphore_waiters *waiters = (semaphore_waiters *)parameter;
    for (;;)
    {
        u32 left = AtomicLoadU32(&waiters->waitsLeft);
        if (left == 0) break;
        if (AtomicCompareExchangeU32(&waiters->waitsLeft, left, left - 1) != left) continue;
        OSWaitSemaphore(&waiters->semaphore);
        AtomicIncrementU32(&waiters->returnedCount);
    }
}

internal void AddWaiter(semaphore_waiters *waiters)
{
    Assert(waiters->threadCount < ArrayCount(waiters->threads));
    OSCreateThread(&waiters->threads[waiters->threadCount++], SemaphoreWaiterProc, waiters);
}

// threadCount threads share waitCount waits on a semaphore created with initialCount permits.
internal void StartWaiters(semaphore_waiters *waiters, u32 threadCount, u32 waitCount, u32 initialCount = 0)
{
    memset(waiters, 0, sizeof(*waiters));
    OSInitSemaphore(&waiters->semaphore, initialCount, 0x7fffffff);
    waiters->waitsLeft = waitCount;
    for (u32 index = 0; index < threadCount; ++index) AddWaiter(waiters);
}

// True once 'count' waits have returned, within the time given.
internal b32 AwaitReturns(semaphore_waiters *waiters, u32 count, u32 milliseconds)
{
    u64 deadline = OSGetTimeNanoseconds() + (u64)milliseconds * 1000000ull;
    while (AtomicLoadU32(&waiters->returnedCount) < count)
    {
        if (OSGetTimeNanoseconds() > deadline) return 0;
        OSSleepMilliseconds(1);
    }
    return 1;
}

internal void JoinWaiters(semaphore_waiters *waiters)
{
    for (u32 index = 0; index < waiters->threadCount; ++index) OSJoinThread(&waiters->threads[index]);
    OSDestroySemaphore(&waiters->semaphore);
}

// An initial count of 2 and a release of 3 before anyone waits: a thread that waits 6 times gets
// exactly 5 permits, then its 6th wait sleeps until one more release.
internal void TestPermitsKept(void)
{
    ArmWatchdog("permits released before the waits", 90);
    static semaphore_waiters waiters;
    StartWaiters(&waiters, 0, 6, 2);
    OSReleaseSemaphore(&waiters.semaphore, 3);
    OSReleaseSemaphore(&waiters.semaphore, 0);  // a release of none changes nothing
    AddWaiter(&waiters);                        // the waits start only now
    CHECK_MSG(AwaitReturns(&waiters, 5, 20000), "an initial count of 2 and a release of 3 give five waits at once");
    OSSleepMilliseconds(50);
    CHECK_MSG(AtomicLoadU32(&waiters.returnedCount) == 5, "... and no sixth: no permit is made up");
    OSReleaseSemaphore(&waiters.semaphore, 1);
    CHECK_MSG(AwaitReturns(&waiters, 6, 20000), "the sixth wait returns after one more release");
    JoinWaiters(&waiters);
}

// Four threads asleep, one release of four: every one of them returns.
internal void TestOneReleaseWakesMany(void)
{
    ArmWatchdog("one release wakes many", 90);
    static semaphore_waiters waiters;
    StartWaiters(&waiters, 4, 4);
    // Most likely all four are asleep by then; one that is late finds its permit waiting, which the
    // check below allows just as well.
    OSSleepMilliseconds(30);
    CHECK_MSG(AtomicLoadU32(&waiters.returnedCount) == 0, "no wait returns before a release");
    OSReleaseSemaphore(&waiters.semaphore, 4);
    CHECK_MSG(AwaitReturns(&waiters, 4, 20000), "one release of 4 wakes all 4 sleepers");
    JoinWaiters(&waiters);
}

// Four asleep, a release of two: exactly two return, and the other two on the next release.
internal void TestPartialRelease(void)
{
    ArmWatchdog("a release of fewer than the sleepers", 90);
    static semaphore_waiters waiters;
    StartWaiters(&waiters, 4, 4);
    OSSleepMilliseconds(30);
    OSReleaseSemaphore(&waiters.semaphore, 2);
    CHECK_MSG(AwaitReturns(&waiters, 2, 20000), "a release of 2 wakes 2 of 4 sleepers");
    OSSleepMilliseconds(50);
    CHECK_MSG(AtomicLoadU32(&waiters.returnedCount) == 2, "... and no more than 2: no permit is made up");
    OSReleaseSemaphore(&waiters.semaphore, 1);
    CHECK_MSG(AwaitReturns(&waiters, 3, 20000), "a release of 1 then wakes one more");
    OSReleaseSemaphore(&waiters.semaphore, 1);
    CHECK_MSG(AwaitReturns(&waiters, 4, 20000), "... and the last one the last");
    JoinWaiters(&waiters);
}

// Producers release random chunks while consumers wait: every permit is taken exactly once, none
// is lost in a race between a release and a thread going to sleep (a hang would be the watchdog's).
struct release_race
{
    semaphore_waiters *waiters;
    u32 permitsPerProducer;
    u32 seed;
};

internal OS_THREAD_PROC(RacingReleaserProc)
{
    release_race *race = (release_race *)parameter;
    random_series series = {race->seed * 0x9E3779B97F4A7C15ull + 1};
    u32 left = race->permitsPerProducer;
    while (left)
    {
        u32 chunk = 1 + NextRandom(&series) % 4;
        if (chunk > left) chunk = left;
        OSReleaseSemaphore(&race->waiters->semaphore, chunk);
        left -= chunk;
        if ((NextRandom(&series) & 7) == 0) OSYieldThread();   // let the consumers fall asleep now and then
    }
}

internal void TestReleaseWaitRace(u32 permitsPerProducer)
{
    ArmWatchdog("releases racing waits", 120);
    const u32 producerCount = 3;
    static semaphore_waiters waiters;
    StartWaiters(&waiters, 4, producerCount * permitsPerProducer);
    release_race races[producerCount];
    os_thread producers[producerCount];
    for (u32 index = 0; index < producerCount; ++index)
    {
        races[index].waiters = &waiters;
        races[index].permitsPerProducer = permitsPerProducer;
        races[index].seed = index + 1;
        OSCreateThread(&producers[index], RacingReleaserProc, &races[index]);
    }
    for (u32 index = 0; index < producerCount; ++index) OSJoinThread(&producers[index]);
    JoinWaiters(&waiters);     // returns only when every wait got its permit
    CHECK_MSG(waiters.returnedCount == producerCount * permitsPerProducer,
              "every released permit was taken by exactly one wait");
}

int main(int argumentCount, char **arguments)
{
    setvbuf(stdout, 0, _IONBF, 0);
    ParseScale(argumentCount, arguments);
    StartWatchdog();

    TestPermitsKept();
    TestOneReleaseWakesMany();
    TestPartialRelease();
    TestReleaseWaitRace((u32)Scaled(300000, 5000));

    StopWatchdog();
    return TestSummary();
}
