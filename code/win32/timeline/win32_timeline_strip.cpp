//~ The timeline strip on the platform's overlay: the history as tracks with marks, the cursor, the new
// timeline after a change of the past, the watch plots, and the mouse on them. Bodies behind
// win32/timeline/win32_timeline.h; the geometry is platform/platform_timeline_strip.h.

#define STRIP_BACKDROP OverlayColor(0, 0, 0, 176)
#define STRIP_TEXT OverlayColor(230, 230, 230, 255)
#define STRIP_DIM_TEXT OverlayColor(150, 150, 150, 255)
#define STRIP_TRACK OverlayColor(46, 46, 52, 255)
#define STRIP_NEW_TRACK OverlayColor(30, 60, 40, 255)
#define STRIP_NEW_DONE OverlayColor(50, 130, 70, 255)
#define STRIP_KEYFRAME OverlayColor(100, 100, 110, 255)
#define STRIP_RELOAD OverlayColor(255, 150, 40, 255)
#define STRIP_TUNE OverlayColor(70, 170, 255, 255)
#define STRIP_FAULT OverlayColor(255, 50, 50, 255)
#define STRIP_CAPSULE OverlayColor(220, 90, 255, 255)
#define STRIP_HITCH OverlayColor(255, 230, 60, 255)
#define STRIP_CURSOR OverlayColor(255, 255, 255, 255)
#define STRIP_DIFFERS OverlayColor(255, 60, 60, 255)

internal b32 Win32TimelineStripVisible(win32_timeline *timeline)
{
    return timeline->on && timeline->travelOn && (timeline->travel.paused || timeline->strip.stripShownLive);
}

internal u32 Win32ActiveWatchCount(win32_timeline *timeline)
{
    u32 count = 0;
    for (u32 index = 0; index < WIN32_TIMELINE_MAX_WATCHES; ++index) count += timeline->watches[index].active != 0;
    return count;
}

// The frames the strip spans and the frame it marks as shown (the present while playing).
internal void Win32StripRange(win32_timeline *timeline, u64 *first, u64 *last, u64 *cursor)
{
    *first = Win32TimelineOldestFrame(timeline);
    *last = timeline->recording.endFrame;
    *cursor = timeline->travel.paused ? timeline->travel.cursor : timeline->recording.endFrame;
    if (timeline->travel.paused && timeline->travel.newTimeline.exists) *last = Maximum(*last, timeline->travel.newTimeline.endFrame - 1);
}

// Not zoomed, the tracks show the whole history as it grows; zoomed, the view keeps its size and
// follows the cursor.
internal void Win32FitStripView(win32_timeline *timeline, u64 cursor, u64 first, u64 last)
{
    if (!timeline->strip.stripZoomed)
    {
        timeline->strip.stripView.first = first;
        timeline->strip.stripView.last = last;
        return;
    }
    FitStripView(&timeline->strip.stripView, cursor, first, last);
}

internal void Win32StripLayout(win32_timeline *timeline, u32 width, u32 height, timeline_strip_layout *layout)
{
    LayoutTimelineStrip(layout, width, height, Win32ActiveWatchCount(timeline), timeline->travel.paused && timeline->travel.newTimeline.exists);
}

//~ The median frame time (hitches are frames of at least twice it)
internal f32 Win32HistoryMedianFrameSeconds(win32_timeline *timeline, u64 first, u64 last)
{
    if (timeline->strip.medianEndFrame == last && timeline->strip.medianFirstFrame == first) return timeline->strip.medianFrameSeconds;
    f32 samples[MEDIAN_MAX_SAMPLES];
    u32 count = 0;
    u64 span = last - first;
    u64 step = Maximum(span / ArrayCount(samples), (u64)1);
    for (u64 frame = first; frame < last && count < ArrayCount(samples); frame += step)
    {
        f32 seconds = Win32TimelineFrame(timeline, frame)->frameSeconds;
        if (seconds > 0.0f) samples[count++] = seconds;
    }
    timeline->strip.medianFrameSeconds = count ? MedianOfSamples(samples, count) : 0.0f;
    timeline->strip.medianFirstFrame = first;
    timeline->strip.medianEndFrame = last;
    return timeline->strip.medianFrameSeconds;
}

