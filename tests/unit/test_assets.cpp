// Asset reader tests (native): the committed files in data/ are byte-identical to what
// make_test_assets generates and decode to exactly the pixels and samples it wrote; then targeted
// malformed files (truncated, huge, zero, sizes past the end) each give a logged error and the
// fallback asset.
//
// Usage: test_assets <data dir>

#define MAKE_TEST_ASSETS_NO_MAIN 1
#include "../tools/make_test_assets.cpp"
#include "game_kit/game_kit.cpp"
#include "test_framework.h"
#include <stdarg.h>
#include <stdlib.h>

internal byte_buffer CopyBuffer(byte_buffer source)
{
    byte_buffer copy = NewBuffer(source.size ? source.size : 1);
    memcpy(copy.data, source.data, source.size);
    copy.size = source.size;
    return copy;
}

internal b32 SameBytes(byte_buffer a, byte_buffer b)
{
    return a.size == b.size && (a.size == 0 || memcmp(a.data, b.data, a.size) == 0);
}

// What MakeBmp's file must decode to: RGBA8, rows bottom-up.
internal u32 *ExpectedBmpPixels(u32 width, u32 height, bmp_layout layout)
{
    u32 *pixels = PushArray(GeneratorArena(), (umm)width * height, u32);
    u32 count = 0;
    for (u32 y = 0; y < height; ++y)
    {
        for (u32 x = 0; x < width; ++x)
        {
            u32 rgba = TestPixel(x, y, width, height);
            if (layout != BmpLayout_BitfieldsV5)
            {
                rgba |= 0xFF000000u;    // formats without an alpha channel decode opaque
            }
            pixels[count++] = rgba;
        }
    }
    return pixels;
}

//~ Log capture
struct captured_log
{
    int errorCount;
    int warningCount;
    char last[512];
};
global captured_log globalLog;

internal PLATFORM_LOG(CaptureLog)
{
    va_list args;
    va_start(args, format);
    vsnprintf(globalLog.last, sizeof(globalLog.last), format, args);
    va_end(args);
    if (level == LogLevel_Error) { ++globalLog.errorCount; }
    if (level == LogLevel_Warning) { ++globalLog.warningCount; }
}

global u8 globalArenaMemory[8 << 20];

internal memory_arena FreshArena(void)
{
    memory_arena arena;
    InitializeArena(&arena, "assets", sizeof(globalArenaMemory), globalArenaMemory, CaptureLog);
    return arena;
}

// Files under the data directory; every fixture is under 64 KB.
internal byte_buffer ReadDataFile(const char *dataDir, const char *relative)
{
    char path[1024];
    snprintf(path, sizeof(path), "%s/%s", dataDir, relative);
    byte_buffer bytes = NewBuffer(64 * 1024);
    FILE *file = fopen(path, "rb");
    if (!file) { return bytes; }
    bytes.size = (u32)fread(bytes.data, 1, bytes.capacity, file);
    fclose(file);
    return bytes;
}

//~ Checks shared by the cases
internal b32 IsFallbackChecker(const loaded_bitmap &bitmap)
{
    if (!bitmap.isFallback || bitmap.width != BMP_FALLBACK_SIZE || bitmap.height != BMP_FALLBACK_SIZE || !bitmap.pixels)
    {
        return 0;
    }
    u32 magenta = 0, black = 0;
    for (u32 index = 0; index < BMP_FALLBACK_SIZE * BMP_FALLBACK_SIZE; ++index)
    {
        magenta += (bitmap.pixels[index] == BMP_FALLBACK_MAGENTA) ? 1 : 0;
        black += (bitmap.pixels[index] == BMP_FALLBACK_BLACK) ? 1 : 0;
    }
    return magenta == 32 && black == 32;
}

