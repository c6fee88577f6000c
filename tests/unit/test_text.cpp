// Text layout, the font atlas and the debug overlay's collection, natively (and as a Windows exe
// under Wine). Usage: test_text <path of data/fonts/engine_font.bmp>
//
// The atlas checks compare the committed file with what tests/tools/make_font.cpp builds in memory, so
// a stale data/fonts/engine_font.bmp or a glyph that lost its pixels fails here.

#define MAKE_FONT_NO_MAIN
#include "../tools/make_font.cpp"
#include "game_kit/game_kit.cpp"
#include "test_framework.h"
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

global u8 globalTestMemory[16 << 20];
#define DemoTextureFontSlotForTest 2

internal b32 Near(f32 a, f32 b, f32 tolerance = 1.0e-4f) { return fabsf(a - b) <= tolerance; }

internal PLATFORM_LOG(TestLog)
{
    (void)level;
    (void)format;
}


// The atlas texel (row 0 = bottom, as LoadBMP and the renderer have it) a texture coordinate hits.
internal u32 AtlasTexel(const loaded_bitmap *atlas, v2 uv)
{
    u32 x = (u32)Clamp(0.0f, floorf(uv.x * (f32)atlas->width), (f32)atlas->width - 1.0f);
    u32 y = (u32)Clamp(0.0f, floorf(uv.y * (f32)atlas->height), (f32)atlas->height - 1.0f);
    return atlas->pixels[y * atlas->width + x];
}

//~ Layout
internal void TestLayout(void)
{
    text_quad quads[16];
    u32 count = LayoutText("AB C", V2(10.4f, 20.6f), 1.0f, quads, ArrayCount(quads));
    CHECK_MSG(count == 3, "a space advances but makes no quad");
    CHECK_MSG(Near(quads[0].min.x, 10.0f) && Near(quads[0].min.y, 21.0f), "the origin snaps to whole pixels");
    CHECK(Near(quads[0].max.x - quads[0].min.x, (f32)FONT_QUAD_WIDTH) && Near(quads[0].max.y - quads[0].min.y, (f32)FONT_QUAD_HEIGHT));
    CHECK_MSG(Near(quads[1].min.x, 10.0f + FONT_ADVANCE), "the second glyph is one advance further");
    CHECK_MSG(Near(quads[2].min.x, 10.0f + 3 * FONT_ADVANCE), "after the space: three advances");
    CHECK(Near(quads[2].min.y, 21.0f));
    CHECK(quads[0].slot == 'A' - FONT_FIRST_CHAR && quads[1].slot == 'B' - FONT_FIRST_CHAR && quads[2].slot == 'C' - FONT_FIRST_CHAR);

    // 'A' is slot 33: column 1, row 2 of the grid; its design starts one pixel into the slot.
    f32 x0 = (f32)(1 * FONT_SLOT_WIDTH + FONT_GLYPH_INSET), y0 = (f32)(2 * FONT_SLOT_HEIGHT + FONT_GLYPH_INSET);
    CHECK_MSG(Near(quads[0].uvMin.x, x0 / FONT_ATLAS_WIDTH) && Near(quads[0].uvMax.x, (x0 + FONT_QUAD_WIDTH) / FONT_ATLAS_WIDTH),
              "glyph u range covers its slot's design box");
    CHECK_MSG(Near(quads[0].uvMax.y, 1.0f - y0 / FONT_ATLAS_HEIGHT) &&
              Near(quads[0].uvMin.y, 1.0f - (y0 + FONT_QUAD_HEIGHT) / FONT_ATLAS_HEIGHT),
              "glyph v range: the atlas is bottom-up, so the glyph's top has the larger v");

    count = LayoutText("AB", V2(0, 0), 2.0f, quads, ArrayCount(quads));
    CHECK(count == 2);
    CHECK_MSG(Near(quads[1].min.x, 2.0f * FONT_ADVANCE), "scale 2 doubles the advance");
    CHECK_MSG(Near(quads[0].max.x, 2.0f * FONT_QUAD_WIDTH) && Near(quads[0].max.y, 2.0f * FONT_QUAD_HEIGHT),
              "scale 2 doubles the quad");

    count = LayoutText("ab\ncd\n\ne", V2(5, 7), 1.0f, quads, ArrayCount(quads));
    CHECK_MSG(count == 5, "newlines make no quads");
    CHECK_MSG(Near(quads[2].min.x, 5.0f) && Near(quads[2].min.y, 7.0f + FONT_LINE_HEIGHT), "a newline returns to the left edge, one line down");
    CHECK(Near(quads[3].min.x, 5.0f + FONT_ADVANCE) && Near(quads[3].min.y, 7.0f + FONT_LINE_HEIGHT));
    CHECK_MSG(Near(quads[4].min.y, 7.0f + 3 * FONT_LINE_HEIGHT), "an empty line still takes its height");

    u32 placeholder = FONT_PLACEHOLDER_CHAR - FONT_FIRST_CHAR;
    count = LayoutText("\t\x01\x7f\xc3\xa9~", V2(0, 0), 1.0f, quads, ArrayCount(quads));
    CHECK_MSG(count == 6, "non-printable characters still take a cell");
    b32 allPlaceholders = 1;
    for (u32 index = 0; index < 5; ++index) allPlaceholders &= (quads[index].slot == placeholder);
    CHECK_MSG(allPlaceholders, "tab, control, DEL and UTF-8 bytes draw the placeholder");
    CHECK_MSG(quads[5].slot == '~' - FONT_FIRST_CHAR, "'~' (126) is a real glyph");
    CHECK(FontSlotForChar(' ') == 0 && FontSlotForChar('~') == 94 && FontSlotForChar(0x80) == placeholder &&
          FontSlotForChar(0xFF) == placeholder);

    CHECK_MSG(LayoutText("hello world", V2(0, 0), 1.0f, 0, 0) == 10, "counting without output");
    count = LayoutText("abcdef", V2(0, 0), 1.0f, quads, 2);
    CHECK_MSG(count == 6 && Near(quads[1].min.x, (f32)FONT_ADVANCE), "a short output array gets the first quads, the count is whole");
    CHECK(LayoutText("", V2(0, 0), 1.0f, quads, 16) == 0 && LayoutText(0, V2(0, 0), 1.0f, quads, 16) == 0);
}

