// A tiny stand-in for game.dll in the reload-drain test: exported job callbacks that do work,
// count their runs in the exe's memory and add more jobs through the exe's function pointer,
// exactly the way game code reaches the queues. The test exe loads a copy of this DLL, floods the
// queues, drains them, frees the copy and repeats; any late call lands in unmapped code.

#include "base_types.h"
#include "base_atomics.h"
#include "game_platform.h"

struct reload_context
{
    platform_add_work_queue_entry *AddWorkQueueEntry;
    platform_work_queue *highQueue;
    platform_work_queue *lowQueue;
    volatile u32 *runs;         // one counter per job id
    u32 spawnCount;             // spawn job s adds leaf jobs spawnCount + 2s and spawnCount + 2s + 1
    volatile u32 gateEntered;   // set by ReloadGateJob once a worker is inside this DLL's code
    volatile u32 gateOpen;      // ReloadGateJob spins in this DLL until the exe sets it
};

// NOTE: DLL-global on purpose: every loaded copy has its own, set by the exe after loading.
static reload_context *globalContext;

static u32 SpinAWhile(u32 iterations)
{
    volatile u32 sink = 0;
    for (u32 index = 0; index < iterations; ++index)
    {
        sink = sink + index;
    }
    return sink;
}

extern "C" __declspec(dllexport) void ReloadSetContext(reload_context *context)
{
    globalContext = context;
}

extern "C" __declspec(dllexport) PLATFORM_WORK_QUEUE_CALLBACK(ReloadLeafJob)
{
    u32 id = (u32)(umm)data;
    SpinAWhile(2000 + (id % 7) * 300);
    AtomicIncrementU32(&globalContext->runs[id]);
}

extern "C" __declspec(dllexport) PLATFORM_WORK_QUEUE_CALLBACK(ReloadSpawnJob)
{
    u32 id = (u32)(umm)data;
    SpinAWhile(200);
    // A low-priority job adding to the high queue (and to its own): the drain must catch both.
    u32 leaf = globalContext->spawnCount + 2 * id;
    globalContext->AddWorkQueueEntry(globalContext->highQueue, ReloadLeafJob, (void *)(umm)leaf);
    globalContext->AddWorkQueueEntry(globalContext->lowQueue, ReloadLeafJob, (void *)(umm)(leaf + 1));
    AtomicIncrementU32(&globalContext->runs[id]);
}

// Holds a worker inside this copy's code until the exe opens the gate. The suite's self-check
// (--no-drain) queues it so the unload is certain to catch a worker in old code: without it the
// self-check depended on the workers being slower than FreeLibrary, which a loaded machine breaks.
extern "C" __declspec(dllexport) PLATFORM_WORK_QUEUE_CALLBACK(ReloadGateJob)
{
    (void)data;
    AtomicStoreU32(&globalContext->gateEntered, 1);
    while (!AtomicLoadU32(&globalContext->gateOpen))
    {
        SpinAWhile(100);
    }
}