internal b32 IsSilentFallback(const loaded_sound &sound)
{
    if (!sound.isFallback || !sound.samples || sound.sampleCount == 0 || sound.channelCount != 1)
    {
        return 0;
    }
    for (u32 index = 0; index < sound.sampleCount; ++index)
    {
        if (sound.samples[index] != 0) { return 0; }
    }
    return 1;
}

// A bad BMP must log exactly one error and give the checker.
internal void ExpectBadBmp(byte_buffer bytes, const char *what)
{
    memory_arena arena = FreshArena();
    int errorsBefore = globalLog.errorCount;
    loaded_bitmap bitmap = LoadBMP(&arena, bytes.size ? bytes.data : 0, bytes.size, what, CaptureLog);
    char message[600];
    snprintf(message, sizeof(message), "bad bmp (%s) gives the checker fallback", what);
    CHECK_MSG(IsFallbackChecker(bitmap), message);
    snprintf(message, sizeof(message), "bad bmp (%s): the checker is an arena copy, not game.dll's constant", what);
    CHECK_MSG((const u8 *)bitmap.pixels >= arena.base && (const u8 *)bitmap.pixels < arena.base + arena.size, message);
    snprintf(message, sizeof(message), "bad bmp (%s) logs one error", what);
    CHECK_MSG(globalLog.errorCount == errorsBefore + 1, message);
    printf("  rejected bmp %-34s -> %s\n", what, globalLog.last);
}

internal void ExpectBadWav(byte_buffer bytes, const char *what)
{
    memory_arena arena = FreshArena();
    int errorsBefore = globalLog.errorCount;
    loaded_sound sound = LoadWAV(&arena, bytes.size ? bytes.data : 0, bytes.size, what, CaptureLog);
    char message[600];
    snprintf(message, sizeof(message), "bad wav (%s) gives the silent fallback", what);
    CHECK_MSG(IsSilentFallback(sound), message);
    snprintf(message, sizeof(message), "bad wav (%s): the silence is an arena copy, not game.dll's constant", what);
    CHECK_MSG((const u8 *)sound.samples >= arena.base && (const u8 *)sound.samples < arena.base + arena.size, message);
    snprintf(message, sizeof(message), "bad wav (%s) logs one error", what);
    CHECK_MSG(globalLog.errorCount == errorsBefore + 1, message);
    printf("  rejected wav %-34s -> %s\n", what, globalLog.last);
}

// Each helper returns a modified copy, so the cases never affect one another.
internal byte_buffer With32(byte_buffer bytes, u32 at, u32 value)
{
    byte_buffer copy = CopyBuffer(bytes);
    Patch32(&copy, at, value);
    return copy;
}

internal byte_buffer With16(byte_buffer bytes, u32 at, u32 value)
{
    byte_buffer copy = CopyBuffer(bytes);
    copy.data[at] = (u8)value;
    copy.data[at + 1] = (u8)(value >> 8);
    return copy;
}

internal byte_buffer Truncated(byte_buffer bytes, u32 size)
{
    byte_buffer copy = CopyBuffer(bytes);
    copy.size = Minimum(size, bytes.size);
    return copy;
}

// Offset of a chunk's id inside a RIFF file built by MakeWav (first match).
internal u32 FindChunk(byte_buffer bytes, const char *id)
{
    for (u32 at = 12; at + 8 <= bytes.size;)
    {
        if (memcmp(bytes.data + at, id, 4) == 0) { return at; }
        u32 size = bytes.data[at + 4] | (bytes.data[at + 5] << 8) | (bytes.data[at + 6] << 16) |
                   ((u32)bytes.data[at + 7] << 24);
        at += 8 + size + (size & 1);
    }
    return 0;
}

