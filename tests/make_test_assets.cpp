// Writes the engine's small generated assets and the reader test fixtures (native host tool):
//     make_test_assets <output dir>      -> <dir>/textures, <dir>/sounds, <dir>/test
// data/ holds the committed output; the suite regenerates it and compares byte for byte.
// tests/test_assets.cpp includes this file (with MAKE_TEST_ASSETS_NO_MAIN) to rebuild the same
// files in memory and to know, pixel by pixel and sample by sample, what each one must decode to.

#include "base_types.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <string>
#include <vector>

// NOTE: a host tool: std::vector and std::string are fine here, never in engine code.
typedef std::vector<u8> byte_buffer;

//~ Little-endian writers
static void Put8(byte_buffer *out, u32 value) { out->push_back((u8)value); }
static void Put16(byte_buffer *out, u32 value) { Put8(out, value); Put8(out, value >> 8); }
static void Put32(byte_buffer *out, u32 value) { Put16(out, value); Put16(out, value >> 16); }
static void PutId(byte_buffer *out, const char *id) { out->insert(out->end(), id, id + 4); }
static void Patch32(byte_buffer *out, size_t at, u32 value)
{
    (*out)[at + 0] = (u8)value;
    (*out)[at + 1] = (u8)(value >> 8);
    (*out)[at + 2] = (u8)(value >> 16);
    (*out)[at + 3] = (u8)(value >> 24);
}

//~ Textures
// The colour every fixture stores at (x, y), y counted from the bottom row: RGBA8 as the reader
// returns it (byte 0 red). Alpha varies so a reader that drops or invents alpha is caught.
static u32 TestPixel(u32 x, u32 y, u32 width, u32 height)
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
static byte_buffer MakeBmp(u32 width, u32 height, bmp_layout layout, bool topDown)
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
    bool bitfields = (layout == BmpLayout_Bitfields40 || layout == BmpLayout_BitfieldsV5);

    byte_buffer out;
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
            while (out.size() < 14 + headerSize) { Put8(&out, 0); }
        }
    }
    for (u32 row = 0; row < height; ++row)
    {
        u32 y = topDown ? (height - 1 - row) : row;
        size_t rowStart = out.size();
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
        while (out.size() - rowStart < stride) { Put8(&out, 0); }
    }
    return out;
}

// What MakeBmp's file must decode to: RGBA8, rows bottom-up.
static std::vector<u32> ExpectedBmpPixels(u32 width, u32 height, bmp_layout layout)
{
    std::vector<u32> pixels;
    for (u32 y = 0; y < height; ++y)
    {
        for (u32 x = 0; x < width; ++x)
        {
            u32 rgba = TestPixel(x, y, width, height);
            if (layout != BmpLayout_BitfieldsV5)
            {
                rgba |= 0xFF000000u;    // formats without an alpha channel decode opaque
            }
            pixels.push_back(rgba);
        }
    }
    return pixels;
}

//~ Sounds
struct wav_extra_chunk
{
    const char *id;
    u32 size;                   // odd sizes exercise the pad byte
    bool beforeFormat;
};

// Builds a whole WAV file around interleaved samples, with optional unknown chunks around fmt/data.
static byte_buffer MakeWav(const std::vector<s16> &samples, u32 channels, u32 rate, bool extensible,
                           const wav_extra_chunk *extras, u32 extraCount)
{
    byte_buffer out;
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
                out.insert(out.end(), pcmGuid, pcmGuid + 16);
            }
            PutId(&out, "data");
            Put32(&out, (u32)(samples.size() * 2));
            for (s16 value : samples) { Put16(&out, (u16)value); }
        }
    }
    Patch32(&out, 4, (u32)(out.size() - 8));
    return out;
}

