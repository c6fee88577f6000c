//~ The frame's sound: requests double-buffered between frames, mixed by a job of the frame graph.
//
// NOTE: the mix runs concurrently with the rest of the frame, so it must not see what
// this frame's jobs are writing. Jobs append play requests to one set while the mix job reads the
// other set, the one the previous frame filled; DemoSoundBeginFrame flips them before the graph is
// submitted. A sound therefore starts one frame after it was asked for.
//
// The mix job mixes ahead the number of samples the platform asked for last time; the platform's
// call (gameGetSoundSamples, after the frame) hands those out and mixes only what is missing.

#include "demo/demo.h"

void DemoSoundInit(demo_sound *sound, memory_arena *arena)
{
    memset(sound, 0, sizeof(*sound));
    sound->ahead = PushArray(arena, DEMO_SOUND_AHEAD_FRAMES * 2, s16);
}

// Update, before the graph: this frame's jobs write the set the mix job of the next frame reads.
void DemoSoundBeginFrame(demo_sound *sound)
{
    sound->writeSet ^= 1;
    sound->requestCounts[sound->writeSet] = 0;
}

// Any job of the frame that runs before the end-of-frame job (the graph orders them; a set is
// written by one job at a time).
void DemoRequestSound(demo_sound *sound, u32 asset, f32 volume)
{
    u32 set = sound->writeSet;
    if (sound->requestCounts[set] >= DEMO_MAX_SOUND_REQUESTS) return;     // a burst: drop the extra
    demo_sound_request *request = &sound->requests[set][sound->requestCounts[set]++];
    request->asset = asset;
    request->volume = volume;
}

// The "sound mix" graph job: starts last frame's requests, then mixes ahead.
void DemoSoundMixJob(demo_sound *sound, game_mixer *mixer, demo_assets *assets)
{
    u32 set = sound->writeSet ^ 1;
    for (u32 index = 0; index < sound->requestCounts[set]; ++index)
    {
        demo_sound_request *request = &sound->requests[set][index];
        demo_asset_slot *slot = assets->slots + request->asset;
        // Only published sounds: a sound still loading is skipped, never waited for.
        if (slot->state == DemoAssetState_Ready && slot->sound.samples)
            MixerPlaySound(mixer, &slot->sound, request->volume, 0.0f, 0);
    }
    sound->requestCounts[set] = 0;

    if (!sound->ahead || !sound->samplesPerSecond) return;
    u32 target = Minimum(sound->expectedSampleCount, (u32)DEMO_SOUND_AHEAD_FRAMES);
    if (sound->aheadCount >= target) return;
    game_sound_output_buffer part = {};
    part.samplesPerSecond = sound->samplesPerSecond;
    part.sampleCount = (s32)(target - sound->aheadCount);
    part.samples = sound->ahead + 2 * sound->aheadCount;
    MixerOutput(mixer, &part);
    sound->aheadCount = target;
}

// gameGetSoundSamples: what was mixed ahead first, then the rest mixed now.
void DemoSoundOutput(demo_sound *sound, game_mixer *mixer, game_sound_output_buffer *output)
{
    if (output->sampleCount <= 0) return;
    u32 wanted = (u32)output->sampleCount;
    if (sound->samplesPerSecond != output->samplesPerSecond)
    {
        sound->samplesPerSecond = output->samplesPerSecond;
        sound->aheadCount = 0;      // mixed for another rate: drop it
    }
    u32 fromAhead = Minimum(wanted, sound->aheadCount);
    if (fromAhead)
    {
        memcpy(output->samples, sound->ahead, sizeof(s16) * 2 * fromAhead);
        memmove(sound->ahead, sound->ahead + 2 * fromAhead, sizeof(s16) * 2 * (sound->aheadCount - fromAhead));
        sound->aheadCount -= fromAhead;
    }
    if (fromAhead < wanted)
    {
        game_sound_output_buffer rest = *output;
        rest.sampleCount = (s32)(wanted - fromAhead);
        rest.samples = output->samples + 2 * fromAhead;
        MixerOutput(mixer, &rest);
    }
    sound->expectedSampleCount = wanted;
}
