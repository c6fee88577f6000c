//~ The timeline's controls: keys and timeline.request. Bodies behind
// win32/timeline/win32_timeline.h.

internal void Win32TimelineSetView(win32_state *state, b32 viewNew)
{
    win32_timeline *timeline = &state->timeline;
    if (viewNew && !timeline->travel.newTimeline.exists)
    {
        Win32Log(LogLevel_Error, "timeline: no new timeline to view: reload or tune while paused to make one");
        return;
    }
    if (viewNew == timeline->travel.viewNew) return;
    timeline->travel.viewNew = viewNew;
    timeline->travel.shownValid = 0;
    HistoryClear(&timeline->scrub.store);     // its frames are of the other timeline
    Win32Log(LogLevel_Info, "timeline: viewing the %s timeline", viewNew ? "new" : "recorded");
    Win32TimelineSeek(state, timeline->travel.cursor);
}

// A capsule of the recorded window (the capsule recorder's, up to the pause or the present) written to
// path (0: into the capsule folder, as F8 does).
internal void Win32TimelineSave(win32_state *state, const char *path)
{
    win32_timeline *timeline = &state->timeline;
    if (!state->capsuleWriter.on)
    {
        Win32Log(LogLevel_Error, "timeline: cannot save%s%s: capsules are off (--capsule-seconds 0)", path ? " to " : "",
                 path ? path : "");
        return;
    }
    if (!timeline->travel.paused)
    {
        Win32RequestRecordedCapsule(&state->capsuleWriter, state, path, Win32CurrentStateHash(timeline->snapshot));
        return;
    }
    Win32Log(LogLevel_Info, "timeline: saving the recorded window up to frame %llu as a capsule%s%s",
             (unsigned long long)timeline->recording.endFrame, path ? " to " : "", path ? path : "");
    Win32RequestRecordedCapsule(&state->capsuleWriter, state, path, Win32TimelineFrame(timeline, timeline->recording.endFrame)->stateHash);
}

internal void Win32ApplyTimelineCommand(win32_state *state, timeline_command *command)
{
    win32_timeline *timeline = &state->timeline;
    switch (command->kind)
    {
        case TimelineCommand_None: break;
        case TimelineCommand_Pause: Win32TimelinePause(state); break;
        case TimelineCommand_Resume:
            if (!timeline->travel.paused) Win32Log(LogLevel_Warning, "timeline: 'resume' while not paused; ignored");
            Win32TimelineResume(state);
            break;
        case TimelineCommand_Seek:
        case TimelineCommand_Step:
        {
            if (!timeline->travel.paused) Win32TimelinePause(state);
            if (!timeline->travel.paused) break;
            s64 target = command->kind == TimelineCommand_Seek ? command->number : (s64)timeline->travel.cursor + command->number;
            u64 first, last;
            Win32TimelineRange(timeline, &first, &last);
            if (target < (s64)first || target > (s64)last)
                Win32Log(LogLevel_Warning, "timeline: frame %lld is outside the history (frames %llu-%llu); showing the "
                         "nearest", (long long)target, (unsigned long long)first, (unsigned long long)last);
            Win32TimelineSeek(state, (u64)Maximum(target, (s64)0));
        } break;
        case TimelineCommand_View:
            if (!timeline->travel.paused) Win32Log(LogLevel_Error, "timeline: 'view' needs a pause first");
            else Win32TimelineSetView(state, command->viewNew);
            break;
        case TimelineCommand_Save: Win32TimelineSave(state, command->path); break;
        case TimelineCommand_Watch: Win32TimelineWatch(state, command->fieldPath); break;
        case TimelineCommand_Unwatch: Win32TimelineUnwatch(state, command->fieldPath); break;
        case TimelineCommand_Find: Win32TimelineFind(state, command); break;
    }
}

// timeline.request (Win32TakeRequestFile), its lines applied in order.
internal void Win32PollTimelineRequest(win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    local_persist char text[16 * 1024];
    umm length = 0;
    win32_request_file_result result = Win32TakeRequestFile(timeline->travel.requestPath, text, sizeof(text), &length);
    if (result == RequestFile_Unreadable)
        Win32Log(LogLevel_Error, "timeline: %s could not be read; ignored", timeline->travel.requestPath);
    if (result != RequestFile_Taken) return;
    char *line = text;
    u32 lineNumber = 0;
    while (line && *line)
    {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        ++lineNumber;
        timeline_command command;
        char error[200];
        if (ParseTimelineCommand(line, &command, error, sizeof(error))) Win32ApplyTimelineCommand(state, &command);
        else Win32Log(LogLevel_Error, "timeline: timeline.request line %u refused: %s", lineNumber, error);
        line = next;
    }
}

