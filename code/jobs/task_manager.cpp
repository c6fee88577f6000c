// The task manager (main-thread, background, repeating and frame-synchronised tasks) and the
// platform's set of queues. Tasks live in a fixed table; a short spin lock guards the table and
// is never held while a task runs, so tasks may add and cancel tasks.

#include "jobs/task_manager.h"
#include "contract/job_graph.h"

// NOTE: a task id is (generation << TASK_INDEX_BITS) | slot index, with a 56-bit generation per
// slot that starts at 1: an id is never 0 and never repeats within a run (2^56 reuses of one slot
// would take centuries).
#define TASK_INDEX_BITS 8
StaticAssert(TASK_MANAGER_MAX_TASKS <= (1u << TASK_INDEX_BITS), "task index does not fit its bits");

internal u64 MakeTaskId(u32 index, u64 generation)
{
    return (generation << TASK_INDEX_BITS) | index;
}

//~ Lifetime
void InitTaskManager(task_manager *manager, platform_work_queue *backgroundQueue,
                     platform_work_queue *frameSyncQueue, platform_log *log)
{
    memset(manager, 0, sizeof(*manager));
    manager->backgroundQueue = backgroundQueue;
    manager->frameSyncQueue = frameSyncQueue;
    manager->log = log;
    for (u32 index = 0; index < TASK_MANAGER_MAX_TASKS; ++index)
    {
        manager->slots[index].manager = manager;
    }
}

// Under the lock.
internal void RetireTaskSlot(task_manager *manager, task_slot *slot)
{
    slot->state = TaskSlot_Free;
    slot->callback = 0;
    slot->data = 0;
    --manager->activeCount;
}

//~ Starting and ending a run
// Under the lock: a run starts only if the task is still active and not cancelled, so after
// CancelTask returns no callback of that task can start.
internal b32 BeginTaskRunLocked(task_slot *slot)
{
    if (slot->state != TaskSlot_Active || AtomicLoadU32(&slot->cancelled))
    {
        return 0;
    }
    AtomicStoreU32(&slot->running, 1);
    slot->runnerSerial = GetWorkThreadContext()->serial;
    return 1;
}

// Under the lock, after a run (or a skipped one): retires a one-shot or cancelled task.
internal void EndTaskRunLocked(task_manager *manager, task_slot *slot)
{
    AtomicStoreU32(&slot->running, 0);
    slot->runnerSerial = 0;
    if (!(slot->flags & TaskFlag_Repeating) || AtomicLoadU32(&slot->cancelled))
    {
        RetireTaskSlot(manager, slot);
    }
}

//~ Background runs
internal PLATFORM_WORK_QUEUE_CALLBACK(RunBackgroundTask)
{
    task_slot *slot = (task_slot *)data;
    task_manager *manager = slot->manager;
    u32 flags = slot->flags;
    BeginSpinLock(&manager->lock);
    b32 start = BeginTaskRunLocked(slot);
    EndSpinLock(&manager->lock);
    if (start)
    {
        // Guarded (see RunGraphJob): the bookkeeping below runs even after a contained crash.
        RunGuardedWork(queue, slot->callback, slot->data, 0);
    }
    BeginSpinLock(&manager->lock);
    AtomicStoreU32(&slot->inFlight, 0);
    EndTaskRunLocked(manager, slot);
    EndSpinLock(&manager->lock);
    if (flags & TaskFlag_FrameSync)
    {
        AtomicDecrementU32(&manager->frameSyncPending);
    }
}

// Under the lock: marks the slot in flight and counts a frame-sync run before it is queued, so
// that EndFrameTasks can never miss it.
internal platform_work_queue *PrepareBackgroundRun(task_manager *manager, task_slot *slot)
{
    AtomicStoreU32(&slot->inFlight, 1);
    if (slot->flags & TaskFlag_FrameSync)
    {
        AtomicIncrementU32(&manager->frameSyncPending);
        return manager->frameSyncQueue;
    }
    return manager->backgroundQueue;
}

