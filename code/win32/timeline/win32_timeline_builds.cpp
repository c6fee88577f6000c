//~ The builds the history spans, kept loaded: a frame of the past is re-run by the build that recorded
// it, so a seek anywhere in the recorded timeline gives the recorded hash whatever builds came since.
// Bodies behind win32/timeline/win32_timeline.h.
//
// The timeline takes its own reference to a build's module when the build stops running (a swap or a
// rollback retires it) and the history holds frames it ran; the reference goes when those frames leave
// the history (trimmed, dropped by a resume in the past, or the history starting again), or at exit.
// The build's private copy stays on disk while it is kept (win32/reload/win32_game_code.h: copy holds).

internal void Win32ReleaseTimelineBuild(win32_timeline_builds *builds, u32 index, const char *why)
{
    Assert(index < builds->count);
    win32_timeline_build kept = builds->kept[index];
    builds->kept[index] = builds->kept[--builds->count];
    b32 sharedModule = 0;   // a rollback's build is an older build's module again
    for (u32 other = 0; other < builds->count; ++other) sharedModule |= builds->kept[other].code.module == kept.code.module;
    Win32TraceDrain();      // --trace: names the build's code recorded are read before it goes
    // NOTE: a resume in the past may have brought back state that points into it: then the pointer
    // guard takes this reference over and frees the module once nothing points there.
    if (sharedModule || !Win32PointerGuardKeepsPastModule(&kept.code)) FreeLibrary(kept.code.module);
    Win32ReleaseCopyHold(kept.code.loadedPath);
    if (kept.ownsCopy) Win32DeleteCopy(kept.code.loadedPath);
    Win32Log(LogLevel_Info, "timeline: code version %u unloaded (%s)", kept.code.version, why);
}

internal void Win32TimelineKeepBuild(win32_timeline *timeline, const win32_game_code *code)
{
    win32_timeline_builds *builds = &timeline->builds;
    // Only a build that ran the newest recorded frames has frames in the history (a build loaded and
    // replaced while paused ran only a new timeline, whose frames become the running build's on a resume).
    if (!timeline->on || !timeline->travelOn || !code->module || !code->version || code->version != timeline->recording.lastVersion ||
        !timeline->recording.store.keyCount || timeline->recording.endFrame == 0)
        return;
    for (u32 index = 0; index < builds->count; ++index)
        if (builds->kept[index].code.version == code->version) return;
    if (builds->count == WIN32_TIMELINE_MAX_BUILDS)
    {
        u32 oldest = 0;
        for (u32 index = 1; index < builds->count; ++index)
            if (builds->kept[index].lastFrame < builds->kept[oldest].lastFrame) oldest = index;
        char why[96];
        FormatText(why, sizeof(why), "the timeline keeps at most %u builds: its frames are re-run by the build running now",
                   (u32)WIN32_TIMELINE_MAX_BUILDS);
        Win32ReleaseTimelineBuild(builds, oldest, why);
    }
    HMODULE module = 0;
    // NOTE: a reference of the timeline's own (the loader's count goes up): whoever else frees the
    // module (the swap, the rollback, the pointer guard) leaves it loaded for the timeline.
    if (!GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS, (LPCWSTR)code->moduleBase, &module))
    {
        Win32Log(LogLevel_Warning, "timeline: could not keep code version %u loaded (error %lu): its frames are re-run "
                 "by the build running now", code->version, GetLastError());
        return;
    }
    win32_timeline_build *kept = builds->kept + builds->count++;
    kept->code = *code;
    kept->code.module = module;
    kept->firstFrame = Minimum(builds->lastVersionFirstFrame, timeline->recording.endFrame - 1);
    kept->lastFrame = timeline->recording.endFrame - 1;
    kept->ownsCopy = 0;
    Win32HoldCopy(code->loadedPath);
    Win32Log(LogLevel_Info, "timeline: keeping code version %u loaded while the history holds its frames %llu-%llu "
             "(seeks there re-run it)", code->version, (unsigned long long)kept->firstFrame,
             (unsigned long long)kept->lastFrame);
}

internal void Win32ReleaseBuildsOutOfHistory(win32_timeline *timeline)
{
    win32_timeline_builds *builds = &timeline->builds;
    u64 oldest = Win32TimelineOldestFrame(timeline);
    for (u32 index = builds->count; index-- > 0;)
    {
        win32_timeline_build *kept = builds->kept + index;
        if (kept->lastFrame < oldest) Win32ReleaseTimelineBuild(builds, index, "its frames left the history");
        else if (kept->firstFrame >= timeline->recording.endFrame)
            Win32ReleaseTimelineBuild(builds, index, "a resume dropped its frames");
        else if (kept->lastFrame >= timeline->recording.endFrame) kept->lastFrame = timeline->recording.endFrame - 1;
    }
}

internal win32_game_code *Win32KeptBuild(win32_timeline *timeline, u32 version)
{
    win32_timeline_builds *builds = &timeline->builds;
    for (u32 index = 0; index < builds->count; ++index)
        if (builds->kept[index].code.version == version) return &builds->kept[index].code;
    return 0;
}

internal win32_game_code *Win32PastFrameCode(win32_state *state, win32_timeline_frame *record, b32 onNewTimeline)
{
    if (onNewTimeline || !record->reloadVersion || record->reloadVersion == state->game.version) return &state->game;
    win32_game_code *kept = Win32KeptBuild(&state->timeline, record->reloadVersion);
    return kept ? kept : &state->game;
}

internal void Win32ReleaseAllTimelineBuilds(win32_timeline *timeline)
{
    while (timeline->builds.count) Win32ReleaseTimelineBuild(&timeline->builds, timeline->builds.count - 1, "exit");
}
