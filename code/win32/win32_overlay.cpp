//~ The platform's overlay: the bodies behind win32/win32_overlay.h

#define OVERLAY_TEXT OverlayColor(235, 235, 235, 255)
#define OVERLAY_WARNING OverlayColor(255, 210, 80, 255)
#define OVERLAY_ERROR OverlayColor(255, 90, 90, 255)
#define OVERLAY_BACKDROP OverlayColor(0, 0, 0, 170)
#define OVERLAY_PANEL_SELECTED OverlayColor(60, 80, 130, 255)
#define OVERLAY_BAR_BACK OverlayColor(60, 60, 60, 255)
#define OVERLAY_BAR_FILL OverlayColor(90, 170, 255, 255)
#define OVERLAY_PANEL_WIDTH 340.0f
#define OVERLAY_MARGIN 8.0f

internal void Win32InitOverlay(win32_overlay *overlay, win32_state *state)
{
    memset(overlay, 0, sizeof(*overlay));
    overlay->on = !state->options.noOverlay && state->haveRenderer;
    if (!overlay->on) return;
    overlay->vertices = PushArray(&state->platformArena, WIN32_OVERLAY_MAX_QUADS * 4, render_vertex);
    local_persist u32 atlas[FONT_ATLAS_WIDTH * FONT_ATLAS_HEIGHT];
    FontBuildAtlas(atlas);
    overlay->fontUploaded = OpenGLSetOverlayFont(&state->gl, atlas, FONT_ATLAS_WIDTH, FONT_ATLAS_HEIGHT);
    if (!overlay->vertices || !overlay->fontUploaded)
    {
        Win32Log(LogLevel_Warning, "overlay: off (%s)", overlay->vertices ? "the renderer refused its font" : "no memory");
        overlay->on = 0;
    }
}

//~ Input
internal b32 Win32PointerOverPanel(win32_overlay *overlay, win32_state *state, const game_mouse_input *mouse)
{
    if (!state->editStatus.tunePanelVisible || overlay->tunePanelRight <= overlay->tunePanelLeft) return 0;
    f32 x = (f32)mouse->x, y = (f32)mouse->y;
    return x >= overlay->tunePanelLeft && x < overlay->tunePanelRight && y >= overlay->tunePanelTop &&
           y < overlay->tunePanelBottom;
}

internal void Win32OverlayInput(win32_overlay *overlay, win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    game_input *input = &state->input;
    if (!overlay->on) return;
    if (WasPressed(input->keyboard.keys[Key_F6]) && timeline->on && timeline->travelOn && !timeline->travel.paused)
    {
        timeline->strip.stripShownLive = !timeline->strip.stripShownLive;
        Win32Log(LogLevel_Info, "timeline: strip %s (F6)", timeline->strip.stripShownLive ? "shown" : "hidden");
    }
    game_mouse_input *mouse = &input->mouse;
    u32 width = (u32)Maximum(state->window.clientWidth, 1);
    u32 height = (u32)Maximum(state->window.clientHeight, 1);
    b32 overStrip = Win32TimelineStripMouse(state, mouse, width, height);
    b32 overPanel = !overStrip && mouse->inWindow && Win32PointerOverPanel(overlay, state, mouse);
    if (!overStrip && !overPanel) return;
    // NOTE: the game keeps the pointer's position (a cursor it draws), not what the overlay used.
    for (u32 button = 0; button < MouseButton_Count; ++button)
    {
        mouse->buttons[button].halfTransitionCount = 0;
        mouse->buttons[button].endedDown = 0;
    }
    // The strip zoomed with the wheel; over the panel it is left for the panel (it changes a value).
    if (overStrip) mouse->wheelDelta = 0;
}

//~ Drawing
internal u32 Win32NoticeColor(u32 level)
{
    return level >= LogLevel_Error ? OVERLAY_ERROR : level == LogLevel_Warning ? OVERLAY_WARNING : OVERLAY_TEXT;
}