//~ Adding and cancelling
u64 AddTask(task_manager *manager, u32 taskFlags, platform_work_queue_callback *callback, void *data)
{
    u32 knownFlags = TaskFlag_MainThread | TaskFlag_Repeating | TaskFlag_FrameSync;
    if (!callback || (taskFlags & ~knownFlags) ||
        ((taskFlags & TaskFlag_MainThread) && (taskFlags & TaskFlag_FrameSync)))
    {
        if (manager->log)
        {
            manager->log(LogLevel_Error, "task refused: flags 0x%x are not a valid task kind%s",
                         taskFlags, callback ? "" : " (and no callback)");
        }
        AtomicIncrementU32(&manager->refusedCount);
        return 0;
    }

    if (AtomicLoadU32(&manager->drainingForReload))
    {
        if (manager->log)
        {
            manager->log(LogLevel_Error, "task refused: the work queues are being drained (for a reload, a "
                         "rollback or shutdown); re-add it when memory->executableReloaded is set");
        }
        AtomicIncrementU32(&manager->refusedCount);
        return 0;
    }
    platform_work_queue *target = (taskFlags & TaskFlag_FrameSync) ? manager->frameSyncQueue : manager->backgroundQueue;
    if (!(taskFlags & TaskFlag_MainThread) && (!target || !target->entries))
    {
        if (manager->log)
        {
            manager->log(LogLevel_Error, "task refused: its work queue was not created");
        }
        AtomicIncrementU32(&manager->refusedCount);
        return 0;
    }

    BeginSpinLock(&manager->lock);
    task_slot *slot = 0;
    u32 index = 0;
    for (; index < TASK_MANAGER_MAX_TASKS; ++index)
    {
        if (manager->slots[index].state == TaskSlot_Free)
        {
            slot = manager->slots + index;
            break;
        }
    }
    if (!slot)
    {
        EndSpinLock(&manager->lock);
        AtomicIncrementU32(&manager->refusedCount);
        if (manager->log)
        {
            manager->log(LogLevel_Error, "task refused: all %u task slots in use", TASK_MANAGER_MAX_TASKS);
        }
        return 0;
    }
    slot->callback = callback;
    slot->data = data;
    slot->flags = taskFlags;
    ++slot->generation;
    slot->state = TaskSlot_Active;
    AtomicStoreU32(&slot->cancelled, 0);
    AtomicStoreU32(&slot->inFlight, 0);
    AtomicStoreU32(&slot->running, 0);
    ++manager->activeCount;
    u64 id = MakeTaskId(index, slot->generation);

    // A one-shot background task starts now; the others wait for the per-frame point.
    platform_work_queue *queue = 0;
    if (!(taskFlags & (TaskFlag_MainThread | TaskFlag_Repeating)))
    {
        queue = PrepareBackgroundRun(manager, slot);
    }
    EndSpinLock(&manager->lock);
    if (queue)
    {
        AddWorkQueueEntry(queue, RunBackgroundTask, slot);
    }
    return id;
}

// Under the lock: the slot of a live task id, or null.
internal task_slot *FindTaskLocked(task_manager *manager, u64 taskId)
{
    u32 index = (u32)(taskId & ((1u << TASK_INDEX_BITS) - 1));
    u64 generation = taskId >> TASK_INDEX_BITS;
    if (generation == 0 || index >= TASK_MANAGER_MAX_TASKS)
    {
        return 0;
    }
    task_slot *slot = manager->slots + index;
    return (slot->state == TaskSlot_Active && slot->generation == generation) ? slot : 0;
}

// Under the lock: no run may start any more; retired now unless a run is queued or in progress
// (that one retires it when it ends).
internal void CancelTaskLocked(task_manager *manager, task_slot *slot)
{
    AtomicStoreU32(&slot->cancelled, 1);
    if (!AtomicLoadU32(&slot->inFlight) && !AtomicLoadU32(&slot->running))
    {
        RetireTaskSlot(manager, slot);
    }
}

void CancelTask(task_manager *manager, u64 taskId)
{
    BeginSpinLock(&manager->lock);
    task_slot *slot = FindTaskLocked(manager, taskId);
    if (slot)
    {
        CancelTaskLocked(manager, slot);
    }
    EndSpinLock(&manager->lock);
}

