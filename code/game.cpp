//~ The game: entry points exported to the platform.

internal game_state *GetGameState(game_memory *memory)
{
    Assert(sizeof(game_state) <= memory->permanentStorageSize);
    return (game_state *)memory->permanentStorage;
}

internal void InitializeGameState(game_memory *memory, game_state *state)
{
    u8 *afterState = (u8 *)memory->permanentStorage + sizeof(game_state);
    InitializeArena(&state->permanentArena, "permanent", memory->permanentStorageSize - sizeof(game_state),
                    afterState, memory->platform.Log);
    InitializeArena(&state->transientArena, "transient", memory->transientStorageSize,
                    memory->transientStorage, memory->platform.Log);
    state->isInitialized = 1;
    memory->platform.Log(LogLevel_Info, "game: state initialized");
}

// Minimal push used until the render push helpers land: a clear entry.
internal void PushClearEntry(game_render_commands *commands, v4 color)
{
    u32 size = sizeof(render_entry_header) + sizeof(render_entry_clear);
    if (commands->pushBufferSize + size > commands->maxPushBufferSize)
    {
        ++commands->refusedEntryCount;
        return;
    }
    render_entry_header *header = (render_entry_header *)(commands->pushBufferBase + commands->pushBufferSize);
    header->type = RenderEntry_Clear;
    header->size = size;
    render_entry_clear *clear = (render_entry_clear *)(header + 1);
    clear->color = color;
    commands->pushBufferSize += size;
    ++commands->entryCount;
    commands->clearColor = color;
}

extern "C" __declspec(dllexport) GAME_GET_CONTRACT_VERSION(gameGetContractVersion)
{
    return GAME_CONTRACT_VERSION;
}

extern "C" __declspec(dllexport) GAME_UPDATE_AND_RENDER(gameUpdateAndRender)
{
    game_state *state = GetGameState(memory);
    if (!state->isInitialized) InitializeGameState(memory, state);

    if (memory->executableReloaded || state->loadedCodeVersion != memory->reloadVersion)
    {
        // NOTE: scripts and the hot-reload test read this line to see which code is running.
        memory->platform.Log(LogLevel_Info, "game: code version %u running: spin speed %.2f, %llu frames simulated so far",
                             memory->reloadVersion, (f64)GAME_TUNING_SPIN_SPEED,
                             (unsigned long long)state->framesSimulated);
        state->loadedCodeVersion = memory->reloadVersion;
    }

    ++state->framesSimulated;
    state->secondsSimulated += input->dtForFrame;
    PushClearEntry(renderCommands, V4(GAME_TUNING_CLEAR_COLOR_R, GAME_TUNING_CLEAR_COLOR_G, GAME_TUNING_CLEAR_COLOR_B, 1.0f));
}

extern "C" __declspec(dllexport) GAME_GET_SOUND_SAMPLES(gameGetSoundSamples)
{
    (void)memory;
    for (s32 sampleIndex = 0; sampleIndex < 2 * soundBuffer->sampleCount; ++sampleIndex)
        soundBuffer->samples[sampleIndex] = 0;
}

extern "C" __declspec(dllexport) DEBUG_GAME_END_FRAME(DEBUGGameEndFrame)
{
    (void)memory; (void)input; (void)renderCommands;
}
