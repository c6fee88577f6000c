// WAV reader. Every read goes through a bounds-checked cursor over the caller's buffer, and all
// size arithmetic is done against "bytes left" so a hostile chunk size can never wrap around.

#include "base/base_bytes.h"
#include "game_kit/kit_asset_wav.h"
#include "game_kit/kit_asset_reject.h"

#define WAV_MAX_SAMPLE_RATE 768000u

// NOTE: 10 ms of mono silence at 48 kHz: the mixer can play it like any sound and it ends at once.
global const s16 globalFallbackSilence[480] = {0};

loaded_sound FallbackSound(void)
{
    loaded_sound result;
    memset(&result, 0, sizeof(result));
    result.sampleCount = ArrayCount(globalFallbackSilence);
    result.channelCount = 1;
    result.samplesPerSecond = 48000;
    result.samples = globalFallbackSilence;
    result.isFallback = 1;
    return result;
}

//~ Helpers

internal b32 WavIdIs(const u8 *at, const char *id)
{
    return at[0] == (u8)id[0] && at[1] == (u8)id[1] && at[2] == (u8)id[2] && at[3] == (u8)id[3];
}

internal loaded_sound WavReject(memory_arena *arena, platform_log *log, const char *name, const char *why)
{
    loaded_sound result = FallbackSound();
    result.samples = (const s16 *)RejectAssetFile(arena, log, "wav", name, why, "silence", globalFallbackSilence,
                                                  sizeof(globalFallbackSilence));
    return result;
}

//~ Reader
// What the chunk walk found: the fmt chunk's fields and where the first data chunk lies.
struct wav_chunks
{
    b32 haveFormat;
    u16 formatTag;
    u16 channels;
    u32 sampleRate;
    u16 blockAlign;
    u16 bitsPerSample;
    b32 haveData;
    u32 dataOffset;
    u32 dataSize;
};

// Reads the fmt chunk's fields (the real format tag of WAVE_FORMAT_EXTENSIBLE included). Returns
// why it is unusable, or 0.
internal const char *WavReadFormatChunk(const u8 *format, u32 chunkSize, wav_chunks *chunks)
{
    if (chunkSize < 16)
    {
        return "fmt chunk shorter than 16 bytes";
    }
    chunks->formatTag = ReadLE16(format + 0);
    chunks->channels = ReadLE16(format + 2);
    chunks->sampleRate = ReadLE32(format + 4);
    chunks->blockAlign = ReadLE16(format + 12);
    chunks->bitsPerSample = ReadLE16(format + 14);
    // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
    if (chunks->formatTag == 0xFFFE)
    {
        if (chunkSize < 40)
        {
            return "extensible fmt chunk shorter than 40 bytes";
        }
        chunks->formatTag = ReadLE16(format + 24);
    }
    chunks->haveFormat = 1;
    return 0;
}

// Walks the chunks after the RIFF header, bounded by the real buffer. Returns why the file is
// unusable, or 0 (then *chunks says what was found; missing chunks are judged by the caller).
internal const char *WavWalkChunks(const u8 *bytes, u32 size, wav_chunks *chunks)
{
    // NOTE: the RIFF size is often wrong in the wild (streamed writers leave 0 or -1); the chunk
    // walk is bounded by the real buffer, and only a chunk that crosses its end is an error.
    u32 riffSize = ReadLE32(bytes + 4);
    u32 end = size;
    if (riffSize >= 4 && riffSize <= size - 8)
    {
        end = 8 + riffSize;
    }

    u32 at = 12;
    while (end - at >= 8)
    {
        const u8 *chunk = bytes + at;
        u32 chunkSize = ReadLE32(chunk + 4);
        u32 bodyOffset = at + 8;
        if (chunkSize > end - bodyOffset)
        {
            if (WavIdIs(chunk, "data") || WavIdIs(chunk, "fmt "))
            {
                return "a chunk's size runs past the end of the file (truncated?)";
            }
            // An unknown trailing chunk that is cut short does not hurt the sound: stop walking.
            break;
        }

        if (WavIdIs(chunk, "fmt "))
        {
            const char *why = WavReadFormatChunk(bytes + bodyOffset, chunkSize, chunks);
            if (why)
            {
                return why;
            }
        }
        else if (WavIdIs(chunk, "data"))
        {
            if (!chunks->haveData)
            {
                chunks->dataOffset = bodyOffset;
                chunks->dataSize = chunkSize;
                chunks->haveData = 1;
            }
        }

        // Chunks are padded to even sizes; a missing pad byte at the very end is tolerated.
        u32 advance = chunkSize + (chunkSize & 1);
        if (advance >= end - bodyOffset)
        {
            break;
        }
        at = bodyOffset + advance;
    }
    return 0;
}

// The formats we play: 16-bit PCM, mono or stereo, a sane rate, at least one whole sample. Returns
// why the sound is unusable, or 0.
internal const char *WavCheckFormat(wav_chunks *chunks)
{
    if (!chunks->haveFormat)
    {
        return "no fmt chunk";
    }
    if (chunks->formatTag != 1)
    {
        return "not PCM (only uncompressed 16-bit PCM is supported)";
    }
    if (chunks->bitsPerSample != 16)
    {
        return "not 16 bits per sample";
    }
    if (chunks->channels != 1 && chunks->channels != 2)
    {
        return "neither mono nor stereo";
    }
    if (chunks->sampleRate == 0 || chunks->sampleRate > WAV_MAX_SAMPLE_RATE)
    {
        return "sample rate is zero or absurd";
    }
    if (chunks->blockAlign != chunks->channels * 2)
    {
        return "block align does not match channels * 2 bytes";
    }
    if (!chunks->haveData)
    {
        return "no data chunk";
    }
    if (chunks->dataSize / chunks->blockAlign == 0)
    {
        return "data chunk holds no samples";
    }
    return 0;
}

loaded_sound LoadWAV(memory_arena *arena, const void *contents, u32 size, const char *name, platform_log *log)
{
    const u8 *bytes = (const u8 *)contents;
    if (!bytes || size < 12)
    {
        return WavReject(arena, log, name, "file shorter than a RIFF header");
    }
    if (!WavIdIs(bytes, "RIFF") || !WavIdIs(bytes + 8, "WAVE"))
    {
        return WavReject(arena, log, name, "not a RIFF/WAVE file");
    }
    wav_chunks chunks = {};
    const char *why = WavWalkChunks(bytes, size, &chunks);
    if (!why)
    {
        why = WavCheckFormat(&chunks);
    }
    if (why)
    {
        return WavReject(arena, log, name, why);
    }
    u32 sampleCount = chunks.dataSize / chunks.blockAlign;
    if ((chunks.dataSize % chunks.blockAlign) != 0 && log)
    {
        log(LogLevel_Warning, "wav '%s': data size is not a whole number of samples; the tail is dropped",
            name ? name : "?");
    }

    u32 valueCount = sampleCount * chunks.channels;   // <= dataSize / 2: cannot overflow
    s16 *samples = PushArray(arena, valueCount, s16);
    if (!samples)
    {
        return WavReject(arena, log, name, "not enough arena memory for its samples");
    }
    const u8 *source = bytes + chunks.dataOffset;
    for (u32 index = 0; index < valueCount; ++index)
    {
        samples[index] = (s16)ReadLE16(source + 2 * index);
    }

    loaded_sound result;
    memset(&result, 0, sizeof(result));
    result.sampleCount = sampleCount;
    result.channelCount = chunks.channels;
    result.samplesPerSecond = chunks.sampleRate;
    result.samples = samples;
    return result;
}
