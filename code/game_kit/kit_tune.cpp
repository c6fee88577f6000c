//~ Tunables: the registry behind game_kit/kit_tune.h and the F2 panel's drawing.

//~ Registry
// NOTE: both arrays are zero-initialised static storage (no constructor), so registrars in any
// translation unit may run before or after this unit's own initialisers.
global game_tunable *kitTuneEntries[GAME_TUNABLES_MAX];
global u32 kitTuneRefused;

// Written by the registrars at load, so not const: the braces give it C linkage without `extern`.
#if defined(_WIN32)
extern "C" { __declspec(dllexport) game_tunable_table gameTunables = {0, 0, kitTuneEntries}; }
#else
extern "C" { game_tunable_table gameTunables = {0, 0, kitTuneEntries}; }
#endif

// Table order: file, then line, then name (two tunables cannot share a line in practice, but the
// order must not depend on which unit registered first either way).
internal int KitTuneCompare(const game_tunable *a, const game_tunable *b)
{
    int byFile = strcmp(a->file, b->file);
    if (byFile) return byFile;
    if (a->line != b->line) return (a->line < b->line) ? -1 : 1;
    return strcmp(a->name, b->name);
}

void KitTuneRegister(game_tunable *entry)
{
    u32 count = gameTunables.count;
    for (u32 index = 0; index < count; ++index)
        if (kitTuneEntries[index] == entry) return;    // another unit including the same header
    if (count >= GAME_TUNABLES_MAX)
    {
        ++kitTuneRefused;
        return;
    }
    u32 at = count;
    while (at > 0 && KitTuneCompare(kitTuneEntries[at - 1], entry) > 0)
    {
        kitTuneEntries[at] = kitTuneEntries[at - 1];
        --at;
    }
    kitTuneEntries[at] = entry;
    gameTunables.count = count + 1;
}

const game_tunable_table *KitTunables(void)
{
    return &gameTunables;
}

//~ The panel
#define KIT_TUNE_PANEL_WIDTH 340.0f     // pixels at scale 1
#define KIT_TUNE_BACKDROP PackRGBA8(8, 10, 16, 190)
#define KIT_TUNE_ROW_COLOR PackRGBA8(235, 238, 245, 255)
#define KIT_TUNE_SELECTED_BACK PackRGBA8(40, 80, 130, 255)
#define KIT_TUNE_BAR_BACK PackRGBA8(50, 56, 64, 255)
#define KIT_TUNE_BAR_FILL PackRGBA8(86, 180, 233, 255)

// One component of a tunable's live value, as f64 (component 0 for the scalar types).
internal f64 KitTuneComponent(const game_tunable *entry, u32 component)
{
    switch (entry->type)
    {
        case GameTunable_F32: return (f64)*(f32 *)entry->value;
        case GameTunable_S32: return (f64)*(s32 *)entry->value;
        case GameTunable_B32: return *(b32 *)entry->value ? 1.0 : 0.0;
        default: return (f64)((f32 *)entry->value)[component];
    }
}

internal void KitTuneRowText(const game_tunable *entry, u32 component, char *line, umm lineSize)
{
    static const char colorNames[] = "rgba";
    static const char vectorNames[] = "xyz";
    f64 value = KitTuneComponent(entry, component);
    if (entry->type == GameTunable_F32) FormatText(line, lineSize, "%s  %g", entry->name, value);
    else if (entry->type == GameTunable_S32) FormatText(line, lineSize, "%s  %d", entry->name, (int)value);
    else if (entry->type == GameTunable_B32) FormatText(line, lineSize, "%s  %s", entry->name, value != 0.0 ? "on" : "off");
    else
    {
        char part = (entry->type == GameTunable_Color) ? colorNames[component] : vectorNames[component];
        FormatText(line, lineSize, "%s.%c  %g", entry->name, part, value);
    }
}

f32 KitDrawTunePanel(text_context *text, v2 topLeft, f32 scale, const platform_edit_status *status)
{
    const game_tunable_table *table = KitTunables();
    if (!status || !status->tunePanelVisible) return topLeft.y;
    f32 rowHeight = (f32)(FONT_LINE_HEIGHT + 3) * scale;
    f32 width = KIT_TUNE_PANEL_WIDTH * scale;
    f32 barWidth = 80.0f * scale;
    v2 at = topLeft;
    at = PushText(text, at, scale, KIT_TUNE_ROW_COLOR, table->count ? "tunables: up/down pick, left/right/wheel change\n"
                  "shift x10, ctrl x0.1, F2 closes" : "no tunables in this build (F2 closes)");
    u32 row = 0;
    for (u32 index = 0; index < table->count; ++index)
    {
        const game_tunable *entry = table->entries[index];
        for (u32 component = 0; component < GameTunableRowCount(entry->type); ++component, ++row)
        {
            if (row == status->tuneSelected)
                PushScreenRect(text, V2(at.x - 2.0f * scale, at.y - 1.0f * scale), V2(at.x + width, at.y + rowHeight - 2.0f * scale),
                               KIT_TUNE_SELECTED_BACK);
            f64 range = entry->maximum - entry->minimum;
            f32 fill = (range > 0.0) ? (f32)((KitTuneComponent(entry, component) - entry->minimum) / range) : 0.0f;
            fill = Clamp01(fill);
            v2 barMin = V2(at.x + width - barWidth - 4.0f * scale, at.y + 2.0f * scale);
            v2 barMax = V2(at.x + width - 4.0f * scale, at.y + rowHeight - 5.0f * scale);
            PushScreenRect(text, barMin, barMax, KIT_TUNE_BAR_BACK);
            PushScreenRect(text, barMin, V2(barMin.x + fill * (barMax.x - barMin.x), barMax.y), KIT_TUNE_BAR_FILL);
            char line[128];
            KitTuneRowText(entry, component, line, sizeof(line));
            PushTextClipped(text, at, scale, KIT_TUNE_ROW_COLOR, width - barWidth - 8.0f * scale, line);
            at.y += rowHeight;
        }
    }
    PushScreenBackdrop(text, V2(topLeft.x - 4.0f * scale, topLeft.y - 4.0f * scale), V2(topLeft.x + width + 4.0f * scale, at.y + 4.0f * scale),
                       KIT_TUNE_BACKDROP);
    return at.y;
}
