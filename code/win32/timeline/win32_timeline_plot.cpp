//~ The watch plots on the timeline strip: each watched field's values over the frames in view, its
// minimum, maximum and value at the cursor (win32_timeline_strip.cpp places the bands). Bodies behind
// win32/timeline/win32_timeline.h.
//
// NOTE: a plot is redrawn every drawn frame, over up to a minute of frames (3,600 at 60 Hz) for up to
// four fields of up to four components, recorded and new: one pass over the values gathers, column by
// column, the lowest, highest, first and last value, and only then are pixels computed, a column each.

#define PLOT_MAX_SERIES (2 * 4)         // recorded and new, of a v4 named whole
#define PLOT_BACK OverlayColor(20, 20, 24, 200)
#define PLOT_LABEL OverlayColor(150, 150, 150, 255)

internal const u32 plotWatchColors[WIN32_TIMELINE_MAX_WATCHES][2] =
{
    // recorded, new (the same hue, lighter)
    {OverlayColor(255, 200, 0, 255), OverlayColor(255, 240, 170, 255)},
    {OverlayColor(0, 200, 255, 255), OverlayColor(170, 235, 255, 255)},
    {OverlayColor(255, 80, 200, 255), OverlayColor(255, 190, 235, 255)},
    {OverlayColor(90, 255, 90, 255), OverlayColor(200, 255, 200, 255)},
};

struct plot_column
{
    s32 x;                      // the column the first of its frames maps to
    b32 joined;                 // the frame before it has a value (draw the step from it)
    f64 low, high;              // of its frames' values
    f64 first, last;
};

struct plot_series
{
    u32 count;                  // columns with a value, in x order
    plot_column *columns;
};

// The frames of `view` whose values a series holds.
internal b32 Win32SeriesFrames(win32_timeline *timeline, win32_timeline_watch *watch, b32 onNewTimeline,
                               const timeline_strip_view *view, u64 *first, u64 *last)
{
    u64 have0, have1;
    Win32WatchedFrames(timeline, watch, onNewTimeline, &have0, &have1);
    *first = Maximum(have0, view->first);
    *last = Minimum(have1 ? have1 - 1 : 0, view->last);
    return have1 > have0 && *first <= *last;
}

// One pass over a series' frames in view: its columns, and the range of its values widened to hold them.
internal void Win32GatherSeries(win32_timeline *timeline, win32_timeline_watch *watch, u32 component, b32 onNewTimeline,
                                const timeline_strip_view *view, f32 width, plot_series *series, f64 *minimum,
                                f64 *maximum)
{
    series->count = 0;
    u64 first, last;
    if (!Win32SeriesFrames(timeline, watch, onNewTimeline, view, &first, &last)) return;
    f64 cell = (f64)width / (f64)(view->last - view->first + 1);
    const f64 *values = onNewTimeline ? watch->newValues : watch->values;
    plot_column *column = 0;
    b32 previousHad = 0;
    for (u64 frame = first; frame <= last; ++frame)
    {
        f64 value = values[(frame % WIN32_TIMELINE_MAX_FRAMES) * 4 + component];
        if (value != value)
        {
            previousHad = 0;
            continue;
        }
        s32 x = (s32)((f64)(frame - view->first) * cell);
        if (!column || x != column->x)
        {
            column = series->columns + series->count++;
            column->x = x;
            column->joined = previousHad;
            column->low = column->high = column->first = value;
        }
        column->low = Minimum(column->low, value);
        column->high = Maximum(column->high, value);
        column->last = value;
        previousHad = 1;
    }
    for (u32 index = 0; index < series->count; ++index)
    {
        *minimum = Minimum(*minimum, series->columns[index].low);
        *maximum = Maximum(*maximum, series->columns[index].high);
    }
}

// Column by column: from the lowest to the highest value of its frames (and the last value of the
// column before, so a step is a vertical line), then flat at its last value up to the next column.
internal void Win32DrawSeries(render_overlay *overlay, plot_series *series, f32 width, f64 cell, f32 top, f32 bottom,
                              f64 minimum, f64 maximum, u32 color)
{
    f32 previousY = 0.0f;
    for (u32 index = 0; index < series->count; ++index)
    {
        plot_column *column = series->columns + index;
        f32 high = PlotYOfValue(column->high, minimum, maximum, top, bottom);
        f32 low = PlotYOfValue(column->low, minimum, maximum, top, bottom);
        if (column->joined && index > 0)
        {
            high = Minimum(high, previousY);
            low = Maximum(low, previousY);
        }
        f32 x = (f32)column->x;
        PushOverlayRect(overlay, x, high, x + 1.0f, low + 1.0f, color);
        f32 lastY = PlotYOfValue(column->last, minimum, maximum, top, bottom);
        s32 end = index + 1 < series->count ? series->columns[index + 1].x : (s32)((f64)column->x + Maximum(cell, 1.0));
        end = Minimum(end, (s32)width);
        if (end > column->x + 1) PushOverlayRect(overlay, x + 1.0f, lastY, (f32)end, lastY + 1.0f, color);
        previousY = lastY;
    }
}

