// libFuzzer target for the asset readers. Built twice by the suite:
//     clang++ -fsanitize=fuzzer,address,undefined -DFUZZ_BMP=1 ...   (and -DFUZZ_WAV=1)
// seeded with the files in data/. Beyond "no crash under the sanitizers", every result must be a
// usable asset whose size is consistent with the input, so a reader that returned garbage would
// be caught too.

// Neither chosen: one target that feeds every input to both readers.
#if !defined(FUZZ_BMP) && !defined(FUZZ_WAV)
#define FUZZ_BMP 1
#define FUZZ_WAV 1
#endif

#include "game_kit/game_kit.cpp"
#include <stdlib.h>

global u8 globalFuzzMemory[64 << 20];

internal PLATFORM_LOG(FuzzLog)
{
    (void)level;
    (void)format;
}

// Reads every output value so that a bad pointer or length faults here, under the sanitizer.
internal u32 Touch(const void *memory, umm size)
{
    const u8 *bytes = (const u8 *)memory;
    u32 sum = 0;
    for (umm index = 0; index < size; ++index) { sum += bytes[index]; }
    return sum;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 0xFFFFFFFFu)
    {
        return 0;
    }
    memory_arena arena;
    InitializeArena(&arena, "fuzz", sizeof(globalFuzzMemory), globalFuzzMemory, FuzzLog);
    volatile u32 sink = 0;
#if FUZZ_BMP
    loaded_bitmap bitmap = LoadBMP(&arena, data, (u32)size, "fuzz", FuzzLog);
    if (!bitmap.pixels || bitmap.width == 0 || bitmap.height == 0 ||
        (!bitmap.isFallback && (u64)bitmap.width * bitmap.height * 3 > size))
    {
        abort();   // an inconsistent result: as bad as a crash
    }
    sink = sink + Touch(bitmap.pixels, (umm)bitmap.width * bitmap.height * 4);
#endif
#if FUZZ_WAV
    loaded_sound sound = LoadWAV(&arena, data, (u32)size, "fuzz", FuzzLog);
    if (!sound.samples || sound.sampleCount == 0 || (sound.channelCount != 1 && sound.channelCount != 2) ||
        sound.samplesPerSecond == 0 || (!sound.isFallback && (u64)sound.sampleCount * sound.channelCount * 2 > size))
    {
        abort();
    }
    sink = sink + Touch(sound.samples, (umm)sound.sampleCount * sound.channelCount * 2);
#endif
    (void)sink;
    return 0;
}