// The live notices, oldest first, right-aligned at the top right; returns the bottom of what it drew.
internal f32 Win32DrawNotices(render_overlay *list, platform_notices *notices, f32 width)
{
    f32 y = OVERLAY_MARGIN;
    f32 maxWidth = Maximum(width * 0.6f, 120.0f);
    for (u32 offset = 0; offset < PLATFORM_MAX_NOTICES; ++offset)
    {
        platform_notice *notice = notices->notices + ((notices->nextIndex + offset) % PLATFORM_MAX_NOTICES);
        if (notice->secondsLeft <= 0.0f) continue;
        char text[sizeof(notice->text) + 16];
        FormatText(text, sizeof(text), "%.*s", (int)sizeof(notice->text), notice->text);
        f32 textWidth = Minimum(OverlayTextWidth(text, 1.0f), maxWidth);
        f32 x = Maximum(width - OVERLAY_MARGIN - textWidth, 0.0f);
        PushOverlayRect(list, x - 3.0f, y - 2.0f, x + textWidth + 3.0f, y + (f32)FONT_LINE_HEIGHT, OVERLAY_BACKDROP);
        PushOverlayTextClipped(list, x, y, 1.0f, Win32NoticeColor(notice->level), maxWidth, text);
        y += (f32)FONT_LINE_HEIGHT + 2.0f;
    }
    return y;
}

internal void Win32TunableRowText(win32_tunable *entry, u32 component, f64 value, char *out, umm outSize)
{
    if (entry->type == GameTunable_F32) FormatText(out, outSize, "%s  %g", entry->name, value);
    else if (entry->type == GameTunable_S32) FormatText(out, outSize, "%s  %d", entry->name, (int)value);
    else if (entry->type == GameTunable_B32) FormatText(out, outSize, "%s  %s", entry->name, value != 0.0 ? "on" : "off");
    else
    {
        char part = (entry->type == GameTunable_Color) ? "rgba"[component & 3] : "xyz"[Minimum(component, 2u)];
        FormatText(out, outSize, "%s.%c  %g", entry->name, part, value);
    }
}

// The F2 panel: a row per tunable component (name, value, where it sits in its range), the selected
// row highlighted.
internal void Win32DrawTunePanel(win32_overlay *overlay, render_overlay *list, win32_state *state, f32 top)
{
    platform_edit_status *status = &state->editStatus;
    overlay->tunePanelRight = overlay->tunePanelLeft;
    if (!status->tunePanelVisible) return;
    win32_tunables *tunables = &state->tunables;
    f32 left = Maximum(list->width - OVERLAY_PANEL_WIDTH - OVERLAY_MARGIN, 0.0f);
    f32 right = Minimum(left + OVERLAY_PANEL_WIDTH, list->width);
    f32 rowHeight = (f32)FONT_LINE_HEIGHT + 3.0f;
    u32 rows = Win32TunePanelRowCount(tunables);
    f32 bottom = top + 2.0f * (f32)FONT_LINE_HEIGHT + 4.0f + (f32)rows * rowHeight;
    PushOverlayRect(list, left - 4.0f, top - 4.0f, right + 4.0f, bottom + 4.0f, OVERLAY_BACKDROP);
    f32 y = top;
    PushOverlayText(list, left, y, 1.0f, OVERLAY_TEXT, rows ? "tunables: up/down pick, left/right/wheel change\n"
                    "shift x10, ctrl x0.1, F2 closes" : "no tunables in this build (F2 closes)");
    y += 2.0f * (f32)FONT_LINE_HEIGHT + 4.0f;
    u32 row = 0;
    f32 barWidth = 80.0f;
    for (u32 index = 0; index < tunables->count; ++index)
    {
        win32_tunable *entry = tunables->entries + index;
        for (u32 component = 0; component < GameTunableRowCount(entry->type); ++component, ++row)
        {
            if (row == status->tuneSelected) PushOverlayRect(list, left - 2.0f, y - 1.0f, right, y + rowHeight - 2.0f, OVERLAY_PANEL_SELECTED);
            f64 value = entry->live[component];
            f64 range = entry->maximum - entry->minimum;
            f32 fill = range > 0.0 ? (f32)Minimum(Maximum((value - entry->minimum) / range, 0.0), 1.0) : 0.0f;
            f32 barLeft = right - barWidth - 4.0f;
            PushOverlayRect(list, barLeft, y + 2.0f, right - 4.0f, y + rowHeight - 5.0f, OVERLAY_BAR_BACK);
            PushOverlayRect(list, barLeft, y + 2.0f, barLeft + fill * barWidth, y + rowHeight - 5.0f, OVERLAY_BAR_FILL);
            char text[160];
            Win32TunableRowText(entry, component, value, text, sizeof(text));
            PushOverlayTextClipped(list, left, y, 1.0f, OVERLAY_TEXT, right - left - barWidth - 8.0f, text);
            y += rowHeight;
        }
    }
    overlay->tunePanelLeft = left - 4.0f;
    overlay->tunePanelTop = top - 4.0f;
    overlay->tunePanelRight = right + 4.0f;
    overlay->tunePanelBottom = bottom + 4.0f;
}

