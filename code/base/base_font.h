#ifndef BASE_FONT_H
#define BASE_FONT_H
// The engine's one bitmap font: the atlas layout, the glyph designs, the atlas built from them, and
// text layout. Every binary that draws text uses this: game_kit's text (kit_text.h) through the
// atlas a game loads from data/fonts/engine_font.bmp (tests/tools/make_font.cpp writes that file
// from FontBuildAtlas, byte for byte what the game then loads), and the exe's own overlay
// (render/render_overlay.h), which builds the atlas in memory. Headers only, no OS headers: every
// function is inline and the designs are an internal constant table, so any number of translation
// units, with either compiler, may include it.
//
// Coordinates are pixels with the origin at the top left and y growing downwards; texture
// coordinates have v = 0 at the atlas's bottom row, as the renderer uploads it.

#include "base/base_types.h"
#include "base/base_math.h"

//~ Atlas layout
// 16 x 6 slots of 8x12 pixels for the characters 32..127, row by row from the top left of the
// image; slot 95 (DEL) holds the placeholder box drawn for every character the font lacks. A 7th
// row starts with the solid white block. Each glyph is designed in 5x9 pixels placed one pixel in
// from the slot's top left corner: rows 0..6 reach the baseline, rows 7..8 hold descenders. The
// blank border keeps linear filtering from bleeding a neighbour's pixels into a glyph.
#define FONT_FIRST_CHAR 32
#define FONT_PLACEHOLDER_CHAR 127
#define FONT_GLYPH_COUNT 96             // 32..126 and the placeholder
#define FONT_SLOT_WIDTH 8
#define FONT_SLOT_HEIGHT 12
#define FONT_SLOTS_PER_ROW 16
#define FONT_GLYPH_SLOT_ROWS 6
#define FONT_ATLAS_WIDTH (FONT_SLOTS_PER_ROW * FONT_SLOT_WIDTH)               // 128
#define FONT_ATLAS_HEIGHT ((FONT_GLYPH_SLOT_ROWS + 1) * FONT_SLOT_HEIGHT)     // 84
#define FONT_GLYPH_WIDTH 5              // designed pixels
#define FONT_GLYPH_HEIGHT 9
#define FONT_GLYPH_INSET 1              // blank pixels between a slot's top left and its glyph
#define FONT_ADVANCE 6                  // pixels from one character to the next at scale 1
#define FONT_LINE_HEIGHT 11             // pixels from one line to the next at scale 1
#define FONT_QUAD_WIDTH (FONT_GLYPH_WIDTH + 1)      // a glyph's quad: its design and one blank
#define FONT_QUAD_HEIGHT (FONT_GLYPH_HEIGHT + 1)    // pixel to the right and below
#define FONT_SOLID_SLOT_ROW FONT_GLYPH_SLOT_ROWS    // slot (0, 6) is solid white
// Atlas pixels, RGBA8 with red in the low byte: glyph pixels and the solid block are opaque white,
// everything else transparent white (so filtering and mipmaps fade alpha without darkening).
#define FONT_LIT_PIXEL 0xFFFFFFFFu
#define FONT_CLEAR_PIXEL 0x00FFFFFFu

StaticAssert(FONT_GLYPH_COUNT <= FONT_SLOTS_PER_ROW * FONT_GLYPH_SLOT_ROWS, "glyphs must fit the slot grid");
StaticAssert(FONT_GLYPH_INSET + FONT_QUAD_WIDTH < FONT_SLOT_WIDTH &&
             FONT_GLYPH_INSET + FONT_QUAD_HEIGHT < FONT_SLOT_HEIGHT,
             "a glyph quad must stay one blank pixel away from the next slot (linear filtering)");

// Atlas slot of a character: the placeholder for anything outside 32..126 (control characters,
// bytes of UTF-8 sequences). '\n' is handled by the layout and never reaches this.
inline u32 FontSlotForChar(u8 character)
{
    if (character < FONT_FIRST_CHAR || character >= FONT_PLACEHOLDER_CHAR)
    {
        return FONT_PLACEHOLDER_CHAR - FONT_FIRST_CHAR;
    }
    return (u32)(character - FONT_FIRST_CHAR);
}