void CancelTaskAndWait(task_manager *manager, u64 taskId)
{
    u64 ownSerial = GetWorkThreadContext()->serial;
    BeginSpinLock(&manager->lock);
    task_slot *slot = FindTaskLocked(manager, taskId);
    b32 wait = 0;
    if (slot)
    {
        CancelTaskLocked(manager, slot);
        // NOTE: the task's own callback cancelling itself: that run is beneath us, never wait on it.
        wait = AtomicLoadU32(&slot->running) && slot->runnerSerial != ownSerial;
    }
    EndSpinLock(&manager->lock);
    if (!wait)
    {
        return;
    }
    // While we wait, our own entries count as a waiting caller's: a CompleteAllWork inside the
    // run we wait for then does not wait for us (work_queue.h).
    u32 token = RegisterWaitingCaller();
    u32 spinCount = 0;
    for (;;)
    {
        BeginSpinLock(&manager->lock);
        b32 stillRunning = (FindTaskLocked(manager, taskId) == slot) && AtomicLoadU32(&slot->running);
        EndSpinLock(&manager->lock);
        if (!stillRunning)
        {
            break;
        }
        if (spinCount < 64)
        {
            ++spinCount;
            CpuPause();
        }
        else
        {
            OSYieldThread();
            if (ShouldAbandonWorkWait()) break;
        }
    }
    UnregisterWaitingCaller(token);
}

//~ Per-frame points
struct main_thread_run
{
    platform_work_queue_callback *callback;
    void *data;
    u32 index;
    u32 pad;
    u64 generation;
};

// Collects (under the lock) and runs (without it) the main-thread tasks; with startBackground it
// also starts this frame's repeating background tasks, with oneShotOnly it runs only one-shots.
internal void RunMainThreadTaskList(task_manager *manager, b32 startBackground, b32 oneShotOnly)
{
    task_slot *backgroundRuns[TASK_MANAGER_MAX_TASKS];
    platform_work_queue *backgroundQueues[TASK_MANAGER_MAX_TASKS];
    main_thread_run mainRuns[TASK_MANAGER_MAX_TASKS];
    u32 backgroundCount = 0;
    u32 mainCount = 0;

    BeginSpinLock(&manager->lock);
    for (u32 index = 0; index < TASK_MANAGER_MAX_TASKS; ++index)
    {
        task_slot *slot = manager->slots + index;
        if (slot->state != TaskSlot_Active || AtomicLoadU32(&slot->cancelled))
        {
            continue;
        }
        b32 repeating = (slot->flags & TaskFlag_Repeating) != 0;
        if ((slot->flags & TaskFlag_MainThread) && !(oneShotOnly && repeating))
        {
            main_thread_run *run = mainRuns + mainCount++;
            run->callback = slot->callback;
            run->data = slot->data;
            run->index = index;
            run->generation = slot->generation;
        }
        else if (startBackground && repeating && !(slot->flags & TaskFlag_MainThread) &&
                 !AtomicLoadU32(&slot->inFlight))
        {
            // NOTE: a repeating task whose previous run has not ended skips this frame rather
            // than running twice at once.
            backgroundQueues[backgroundCount] = PrepareBackgroundRun(manager, slot);
            backgroundRuns[backgroundCount++] = slot;
        }
    }
    EndSpinLock(&manager->lock);

    for (u32 index = 0; index < backgroundCount; ++index)
    {
        AddWorkQueueEntry(backgroundQueues[index], RunBackgroundTask, backgroundRuns[index]);
    }
    for (u32 index = 0; index < mainCount; ++index)
    {
        main_thread_run *run = mainRuns + index;
        // NOTE: collected above, but it may have been cancelled since: starting is decided again,
        // under the lock, right before the call (CancelTask's promise).
        task_slot *slot = manager->slots + run->index;
        BeginSpinLock(&manager->lock);
        b32 start = (slot->generation == run->generation) && BeginTaskRunLocked(slot);
        EndSpinLock(&manager->lock);
        if (!start)
        {
            continue;
        }
        // Through the queue's runner, so the platform's guard around game code applies here too.
        RunGuardedWork(manager->backgroundQueue, run->callback, run->data, 0);
        BeginSpinLock(&manager->lock);
        EndTaskRunLocked(manager, slot);
        EndSpinLock(&manager->lock);
    }
}