internal render_overlay *Win32BuildOverlay(win32_overlay *overlay, win32_state *state, u32 width, u32 height)
{
    if (!overlay->on || !width || !height) return 0;
    f64 start = Win32Seconds();
    Win32BeginBlock("overlay");
    render_overlay *list = &overlay->list;
    BeginRenderOverlay(list, overlay->vertices, WIN32_OVERLAY_MAX_QUADS, width, height);
    f32 noticesBottom = Win32DrawNotices(list, &state->notices, (f32)width);
    Win32DrawTunePanel(overlay, list, state, noticesBottom + 6.0f);
    b32 strip = Win32TimelineStripVisible(&state->timeline);
    Win32DrawTimelineStrip(&state->timeline, list);
    Win32EndBlock("overlay");
    f64 seconds = Win32Seconds() - start;
    overlay->drawSeconds[overlay->drawCount++ % ArrayCount(overlay->drawSeconds)] = seconds;
    if (strip) overlay->stripDrawSeconds[overlay->stripDrawCount++ % ArrayCount(overlay->stripDrawSeconds)] = seconds;
    return list;
}

//~ The window title
internal void Win32UpdateWindowTitle(win32_overlay *overlay, win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    b32 paused = timeline->travel.paused;
    u64 frame = paused ? timeline->travel.cursor : (u64)state->frames.frameCount;
    f64 now = Win32Seconds();
    if (frame == overlay->titleFrame && paused == overlay->titlePaused) return;
    if (!paused && paused == overlay->titlePaused && now - overlay->titleAt < WIN32_OVERLAY_TITLE_SECONDS) return;
    overlay->titleFrame = frame;
    overlay->titlePaused = paused;
    overlay->titleAt = now;
    char text[128];
    if (paused) FormatText(text, sizeof(text), "Handmade Engine - paused at frame %llu", (unsigned long long)frame);
    else FormatText(text, sizeof(text), "Handmade Engine - frame %llu", (unsigned long long)frame);
    WCHAR title[128];
    if (!Win32Utf8ToWide(text, title, ArrayCount(title))) return;
    SetWindowTextW(state->window.handle, title);
}

internal f64 Win32MaxSecondsOf(const f64 *samples, u64 count, u64 capacity)
{
    f64 most = 0.0;
    for (u64 index = 0; index < Minimum(count, capacity); ++index) most = Maximum(most, samples[index]);
    return most;
}

internal void Win32ShutdownOverlay(win32_overlay *overlay)
{
    if (!overlay->on || !overlay->drawCount) return;
    Win32Log(LogLevel_Info, "overlay: built in a median %.3f ms of the main thread per drawn frame (%llu frames); with the "
             "timeline strip shown a median %.3f ms, at most %.3f ms (%llu frames, the last %u of them counted)",
             1000.0 * MedianOfRing(overlay->drawSeconds, overlay->drawCount, ArrayCount(overlay->drawSeconds)),
             (unsigned long long)overlay->drawCount,
             1000.0 * MedianOfRing(overlay->stripDrawSeconds, overlay->stripDrawCount, ArrayCount(overlay->stripDrawSeconds)),
             1000.0 * Win32MaxSecondsOf(overlay->stripDrawSeconds, overlay->stripDrawCount, ArrayCount(overlay->stripDrawSeconds)),
             (unsigned long long)overlay->stripDrawCount, (u32)Minimum(overlay->stripDrawCount, (u64)ArrayCount(overlay->stripDrawSeconds)));
}
