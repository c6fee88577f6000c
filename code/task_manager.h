#ifndef TASK_MANAGER_H
#define TASK_MANAGER_H
// Tasks: longer-lived units of work with a kind (task_flags in game_platform.h):
//   background          run once on a worker, as soon as possible (low priority queue)
//   main thread         run by the main thread at its per-frame task point (RunMainThreadTasks)
//   repeating           run once per frame until cancelled (main thread or background)
//   frame-synchronised  background; EndFrameTasks waits for exactly these (high priority queue)
// and the platform's set of queues (work_queue_system) that owns the task manager.
//
// Per frame the platform calls RunMainThreadTasks (it also starts this frame's repeating
// background tasks) before the game update and EndFrameTasks after it. Any thread may add or
// cancel tasks, task callbacks included.

#include "base_types.h"
#include "base_atomics.h"
#include "base_arena.h"
#include "base_log.h"
#include "game_platform.h"
#include "work_queue.h"

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
    u32 generation;             // part of the task id, so a stale id never cancels a new task
    u32 state;                  // task_slot_state; under the manager's lock
    volatile u32 inFlight;      // queued or running on a worker
    volatile u32 cancelled;
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
    task_slot slots[TASK_MANAGER_MAX_TASKS];
};

void InitTaskManager(task_manager *manager, platform_work_queue *backgroundQueue,
                     platform_work_queue *frameSyncQueue, platform_log *log);
// platform_api.AddTask / CancelTask.
u32 AddTask(task_manager *manager, u32 taskFlags, platform_work_queue_callback *callback, void *data);
void CancelTask(task_manager *manager, u32 taskId);
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
// Cancels every task and waits until none is in flight.
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
void ShutdownWorkQueueSystem(work_queue_system *system);

#endif // TASK_MANAGER_H
