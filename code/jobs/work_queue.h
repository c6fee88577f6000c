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
//              OpenWorkQueueAwakeWindow(&system.highQueue, 50);  idle workers poll, not sleep,
//              ... the game update ...                            through the update (below)
//              ShutWorkQueueAwakeWindow(&system.highQueue);      when the update returns
//              EndFrameTasks(&system.tasks);       after it: the frame-synchronised tasks are done
//   reload     PrepareWorkQueuesForReload(&system);  before FreeLibrary(game.dll): repeating
//                                  tasks cancelled (their code is in the old DLL), every queue
//                                  idle, no worker left inside game code. With queues of its
//                                  own the platform calls DrainWorkQueues(queues, count).
//   exit       ShutdownWorkQueueSystem(&system);   the shutdown rule below
//
// Guarantees: any thread may add work (jobs may add jobs); a full ring never asserts and never
// drops; adding costs no system call unless a worker sleeps, and then one semaphore release for
// at most WORK_QUEUE_WAKE_FANOUT sleepers (WakeWorkQueueWorkers). A queue whose CreateWorkQueue
// failed (arena too small) refuses every add with a logged error; its waits return at once.
//
// Which waits are allowed where. "Top level" is a thread that is not running a queue entry (the
// main thread between frames, a worker between entries, a thread of your own); "inside a job" is
// any code reached from a queue entry, a graph job, a ParallelFor batch or a task.
//   - ParallelFor's caller, wherever it is, runs only its own batches and its own helper entries
//     (taken out of the ring when no worker started them). CancelTaskAndWait runs nothing.
//   - Any other top-level waiter helps with any entry of the queue it waits on.
//   - A waiter inside a job helps only with work that cannot end up waiting on it:
//       WaitForJobGraph / WaitForJob   that graph's jobs;
//       ParallelFor                    its own batches and its own helper entries;
//       CompleteAllWork, DrainWorkQueues
//                                      any entry (they are only allowed where nothing beneath
//                                      the caller is work that others wait for, see below);
//       a full ring's add              any entry; under a graph job or a ParallelFor batch only
//                                      entries added, directly or through other entries, by the
//                                      job it is running (its "family"), and when none is queued
//                                      the adder runs its new entry itself.
//   - WaitForJobGraph, WaitForJob and ParallelFor may be called anywhere, with any number of
//     workers (0 included), except on work that waits for the caller itself: a job must not wait
//     for its own graph, nor for work that waits for it (directly or through other waits). A wait
//     for the graph of a job on the caller's own stack (or of the job whose ParallelFor batch it
//     runs) is refused: a logged error and an immediate return. A cycle of waits across threads
//     is not seen here; the platform's stall detector abandons such waits (SetWorkWaitAbandonCheck).
//   - CompleteAllWork and DrainWorkQueues may be called at top level and inside plain entries
//     (AddWorkQueueEntry callbacks, the game's update, task callbacks). Inside a job they return
//     once every entry of the queue has finished except the entries on the stacks of threads
//     that are themselves waiting in CompleteAllWork, DrainWorkQueues or CancelTaskAndWait (the
//     waiting callers and, beneath them, the entries they were called from). At top level they
//     wait for every entry. Called under a graph job or a ParallelFor batch (work another thread
//     may be waiting for), or more than WORK_THREAD_MAX_FRAMES entries deep, they are refused: a
//     logged error, an assert in development builds, and an immediate return.
//   - Under a graph job or a ParallelFor batch, an entry you add may run on your own thread before
//     the add returns (full ring), and so may other entries of your job's family: do not add
//     there work that waits for your own graph.

// Shutdown (ShutdownWorkQueueSystem, task_manager.h): every task is cancelled (a run already
// started finishes; no other run starts), every other entry already queued still runs to
// completion, then every worker is joined. StopWorkQueue alone runs every queued entry.

// Native builds (tests, TSan, benchmarks) compile the very same files over os/os_core_posix.cpp in
// place of os/os_core_win32.cpp; nothing here knows which OS it runs on.