internal void TestMeasure(void)
{
    text_extent extent = MeasureText("", 1.0f);
    CHECK_MSG(extent.width == 0.0f && extent.height == 0.0f && extent.lineCount == 0, "empty text has no extent");
    extent = MeasureText("hello", 1.0f);
    CHECK(Near(extent.width, 5.0f * FONT_ADVANCE) && Near(extent.height, (f32)FONT_LINE_HEIGHT) && extent.lineCount == 1);
    extent = MeasureText("ab\nlonger line\nxyz", 1.0f);
    CHECK_MSG(Near(extent.width, 11.0f * FONT_ADVANCE), "the width is the widest line's");
    CHECK(extent.lineCount == 3 && Near(extent.height, 3.0f * FONT_LINE_HEIGHT));
    extent = MeasureText("ab\n", 2.0f);
    CHECK_MSG(extent.lineCount == 2 && Near(extent.width, 2.0f * 2.0f * FONT_ADVANCE) &&
              Near(extent.height, 2.0f * 2.0f * FONT_LINE_HEIGHT), "scale and a trailing newline");
    CHECK_MSG(Near(MeasureTextWidth("a b\x01", 1.0f), 4.0f * FONT_ADVANCE), "spaces and placeholders are measured like glyphs");
    // Measuring agrees with layout: the last glyph's quad ends within the measured width.
    text_quad quads[8];
    u32 count = LayoutText("wxyz", V2(0, 0), 3.0f, quads, 8);
    CHECK(count == 4 && quads[3].max.x <= MeasureTextWidth("wxyz", 3.0f) + 1.0e-3f);
}

