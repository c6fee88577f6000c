#ifndef TEST_WORK_COMMON_H
#define TEST_WORK_COMMON_H
// Shared by the work-queue test exes: a unity include of the queue modules and the OS layer, an
// arena on the C heap, a capturing log, a random generator, helper threads and a watchdog that
// turns any hang into a FAIL line (the suite would otherwise only see a timeout).

#include "os/os.cpp"
#include "jobs/jobs.cpp"

#include "test_framework.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//~ Scale: big counts are divided by this (TSan and Wine runs are much slower).
global u32 globalScale = 1;

inline u64 Scaled(u64 fullCount, u64 minimum)
{
    u64 result = fullCount / globalScale;
    return (result < minimum) ? minimum : result;
}

inline void ParseScale(int argumentCount, char **arguments)
{
    for (int index = 1; index + 1 < argumentCount; ++index)
    {
        if (strcmp(arguments[index], "-s") == 0)
        {
            int value = atoi(arguments[index + 1]);
            globalScale = (value > 0) ? (u32)value : 1;
        }
    }
}

//~ Log: remembers the last error so tests can check that a refusal was explained.
// NOTE: errors may be logged by several threads at once (refused waits in parallel batches): the
// last one is kept under a lock so the copy is never torn (and ThreadSanitizer sees no race).
global spin_lock globalLastLogLock;
global char globalLastLog[512];
global volatile u32 globalErrorLogCount;

inline PLATFORM_LOG(TestLog)
{
    va_list arguments;
    va_start(arguments, format);
    char buffer[512];
    vsnprintf(buffer, sizeof(buffer), format, arguments);
    va_end(arguments);
    if (level == LogLevel_Error)
    {
        AtomicIncrementU32(&globalErrorLogCount);
        BeginSpinLock(&globalLastLogLock);
        memcpy(globalLastLog, buffer, sizeof(buffer));
        EndSpinLock(&globalLastLogLock);
    }
}

//~ Arena on the C heap (tests only; the product carves from the platform's block).
inline memory_arena MakeTestArena(umm size)
{
    memory_arena arena;
    InitializeArena(&arena, "test", size, calloc(1, size), TestLog);
    return arena;
}

//~ Random
struct random_series
{
    u64 state;
};
inline u32 NextRandom(random_series *series)
{
    u64 x = series->state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    series->state = x;
    return (u32)(x >> 16);
}

// A tiny, variable amount of work; returns a value so the compiler keeps the loop.
inline u32 BusyWork(u32 iterations)
{
    volatile u32 sink = 0;
    for (u32 index = 0; index < iterations; ++index)
    {
        sink = sink + index;
    }
    return sink;
}

//~ Watchdog: a hang in any section becomes "FAIL watchdog: <section>" and exit code 1.
struct watchdog_state
{
    volatile u64 deadline;          // OSGetTimeNanoseconds() value; 0 = disarmed
    const char *volatile section;
    volatile u32 quit;
    os_thread thread;
};
global watchdog_state globalWatchdog;

internal OS_THREAD_PROC(WatchdogThreadProc)
{
    while (!AtomicLoadU32(&globalWatchdog.quit))
    {
        u64 deadline = AtomicLoadU64(&globalWatchdog.deadline);
        if (deadline && OSGetTimeNanoseconds() > deadline)
        {
            printf("FAIL watchdog: '%s' did not finish in time (hang)\n",
                   (const char *)AtomicLoadPointer((void *volatile *)&globalWatchdog.section));
            TestSummary();
            fflush(stdout);
            _Exit(1);
        }
        OSSleepMilliseconds(10);
    }
}

inline void ArmWatchdog(const char *section, u32 seconds)
{
    AtomicStorePointer((void *volatile *)&globalWatchdog.section, (void *)section);
    AtomicStoreU64(&globalWatchdog.deadline, OSGetTimeNanoseconds() + (u64)seconds * 1000000000ull);
}

inline void StartWatchdog(void)
{
    OSCreateThread(&globalWatchdog.thread, WatchdogThreadProc, 0);
}

inline void StopWatchdog(void)
{
    AtomicStoreU32(&globalWatchdog.quit, 1);
    OSJoinThread(&globalWatchdog.thread);
}

#endif // TEST_WORK_COMMON_H
