// Bitmap-font layout and screen-space drawing (see kit_text.h for the coordinate conventions).

#include "game_kit/kit_text.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

// NOTE: the text layer sits a hair behind the near plane instead of on it: depth exactly 1.0 is on
// the clip boundary, where a rounding difference between drivers would decide whether text shows.
// The backdrop sits a little further back so the text and bars in front of it always win.
#define TEXT_LAYER_Z -1.0e-6f
#define TEXT_BACKDROP_Z -1.0e-4f

//~ Layout
struct text_cursor
{
    f32 left;
    f32 x, y;
    f32 scale;
};

internal text_cursor StartTextCursor(v2 topLeft, f32 scale)
{
    text_cursor cursor;
    cursor.left = floorf(topLeft.x + 0.5f);
    cursor.x = cursor.left;
    cursor.y = floorf(topLeft.y + 0.5f);
    cursor.scale = scale;
    return cursor;
}

internal void FontSlotTexCoords(u32 slot, v2 *uvMin, v2 *uvMax)
{
    f32 x0 = (f32)((slot % FONT_SLOTS_PER_ROW) * FONT_SLOT_WIDTH + FONT_GLYPH_INSET);
    f32 y0 = (f32)((slot / FONT_SLOTS_PER_ROW) * FONT_SLOT_HEIGHT + FONT_GLYPH_INSET);   // from the top
    *uvMin = V2(x0 / (f32)FONT_ATLAS_WIDTH, 1.0f - (y0 + (f32)FONT_QUAD_HEIGHT) / (f32)FONT_ATLAS_HEIGHT);
    *uvMax = V2((x0 + (f32)FONT_QUAD_WIDTH) / (f32)FONT_ATLAS_WIDTH, 1.0f - y0 / (f32)FONT_ATLAS_HEIGHT);
}

// Advances over one character; true when it produced a visible glyph in *quad.
internal b32 AdvanceTextCursor(text_cursor *cursor, u8 character, text_quad *quad)
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

u32 LayoutText(const char *text, v2 topLeft, f32 scale, text_quad *quads, u32 maxQuads)
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

text_extent MeasureText(const char *text, f32 scale)
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

//~ Drawing
b32 FontAtlasIsUsable(const loaded_bitmap *font)
{
    return font && font->pixels && !font->isFallback && font->width == FONT_ATLAS_WIDTH &&
           font->height == FONT_ATLAS_HEIGHT;
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

// The middle of the atlas's solid block: every sample there is white, whatever the filtering.
internal v2 SolidTexCoord(text_context *context)
{
    if (!context->fontUsable) return V2(0.5f, 0.5f);
    f32 x = 0.5f * (f32)FONT_SLOT_WIDTH;
    f32 y = (f32)(FONT_SOLID_SLOT_ROW * FONT_SLOT_HEIGHT) + 0.5f * (f32)FONT_SLOT_HEIGHT;
    return V2(x / (f32)FONT_ATLAS_WIDTH, 1.0f - y / (f32)FONT_ATLAS_HEIGHT);
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
