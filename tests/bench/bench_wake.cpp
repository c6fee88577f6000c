// Wake benchmark (native Linux, printed, nothing asserted): what one release of K sleeping threads
// costs through the OS layer's semaphore (os_core_posix.cpp: a sem_t, one sem_post per sleeper)
// against a candidate that wakes all K with one futex call (below: what ReleaseSemaphore does in one
// call on Windows), in the same process, rounds taking turns.
// Usage: bench_wake [--sleepers N] [--rounds R] [--idle-ms M]
// For K = 1, 2, 4, ... N sleepers (default N: cores - 1, at least 1): K threads block on the
// semaphore, the releaser waits until all K are asleep (M ms, default 2, after the last one
// announced itself), then releases K at once. Per round it measures the releaser's time inside the
// release and the time from the release's start to the last sleeper's return; each figure is the
// median of R rounds (default 200) per semaphore, and each ratio (candidate / OS layer) the median
// of the per-round ratios.
// NOTE: the work queues release at most WORK_QUEUE_WAKE_FANOUT (2) sleepers at a time and let the
// woken wake the rest (work_queue.h), so the K = 2 row is the one every burst pays; K = N is what a
// flat wake (-DWORK_QUEUE_WAKE_FANOUT=16, tests/bench/bench_cores.sh) would pay.
// The candidate is not the OS layer's because it lost here: on the 2-core machine the K = 2 wake
// reached its last sleeper 3-6x later than two sem_posts did (docs/figures.md, bench_wake.sh).

#include "os/os.cpp"
#include "base/base_atomics.h"

#include <semaphore.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_machine_load.h"

#define WAKE_MAX_SLEEPERS 64
#define WAKE_MAX_ROUNDS 2000

//~ The candidate: a counting semaphore on one futex word
// 'count' is the number of permits. A waiter takes one with a compare-exchange; with none it
// announces itself in 'waiterCount', then sleeps on 'count' only while it still reads 0 (the kernel
// checks that atomically). A releaser adds its permits, then makes one FUTEX_WAKE of all of them
// when someone announced a wait. Both sides use sequentially consistent operations, so either the
// releaser sees the announcement or the waiter's futex sees the new permits: no wake is lost. A
// thread woken without a permit left for it (another took it first) waits again.
struct futex_semaphore
{
    volatile u32 count;
    volatile u32 waiterCount;
};

internal void FutexCall(volatile u32 *word, int operation, u32 value)
{
    syscall(SYS_futex, (u32 *)word, operation | FUTEX_PRIVATE_FLAG, value, 0, 0, 0);
}

internal void ReleaseFutexSemaphore(futex_semaphore *semaphore, u32 count)
{
    AtomicAddU32(&semaphore->count, count);
    if (AtomicLoadU32(&semaphore->waiterCount) != 0) FutexCall(&semaphore->count, FUTEX_WAKE, count);
}

internal void WaitFutexSemaphore(futex_semaphore *semaphore)
{
    for (;;)
    {
        u32 count = AtomicLoadU32(&semaphore->count);
        while (count != 0)
        {
            u32 seen = AtomicCompareExchangeU32(&semaphore->count, count, count - 1);
            if (seen == count) return;
            count = seen;
        }
        AtomicIncrementU32(&semaphore->waiterCount);
        FutexCall(&semaphore->count, FUTEX_WAIT, 0);   // at once when a permit came meanwhile
        AtomicDecrementU32(&semaphore->waiterCount);
    }
}

enum wake_runner
{
    WakeRunner_OS,          // OSWaitSemaphore / OSReleaseSemaphore: the OS layer's (sem_t here)
    WakeRunner_Futex,       // the candidate: one futex wake for all
    WakeRunner_Count,
};

struct wake_bench
{
    // Two of each, used by turns: a sleeper woken in one round goes back to sleep on the other, so
    // it can never take a permit its round released for another sleeper.
    os_semaphore ours[2];
    futex_semaphore candidate[2];
    volatile u32 next;                      // what the sleepers wait on next: runner | instance << 1
    volatile u32 readyCount;                // sleepers that announced their wait this round
    volatile u32 quit;
    volatile u32 round;                     // numbered from 1; set before its release
    volatile u64 wokenAt[WAKE_MAX_SLEEPERS];    // OSGetTimeNanoseconds at return
    volatile u32 wokenRound[WAKE_MAX_SLEEPERS]; // the round of that return
    os_thread threads[WAKE_MAX_SLEEPERS];
    u32 sleeperCount;
};
global wake_bench globalWake;