#include "base/base_types.h"
#include "base/base_atomics.h"
#include "base/base_arena.h"
#include "base/base_log.h"
#include "os/os_core.h"
#include "contract/game_platform.h"

//~ The queue
// NOTE: entries carry a sequence number (one per slot) and the read/write indices run freely in
// 64 bits; slot = index & mask. A slot is only claimable when its sequence says it holds the
// entry of exactly that lap, so a thread preempted between reading an index and its
// compare-exchange can never succeed a lap later on a stale entry (the ABA flaw of a ring whose
// indices wrap modulo its size).
// A waiter inside a job may take one particular entry out of the middle of the ring ("steal" it,
// see the wait rules above): whoever moves 'claim' from position to position + 1 owns the entry;
// the consumer that later reaches a stolen slot just skips it. Consumers only pay for that
// compare-exchange while some thread is scanning (stealerCount != 0).
struct work_queue_entry
{
    volatile u64 sequence;
    volatile u64 claim;                 // position: unclaimed; position + 1: owned by someone
    volatile u64 callbackBits;          // platform_work_queue_callback *
    volatile u64 dataBits;              // void *
    volatile u64 family;                // see work_thread_context; 0 = added at top level
    u64 pad[3];                         // one entry per cache line: no false sharing
};

#define WORK_QUEUE_CACHE_LINE 64

// The platform may route every entry through a runner of its own (the exe guards calls into game
// code with it, see win32_crash_guard.cpp). Null: entries are called directly.
#define WORK_QUEUE_ENTRY_RUNNER(name) void name(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
typedef WORK_QUEUE_ENTRY_RUNNER(work_queue_entry_runner);

struct work_queue_worker_counter
{
    volatile u64 completionCount;       // written by its worker only
    platform_work_queue *queue;
    u8 pad[WORK_QUEUE_CACHE_LINE - 16];
};

struct platform_work_queue
{
    // Producers' line. writeIndex counts every entry ever added: it is also the completion goal.
    volatile u64 writeIndex;
    u8 pad0[WORK_QUEUE_CACHE_LINE - 8];
    // Consumers' line.
    volatile u64 readIndex;
    u8 pad1[WORK_QUEUE_CACHE_LINE - 8];
    // Completion count of entries run by threads other than this queue's workers. Each worker
    // counts its own in workerCounters (no shared cache line written per entry); the sum of all
    // (GetWorkQueueCompletionCount) is the entries that have finished: idle when it equals
    // writeIndex.
    volatile u64 sharedCompletionCount;
    u8 pad2[WORK_QUEUE_CACHE_LINE - 8];
    // Sleep handshake: workers announced as (about to be) blocked on the semaphore.
    volatile u32 sleepingWorkerCount;
    volatile u32 stopRequested;
    // The awake window (OpenWorkQueueAwakeWindow): until this time (OSGetTimeNanoseconds; 0: shut)
    // workers [0, awakeWorkerLimit) poll instead of sleeping. StartWorkQueue sets the limit to the
    // core count - 1 (at least 1); a test may change it after the start.
    volatile u64 awakeUntilNanoseconds;
    volatile u32 awakeWorkerLimit;
    u8 pad3[WORK_QUEUE_CACHE_LINE - 20];
    // Read-mostly: threads scanning the ring to steal, and entries of this queue on the stacks of
    // threads waiting in CompleteAllWork / DrainWorkQueues / CancelTaskAndWait (see the rules).
    volatile u32 stealerCount;
    u32 pad4;
    volatile u64 waitingEntryCount;
    u8 pad5[WORK_QUEUE_CACHE_LINE - 16];

    // Statistics (tests and the debug overlay read them; never on a hot path).
    volatile u64 fullRingCount;         // times an add found the ring full and helped instead
    volatile u64 wakeCount;             // semaphore releases (system calls) made by adds
    volatile u64 passedOnWakeCount;     // releases made by woken workers passing a wake on
    volatile u64 refusedAddCount;       // adds refused because the queue was never created
    volatile u64 refusedWaitCount;      // CompleteAllWork / DrainWorkQueues refused (see the rules)

