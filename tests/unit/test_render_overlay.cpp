// The exe's overlay draw list (render/render_overlay.h) without a renderer: quad corners and their
// winding, texture coordinates (rectangles and lines on the atlas's solid block, glyphs on their
// slot, as base_font.h lays text out), text cursors and clipping, and refusals when the list is
// full (counted, nothing half-written). Portable: built natively and with MinGW under Wine.

#include "render/render_overlay.h"
#include "test_framework.h"
#include <math.h>
#include <string.h>

internal b32 Near(f32 a, f32 b, f32 tolerance = 1.0e-4f) { return fabsf(a - b) <= tolerance; }
internal b32 NearV2(v3 p, f32 x, f32 y) { return Near(p.x, x) && Near(p.y, y); }

// Twice the signed area in pixel coordinates (y down): negative when the corners turn
// counter-clockwise as seen on screen.
internal f32 SignedArea2(const render_vertex *v)
{
    f32 sum = 0.0f;
    for (u32 i = 0; i < 4; ++i)
    {
        const render_vertex *a = v + i, *b = v + (i + 1) % 4;
        sum += a->p.x * b->p.y - b->p.x * a->p.y;
    }
    return sum;
}

global render_vertex testStorage[64 * 4];

internal void TestRect(void)
{
    CHECK_MSG(OverlayColor(0x11, 0x22, 0x33, 0x44) == 0x44332211u, "OverlayColor: red in the low byte, alpha in the high");
    render_overlay overlay;
    BeginRenderOverlay(&overlay, testStorage, 64, 640, 360);
    CHECK(overlay.quadCount == 0 && overlay.refusedQuadCount == 0 && overlay.maxQuads == 64 && overlay.width == 640 &&
          overlay.height == 360 && overlay.vertices == testStorage);
    u32 red = OverlayColor(255, 0, 0, 255);
    PushOverlayRect(&overlay, 10.0f, 20.0f, 30.0f, 25.0f, red);
    CHECK(overlay.quadCount == 1);
    render_vertex *v = overlay.vertices;
    CHECK_MSG(NearV2(v[0].p, 10, 25) && NearV2(v[1].p, 30, 25) && NearV2(v[2].p, 30, 20) && NearV2(v[3].p, 10, 20),
              "rect corners: bottom left, bottom right, top right, top left");
    CHECK_MSG(SignedArea2(v) < 0.0f, "rect corners turn counter-clockwise as seen on screen");
    CHECK_MSG(Near(fabsf(SignedArea2(v)), 2.0f * 20.0f * 5.0f), "the rect covers exactly [x0,x1) x [y0,y1)");
    v2 solid = FontSolidTexCoord();
    b32 allSolid = 1, allRed = 1;
    for (u32 i = 0; i < 4; ++i)
    {
        allSolid &= Near(v[i].uv.x, solid.x) && Near(v[i].uv.y, solid.y);
        allRed &= (v[i].color == red);
    }
    CHECK_MSG(allSolid, "every rect corner samples the atlas's solid white block");
    CHECK_MSG(allRed, "every corner carries the colour as given");
    // The solid coordinate is the middle of slot (0, 6), counted from the atlas's top.
    CHECK(Near(solid.x * FONT_ATLAS_WIDTH, 4.0f) && Near((1.0f - solid.y) * FONT_ATLAS_HEIGHT, 6.0f * FONT_SLOT_HEIGHT + 6.0f));

    PushOverlayRect(&overlay, 5.0f, 5.0f, 5.0f, 9.0f, red);
    PushOverlayRect(&overlay, 5.0f, 9.0f, 8.0f, 5.0f, red);
    CHECK_MSG(overlay.quadCount == 1 && overlay.refusedQuadCount == 0, "an empty or inverted rect pushes nothing");
}

