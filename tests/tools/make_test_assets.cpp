// Writes the engine's small generated assets and the reader test fixtures (native host tool):
//     make_test_assets <output dir>      -> <dir>/textures, <dir>/sounds, <dir>/test
// data/ holds the committed output; the suite regenerates it and compares byte for byte.
// tests/unit/test_assets.cpp includes this file (with MAKE_TEST_ASSETS_NO_MAIN) to rebuild the same
// files in memory and to know, pixel by pixel and sample by sample, what each one must decode to.

#include "base/base_types.h"
#include "base/base_arena.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

// NOTE: plain C headers only, so this file (and the tests that include it) pass the MSVC-dialect
// check. Buffers come from one static arena that the tool never frees: it runs once and exits.
global u8 globalGeneratorMemory[32 << 20];
global memory_arena globalGeneratorArena;

internal memory_arena *GeneratorArena(void)
{
    if (!globalGeneratorArena.base)
    {
        InitializeArena(&globalGeneratorArena, "generator", sizeof(globalGeneratorMemory), globalGeneratorMemory, 0);
    }
    return &globalGeneratorArena;
}

// A growable-by-capacity byte buffer; every generated file fits in 64 KB.
struct byte_buffer
{
    u8 *data;
    u32 size;
    u32 capacity;
};

internal byte_buffer NewBuffer(u32 capacity)
{
    byte_buffer buffer;
    buffer.data = (u8 *)PushSize(GeneratorArena(), capacity);
    buffer.size = 0;
    buffer.capacity = buffer.data ? capacity : 0;
    return buffer;
}

// Interleaved samples with their count of values.
struct sample_list
{
    s16 *values;
    u32 count;
};

internal sample_list NewSamples(u32 count)
{
    sample_list list;
    list.values = PushArray(GeneratorArena(), count, s16);
    list.count = list.values ? count : 0;
    return list;
}

//~ Little-endian writers
internal void Put8(byte_buffer *out, u32 value)
{
    Assert(out->size < out->capacity);   // the generator's own sizes are wrong: a programmer error
    out->data[out->size++] = (u8)value;
}
internal void Put16(byte_buffer *out, u32 value) { Put8(out, value); Put8(out, value >> 8); }
internal void Put32(byte_buffer *out, u32 value) { Put16(out, value); Put16(out, value >> 16); }
internal void PutId(byte_buffer *out, const char *id) { for (int n = 0; n < 4; ++n) { Put8(out, (u8)id[n]); } }
internal void Patch32(byte_buffer *out, u32 at, u32 value)
{
    out->data[at + 0] = (u8)value;
    out->data[at + 1] = (u8)(value >> 8);
    out->data[at + 2] = (u8)(value >> 16);
    out->data[at + 3] = (u8)(value >> 24);
}

//~ Textures
// The colour every fixture stores at (x, y), y counted from the bottom row: RGBA8 as the reader
// returns it (byte 0 red). Alpha varies so a reader that drops or invents alpha is caught.
internal u32 TestPixel(u32 x, u32 y, u32 width, u32 height)
{
    u32 r = (x * 255u) / (width > 1 ? width - 1 : 1);
    u32 g = (y * 255u) / (height > 1 ? height - 1 : 1);
    u32 b = ((x ^ y) & 1u) ? 200u : (x * 7u + y * 13u) & 0xFFu;
    u32 a = 255u - ((x + y) * 5u & 0x7Fu);
    return r | (g << 8) | (b << 16) | (a << 24);
}

enum bmp_layout
{
    BmpLayout_Rgb24,            // BI_RGB, 24 bits, 40-byte header
    BmpLayout_Rgb32,            // BI_RGB, 32 bits (4th byte unused: decodes as opaque)
    BmpLayout_Bitfields40,      // BI_BITFIELDS, 40-byte header + 3 masks (no alpha)
    BmpLayout_BitfieldsV5,      // BI_BITFIELDS, 124-byte V5 header with an alpha mask, RGBA order
};