//~ Font atlas
internal void TestAtlas(const char *fontPath)
{
    static u8 expectedFile[FONT_BMP_FILE_SIZE];
    CHECK_MSG(BuildFontFile(expectedFile), "every glyph design is well formed");
    u32 size = 0;
    void *contents = TestReadWholeFile(fontPath, &size);
    CHECK_MSG(contents != 0, "the committed font file can be read");
    if (!contents) return;
    CHECK_MSG(size == FONT_BMP_FILE_SIZE && memcmp(contents, expectedFile, FONT_BMP_FILE_SIZE) == 0,
              "data/fonts/engine_font.bmp is what tests/tools/make_font.cpp writes (regenerate it after editing a glyph)");

    memory_arena arena;
    InitializeArena(&arena, "atlas", Megabytes(1), globalTestMemory, 0);
    loaded_bitmap atlas = LoadBMP(&arena, contents, size, fontPath, TestLog);
    free(contents);
    CHECK_MSG(!atlas.isFallback && atlas.width == FONT_ATLAS_WIDTH && atlas.height == FONT_ATLAS_HEIGHT,
              "LoadBMP reads the atlas at its documented size");
    CHECK_MSG(FontAtlasIsUsable(&atlas), "the game accepts the atlas");
    if (atlas.isFallback) return;

    // The atlas built in memory (what the exe's overlay uploads) is the file's pixels exactly, in
    // the same row order; so is the one game_kit builds for a game without the file.
    static u32 built[FONT_ATLAS_WIDTH * FONT_ATLAS_HEIGHT];
    CHECK_MSG(FontBuildAtlas(built) && FontFirstMalformedGlyph() == FONT_GLYPH_COUNT, "FontBuildAtlas: every design is well formed");
    CHECK_MSG(memcmp(built, atlas.pixels, sizeof(built)) == 0,
              "FontBuildAtlas writes the pixels LoadBMP reads from data/fonts/engine_font.bmp (rows bottom-up)");
    loaded_bitmap kitFont = BuildFontBitmap(&arena);
    CHECK_MSG(FontAtlasIsUsable(&kitFont) && memcmp(kitFont.pixels, atlas.pixels, sizeof(built)) == 0,
              "BuildFontBitmap gives a usable atlas with the file's pixels");
    memory_arena tiny;
    static u8 tinyMemory[256];
    InitializeArena(&tiny, "tiny", sizeof(tinyMemory), tinyMemory, 0);
    loaded_bitmap noRoom = BuildFontBitmap(&tiny);
    CHECK_MSG(noRoom.isFallback && !FontAtlasIsUsable(&noRoom), "an arena without room gives the checker, not a font");

    // Per slot: lit pixels inside the design box, none outside it (the gutters keep filtering clean).
    u32 litInSlot[FONT_GLYPH_COUNT] = {};
    u32 litOutsideBoxes = 0, translucentPixels = 0;
    for (u32 y = 0; y < FONT_GLYPH_SLOT_ROWS * FONT_SLOT_HEIGHT; ++y)
    {
        for (u32 x = 0; x < FONT_ATLAS_WIDTH; ++x)
        {
            u32 pixel = atlas.pixels[(FONT_ATLAS_HEIGHT - 1 - y) * FONT_ATLAS_WIDTH + x];   // y from the top
            u32 alpha = pixel >> 24;
            if (alpha != 0 && alpha != 255) ++translucentPixels;
            if (alpha == 0) continue;
            u32 slot = (y / FONT_SLOT_HEIGHT) * FONT_SLOTS_PER_ROW + x / FONT_SLOT_WIDTH;
            u32 localX = x % FONT_SLOT_WIDTH, localY = y % FONT_SLOT_HEIGHT;
            b32 inBox = localX >= FONT_GLYPH_INSET && localX < FONT_GLYPH_INSET + FONT_GLYPH_WIDTH &&
                        localY >= FONT_GLYPH_INSET && localY < FONT_GLYPH_INSET + FONT_GLYPH_HEIGHT;
            if (!inBox || slot >= FONT_GLYPH_COUNT) ++litOutsideBoxes;
            else ++litInSlot[slot];
        }
    }
    CHECK_MSG(litInSlot[0] == 0, "space is blank");
    u32 emptyGlyphs = 0;
    for (u32 slot = 1; slot < FONT_GLYPH_COUNT; ++slot)
    {
        if (litInSlot[slot] == 0)
        {
            ++emptyGlyphs;
            printf("FAIL glyph %u (character %u) has no pixels\n", slot, slot + FONT_FIRST_CHAR);
        }
    }
    CHECK_MSG(emptyGlyphs == 0, "every printable glyph and the placeholder have pixels");
    CHECK_MSG(litOutsideBoxes == 0, "nothing is lit outside the glyph design boxes");
    CHECK_MSG(translucentPixels == 0, "pixels are fully lit or fully clear (alpha kept by the reader)");
    u32 otherValues = 0;
    for (u32 index = 0; index < FONT_ATLAS_WIDTH * FONT_ATLAS_HEIGHT; ++index)
    {
        otherValues += (atlas.pixels[index] != FONT_CLEAR_PIXEL && atlas.pixels[index] != FONT_LIT_PIXEL);
    }
    CHECK_MSG(otherValues == 0, "every pixel is opaque white or transparent white, as documented");

    // No two glyphs alike: a cheap stand-in for "legible", it catches a copy-paste design slip.
    u32 duplicates = 0;
    for (u32 a = 1; a < FONT_GLYPH_COUNT; ++a)
    {
        for (u32 b = a + 1; b < FONT_GLYPH_COUNT; ++b)
        {
            b32 same = 1;
            for (u32 row = 0; row < FONT_GLYPH_HEIGHT && same; ++row)
            {
                const char *ra = fontGlyphDesigns[a].rows[row], *rb = fontGlyphDesigns[b].rows[row];
                same = (!ra && !rb) || (ra && rb && strcmp(ra, rb) == 0) ||
                       (!ra && rb && strcmp(rb, ".....") == 0) || (ra && !rb && strcmp(ra, ".....") == 0);
            }
            if (same)
            {
                ++duplicates;
                printf("FAIL glyphs '%c' and '%c' are identical\n", fontGlyphDesigns[a].character, fontGlyphDesigns[b].character);
            }
        }
    }
    CHECK_MSG(duplicates == 0, "all glyphs differ");

    // The layout's texture coordinates land inside the right glyph: the middle of 'H' is lit (its
    // crossbar), the middle of 'O' is clear (its counter).
    text_quad quads[2];
    LayoutText("HO", V2(0, 0), 1.0f, quads, 2);
    v2 hCrossbar = V2(Lerp(quads[0].uvMin.x, (0.5f + 2.0f) / FONT_QUAD_WIDTH, quads[0].uvMax.x),
                      Lerp(quads[0].uvMax.y, (3.0f + 0.5f) / FONT_QUAD_HEIGHT, quads[0].uvMin.y));
    v2 oCounter = V2(Lerp(quads[1].uvMin.x, (0.5f + 2.0f) / FONT_QUAD_WIDTH, quads[1].uvMax.x),
                     Lerp(quads[1].uvMax.y, (3.0f + 0.5f) / FONT_QUAD_HEIGHT, quads[1].uvMin.y));
    CHECK_MSG((AtlasTexel(&atlas, hCrossbar) >> 24) == 255, "the texel under H's crossbar is lit");
    CHECK_MSG((AtlasTexel(&atlas, oCounter) >> 24) == 0, "the texel inside O is clear");

    // Flat rectangles sample the solid block: white and opaque.
    static u8 buffer[64 * 1024];
    game_render_commands commands;
    BeginRenderCommands(&commands, buffer, sizeof(buffer), 640, 360);
    text_context text = BeginScreenText(&commands, &atlas, 2);
    PushScreenRect(&text, V2(1, 1), V2(3, 3), PackRGBA8(255, 0, 0, 255));
    render_entry_quads *rect = (render_entry_quads *)(commands.lastEntry + 1);
    render_vertex *v = (render_vertex *)(rect + 1);
    CHECK_MSG(AtlasTexel(&atlas, v[0].uv) == FONT_LIT_PIXEL && AtlasTexel(&atlas, v[2].uv) == FONT_LIT_PIXEL,
              "rectangles sample the atlas's solid white block");
}

