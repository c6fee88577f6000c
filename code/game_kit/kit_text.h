#ifndef KIT_TEXT_H
#define KIT_TEXT_H
// Bitmap-font text and flat rectangles for screen-space overlays, as render commands.
//
// Coordinates are screen pixels with the origin at the top left and y growing downwards, the way
// people describe a HUD; PushScreenCamera maps them onto the viewport. Glyphs are alpha-tested
// opaque quads drawn at the near plane, so they land on top of the 3D scene without any renderer
// support: under reverse-z the near plane is depth 1, which passes GEQUAL against everything the
// scene wrote (see the notes at PushScreenCamera). Text colours therefore need alpha above 0.5.
//
// The flat rectangles sample a solid white block inside the font atlas, so text and bars share one
// texture and an overlay's opaque parts batch into a single draw in painter's order.

#include "contract/game_platform.h"
#include "game_kit/kit_render_push.h"
#include "game_kit/kit_asset_bmp.h"

//~ Font atlas layout (tests/tools/make_font.cpp writes data/fonts/engine_font.bmp to match this)
// 16 x 6 slots of 8x12 pixels for the characters 32..127, row by row from the top left of the
// image; slot 95 (DEL) holds the placeholder box drawn for every character the font lacks. A 7th
// row starts with the solid white block. Each glyph is designed in 5x9 pixels placed one pixel in
// from the slot's top left corner: rows 0..6 reach the baseline, rows 7..8 hold descenders. The
// blank border keeps linear filtering from bleeding a neighbour's pixels into a glyph.
#define FONT_FILE_NAME "fonts/engine_font.bmp"
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

//~ Layout (pure: tests check it without a renderer)
// One glyph's quad: screen pixels (min = top left) and atlas texture coordinates (v = 0 is the
// bottom row of the atlas, as the renderer uploads it).
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

// Lays out `text` from `topLeft` (snapped to whole pixels so glyph texels land on pixel centres).
// Spaces advance without a quad. Writes at most maxQuads quads (quads may be null to count) and
// returns how many visible glyphs the text has. A null text is empty; every byte but a space or
// '\n' gets a quad, the placeholder box for one the font lacks.
u32 LayoutText(const char *text, v2 topLeft, f32 scale, text_quad *quads, u32 maxQuads);
// Width of the widest line and height of all lines, counting every byte as one character (so a
// UTF-8 sequence is as wide as the placeholders LayoutText draws for it); zero for a null or empty text.
text_extent MeasureText(const char *text, f32 scale);
inline f32 MeasureTextWidth(const char *text, f32 scale) { return MeasureText(text, scale).width; }

//~ Drawing
struct text_context
{
    game_render_commands *commands;
    u32 textureIndex;           // the uploaded font atlas; 0 when the font is unusable
    b32 fontUsable;             // false: text is skipped and rectangles use plain white
    f32 width, height;          // the viewport in pixels
};

// True when the bitmap has the atlas layout above (a rejected file gives the 8x8 checker).
b32 FontAtlasIsUsable(const loaded_bitmap *font);

// Pushes the pixel camera and a fog-off state; everything drawn with `context` goes after this.
// font may be 0 or a rejected file: the context then skips glyphs (layout still advances) and draws
// rectangles in plain white, so a missing font never stops the overlay.
text_context BeginScreenText(game_render_commands *commands, const loaded_bitmap *font, u32 fontTextureIndex);

// Returns the top left of the line after the text's last line (a null text is empty).
v2 PushText(text_context *context, v2 topLeft, f32 scale, u32 color, const char *text);
// Formatted text (vsnprintf into a 512-byte buffer: longer output is cut).
v2 PushTextF(text_context *context, v2 topLeft, f32 scale, u32 color, const char *format, ...);
// At most maxWidth pixels of the text's first line: whole glyphs only, nothing past the limit.
void PushTextClipped(text_context *context, v2 topLeft, f32 scale, u32 color, f32 maxWidth, const char *text);

// An opaque rectangle (on the text's layer; later pushes cover earlier ones).
void PushScreenRect(text_context *context, v2 min, v2 max, u32 color);
// A see-through backdrop just behind the text layer, blended over the scene.
void PushScreenBackdrop(text_context *context, v2 min, v2 max, u32 color);

#endif // KIT_TEXT_H
