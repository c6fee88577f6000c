// The game's mixer. Voices accumulate into a float chunk buffer, which is then saturated to s16:
// sounds summing past full scale clip cleanly instead of wrapping around.

#include "game_kit/kit_mixer.h"
#include <math.h>

// Samples mixed per pass: bounds the float buffer, whatever size of buffer the platform asks for.
#define MIXER_CHUNK_SAMPLES 1024

//~ Handles
internal mixer_handle MixerMakeHandle(u32 slot, u32 generation)
{
    mixer_handle handle;
    handle.value = ((generation & 0xFFFFu) << 16) | ((slot + 1) & 0xFFFFu);
    return handle;
}

// The voice a handle names, or null when it has ended, was stopped, or the slot was reused.
internal mixer_voice *MixerVoiceFromHandle(game_mixer *mixer, mixer_handle handle)
{
    u32 slotPlusOne = handle.value & 0xFFFFu;
    if (slotPlusOne == 0 || slotPlusOne > mixer->voiceCount)
    {
        return 0;
    }
    mixer_voice *voice = mixer->voices + (slotPlusOne - 1);
    if (voice->kind == MixerSource_None || (voice->generation & 0xFFFFu) != (handle.value >> 16))
    {
        return 0;
    }
    return voice;
}

// NOTE: balance pan, not constant power: the centre keeps unity gain, so a tone at amplitude A
// comes out at A in both channels (the sound tests rely on exact levels).
internal void MixerComputeGains(mixer_voice *voice, f32 volume, f32 pan)
{
    if (!(volume >= 0.0f)) { volume = 0.0f; }   // also catches NaN
    if (!(pan >= -1.0f)) { pan = -1.0f; }
    if (pan > 1.0f) { pan = 1.0f; }
    voice->volume = volume;
    voice->pan = pan;
    voice->gainLeft = volume * Minimum(1.0f, 1.0f - pan);
    voice->gainRight = volume * Minimum(1.0f, 1.0f + pan);
}

internal mixer_voice *MixerAllocateVoice(game_mixer *mixer, mixer_handle *handle)
{
    for (u32 slot = 0; slot < mixer->voiceCount; ++slot)
    {
        mixer_voice *voice = mixer->voices + slot;
        if (voice->kind == MixerSource_None)
        {
            u32 generation = (voice->generation + 1) & 0xFFFFu;
            if (generation == 0) { generation = 1; }
            memset(voice, 0, sizeof(*voice));
            voice->generation = generation;
            *handle = MixerMakeHandle(slot, generation);
            return voice;
        }
    }
    // A full mixer is a game-side budget problem, not a crash: the new sound is dropped.
    if (mixer->log && mixer->refusedPlayCount < 16)
    {
        mixer->log(LogLevel_Warning, "mixer: all %u voices busy; a sound was not started", mixer->voiceCount);
    }
    ++mixer->refusedPlayCount;
    handle->value = 0;
    return 0;
}

//~ Public API
b32 MixerInit(game_mixer *mixer, memory_arena *arena, u32 maxVoices, platform_log *log)
{
    memset(mixer, 0, sizeof(*mixer));
    mixer->log = log;
    mixer->masterVolume = 1.0f;
    maxVoices = Minimum(maxVoices, 0xFFFEu);
    mixer->voices = PushArray(arena, maxVoices, mixer_voice);
    mixer->mixBuffer = PushArray(arena, 2 * MIXER_CHUNK_SAMPLES, f32);
    if (!mixer->voices || !mixer->mixBuffer)
    {
        if (log)
        {
            log(LogLevel_Error, "mixer: no memory for %u voices; the game stays silent", maxVoices);
        }
        mixer->voices = 0;
        mixer->mixBuffer = 0;
        return 0;
    }
    mixer->voiceCount = maxVoices;
    mixer->mixChunkSamples = MIXER_CHUNK_SAMPLES;
    return 1;
}

mixer_handle MixerPlaySound(game_mixer *mixer, const loaded_sound *sound, f32 volume, f32 pan, b32 looping)
{
    mixer_handle handle = {0};
    if (!sound || !sound->samples || sound->sampleCount == 0 || sound->samplesPerSecond == 0 ||
        (sound->channelCount != 1 && sound->channelCount != 2))
    {
        // NOTE: asset loaders hand out valid fallbacks, so this is a game bug, but an empty sound
        // is harmless to skip.
        return handle;
    }
    mixer_voice *voice = MixerAllocateVoice(mixer, &handle);
    if (voice)
    {
        voice->kind = MixerSource_Sound;
        voice->sound = sound;
        voice->looping = looping;
        MixerComputeGains(voice, volume, pan);
    }
    return handle;
}

mixer_handle MixerPlayTone(game_mixer *mixer, f32 frequency, f32 amplitude, f32 pan)
{
    mixer_handle handle = {0};
    mixer_voice *voice = MixerAllocateVoice(mixer, &handle);
    if (voice)
    {
        voice->kind = MixerSource_Tone;
        voice->frequency = (frequency > 0.0f) ? frequency : 0.0;
        voice->looping = 1;
        MixerComputeGains(voice, amplitude, pan);
    }
    return handle;
}

void MixerStop(game_mixer *mixer, mixer_handle handle)
{
    mixer_voice *voice = MixerVoiceFromHandle(mixer, handle);
    if (voice)
    {
        voice->kind = MixerSource_None;
    }
}

b32 MixerIsPlaying(game_mixer *mixer, mixer_handle handle)
{
    return MixerVoiceFromHandle(mixer, handle) != 0;
}

