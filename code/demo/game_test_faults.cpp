//~ Deliberate faults, compiled in only for the crash-containment tests (never in a normal build).
// GAME_TEST_CRASH_PLACE: 1 update, 2 sound, 3 debug end of frame, 4 a job callback.
// GAME_TEST_CRASH_KIND: 1 access violation, 2 integer divide by zero, 3 illegal instruction,
// 4 stack overflow. The build runs normally for a few frames, then scribbles over game memory and
// crashes, so the test can check the platform restored memory and went back to the previous build.

#if defined(GAME_TEST_CRASH_PLACE) && defined(GAME_TEST_CRASH_KIND)
#define GAME_TEST_CRASH_AFTER_FRAMES 3

global volatile s32 globalTestZero;
global volatile s32 *volatile globalTestNull;
global u32 globalTestFramesOfThisBuild;   // DLL data: starts at 0 on every load

internal s32 TestRecurse(s32 depth)
{
    volatile u8 padding[4096];
    padding[0] = (u8)depth;
    if (depth > 1000000000) return 0;
    return TestRecurse(depth + 1) + padding[0];
}

internal void TestCrashNow(game_memory *memory, u32 place)
{
    // Scribble first: the platform must undo this.
    game_state *state = (game_state *)memory->permanentStorage;
    state->framesSimulated = 0xBADBADBADull;
    state->camera.position = V3(1.0e9f, 1.0e9f, 1.0e9f);
    memset((u8 *)memory->transientStorage + Megabytes(8), 0xCD, Kilobytes(64));

    memory->platform.Log(LogLevel_Info, "test fault: crashing now (place %u, kind %u)", place, (u32)GAME_TEST_CRASH_KIND);
#if GAME_TEST_CRASH_KIND == 1
    *globalTestNull = 42;
#elif GAME_TEST_CRASH_KIND == 2
    memory->platform.Log(LogLevel_Info, "unreachable %d", 100 / globalTestZero);
#elif GAME_TEST_CRASH_KIND == 3
    DebugTrapIllegal();
#elif GAME_TEST_CRASH_KIND == 4
    memory->platform.Log(LogLevel_Info, "unreachable %d", TestRecurse(0));
#endif
}

internal b32 TestFaultDue(u32 place)
{
    return GAME_TEST_CRASH_PLACE == place && globalTestFramesOfThisBuild >= GAME_TEST_CRASH_AFTER_FRAMES;
}

struct test_fault_job
{
    game_memory *memory;
};

internal PLATFORM_PARALLEL_FOR_CALLBACK(TestFaultJob)
{
    test_fault_job *job = (test_fault_job *)data;
    if (first == 0) TestCrashNow(job->memory, 4);
    (void)onePastLast;
}

internal void TestFaultsOnUpdate(game_memory *memory)
{
    ++globalTestFramesOfThisBuild;
    if (TestFaultDue(1)) TestCrashNow(memory, 1);
    if (TestFaultDue(4))
    {
        test_fault_job job = {memory};
        memory->platform.ParallelFor(memory->highPriorityQueue, 64, 1, TestFaultJob, &job);
    }
}
internal void TestFaultsOnSound(game_memory *memory) { if (TestFaultDue(2)) TestCrashNow(memory, 2); }
internal void TestFaultsOnEndFrame(game_memory *memory) { if (TestFaultDue(3)) TestCrashNow(memory, 3); }
#elif defined(GAME_TEST_HANG_PLACE)
//~ Deliberate hangs, for the watchdog tests (tests/suite_adversarial_games.sh).
// GAME_TEST_HANG_PLACE: 1 update, 2 sound, 3 debug end of frame, 4 every batch of a parallel-for
// (the update waits for them inside ParallelFor), 5 a job of a job graph the update waits for, 6 a background
// task, 7 the update spinning on a flag no one sets, with Sleep(1) (mostly inside the OS),
// 8 ExitThread called from the update. Like the crashes, after a few frames and after scribbling.
#define GAME_TEST_HANG_AFTER_FRAMES 3
#include "contract/job_graph.h"
extern "C" __declspec(dllimport) void __stdcall Sleep(unsigned long milliseconds);
extern "C" __declspec(dllimport) void __stdcall ExitThread(unsigned long exitCode);

global u32 globalTestFramesOfThisBuild;
global volatile u32 globalTestNeverSet;

internal void TestHangNow(game_memory *memory, u32 place)
{
    game_state *state = (game_state *)memory->permanentStorage;
    state->framesSimulated = 0xBADBADBADull;
    state->camera.position = V3(1.0e9f, 1.0e9f, 1.0e9f);
    memory->platform.Log(LogLevel_Info, "test fault: hanging now (place %u)", place);
    if (place == 7)
    {
        while (!globalTestNeverSet) Sleep(1);
    }
    if (place == 8) ExitThread(0);
    while (!globalTestNeverSet) {}
}

internal b32 TestFaultDue(u32 place)
{
    return GAME_TEST_HANG_PLACE == place && globalTestFramesOfThisBuild >= GAME_TEST_HANG_AFTER_FRAMES;
}

// Every batch hangs, on whichever thread runs it: the update's own thread, the workers, and the
// main thread if it picks one up while it waits for the update in CompleteAllWork.
internal PLATFORM_PARALLEL_FOR_CALLBACK(TestHangBatch)
{
    if (first == 0) TestHangNow((game_memory *)data, 4);
    while (!globalTestNeverSet) {}
    (void)onePastLast;
}
internal PLATFORM_WORK_QUEUE_CALLBACK(TestHangGraphJob) { (void)queue; TestHangNow((game_memory *)data, 5); }
internal PLATFORM_WORK_QUEUE_CALLBACK(TestHangTask) { (void)queue; TestHangNow((game_memory *)data, 6); }