//~ Tracks
// The marks of the frames in view, a column each (several frames a column: their flags together).
// NOTE: kept from one drawn frame to the next while the view and the history stay the same (paused):
// a frame's record is a few hundred bytes, and reading a minute of them costs more than the drawing.
internal u32 *Win32TrackColumnFlags(win32_timeline *timeline, const timeline_strip_view *view, u32 columns, f64 cell)
{
    local_persist u32 columnFlags[WIN32_TIMELINE_STRIP_COLUMNS];
    local_persist u64 keptKey[5];
    u64 key[5] = {view->first, view->last, columns, timeline->recording.endFrame, Win32TimelineOldestFrame(timeline)};
    if (memcmp(key, keptKey, sizeof(key)) == 0 && !timeline->strip.marksChanged) return columnFlags;
    memcpy(keptKey, key, sizeof(key));
    timeline->strip.marksChanged = 0;
    memset(columnFlags, 0, columns * sizeof(u32));
    f32 median = Win32HistoryMedianFrameSeconds(timeline, Win32TimelineOldestFrame(timeline), timeline->recording.endFrame);
    u64 lastRecorded = Minimum(view->last, timeline->recording.endFrame ? timeline->recording.endFrame - 1 : 0);
    for (u64 frame = view->first; frame <= lastRecorded && timeline->recording.endFrame; ++frame)
    {
        win32_timeline_frame *record = Win32TimelineFrame(timeline, frame);
        u32 flags = record->flags & ~(u32)TimelineFrame_Hitch;
        if (median > 0.0f && record->frameSeconds >= 2.0f * median) flags |= TimelineFrame_Hitch;
        u32 column = (u32)(((f64)(frame - view->first) + 0.5) * cell);     // the cell's centre
        columnFlags[Minimum(column, columns - 1)] |= flags;
    }
    return columnFlags;
}

internal void Win32DrawRecordedTrack(win32_timeline *timeline, render_overlay *overlay, const timeline_strip_layout *layout,
                                     const timeline_strip_view *view)
{
    u32 columns = (u32)Minimum(layout->width, (f32)WIN32_TIMELINE_STRIP_COLUMNS);
    f64 cell = (f64)layout->width / (f64)(view->last - view->first + 1);
    u32 *columnFlags = Win32TrackColumnFlags(timeline, view, columns, cell);
    f32 top = layout->trackTop, bottom = layout->trackBottom;
    PushOverlayRect(overlay, 0.0f, top, layout->width, bottom, STRIP_TRACK);
    f32 markWidth = Minimum(Maximum(1.0f, floorf((f32)cell)), 2.0f);
    for (u32 column = 0; column < columns; ++column)
    {
        u32 flags = columnFlags[column];
        if (!flags) continue;
        f32 x = (f32)column;
        if (flags & TimelineFrame_Keyframe) PushOverlayRect(overlay, x, top, x + 1.0f, top + 3.0f, STRIP_KEYFRAME);
        if (flags & TimelineFrame_Hitch) PushOverlayRect(overlay, x, bottom - 4.0f, x + markWidth, bottom, STRIP_HITCH);
        u32 color = (flags & TimelineFrame_Fault) ? STRIP_FAULT : (flags & TimelineFrame_Capsule) ? STRIP_CAPSULE :
                    (flags & TimelineFrame_Reload) ? STRIP_RELOAD : (flags & TimelineFrame_Tune) ? STRIP_TUNE : 0;
        if (color) PushOverlayRect(overlay, x, top + 3.0f, x + markWidth, bottom - 4.0f, color);
    }
}

internal void Win32DrawNewTrack(win32_timeline *timeline, render_overlay *overlay, const timeline_strip_layout *layout,
                                const timeline_strip_view *view)
{
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    f32 top = layout->newTrackTop, bottom = layout->newTrackBottom;
    f32 startX = Maximum(StripXOfFrame(view, layout->width, newTimeline->fromFrame) - 0.5f, 0.0f);
    f32 endX = Minimum(StripXOfFrame(view, layout->width, newTimeline->endFrame - 1) + 0.5f, layout->width);
    f32 doneX = Minimum(StripXOfFrame(view, layout->width, newTimeline->nextFrame) + 0.5f, layout->width);
    if (endX > startX) PushOverlayRect(overlay, startX, top + 1.0f, endX, bottom - 1.0f, STRIP_NEW_TRACK);
    if (doneX > startX) PushOverlayRect(overlay, startX, top + 1.0f, Minimum(doneX, endX), bottom - 1.0f, STRIP_NEW_DONE);
    if (!newTimeline->differs) return;
    f32 x = floorf(StripXOfFrame(view, layout->width, newTimeline->firstDifferentFrame));
    if (x < 0.0f || x >= layout->width) return;
    // The first frame that differs, on both tracks.
    PushOverlayRect(overlay, x - 1.0f, top, x + 2.0f, layout->trackBottom, STRIP_DIFFERS);
}

//~ Labels
internal void Win32FrameLabel(win32_timeline *timeline, u64 frame, char *out, umm outSize)
{
    FormatText(out, outSize, "%llu (%.2f s)", (unsigned long long)frame, Win32TimelineFrame(timeline, frame)->recordedSeconds);
}