// Builds a whole BMP file. topDown stores rows top first (negative height).
internal byte_buffer MakeBmp(u32 width, u32 height, bmp_layout layout, b32 topDown)
{
    u32 bitsPerPixel = (layout == BmpLayout_Rgb24) ? 24 : 32;
    u32 headerSize = (layout == BmpLayout_BitfieldsV5) ? 124 : 40;
    u32 maskBytes = (layout == BmpLayout_Bitfields40) ? 12 : 0;
    u32 stride = (width * bitsPerPixel + 31) / 32 * 4;
    u32 pixelOffset = 14 + headerSize + maskBytes;
    u32 fileSize = pixelOffset + stride * height;
    // V5 stores R in the top byte: a mask order no default would guess.
    u32 redMask = 0x00FF0000u, greenMask = 0x0000FF00u, blueMask = 0x000000FFu, alphaMask = 0;
    if (layout == BmpLayout_BitfieldsV5)
    {
        redMask = 0xFF000000u; greenMask = 0x00FF0000u; blueMask = 0x0000FF00u; alphaMask = 0x000000FFu;
    }
    b32 bitfields = (layout == BmpLayout_Bitfields40 || layout == BmpLayout_BitfieldsV5);

    byte_buffer out = NewBuffer(fileSize);
    Put8(&out, 'B'); Put8(&out, 'M');
    Put32(&out, fileSize);
    Put32(&out, 0);
    Put32(&out, pixelOffset);
    Put32(&out, headerSize);
    Put32(&out, width);
    Put32(&out, topDown ? (u32)(-(s32)height) : height);
    Put16(&out, 1);
    Put16(&out, bitsPerPixel);
    Put32(&out, bitfields ? 3 : 0);
    Put32(&out, stride * height);
    Put32(&out, 2835); Put32(&out, 2835);   // 72 dpi
    Put32(&out, 0); Put32(&out, 0);
    if (bitfields)
    {
        Put32(&out, redMask); Put32(&out, greenMask); Put32(&out, blueMask);
        if (layout == BmpLayout_BitfieldsV5)
        {
            Put32(&out, alphaMask);
            PutId(&out, "BGRs");                    // LCS_sRGB, stored little-endian
            while (out.size < 14 + headerSize) { Put8(&out, 0); }
        }
    }
    for (u32 row = 0; row < height; ++row)
    {
        u32 y = topDown ? (height - 1 - row) : row;
        u32 rowStart = out.size;
        for (u32 x = 0; x < width; ++x)
        {
            u32 rgba = TestPixel(x, y, width, height);
            u32 r = rgba & 0xFF, g = (rgba >> 8) & 0xFF, b = (rgba >> 16) & 0xFF, a = rgba >> 24;
            if (layout == BmpLayout_Rgb24)
            {
                Put8(&out, b); Put8(&out, g); Put8(&out, r);
            }
            else if (layout == BmpLayout_BitfieldsV5)
            {
                Put32(&out, (r << 24) | (g << 16) | (b << 8) | a);
            }
            else
            {
                // BI_RGB 32 stores junk (here: the alpha) in the unused byte; it must be ignored.
                Put8(&out, b); Put8(&out, g); Put8(&out, r); Put8(&out, a);
            }
        }
        while (out.size - rowStart < stride) { Put8(&out, 0); }
    }
    return out;
}

//~ Sounds
struct wav_extra_chunk
{
    const char *id;
    u32 size;                   // odd sizes exercise the pad byte
    b32 beforeFormat;
};

// Builds a whole WAV file around interleaved samples, with optional unknown chunks around fmt/data.
internal byte_buffer MakeWav(sample_list samples, u32 channels, u32 rate, b32 extensible,
                           const wav_extra_chunk *extras, u32 extraCount)
{
    byte_buffer out = NewBuffer(64 * 1024);
    PutId(&out, "RIFF");
    Put32(&out, 0);             // patched below
    PutId(&out, "WAVE");
    for (int pass = 0; pass < 2; ++pass)
    {
        for (u32 index = 0; index < extraCount; ++index)
        {
            if (extras[index].beforeFormat != (pass == 0)) { continue; }
            PutId(&out, extras[index].id);
            Put32(&out, extras[index].size);
            for (u32 n = 0; n < extras[index].size; ++n) { Put8(&out, 'a' + n % 26); }
            if (extras[index].size & 1) { Put8(&out, 0); }
        }
        if (pass == 0)
        {
            PutId(&out, "fmt ");
            Put32(&out, extensible ? 40 : 16);
            Put16(&out, extensible ? 0xFFFE : 1);
            Put16(&out, channels);
            Put32(&out, rate);
            Put32(&out, rate * channels * 2);
            Put16(&out, channels * 2);
            Put16(&out, 16);
            if (extensible)
            {
                Put16(&out, 22);            // extension size
                Put16(&out, 16);            // valid bits
                Put32(&out, channels == 2 ? 3 : 4);   // speaker mask
                // KSDATAFORMAT_SUBTYPE_PCM
                static const u8 pcmGuid[16] = {1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71};
                for (int n = 0; n < 16; ++n) { Put8(&out, pcmGuid[n]); }
            }
            PutId(&out, "data");
            Put32(&out, samples.count * 2);
            for (u32 n = 0; n < samples.count; ++n) { Put16(&out, (u16)samples.values[n]); }
        }
    }
    Patch32(&out, 4, out.size - 8);
    return out;
}

