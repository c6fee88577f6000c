// The timeline strip's geometry, declared in platform_timeline_strip.h.

#include "platform/platform_timeline_strip.h"
#include <math.h>

void LayoutTimelineStrip(timeline_strip_layout *layout, u32 width, u32 height, u32 plotCount, b32 hasNewTrack)
{
    plotCount = Minimum(plotCount, (u32)STRIP_MAX_PLOTS);
    layout->width = (f32)width;
    layout->bottom = (f32)height;
    layout->labelTop = layout->bottom - (f32)STRIP_ROW_HEIGHT;
    layout->trackBottom = layout->labelTop;
    layout->trackTop = layout->trackBottom - (f32)STRIP_TRACK_HEIGHT;
    layout->newTrackBottom = layout->trackTop;
    layout->newTrackTop = hasNewTrack ? layout->newTrackBottom - (f32)STRIP_TRACK_HEIGHT : layout->newTrackBottom;
    // NOTE: the bands take at most half the window, so a small window still shows the game.
    f32 room = Maximum(0.5f * (f32)height - (layout->bottom - layout->newTrackTop) - (f32)STRIP_ROW_HEIGHT, 0.0f);
    f32 band = plotCount ? floorf(room / (f32)plotCount) : 0.0f;
    band = Minimum(Maximum(band, (f32)STRIP_PLOT_MIN_HEIGHT), (f32)STRIP_PLOT_MAX_HEIGHT);
    f32 y = layout->newTrackTop;
    for (u32 plot = 0; plot < STRIP_MAX_PLOTS; ++plot) layout->plotBottom[plot] = layout->plotTop[plot] = y;
    for (u32 plot = plotCount; plot-- > 0;)
    {
        layout->plotBottom[plot] = y;
        layout->plotTop[plot] = y - band;
        y -= band;
    }
    layout->statusTop = y - (f32)STRIP_ROW_HEIGHT;
    layout->top = layout->statusTop;
}

internal f64 StripCellWidth(const timeline_strip_view *view, f32 width)
{
    u64 frames = (view->last >= view->first ? view->last - view->first : 0) + 1;
    return (f64)width / (f64)frames;
}

f32 StripXOfFrame(const timeline_strip_view *view, f32 width, u64 frame)
{
    f64 cell = StripCellWidth(view, width);
    return (f32)(((f64)frame - (f64)view->first + 0.5) * cell);
}

u64 StripFrameAtX(const timeline_strip_view *view, f32 width, f32 x)
{
    f64 cell = StripCellWidth(view, width);
    f64 offset = floor((f64)x / cell);
    u64 last = Maximum(view->last, view->first);
    if (offset < 0.0) return view->first;
    u64 frame = view->first + (u64)offset;
    return Minimum(frame, last);
}

void ZoomStripView(timeline_strip_view *view, u64 anchor, f64 factor, u64 minFrame, u64 maxFrame)
{
    if (maxFrame < minFrame) maxFrame = minFrame;
    FitStripView(view, anchor, minFrame, maxFrame);
    anchor = Minimum(Maximum(anchor, view->first), view->last);
    f64 frames = (f64)(view->last - view->first + 1);
    f64 wanted = Minimum(Maximum(floor(frames * factor + 0.5), 8.0), (f64)(maxFrame - minFrame + 1));
    // The anchor's share of the view before and after the zoom stays the same.
    f64 share = ((f64)(anchor - view->first) + 0.5) / frames;
    f64 first = (f64)anchor + 0.5 - share * wanted;
    first = Minimum(Maximum(floor(first + 0.5), (f64)minFrame), (f64)maxFrame + 1.0 - wanted);
    view->first = (u64)Maximum(first, (f64)minFrame);
    view->last = Minimum(view->first + (u64)wanted - 1, maxFrame);
}

void FitStripView(timeline_strip_view *view, u64 frame, u64 minFrame, u64 maxFrame)
{
    if (maxFrame < minFrame) maxFrame = minFrame;
    b32 empty = view->last < view->first || (view->first == 0 && view->last == 0);
    u64 span = empty ? 0 : view->last - view->first;
    if (empty || span >= maxFrame - minFrame)
    {
        view->first = minFrame;
        view->last = maxFrame;
        return;
    }
    if (view->first < minFrame) { view->first = minFrame; view->last = minFrame + span; }
    if (view->last > maxFrame) { view->last = maxFrame; view->first = maxFrame - span; }
    frame = Minimum(Maximum(frame, minFrame), maxFrame);
    if (frame < view->first) { view->first = frame; view->last = frame + span; }
    if (frame > view->last) { view->last = frame; view->first = frame - span; }
}

f32 PlotYOfValue(f64 value, f64 minimum, f64 maximum, f32 top, f32 bottom)
{
    f32 high = top + 1.0f;
    f32 low = bottom - 2.0f;
    if (!(maximum > minimum)) return floorf(0.5f * (high + low));
    f64 at = (value - minimum) / (maximum - minimum);
    at = Minimum(Maximum(at, 0.0), 1.0);
    return (f32)floor((f64)low - at * (f64)(low - high) + 0.5);
}