internal void TestLine(void)
{
    render_overlay overlay;
    BeginRenderOverlay(&overlay, testStorage, 64, 640, 360);
    PushOverlayLine(&overlay, 10.0f, 50.0f, 110.0f, 50.0f, 2.0f, 0xFFFFFFFFu);
    render_vertex *v = overlay.vertices;
    CHECK_MSG(NearV2(v[0].p, 10, 51) && NearV2(v[1].p, 110, 51) && NearV2(v[2].p, 110, 49) && NearV2(v[3].p, 10, 49),
              "a horizontal line: thickness/2 each side, corners as a rect's");
    PushOverlayLine(&overlay, 0.0f, 0.0f, 30.0f, 40.0f, 4.0f, 0xFFFFFFFFu);
    v = overlay.vertices + 4;
    f32 dx = v[1].p.x - v[0].p.x, dy = v[1].p.y - v[0].p.y;
    f32 wx = v[3].p.x - v[0].p.x, wy = v[3].p.y - v[0].p.y;
    CHECK_MSG(Near(sqrtf(dx * dx + dy * dy), 50.0f) && Near(sqrtf(wx * wx + wy * wy), 4.0f) && Near(dx * wx + dy * wy, 0.0f),
              "a diagonal line is its length long and its thickness wide, at a right angle");
    CHECK_MSG(Near(0.5f * (v[0].p.x + v[3].p.x), 0.0f) && Near(0.5f * (v[1].p.y + v[2].p.y), 40.0f),
              "a diagonal line is centred on its end points");
    CHECK_MSG(SignedArea2(v) < 0.0f, "line corners turn counter-clockwise as seen on screen");
    PushOverlayLine(&overlay, 30.0f, 40.0f, 0.0f, 0.0f, 4.0f, 0xFFFFFFFFu);
    CHECK_MSG(SignedArea2(overlay.vertices + 8) < 0.0f, "whichever way it is drawn");
    PushOverlayLine(&overlay, 7.0f, 8.0f, 7.0f, 8.0f, 2.0f, 0xFFFFFFFFu);
    v = overlay.vertices + 12;
    CHECK_MSG(NearV2(v[0].p, 6, 9) && NearV2(v[2].p, 8, 7), "a zero-length line is a thickness-wide square (a plot's point)");
    PushOverlayLine(&overlay, 0.0f, 0.0f, 5.0f, 5.0f, 0.0f, 0xFFFFFFFFu);
    CHECK_MSG(overlay.quadCount == 4, "a line without thickness pushes nothing");
}

internal void TestText(void)
{
    render_overlay overlay;
    BeginRenderOverlay(&overlay, testStorage, 64, 640, 360);
    f32 end = PushOverlayText(&overlay, 10.4f, 20.6f, 1.0f, 0xFF00FF00u, "AB C");
    CHECK_MSG(overlay.quadCount == 3, "a space advances but makes no quad");
    CHECK_MSG(Near(end, 10.0f + 4.0f * FONT_ADVANCE), "returns the x past the last glyph (from the snapped origin)");
    text_quad quads[3];
    LayoutText("AB C", V2(10.4f, 20.6f), 1.0f, quads, 3);
    b32 same = 1;
    for (u32 q = 0; q < 3; ++q)
    {
        render_vertex *v = overlay.vertices + q * 4;
        same &= NearV2(v[0].p, quads[q].min.x, quads[q].max.y) && NearV2(v[2].p, quads[q].max.x, quads[q].min.y);
        same &= NearV2(v[3].p, quads[q].min.x, quads[q].min.y) && NearV2(v[1].p, quads[q].max.x, quads[q].max.y);
        same &= Near(v[0].uv.x, quads[q].uvMin.x) && Near(v[0].uv.y, quads[q].uvMin.y);
        same &= Near(v[2].uv.x, quads[q].uvMax.x) && Near(v[2].uv.y, quads[q].uvMax.y);
        same &= (v[1].color == 0xFF00FF00u);
    }
    CHECK_MSG(same, "glyph quads are base_font's layout: corners, texture coordinates, colour");
    CHECK_MSG(Near(overlay.vertices[3].p.x, 10.0f) && Near(overlay.vertices[3].p.y, 21.0f), "the origin snaps to whole pixels");
    CHECK_MSG(SignedArea2(overlay.vertices) < 0.0f, "glyph corners turn counter-clockwise as seen on screen");

    BeginRenderOverlay(&overlay, testStorage, 64, 640, 360);
    end = PushOverlayText(&overlay, 0.0f, 0.0f, 2.0f, 0xFFFFFFFFu, "long line\nab");
    CHECK_MSG(Near(end, 2.0f * 2.0f * FONT_ADVANCE), "after a newline: the x past the last line's last glyph, at scale 2");
    render_vertex *last = overlay.vertices + (overlay.quadCount - 1) * 4;
    CHECK_MSG(Near(last[3].p.y, 2.0f * OVERLAY_LINE_HEIGHT), "'\\n' starts a line one line height (scaled) down");
    CHECK(Near(PushOverlayText(&overlay, 3.0f, 0.0f, 1.0f, 0, 0), 3.0f));
    CHECK(Near(OverlayTextWidth("ab\nlonger\nx", 1.0f), 6.0f * FONT_ADVANCE) && Near(OverlayTextWidth(0, 1.0f), 0.0f));
    CHECK(Near(OverlayTextWidth("abc", 3.0f), 3.0f * 3.0f * FONT_ADVANCE));
}