internal void TestFaultsOnUpdate(game_memory *memory)
{
    ++globalTestFramesOfThisBuild;
    if (TestFaultDue(1) || TestFaultDue(7) || TestFaultDue(8)) TestHangNow(memory, GAME_TEST_HANG_PLACE);
    if (TestFaultDue(4)) memory->platform.ParallelFor(memory->highPriorityQueue, 64, 1, TestHangBatch, memory);
    if (TestFaultDue(5))
    {
        static u8 graphStorage[4096];
        memory_arena graphArena;
        InitializeArena(&graphArena, "hang graph", sizeof(graphStorage), graphStorage, memory->platform.Log);
        job_graph graph;
        if (BeginJobGraph(&graph, &graphArena, "hang graph", 2, 2, memory->platform.Log))
        {
            AddGraphJob(&graph, TestHangGraphJob, memory);
            if (memory->platform.SubmitJobGraph(memory->highPriorityQueue, &graph)) memory->platform.WaitForJobGraph(&graph);
        }
    }
    if (TestFaultDue(6) && globalTestFramesOfThisBuild == GAME_TEST_HANG_AFTER_FRAMES)
        memory->platform.AddTask(memory->platform.taskManager, 0, TestHangTask, memory);
}
internal void TestFaultsOnSound(game_memory *memory) { if (TestFaultDue(2)) TestHangNow(memory, 2); }
internal void TestFaultsOnEndFrame(game_memory *memory) { if (TestFaultDue(3)) TestHangNow(memory, 3); }
#else
#define TestFaultsOnUpdate(memory)
#define TestFaultsOnSound(memory)
#define TestFaultsOnEndFrame(memory)
#endif

//~ Test builds for the reload pointer scan and nested-layout migration (never in a normal build)
// GAME_TEST_POINTERS=1 stores, once, a string literal, a function and the address of a global of
// this DLL in game_state, and uses them every frame (a crash if the platform had freed that DLL).
// GAME_TEST_POINTERS=2 clears them (what a fixed build does). GAME_TEST_RANDOM_FILL fills 8 MB of
// transient memory with random words at every load. GAME_TEST_ENTITY_DIGEST logs a digest of the
// entity fields every layout variant keeps, every frame and after a migration.
#if defined(GAME_TEST_POINTERS)
#if GAME_TEST_POINTERS == 1
global u32 globalTestPointerTarget;

internal u32 TestPointerCallback(u32 value)
{
    return value + 1;
}
#endif

internal void TestPointersOnUpdate(game_memory *memory, game_state *state)
{
#if GAME_TEST_POINTERS == 1
    if (!state->testName)
    {
        state->testName = "test pointer: a string literal inside game.dll";
        state->testCallback = TestPointerCallback;
        state->testGlobal = &globalTestPointerTarget;
        memory->platform.Log(LogLevel_Info, "test pointers: stored a string literal, a function and a global of "
                             "code version %u in game_state", memory->reloadVersion);
    }
#else
    if (state->testName)
    {
        state->testName = 0;
        state->testCallback = 0;
        state->testGlobal = 0;
        memory->platform.Log(LogLevel_Info, "test pointers: cleared by code version %u", memory->reloadVersion);
    }
#endif
    if (state->testCallback) *state->testGlobal = state->testCallback(*state->testGlobal) + (u32)(state->testName[0] == 't');
}
#else
#define TestPointersOnUpdate(memory, state)
#endif

#if defined(GAME_TEST_RANDOM_FILL)
internal void TestRandomFillOnReload(game_memory *memory)
{
    u64 seed = 0x9E3779B97F4A7C15ull * (memory->reloadVersion + 1);
    // NOTE: the last 8 MB of transient storage: the transient arena reaches them last, so the game's
    // own transient data (assets, mixer, frame graph) is never overwritten.
    u64 *words = (u64 *)((u8 *)memory->transientStorage + memory->transientStorageSize - Megabytes(8));
    u64 wordCount = Megabytes(8) / 8;
    for (u64 wordIndex = 0; wordIndex < wordCount; ++wordIndex)
    {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        words[wordIndex] = seed;
    }
    memory->platform.Log(LogLevel_Info, "test random fill: 8 MB of random words written by code version %u",
                         memory->reloadVersion);
}
#else
#define TestRandomFillOnReload(memory)
#endif

#if defined(GAME_TEST_ENTITY_DIGEST)
internal void TestLogEntityDigest(game_memory *memory, game_state *state, const char *when)
{
    u64 hash = 14695981039346656037ull;
    for (u32 entityIndex = 0; entityIndex < state->entityCount; ++entityIndex)
    {
        demo_entity *entity = state->entities + entityIndex;
        u32 words[9];
        memcpy(words + 0, &entity->position, 12);
        memcpy(words + 3, &entity->velocity, 12);
        memcpy(words + 6, &entity->yaw, 4);
        memcpy(words + 7, &entity->spinRate, 4);
        memcpy(words + 8, &entity->halfSize, 4);
        u64 values[11];
        for (u32 index = 0; index < 9; ++index) values[index] = words[index];
        values[9] = (u64)entity->color;
        values[10] = (u64)entity->bounces;
        for (u32 index = 0; index < 11; ++index)
        {
            hash ^= values[index];
            hash *= 1099511628211ull;
        }
    }
    memory->platform.Log(LogLevel_Info, "test digest %s: %u entities %016llx", when, state->entityCount,
                         (unsigned long long)hash);
}
#else
#define TestLogEntityDigest(memory, state, when)
#endif