    work_queue_entry *entries;          // null: CreateWorkQueue failed; adds are refused
    u64 entryMask;
    os_semaphore semaphore;
    os_thread *workers;
    work_queue_worker_counter *workerCounters;  // maxWorkerCount of them
    u32 workerCount;                    // threads serving this queue (callers of waits help too)
    u32 maxWorkerCount;                 // os_thread slots reserved at creation
    b32 running;
    u32 pad6;
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

//~ What each thread knows about the work it is inside of
// NOTE: a thread records the queue entries on its stack (frames), how many of them are work
// another thread may wait for (graph jobs, ParallelFor batches: "waitable"), and the family of the
// entry it runs. An entry added at top level starts a new family when it runs; entries added
// inside a job inherit the family of that job. A waiter inside a job helps with its family only.
#define WORK_THREAD_MAX_FRAMES 128

struct work_thread_frame
{
    platform_work_queue *queue;         // null: work of a queue that is not one of its entries
    const void *owner;                  // the job graph whose job (or whose job's ParallelFor batch)
};                                      //   this frame runs; null otherwise

// What ParallelFor learned about a loop on this thread: the callback (compared by value only,
// never called) and its last cost per item in 1/16 cycles. A direct-mapped cache.
struct parallel_for_cost
{
    u64 callbackBits;
    u64 cyclesPerItem16;
};
#define PARALLEL_FOR_COST_SLOTS 16

struct work_thread_context
{
    u64 serial;                         // unique per thread, from 1
    u64 familyCounter;
    u64 family;                         // of the entry being run; 0 at top level
    work_queue_worker_counter *ownCounter;      // set in a worker thread: its queue's counter
    u32 depth;                          // frames on the stack (may exceed WORK_THREAD_MAX_FRAMES)
    u32 registeredDepth;                // frames [0, registeredDepth) counted in waitingEntryCount
    u32 waitableDepth;                  // graph jobs and ParallelFor batches on the stack
    u32 pad;
    work_thread_frame frames[WORK_THREAD_MAX_FRAMES];
    parallel_for_cost parallelForCosts[PARALLEL_FOR_COST_SLOTS];
};

work_thread_context *GetWorkThreadContext(void);
// The family of the entry this thread runs (0 at top level), without assigning the thread a
// serial: what an add stamps on its entry.
u64 GetWorkThreadFamily(void);
// Runs callback through the queue's runner and puts the thread's context back as it was, even
// when a platform guard resumed after a crash inside it. 'waitable': graph job or batch; 'owner':
// the graph it belongs to (a wait for that graph beneath it is refused, see job_graph.h).
void RunGuardedWork(platform_work_queue *queue, platform_work_queue_callback *callback, void *data, b32 waitable,
                    const void *owner = 0);
// Runs an entry this thread claimed (popped or stolen) as a frame of its queue, in the given
// family (0: a new one), then counts it done. Not fromRing: an entry its adder ran itself, which
// never entered the ring: neither a frame of the queue nor counted.
void RunClaimedEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data,
                     u64 family, b32 fromRing = 1);
// The owner of the innermost frame that has one (null: none): what a ParallelFor hands its batches.
const void *GetInnermostWorkOwner(work_thread_context *context);
// True when a frame of this thread belongs to owner.
b32 IsWorkOwnerOnStack(work_thread_context *context, const void *owner);

// Waits that can never finish: the platform may ask a waiting thread to give up (its stall
// detector). While a wait has nothing to run it calls this check now and then; true makes
// WorkQueueHelpUntil, CompleteAllWork (inside a job) and CancelTaskAndWait return at once, their
// bookkeeping undone; the platform then unwinds the game code that waited. Null: waits never give
// up (the default, and what tests get).
typedef b32 work_wait_abandon_check(void);
void SetWorkWaitAbandonCheck(work_wait_abandon_check *check);
b32 ShouldAbandonWorkWait(void);