//~ Glyph designs (our own): '#' is a lit pixel; rows not given are blank.
struct font_glyph_design
{
    char character;
    const char *rows[FONT_GLYPH_HEIGHT];
};

// The design of every slot, in slot order.
// NOTE: internal, as are the two functions that read it (an inline function, one definition for
// the binary, may not name a table each translation unit has a copy of): a unit that reads it has
// its own copy, one that does not has none, and no compiler warns either way.
internal const font_glyph_design fontGlyphDesigns[FONT_GLYPH_COUNT] = {
    {' ', {0}},
    {'!', {"..#..", "..#..", "..#..", "..#..", "..#..", ".....", "..#.."}},
    {'"', {".#.#.", ".#.#.", ".#.#."}},
    {'#', {".....", ".#.#.", "#####", ".#.#.", "#####", ".#.#.", "....."}},
    {'$', {"..#..", ".####", "#.#..", ".###.", "..#.#", "####.", "..#.."}},
    {'%', {"##...", "##..#", "...#.", "..#..", ".#...", "#..##", "...##"}},
    {'&', {".##..", "#..#.", "#.#..", ".#...", "#.#.#", "#..#.", ".##.#"}},
    {'\'', {"..#..", "..#..", ".#..."}},
    {'(', {"...#.", "..#..", ".#...", ".#...", ".#...", "..#..", "...#."}},
    {')', {".#...", "..#..", "...#.", "...#.", "...#.", "..#..", ".#..."}},
    {'*', {".....", "..#..", "#.#.#", ".###.", "#.#.#", "..#..", "....."}},
    {'+', {".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."}},
    {',', {".....", ".....", ".....", ".....", ".....", ".##..", ".##..", "..#..", ".#..."}},
    {'-', {".....", ".....", ".....", "#####"}},
    {'.', {".....", ".....", ".....", ".....", ".....", ".##..", ".##.."}},
    {'/', {"....#", "....#", "...#.", "..#..", ".#...", "#....", "#...."}},
    {'0', {".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."}},
    {'1', {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."}},
    {'2', {".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"}},
    {'3', {".###.", "#...#", "....#", "..##.", "....#", "#...#", ".###."}},
    {'4', {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."}},
    {'5', {"#####", "#....", "####.", "....#", "....#", "#...#", ".###."}},
    {'6', {"..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."}},
    {'7', {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."}},
    {'8', {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."}},
    {'9', {".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."}},
    {':', {".....", ".....", ".##..", ".##..", ".....", ".##..", ".##.."}},
    {';', {".....", ".....", ".##..", ".##..", ".....", ".##..", ".##..", "..#..", ".#..."}},
    {'<', {"....#", "...#.", "..#..", ".#...", "..#..", "...#.", "....#"}},
    {'=', {".....", ".....", "#####", ".....", "#####"}},
    {'>', {"#....", ".#...", "..#..", "...#.", "..#..", ".#...", "#...."}},
    {'?', {".###.", "#...#", "....#", "...#.", "..#..", ".....", "..#.."}},
    {'@', {".###.", "#...#", "#.###", "#.#.#", "#.###", "#....", ".####"}},
    {'A', {".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"}},
    {'B', {"####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."}},
    {'C', {".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."}},
    {'D', {"###..", "#..#.", "#...#", "#...#", "#...#", "#..#.", "###.."}},
    {'E', {"#####", "#....", "#....", "####.", "#....", "#....", "#####"}},
    {'F', {"#####", "#....", "#....", "####.", "#....", "#....", "#...."}},
    {'G', {".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".####"}},
    {'H', {"#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"}},
    {'I', {".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."}},
    {'J', {"..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."}},
    {'K', {"#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"}},
    {'L', {"#....", "#....", "#....", "#....", "#....", "#....", "#####"}},
    {'M', {"#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"}},
    {'N', {"#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"}},
    {'O', {".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."}},
    {'P', {"####.", "#...#", "#...#", "####.", "#....", "#....", "#...."}},
    {'Q', {".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"}},
    {'R', {"####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"}},
    {'S', {".####", "#....", "#....", ".###.", "....#", "....#", "####."}},
    {'T', {"#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."}},
    {'U', {"#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."}},
    {'V', {"#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."}},
    {'W', {"#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."}},
    {'X', {"#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"}},
    {'Y', {"#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."}},
    {'Z', {"#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"}},
    {'[', {".###.", ".#...", ".#...", ".#...", ".#...", ".#...", ".###."}},
    {'\\', {"#....", "#....", ".#...", "..#..", "...#.", "....#", "....#"}},
    {']', {".###.", "...#.", "...#.", "...#.", "...#.", "...#.", ".###."}},
    {'^', {"..#..", ".#.#.", "#...#"}},
    {'_', {".....", ".....", ".....", ".....", ".....", ".....", ".....", ".....", "#####"}},
    {'`', {".#...", "..#.."}},
    {'a', {".....", ".....", ".###.", "....#", ".####", "#...#", ".####"}},
    {'b', {"#....", "#....", "####.", "#...#", "#...#", "#...#", "####."}},
    {'c', {".....", ".....", ".####", "#....", "#....", "#....", ".####"}},
    {'d', {"....#", "....#", ".####", "#...#", "#...#", "#...#", ".####"}},
    {'e', {".....", ".....", ".###.", "#...#", "#####", "#....", ".###."}},
    {'f', {"..##.", ".#...", ".#...", "####.", ".#...", ".#...", ".#..."}},
    {'g', {".....", ".....", ".####", "#...#", "#...#", "#...#", ".####", "....#", ".###."}},
    {'h', {"#....", "#....", "#.##.", "##..#", "#...#", "#...#", "#...#"}},
    {'i', {"..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###."}},
    {'j', {"...#.", ".....", "..##.", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."}},
    {'k', {"#....", "#....", "#..#.", "#.#..", "##...", "#.#..", "#..#."}},
    {'l', {".##..", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."}},
    {'m', {".....", ".....", "##.#.", "#.#.#", "#.#.#", "#.#.#", "#.#.#"}},
    {'n', {".....", ".....", "#.##.", "##..#", "#...#", "#...#", "#...#"}},
    {'o', {".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###."}},
    {'p', {".....", ".....", "####.", "#...#", "#...#", "#...#", "####.", "#....", "#...."}},
    {'q', {".....", ".....", ".####", "#...#", "#...#", "#...#", ".####", "....#", "....#"}},
    {'r', {".....", ".....", "#.##.", "##..#", "#....", "#....", "#...."}},
    {'s', {".....", ".....", ".####", "#....", ".###.", "....#", "####."}},
    {'t', {".#...", ".#...", "####.", ".#...", ".#...", ".#..#", "..##."}},
    {'u', {".....", ".....", "#...#", "#...#", "#...#", "#..##", ".##.#"}},
    {'v', {".....", ".....", "#...#", "#...#", "#...#", ".#.#.", "..#.."}},
    {'w', {".....", ".....", "#...#", "#...#", "#.#.#", "#.#.#", ".#.#."}},
    {'x', {".....", ".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#"}},
    {'y', {".....", ".....", "#...#", "#...#", "#...#", "#...#", ".####", "....#", ".###."}},
    {'z', {".....", ".....", "#####", "...#.", "..#..", ".#...", "#####"}},
    {'{', {"...##", "..#..", "..#..", ".#...", "..#..", "..#..", "...##"}},
    {'|', {"..#..", "..#..", "..#..", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."}},
    {'}', {"##...", "..#..", "..#..", "...#.", "..#..", "..#..", "##..."}},
    {'~', {".....", ".....", ".#...", "#.#.#", "...#."}},
    // Placeholder: a full-height hollow box, unlike any character's shape.
    {127, {"#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#...#", "#...#", "#####"}},
};

//~ The atlas
// The slot of the first design that is malformed (out of slot order, or a row not
// FONT_GLYPH_WIDTH pixels of '#' and '.'); FONT_GLYPH_COUNT when every design is well formed.
internal inline u32 FontFirstMalformedGlyph(void)
{
    const font_glyph_design *designs = fontGlyphDesigns;
    for (u32 slot = 0; slot < FONT_GLYPH_COUNT; ++slot)
    {
        if ((u8)designs[slot].character != FONT_FIRST_CHAR + slot) return slot;
        for (u32 row = 0; row < FONT_GLYPH_HEIGHT; ++row)
        {
            const char *design = designs[slot].rows[row];
            if (!design) continue;
            u32 width = 0;
            while (design[width] == '#' || design[width] == '.') ++width;
            if (width != FONT_GLYPH_WIDTH || design[width] != 0) return slot;
        }
    }
    return FONT_GLYPH_COUNT;
}

// Writes the FONT_ATLAS_WIDTH x FONT_ATLAS_HEIGHT atlas into `pixels` (that many u32): RGBA8, red
// in the low byte, row 0 the bottom row, as render_entry_texture takes it and LoadBMP reads
// data/fonts/engine_font.bmp. Pure and allocation-free; returns false when a design is malformed
// (FontFirstMalformedGlyph says which; the atlas is written all the same).
internal inline b32 FontBuildAtlas(u32 *pixels)
{
    for (u32 index = 0; index < FONT_ATLAS_WIDTH * FONT_ATLAS_HEIGHT; ++index)
    {
        pixels[index] = FONT_CLEAR_PIXEL;
    }
    const font_glyph_design *designs = fontGlyphDesigns;
    for (u32 slot = 0; slot < FONT_GLYPH_COUNT; ++slot)
    {
        u32 left = (slot % FONT_SLOTS_PER_ROW) * FONT_SLOT_WIDTH + FONT_GLYPH_INSET;
        u32 top = (slot / FONT_SLOTS_PER_ROW) * FONT_SLOT_HEIGHT + FONT_GLYPH_INSET;   // from the image's top
        for (u32 row = 0; row < FONT_GLYPH_HEIGHT; ++row)
        {
            const char *design = designs[slot].rows[row];
            u32 *out = pixels + (FONT_ATLAS_HEIGHT - 1 - (top + row)) * FONT_ATLAS_WIDTH + left;
            for (u32 column = 0; design && column < FONT_GLYPH_WIDTH && design[column]; ++column)
            {
                if (design[column] == '#') out[column] = FONT_LIT_PIXEL;
            }
        }
    }
    u32 solidTop = FONT_SOLID_SLOT_ROW * FONT_SLOT_HEIGHT;
    for (u32 y = solidTop; y < solidTop + FONT_SLOT_HEIGHT; ++y)
    {
        for (u32 x = 0; x < FONT_SLOT_WIDTH; ++x)
        {
            pixels[(FONT_ATLAS_HEIGHT - 1 - y) * FONT_ATLAS_WIDTH + x] = FONT_LIT_PIXEL;
        }
    }
    return FontFirstMalformedGlyph() == FONT_GLYPH_COUNT;
}

// The texture coordinates of a slot's glyph quad: uvMin at its bottom left, uvMax at its top right.
inline void FontSlotTexCoords(u32 slot, v2 *uvMin, v2 *uvMax)
{
    f32 x0 = (f32)((slot % FONT_SLOTS_PER_ROW) * FONT_SLOT_WIDTH + FONT_GLYPH_INSET);
    f32 y0 = (f32)((slot / FONT_SLOTS_PER_ROW) * FONT_SLOT_HEIGHT + FONT_GLYPH_INSET);   // from the top
    *uvMin = V2(x0 / (f32)FONT_ATLAS_WIDTH, 1.0f - (y0 + (f32)FONT_QUAD_HEIGHT) / (f32)FONT_ATLAS_HEIGHT);
    *uvMax = V2((x0 + (f32)FONT_QUAD_WIDTH) / (f32)FONT_ATLAS_WIDTH, 1.0f - y0 / (f32)FONT_ATLAS_HEIGHT);
}

// The middle of the solid white block: every sample there is white, whatever the filtering, so flat
// rectangles share the font's texture and batch with the text.
inline v2 FontSolidTexCoord(void)
{
    f32 x = 0.5f * (f32)FONT_SLOT_WIDTH;
    f32 y = (f32)(FONT_SOLID_SLOT_ROW * FONT_SLOT_HEIGHT) + 0.5f * (f32)FONT_SLOT_HEIGHT;   // from the top
    return V2(x / (f32)FONT_ATLAS_WIDTH, 1.0f - y / (f32)FONT_ATLAS_HEIGHT);
}

//~ Layout (pure: tests check it without a renderer)
// One glyph's quad: pixels (min = top left) and atlas texture coordinates.
struct text_quad
{
    v2 min, max;
    v2 uvMin, uvMax;            // uvMin at the quad's bottom left, uvMax at its top right
    u32 slot;
};

struct text_extent
{
    f32 width;                  // the widest line
    f32 height;                 // line count * line height
    u32 lineCount;
};

// Where the next character goes; the drawing code of each layer walks text with it.
struct text_cursor
{
    f32 left;                   // where a '\n' returns to
    f32 x, y;                   // the next glyph's top left
    f32 scale;
};

// A cursor at `topLeft` snapped to whole pixels, so glyph texels land on pixel centres.
inline text_cursor StartTextCursor(v2 topLeft, f32 scale)
{
    text_cursor cursor;
    cursor.left = floorf(topLeft.x + 0.5f);
    cursor.x = cursor.left;
    cursor.y = floorf(topLeft.y + 0.5f);
    cursor.scale = scale;
    return cursor;
}

// Advances over one character; true when it produced a visible glyph in *quad (a space and '\n'
// produce none).
inline b32 AdvanceTextCursor(text_cursor *cursor, u8 character, text_quad *quad)
{
    if (character == '\n')
    {
        cursor->x = cursor->left;
        cursor->y += (f32)FONT_LINE_HEIGHT * cursor->scale;
        return 0;
    }
    b32 visible = (character != ' ');
    if (visible)
    {
        quad->slot = FontSlotForChar(character);
        quad->min = V2(cursor->x, cursor->y);
        quad->max = V2(cursor->x + (f32)FONT_QUAD_WIDTH * cursor->scale, cursor->y + (f32)FONT_QUAD_HEIGHT * cursor->scale);
        FontSlotTexCoords(quad->slot, &quad->uvMin, &quad->uvMax);
    }
    cursor->x += (f32)FONT_ADVANCE * cursor->scale;
    return visible;
}

// Lays out `text` from `topLeft` (snapped to whole pixels). Spaces advance without a quad. Writes
// at most maxQuads quads (quads may be null to count) and returns how many visible glyphs the text
// has. A null text is empty; every byte but a space or '\n' gets a quad, the placeholder box for
// one the font lacks.
inline u32 LayoutText(const char *text, v2 topLeft, f32 scale, text_quad *quads, u32 maxQuads)
{
    text_cursor cursor = StartTextCursor(topLeft, scale);
    u32 count = 0;
    for (const u8 *at = (const u8 *)text; at && *at; ++at)
    {
        text_quad quad;
        if (AdvanceTextCursor(&cursor, *at, &quad))
        {
            if (quads && count < maxQuads) quads[count] = quad;
            ++count;
        }
    }
    return count;
}

// Width of the widest line and height of all lines, counting every byte as one character (so a
// UTF-8 sequence is as wide as the placeholders LayoutText draws for it); zero for a null or empty
// text.
inline text_extent MeasureText(const char *text, f32 scale)
{
    text_extent extent = {};
    u32 column = 0, widestColumn = 0;
    const u8 *at = (const u8 *)text;
    if (at && *at) extent.lineCount = 1;
    for (; at && *at; ++at)
    {
        if (*at == '\n')
        {
            ++extent.lineCount;
            column = 0;
            continue;
        }
        ++column;
        widestColumn = Maximum(widestColumn, column);
    }
    extent.width = (f32)(widestColumn * FONT_ADVANCE) * scale;
    extent.height = (f32)(extent.lineCount * FONT_LINE_HEIGHT) * scale;
    return extent;
}
inline f32 MeasureTextWidth(const char *text, f32 scale) { return MeasureText(text, scale).width; }

#endif // BASE_FONT_H
