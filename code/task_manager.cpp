// The task manager (main-thread, background, repeating and frame-synchronised tasks) and the
// platform's set of queues. Tasks live in a fixed table; a short spin lock guards the table and
// is never held while a task runs, so tasks may add and cancel tasks.

#include "task_manager.h"
#include "job_graph.h"

#define TASK_INDEX_BITS 16

static u32 MakeTaskId(u32 index, u32 generation)
{
    return ((generation & 0xffff) << TASK_INDEX_BITS) | (index + 1);
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
static void RetireTaskSlot(task_manager *manager, task_slot *slot)
{
    slot->state = TaskSlot_Free;
    slot->callback = 0;
    slot->data = 0;
    --manager->activeCount;
}

//~ Background runs
static PLATFORM_WORK_QUEUE_CALLBACK(RunBackgroundTask)
{
    task_slot *slot = (task_slot *)data;
    task_manager *manager = slot->manager;
    u32 flags = slot->flags;
    if (!AtomicLoadU32(&slot->cancelled))
    {
        // Through the runner (see RunGraphJob): the bookkeeping below runs even after a contained crash.
        RunWorkQueueEntry(queue, slot->callback, slot->data);
    }
    BeginSpinLock(&manager->lock);
    AtomicStoreU32(&slot->inFlight, 0);
    if (!(flags & TaskFlag_Repeating) || AtomicLoadU32(&slot->cancelled))
    {
        RetireTaskSlot(manager, slot);
    }
    EndSpinLock(&manager->lock);
    if (flags & TaskFlag_FrameSync)
    {
        AtomicDecrementU32(&manager->frameSyncPending);
    }
}

// Under the lock: marks the slot in flight and counts a frame-sync run before it is queued, so
// that EndFrameTasks can never miss it.
static platform_work_queue *PrepareBackgroundRun(task_manager *manager, task_slot *slot)
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
u32 AddTask(task_manager *manager, u32 taskFlags, platform_work_queue_callback *callback, void *data)
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
    slot->generation = (slot->generation + 1) & 0xffff;
    slot->state = TaskSlot_Active;
    AtomicStoreU32(&slot->cancelled, 0);
    AtomicStoreU32(&slot->inFlight, 0);
    ++manager->activeCount;
    u32 id = MakeTaskId(index, slot->generation);

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

void CancelTask(task_manager *manager, u32 taskId)
{
    u32 index = (taskId & ((1u << TASK_INDEX_BITS) - 1)) - 1;
    u32 generation = taskId >> TASK_INDEX_BITS;
    if (taskId == 0 || index >= TASK_MANAGER_MAX_TASKS)
    {
        return;
    }
    BeginSpinLock(&manager->lock);
    task_slot *slot = manager->slots + index;
    if (slot->state == TaskSlot_Active && slot->generation == generation)
    {
        AtomicStoreU32(&slot->cancelled, 1);
        if (!AtomicLoadU32(&slot->inFlight))
        {
            RetireTaskSlot(manager, slot);
        }
        // else: RunBackgroundTask retires it when the run in flight ends.
    }
    EndSpinLock(&manager->lock);
}

//~ Per-frame points
struct main_thread_run
{
    platform_work_queue_callback *callback;
    void *data;
    u32 index;
    u32 generation;
    b32 repeating;
};

// Collects (under the lock) and runs (without it) the main-thread tasks; with startBackground it
// also starts this frame's repeating background tasks, with oneShotOnly it runs only one-shots.
static void RunMainThreadTaskList(task_manager *manager, b32 startBackground, b32 oneShotOnly)
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
            run->repeating = repeating;
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
        // Through the queue's runner, so the platform's guard around game code applies here too.
        RunWorkQueueEntry(manager->backgroundQueue, run->callback, run->data);
        if (!run->repeating)
        {
            BeginSpinLock(&manager->lock);
            task_slot *slot = manager->slots + run->index;
            if (slot->state == TaskSlot_Active && slot->generation == run->generation)
            {
                RetireTaskSlot(manager, slot);
            }
            EndSpinLock(&manager->lock);
        }
    }
}

void RunMainThreadTasks(task_manager *manager)
{
    ++manager->frameIndex;
    RunMainThreadTaskList(manager, true, false);
}

void PrepareTasksForReload(task_manager *manager)
{
    // One-shot main-thread tasks still run: their code is loaded until the caller unloads it.
    RunMainThreadTaskList(manager, false, true);
    // Repeating tasks would call into the old DLL next frame: cancel them.
    BeginSpinLock(&manager->lock);
    for (u32 index = 0; index < TASK_MANAGER_MAX_TASKS; ++index)
    {
        task_slot *slot = manager->slots + index;
        if (slot->state == TaskSlot_Active && (slot->flags & TaskFlag_Repeating))
        {
            AtomicStoreU32(&slot->cancelled, 1);
            if (!AtomicLoadU32(&slot->inFlight))
            {
                RetireTaskSlot(manager, slot);
            }
        }
    }
    EndSpinLock(&manager->lock);
}

void EndFrameTasks(task_manager *manager)
{
    WorkQueueHelpUntil(manager->frameSyncQueue, &manager->frameSyncPending, 0);
}

void ShutdownTaskManager(task_manager *manager)
{
    BeginSpinLock(&manager->lock);
    for (u32 index = 0; index < TASK_MANAGER_MAX_TASKS; ++index)
    {
        task_slot *slot = manager->slots + index;
        if (slot->state == TaskSlot_Active)
        {
            AtomicStoreU32(&slot->cancelled, 1);
            if (!AtomicLoadU32(&slot->inFlight))
            {
                RetireTaskSlot(manager, slot);
            }
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
    DrainWorkQueues(queues, ArrayCount(queues));
}

void ShutdownWorkQueueSystem(work_queue_system *system)
{
    ShutdownTaskManager(&system->tasks);
    DrainWorkQueueSystem(system);
    StopWorkQueue(&system->highQueue);
    StopWorkQueue(&system->lowQueue);
}
