//~ Tunables from the F2 panel's keys and from the request file (win32/win32_tunables.h).

internal u32 Win32TunePanelRowCount(win32_tunables *tunables)
{
    u32 rows = 0;
    for (u32 index = 0; index < tunables->count; ++index) rows += GameTunableRowCount(tunables->entries[index].type);
    return rows;
}

// The key's press (or auto-repeat, see below) this frame, and the key hidden from the game.
// NOTE: a masked key reads as up, so while it is held each auto-repeat WM_KEYDOWN counts as a new
// press here: holding Right keeps stepping the value.
internal b32 Win32TuneTakeKey(game_keyboard_input *keyboard, u32 key)
{
    b32 pressed = WasPressed(keyboard->keys[key]);
    keyboard->keys[key].halfTransitionCount = 0;
    keyboard->keys[key].endedDown = 0;
    return pressed;
}

// One step of the selected row: a hundredth of the range (Shift: a tenth, Ctrl: a thousandth);
// s32 steps by 1 (Shift: 10); a bool toggles.
internal void Win32TuneStep(win32_state *state, u32 row, s32 steps, u32 modifiers)
{
    win32_tunables *tunables = &state->tunables;
    u32 index = 0, component = row;
    while (index < tunables->count && component >= GameTunableRowCount(tunables->entries[index].type))
        component -= GameTunableRowCount(tunables->entries[index++].type);
    if (index >= tunables->count || !steps) return;
    win32_tunable *entry = &tunables->entries[index];
    f64 value[4];
    memcpy(value, entry->live, sizeof(value));
    if (entry->type == GameTunable_B32) value[0] = (steps & 1) ? !(value[0] != 0.0) : value[0];
    else
    {
        f64 step = (entry->type == GameTunable_S32) ? ((modifiers & Modifier_Shift) ? 10.0 : 1.0)
                                                    : (entry->maximum - entry->minimum) / 100.0;
        if (entry->type != GameTunable_S32 && (modifiers & Modifier_Shift)) step *= 10.0;
        if (entry->type != GameTunable_S32 && (modifiers & Modifier_Control)) step *= 0.1;
        value[component] += step * (f64)steps;
        // Rounded to a decimal past the step's, so f32 sums do not creep: 0.08 + 0.01 gives 0.09,
        // not 0.089999996 (which would then be written back as such).
        if (entry->type != GameTunable_S32 && step > 0.0)
        {
            f64 scale = pow(10.0, ceil(-log10(step)) + 1.0);
            value[component] = floor(value[component] * scale + 0.5) / scale;
        }
    }
    Win32SetTunable(state, index, value, TuneSource_Panel);
}

internal void Win32TunePanelInput(win32_state *state)
{
    platform_edit_status *status = &state->editStatus;
    game_keyboard_input *keyboard = &state->input.keyboard;
    if (Win32TuneTakeKey(keyboard, Key_F2))
    {
        status->tunePanelVisible = !status->tunePanelVisible;
        Win32Log(LogLevel_Info, "tune: panel %s (%u tunables)", status->tunePanelVisible ? "opened" : "closed",
                 state->tunables.count);
    }
    if (!status->tunePanelVisible) return;
    u32 rows = Win32TunePanelRowCount(&state->tunables);
    b32 up = Win32TuneTakeKey(keyboard, Key_Up), down = Win32TuneTakeKey(keyboard, Key_Down);
    b32 left = Win32TuneTakeKey(keyboard, Key_Left), right = Win32TuneTakeKey(keyboard, Key_Right);
    s32 wheel = state->input.mouse.wheelDelta;
    state->input.mouse.wheelDelta = 0;
    if (!rows || state->replay.on) return;  // a replay's values come from its capsule
    if (up) status->tuneSelected = (status->tuneSelected + rows - 1) % rows;
    if (down) status->tuneSelected = (status->tuneSelected + 1) % rows;
    if (status->tuneSelected >= rows) status->tuneSelected = 0;
    s32 steps = (right ? 1 : 0) - (left ? 1 : 0) + wheel;
    Win32TuneStep(state, status->tuneSelected, steps, keyboard->modifiers);
}

//~ The request file
// Applies each NAME=VALUE line of the taken file ('#' starts a comment line; blanks are skipped).
internal void Win32ApplyTuneRequestText(win32_state *state, char *text, umm size)
{
    u32 lineNumber = 0;
    for (char *line = text; line < text + size;)
    {
        char *end = line;
        while (end < text + size && *end != '\n') ++end;
        char *next = end + 1;
        ++lineNumber;
        while (end > line && (end[-1] == '\r' || end[-1] == ' ' || end[-1] == '\t')) --end;
        *end = 0;
        while (*line == ' ' || *line == '\t') ++line;
        if (*line && *line != '#')
        {
            char what[64];
            FormatText(what, sizeof(what), "%s line %u", WIN32_TUNE_REQUEST_NAME, lineNumber);
            Win32ApplyTuneAssignment(state, line, what, TuneSource_Request);
        }
        line = next;
    }
}

internal void Win32PollTuneRequest(win32_state *state)
{
    win32_tunables *tunables = &state->tunables;
    local_persist char text[64 * 1024];
    umm length = 0;
    win32_request_file_result result = Win32TakeRequestFile(tunables->requestPath, text, sizeof(text), &length);
    if (result == RequestFile_Unreadable) Win32Log(LogLevel_Error, "tune: %s could not be read; ignored", tunables->requestPath);
    if (result == RequestFile_Taken) Win32ApplyTuneRequestText(state, text, length);
}