//~ Drawing into a command buffer
struct walked_commands
{
    u32 cameras, fogs, quadEntries, translucentEntries, quads;
    render_entry_camera *camera;
    render_entry_fog *fog;
    render_entry_quads *firstQuads;
    render_entry_quads *firstTranslucent;
};

internal walked_commands WalkCommands(game_render_commands *commands)
{
    walked_commands walked = {};
    for (u32 at = 0; at < commands->pushBufferSize;)
    {
        render_entry_header *header = (render_entry_header *)(commands->pushBufferBase + at);
        if (header->type == RenderEntry_Camera) { ++walked.cameras; walked.camera = (render_entry_camera *)(header + 1); }
        if (header->type == RenderEntry_Fog) { ++walked.fogs; walked.fog = (render_entry_fog *)(header + 1); }
        if (header->type == RenderEntry_Quads)
        {
            render_entry_quads *quads = (render_entry_quads *)(header + 1);
            ++walked.quadEntries;
            walked.quads += quads->quadCount;
            if (!walked.firstQuads && !quads->translucent) walked.firstQuads = quads;
            if (quads->translucent) { ++walked.translucentEntries; if (!walked.firstTranslucent) walked.firstTranslucent = quads; }
        }
        at += header->size;
    }
    return walked;
}

internal loaded_bitmap FakeAtlas(void)
{
    // Layout checks only look at the size; the pixels are never read by PushText.
    static u32 pixels[FONT_ATLAS_WIDTH * FONT_ATLAS_HEIGHT];
    loaded_bitmap atlas = {};
    atlas.width = FONT_ATLAS_WIDTH;
    atlas.height = FONT_ATLAS_HEIGHT;
    atlas.pixels = pixels;
    return atlas;
}