// F5, and while paused Left/Right (Shift: a second), Home/End (the mouse on the strip: win32_timeline_strip.cpp).
internal void Win32TimelineKeys(win32_state *state, const game_input *live)
{
    win32_timeline *timeline = &state->timeline;
    const game_keyboard_input *keyboard = &live->keyboard;
    if (!timeline->travel.paused) state->inputState.homePresses = state->inputState.endPresses = 0;
    if (WasPressed(keyboard->keys[Key_F5]))
    {
        if (timeline->travel.paused) Win32TimelineResume(state);
        else Win32TimelinePause(state);
        return;
    }
    if (!timeline->travel.paused) return;
    // F8 while paused: the recorded future (the window up to the pause) as a capsule, before a
    // resume in the past drops it.
    if (WasPressed(keyboard->keys[Key_F8])) Win32TimelineSave(state, 0);
    u64 first, last;
    Win32TimelineRange(timeline, &first, &last);
    f32 dt = Win32TimelineFrame(timeline, timeline->travel.cursor)->input.dtForFrame;
    s64 second = (s64)(1.0f / (dt > 0.0f ? dt : 1.0f / 60.0f) + 0.5f);
    // NOTE: the Shift key's transitions and the thread's key state too: a key sent to the window
    // (not typed) can come with Shift in its modifiers and no Shift key event of its own.
    game_button_state shift = keyboard->keys[Key_Shift];
    b32 shiftHeld = (keyboard->modifiers & Modifier_Shift) || shift.endedDown || shift.halfTransitionCount ||
                    (GetKeyState(VK_SHIFT) & 0x8000);
    s64 stride = shiftHeld ? second : 1;
    s64 target = (s64)timeline->travel.cursor;
    if (WasPressed(keyboard->keys[Key_Left])) target -= stride;
    if (WasPressed(keyboard->keys[Key_Right])) target += stride;
    if (state->inputState.homePresses) target = (s64)first;
    if (state->inputState.endPresses) target = (s64)last;
    state->inputState.homePresses = state->inputState.endPresses = 0;
    target = Minimum(Maximum(target, (s64)first), (s64)last);
    if ((u64)target != timeline->travel.cursor) Win32TimelineSeek(state, (u64)target);
}

//~ The frame loop's entry points
internal b32 Win32TimelineBetweenFrames(win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    if (!timeline->on || !timeline->travelOn) return 0;
    game_input live = state->input;
    if (timeline->travel.startPaused)
    {
        timeline->travel.startPaused = 0;
        Win32TimelinePause(state);
    }
    Win32TimelineKeys(state, &live);
    Win32PollTimelineRequest(state);
    if (timeline->travel.paused)
    {
        b32 newBuild = state->game.version != timeline->travel.pausedVersion;
        b32 newTune = state->editStatus.tuneCount != timeline->recording.lastTuneCount;
        if (newBuild || newTune)
        {
            timeline->travel.pausedVersion = state->game.version;
            timeline->recording.lastTuneCount = state->editStatus.tuneCount;
            char what[64];
            FormatText(what, sizeof(what), newBuild ? "code version %u arrived" : "a tunable changed", state->game.version);
            Win32StartNewTimeline(state, what);
        }
        else if (timeline->travel.newTimeline.running) Win32ContinueNewTimeline(state);
        if (!timeline->travel.shownValid) Win32TimelineSeek(state, timeline->travel.cursor);
    }
    if (!timeline->travel.paused)
    {
        state->input = live;
        state->input.frameIndex = (u64)state->frames.frameCount;
        return 0;
    }
    win32_timeline_frame *shown = Win32TimelineFrame(timeline, timeline->travel.cursor);
    state->input = shown->input;
    if (shown->reloadVersion) state->memory.reloadVersion = shown->reloadVersion;
    return 1;
}

internal b32 Win32TimelineAfterShownFrame(win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    win32_crash_report report;
    b32 crashed = Win32TakeCrash(&report) != 0;
    if (crashed)
    {
        CompleteAllWork(&state->queues.highQueue);
        Win32TakeCrash(&report);
        if (!timeline->travel.faultShownLogged)
        {
            timeline->travel.faultShownLogged = 1;
            Win32Log(LogLevel_Warning, "timeline: frame %llu faults when shown (%s; contained, nothing drawn, the build "
                     "stays)", (unsigned long long)timeline->travel.cursor, Win32ExceptionName(report.code));
        }
    }
    // The shown frame's writes are undone: memory holds the frame's start state again.
    Win32RestoreMemorySnapshot(&state->snapshot);
    state->memory.reloadVersion = state->game.version;
    return crashed;
}
