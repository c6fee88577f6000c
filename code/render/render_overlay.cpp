// The overlay's draw list (see render_overlay.h): quads in pixels, every one textured from the font
// atlas, so the renderer draws the whole list with one texture in one call.

#include "render/render_overlay.h"
#include <math.h>

void BeginRenderOverlay(render_overlay *overlay, render_vertex *storage, u32 maxQuads, u32 width, u32 height)
{
    overlay->vertices = storage;
    overlay->quadCount = 0;
    overlay->maxQuads = storage ? maxQuads : 0;
    overlay->refusedQuadCount = 0;
    overlay->width = width;
    overlay->height = height;
}

// Appends one quad, corners in the order given (counter-clockwise as on screen), with the texture
// rectangle's uvMin on the first corner and uvMax on the third; false (counted) when it is full.
internal b32 PushOverlayQuad(render_overlay *overlay, v2 p0, v2 p1, v2 p2, v2 p3, v2 uvMin, v2 uvMax, u32 color)
{
    if (overlay->quadCount >= overlay->maxQuads)
    {
        ++overlay->refusedQuadCount;
        return 0;
    }
    render_vertex *v = overlay->vertices + (umm)overlay->quadCount * 4;
    v[0].p = V3(p0.x, p0.y, 0.0f); v[0].uv = V2(uvMin.x, uvMin.y);
    v[1].p = V3(p1.x, p1.y, 0.0f); v[1].uv = V2(uvMax.x, uvMin.y);
    v[2].p = V3(p2.x, p2.y, 0.0f); v[2].uv = V2(uvMax.x, uvMax.y);
    v[3].p = V3(p3.x, p3.y, 0.0f); v[3].uv = V2(uvMin.x, uvMax.y);
    v[0].color = v[1].color = v[2].color = v[3].color = color;
    ++overlay->quadCount;
    return 1;
}

// An axis-aligned quad from its top left `min` to its bottom right `max`: bottom left first, as the
// atlas's uvMin is its bottom left.
internal void PushOverlayBox(render_overlay *overlay, v2 min, v2 max, v2 uvMin, v2 uvMax, u32 color)
{
    PushOverlayQuad(overlay, V2(min.x, max.y), max, V2(max.x, min.y), min, uvMin, uvMax, color);
}

void PushOverlayRect(render_overlay *overlay, f32 x0, f32 y0, f32 x1, f32 y1, u32 color)
{
    if (!(x1 > x0) || !(y1 > y0)) return;
    v2 solid = FontSolidTexCoord();
    PushOverlayBox(overlay, V2(x0, y0), V2(x1, y1), solid, solid, color);
}

void PushOverlayLine(render_overlay *overlay, f32 x0, f32 y0, f32 x1, f32 y1, f32 thickness, u32 color)
{
    if (!(thickness > 0.0f)) return;
    f32 dx = x1 - x0, dy = y1 - y0;
    f32 length = sqrtf(dx * dx + dy * dy);
    f32 half = 0.5f * thickness;
    v2 start = V2(x0, y0), end = V2(x1, y1);
    if (length < 1.0e-6f)
    {
        // NOTE: no direction to widen across; a square keeps a one-point plot visible.
        start.x -= half;
        end.x += half;
        dx = 1.0f;
        dy = 0.0f;
        length = 1.0f;
    }
    // The side (-dy, dx) is "below" a left-to-right segment on screen (y down), so the corners
    // start below the start point and turn counter-clockwise as seen.
    v2 side = V2(-dy * half / length, dx * half / length);
    v2 solid = FontSolidTexCoord();
    PushOverlayQuad(overlay, start + side, end + side, end - side, start - side, solid, solid, color);
}

f32 PushOverlayText(render_overlay *overlay, f32 x, f32 y, f32 scale, u32 color, const char *text)
{
    text_cursor cursor = StartTextCursor(V2(x, y), scale);
    for (const u8 *at = (const u8 *)text; at && *at; ++at)
    {
        text_quad quad;
        if (AdvanceTextCursor(&cursor, *at, &quad))
        {
            PushOverlayBox(overlay, quad.min, quad.max, quad.uvMin, quad.uvMax, color);
        }
    }
    return cursor.x;
}

void PushOverlayTextClipped(render_overlay *overlay, f32 x, f32 y, f32 scale, u32 color, f32 maxWidth, const char *text)
{
    text_cursor cursor = StartTextCursor(V2(x, y), scale);
    f32 limit = cursor.left + maxWidth;
    for (const u8 *at = (const u8 *)text; at && *at && *at != '\n'; ++at)
    {
        if (cursor.x + (f32)FONT_ADVANCE * scale > limit) break;
        text_quad quad;
        if (AdvanceTextCursor(&cursor, *at, &quad))
        {
            PushOverlayBox(overlay, quad.min, quad.max, quad.uvMin, quad.uvMax, color);
        }
    }
}

f32 OverlayTextWidth(const char *text, f32 scale)
{
    return MeasureText(text, scale).width;
}