internal void Win32DrawStripLabels(win32_timeline *timeline, render_overlay *overlay, const timeline_strip_layout *layout,
                                   const timeline_strip_view *view, u64 cursor)
{
    char text[160];
    f32 y = layout->labelTop + 1.0f;
    Win32FrameLabel(timeline, view->first, text, sizeof(text));
    PushOverlayText(overlay, 2.0f, y, 1.0f, STRIP_DIM_TEXT, text);
    f32 leftEnd = 2.0f + OverlayTextWidth(text, 1.0f);
    Win32FrameLabel(timeline, view->last, text, sizeof(text));
    f32 rightStart = layout->width - OverlayTextWidth(text, 1.0f) - 2.0f;
    PushOverlayText(overlay, rightStart, y, 1.0f, STRIP_DIM_TEXT, text);
    // The cursor's frame under it, where it does not cover the ends' labels.
    FormatText(text, sizeof(text), "%llu", (unsigned long long)cursor);
    f32 textWidth = OverlayTextWidth(text, 1.0f);
    f32 x = floorf(StripXOfFrame(view, layout->width, cursor) - 0.5f * textWidth);
    if (x > leftEnd + 4.0f && x + textWidth < rightStart - 4.0f) PushOverlayText(overlay, x, y, 1.0f, STRIP_TEXT, text);
}

// Hovering a track: the frame, its time, its build, its dt and whether a seek checked its hash.
internal void Win32DrawStripHover(win32_timeline *timeline, render_overlay *overlay, const timeline_strip_layout *layout)
{
    if (!timeline->strip.hovering) return;
    u64 frame = timeline->strip.hoverFrame;
    win32_timeline_frame *record = Win32TimelineFrame(timeline, frame);
    b32 recorded = frame < timeline->recording.endFrame || (timeline->travel.paused && frame == timeline->recording.endFrame);
    char text[200];
    const char *hash = !(record->flags & TimelineFrame_HashChecked) ? "hash not checked yet" :
                       (record->flags & TimelineFrame_HashEqual) ? "hash checked equal" : "hash checked: differs";
    if (recorded)
        FormatText(text, sizeof(text), "frame %llu  %.2f s  code v%u  dt %.1f ms  %s", (unsigned long long)frame,
                   record->recordedSeconds, record->reloadVersion, 1000.0 * (f64)record->input.dtForFrame, hash);
    else FormatText(text, sizeof(text), "frame %llu  (not recorded)", (unsigned long long)frame);
    f32 width = OverlayTextWidth(text, 1.0f) + 6.0f;
    f32 x = Minimum(Maximum(timeline->strip.hoverX - 0.5f * width, 0.0f), Maximum(layout->width - width, 0.0f));
    f32 top = layout->top - (f32)STRIP_ROW_HEIGHT - 2.0f;
    PushOverlayRect(overlay, x, top, x + width, top + (f32)STRIP_ROW_HEIGHT, OverlayColor(0, 0, 0, 220));
    PushOverlayText(overlay, x + 3.0f, top + 1.0f, 1.0f, STRIP_TEXT, text);
}

internal void Win32DrawStripStatus(win32_timeline *timeline, render_overlay *overlay, const timeline_strip_layout *layout,
                                   u64 first, u64 last, u64 cursor)
{
    char text[256];
    text_buffer line = TEXT_BUFFER_ON(text);
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    if (timeline->travel.paused)
        TextAppendFormat(&line, "PAUSED at frame %llu (%s timeline, code v%u) of %llu-%llu, %.1f MB; F5 plays on, arrows "
                         "step, wheel zooms", (unsigned long long)cursor, timeline->travel.viewNew ? "new" : "recorded",
                         Win32TimelineFrame(timeline, cursor)->reloadVersion, (unsigned long long)first,
                         (unsigned long long)last, (f64)HistoryBytesUsed(&timeline->recording.store) / (f64)Megabytes(1));
    else TextAppendFormat(&line, "LIVE frame %llu; history %llu-%llu; F5 pauses, F6 hides", (unsigned long long)cursor,
                          (unsigned long long)first, (unsigned long long)last);
    if (timeline->travel.paused && newTimeline->exists)
    {
        if (newTimeline->running)
            TextAppendFormat(&line, " | new code v%u re-running: frame %llu of %llu", newTimeline->version,
                             (unsigned long long)newTimeline->nextFrame, (unsigned long long)(newTimeline->endFrame - 1));
        else if (newTimeline->differs)
            TextAppendFormat(&line, " | new code v%u parts at frame %llu: %s", newTimeline->version,
                             (unsigned long long)newTimeline->firstDifferentFrame, newTimeline->difference);
        else TextAppendFormat(&line, " | new code v%u agrees on every frame", newTimeline->version);
    }
    PushOverlayTextClipped(overlay, 2.0f, layout->statusTop + 1.0f, 1.0f, STRIP_TEXT, layout->width - 4.0f, text);
}

