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

#include "base/base_font.h"
#include "contract/game_platform.h"
#include "game_kit/kit_render_push.h"
#include "game_kit/kit_asset_bmp.h"

// The font (atlas layout, glyph designs, layout and measuring) is base/base_font.h, shared with the
// exe's own overlay; this file draws it as render commands.
#define FONT_FILE_NAME "fonts/engine_font.bmp"    // tests/tools/make_font.cpp writes it from FontBuildAtlas

//~ Drawing
struct text_context
{
    game_render_commands *commands;
    u32 textureIndex;           // the uploaded font atlas; 0 when the font is unusable
    b32 fontUsable;             // false: text is skipped and rectangles use plain white
    f32 width, height;          // the viewport in pixels
};

// True when the bitmap has the atlas layout of base_font.h (a rejected file gives the 8x8 checker).
b32 FontAtlasIsUsable(const loaded_bitmap *font);
// The font atlas built in memory (FontBuildAtlas into the arena), for a game that ships no
// data/fonts/engine_font.bmp: the same pixels LoadBMP gives for that file. The checker
// (FallbackBitmap) when the arena has no room for it.
loaded_bitmap BuildFontBitmap(memory_arena *arena);

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
