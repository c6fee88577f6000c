// The timeline strip's geometry (platform/platform_timeline_strip.h): the rows sit at the bottom of the
// window in their documented order and sizes; every frame of the view is a cell whose centre maps back
// to it; a zoom keeps the frame under the pointer under it and stays inside the history; the view
// follows the cursor; a plot's values map onto its band, the maximum on top.

#include "platform/platform.cpp"
#include "test_framework.h"

internal void TestLayout(void)
{
    timeline_strip_layout layout;
    LayoutTimelineStrip(&layout, 640, 360, 1, 0);
    CHECK_MSG(layout.labelTop == 348.0f && layout.trackTop == 334.0f && layout.trackBottom == 348.0f,
              "640x360: the labels are the last 12 rows, the track the 14 above them");
    CHECK_MSG(layout.newTrackTop == layout.newTrackBottom, "no new timeline: no second track");
    CHECK_MSG(layout.plotTop[0] == 286.0f && layout.plotBottom[0] == 334.0f, "one watch: a 48-row band above the track");
    CHECK_MSG(layout.statusTop == 274.0f && layout.top == 274.0f, "the status line on top of it all");
    LayoutTimelineStrip(&layout, 320, 180, 4, 1);
    CHECK_MSG(layout.newTrackBottom == layout.trackTop && layout.newTrackTop == layout.trackTop - STRIP_TRACK_HEIGHT,
              "after a change of the past the new track sits right above the recorded one");
    f32 band = layout.plotBottom[0] - layout.plotTop[0];
    CHECK_MSG(band == (f32)STRIP_PLOT_MIN_HEIGHT, "a small window: four bands at their least height");
    for (u32 plot = 1; plot < 4; ++plot)
        CHECK_MSG(layout.plotTop[plot] == layout.plotBottom[plot - 1], "the bands are stacked without a gap, the first on top");
    CHECK_MSG(layout.plotBottom[3] == layout.newTrackTop, "the last band sits on the tracks");
    LayoutTimelineStrip(&layout, 1280, 720, 0, 0);
    CHECK_MSG(layout.statusTop == layout.trackTop - STRIP_ROW_HEIGHT, "no watch: the status line right above the track");
}

internal void TestFramesAndPixels(void)
{
    timeline_strip_view view = {100, 399};      // 300 frames over 600 pixels: two each
    CHECK(StripXOfFrame(&view, 600.0f, 100) == 1.0f);
    CHECK(StripXOfFrame(&view, 600.0f, 399) == 599.0f);
    b32 roundTrip = 1;
    for (u64 frame = view.first; frame <= view.last; ++frame)
        roundTrip &= StripFrameAtX(&view, 600.0f, StripXOfFrame(&view, 600.0f, frame)) == frame;
    CHECK_MSG(roundTrip, "every frame's centre maps back to the frame");
    CHECK_MSG(StripFrameAtX(&view, 600.0f, -5.0f) == 100 && StripFrameAtX(&view, 600.0f, 10000.0f) == 399,
              "x outside the strip: the frame at that end");
    timeline_strip_view many = {0, 59999};      // more frames than pixels
    CHECK_MSG(StripFrameAtX(&many, 640.0f, 320.0f) == 30000, "many frames a pixel: x picks the cell that holds it");
    timeline_strip_view one = {7, 7};
    CHECK_MSG(StripFrameAtX(&one, 640.0f, 600.0f) == 7 && StripXOfFrame(&one, 640.0f, 7) == 320.0f, "one frame spans it all");
}

internal void TestZoomAndFit(void)
{
    timeline_strip_view view = {};
    FitStripView(&view, 50, 0, 999);
    CHECK_MSG(view.first == 0 && view.last == 999, "an empty view shows the whole history");
    f32 width = 1000.0f;
    f32 anchorX = StripXOfFrame(&view, width, 250);
    ZoomStripView(&view, 250, 0.5, 0, 999);
    CHECK_MSG(view.last - view.first + 1 == 500, "zooming in by half shows half the frames");
    CHECK_MSG(StripFrameAtX(&view, width, anchorX) == 250, "the frame under the pointer stays under it");
    for (int step = 0; step < 40; ++step) ZoomStripView(&view, 250, 0.5, 0, 999);
    CHECK_MSG(view.last - view.first + 1 == 8 && view.first <= 250 && view.last >= 250, "at most 8 frames, the anchor among them");
    for (int step = 0; step < 40; ++step) ZoomStripView(&view, 900, 2.0, 0, 999);
    CHECK_MSG(view.first == 0 && view.last == 999, "zooming out stops at the whole history");
    view.first = 100; view.last = 199;
    FitStripView(&view, 500, 0, 999);
    CHECK_MSG(view.first == 401 && view.last == 500, "a cursor past the view pulls it along, its size kept");
    FitStripView(&view, 10, 0, 999);
    CHECK_MSG(view.first == 10 && view.last == 109, "... and back");
    FitStripView(&view, 10, 50, 120);
    CHECK_MSG(view.first == 50 && view.last == 120, "a history shorter than the view: the whole history");
    view.first = 0; view.last = 99;
    FitStripView(&view, 600, 500, 2000);
    CHECK_MSG(view.first == 501 && view.last == 600, "the oldest frames folded away: the view moves into the history, to the cursor");
}

internal void TestPlotRows(void)
{
    CHECK_MSG(PlotYOfValue(99.0, 0.0, 99.0, 286.0f, 334.0f) == 287.0f, "the maximum on the band's second row");
    CHECK_MSG(PlotYOfValue(0.0, 0.0, 99.0, 286.0f, 334.0f) == 332.0f, "the minimum on its second-to-last");
    CHECK_MSG(PlotYOfValue(50.0, 0.0, 99.0, 286.0f, 334.0f) == 309.0f, "values between by their share");
    CHECK_MSG(PlotYOfValue(5.0, 5.0, 5.0, 286.0f, 334.0f) == 309.0f, "a flat series in the middle");
    CHECK_MSG(PlotYOfValue(1000.0, 0.0, 99.0, 286.0f, 334.0f) == 287.0f && PlotYOfValue(-3.0, 0.0, 99.0, 286.0f, 334.0f) == 332.0f,
              "values outside the range stay in the band");
}

int main(void)
{
    TestLayout();
    TestFramesAndPixels();
    TestZoomAndFit();
    TestPlotRows();
    return TestSummary();
}