internal void TestClipped(void)
{
    render_overlay overlay;
    BeginRenderOverlay(&overlay, testStorage, 64, 640, 360);
    PushOverlayTextClipped(&overlay, 0.0f, 0.0f, 1.0f, 0xFFFFFFFFu, 3.5f * FONT_ADVANCE, "abcdef");
    CHECK_MSG(overlay.quadCount == 3, "clipped: whole glyphs only, none past maxWidth");
    render_vertex *v = overlay.vertices + 2 * 4;
    CHECK(v[1].p.x <= 3.5f * FONT_ADVANCE);
    BeginRenderOverlay(&overlay, testStorage, 64, 640, 360);
    PushOverlayTextClipped(&overlay, 0.0f, 0.0f, 1.0f, 0xFFFFFFFFu, 100.0f, "ab\ncd");
    CHECK_MSG(overlay.quadCount == 2, "clipped: the first line only");
    PushOverlayTextClipped(&overlay, 0.0f, 0.0f, 1.0f, 0xFFFFFFFFu, 5.0f, "ab");
    CHECK_MSG(overlay.quadCount == 2, "clipped: narrower than one glyph draws nothing");
    PushOverlayTextClipped(&overlay, 0.0f, 0.0f, 2.0f, 0xFFFFFFFFu, 2.0f * 2.0f * FONT_ADVANCE, "abc");
    CHECK_MSG(overlay.quadCount == 4, "clipped: exactly two glyphs wide at scale 2 draws two");
}

internal void TestFull(void)
{
    render_overlay overlay;
    memset(testStorage, 0xAB, sizeof(testStorage));
    BeginRenderOverlay(&overlay, testStorage, 3, 640, 360);
    PushOverlayText(&overlay, 0.0f, 0.0f, 1.0f, 0xFFFFFFFFu, "abcde");
    CHECK_MSG(overlay.quadCount == 3 && overlay.refusedQuadCount == 2, "a text writes the glyphs that fit and counts the rest");
    PushOverlayRect(&overlay, 0, 0, 5, 5, 0xFFFFFFFFu);
    PushOverlayLine(&overlay, 0, 0, 5, 5, 1.0f, 0xFFFFFFFFu);
    CHECK_MSG(overlay.quadCount == 3 && overlay.refusedQuadCount == 4, "a full list refuses rects and lines, counted");
    u8 *past = (u8 *)(testStorage + 3 * 4);
    b32 untouched = 1;
    for (umm i = 0; i < sizeof(testStorage) - 3 * 4 * sizeof(render_vertex); ++i) untouched &= (past[i] == 0xAB);
    CHECK_MSG(untouched, "nothing is written past maxQuads");
    BeginRenderOverlay(&overlay, 0, 16, 640, 360);
    PushOverlayRect(&overlay, 0, 0, 5, 5, 0xFFFFFFFFu);
    CHECK_MSG(overlay.quadCount == 0 && overlay.refusedQuadCount == 1 && overlay.maxQuads == 0,
              "without storage every push is refused");
}

int main(void)
{
    TestRect();
    TestLine();
    TestText();
    TestClipped();
    TestFull();
    return TestSummary();
}