// Deterministic noise for the click (a tiny LCG: same bytes on every host).
static u32 NextRandom(u32 *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

static std::vector<s16> ClickSamples(void)
{
    // 25 ms: a decaying noise burst over a short 2 kHz blip, mono 48 kHz.
    std::vector<s16> samples;
    u32 seed = 12345;
    u32 count = 1200;
    for (u32 n = 0; n < count; ++n)
    {
        f64 envelope = exp(-(f64)n / 180.0);
        f64 noise = ((f64)(NextRandom(&seed) & 0xFFFF) / 32768.0) - 1.0;
        f64 blip = sin(2.0 * 3.141592653589793 * 2000.0 * n / 48000.0);
        samples.push_back((s16)lround(envelope * (0.35 * noise + 0.45 * blip) * 32767.0));
    }
    return samples;
}

static std::vector<s16> ChimeSamples(void)
{
    // 0.6 s, mono 22050 Hz: two bell partials with different decays and a soft attack.
    std::vector<s16> samples;
    const f64 rate = 22050.0;
    u32 count = (u32)(0.6 * rate);
    for (u32 n = 0; n < count; ++n)
    {
        f64 t = n / rate;
        f64 attack = Minimum(1.0, t / 0.004);
        f64 value = 0.40 * exp(-t * 5.0) * sin(2.0 * 3.141592653589793 * 880.0 * t) +
                    0.20 * exp(-t * 9.0) * sin(2.0 * 3.141592653589793 * 1318.5 * t);
        samples.push_back((s16)lround(attack * value * 32767.0));
    }
    return samples;
}

static std::vector<s16> StereoFixtureSamples(void)
{
    // 0.05 s stereo 44100 Hz: different content per channel, including both extremes.
    std::vector<s16> samples;
    for (u32 n = 0; n < 2205; ++n)
    {
        samples.push_back((s16)((n * 37u) & 0xFFFFu));
        samples.push_back((s16)(n == 7 ? -32768 : (n == 8 ? 32767 : -(s32)(n * 11u % 30000u))));
    }
    return samples;
}

//~ The list of generated files
struct generated_asset
{
    std::string path;           // relative to the output directory
    byte_buffer bytes;
};

static std::vector<generated_asset> MakeAllAssets(void)
{
    std::vector<generated_asset> assets;
    assets.push_back({"textures/test_grid.bmp", MakeBmp(64, 64, BmpLayout_BitfieldsV5, false)});
    wav_extra_chunk chimeExtras[] = {{"LIST", 27, false}};
    assets.push_back({"sounds/click.wav", MakeWav(ClickSamples(), 1, 48000, false, 0, 0)});
    assets.push_back({"sounds/chime.wav", MakeWav(ChimeSamples(), 1, 22050, false, chimeExtras, 1)});
    assets.push_back({"test/bmp24_bottom_up_odd_width.bmp", MakeBmp(13, 7, BmpLayout_Rgb24, false)});
    assets.push_back({"test/bmp24_top_down.bmp", MakeBmp(5, 3, BmpLayout_Rgb24, true)});
    assets.push_back({"test/bmp32_rgb_top_down.bmp", MakeBmp(9, 5, BmpLayout_Rgb32, true)});
    assets.push_back({"test/bmp32_bitfields.bmp", MakeBmp(6, 4, BmpLayout_Bitfields40, false)});
    assets.push_back({"test/bmp32_v5_top_down.bmp", MakeBmp(3, 11, BmpLayout_BitfieldsV5, true)});
    wav_extra_chunk stereoExtras[] = {{"junk", 3, true}, {"fact", 4, true}, {"LIST", 9, false}};
    assets.push_back({"test/wav_stereo_44100_chunks.wav", MakeWav(StereoFixtureSamples(), 2, 44100, false, stereoExtras, 3)});
    assets.push_back({"test/wav_mono_8000_extensible.wav", MakeWav(ClickSamples(), 1, 8000, true, 0, 0)});
    return assets;
}

#ifndef MAKE_TEST_ASSETS_NO_MAIN
#include <sys/stat.h>

static bool WriteFileMakingDirs(const std::string &path, const byte_buffer &bytes)
{
    for (size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1))
    {
        mkdir(path.substr(0, slash).c_str(), 0755);
    }
    FILE *file = fopen(path.c_str(), "wb");
    if (!file) { return false; }
    bool ok = fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
    return (fclose(file) == 0) && ok;
}

int main(int argc, char **argv)
{
    if (argc < 2)
    {
        printf("usage: make_test_assets <output dir>\n");
        return 1;
    }
    int failures = 0;
    for (const generated_asset &asset : MakeAllAssets())
    {
        std::string path = std::string(argv[1]) + "/" + asset.path;
        if (!WriteFileMakingDirs(path, asset.bytes))
        {
            printf("FAIL could not write %s\n", path.c_str());
            ++failures;
        }
    }
    return failures ? 1 : 0;
}
#endif
