#ifndef TASK_MANAGER_H
#define TASK_MANAGER_H
// Tasks: longer-lived units of work with a kind (task_flags in game_platform.h):
//   background          run once on a worker, as soon as possible (low priority queue)
//   main thread         run by the main thread at its per-frame task point (RunMainThreadTasks)
//   repeating           run at most once per frame until cancelled, never two runs at once: a
//                       main-thread one at every RunMainThreadTasks; a background one is started
//                       (queued) at every RunMainThreadTasks unless its previous run is still
//                       queued or running, in which case that frame's run is skipped, not delayed
//   frame-synchronised  background; EndFrameTasks waits for exactly these (high priority queue)
// and the platform's set of queues (work_queue_system) that owns the task manager.
//
// Per frame the platform calls RunMainThreadTasks (it also starts this frame's repeating
// background tasks) before the game update and EndFrameTasks after it. Any thread may add or
// cancel tasks, task callbacks included.
//
// Task ids are never 0 and never repeat within a run (a 56-bit generation per slot), so a stale
// id never cancels a newer task. After CancelTask returns, no callback of that task starts (a
// run already in progress may still be running); after CancelTaskAndWait returns, no callback of
// it is running either, so its data may be freed, unless it was called on the thread that is
// running that callback (from the callback itself, or from work it runs while it waits): it then
// cannot wait for the run it is part of, and returns after cancelling.
// CancelTaskAndWait may be called anywhere; it runs no other work while it waits.
//
// Shutdown (ShutdownWorkQueueSystem): every task is cancelled (a run already started finishes;
// no other run starts), every other entry already queued still runs to completion, then every
// worker is joined.

#include "base/base_types.h"
#include "base/base_atomics.h"
#include "base/base_arena.h"
#include "base/base_log.h"
#include "contract/game_platform.h"
#include "jobs/work_queue.h"

#define TASK_MANAGER_MAX_TASKS 256

enum task_slot_state
{
    TaskSlot_Free,
    TaskSlot_Active,
};

struct task_slot
{
    platform_work_queue_callback *callback;
    void *data;
    task_manager *manager;
    u32 flags;                  // task_flags
    u32 state;                  // task_slot_state; under the manager's lock
    u64 generation;             // part of the task id, so a stale id never cancels a new task
    u64 runnerSerial;           // work_thread_context serial of the thread running the callback
    volatile u32 inFlight;      // a background run queued or running on a worker
    volatile u32 running;       // a callback of this task is running now
    volatile u32 cancelled;     // no run starts any more
    u32 pad;
};

struct task_manager
{
    spin_lock lock;
    volatile u32 frameSyncPending;      // frame-synchronised runs not finished yet
    platform_work_queue *backgroundQueue;
    platform_work_queue *frameSyncQueue;
    platform_log *log;
    u64 frameIndex;
    u32 activeCount;
    u32 refusedCount;
    volatile u32 drainingForReload;     // set while DrainWorkQueueSystem drains: AddTask refuses
    volatile u32 drainCount;            // DrainWorkQueueSystem calls so far (tells one drain from the next)
    u32 pad;
    task_slot slots[TASK_MANAGER_MAX_TASKS];
};

void InitTaskManager(task_manager *manager, platform_work_queue *backgroundQueue,
                     platform_work_queue *frameSyncQueue, platform_log *log);
// platform_api.AddTask / CancelTask / CancelTaskAndWait (see the promises above). AddTask refuses
// (returns 0, logged) bad flags, a full table, background kinds whose queue was not created, and
// every task while DrainWorkQueueSystem drains the queues (before a reload, a rollback, at
// shutdown: a task that re-adds itself would otherwise keep them busy forever).
u64 AddTask(task_manager *manager, u32 taskFlags, platform_work_queue_callback *callback, void *data);
void CancelTask(task_manager *manager, u64 taskId);
void CancelTaskAndWait(task_manager *manager, u64 taskId);
// The main thread's per-frame point: starts this frame's repeating background tasks, then runs
// the main-thread tasks that were added before this call (one-shot ones are then retired).
void RunMainThreadTasks(task_manager *manager);
// The end-of-frame sync point: returns once every frame-synchronised run started so far has
// finished, running queued work meanwhile. Other background tasks are not waited for.
void EndFrameTasks(task_manager *manager);
// Before game.dll is unloaded (PrepareWorkQueuesForReload calls it): runs the pending one-shot
// main-thread tasks now and cancels every repeating task, since their callbacks live in the old
// DLL. The game re-adds its repeating tasks when memory->executableReloaded is set.
void PrepareTasksForReload(task_manager *manager);
// Cancels every task, then drains both queues (the shutdown rule above).
void ShutdownTaskManager(task_manager *manager);

//~ The platform's queue set
struct work_queue_system
{
    platform_work_queue highQueue;
    platform_work_queue lowQueue;
    task_manager tasks;
    platform_log *log;
};

#define WORK_QUEUE_DEFAULT_ENTRY_COUNT 4096

// Worker counts of 0 take the defaults derived from the core count.
b32 InitWorkQueueSystem(work_queue_system *system, memory_arena *arena, u32 highWorkerCount,
                        u32 lowWorkerCount, platform_log *log);
void FillPlatformWorkQueueApi(platform_api *api, work_queue_system *system);
// Both queues idle together, no worker inside game code (DrainWorkQueues on both).
void DrainWorkQueueSystem(work_queue_system *system);
// Before game.dll is unloaded: PrepareTasksForReload, then DrainWorkQueueSystem.
void PrepareWorkQueuesForReload(work_queue_system *system);
// The shutdown rule above; then the workers are joined. Top level only.
void ShutdownWorkQueueSystem(work_queue_system *system);

#endif // TASK_MANAGER_H
