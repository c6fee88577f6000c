// POSIX implementation of os_core.h: pthreads, unnamed POSIX semaphores, clock_gettime.
// Used natively on Linux for the tests, ThreadSanitizer runs and benchmarks; never in the product.

#include "os/os_core.h"

#include <pthread.h>
#include <semaphore.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#include <errno.h>

StaticAssert(sizeof(sem_t) <= sizeof(((os_semaphore *)0)->storage), "os_semaphore too small for sem_t");
StaticAssert(sizeof(pthread_t) <= sizeof(u64), "os_thread too small for pthread_t");

//~ Threads
internal void *PosixThreadTrampoline(void *parameter)
{
    os_thread *thread = (os_thread *)parameter;
    thread->proc(thread->parameter);
    return 0;
}

b32 OSCreateThread(os_thread *thread, os_thread_proc *proc, void *parameter)
{
    thread->proc = proc;
    thread->parameter = parameter;
    pthread_t handle;
    thread->started = (pthread_create(&handle, 0, PosixThreadTrampoline, thread) == 0);
    thread->handle = thread->started ? (u64)handle : 0;
    return thread->started;
}

void OSJoinThread(os_thread *thread)
{
    if (thread->started)
    {
        pthread_join((pthread_t)thread->handle, 0);
        thread->started = 0;
    }
}

//~ Semaphores
b32 OSInitSemaphore(os_semaphore *semaphore, u32 initialCount, u32 maximumCount)
{
    (void)maximumCount; // NOTE: POSIX semaphores have no maximum; callers never exceed theirs.
    return sem_init((sem_t *)semaphore->storage, 0, initialCount) == 0;
}

void OSDestroySemaphore(os_semaphore *semaphore)
{
    sem_destroy((sem_t *)semaphore->storage);
}

void OSReleaseSemaphore(os_semaphore *semaphore, u32 count)
{
    for (u32 index = 0; index < count; ++index)
    {
        sem_post((sem_t *)semaphore->storage);
    }
}

void OSWaitSemaphore(os_semaphore *semaphore)
{
    // NOTE: a signal (a profiler, a debugger attach) interrupts sem_wait with EINTR; keep waiting.
    while (sem_wait((sem_t *)semaphore->storage) != 0 && errno == EINTR)
    {
    }
}

//~ Time and scheduling
u64 OSGetTimeNanoseconds(void)
{
    timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (u64)now.tv_sec * 1000000000ull + (u64)now.tv_nsec;
}

void OSSleepMilliseconds(u32 milliseconds)
{
    timespec duration;
    duration.tv_sec = milliseconds / 1000;
    duration.tv_nsec = (long)(milliseconds % 1000) * 1000000l;
    while (nanosleep(&duration, &duration) != 0 && errno == EINTR)
    {
    }
}

void OSYieldThread(void)
{
    sched_yield();
}

u32 OSGetCoreCount(void)
{
    long count = sysconf(_SC_NPROCESSORS_ONLN);
    return (count > 0) ? (u32)count : 1;
}