//~ Valid files
internal void TestValidBmp(const char *dataDir, const char *relative, u32 width, u32 height, bmp_layout layout)
{
    byte_buffer onDisk = ReadDataFile(dataDir, relative);
    u32 *expected = ExpectedBmpPixels(width, height, layout);
    memory_arena arena = FreshArena();
    int errorsBefore = globalLog.errorCount;
    loaded_bitmap bitmap = LoadBMP(&arena, onDisk.data, onDisk.size, relative, CaptureLog);
    char message[600];
    snprintf(message, sizeof(message), "%s decodes without error", relative);
    CHECK_MSG(onDisk.size && !bitmap.isFallback && globalLog.errorCount == errorsBefore, message);
    snprintf(message, sizeof(message), "%s has the generated size", relative);
    CHECK_MSG(bitmap.width == width && bitmap.height == height, message);
    b32 same = !bitmap.isFallback && bitmap.width == width && bitmap.height == height &&
                memcmp(bitmap.pixels, expected, (umm)width * height * 4) == 0;
    snprintf(message, sizeof(message), "%s decodes byte-exact to the generated RGBA8, rows bottom-up", relative);
    CHECK_MSG(same, message);
}

internal void TestValidWav(const char *dataDir, const char *relative, sample_list expected,
                         u32 channels, u32 rate)
{
    byte_buffer onDisk = ReadDataFile(dataDir, relative);
    memory_arena arena = FreshArena();
    int errorsBefore = globalLog.errorCount;
    loaded_sound sound = LoadWAV(&arena, onDisk.data, onDisk.size, relative, CaptureLog);
    char message[600];
    snprintf(message, sizeof(message), "%s decodes without error", relative);
    CHECK_MSG(onDisk.size && !sound.isFallback && globalLog.errorCount == errorsBefore, message);
    snprintf(message, sizeof(message), "%s has the generated format", relative);
    CHECK_MSG(sound.channelCount == channels && sound.samplesPerSecond == rate &&
              (u64)sound.sampleCount * channels == expected.count, message);
    b32 same = !sound.isFallback && (u64)sound.sampleCount * channels == expected.count &&
                memcmp(sound.samples, expected.values, (umm)expected.count * 2) == 0;
    snprintf(message, sizeof(message), "%s decodes byte-exact to the generated samples", relative);
    CHECK_MSG(same, message);
}