// Deterministic noise for the click (a tiny LCG: same bytes on every host).
internal u32 NextRandom(u32 *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

internal sample_list ClickSamples(void)
{
    // 25 ms: a decaying noise burst over a short 2 kHz blip, mono 48 kHz.
    u32 count = 1200;
    sample_list samples = NewSamples(count);
    u32 seed = 12345;
    for (u32 n = 0; n < count; ++n)
    {
        f64 envelope = exp(-(f64)n / 180.0);
        f64 noise = ((f64)(NextRandom(&seed) & 0xFFFF) / 32768.0) - 1.0;
        f64 blip = sin(2.0 * 3.141592653589793 * 2000.0 * n / 48000.0);
        samples.values[n] = (s16)lround(envelope * (0.35 * noise + 0.45 * blip) * 32767.0);
    }
    return samples;
}

internal sample_list ChimeSamples(void)
{
    // 0.6 s, mono 22050 Hz: two bell partials with different decays and a soft attack.
    const f64 rate = 22050.0;
    u32 count = (u32)(0.6 * rate);
    sample_list samples = NewSamples(count);
    for (u32 n = 0; n < count; ++n)
    {
        f64 t = n / rate;
        f64 attack = Minimum(1.0, t / 0.004);
        f64 value = 0.40 * exp(-t * 5.0) * sin(2.0 * 3.141592653589793 * 880.0 * t) +
                    0.20 * exp(-t * 9.0) * sin(2.0 * 3.141592653589793 * 1318.5 * t);
        samples.values[n] = (s16)lround(attack * value * 32767.0);
    }
    return samples;
}

internal sample_list StereoFixtureSamples(void)
{
    // 0.05 s stereo 44100 Hz: different content per channel, including both extremes.
    sample_list samples = NewSamples(2 * 2205);
    for (u32 n = 0; n < 2205; ++n)
    {
        samples.values[2 * n] = (s16)(u16)((n * 37u) & 0xFFFFu);
        samples.values[2 * n + 1] = (s16)(n == 7 ? -32768 : (n == 8 ? 32767 : -(s32)(n * 11u % 30000u)));
    }
    return samples;
}

//~ The list of generated files
struct generated_asset
{
    const char *path;           // relative to the output directory
    byte_buffer bytes;
};

#define GENERATED_ASSET_COUNT 10

internal void MakeAllAssets(generated_asset *assets)
{
    u32 count = 0;
    wav_extra_chunk chimeExtras[] = {{"LIST", 27, false}};
    wav_extra_chunk stereoExtras[] = {{"junk", 3, true}, {"fact", 4, true}, {"LIST", 9, false}};
    assets[count].path = "textures/test_grid.bmp";
    assets[count++].bytes = MakeBmp(64, 64, BmpLayout_BitfieldsV5, 0);
    assets[count].path = "sounds/click.wav";
    assets[count++].bytes = MakeWav(ClickSamples(), 1, 48000, 0, 0, 0);
    assets[count].path = "sounds/chime.wav";
    assets[count++].bytes = MakeWav(ChimeSamples(), 1, 22050, 0, chimeExtras, 1);
    assets[count].path = "test/bmp24_bottom_up_odd_width.bmp";
    assets[count++].bytes = MakeBmp(13, 7, BmpLayout_Rgb24, 0);
    assets[count].path = "test/bmp24_top_down.bmp";
    assets[count++].bytes = MakeBmp(5, 3, BmpLayout_Rgb24, 1);
    assets[count].path = "test/bmp32_rgb_top_down.bmp";
    assets[count++].bytes = MakeBmp(9, 5, BmpLayout_Rgb32, 1);
    assets[count].path = "test/bmp32_bitfields.bmp";
    assets[count++].bytes = MakeBmp(6, 4, BmpLayout_Bitfields40, 0);
    assets[count].path = "test/bmp32_v5_top_down.bmp";
    assets[count++].bytes = MakeBmp(3, 11, BmpLayout_BitfieldsV5, 1);
    assets[count].path = "test/wav_stereo_44100_chunks.wav";
    assets[count++].bytes = MakeWav(StereoFixtureSamples(), 2, 44100, 0, stereoExtras, 3);
    assets[count].path = "test/wav_mono_8000_extensible.wav";
    assets[count++].bytes = MakeWav(ClickSamples(), 1, 8000, 1, 0, 0);
    Assert(count == GENERATED_ASSET_COUNT);
}

#ifndef MAKE_TEST_ASSETS_NO_MAIN
// Directories must exist: the suite creates <dir>/textures, <dir>/sounds and <dir>/test.
internal b32 WriteWholeFile(const char *path, byte_buffer bytes)
{
    FILE *file = fopen(path, "wb");
    if (!file) { return 0; }
    b32 ok = fwrite(bytes.data, 1, bytes.size, file) == bytes.size;
    return (fclose(file) == 0) && ok;
}

int main(int argc, char **argv)
{
    if (argc < 2)
    {
        printf("usage: make_test_assets <output dir>   (with textures/, sounds/ and test/ inside)\n");
        return 1;
    }
    int failures = 0;
    generated_asset assets[GENERATED_ASSET_COUNT];
    MakeAllAssets(assets);
    for (u32 index = 0; index < GENERATED_ASSET_COUNT; ++index)
    {
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", argv[1], assets[index].path);
        if (!WriteWholeFile(path, assets[index].bytes))
        {
            printf("FAIL could not write %s\n", path);
            ++failures;
        }
    }
    return failures ? 1 : 0;
}
#endif