void RunMainThreadTasks(task_manager *manager)
{
    ++manager->frameIndex;
    RunMainThreadTaskList(manager, 1, 0);
}

void PrepareTasksForReload(task_manager *manager)
{
    // One-shot main-thread tasks still run: their code is loaded until the caller unloads it.
    RunMainThreadTaskList(manager, 0, 1);
    // Repeating tasks would call into the old DLL next frame: cancel them.
    BeginSpinLock(&manager->lock);
    for (u32 index = 0; index < TASK_MANAGER_MAX_TASKS; ++index)
    {
        task_slot *slot = manager->slots + index;
        if (slot->state == TaskSlot_Active && (slot->flags & TaskFlag_Repeating))
        {
            CancelTaskLocked(manager, slot);
        }
    }
    EndSpinLock(&manager->lock);
}

void EndFrameTasks(task_manager *manager)
{
    WorkQueueHelpUntil(manager->frameSyncQueue, &manager->frameSyncPending, 0, 0, 0);
}

void ShutdownTaskManager(task_manager *manager)
{
    BeginSpinLock(&manager->lock);
    for (u32 index = 0; index < TASK_MANAGER_MAX_TASKS; ++index)
    {
        task_slot *slot = manager->slots + index;
        if (slot->state == TaskSlot_Active)
        {
            CancelTaskLocked(manager, slot);
        }
    }
    EndSpinLock(&manager->lock);
    platform_work_queue *queues[] = {manager->frameSyncQueue, manager->backgroundQueue};
    DrainWorkQueues(queues, 2);
}

//~ The platform's queue set
b32 InitWorkQueueSystem(work_queue_system *system, memory_arena *arena, u32 highWorkerCount,
                        u32 lowWorkerCount, platform_log *log)
{
    system->log = log;
    if (highWorkerCount == 0)
    {
        highWorkerCount = DefaultHighPriorityWorkerCount();
    }
    if (lowWorkerCount == 0)
    {
        lowWorkerCount = DefaultLowPriorityWorkerCount();
    }
    b32 result = CreateWorkQueue(&system->highQueue, arena, "high priority", WORK_QUEUE_DEFAULT_ENTRY_COUNT,
                                 highWorkerCount, highWorkerCount, log);
    result = CreateWorkQueue(&system->lowQueue, arena, "low priority", WORK_QUEUE_DEFAULT_ENTRY_COUNT,
                             lowWorkerCount, lowWorkerCount, log) && result;
    InitTaskManager(&system->tasks, &system->lowQueue, &system->highQueue, log);
    if (log)
    {
        log(LogLevel_Info, "work queues: %u high priority and %u low priority workers on %u cores",
            system->highQueue.workerCount, system->lowQueue.workerCount, OSGetCoreCount());
    }
    return result;
}

void FillPlatformWorkQueueApi(platform_api *api, work_queue_system *system)
{
    api->AddWorkQueueEntry = AddWorkQueueEntry;
    api->CompleteAllWork = CompleteAllWork;
    api->ParallelFor = ParallelFor;
    api->SubmitJobGraph = SubmitJobGraph;
    api->WaitForJobGraph = WaitForJobGraph;
    api->AddTask = AddTask;
    api->CancelTask = CancelTask;
    api->CancelTaskAndWait = CancelTaskAndWait;
    api->taskManager = &system->tasks;
}

void PrepareWorkQueuesForReload(work_queue_system *system)
{
    PrepareTasksForReload(&system->tasks);
    DrainWorkQueueSystem(system);
}

void DrainWorkQueueSystem(work_queue_system *system)
{
    platform_work_queue *queues[] = {&system->highQueue, &system->lowQueue};
    AtomicStoreU32(&system->tasks.drainCount, AtomicLoadU32(&system->tasks.drainCount) + 1);
    AtomicStoreU32(&system->tasks.drainingForReload, 1);
    DrainWorkQueues(queues, ArrayCount(queues));
    AtomicStoreU32(&system->tasks.drainingForReload, 0);
}

void ShutdownWorkQueueSystem(work_queue_system *system)
{
    ShutdownTaskManager(&system->tasks);
    DrainWorkQueueSystem(system);
    StopWorkQueue(&system->highQueue);
    StopWorkQueue(&system->lowQueue);
}
