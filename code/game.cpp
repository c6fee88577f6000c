//~ The game's entry points, exported to the platform (signatures from game_platform.h).

internal game_state *GetGameState(game_memory *memory)
{
    return (game_state *)memory->permanentStorage;
}

internal game_transient_state *GetTransientState(game_memory *memory)
{
    return (game_transient_state *)memory->transientStorage;
}

// Reads a file from data/ (the platform resolves the folder) and decodes it into the arena; the
// readers log and fall back on a bad file, and the fallback is copied into the arena too, so no
// pointer into this DLL survives a reload.
internal loaded_bitmap LoadGameBitmap(game_memory *memory, memory_arena *arena, const char *name)
{
    debug_read_file_result file = memory->platform.DEBUGReadEntireFile(name);
    loaded_bitmap bitmap = LoadBMP(arena, file.contents, file.contentsSize, name, memory->platform.Log);
    if (file.contents) memory->platform.DEBUGFreeFileMemory(file.contents);
    return bitmap;
}

internal loaded_sound LoadGameSound(game_memory *memory, memory_arena *arena, const char *name)
{
    debug_read_file_result file = memory->platform.DEBUGReadEntireFile(name);
    loaded_sound sound = LoadWAV(arena, file.contents, file.contentsSize, name, memory->platform.Log);
    if (file.contents) memory->platform.DEBUGFreeFileMemory(file.contents);
    return sound;
}

internal void InitializeGameState(game_memory *memory, game_state *state)
{
    u8 *arenaBase = (u8 *)memory->permanentStorage + GAME_STATE_RESERVED_SIZE;
    InitializeArena(&state->permanentArena, "permanent", memory->permanentStorageSize - GAME_STATE_RESERVED_SIZE,
                    arenaBase, memory->platform.Log);
    state->camera.position = V3(0.0f, 6.0f, 12.0f);
    state->camera.pitch = -0.05f;
    state->overlayVisible = GAME_DEBUG_OVERLAY_AT_START;
    SpawnDemoEntities(state);
    state->assets.grid = LoadGameBitmap(memory, &state->permanentArena, "textures/ground.bmp");
    state->assets.font = LoadGameBitmap(memory, &state->permanentArena, FONT_FILE_NAME);
    state->assets.click = LoadGameSound(memory, &state->permanentArena, "sounds/click.wav");
    state->assets.chime = LoadGameSound(memory, &state->permanentArena, "sounds/chime.wav");
    state->isInitialized = 1;
    memory->platform.Log(LogLevel_Info, "game: state initialized (%u entities)", state->entityCount);
}

internal game_transient_state *EnsureTransientState(game_memory *memory)
{
    game_transient_state *transient = GetTransientState(memory);
    if (!transient->isInitialized)
    {
        u8 *arenaBase = (u8 *)memory->transientStorage + AlignPow2(sizeof(game_transient_state), 64);
        InitializeArena(&transient->arena, "transient", memory->transientStorageSize - AlignPow2(sizeof(game_transient_state), 64),
                        arenaBase, memory->platform.Log);
        MixerInit(&transient->mixer, &transient->arena, 32, memory->platform.Log);
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
    game_state *state = GetGameState(memory);
    if (!state->isInitialized) InitializeGameState(memory, state);
    game_transient_state *transient = EnsureTransientState(memory);

    if (memory->executableReloaded || state->loadedCodeVersion != memory->reloadVersion)
    {
        // NOTE: scripts and the hot-reload test read this line to see which code is running.
        memory->platform.Log(LogLevel_Info, "game: code version %u running: spin speed %.2f, %llu frames simulated so far",
                             memory->reloadVersion, (f64)GAME_TUNING_SPIN_SPEED,
                             (unsigned long long)state->framesSimulated);
        state->loadedCodeVersion = memory->reloadVersion;
        state->assets.texturesUploaded = 0;
        TestRandomFillOnReload(memory);
    }
    TestFaultsOnUpdate(memory);
    TestPointersOnUpdate(memory, state);

    //- Simulate
    f32 dt = input->dtForFrame;
    ++state->framesSimulated;
    state->secondsSimulated += dt;
    state->spinAngle += Tau32 * GAME_TUNING_SPIN_SPEED * dt;
    if (state->spinAngle > Tau32) state->spinAngle -= Tau32;
    if (WasPressed(input->keyboard.keys[Key_F1])) state->overlayVisible = !state->overlayVisible;
    if (WasPressed(input->keyboard.keys[Key_Space])) MixerPlaySound(&transient->mixer, &state->assets.chime, 0.6f, 0.0f, 0);
    UpdateCamera(&state->camera, input);
    u32 bounces = SimulateEntities(memory, state, dt);
    // At most one click per frame, louder with more bounces: events are heard, not a roar.
    if (bounces && (state->framesSimulated % 6) == 0)
    {
        MixerPlaySound(&transient->mixer, &state->assets.click, Minimum(0.15f + 0.01f * (f32)bounces, 0.6f), 0.0f, 0);
        ++state->bounceSoundsPlayed;
    }

    //- Draw
    if (!state->assets.texturesUploaded)
    {
        loaded_bitmap *grid = &state->assets.grid;
        if (grid->pixels) PushTexture(renderCommands, DemoTexture_Grid, grid->width, grid->height, grid->pixels);
        loaded_bitmap *font = &state->assets.font;
        if (font->pixels) PushTexture(renderCommands, DemoTexture_Font, font->width, font->height, font->pixels);
        state->assets.texturesUploaded = 1;
    }
    PushDemoScene(renderCommands, state);
    TestLogEntityDigest(memory, state, "frame");
}

extern "C" __declspec(dllexport) GAME_GET_SOUND_SAMPLES(gameGetSoundSamples)
{
    TestFaultsOnSound(memory);
    game_transient_state *transient = EnsureTransientState(memory);
    MixerOutput(&transient->mixer, soundBuffer);
}

extern "C" __declspec(dllexport) DEBUG_GAME_END_FRAME(DEBUGGameEndFrame)
{
    TestFaultsOnEndFrame(memory);
    game_state *state = GetGameState(memory);
    if (!state->isInitialized) return;
    game_transient_state *transient = EnsureTransientState(memory);
    // NOTE: reads game_state, never writes it: the overlay must not change what a replay computes.
    debug_overlay_input overlay = {};
    overlay.visible = state->overlayVisible;
    overlay.entityCount = state->entityCount;
    overlay.font = &state->assets.font;
    overlay.fontTextureIndex = DemoTexture_Font;
    overlay.notices = memory->notices;
    DebugOverlayEndFrame(&transient->debug, &transient->arena, memory, input, renderCommands, &overlay);
}
