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
