#ifndef RENDER_OVERLAY_H
#define RENDER_OVERLAY_H
// The exe's own overlay: a flat list of quads in the frame's pixels (rectangles, lines, text in the
// base font), drawn by the renderer over the finished frame in one draw call with one texture, the
// font atlas (FontBuildAtlas, uploaded by OpenGLSetOverlayFont): rectangles and lines sample its
// solid white block. No GL and no OS here: the caller owns the vertex storage, nothing is
// allocated, and the unit tests build it natively.
//
// Pixels have the origin at the top left and y growing downwards. Every push either writes all of
// its quads' vertices or, when they do not fit, counts them in refusedQuadCount and writes nothing
// of that quad; a text writes the glyphs that fit and counts the rest.

#include "base/base_types.h"
#include "base/base_math.h"
#include "base/base_font.h"
#include "contract/render_commands.h"

// Colour: RGBA8 sRGB-encoded, r in the low byte (as render_vertex.color).
inline u32 OverlayColor(u32 r, u32 g, u32 b, u32 a)
{
    return (r & 0xFFu) | ((g & 0xFFu) << 8) | ((b & 0xFFu) << 16) | ((a & 0xFFu) << 24);
}

struct render_overlay
{
    render_vertex *vertices;    // 4 per quad, counter-clockwise as on screen; pixel coordinates,
    u32 quadCount;              //   origin top left, y down; z unused
    u32 maxQuads;
    u32 refusedQuadCount;       // pushes that did not fit (nothing half-written)
    u32 width, height;          // the pixel space: the frame's size in pixels
};

#define OVERLAY_LINE_HEIGHT FONT_LINE_HEIGHT    // pixels from one text line to the next at scale 1
#define OVERLAY_ADVANCE FONT_ADVANCE            // pixels from one character to the next at scale 1

// Starts an empty list over `storage` (room for maxQuads * 4 vertices; may be 0 with maxQuads 0,
// then every push is refused). Any thread; the overlay is the caller's until the renderer reads it.
void BeginRenderOverlay(render_overlay *overlay, render_vertex *storage, u32 maxQuads, u32 width, u32 height);
// A filled rectangle [x0,x1) x [y0,y1); alpha < 255 blends over what is below. An empty or
// inverted rectangle pushes nothing.
void PushOverlayRect(render_overlay *overlay, f32 x0, f32 y0, f32 x1, f32 y1, u32 color);
// A straight segment `thickness` pixels wide (plots): a quad from (x0, y0) to (x1, y1), thickness/2
// to each side; a zero-length segment is a thickness-wide square. Thickness <= 0 pushes nothing.
void PushOverlayLine(render_overlay *overlay, f32 x0, f32 y0, f32 x1, f32 y1, f32 thickness, u32 color);
// Text with the base font from (x, y) = its top left, snapped to whole pixels; '\n' starts a line.
// Returns the x just past the last glyph of the last line (where more text on it would start).
f32 PushOverlayText(render_overlay *overlay, f32 x, f32 y, f32 scale, u32 color, const char *text);
// At most maxWidth pixels of the first line, whole glyphs only.
void PushOverlayTextClipped(render_overlay *overlay, f32 x, f32 y, f32 scale, u32 color, f32 maxWidth, const char *text);
// The widest line, in pixels (every byte one character, as the text functions draw them).
f32 OverlayTextWidth(const char *text, f32 scale);

#endif // RENDER_OVERLAY_H
