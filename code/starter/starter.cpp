//~ The starter game: a cube that spins and moves, a chime, one job graph per frame.

#include "contract/game_platform.h"
#include "starter/starter_tuning.h"
#include "starter/starter.h"

//~ State layout, exported as data: the platform compares it at every reload (game_platform.h)
#define X(type, name, extent) STATE_LAYOUT_FIELD(starter_state, type, name)
global const game_layout_field starterStateFields[] = { STARTER_STATE_FIELDS(X) STATE_LAYOUT_SIZE(starter_state) };
#undef X
extern "C" __declspec(dllexport) const game_state_layout gameStateLayout = {(u32)ArrayCount(starterStateFields), 0, starterStateFields};

//~ Memory
internal starter_state *StarterGetState(game_memory *memory)
{
    starter_state *state = (starter_state *)memory->permanentStorage;
    if (!state->isInitialized)
    {
        state->cubePosition = V3(0.0f, 0.75f, 0.0f);
        state->isInitialized = 1;
    }
    return state;
}

// A bell-like tone (two partials, fading out), made once into the arena: no file to go missing.
internal loaded_sound StarterMakeChime(memory_arena *arena)
{
    loaded_sound sound = {};
    u32 rate = 48000;
    u32 count = rate * 3 / 4;
    s16 *samples = PushArray(arena, count, s16);
    if (!samples) return sound;     // no room: silent (the arena has logged it)
    for (u32 index = 0; index < count; ++index)
    {
        f32 t = (f32)index / (f32)rate;
        f32 value = (0.6f * sinf(Tau32 * 880.0f * t) + 0.3f * sinf(Tau32 * 1320.0f * t)) * expf(-6.0f * t);
        samples[index] = (s16)(value * 0.5f * 32767.0f);
    }
    sound.sampleCount = count;
    sound.channelCount = 1;
    sound.samplesPerSecond = rate;
    sound.samples = samples;
    return sound;
}

internal starter_transient_state *StarterGetTransientState(game_memory *memory)
{
    starter_transient_state *transient = (starter_transient_state *)memory->transientStorage;
    if (!transient->isInitialized)
    {
        umm headerSize = AlignPow2(sizeof(starter_transient_state), 64);
        InitializeArena(&transient->arena, "transient", memory->transientStorageSize - headerSize,
                        (u8 *)memory->transientStorage + headerSize, memory->platform.Log);
        MixerInit(&transient->mixer, &transient->arena, 8, memory->platform.Log);
        transient->chime = StarterMakeChime(&transient->arena);
        transient->isInitialized = 1;
    }
    return transient;
}

//~ The frame's jobs: "move" (input, spin, sound), then "draw" (render commands)
internal PLATFORM_WORK_QUEUE_CALLBACK(StarterMoveJob)
{
    starter_frame *frame = (starter_frame *)data;
    starter_state *state = frame->state;
    game_keyboard_input *keyboard = &frame->input->keyboard;
    f32 dt = frame->input->dtForFrame;
    f32 step = TUNE(STARTER_TUNING_MOVE_SPEED) * dt;
    if (IsDown(keyboard->keys[Key_Left]) || IsDown(keyboard->keys[Key_A])) state->cubePosition.x -= step;
    if (IsDown(keyboard->keys[Key_Right]) || IsDown(keyboard->keys[Key_D])) state->cubePosition.x += step;
    if (IsDown(keyboard->keys[Key_Up]) || IsDown(keyboard->keys[Key_W])) state->cubePosition.z -= step;
    if (IsDown(keyboard->keys[Key_Down]) || IsDown(keyboard->keys[Key_S])) state->cubePosition.z += step;
    state->cubePosition.x = Clamp(-4.0f, state->cubePosition.x, 4.0f);
    state->cubePosition.z = Clamp(-4.0f, state->cubePosition.z, 4.0f);
    state->cubeYaw = fmodf(state->cubeYaw + Tau32 * TUNE(STARTER_TUNING_SPIN_SPEED) * dt, Tau32);
    // NOTE: the platform asks for sound only after the update (and so this job) has finished.
    if (WasPressed(keyboard->keys[Key_Space]) && frame->transient->chime.samples)
    {
        MixerPlaySound(&frame->transient->mixer, &frame->transient->chime, 0.8f, 0.0f, 0);
        ++state->chimesPlayed;
    }
    ++state->framesSimulated;
}

