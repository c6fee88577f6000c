// The module the way win32_main.cpp builds it: <windows.h> first (with every macro it defines,
// e.g. winspool's AddJob), then the Win32 OS layer and the queue sources in one unit. Runs a
// frame loop's worth of the platform calls under Wine: init with default worker counts, the
// platform_api, per-frame task points, a reload, shutdown.

#include <windows.h>
#include <stdio.h>

#include "os/os.cpp"
#include "jobs/jobs.cpp"
#include "test_framework.h"

internal PLATFORM_LOG(UnityLog)
{
    (void)level;
    (void)format;
}

global volatile u32 globalFrameJobs;
internal PLATFORM_WORK_QUEUE_CALLBACK(FrameJob)
{
    AtomicIncrementU32(&globalFrameJobs);
}
internal PLATFORM_PARALLEL_FOR_CALLBACK(CountItems)
{
    AtomicAddU32((volatile u32 *)data, onePastLast - first);
}

int main(void)
{
    static u8 memory[Megabytes(2)];
    memory_arena arena;
    InitializeArena(&arena, "unity", sizeof(memory), memory, UnityLog);
    static work_queue_system system;
    CHECK(InitWorkQueueSystem(&system, &arena, 0, 0, UnityLog));
    CHECK(system.highQueue.workerCount == DefaultHighPriorityWorkerCount());
    game_memory gameMemory;
    memset(&gameMemory, 0, sizeof(gameMemory));
    FillPlatformWorkQueueApi(&gameMemory.platform, &system);
    gameMemory.highPriorityQueue = &system.highQueue;
    gameMemory.lowPriorityQueue = &system.lowQueue;
    platform_api *platform = &gameMemory.platform;

    u32 expected = 0;
    for (u32 frame = 0; frame < 20; ++frame)
    {
        RunMainThreadTasks(platform->taskManager);
        platform->AddTask(platform->taskManager, TaskFlag_FrameSync, FrameJob, 0);
        for (u32 index = 0; index < 10; ++index)
        {
            platform->AddWorkQueueEntry(gameMemory.lowPriorityQueue, FrameJob, 0);
        }
        volatile u32 items = 0;
        platform->ParallelFor(gameMemory.highPriorityQueue, 1000, 16, CountItems, (void *)&items);
        CHECK(items == 1000);
        platform->CompleteAllWork(gameMemory.highPriorityQueue);
        EndFrameTasks(platform->taskManager);
        expected += 11;
        if (frame == 10)
        {
            PrepareWorkQueuesForReload(&system);
            CHECK(globalFrameJobs == expected);
        }
    }
    ShutdownWorkQueueSystem(&system);
    CHECK(globalFrameJobs == expected);
    return TestSummary();
}
