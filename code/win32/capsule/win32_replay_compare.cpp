//~ --compare: the bodies behind win32/capsule/win32_replay_compare.h

internal void Win32KeepCompareState(win32_replay *replay, win32_state *state)
{
    u64 size = state->memory.permanentStorageSize;
    if (!replay->newState)
        replay->newState = (u8 *)VirtualAlloc(0, (SIZE_T)size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!replay->newState) return;
    win32_memory_snapshot *snapshot = &state->snapshot;
    for (u64 page = 0; page < size / snapshot->pageSize; ++page)
        if (BitmapBit(snapshot->everWritten, page))
            memcpy(replay->newState + page * snapshot->pageSize, snapshot->copy + page * snapshot->pageSize,
                   snapshot->pageSize);
    replay->newLayout = state->reloader.memoryLayout;
}

// "the recorded fault (...) still happens with NEW" or "does not happen with NEW".
internal void Win32LogCompareFault(win32_replay *replay)
{
    capsule_info *info = &replay->capsule.info;
    if (info->reason != CapsuleReason_Crash && info->reason != CapsuleReason_Hang)
    {
        if (replay->newFaulted)
            Win32Log(LogLevel_Info, "compare: '%s' faults where the recording did not: %s", replay->watchedPath,
                     replay->newFault);
        return;
    }
    if (replay->newFaulted)
        Win32Log(LogLevel_Info, "compare: the recorded fault still happens with '%s': %s", replay->watchedPath,
                 replay->newFault);
    else
        Win32Log(LogLevel_Info, "compare: the recorded fault (%s at frame %llu) does not happen with '%s'",
                 info->fault.description, (unsigned long long)info->fault.frameIndex, replay->watchedPath);
}

internal void Win32EndCompareNewPass(win32_replay *replay, win32_state *state)
{
    capsule_info *info = &replay->capsule.info;
    if (!replay->diverged)
    {
        Win32Log(LogLevel_Info, "compare: the capsule's build and '%s' agree on every frame (%u frames, state hash "
                 "equal before each)", replay->watchedPath, info->frameCount);
        Win32LogCompareFault(replay);
        b32 recordedFault = (info->reason == CapsuleReason_Crash || info->reason == CapsuleReason_Hang);
        Win32EndReplay(replay, (recordedFault && replay->newFaulted) ? WIN32_REPLAY_EXIT_FAULT_AGAIN : 0);
        return;
    }
    u32 agreeing = (u32)(replay->divergedFrame - info->firstFrame);
    Win32Log(LogLevel_Info, "compare: the states agree on frames %llu-%llu (%u frames) and differ from frame %llu "
             "(%u of the %u frames from there matched); running the capsule's build up to frame %llu to name the field",
             (unsigned long long)info->firstFrame, (unsigned long long)(replay->divergedFrame - 1), agreeing,
             (unsigned long long)replay->divergedFrame, replay->equalFrames - Minimum(replay->equalFrames, agreeing),
             info->frameCount - Minimum(info->frameCount, agreeing), (unsigned long long)replay->divergedFrame);
    if (replay->divergedFrame > info->firstFrame + info->frameCount - 1)
    {
        // Differs only in the state after the last frame: the state at the end is the one to name.
        replay->divergedFrame = info->firstFrame + info->frameCount;
    }
    // Pass 2: the checkpoint again, in the capsule's layout, with the capsule's builds.
    Win32RestoreReplayCheckpoint(replay, state);
    local_persist state_layout noLayout;
    state->reloader.memoryLayout = replay->capsule.layout ? *replay->capsule.layout : noLayout;
    replay->pass = ReplayPass_CompareOld;
    replay->cursor = 0;
    replay->activeBuild = -1;
    replay->equalFrames = 0;
}

internal void Win32FinishCompare(win32_replay *replay, win32_state *state)
{
    local_persist state_difference difference;
    char text[512];
    if (!replay->newState)
    {
        Win32Log(LogLevel_Error, "compare: no memory to keep the new build's state; the first differing field "
                 "cannot be named");
    }
    else
    {
        FindFirstStateDifference(&state->reloader.memoryLayout, state->snapshot.copy, state->memory.permanentStorageSize,
                                 &replay->newLayout, replay->newState, state->memory.permanentStorageSize, &difference);
        FormatStateDifference(&difference, text, sizeof(text));
        Win32Log(LogLevel_Info, "compare: first difference at frame %llu (the state it starts from): %s "
                 "(the capsule's build vs '%s')", (unsigned long long)replay->divergedFrame, text, replay->watchedPath);
    }
    Win32LogCompareFault(replay);
    Win32EndReplay(replay, WIN32_REPLAY_EXIT_DIVERGED);
}