internal void TestPushText(void)
{
    static u8 buffer[256 * 1024];
    game_render_commands commands;
    BeginRenderCommands(&commands, buffer, sizeof(buffer), 640, 360);
    loaded_bitmap atlas = FakeAtlas();
    text_context text = BeginScreenText(&commands, &atlas, DemoTextureFontSlotForTest);
    v2 next = PushText(&text, V2(20, 30), 2.0f, PackRGBA8(1, 2, 3, 255), "Hi there\nok");
    walked_commands walked = WalkCommands(&commands);
    CHECK_MSG(walked.cameras == 1 && walked.fogs == 1, "screen text starts with its own camera and fog state");
    CHECK_MSG(walked.quadEntries == 1 && walked.quads == 9, "one batch, one quad per visible glyph");
    CHECK(walked.firstQuads && walked.firstQuads->textureIndex == DemoTextureFontSlotForTest && !walked.firstQuads->translucent);
    CHECK_MSG(Near(next.x, 20.0f) && Near(next.y, 30.0f + 2.0f * 2.0f * FONT_LINE_HEIGHT), "PushText returns the next line's start");
    CHECK_MSG(walked.fog && walked.fog->fogStart >= walked.fog->fogEnd && walked.fog->alphaClipStart >= walked.fog->alphaClipEnd,
              "fog and distance fade are off for screen text");
    CHECK_MSG(walked.fog && walked.fog->alphaThreshold > 0.0f && walked.fog->alphaThreshold < 1.0f, "glyphs are alpha-tested");
    if (!walked.camera || !walked.firstQuads) return;

    // The first glyph's corners: bottom left, bottom right, top right, top left, in pixels.
    render_vertex *v = (render_vertex *)(walked.firstQuads + 1);
    CHECK(Near(v[0].p.x, 20.0f) && Near(v[0].p.y, 30.0f + 2.0f * FONT_QUAD_HEIGHT));
    CHECK(Near(v[2].p.x, 20.0f + 2.0f * FONT_QUAD_WIDTH) && Near(v[2].p.y, 30.0f));
    CHECK_MSG(v[0].uv.y < v[2].uv.y, "the glyph's top (smaller screen y) takes the larger v");
    CHECK(v[0].color == PackRGBA8(1, 2, 3, 255));
    // Line two starts back at the left edge: the 8th quad ('o').
    render_vertex *o = v + 4 * 7;
    CHECK_MSG(Near(o[3].p.x, 20.0f) && Near(o[3].p.y, 30.0f + 2.0f * FONT_LINE_HEIGHT), "second line at the left edge");

    // The camera maps pixels onto the viewport, top left to (-1, 1), and puts text at the near plane.
    m4x4 projection = walked.camera->projection * walked.camera->view;
    v4 topLeft = projection * V4(0, 0, v[0].p.z, 1);
    v4 bottomRight = projection * V4(640, 360, v[0].p.z, 1);
    CHECK_MSG(Near(topLeft.x / topLeft.w, -1.0f) && Near(topLeft.y / topLeft.w, 1.0f), "pixel (0, 0) is the top left corner");
    CHECK_MSG(Near(bottomRight.x / bottomRight.w, 1.0f) && Near(bottomRight.y / bottomRight.w, -1.0f), "pixel (640, 360) is the bottom right");
    f32 textDepth = topLeft.z / topLeft.w;
    CHECK_MSG(textDepth > 0.9999f && textDepth <= 1.0f, "text sits at the near plane (depth ~1 under reverse-z)");
    // The demo's nearest possible scene surface, 0.1 m away at its near clip, projects to depth 1; a
    // surface 0.2 m away is at 0.5. Text must win against anything but geometry at the near clip.
    m4x4_inv scene = PerspectiveReverseZ(16.0f / 9.0f, 1.6f, 0.1f, 2000.0f);
    CHECK(textDepth > ProjectedDepth(scene.forward, V3(0, 0, -0.1001f)));

    // Backdrops are translucent and just behind the text layer.
    PushScreenBackdrop(&text, V2(0, 0), V2(100, 50), PackRGBA8(0, 0, 0, 170));
    walked = WalkCommands(&commands);
    CHECK_MSG(walked.translucentEntries == 1 && walked.firstTranslucent, "a backdrop is a translucent quad");
    if (walked.firstTranslucent)
    {
        render_vertex *b = (render_vertex *)(walked.firstTranslucent + 1);
        v4 clip = projection * V4(b[0].p, 1.0f);
        f32 backdropDepth = clip.z / clip.w;
        CHECK_MSG(backdropDepth < textDepth && backdropDepth > 0.999f, "the backdrop is behind the text, in front of the scene");
        CHECK_MSG((b[0].color >> 24) / 255.0f > walked.fog->alphaThreshold, "the backdrop's alpha survives the alpha test");
    }

    // Clipped text: whole glyphs up to the width, nothing past a newline.
    BeginRenderCommands(&commands, buffer, sizeof(buffer), 640, 360);
    text = BeginScreenText(&commands, &atlas, 2);
    PushTextClipped(&text, V2(0, 0), 1.0f, PackRGBA8(255, 255, 255, 255), 4.5f * FONT_ADVANCE, "abcdefgh\nij");
    CHECK_MSG(WalkCommands(&commands).quads == 4, "clipping keeps the glyphs that fit whole");

    // A rejected font file (the 8x8 checker) draws no text; rectangles still show in plain white.
    loaded_bitmap fallback = FallbackBitmap();
    BeginRenderCommands(&commands, buffer, sizeof(buffer), 640, 360);
    text = BeginScreenText(&commands, &fallback, 2);
    PushText(&text, V2(0, 0), 1.0f, PackRGBA8(255, 255, 255, 255), "no font");
    CHECK_MSG(WalkCommands(&commands).quads == 0, "no glyphs without a usable font");
    PushScreenRect(&text, V2(0, 0), V2(4, 4), PackRGBA8(255, 255, 255, 255));
    walked = WalkCommands(&commands);
    CHECK(walked.quads == 1 && walked.firstQuads && walked.firstQuads->textureIndex == 0);
}

//~ Debug collection and timeline
struct fake_platform_frame
{
    debug_event events[32];
    debug_frame_info info;
};

internal void AddEvent(fake_platform_frame *frame, u16 thread, debug_event_type type, const char *name, u64 clock)
{
    debug_event *event = frame->events + frame->info.eventCount++;
    event->clock = clock;
    event->name = name;
    event->threadIndex = thread;
    event->type = (u8)type;
}

internal debug_timeline_bar *FindBar(debug_overlay_state *debug, const char *name, u32 thread)
{
    for (u32 index = 0; index < debug->timeline.barCount; ++index)
    {
        debug_timeline_bar *bar = debug->timeline.bars + index;
        if (bar->threadIndex == thread && strcmp(bar->name, name) == 0) return bar;
    }
    return 0;
}