// The value as the first-difference lines print it, kept per watch and slot while it stays the same.
// NOTE: printing a float the shortest way that reads back exactly tries up to 9 digit counts; over
// four plots, each drawn frame, that cost more than the plots' pixels.
#define PLOT_VALUE_SLOTS (2 + 2 * 4)    // min, max, the cursor's value per series
internal const char *Win32PlotValueText(win32_timeline_watch *watch, u32 slot, f64 value)
{
    struct kept_text { f64 value; u32 kind; b32 valid; char text[64]; };
    local_persist kept_text kept[WIN32_TIMELINE_MAX_WATCHES][PLOT_VALUE_SLOTS];
    kept_text *entry = &kept[watch->colorIndex % WIN32_TIMELINE_MAX_WATCHES][slot % PLOT_VALUE_SLOTS];
    if (!entry->valid || memcmp(&entry->value, &value, sizeof(value)) != 0 || entry->kind != (u32)watch->leaf.kind)
    {
        FormatStatePathValue(&watch->leaf, value, entry->text, sizeof(entry->text));
        entry->value = value;
        entry->kind = (u32)watch->leaf.kind;
        entry->valid = 1;
    }
    return entry->text;
}

// Text over a plot, on a see-through dark backing so the lines under it do not hide it.
internal void Win32PushLabel(render_overlay *overlay, f32 x, f32 y, u32 color, const char *text)
{
    PushOverlayRect(overlay, x - 1.0f, y - 1.0f, x + OverlayTextWidth(text, 1.0f) + 1.0f, y + (f32)FONT_LINE_HEIGHT - 1.0f,
                    OverlayColor(0, 0, 0, 150));
    PushOverlayText(overlay, x, y, 1.0f, color, text);
}

// The field's name and its value at the cursor (recorded, then new), the plot's top right.
internal void Win32DrawWatchValues(win32_timeline *timeline, render_overlay *overlay, win32_timeline_watch *watch, f32 width,
                                   f32 top, u64 cursor, b32 haveNew, u32 color)
{
    char text[300];
    text_buffer line = TEXT_BUFFER_ON(text);
    TextAppendFormat(&line, "%s =", watch->leaf.path);
    for (u32 series = 0; series < (haveNew ? 2u : 1u); ++series)
    {
        if (series) TextAppendFormat(&line, " | new");
        for (u32 component = 0; component < watch->leaf.componentCount; ++component)
        {
            f64 at;
            b32 have = Win32WatchedValueAt(timeline, watch, cursor, component, series == 1, &at);
            TextAppendFormat(&line, " %s", have ? Win32PlotValueText(watch, 2 + series * 4 + component, at) : "-");
        }
    }
    f32 textWidth = OverlayTextWidth(text, 1.0f);
    Win32PushLabel(overlay, Maximum(width - textWidth - 2.0f, 80.0f), top + 1.0f, color, text);
}

internal void Win32DrawWatchPlot(win32_timeline *timeline, render_overlay *overlay, win32_timeline_watch *watch,
                                 const timeline_strip_view *view, f32 width, f32 top, f32 bottom, u64 cursor)
{
    local_persist plot_column columns[PLOT_MAX_SERIES][WIN32_TIMELINE_STRIP_COLUMNS];
    PushOverlayRect(overlay, 0.0f, top, width, bottom, PLOT_BACK);
    width = Minimum(width, (f32)WIN32_TIMELINE_STRIP_COLUMNS);
    b32 haveNew = timeline->travel.paused && timeline->travel.newTimeline.exists;
    u32 seriesCount = (haveNew ? 2 : 1) * watch->leaf.componentCount;
    plot_series series[PLOT_MAX_SERIES];
    f64 minimum = 1.0e300, maximum = -1.0e300;
    for (u32 index = 0; index < seriesCount; ++index)
    {
        series[index].columns = columns[index];
        Win32GatherSeries(timeline, watch, index % watch->leaf.componentCount, index >= watch->leaf.componentCount, view,
                          width, series + index, &minimum, &maximum);
    }
    if (minimum > maximum) minimum = maximum = 0.0;
    const u32 *colors = plotWatchColors[watch->colorIndex % WIN32_TIMELINE_MAX_WATCHES];
    f64 cell = (f64)width / (f64)(view->last - view->first + 1);
    for (u32 index = 0; index < seriesCount; ++index)
        Win32DrawSeries(overlay, series + index, width, cell, top, bottom, minimum, maximum,
                        colors[index >= watch->leaf.componentCount ? 1 : 0]);
    char text[160];
    FormatText(text, sizeof(text), "max %s", Win32PlotValueText(watch, 0, maximum));
    Win32PushLabel(overlay, 2.0f, top + 1.0f, PLOT_LABEL, text);
    FormatText(text, sizeof(text), "min %s", Win32PlotValueText(watch, 1, minimum));
    Win32PushLabel(overlay, 2.0f, bottom - (f32)FONT_LINE_HEIGHT, PLOT_LABEL, text);
    Win32DrawWatchValues(timeline, overlay, watch, width, top, cursor, haveNew, colors[0]);
}
