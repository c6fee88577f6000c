#ifndef WORK_QUEUE_H
#define WORK_QUEUE_H
// Work queues: a bounded lock-free ring of {callback, data} entries served by worker threads.
//
// How the platform (win32_main.cpp) uses this module; work_queue_system and the task functions
// are declared in task_manager.h, job graphs in job_graph.h:
//
//   startup    work_queue_system system;
//              InitWorkQueueSystem(&system, &arena, highWorkers, lowWorkers, log);  // 0 = default
//              memory.highPriorityQueue = &system.highQueue;
//              memory.lowPriorityQueue = &system.lowQueue;
//              memory.workerThreadCount = system.highQueue.workerCount;
//              FillPlatformWorkQueueApi(&memory.platform, &system);  // AddWorkQueueEntry,
//                                      // CompleteAllWork, ParallelFor, graphs, tasks, taskManager
//   per frame  RunMainThreadTasks(&system.tasks);  before the game update (task_manager.h)
//              EndFrameTasks(&system.tasks);       after it: the frame-synchronised tasks are done
//   reload     PrepareWorkQueuesForReload(&system);  before FreeLibrary(game.dll): repeating
//                                  tasks cancelled (their code is in the old DLL), every queue
//                                  idle, no worker left inside game code. With queues of its
//                                  own the platform calls DrainWorkQueues(queues, count).
//   exit       ShutdownWorkQueueSystem(&system);   finishes all work, joins every thread
//
// Guarantees: any thread may add work (jobs may add jobs); a full ring never asserts and never
// drops: the adding thread runs queued entries until there is room; adding costs no system call
// unless a worker sleeps; CompleteAllWork's caller runs entries instead of waiting idle.
//
// NOTE: do not call CompleteAllWork on a queue from inside one of that queue's own jobs: it waits
// until the queue is idle, which cannot happen while its caller is itself a running entry. Jobs
// wait for specific work instead (WaitForJobGraph, WaitForJob, ParallelFor), safe anywhere.
//
// Native builds (tests, TSan, benchmarks) compile the very same files with posix_threads.cpp in
// place of win32_threads.cpp; nothing here knows which OS it runs on.

#include "base_types.h"
#include "base_atomics.h"
#include "base_arena.h"
#include "base_log.h"
#include "platform_threads.h"
#include "game_platform.h"

//~ The queue
// NOTE: entries carry a sequence number (one per slot) and the read/write indices run freely in
// 64 bits; slot = index & mask. A slot is only claimable when its sequence says it holds the
// entry of exactly that lap, so a thread preempted between reading an index and its
// compare-exchange can never succeed a lap later on a stale entry (the ABA flaw of a ring whose
// indices wrap modulo its size).
struct work_queue_entry
{
    volatile u64 sequence;
    platform_work_queue_callback *callback;
    void *data;
    u64 pad;
};

#define WORK_QUEUE_CACHE_LINE 64

// The platform may route every entry through a runner of its own (the exe guards calls into game
// code with it, see win32_crash_guard.cpp). Null: entries are called directly.
#define WORK_QUEUE_ENTRY_RUNNER(name) void name(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
typedef WORK_QUEUE_ENTRY_RUNNER(work_queue_entry_runner);

struct platform_work_queue
{
    // Producers' line. writeIndex counts every entry ever added: it is also the completion goal.
    volatile u64 writeIndex;
    u8 pad0[WORK_QUEUE_CACHE_LINE - 8];
    // Consumers' line.
    volatile u64 readIndex;
    u8 pad1[WORK_QUEUE_CACHE_LINE - 8];
    // Completion count: entries that have finished running. Idle when it equals writeIndex.
    volatile u64 completionCount;
    u8 pad2[WORK_QUEUE_CACHE_LINE - 8];
    // Sleep handshake: workers announced as (about to be) blocked on the semaphore.
    volatile u32 sleepingWorkerCount;
    volatile u32 stopRequested;
    u8 pad3[WORK_QUEUE_CACHE_LINE - 8];

    // Statistics (tests and the debug overlay read them; never on a hot path).
    volatile u64 fullRingCount;         // times an add found the ring full and helped instead
    volatile u64 wakeCount;             // semaphore releases (system calls) made by adds

    work_queue_entry *entries;
    u64 entryMask;
    os_semaphore semaphore;
    os_thread *workers;
    u32 workerCount;                    // threads serving this queue (callers of waits help too)
    u32 maxWorkerCount;                 // os_thread slots reserved at creation
    b32 running;
    u32 pad4;
    const char *name;
    platform_log *log;
    work_queue_entry_runner *runEntry;  // see WORK_QUEUE_ENTRY_RUNNER; set before work is added
};

inline void SetWorkQueueEntryRunner(platform_work_queue *queue, work_queue_entry_runner *runner)
{
    queue->runEntry = runner;
}

inline void RunWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
{
    if (queue->runEntry) queue->runEntry(queue, callback, data);
    else callback(queue, data);
}

// Defaults derived from the core count: the high queue gets every core but the main thread's
// (the main thread helps in CompleteAllWork), the low queue half of the cores.
u32 DefaultHighPriorityWorkerCount(void);
u32 DefaultLowPriorityWorkerCount(void);

// Carves the ring (entryCount rounded up to a power of two) and maxWorkerCount thread slots out
// of the arena, then starts workerCount workers. Returns false (logged) when the arena is too
// small or the OS refuses a thread; the queue is then still usable with the threads it got.
b32 CreateWorkQueue(platform_work_queue *queue, memory_arena *arena, const char *name,
                    u32 entryCount, u32 workerCount, u32 maxWorkerCount, platform_log *log);
// Starts (or restarts after StopWorkQueue) workerCount <= maxWorkerCount workers.
b32 StartWorkQueue(platform_work_queue *queue, u32 workerCount);
// Runs every queued entry to completion, then wakes, stops and joins every worker.
void StopWorkQueue(platform_work_queue *queue);

// The platform_api entry points (signatures from game_platform.h).
void AddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data);
void CompleteAllWork(platform_work_queue *queue);
void ParallelFor(platform_work_queue *queue, u32 count, u32 minBatch,
                 platform_parallel_for_callback *callback, void *data);

// Adds without helping: false when the ring is full.
b32 TryAddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data);
// Runs one queued entry on the calling thread; false when there was nothing to claim.
b32 DoNextWorkQueueEntry(platform_work_queue *queue);
b32 IsWorkQueueIdle(platform_work_queue *queue);
// Runs the queue's entries (spinning, then yielding, when there are none) until *value == until.
// What every helping wait is built on: graphs, frame-sync tasks.
void WorkQueueHelpUntil(platform_work_queue *queue, volatile u32 *value, u32 until);
// Helps until every queue is idle at one and the same moment. A job of one queue may add to
// another after that one was drained, so one pass of CompleteAllWork per queue is not enough.
// On return no worker runs or will run a callback, until someone adds work again.
void DrainWorkQueues(platform_work_queue **queues, u32 count);

#endif // WORK_QUEUE_H
