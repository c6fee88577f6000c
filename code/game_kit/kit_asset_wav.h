#ifndef KIT_ASSET_WAV_H
#define KIT_ASSET_WAV_H
// WAV reader: RIFF/WAVE, PCM 16-bit, mono or stereo, any sample rate, parsed from a memory
// buffer. Unknown chunks are skipped (with their pad byte). A malformed or truncated file is
// logged and gives the silent fallback sound: never a crash, never a read outside the buffer.

#include "base/base_types.h"
#include "base/base_arena.h"
#include "base/base_log.h"

struct loaded_sound
{
    u32 sampleCount;            // per channel
    u32 channelCount;           // 1 or 2
    u32 samplesPerSecond;
    u32 pad;
    const s16 *samples;         // interleaved, sampleCount * channelCount values
    b32 isFallback;             // true: the file was rejected and this is silence
    u32 pad2;
};

// Decodes into the arena (the file's memory may be freed afterwards). 'name' is for the log only (0
// prints as "?"), log may be 0, the arena may not. Never returns a sound without samples: null
// contents, a malformed file or an arena too small for the samples give silence (isFallback set)
// and an error line naming the reason; a data chunk with a partial sample at its end loads the whole
// samples and logs a warning.
loaded_sound LoadWAV(memory_arena *arena, const void *contents, u32 size, const char *name, platform_log *log);

// A short silent sound from constant memory: always valid, never fails. LoadWAV hands out an
// arena copy of it when the arena has room (constant memory vanishes with a reloaded game.dll).
loaded_sound FallbackSound(void);

#endif // KIT_ASSET_WAV_H
