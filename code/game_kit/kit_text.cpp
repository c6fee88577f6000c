// Bitmap-font text and rectangles as render commands (see kit_text.h for the coordinate
// conventions; the font and its layout are base/base_font.h).

#include "game_kit/kit_text.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

// NOTE: the text layer sits a hair behind the near plane instead of on it: depth exactly 1.0 is on
// the clip boundary, where a rounding difference between drivers would decide whether text shows.
// The backdrop sits a little further back so the text and bars in front of it always win.
#define TEXT_LAYER_Z -1.0e-6f
#define TEXT_BACKDROP_Z -1.0e-4f

//~ Drawing
b32 FontAtlasIsUsable(const loaded_bitmap *font)
{
    return font && font->pixels && !font->isFallback && font->width == FONT_ATLAS_WIDTH &&
           font->height == FONT_ATLAS_HEIGHT;
}

loaded_bitmap BuildFontBitmap(memory_arena *arena)
{
    u32 *pixels = PushArray(arena, FONT_ATLAS_WIDTH * FONT_ATLAS_HEIGHT, u32);
    if (!pixels) return FallbackBitmap();
    FontBuildAtlas(pixels);
    loaded_bitmap font = {};
    font.width = FONT_ATLAS_WIDTH;
    font.height = FONT_ATLAS_HEIGHT;
    font.pixels = pixels;
    return font;
}

// Screen pixels (y down) to the viewport: an orthographic camera whose near plane is depth 1.
// NOTE: the renderer keeps one depth buffer for the frame and tests GEQUAL under reverse-z, so
// quads at the near plane pass over whatever the scene drew before; translucent scene geometry is
// peeled against that depth as well and so stays behind the overlay. The fog entry turns the
// scene's fog off (it is measured from the camera, which here is hundreds of "metres" of pixels)
// and sets the alpha test that cuts glyphs out of their quads.
text_context BeginScreenText(game_render_commands *commands, const loaded_bitmap *font, u32 fontTextureIndex)
{
    text_context context = {};
    context.commands = commands;
    context.fontUsable = FontAtlasIsUsable(font);
    context.textureIndex = context.fontUsable ? fontTextureIndex : 0;
    context.width = (f32)Maximum(commands->widthInPixels, 1u);
    context.height = (f32)Maximum(commands->heightInPixels, 1u);
    m4x4_inv projection = OrthographicReverseZ(0.0f, context.width, context.height, 0.0f, 0.0f, 1.0f);
    PushCamera(commands, projection, Identity4x4(), V3(0.0f, 0.0f, 0.0f), 0.0f, 1.0f, RenderProjection_Orthographic);
    PushFog(commands, V4(0.0f, 0.0f, 0.0f, 0.0f), 0.0f, 0.0f, 0.0f, 0.0f, 0.5f);
    return context;
}

// Corners counter-clockwise as they appear on screen: bottom left, bottom right, top right, top left.
internal void PushScreenQuad(text_context *context, b32 translucent, f32 z, v2 min, v2 max, v2 uvMin, v2 uvMax, u32 color)
{
    render_vertex v[4];
    v[0].p = V3(min.x, max.y, z); v[0].uv = V2(uvMin.x, uvMin.y);
    v[1].p = V3(max.x, max.y, z); v[1].uv = V2(uvMax.x, uvMin.y);
    v[2].p = V3(max.x, min.y, z); v[2].uv = V2(uvMax.x, uvMax.y);
    v[3].p = V3(min.x, min.y, z); v[3].uv = V2(uvMin.x, uvMax.y);
    v[0].color = v[1].color = v[2].color = v[3].color = color;
    PushQuadVertices(context->commands, context->textureIndex, translucent, v);
}

v2 PushText(text_context *context, v2 topLeft, f32 scale, u32 color, const char *text)
{
    text_cursor cursor = StartTextCursor(topLeft, scale);
    for (const u8 *at = (const u8 *)text; at && *at; ++at)
    {
        text_quad quad;
        if (AdvanceTextCursor(&cursor, *at, &quad) && context->fontUsable)
        {
            PushScreenQuad(context, 0, TEXT_LAYER_Z, quad.min, quad.max, quad.uvMin, quad.uvMax, color);
        }
    }
    return V2(cursor.left, cursor.y + (f32)FONT_LINE_HEIGHT * scale);
}

v2 PushTextF(text_context *context, v2 topLeft, f32 scale, u32 color, const char *format, ...)
{
    char buffer[512];
    va_list args;
    va_start(args, format);
    vsnprintf(buffer, sizeof(buffer), format, args);
    va_end(args);
    return PushText(context, topLeft, scale, color, buffer);
}

void PushTextClipped(text_context *context, v2 topLeft, f32 scale, u32 color, f32 maxWidth, const char *text)
{
    text_cursor cursor = StartTextCursor(topLeft, scale);
    f32 limit = cursor.left + maxWidth;
    for (const u8 *at = (const u8 *)text; at && *at && *at != '\n'; ++at)
    {
        if (cursor.x + (f32)FONT_ADVANCE * scale > limit) break;
        text_quad quad;
        if (AdvanceTextCursor(&cursor, *at, &quad) && context->fontUsable)
        {
            PushScreenQuad(context, 0, TEXT_LAYER_Z, quad.min, quad.max, quad.uvMin, quad.uvMax, color);
        }
    }
}

// The atlas's solid block (any texel of the plain white texture without a font).
internal v2 SolidTexCoord(text_context *context)
{
    return context->fontUsable ? FontSolidTexCoord() : V2(0.5f, 0.5f);
}

void PushScreenRect(text_context *context, v2 min, v2 max, u32 color)
{
    v2 uv = SolidTexCoord(context);
    PushScreenQuad(context, 0, TEXT_LAYER_Z, min, max, uv, uv, color);
}

void PushScreenBackdrop(text_context *context, v2 min, v2 max, u32 color)
{
    v2 uv = SolidTexCoord(context);
    PushScreenQuad(context, 1, TEXT_BACKDROP_Z, min, max, uv, uv, color);
}