// NOTE: a woken sleeper never spins: it notes its time and goes straight back to sleep on the next
// round's semaphore (set before the release). A sleeper that spun after its wake could sit on the
// releaser's core (the scheduler often wakes a thread where its waker runs) and hold the releaser
// off for a time slice: the first version of this benchmark measured 1.9 ms releases that way.
internal OS_THREAD_PROC(WakeSleeperProc)
{
    u32 index = (u32)(umm)parameter;
    for (;;)
    {
        u32 next = AtomicLoadU32(&globalWake.next);
        u32 instance = next >> 1;
        AtomicIncrementU32(&globalWake.readyCount);
        if ((next & 1) == WakeRunner_OS) OSWaitSemaphore(&globalWake.ours[instance]);
        else WaitFutexSemaphore(&globalWake.candidate[instance]);
        u64 now = OSGetTimeNanoseconds();
        if (AtomicLoadU32(&globalWake.quit)) break;
        AtomicStoreU64(&globalWake.wokenAt[index], now);
        AtomicStoreU32(&globalWake.wokenRound[index], AtomicLoadU32(&globalWake.round));
    }
}

internal void ReleaseSleepers(u32 runner, u32 instance, u32 count)
{
    if (runner == WakeRunner_OS) OSReleaseSemaphore(&globalWake.ours[instance], count);
    else ReleaseFutexSemaphore(&globalWake.candidate[instance], count);
}

internal int CompareF64(const void *a, const void *b)
{
    f64 x = *(const f64 *)a, y = *(const f64 *)b;
    return (x < y) ? -1 : (x > y) ? 1 : 0;
}

internal f64 Median(f64 *values, u32 count)
{
    qsort(values, count, sizeof(f64), CompareF64);
    return (count == 0) ? 0.0 : (count & 1) ? values[count / 2] : 0.5 * (values[count / 2 - 1] + values[count / 2]);
}

struct wake_row
{
    f64 releaseUs[WakeRunner_Count];
    f64 allWokenUs[WakeRunner_Count];
    f64 releaseRatio;
    f64 allWokenRatio;
};

// One round: every sleeper blocked on 'runner', idle for a while, then one release of all of them;
// the sleepers go back to sleep on 'nextRunner'.
internal void RunWakeRound(u32 runner, u32 nextRunner, u32 idleMilliseconds, f64 *releaseUs, f64 *allWokenUs)
{
    while (AtomicLoadU32(&globalWake.readyCount) < globalWake.sleeperCount) OSYieldThread();
    OSSleepMilliseconds(idleMilliseconds);
    AtomicStoreU32(&globalWake.readyCount, 0);
    u32 instance = AtomicLoadU32(&globalWake.next) >> 1;
    AtomicStoreU32(&globalWake.next, nextRunner | ((instance ^ 1) << 1));
    u32 round = AtomicAddU32(&globalWake.round, 1);
    u64 start = OSGetTimeNanoseconds();
    ReleaseSleepers(runner, instance, globalWake.sleeperCount);
    u64 released = OSGetTimeNanoseconds();
    u64 last = released;
    for (u32 index = 0; index < globalWake.sleeperCount; ++index)
    {
        while (AtomicLoadU32(&globalWake.wokenRound[index]) != round) OSYieldThread();
        u64 at = AtomicLoadU64(&globalWake.wokenAt[index]);
        if (at > last) last = at;
    }
    *releaseUs = (f64)(released - start) / 1000.0;
    *allWokenUs = (f64)(last - start) / 1000.0;
}