int main(int argc, char **argv)
{
    const char *dataDir = (argc > 1) ? argv[1] : "data";

    // The committed data is exactly what the generator writes (no stale or hand-edited file).
    generated_asset assets[GENERATED_ASSET_COUNT];
    MakeAllAssets(assets);
    for (u32 index = 0; index < GENERATED_ASSET_COUNT; ++index)
    {
        byte_buffer onDisk = ReadDataFile(dataDir, assets[index].path);
        char message[600];
        snprintf(message, sizeof(message), "data/%s matches make_test_assets byte for byte", assets[index].path);
        CHECK_MSG(SameBytes(onDisk, assets[index].bytes), message);
    }

    TestValidBmp(dataDir, "textures/test_grid.bmp", 64, 64, BmpLayout_BitfieldsV5);
    TestValidBmp(dataDir, "test/bmp24_bottom_up_odd_width.bmp", 13, 7, BmpLayout_Rgb24);
    TestValidBmp(dataDir, "test/bmp24_top_down.bmp", 5, 3, BmpLayout_Rgb24);
    TestValidBmp(dataDir, "test/bmp32_rgb_top_down.bmp", 9, 5, BmpLayout_Rgb32);
    TestValidBmp(dataDir, "test/bmp32_bitfields.bmp", 6, 4, BmpLayout_Bitfields40);
    TestValidBmp(dataDir, "test/bmp32_v5_top_down.bmp", 3, 11, BmpLayout_BitfieldsV5);
    TestValidWav(dataDir, "sounds/click.wav", ClickSamples(), 1, 48000);
    TestValidWav(dataDir, "sounds/chime.wav", ChimeSamples(), 1, 22050);
    TestValidWav(dataDir, "test/wav_stereo_44100_chunks.wav", StereoFixtureSamples(), 2, 44100);
    TestValidWav(dataDir, "test/wav_mono_8000_extensible.wav", ClickSamples(), 1, 8000);

    // Tolerated quirks: a wrong RIFF size, a missing final pad byte, rows without final padding.
    {
        byte_buffer wav = MakeWav(ClickSamples(), 1, 48000, 0, 0, 0);
        memory_arena arena = FreshArena();
        loaded_sound zeroRiff = LoadWAV(&arena, With32(wav, 4, 0).data, wav.size, "riff size 0", CaptureLog);
        CHECK_MSG(!zeroRiff.isFallback && zeroRiff.sampleCount == 1200, "a RIFF size of 0 (streamed writer) still loads");
        loaded_sound hugeRiff = LoadWAV(&arena, With32(wav, 4, 0xFFFFFFFFu).data, wav.size, "riff size -1", CaptureLog);
        CHECK_MSG(!hugeRiff.isFallback && hugeRiff.sampleCount == 1200, "a RIFF size of 0xFFFFFFFF still loads");
        sample_list odd = ClickSamples();
        odd.count = 1;
        wav_extra_chunk tail[] = {{"LIST", 5, false}};
        byte_buffer oddTail = MakeWav(odd, 1, 48000, 0, tail, 1);
        oddTail.size -= 1;   // the pad byte of the last chunk
        Patch32(&oddTail, 4, oddTail.size - 8);
        loaded_sound noPad = LoadWAV(&arena, oddTail.data, oddTail.size, "no final pad", CaptureLog);
        CHECK_MSG(!noPad.isFallback && noPad.sampleCount == 1, "a missing pad byte after the last chunk is tolerated");

        byte_buffer bmp = MakeBmp(13, 7, BmpLayout_Rgb24, 0);
        loaded_bitmap shortRow = LoadBMP(&arena, bmp.data, bmp.size - 1, "last row unpadded", CaptureLog);
        CHECK_MSG(!shortRow.isFallback && shortRow.width == 13, "a BMP without the last row's padding loads");
    }

    // BMP: malformed and hostile headers.
    printf("malformed BMP cases:\n");
    byte_buffer bmp = MakeBmp(13, 7, BmpLayout_Rgb24, 0);
    byte_buffer bmpV5 = MakeBmp(3, 11, BmpLayout_BitfieldsV5, 1);
    ExpectBadBmp(Truncated(bmp, 0), "empty file");
    ExpectBadBmp(Truncated(bmp, 2), "truncated signature");
    ExpectBadBmp(Truncated(bmp, 30), "truncated header");
    ExpectBadBmp(Truncated(bmpV5, 100), "truncated V5 header");
    ExpectBadBmp(Truncated(bmp, bmp.size - 10), "truncated pixels");
    ExpectBadBmp(With16(bmp, 0, 0x4D42 ^ 0x2020), "bad signature");
    ExpectBadBmp(With32(bmp, 18, 0), "zero width");
    ExpectBadBmp(With32(bmp, 22, 0), "zero height");
    ExpectBadBmp(With32(bmp, 18, 0x7FFFFFFFu), "huge width (2^31-1)");
    ExpectBadBmp(With32(bmp, 22, 0x80000000u), "huge top-down height (-2^31)");
    ExpectBadBmp(With32(bmp, 18, 0xFFFFFFF3u), "negative width");
    ExpectBadBmp(With32(With32(bmp, 18, 16384), 22, 16384), "16384^2 with 300 bytes of pixels");
    ExpectBadBmp(With32(bmp, 18, 16385), "width just over the limit");
    ExpectBadBmp(With32(bmp, 10, 0xFFFFFFF0u), "pixel offset past the end");
    ExpectBadBmp(With32(bmp, 10, 20), "pixel offset inside the header");
    ExpectBadBmp(With32(bmp, 14, 12), "OS/2 core header");
    ExpectBadBmp(With32(bmp, 14, 0xFFFFFFFFu), "header size 0xFFFFFFFF");
    ExpectBadBmp(With16(bmp, 28, 16), "16 bits per pixel");
    ExpectBadBmp(With16(bmp, 28, 0), "0 bits per pixel");
    ExpectBadBmp(With16(bmp, 26, 0), "zero planes");
    ExpectBadBmp(With32(bmp, 30, 1), "RLE8 compression");
    ExpectBadBmp(With32(bmp, 30, 3), "bit fields on 24-bit pixels");
    ExpectBadBmp(With32(With32(With32(bmpV5, 54, 0), 58, 0), 62, 0), "all colour masks zero");
    {
        // Valid file, arena too small for its pixels: logged, fallback, arena untouched past its end.
        byte_buffer big = MakeBmp(64, 64, BmpLayout_Rgb24, 0);
        u8 small[1024];
        memory_arena tiny;
        InitializeArena(&tiny, "tiny", sizeof(small), small, CaptureLog);
        int errorsBefore = globalLog.errorCount;
        loaded_bitmap bitmap = LoadBMP(&tiny, big.data, big.size, "arena too small", CaptureLog);
        CHECK_MSG(IsFallbackChecker(bitmap) && globalLog.errorCount > errorsBefore && tiny.used <= 64 * 4,
                  "a BMP that does not fit the arena gives the checker and a logged error");
    }

    // WAV: malformed and hostile chunks.
    printf("malformed WAV cases:\n");
    byte_buffer wav = MakeWav(ChimeSamples(), 1, 22050, 0, 0, 0);
    u32 fmt = FindChunk(wav, "fmt ");
    u32 data = FindChunk(wav, "data");
    CHECK_MSG(fmt == 12 && data == 36, "fixture layout as expected");
    ExpectBadWav(Truncated(wav, 0), "empty file");
    ExpectBadWav(Truncated(wav, 10), "truncated RIFF header");
    ExpectBadWav(Truncated(wav, 30), "truncated fmt chunk");
    ExpectBadWav(Truncated(wav, 40), "truncated data chunk header");
    ExpectBadWav(Truncated(wav, wav.size - 100), "truncated samples");
    ExpectBadWav(With32(wav, 0, 0x58464952u), "not RIFF");
    ExpectBadWav(With32(wav, 8, 0x49564141u), "not WAVE");
    ExpectBadWav(With32(wav, data + 4, 0xFFFFFFF0u), "data size past the end");
    ExpectBadWav(With32(wav, data + 4, 0x7FFFFFFFu), "data size 2^31-1");
    ExpectBadWav(With32(wav, fmt + 4, 0xFFFFFFFFu), "fmt size past the end");
    ExpectBadWav(With32(wav, fmt + 4, 8), "fmt size too small");
    ExpectBadWav(With32(wav, data + 4, 0), "zero data size");
    ExpectBadWav(With32(wav, data + 4, 1), "data smaller than one sample");
    ExpectBadWav(With16(wav, fmt + 8 + 2, 0), "zero channels");
    ExpectBadWav(With16(wav, fmt + 8 + 2, 3), "three channels");
    ExpectBadWav(With32(wav, fmt + 8 + 4, 0), "zero sample rate");
    ExpectBadWav(With32(wav, fmt + 8 + 4, 0xFFFFFFFFu), "absurd sample rate");
    ExpectBadWav(With16(wav, fmt + 8 + 14, 8), "8 bits per sample");
    ExpectBadWav(With16(wav, fmt + 8 + 14, 24), "24 bits per sample");
    ExpectBadWav(With16(wav, fmt + 8, 3), "IEEE float format");
    ExpectBadWav(With16(wav, fmt + 8 + 12, 0), "zero block align");
    ExpectBadWav(With32(wav, fmt, 0x544B4E4Au), "no fmt chunk");
    ExpectBadWav(With32(wav, data, 0x544B4E4Au), "no data chunk");
    {
        // An unknown chunk whose size runs past the end hides everything after it.
        wav_extra_chunk junk[] = {{"junk", 2, true}};
        byte_buffer hostile = MakeWav(ChimeSamples(), 1, 22050, 0, junk, 1);
        ExpectBadWav(With32(hostile, 16, 0xFFFFFFF8u), "unknown chunk size past the end");
    }
    {
        byte_buffer extensible = MakeWav(ClickSamples(), 1, 8000, 1, 0, 0);
        ExpectBadWav(With16(extensible, 12 + 8 + 24, 3), "extensible with a float sub-format");
        ExpectBadWav(With32(extensible, 12 + 4, 18), "extensible fmt chunk too short");
    }
    {
        u8 small[256];
        memory_arena tiny;
        InitializeArena(&tiny, "tiny", sizeof(small), small, CaptureLog);
        int errorsBefore = globalLog.errorCount;
        loaded_sound sound = LoadWAV(&tiny, wav.data, wav.size, "arena too small", CaptureLog);
        CHECK_MSG(IsSilentFallback(sound) && globalLog.errorCount > errorsBefore && tiny.used == 0,
                  "a WAV that does not fit the arena gives silence and a logged error");
    }

    // Every prefix of every valid file: no crash and a consistent result (valid or fallback).
    {
        u32 inconsistent = 0;
        for (u32 index = 0; index < GENERATED_ASSET_COUNT; ++index)
        {
            byte_buffer asset = assets[index].bytes;
            bool isBmp = strstr(assets[index].path, ".bmp") != 0;
            for (u32 size = 0; size < asset.size; size += (size < 200 ? 1 : 97))
            {
                // NOTE: a heap copy of exactly 'size' bytes (test code only), so that AddressSanitizer
                // sees any read past the end.
                u8 *copy = (u8 *)malloc(size ? size : 1);
                memcpy(copy, asset.data, size);
                memory_arena arena = FreshArena();
                if (isBmp)
                {
                    loaded_bitmap bitmap = LoadBMP(&arena, copy, size, "prefix", 0);
                    inconsistent += (!bitmap.pixels || bitmap.width == 0 || bitmap.height == 0) ? 1 : 0;
                }
                else
                {
                    loaded_sound sound = LoadWAV(&arena, copy, size, "prefix", 0);
                    inconsistent += (!sound.samples || sound.sampleCount == 0) ? 1 : 0;
                }
                free(copy);
            }
        }
        CHECK_MSG(inconsistent == 0, "every truncation of every fixture decodes to a usable asset");
    }

    // kit_asset_reject.h: with no room for the fallback's copy (or no arena), a rejected file still
    // gets the constant fallback and its one error line, and the arena logs no overflow on top.
    {
        u8 storage[64];
        memory_arena full;
        InitializeArena(&full, "full", sizeof(storage), storage, CaptureLog);
        int errorsBefore = globalLog.errorCount;
        loaded_bitmap bitmap = LoadBMP(&full, bmp.data, 2, "arena full", CaptureLog);
        loaded_sound sound = LoadWAV(&full, wav.data, 2, "arena full", CaptureLog);
        CHECK_MSG(IsFallbackChecker(bitmap) && IsSilentFallback(sound),
                  "a rejected file with a full arena gets the constant fallback");
        CHECK_MSG(globalLog.errorCount == errorsBefore + 2 && full.overflowCount == 0 && full.used == 0,
                  "a rejected file with a full arena logs one error each and no arena overflow");
        loaded_bitmap noArenaBitmap = LoadBMP(0, bmp.data, 2, "no arena", 0);
        loaded_sound noArenaSound = LoadWAV(0, wav.data, 2, "no arena", 0);
        CHECK_MSG(IsFallbackChecker(noArenaBitmap) && IsSilentFallback(noArenaSound),
                  "a rejected file without an arena gets the constant fallback");
    }
    return TestSummary();
}