// Defaults derived from the core count: the high queue gets every core but the main thread's
// (the main thread helps in CompleteAllWork), the low queue half of the cores.
u32 DefaultHighPriorityWorkerCount(void);
u32 DefaultLowPriorityWorkerCount(void);

// Carves the ring (entryCount rounded up to a power of two) and maxWorkerCount thread slots out
// of the arena, then starts workerCount workers. Returns false (logged) when the arena is too
// small: the queue then refuses every add (logged) and its waits return at once; or when the OS
// refuses a thread: the queue then works with the threads it got (waiters run the rest).
b32 CreateWorkQueue(platform_work_queue *queue, memory_arena *arena, const char *name,
                    u32 entryCount, u32 workerCount, u32 maxWorkerCount, platform_log *log);
// Starts (or restarts after StopWorkQueue) workerCount <= maxWorkerCount workers.
b32 StartWorkQueue(platform_work_queue *queue, u32 workerCount);
// Runs every queued entry to completion, then wakes, stops and joins every worker. Top level only.
void StopWorkQueue(platform_work_queue *queue);

// The platform_api entry points (signatures from game_platform.h); see the wait rules above.
void AddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data);
void CompleteAllWork(platform_work_queue *queue);
void ParallelFor(platform_work_queue *queue, u32 count, u32 minBatch,
                 platform_parallel_for_callback *callback, void *data);

// Adds without helping: false when the ring is full (or the queue was never created).
b32 TryAddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data);
// The same without waking a sleeping worker: add a batch, then WakeWorkQueueWorkers once.
b32 TryAddWorkQueueEntryWithoutWake(platform_work_queue *queue, platform_work_queue_callback *callback, void *data);
// After adding addedCount entries: no system call when no worker sleeps, else one semaphore
// release waking min(sleepers, addedCount, WORK_QUEUE_WAKE_FANOUT) of them. Each worker woken
// passes the wake on (PassOnWorkQueueWake) to up to WORK_QUEUE_WAKE_FANOUT more while more than
// one entry waits unclaimed, so a burst reaches every sleeper that has work, in a tree.
// NOTE: releasing a semaphore to a sleeping thread cost its caller 15,000-25,000 cycles (6-10 us,
// the wakee's core being halted) on this project's 2-core KVM machine, once per thread woken on
// POSIX (sem_post): a job releasing a 64-job stage to 12 sleeping workers paid 12 of those before
// running its own next job. Now the adder makes one release, for at most two; the woken make the
// rest, in parallel. A build may set another fanout (-DWORK_QUEUE_WAKE_FANOUT=N, N >= 1) to compare:
// tests/bench/bench_cores.sh measures the wake at 4 and 16 beside this one.
#ifndef WORK_QUEUE_WAKE_FANOUT
#define WORK_QUEUE_WAKE_FANOUT 2
#endif
StaticAssert(WORK_QUEUE_WAKE_FANOUT >= 1, "a wake must reach at least one sleeper");
void WakeWorkQueueWorkers(platform_work_queue *queue, u32 addedCount);
// A burst of adds with one wake at its end (a graph's roots, ParallelFor's helpers): each entry goes
// in without a wake; on a full ring the burst first wakes for what it added, then helps as
// AddWorkQueueEntry does (the wait rules above), so nothing is dropped.
struct work_queue_burst
{
    platform_work_queue *queue;
    u32 unwokenCount;                   // added since the burst's last wake
};
void AddToWorkQueueBurst(work_queue_burst *burst, platform_work_queue_callback *callback, void *data);
void EndWorkQueueBurst(work_queue_burst *burst);    // the wake (WakeWorkQueueWorkers)
// Called by a worker just woken: wakes up to WORK_QUEUE_WAKE_FANOUT sleepers when more than one
// entry waits (one of them is the caller's), or while the awake window still has a worker to wake.
// No system call when none sleeps, or nothing waits and the window is shut.
void PassOnWorkQueueWake(platform_work_queue *queue);
// The awake window: a frame's workers kept awake while its parallel work may come.
// NOTE: a worker that blocks on the semaphore through a serial stretch of the frame comes back
// slow. On this project's 2-core KVM machine, the fixture frame at 65,536 entities on 2 threads,
// run every other frame after an in-order frame that left the worker asleep for ~5 ms: job bodies
// 1.04-1.28x their in-order time, caller's and worker's alike, 2-vs-1 1.48-1.82x; the same with the
// worker never sleeping: 1.01-1.02x and 1.93-1.96x (three runs each, docs/figures.md). A wake costs
// the waker too (WakeWorkQueueWorkers). So a frame loop opens the window where the frame's parallel
// work may start (before the game's update) and shuts it where that work is over.
// Opens the window for at most maxMilliseconds (0 shuts it): until then, or until
// ShutWorkQueueAwakeWindow, an idle worker among the first min(workers, cores - 1) (awakeWorkerLimit)
// polls the ring (pausing, then yielding its core to any other runnable thread) instead of
// blocking, and the workers asleep now are woken: one semaphore release by the caller for at most
// WORK_QUEUE_WAKE_FANOUT of them, the same by each worker woken while more workers sleep than there
// are workers past the limit (passedOnWakeCount). Workers past the limit sleep as usual: polling
// there would take the cores that the working threads need. A release may land on one of them (it
// sleeps again), so with more workers than the limit one under it may stay asleep until work comes.
// Any thread, any time; opening an open window moves its end. The cap bounds the cost of a frame
// that never shuts it (an update stopped in the debugger, a hang): past it no wake is passed on and
// the workers go back to sleeping on their own.
void OpenWorkQueueAwakeWindow(platform_work_queue *queue, u32 maxMilliseconds);
void ShutWorkQueueAwakeWindow(platform_work_queue *queue);
// True while the window is open for the worker with this index (an index past the limit: never).
b32 IsWorkQueueAwakeWindowOpen(platform_work_queue *queue, u32 workerIndex);