void MixerSetVolume(game_mixer *mixer, mixer_handle handle, f32 volume, f32 pan)
{
    mixer_voice *voice = MixerVoiceFromHandle(mixer, handle);
    if (voice)
    {
        MixerComputeGains(voice, volume, pan);
    }
}

u32 MixerActiveVoiceCount(game_mixer *mixer)
{
    u32 count = 0;
    for (u32 slot = 0; slot < mixer->voiceCount; ++slot)
    {
        count += (mixer->voices[slot].kind != MixerSource_None) ? 1 : 0;
    }
    return count;
}

//~ Mixing
// Adds up to sampleCount samples of a sound voice into 'mix'; ends the voice at the end of a
// one-shot sound. Linear interpolation between source samples handles any rate ratio; at equal
// rates the fraction stays zero and samples pass through exactly.
internal void MixerMixSoundVoice(mixer_voice *voice, f32 *mix, u32 sampleCount, f32 master)
{
    const loaded_sound *sound = voice->sound;
    const u64 length = (u64)sound->sampleCount << 32;
    const s16 *samples = sound->samples;
    const u32 channels = sound->channelCount;
    const f32 gainLeft = voice->gainLeft * master * (1.0f / 32768.0f);
    const f32 gainRight = voice->gainRight * master * (1.0f / 32768.0f);
    u64 position = voice->position;
    u64 step = voice->step;

    for (u32 index = 0; index < sampleCount; ++index)
    {
        if (position >= length)
        {
            if (!voice->looping)
            {
                voice->kind = MixerSource_None;
                break;
            }
            position %= length;
        }
        u32 i0 = (u32)(position >> 32);
        u32 i1 = i0 + 1;
        if (i1 >= sound->sampleCount)
        {
            // A loop continues from the start; a one-shot fades into the silence that follows.
            i1 = voice->looping ? 0 : i0;
        }
        f32 t = (f32)(u32)(position & 0xFFFFFFFFu) * (1.0f / 4294967296.0f);
        f32 left0 = samples[i0 * channels];
        f32 left1 = samples[i1 * channels];
        f32 right0 = samples[i0 * channels + channels - 1];
        f32 right1 = samples[i1 * channels + channels - 1];
        f32 left = left0 + t * (left1 - left0);
        f32 right = right0 + t * (right1 - right0);
        mix[2 * index + 0] += gainLeft * left;
        mix[2 * index + 1] += gainRight * right;
        position += step;
    }
    voice->position = position;
}

internal void MixerMixToneVoice(mixer_voice *voice, f32 *mix, u32 sampleCount, f64 phaseStep, f32 master)
{
    const f32 gainLeft = voice->gainLeft * master;
    const f32 gainRight = voice->gainRight * master;
    // NOTE: the phase is kept in f64 turns and wrapped every sample, so a tone held for minutes
    // keeps its exact frequency and never drifts or clicks.
    f64 phase = voice->phase;
    for (u32 index = 0; index < sampleCount; ++index)
    {
        f32 value = (f32)sin(phase * 6.283185307179586);
        mix[2 * index + 0] += gainLeft * value;
        mix[2 * index + 1] += gainRight * value;
        phase += phaseStep;
        if (phase >= 1.0) { phase -= floor(phase); }
    }
    voice->phase = phase;
}

internal s16 MixerSaturate(f32 value)
{
    f32 scaled = value * 32768.0f;
    // Round to nearest, then clamp: values past full scale clip instead of wrapping.
    scaled = (scaled >= 0.0f) ? (scaled + 0.5f) : (scaled - 0.5f);
    if (scaled >= 32767.0f) { return 32767; }
    if (scaled <= -32768.0f) { return -32768; }
    if (!(scaled == scaled)) { return 0; }  // NaN: silence rather than garbage
    return (s16)scaled;
}

void MixerOutput(game_mixer *mixer, game_sound_output_buffer *output)
{
    if (!output->samples || output->sampleCount <= 0)
    {
        return;
    }
    u32 totalSamples = (u32)output->sampleCount;
    if (!mixer->mixBuffer || output->samplesPerSecond <= 0)
    {
        memset(output->samples, 0, (umm)totalSamples * 2 * sizeof(s16));
        return;
    }

    f32 master = mixer->masterVolume;
    u32 outputRate = (u32)output->samplesPerSecond;
    for (u32 slot = 0; slot < mixer->voiceCount; ++slot)
    {
        mixer_voice *voice = mixer->voices + slot;
        if (voice->kind == MixerSource_Sound)
        {
            // Recomputed each call: the output rate may change (device switch).
            voice->step = ((u64)voice->sound->samplesPerSecond << 32) / outputRate;
        }
    }
    f64 toneStepScale = 1.0 / (f64)outputRate;

    s16 *out = output->samples;
    for (u32 chunkStart = 0; chunkStart < totalSamples; chunkStart += mixer->mixChunkSamples)
    {
        u32 chunkSamples = Minimum(mixer->mixChunkSamples, totalSamples - chunkStart);
        f32 *mix = mixer->mixBuffer;
        memset(mix, 0, (umm)chunkSamples * 2 * sizeof(f32));
        for (u32 slot = 0; slot < mixer->voiceCount; ++slot)
        {
            mixer_voice *voice = mixer->voices + slot;
            if (voice->kind == MixerSource_Sound)
            {
                MixerMixSoundVoice(voice, mix, chunkSamples, master);
            }
            else if (voice->kind == MixerSource_Tone)
            {
                MixerMixToneVoice(voice, mix, chunkSamples, voice->frequency * toneStepScale, master);
            }
        }
        for (u32 index = 0; index < 2 * chunkSamples; ++index)
        {
            *out++ = MixerSaturate(mix[index]);
        }
    }
}
