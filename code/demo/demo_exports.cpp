//~ The game's entry points, exported to the platform (signatures from game_platform.h).

#include "demo/demo.h"
#include "demo/demo_tuning.h"
#include "game_kit/kit_text.h"

internal game_state *DemoGetGameState(game_memory *memory)
{
    return (game_state *)memory->permanentStorage;
}

internal game_transient_state *DemoGetTransientState(game_memory *memory)
{
    return (game_transient_state *)memory->transientStorage;
}

internal void DemoInitializeGameState(game_memory *memory, game_state *state)
{
    u8 *arenaBase = (u8 *)memory->permanentStorage + GAME_STATE_RESERVED_SIZE;
    InitializeArena(&state->permanentArena, "permanent", memory->permanentStorageSize - GAME_STATE_RESERVED_SIZE,
                    arenaBase, memory->platform.Log);
    state->camera.position = V3(0.0f, 6.0f, 12.0f);
    state->camera.pitch = -0.05f;
    // --game-arg overlay=0 starts with the overlay hidden (F1 shows it): a screenshot then holds no
    // frame times or timeline, which differ from run to run.
    state->overlayVisible = GameArgumentU32(&memory->arguments, "overlay", 0, 1, GAME_DEBUG_OVERLAY_AT_START);
    // --entities N on the exe's command line (the game argument entities=N).
    // NOTE: --entities N is checked by the platform (1 to 262144), --game-arg entities=N is not: a
    // count the state cannot hold is refused here, said in the log, never replaced silently.
    u32 entityCount = GameArgumentU32(&memory->arguments, "entities", 1, DEMO_MAX_ENTITY_COUNT, 0);
    const char *entityText = GameArgumentText(&memory->arguments, "entities");
    if (entityText && !entityCount)
    {
        memory->platform.Log(LogLevel_Error, "game: entities=%s refused: the demo runs 1 to %u entities; running the "
                             "default %u", entityText, (u32)DEMO_MAX_ENTITY_COUNT, (u32)DEMO_DEFAULT_ENTITY_COUNT);
    }
    if (!entityCount) entityCount = DEMO_DEFAULT_ENTITY_COUNT;
    DemoSpawnEntities(state, entityCount);
    state->isInitialized = 1;
    memory->platform.Log(LogLevel_Info, "game: state initialized (%u entities)", state->entityCount);
}

internal game_transient_state *DemoEnsureTransientState(game_memory *memory)
{
    game_transient_state *transient = DemoGetTransientState(memory);
    if (!transient->isInitialized)
    {
        u8 *arenaBase = (u8 *)memory->transientStorage + AlignPow2(sizeof(game_transient_state), 64);
        InitializeArena(&transient->arena, "transient", memory->transientStorageSize - AlignPow2(sizeof(game_transient_state), 64),
                        arenaBase, memory->platform.Log);
        if (memory->frameScratch)
            InitializeArena(&transient->frameScratch, "frame scratch", memory->frameScratchSize, memory->frameScratch,
                            memory->platform.Log);
        MixerInit(&transient->mixer, &transient->arena, 32, memory->platform.Log);
        DemoSoundInit(&transient->sound, &transient->arena);
        transient->isInitialized = 1;
    }
    return transient;
}

extern "C" __declspec(dllexport) GAME_GET_CONTRACT_VERSION(gameGetContractVersion)
{
    return GAME_CONTRACT_VERSION;
}

extern "C" __declspec(dllexport) GAME_UPDATE_AND_RENDER(gameUpdateAndRender)
{
    game_state *state = DemoGetGameState(memory);
    if (!state->isInitialized) DemoInitializeGameState(memory, state);
    game_transient_state *transient = DemoEnsureTransientState(memory);

    if (memory->executableReloaded || state->loadedCodeVersion != memory->reloadVersion)
    {
        // NOTE: scripts and the hot-reload test read this line to see which code is running.
        memory->platform.Log(LogLevel_Info, "game: code version %u running: spin speed %.2f, %llu frames simulated so far",
                             memory->reloadVersion, (f64)TUNE(DEMO_TUNING_SPIN_SPEED),
                             (unsigned long long)state->framesSimulated);
        state->loadedCodeVersion = memory->reloadVersion;
        // NOTE: scripts read this line too: the repeating tasks must go on across reloads.
        memory->platform.Log(LogLevel_Info, "game: tasks so far: asset watcher %u runs, publisher %u runs, frame stats %u runs",
                             transient->assets.watcherRuns, transient->assets.publishRuns, transient->frameStats.runs);
        for (u32 id = 0; id < DemoAsset_Count; ++id) transient->assets.slots[id].uploaded = 0;
    }
    DemoAssetsBeginFrame(memory, transient);
    // The whole frame: one job graph (demo_frame.cpp).
    DemoRunFrame(memory, input, renderCommands, state, transient);
    if (transient->frame.clickRequested) ++state->bounceSoundsPlayed;
    transient->frame.totalBounces = DemoCountBounces(memory, state);
}

extern "C" __declspec(dllexport) GAME_GET_SOUND_SAMPLES(gameGetSoundSamples)
{
    game_transient_state *transient = DemoEnsureTransientState(memory);
    DemoSoundOutput(&transient->sound, &transient->mixer, soundBuffer);
}

extern "C" __declspec(dllexport) DEBUG_GAME_END_FRAME(DEBUGGameEndFrame)
{
    game_state *state = DemoGetGameState(memory);
    if (!state->isInitialized) return;
    game_transient_state *transient = DemoEnsureTransientState(memory);
    // NOTE: reads game_state, never writes it: the overlay must not change what a replay computes.
    debug_overlay_input overlay = {};
    overlay.visible = state->overlayVisible;
    overlay.entityCount = state->entityCount;
    overlay.editStatus = memory->editStatus;
    demo_asset_slot *font = transient->assets.slots + DemoAsset_Font;
    overlay.font = (font->state == DemoAssetState_Ready) ? &font->bitmap : 0;
    overlay.medianFrameMs = transient->frameStats.medianFrameMs;
    overlay.slowFrameMs = transient->frameStats.slowFrameMs;
    overlay.graphJobCount = transient->frame.jobCount;
    overlay.visibleCount = transient->frame.visibleCount;
    overlay.totalBounces = transient->frame.totalBounces;
    overlay.fontTextureIndex = DemoTexture_Font;
    // NOTE: the notices, the F2 tunables panel and the timeline strip are the exe's own overlay.
    DebugOverlayEndFrame(&transient->debug, &transient->arena, memory, input, renderCommands, &overlay);
}