//~ The strip
internal void Win32DrawTimelineStrip(win32_timeline *timeline, render_overlay *overlay)
{
    if (!Win32TimelineStripVisible(timeline)) return;
    u64 first, last, cursor;
    Win32StripRange(timeline, &first, &last, &cursor);
    timeline_strip_layout layout;
    Win32StripLayout(timeline, overlay->width, overlay->height, &layout);
    Win32FitStripView(timeline, cursor, first, last);
    timeline_strip_view *view = &timeline->strip.stripView;
    PushOverlayRect(overlay, 0.0f, layout.top, layout.width, layout.bottom, STRIP_BACKDROP);
    Win32DrawStripStatus(timeline, overlay, &layout, first, last, cursor);
    u32 plot = 0;
    for (u32 index = 0; index < WIN32_TIMELINE_MAX_WATCHES; ++index)
    {
        win32_timeline_watch *watch = timeline->watches + index;
        if (!watch->active) continue;
        Win32DrawWatchPlot(timeline, overlay, watch, view, layout.width, layout.plotTop[plot], layout.plotBottom[plot], cursor);
        ++plot;
    }
    Win32DrawRecordedTrack(timeline, overlay, &layout, view);
    if (timeline->travel.paused && timeline->travel.newTimeline.exists) Win32DrawNewTrack(timeline, overlay, &layout, view);
    if (cursor >= view->first && cursor <= view->last)
    {
        f32 x = floorf(StripXOfFrame(view, layout.width, cursor));
        f32 top = plot ? layout.plotTop[0] : layout.newTrackTop;
        PushOverlayRect(overlay, x, top, x + 1.0f, layout.trackBottom, STRIP_CURSOR);
        // A notch on the track's edges so the cursor reads even where a mark is under it.
        PushOverlayRect(overlay, x - 2.0f, layout.trackTop, x + 3.0f, layout.trackTop + 2.0f, STRIP_CURSOR);
        PushOverlayRect(overlay, x - 2.0f, layout.trackBottom - 2.0f, x + 3.0f, layout.trackBottom, STRIP_CURSOR);
    }
    Win32DrawStripLabels(timeline, overlay, &layout, view, cursor);
    Win32DrawStripHover(timeline, overlay, &layout);
}

//~ The mouse on the strip
// The pointer is over the strip: hovering names the frame under it; a click or a drag scrubs (pausing
// first when playing); the wheel zooms around the frame under it. True when the strip took the
// pointer (the game then sees neither the buttons nor the wheel).
internal b32 Win32TimelineStripMouse(win32_state *state, game_mouse_input *mouse, u32 width, u32 height)
{
    win32_timeline *timeline = &state->timeline;
    timeline->strip.hovering = 0;
    b32 held = mouse->buttons[MouseButton_Left].endedDown;
    if (!held) timeline->strip.dragging = 0;
    if (!Win32TimelineStripVisible(timeline) || !mouse->inWindow || !width || !height) return 0;
    timeline_strip_layout layout;
    Win32StripLayout(timeline, width, height, &layout);
    b32 over = (f32)mouse->y >= layout.top && (f32)mouse->y < layout.bottom;
    if (!over && !timeline->strip.dragging) return 0;
    u64 first, last, cursor;
    Win32StripRange(timeline, &first, &last, &cursor);
    Win32FitStripView(timeline, cursor, first, last);
    u64 frame = StripFrameAtX(&timeline->strip.stripView, layout.width, (f32)mouse->x);
    timeline->strip.hovering = over;
    timeline->strip.hoverFrame = frame;
    timeline->strip.hoverX = (f32)mouse->x;
    if (mouse->wheelDelta)
    {
        f64 factor = pow(0.8, (f64)mouse->wheelDelta);
        ZoomStripView(&timeline->strip.stripView, frame, factor, first, last);
        timeline->strip.stripZoomed = timeline->strip.stripView.first > first || timeline->strip.stripView.last < last;
        Win32Log(LogLevel_Info, "timeline: strip shows frames %llu-%llu", (unsigned long long)timeline->strip.stripView.first,
                 (unsigned long long)timeline->strip.stripView.last);
    }
    b32 pressed = WasPressed(mouse->buttons[MouseButton_Left]) || (held && timeline->strip.dragging);
    if (pressed && (over || timeline->strip.dragging))
    {
        timeline->strip.dragging = held;
        if (!timeline->travel.paused) Win32TimelinePause(state);
        if (timeline->travel.paused)
        {
            u64 rangeFirst, rangeLast;
            Win32TimelineRange(timeline, &rangeFirst, &rangeLast);
            u64 target = Minimum(Maximum(frame, rangeFirst), rangeLast);
            if (target != timeline->travel.cursor || !timeline->travel.shownValid) Win32TimelineSeek(state, target);
        }
    }
    return 1;
}