internal void TestCollection(void)
{
    memory_arena arena;
    InitializeArena(&arena, "debug", sizeof(globalTestMemory), globalTestMemory, 0);
    static debug_overlay_state debug;
    DebugInitOverlayState(&debug, &arena);
    CHECK_MSG(debug.history && debug.events && debug.timeline.bars, "the overlay's buffers come from the arena");

    // No platform figures: the graph still gets frame times from dt, and there is no timeline.
    DebugCollectFrame(&debug, 0, 5, 0.020f, 1);
    DebugBuildTimeline(&debug);
    const debug_frame_sample *sample = DebugHistorySample(&debug, 4);
    CHECK_MSG(sample && Near(sample->frameSeconds, 0.020f), "without debugFrame the previous frame's time is dt");
    CHECK_MSG(!debug.haveFrameInfo && debug.eventCount == 0 && debug.timeline.barCount == 0, "no events, no bars");

    // A frame at 1000 ticks per second (one tick = 1 ms), starting at clock 5000.
    static fake_platform_frame frame;
    memset(&frame, 0, sizeof(frame));
    frame.info.frameIndex = 6;
    frame.info.ticksPerSecond = 1000;
    frame.info.frameBeginClock = 5000;
    frame.info.updateEndClock = 5004;
    frame.info.lastFrameSeconds = 0.0165f;
    frame.info.lastWorkSeconds = 0.004f;
    frame.info.lastEndFrameSeconds = 0.0002f;
    frame.info.threadCount = 3;
    frame.info.gameCodeVersion = 2;
    frame.info.events = frame.events;
    AddEvent(&frame, 0, DebugEvent_BeginBlock, "input", 5000);
    AddEvent(&frame, 0, DebugEvent_EndBlock, "input", 5001);
    AddEvent(&frame, 1, DebugEvent_BeginBlock, "job", 5001);
    AddEvent(&frame, 0, DebugEvent_BeginBlock, "wait for update", 5001);
    AddEvent(&frame, 0, DebugEvent_BeginBlock, "job", 5002);          // the main thread helps
    AddEvent(&frame, 2, DebugEvent_EndBlock, "late job", 5002);       // began last frame
    AddEvent(&frame, 0, DebugEvent_EndBlock, "job", 5003);
    AddEvent(&frame, 1, DebugEvent_EndBlock, "job", 5003);
    AddEvent(&frame, 0, DebugEvent_EndBlock, "wait for update", 5004);
    AddEvent(&frame, 1, DebugEvent_BeginBlock, "background", 5004);   // still running
    AddEvent(&frame, 0, DebugEvent_BeginBlock, "sound", 5005);
    AddEvent(&frame, 0, DebugEvent_EndBlock, "sound", 5006);
    frame.events[frame.info.eventCount].clock = 5007;                 // reserved, not written yet
    frame.events[frame.info.eventCount].threadIndex = 1;
    ++frame.info.eventCount;

    DebugCollectFrame(&debug, &frame.info, 999, 0.5f, 1);
    CHECK_MSG(debug.frameIndex == 6, "the platform's frame index wins over the input's");
    CHECK_MSG(debug.eventCount == 12, "events are copied, unwritten slots (null name) skipped");
    CHECK_MSG(debug.info.events == 0, "no pointer into platform memory is kept");
    sample = DebugHistorySample(&debug, 5);
    CHECK_MSG(sample && Near(sample->frameSeconds, 0.0165f) && Near(sample->workSeconds, 0.004f) &&
              Near(sample->endFrameSeconds, 0.0002f), "last frame's figures go to the previous frame's slot");
    sample = DebugHistorySample(&debug, 6);
    CHECK_MSG(sample && Near(sample->updateSeconds, 0.004f) && sample->frameSeconds == 0.0f,
              "this frame has its update time and no frame time yet");
    frame.events[0].name = "changed after the copy";
    CHECK_MSG(strcmp(debug.events[0].name, "input") == 0, "the copy does not alias the platform's array");
    frame.events[0].name = "input";

    DebugBuildTimeline(&debug);
    debug_timeline *timeline = &debug.timeline;
    CHECK_MSG(timeline->threadCount == 3, "one lane per thread seen");
    CHECK_MSG(timeline->barCount == 7, "bars: input, wait, nested job, main sound, worker job, late job, open background");
    CHECK(Near(timeline->updateEndSeconds, 0.004f) && Near(timeline->spanSeconds, 0.006f));
    debug_timeline_bar *bar = FindBar(&debug, "input", 0);
    CHECK_MSG(bar && Near(bar->beginSeconds, 0.0f) && Near(bar->endSeconds, 0.001f) && bar->depth == 0, "a main-thread block");
    bar = FindBar(&debug, "job", 0);
    CHECK_MSG(bar && bar->depth == 1 && Near(bar->beginSeconds, 0.002f) && Near(bar->endSeconds, 0.003f),
              "a job the main thread ran inside its wait is nested one level down");
    bar = FindBar(&debug, "wait for update", 0);
    CHECK(bar && bar->depth == 0 && Near(bar->endSeconds, 0.004f));
    bar = FindBar(&debug, "job", 1);
    CHECK_MSG(bar && bar->depth == 0 && Near(bar->beginSeconds, 0.001f) && Near(bar->endSeconds, 0.003f), "a worker's job");
    bar = FindBar(&debug, "late job", 2);
    CHECK_MSG(bar && (bar->flags & DebugBar_BeganEarlier) && Near(bar->beginSeconds, 0.0f) && timeline->unmatchedEnds == 1,
              "an end without a begin runs from the frame's start");
    bar = FindBar(&debug, "background", 1);
    CHECK_MSG(bar && (bar->flags & DebugBar_StillOpen) && Near(bar->endSeconds, timeline->spanSeconds),
              "a block without an end runs to the end of the span");

    // Block colours: stable per name, distinct for the first names of the run.
    const char *names[] = {"input", "snapshot+reload", "main-thread tasks", "draw previous frame", "wait for update",
                           "frame-sync tasks", "sound", "job"};
    u32 colors[ArrayCount(names)];
    for (u32 index = 0; index < ArrayCount(names); ++index) colors[index] = DebugColorForName(&debug, names[index]);
    b32 distinct = 1;
    for (u32 a = 0; a < ArrayCount(names); ++a)
        for (u32 b = a + 1; b < ArrayCount(names); ++b) distinct &= (colors[a] != colors[b]);
    CHECK_MSG(distinct, "the frame's block names all get different colours");
    char sameText[16];
    snprintf(sameText, sizeof(sameText), "%s", "sound");
    CHECK_MSG(DebugColorForName(&debug, sameText) == colors[6] && DebugColorForName(&debug, "input") == colors[0],
              "a name keeps its colour (matched by its text, not its pointer)");

    // Overlay hidden: the history keeps filling, the events are not copied.
    frame.info.frameIndex = 7;
    DebugCollectFrame(&debug, &frame.info, 7, 0.0f, 0);
    CHECK_MSG(debug.eventCount == 0 && DebugHistorySample(&debug, 6) && Near(DebugHistorySample(&debug, 6)->frameSeconds, 0.0165f),
              "hidden overlay: history only");

    // The ring forgets frames older than its length, and a reused slot starts clean.
    for (u64 index = 8; index < 8 + DEBUG_HISTORY_FRAMES; ++index)
    {
        DebugCollectFrame(&debug, 0, index, 0.010f, 0);
    }
    CHECK_MSG(DebugHistorySample(&debug, 7) == 0, "frames older than the ring are gone");
    sample = DebugHistorySample(&debug, 8 + DEBUG_HISTORY_FRAMES - 1);
    CHECK_MSG(sample && sample->updateSeconds == 0.0f && sample->frameSeconds == 0.0f, "the newest slot was cleared");
    CHECK(DebugHistorySample(&debug, 8 + DEBUG_HISTORY_FRAMES) == 0);
}

