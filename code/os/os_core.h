#ifndef OS_CORE_H
#define OS_CORE_H
// The neutral declaration of the OS services the job system needs: threads, counting
// semaphores, sleeping, a high-resolution clock and the core count. Implemented once per OS:
// os_core_win32.cpp (the product) and os_core_posix.cpp (native Linux tests, TSan, benchmarks);
// os/os.cpp picks one. Everything above this layer (jobs/: work_queue, job_graph, task_manager)
// is the same code on both.
//
// NOTE: the structs are plain storage owned by the caller (arena or stack) so no layer allocates.
// Their size is fixed here; each implementation StaticAsserts that its OS object fits.

#include "base/base_types.h"

//~ Threads
#define OS_THREAD_PROC(name) void name(void *parameter)
typedef OS_THREAD_PROC(os_thread_proc);

struct os_thread
{
    u64 handle;             // HANDLE or pthread_t
    os_thread_proc *proc;   // read by the new thread: the struct must outlive it (until joined)
    void *parameter;
    b32 started;
    u32 pad;
};

// Returns false (and logs nothing: the caller decides) when the OS refused to start the thread.
b32 OSCreateThread(os_thread *thread, os_thread_proc *proc, void *parameter);
void OSJoinThread(os_thread *thread);

//~ Counting semaphores
struct os_semaphore
{
    u64 storage[4];         // HANDLE, or a sem_t (32 bytes on x64 glibc)
};

b32 OSInitSemaphore(os_semaphore *semaphore, u32 initialCount, u32 maximumCount);
void OSDestroySemaphore(os_semaphore *semaphore);
void OSReleaseSemaphore(os_semaphore *semaphore, u32 count);
void OSWaitSemaphore(os_semaphore *semaphore);

//~ Time and scheduling
u64 OSGetTimeNanoseconds(void);     // monotonic, high resolution
void OSSleepMilliseconds(u32 milliseconds);
void OSYieldThread(void);           // give the rest of the time slice to another ready thread
u32 OSGetCoreCount(void);           // logical processors, at least 1

#endif // OS_CORE_H
