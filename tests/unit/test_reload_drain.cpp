// Hot reload with busy workers (Windows only: MinGW build, run under Wine): load a copy of
// reload_drain_dll.dll, flood both queues with its callbacks from several threads, drain with
// DrainWorkQueues, FreeLibrary the copy, repeat. A callback of an unloaded copy would execute
// unmapped memory: a vectored exception handler turns that into a FAIL line. Per-job counters
// must show every job ran exactly once.
// Usage: test_reload_drain.exe path\to\reload_drain_dll.dll [cycles] [--no-drain]
//        --no-drain skips the drain (the suite uses it to prove the test catches that): a gate job
//        then holds a worker inside the DLL across FreeLibrary, so the crash is certain.

#include "test_work_common.h"
#include <windows.h>

struct reload_context
{
    platform_add_work_queue_entry *AddWorkQueueEntry;
    platform_work_queue *highQueue;
    platform_work_queue *lowQueue;
    volatile u32 *runs;
    u32 spawnCount;
    volatile u32 gateEntered;
    volatile u32 gateOpen;
};
typedef void reload_set_context(reload_context *context);

#define RELOAD_SPAWNS_PER_FLOODER 300
#define RELOAD_FLOODERS 3

struct flooder
{
    os_thread thread;
    platform_work_queue_callback *spawnJob;
    platform_work_queue_callback *leafJob;
    reload_context *context;
    u32 index;
};

internal OS_THREAD_PROC(FloodQueues)
{
    flooder *self = (flooder *)parameter;
    for (u32 step = 0; step < RELOAD_SPAWNS_PER_FLOODER; ++step)
    {
        u32 id = self->index * RELOAD_SPAWNS_PER_FLOODER + step;
        AddWorkQueueEntry(self->context->lowQueue, self->spawnJob, (void *)(umm)id);
    }
}

internal LONG CALLBACK ReportCrash(EXCEPTION_POINTERS *pointers)
{
    DWORD code = pointers->ExceptionRecord->ExceptionCode;
    if (code == EXCEPTION_ACCESS_VIOLATION || code == EXCEPTION_ILLEGAL_INSTRUCTION ||
        code == EXCEPTION_PRIV_INSTRUCTION)
    {
        printf("FAIL reload: exception 0x%08lx at %p: a callback of an unloaded DLL was called\n",
               (unsigned long)code, pointers->ExceptionRecord->ExceptionAddress);
        TestRecord(0, "no call into unloaded code", __FILE__, __LINE__);
        TestSummary();
        fflush(stdout);
        ExitProcess(1);
    }
    return EXCEPTION_CONTINUE_SEARCH;
}

int main(int argumentCount, char **arguments)
{
    if (argumentCount < 2)
    {
        printf("FAIL usage: test_reload_drain.exe dll [cycles] [--no-drain]\n0 passed, 1 failed\n");
        return 1;
    }
    const char *dllPath = arguments[1];
    u32 cycles = (argumentCount > 2) ? (u32)atoi(arguments[2]) : 50;
    b32 drain = !(argumentCount > 3 && strcmp(arguments[3], "--no-drain") == 0);
    setvbuf(stdout, 0, _IONBF, 0);
    AddVectoredExceptionHandler(1, ReportCrash);
    StartWatchdog();

    memory_arena arena = MakeTestArena(Megabytes(1));
    platform_work_queue high;
    platform_work_queue low;
    CreateWorkQueue(&high, &arena, "high", 256, 2, 2, TestLog);
    CreateWorkQueue(&low, &arena, "low", 256, 2, 2, TestLog);
    platform_work_queue *queues[] = {&high, &low};

    u32 spawnCount = RELOAD_FLOODERS * RELOAD_SPAWNS_PER_FLOODER;
    u32 jobCount = 3 * spawnCount;
    volatile u32 *runs = (volatile u32 *)calloc(jobCount, sizeof(u32));
    reload_context context;
    context.AddWorkQueueEntry = AddWorkQueueEntry;
    context.highQueue = &high;
    context.lowQueue = &low;
    context.runs = runs;
    context.spawnCount = spawnCount;
    context.gateEntered = 0;
    context.gateOpen = 0;

    u32 badCycles = 0;
    u32 loadFailures = 0;
    for (u32 cycle = 0; cycle < cycles; ++cycle)
    {
        ArmWatchdog("reload cycle", 60);
        // Like the platform: load a private copy, so the original could be rebuilt meanwhile.
        char copyPath[MAX_PATH];
        snprintf(copyPath, sizeof(copyPath), "%s.copy%u.dll", dllPath, cycle % 2);
        HMODULE library = 0;
        if (CopyFileA(dllPath, copyPath, FALSE))
        {
            library = LoadLibraryA(copyPath);
        }
        reload_set_context *setContext = library ? (reload_set_context *)(void *)GetProcAddress(library, "ReloadSetContext") : 0;
        flooder flooders[RELOAD_FLOODERS];
        platform_work_queue_callback *spawnJob = library ? (platform_work_queue_callback *)(void *)GetProcAddress(library, "ReloadSpawnJob") : 0;
        platform_work_queue_callback *leafJob = library ? (platform_work_queue_callback *)(void *)GetProcAddress(library, "ReloadLeafJob") : 0;
        platform_work_queue_callback *gateJob = library ? (platform_work_queue_callback *)(void *)GetProcAddress(library, "ReloadGateJob") : 0;
        if (!setContext || !spawnJob || !leafJob || !gateJob)
        {
            ++loadFailures;
            if (library)
            {
                FreeLibrary(library);
            }
            continue;
        }
        for (u32 index = 0; index < jobCount; ++index)
        {
            runs[index] = 0;
        }
        setContext(&context);
        for (u32 index = 0; index < RELOAD_FLOODERS; ++index)
        {
            flooders[index].spawnJob = spawnJob;
            flooders[index].leafJob = leafJob;
            flooders[index].context = &context;
            flooders[index].index = index;
            OSCreateThread(&flooders[index].thread, FloodQueues, flooders + index);
        }
        for (u32 index = 0; index < RELOAD_FLOODERS; ++index)
        {
            OSJoinThread(&flooders[index].thread);
        }
        // The workers are still busy with the flood here: this is the moment of a reload.
        if (drain)
        {
            DrainWorkQueues(queues, ArrayCount(queues));
        }
        else
        {
            // Make the missing drain certain to show: a worker waits inside the DLL's code.
            AtomicStoreU32(&context.gateEntered, 0);
            AtomicStoreU32(&context.gateOpen, 0);
            AddWorkQueueEntry(&low, gateJob, 0);
            while (!AtomicLoadU32(&context.gateEntered))
            {
                OSSleepMilliseconds(1);
            }
        }
        FreeLibrary(library);
        AtomicStoreU32(&context.gateOpen, 1);
        u32 wrong = 0;
        for (u32 index = 0; index < jobCount; ++index)
        {
            wrong += (AtomicLoadU32(&runs[index]) != 1);
        }
        badCycles += (wrong != 0);
        if (!drain)
        {
            // Without a drain the workers run on into freed code; give them the chance.
            OSSleepMilliseconds(50);
        }
    }
    CHECK_MSG(loadFailures == 0, "every copy of the test DLL loaded and exported its callbacks");
    CHECK_MSG(badCycles == 0, "after each drain + unload every job had run exactly once");
    DrainWorkQueues(queues, ArrayCount(queues));
    StopWorkQueue(&high);
    StopWorkQueue(&low);
    StopWatchdog();
    return TestSummary();
}