// The game's graph jobs (DebugEventFlag_GraphJob) become flagged bars, which the timeline names on
// any thread; the queue entry around them stays a plain bar.
internal void TestGraphJobBars(void)
{
    memory_arena arena;
    InitializeArena(&arena, "debug", sizeof(globalTestMemory), globalTestMemory, 0);
    static debug_overlay_state debug;
    memset(&debug, 0, sizeof(debug));
    DebugInitOverlayState(&debug, &arena);
    static fake_platform_frame frame;
    memset(&frame, 0, sizeof(frame));
    frame.info.frameIndex = 3;
    frame.info.ticksPerSecond = 1000;
    frame.info.frameBeginClock = 100;
    frame.info.updateEndClock = 104;
    frame.info.events = frame.events;
    AddEvent(&frame, 1, DebugEvent_BeginBlock, "high priority", 100);
    AddEvent(&frame, 1, DebugEvent_BeginBlock, "simulate", 101);
    frame.events[frame.info.eventCount - 1].flags = DebugEventFlag_GraphJob;
    AddEvent(&frame, 1, DebugEvent_EndBlock, "simulate", 102);
    frame.events[frame.info.eventCount - 1].flags = DebugEventFlag_GraphJob;
    AddEvent(&frame, 1, DebugEvent_EndBlock, "high priority", 103);
    AddEvent(&frame, 2, DebugEvent_BeginBlock, "render", 102);         // still running at the read
    frame.events[frame.info.eventCount - 1].flags = DebugEventFlag_GraphJob;
    DebugCollectFrame(&debug, &frame.info, 3, 0.016f, 1);
    DebugBuildTimeline(&debug);
    debug_timeline_bar *job = FindBar(&debug, "simulate", 1);
    debug_timeline_bar *entry = FindBar(&debug, "high priority", 1);
    debug_timeline_bar *open = FindBar(&debug, "render", 2);
    CHECK_MSG(job && (job->flags & DebugBar_GraphJob) && job->depth == 1, "a graph job inside a queue entry is a flagged bar");
    CHECK_MSG(entry && !(entry->flags & DebugBar_GraphJob), "the queue entry around it is not");
    CHECK_MSG(open && (open->flags & DebugBar_GraphJob) && (open->flags & DebugBar_StillOpen), "a running graph job keeps its flag");
}