internal PLATFORM_WORK_QUEUE_CALLBACK(StarterDrawJob)
{
    starter_frame *frame = (starter_frame *)data;
    game_render_commands *commands = frame->commands;
    PushClear(commands, V4(0.05f, 0.07f, 0.10f, 1.0f));
    f32 aspect = (f32)commands->widthInPixels / (f32)Maximum(commands->heightInPixels, 1u);
    f32 focalLength = 1.0f / tanf(0.5f * 1.1f);    // about 63 degrees vertically
    v3 eye = V3(0.0f, 4.0f, 9.0f);
    f32 pitch = -0.4f;                              // looks down at the middle of the floor
    m4x4 view = RotationX4x4(-pitch) * Translation4x4(-eye);
    PushCamera(commands, PerspectiveReverseZ(aspect, focalLength, 0.1f, 100.0f), view, eye, 0.1f, 100.0f,
               RenderProjection_Perspective);
    PushQuad(commands, 0, 0, V3(0, 0, 0), V3(5.0f, 0, 0), V3(0, 0, -5.0f), PackRGBA8(90, 100, 120, 255));
    PushCube(commands, frame->state->cubePosition, frame->state->cubeYaw, V3(0.75f, 0.75f, 0.75f),
             PackRGBA8(240, 140, 40, 255), 0);
}

//~ Exports (signatures from game_platform.h)
extern "C" __declspec(dllexport) GAME_GET_CONTRACT_VERSION(gameGetContractVersion)
{
    return GAME_CONTRACT_VERSION;
}

extern "C" __declspec(dllexport) GAME_UPDATE_AND_RENDER(gameUpdateAndRender)
{
    starter_frame frame = {memory, input, renderCommands, StarterGetState(memory), StarterGetTransientState(memory)};
    if (memory->executableReloaded || frame.state->loadedCodeVersion != memory->reloadVersion)
    {
        // NOTE: scripts and the starter suite read this line to see which code is running (also after
        // a hot restart: the same version, loaded again by a new exe, with the count going on).
        memory->platform.Log(LogLevel_Info, "starter: code version %u running: spin speed %.2f, %llu frames simulated so far",
                             memory->reloadVersion, (f64)TUNE(STARTER_TUNING_SPIN_SPEED),
                             (unsigned long long)frame.state->framesSimulated);
        frame.state->loadedCodeVersion = memory->reloadVersion;
    }
    if (memory->editStatus->tuneCount != frame.transient->tuneCountSeen)
    {
        // NOTE: the tunables suite reads this line: a tune is used by the frame right after it.
        frame.transient->tuneCountSeen = memory->editStatus->tuneCount;
        memory->platform.Log(LogLevel_Info, "starter: frame %llu runs with spin speed %g, move speed %g (cube at x %.2f, z %.2f)",
                             (unsigned long long)input->frameIndex, (f64)TUNE(STARTER_TUNING_SPIN_SPEED),
                             (f64)TUNE(STARTER_TUNING_MOVE_SPEED), (f64)frame.state->cubePosition.x,
                             (f64)frame.state->cubePosition.z);
    }

    // The whole frame is one job graph; it and its jobs name code of this build, so they live in
    // scratch that is zeroed once the graph has run (a reload finds no address into this DLL).
    memory_arena *arena = &frame.transient->arena;
    temporary_memory scratch = BeginTemporaryMemory(arena);
    job_graph graph;
    if (BeginJobGraph(&graph, arena, "starter frame", 2, 1, memory->platform.Log))
    {
        job_id move = AddNamedGraphJob(&graph, "move", StarterMoveJob, &frame);
        job_id draw = AddNamedGraphJob(&graph, "draw", StarterDrawJob, &frame);
        AddJobDependency(&graph, move, draw);
        if (memory->platform.SubmitJobGraph(memory->highPriorityQueue, &graph))
            memory->platform.WaitForJobGraph(&graph);
    }
    EndTemporaryMemoryCleared(scratch);
}

extern "C" __declspec(dllexport) GAME_GET_SOUND_SAMPLES(gameGetSoundSamples)
{
    MixerOutput(&StarterGetTransientState(memory)->mixer, soundBuffer);
}

// Called after every frame: where a game draws its own debug overlay (game_kit/kit_debug.h). The
// starter draws none: the engine's tools (notices, the F2 tunables panel, the timeline strip) are
// the exe's own layer, drawn whatever the game draws.
extern "C" __declspec(dllexport) DEBUG_GAME_END_FRAME(DEBUGGameEndFrame)
{
    (void)memory;
    (void)input;
    (void)renderCommands;
}