internal wake_row MeasureWake(u32 sleeperCount, u32 rounds, u32 idleMilliseconds)
{
    globalWake.sleeperCount = sleeperCount;
    globalWake.readyCount = 0;
    globalWake.quit = 0;
    globalWake.next = WakeRunner_OS;          // round 0 starts with the OS layer's, instance 0
    globalWake.round = 0;
    memset((void *)globalWake.wokenRound, 0, sizeof(globalWake.wokenRound));
    for (u32 instance = 0; instance < 2; ++instance)
    {
        OSInitSemaphore(&globalWake.ours[instance], 0, 0x7fffffff);
        globalWake.candidate[instance].count = 0;
        globalWake.candidate[instance].waiterCount = 0;
    }
    for (u32 index = 0; index < sleeperCount; ++index)
    {
        OSCreateThread(&globalWake.threads[index], WakeSleeperProc, (void *)(umm)index);
    }
    static f64 release[WakeRunner_Count][WAKE_MAX_ROUNDS], allWoken[WakeRunner_Count][WAKE_MAX_ROUNDS];
    static f64 releaseRatios[WAKE_MAX_ROUNDS], allWokenRatios[WAKE_MAX_ROUNDS];
    for (u32 round = 0; round < rounds; ++round)
    {
        // Alternate which runner goes first, so neither always follows the other.
        u32 first = (round & 1) ? WakeRunner_Futex : WakeRunner_OS;
        u32 second = WakeRunner_Count - 1 - first;
        u32 nextFirst = ((round + 1) & 1) ? WakeRunner_Futex : WakeRunner_OS;
        RunWakeRound(first, second, idleMilliseconds, &release[first][round], &allWoken[first][round]);
        RunWakeRound(second, nextFirst, idleMilliseconds, &release[second][round], &allWoken[second][round]);
        releaseRatios[round] = release[WakeRunner_Futex][round] / Maximum(release[WakeRunner_OS][round], 1e-3);
        allWokenRatios[round] = allWoken[WakeRunner_Futex][round] / Maximum(allWoken[WakeRunner_OS][round], 1e-3);
    }
    // Quit: wake every sleeper wherever it waits.
    while (AtomicLoadU32(&globalWake.readyCount) < sleeperCount) OSYieldThread();
    AtomicStoreU32(&globalWake.quit, 1);
    for (u32 instance = 0; instance < 2; ++instance)
    {
        OSReleaseSemaphore(&globalWake.ours[instance], sleeperCount);
        ReleaseFutexSemaphore(&globalWake.candidate[instance], sleeperCount);
    }
    for (u32 index = 0; index < sleeperCount; ++index) OSJoinThread(&globalWake.threads[index]);
    for (u32 instance = 0; instance < 2; ++instance)
    {
        OSDestroySemaphore(&globalWake.ours[instance]);
    }

    wake_row row;
    for (u32 runner = 0; runner < WakeRunner_Count; ++runner)
    {
        row.releaseUs[runner] = Median(release[runner], rounds);
        row.allWokenUs[runner] = Median(allWoken[runner], rounds);
    }
    row.releaseRatio = Median(releaseRatios, rounds);
    row.allWokenRatio = Median(allWokenRatios, rounds);
    return row;
}

int main(int argumentCount, char **arguments)
{
    u32 cores = OSGetCoreCount();
    u32 maxSleepers = (cores > 1) ? cores - 1 : 1;
    u32 rounds = 200;
    u32 idleMilliseconds = 2;
    for (int index = 1; index < argumentCount; ++index)
    {
        int value = (index + 1 < argumentCount) ? atoi(arguments[index + 1]) : 0;
        if (strcmp(arguments[index], "--sleepers") == 0 && value >= 1 && value <= WAKE_MAX_SLEEPERS) maxSleepers = (u32)value;
        else if (strcmp(arguments[index], "--rounds") == 0 && value >= 1 && value <= WAKE_MAX_ROUNDS) rounds = (u32)value;
        else if (strcmp(arguments[index], "--idle-ms") == 0 && value >= 0 && value <= 1000) idleMilliseconds = (u32)value;
        else
        {
            fprintf(stderr, "usage: %s [--sleepers N (1 to %u)] [--rounds R (1 to %u)] [--idle-ms M (0 to 1000)]\n",
                    arguments[0], WAKE_MAX_SLEEPERS, WAKE_MAX_ROUNDS);
            return 2;
        }
        ++index;
    }
    printf("wake benchmark: %u cores, 1 to %u sleepers, %u rounds each, idle %u ms before each release; load %.2f at start\n",
           cores, maxSleepers, rounds, idleMilliseconds, BenchMachineLoad());
    if (maxSleepers >= cores)
    {
        printf("note: from %u sleepers on, they and the releaser are more threads than the %u cores: those rows' times\n"
               "include the scheduler's turns\n", cores, cores);
    }
    printf("  sleepers   release us: sem_t  futex  ratio   all woken us: sem_t  futex  ratio   load\n");
    for (u32 sleepers = 1;; sleepers = (sleepers * 2 > maxSleepers && sleepers < maxSleepers) ? maxSleepers : sleepers * 2)
    {
        wake_row row = MeasureWake(sleepers, rounds, idleMilliseconds);
        printf("  %8u   %16.1f %6.1f %5.2fx   %18.1f %6.1f %5.2fx   %.2f\n", sleepers,
               row.releaseUs[WakeRunner_OS], row.releaseUs[WakeRunner_Futex], row.releaseRatio,
               row.allWokenUs[WakeRunner_OS], row.allWokenUs[WakeRunner_Futex], row.allWokenRatio, BenchMachineLoad());
        fflush(stdout);
        if (sleepers >= maxSleepers) break;
    }
    printf("  sem_t: the OS layer's semaphore (os_core_posix.cpp), one sem_post per sleeper; futex: the candidate, one wake\n"
           "  for all; ratios: median of the per-round futex / sem_t\n");
    return 0;
}