// Inside the job system: one semaphore release for up to `wanted` sleepers (returns how many it
// woke), and whether a worker just woken should wake more for the window.
u32 ReleaseSleepingWorkers(platform_work_queue *queue, u32 wanted);
b32 ShouldPassOnAwakeWake(platform_work_queue *queue);

// Runs the oldest queued entry on the calling thread; false when there was nothing to claim.
// Any entry: for top-level callers (the wait rules above).
b32 DoNextWorkQueueEntry(platform_work_queue *queue);
// Runs one queued entry for which match() says true, wherever it is in the ring; false if none.
typedef b32 work_entry_match(platform_work_queue_callback *callback, void *data, u64 family, void *matchData);
b32 StealWorkQueueEntry(platform_work_queue *queue, work_entry_match *match, void *matchData);
b32 IsWorkQueueIdle(platform_work_queue *queue);
// Entries that have finished running (never more than writeIndex).
u64 GetWorkQueueCompletionCount(platform_work_queue *queue);
// Waits until *value == until, running entries meanwhile: any entry at top level, only those
// match() accepts inside a job (match may be null: then none). What graph, frame-sync task and
// join waits are built on.
void WorkQueueHelpUntil(platform_work_queue *queue, volatile u32 *value, u32 until,
                        work_entry_match *match, void *matchData);
// Helps until every queue is idle at one and the same moment (inside a job: idle but for the
// waiting callers, see the rules). A job of one queue may add to another after that one was
// drained, so one pass of CompleteAllWork per queue is not enough. At top level, on return no
// worker runs or will run a callback, until someone adds work again.
void DrainWorkQueues(platform_work_queue **queues, u32 count);

// For CancelTaskAndWait and other waits on one specific run: while registered, the calling
// thread's entries count as waiting callers (the rules above). Returns the token to unregister.
u32 RegisterWaitingCaller(void);
void UnregisterWaitingCaller(u32 token);

#endif // WORK_QUEUE_H
