// Writes the engine's bitmap font (native host tool, our own glyph designs):
//     make_font <output.bmp>          -> normally data/fonts/engine_font.bmp
// The designs and the atlas's pixels are code/base/base_font.h's (FontBuildAtlas: the exe's overlay
// builds the same atlas in memory); this tool only wraps them in a .bmp. data/ holds the committed
// output; tests/suites/suite_debug_overlay.sh regenerates it and compares byte for byte.
// tests/unit/test_text.cpp includes this file (with MAKE_FONT_NO_MAIN) to know what every byte of
// the file must be.
//
// Atlas layout (the constants live in code/base/base_font.h):
//   - 128 x 84 pixels, 32-bit BMP with a BITMAPV4 header and an alpha mask, rows bottom-up on disk
//     as BMP wants; described here from the top of the image down.
//   - 16 slots per row, 6 rows of 8x12-pixel slots: slot i holds character 32 + i, so row 0 is
//     " !"#$%&'()*+,-./", row 1 "0123456789:;<=>?", and so on; slot 95 (character 127) is the
//     placeholder box the game draws for characters the font lacks.
//   - each glyph is a 5x9 design placed at (1, 1) inside its slot; rows 0..6 of the design sit on
//     the baseline, rows 7..8 are descenders. The rest of the slot stays blank.
//   - a 7th row of slots: slot (0, 6) is solid white, for flat rectangles drawn with the font.
//   - glyph pixels are opaque white; everything else is transparent white (so filtering and
//     mipmaps fade alpha without darkening the colour).

#include "base/base_font.h"
#include <stdio.h>
#include <string.h>

internal void PutU16(u8 *at, u32 value) { at[0] = (u8)value; at[1] = (u8)(value >> 8); }
internal void PutU32(u8 *at, u32 value) { PutU16(at, value & 0xFFFF); PutU16(at + 2, value >> 16); }

#define FONT_BMP_HEADER_SIZE (14 + 108)
#define FONT_BMP_FILE_SIZE (FONT_BMP_HEADER_SIZE + FONT_ATLAS_WIDTH * FONT_ATLAS_HEIGHT * 4)

// The whole .bmp file: BITMAPFILEHEADER, BITMAPV4HEADER with BI_BITFIELDS masks (so readers keep
// the alpha channel), then BGRA pixels from the bottom row up.
internal b32 BuildFontFile(u8 *file)
{
    static u32 pixels[FONT_ATLAS_WIDTH * FONT_ATLAS_HEIGHT];   // row 0 at the bottom, as BMP stores it
    if (!FontBuildAtlas(pixels))
    {
        u32 slot = FontFirstMalformedGlyph();
        fprintf(stderr, "make_font: the design of slot %u (character %u) is malformed: out of order, or a row not %u "
                "pixels of '#' and '.'\n", slot, FONT_FIRST_CHAR + slot, FONT_GLYPH_WIDTH);
        return 0;
    }
    memset(file, 0, FONT_BMP_FILE_SIZE);
    file[0] = 'B';
    file[1] = 'M';
    PutU32(file + 2, FONT_BMP_FILE_SIZE);
    PutU32(file + 10, FONT_BMP_HEADER_SIZE);
    u8 *info = file + 14;
    PutU32(info + 0, 108);
    PutU32(info + 4, FONT_ATLAS_WIDTH);
    PutU32(info + 8, FONT_ATLAS_HEIGHT);        // positive: bottom-up rows
    PutU16(info + 12, 1);
    PutU16(info + 14, 32);
    PutU32(info + 16, 3);                       // BI_BITFIELDS
    PutU32(info + 20, FONT_ATLAS_WIDTH * FONT_ATLAS_HEIGHT * 4);
    PutU32(info + 24, 2835);                    // 72 dpi, informational
    PutU32(info + 28, 2835);
    PutU32(info + 40, 0x00FF0000u);             // red, green, blue, alpha masks
    PutU32(info + 44, 0x0000FF00u);
    PutU32(info + 48, 0x000000FFu);
    PutU32(info + 52, 0xFF000000u);
    PutU32(info + 56, 0x73524742u);             // LCS_sRGB
    u8 *out = file + FONT_BMP_HEADER_SIZE;
    for (u32 y = 0; y < FONT_ATLAS_HEIGHT; ++y)
    {
        for (u32 x = 0; x < FONT_ATLAS_WIDTH; ++x)
        {
            u32 rgba = pixels[y * FONT_ATLAS_WIDTH + x];
            *out++ = (u8)(rgba >> 16);   // blue
            *out++ = (u8)(rgba >> 8);    // green
            *out++ = (u8)rgba;           // red
            *out++ = (u8)(rgba >> 24);   // alpha
        }
    }
    return 1;
}

#ifndef MAKE_FONT_NO_MAIN
int main(int argc, char **argv)
{
    if (argc != 2)
    {
        fprintf(stderr, "usage: make_font <output.bmp>\n");
        return 2;
    }
    static u8 file[FONT_BMP_FILE_SIZE];
    if (!BuildFontFile(file)) return 1;
    FILE *handle = fopen(argv[1], "wb");
    if (!handle || fwrite(file, 1, sizeof(file), handle) != sizeof(file))
    {
        fprintf(stderr, "make_font: cannot write %s\n", argv[1]);
        if (handle) fclose(handle);
        return 1;
    }
    fclose(handle);
    printf("make_font: wrote %s (%ux%u, %u glyphs)\n", argv[1], FONT_ATLAS_WIDTH, FONT_ATLAS_HEIGHT, FONT_GLYPH_COUNT);
    return 0;
}
#endif
