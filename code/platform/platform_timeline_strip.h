#ifndef PLATFORM_TIMELINE_STRIP_H
#define PLATFORM_TIMELINE_STRIP_H
// Where the timeline strip and the watch plots sit in the window, and which frame is under a pixel:
// the geometry the platform's overlay draws the past with (win32/timeline/win32_timeline_strip.cpp).
// Portable: unit-tested natively (tests/unit/test_timeline_strip.cpp).
//
// Pixels are the frame's, origin at the top left, y down. From the bottom of the window up:
//   the label row, the last STRIP_ROW_HEIGHT rows (the view's first and last frame and their
//   seconds, the cursor's frame);
//   the recorded track, the STRIP_TRACK_HEIGHT rows above it (marks and the cursor);
//   the new timeline's track, as high, only after a change of the past;
//   one plot band per watch, the first on top (each with its min, max and value at the cursor);
//   the status line, STRIP_ROW_HEIGHT rows (what is shown, the keys).
// Every row spans the full width. Until the wheel zooms, the view is the whole history: from the
// oldest frame kept to the present (the frame paused at).
// The tracks show the frames [view.first, view.last]: each frame is an equal cell of the width, its
// centre at StripXOfFrame; StripFrameAtX is the frame whose cell holds x. The wheel zooms the view
// around the frame under the pointer (that frame stays under it).

#include "base/base_types.h"

#define STRIP_ROW_HEIGHT 12             // the status line, the labels
#define STRIP_TRACK_HEIGHT 14           // each track
#define STRIP_PLOT_MAX_HEIGHT 48        // a watch's band, at most ...
#define STRIP_PLOT_MIN_HEIGHT 20        //   ... and at least (smaller windows: the bands share half of it)
#define STRIP_MAX_PLOTS 4

struct timeline_strip_layout
{
    f32 width;
    f32 top;                    // the strip's top (the status line's top): the overlay takes the pointer below it
    f32 statusTop;
    f32 plotTop[STRIP_MAX_PLOTS];   // band i: [plotTop, plotBottom) (its values' area: 1 pixel in from each edge)
    f32 plotBottom[STRIP_MAX_PLOTS];
    f32 newTrackTop, newTrackBottom;    // equal when there is no new timeline
    f32 trackTop, trackBottom;
    f32 labelTop;
    f32 bottom;                 // the window's height
};

struct timeline_strip_view
{
    u64 first;                  // the frames the tracks show
    u64 last;
};

// The strip's rows for a window of width x height with plotCount watches and, when hasNewTrack, the
// new timeline's track.
void LayoutTimelineStrip(timeline_strip_layout *layout, u32 width, u32 height, u32 plotCount, b32 hasNewTrack);

// The centre of frame's cell (frames outside the view give x outside [0, width)).
f32 StripXOfFrame(const timeline_strip_view *view, f32 width, u64 frame);
// The frame whose cell holds x, clamped to the view.
u64 StripFrameAtX(const timeline_strip_view *view, f32 width, f32 x);
// Zooms around `anchor` (a frame of the view): factor < 1 shows fewer frames (at least 8), > 1 more;
// the view stays inside [minFrame, maxFrame] and the anchor keeps its place in it.
void ZoomStripView(timeline_strip_view *view, u64 anchor, f64 factor, u64 minFrame, u64 maxFrame);
// The view clamped into [minFrame, maxFrame] (the whole range when it was empty or zoomed all the way
// out), then moved the least that puts `frame` inside it.
void FitStripView(timeline_strip_view *view, u64 frame, u64 minFrame, u64 maxFrame);

// The pixel row of value in a band [top, bottom) whose values span [minimum, maximum]: the maximum on
// the band's second row, the minimum on its second-to-last (a flat line sits in the middle).
f32 PlotYOfValue(f64 value, f64 minimum, f64 maximum, f32 top, f32 bottom);

#endif // PLATFORM_TIMELINE_STRIP_H