//~ The whole end-of-frame step, without a platform
internal void TestOverlayEndFrame(void)
{
    memory_arena arena;
    InitializeArena(&arena, "debug", sizeof(globalTestMemory), globalTestMemory, 0);
    static debug_overlay_state debug;
    memset(&debug, 0, sizeof(debug));
    static platform_notices notices;
    memset(&notices, 0, sizeof(notices));
    game_memory memory = {};
    memory.platform.Log = TestLog;
    memory.notices = &notices;
    game_input input = {};
    input.frameIndex = 10;
    input.dtForFrame = 1.0f / 60.0f;
    static u8 buffer[1 << 20];
    game_render_commands commands;
    loaded_bitmap atlas = FakeAtlas();
    debug_overlay_input overlay = {};
    overlay.font = &atlas;
    overlay.fontTextureIndex = 2;
    overlay.entityCount = 4096;

    // Hidden: nothing is drawn.
    BeginRenderCommands(&commands, buffer, sizeof(buffer), 640, 360);
    DebugOverlayEndFrame(&debug, &arena, &memory, &input, &commands, &overlay);
    CHECK_MSG(commands.entryCount == 0, "a hidden overlay pushes nothing");
    CHECK_MSG(debug.isInitialized && debug.framesCollected == 1, "but it still collects");

    // Visible without debugFrame: counters and graph, no timeline, nothing below the top 78%.
    overlay.visible = 1;
    for (u32 frame = 0; frame < 3; ++frame)
    {
        ++input.frameIndex;
        BeginRenderCommands(&commands, buffer, sizeof(buffer), 640, 360);
        DebugOverlayEndFrame(&debug, &arena, &memory, &input, &commands, &overlay);
    }
    walked_commands walked = WalkCommands(&commands);
    CHECK_MSG(walked.cameras == 1 && walked.quads > 100, "the visible overlay draws text and bars without platform events");
    CHECK_MSG(walked.translucentEntries == 1, "one backdrop");
    CHECK_MSG(commands.refusedEntryCount == 0, "everything fit");
    u32 quadsWithoutNotices = walked.quads;

    // With platform events from every possible thread, the timeline squeezes its lanes to stay in
    // the top 78% of the window (scripts compare the bottom band of screenshots).
    static debug_event events[2 * DEBUG_MAX_THREADS];
    debug_frame_info info = {};
    info.frameIndex = 50;
    info.ticksPerSecond = 1000000;
    info.frameBeginClock = 1000;
    info.updateEndClock = 9000;
    info.lastFrameSeconds = 0.016f;
    info.events = events;
    for (u32 thread = 0; thread < DEBUG_MAX_THREADS; ++thread)
    {
        for (u32 half = 0; half < 2; ++half)
        {
            debug_event *event = events + info.eventCount++;
            event->clock = 1000 + 200 * thread + 3000 * half;
            event->name = thread ? "job" : "draw previous frame";
            event->threadIndex = (u16)thread;
            event->type = (u8)(half ? DebugEvent_EndBlock : DebugEvent_BeginBlock);
        }
    }
    memory.debugFrame = &info;
    BeginRenderCommands(&commands, buffer, sizeof(buffer), 640, 360);
    DebugOverlayEndFrame(&debug, &arena, &memory, &input, &commands, &overlay);
    memory.debugFrame = 0;
    CHECK_MSG(debug.timeline.threadCount == DEBUG_MAX_THREADS && debug.timeline.barCount == DEBUG_MAX_THREADS,
              "one bar per thread");
    CHECK_MSG(WalkCommands(&commands).quads > quadsWithoutNotices + 2 * DEBUG_MAX_THREADS, "the timeline adds lanes and bars");
    f32 lowest = 0.0f;
    for (u32 at = 0; at < commands.pushBufferSize;)
    {
        render_entry_header *header = (render_entry_header *)(commands.pushBufferBase + at);
        if (header->type == RenderEntry_Quads)
        {
            render_entry_quads *quads = (render_entry_quads *)(header + 1);
            render_vertex *v = (render_vertex *)(quads + 1);
            for (u32 index = 0; index < quads->quadCount * 4; ++index) lowest = Maximum(lowest, v[index].p.y);
        }
        at += header->size;
    }
    CHECK_MSG(lowest <= 0.8f * 360.0f, "the overlay stays out of the bottom fifth of the window");
    // Back to frames without platform figures for the notice checks below (the same drawing).
    input.frameIndex = 13;
    BeginRenderCommands(&commands, buffer, sizeof(buffer), 640, 360);
    DebugOverlayEndFrame(&debug, &arena, &memory, &input, &commands, &overlay);
    CHECK_MSG(WalkCommands(&commands).quads == quadsWithoutNotices, "the same frame without platform figures draws the same");

    // The platform's notices are the exe's own overlay now (win32/win32_overlay.h): a live notice in
    // game memory changes nothing the game's overlay draws, shown or hidden.
    snprintf(notices.notices[0].text, sizeof(notices.notices[0].text), "reloaded: version 2");
    notices.notices[0].level = LogLevel_Info;
    notices.notices[0].secondsLeft = 2.0f;
    notices.nextIndex = 1;
    BeginRenderCommands(&commands, buffer, sizeof(buffer), 640, 360);
    DebugOverlayEndFrame(&debug, &arena, &memory, &input, &commands, &overlay);
    CHECK_MSG(WalkCommands(&commands).quads == quadsWithoutNotices, "a live notice adds nothing to the game's overlay");
    overlay.visible = 0;
    BeginRenderCommands(&commands, buffer, sizeof(buffer), 640, 360);
    DebugOverlayEndFrame(&debug, &arena, &memory, &input, &commands, &overlay);
    CHECK_MSG(commands.entryCount == 0, "hidden, with a live notice: the game's overlay pushes nothing");
}

int main(int argc, char **argv)
{
    if (argc != 2)
    {
        printf("usage: test_text <data/fonts/engine_font.bmp>\n");
        return 2;
    }
    TestLayout();
    TestMeasure();
    TestAtlas(argv[1]);
    TestPushText();
    TestCollection();
    TestGraphJobBars();
    TestOverlayEndFrame();
    return TestSummary();
}
