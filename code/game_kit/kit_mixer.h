#ifndef KIT_MIXER_H
#define KIT_MIXER_H
// The game's software mixer: several sounds at once, each with volume, pan and looping, started
// and stopped by handle, mixed in float and saturated to s16 into game_sound_output_buffer.
// A tone generator (sine of a given frequency and amplitude) plays through the same slots; the
// tests use it. Pure code (no OS headers): runs in game.dll and in native tests alike.

#include "base/base_types.h"
#include "base/base_arena.h"
#include "base/base_log.h"
#include "contract/game_platform.h"
#include "game_kit/kit_asset_wav.h"

// 0 is never a valid handle, so a zeroed struct means "nothing playing".
struct mixer_handle
{
    u32 value;                  // generation << 16 | (slot index + 1)
};

enum mixer_source_kind
{
    MixerSource_None,
    MixerSource_Sound,
    MixerSource_Tone,
};

struct mixer_voice
{
    u32 kind;                   // mixer_source_kind; None = free slot
    u32 generation;             // bumped whenever the slot is reused, so stale handles miss
    b32 looping;
    f32 volume;
    f32 pan;                    // -1 left .. 0 centre .. +1 right
    f32 gainLeft, gainRight;    // derived from volume and pan

    // Sound: position in source samples as 32.32 fixed point, stepped by the rate ratio.
    const loaded_sound *sound;
    u64 position;
    u64 step;

    // Tone: phase in turns [0, 1), advanced by frequency / output rate per sample.
    f64 phase;
    f64 frequency;
};

struct game_mixer
{
    mixer_voice *voices;
    u32 voiceCount;
    f32 masterVolume;
    f32 *mixBuffer;             // interleaved L R accumulation for one chunk
    u32 mixChunkSamples;
    u32 refusedPlayCount;       // play requests with every voice busy
    platform_log *log;
};

// Reserves the voices (at most 0xFFFE) and the mix buffer from the arena; false (logged) if they do
// not fit, and the mixer then refuses every play request and outputs silence. Never fails otherwise.
b32 MixerInit(game_mixer *mixer, memory_arena *arena, u32 maxVoices, platform_log *log);

// The voice keeps the pointer: 'sound' (and its samples) must stay valid while it plays, i.e. live
// in game memory (permanent storage), never in game.dll's own data, so playback survives a reload.
// volume >= 0 (1 = as recorded), pan -1 left .. +1 right; a negative or NaN volume plays silent and
// pan is clamped. Returns 0 (logged, at most 16 times) if every voice is busy, and 0 without a log
// line for a null or empty sound or one with a channel count other than 1 or 2.
mixer_handle MixerPlaySound(game_mixer *mixer, const loaded_sound *sound, f32 volume, f32 pan, b32 looping);
// A sine of 'frequency' Hz (0 or negative: a constant 0) at 'amplitude' (1 = full scale) until
// stopped; the same voice rules and return value as MixerPlaySound.
mixer_handle MixerPlayTone(game_mixer *mixer, f32 frequency, f32 amplitude, f32 pan);
// The functions taking a handle ignore a handle of 0, of a voice that has ended or been stopped, and
// of a slot reused since (its generation differs): a stale handle never touches another sound.
void MixerStop(game_mixer *mixer, mixer_handle handle);
b32 MixerIsPlaying(game_mixer *mixer, mixer_handle handle);
void MixerSetVolume(game_mixer *mixer, mixer_handle handle, f32 volume, f32 pan);
u32 MixerActiveVoiceCount(game_mixer *mixer);

// Writes output->sampleCount stereo samples (overwrites, saturates to s16: loud sums clip, never wrap)
// and advances every voice; silence when the mixer has no memory or the output rate is not positive,
// nothing at all when the output has no samples.
void MixerOutput(game_mixer *mixer, game_sound_output_buffer *output);

#endif // KIT_MIXER_H
