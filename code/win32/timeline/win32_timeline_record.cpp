//~ The timeline's recording: the bodies behind win32/timeline/win32_timeline.h that keep the history

internal win32_timeline_frame *Win32TimelineFrame(win32_timeline *timeline, u64 frame)
{
    return &timeline->frames[frame % WIN32_TIMELINE_MAX_FRAMES];
}

internal u64 Win32TimelineOldestFrame(win32_timeline *timeline)
{
    return timeline->store.keyCount ? HistoryOldestFrame(&timeline->store) : timeline->endFrame;
}

internal b32 Win32InitTimeline(win32_timeline *timeline, win32_state *state)
{
    platform_options *options = &state->options;
    memset(timeline, 0, sizeof(*timeline));
    timeline->historySeconds = options->historySeconds;
    timeline->capBytes = (u64)options->historyMaxMegabytes * Megabytes(1);
    timeline->snapshot = &state->snapshot;
    timeline->permanentSize = state->memory.permanentStorageSize;
    timeline->keyInterval = 1;
    timeline->startPaused = options->startPaused;
    if (options->replayPath) return 0;
    if (timeline->historySeconds <= 0.0f)
    {
        Win32Log(LogLevel_Info, "timeline: history off (--history-seconds 0); F5 does nothing");
        return 0;
    }
    win32_memory_snapshot *snapshot = &state->snapshot;
    if (!snapshot->enabled || (!snapshot->hashPageCount &&
        !Win32EnableStateHash(snapshot, timeline->permanentSize / snapshot->pageSize, 1)))
    {
        Win32Log(LogLevel_Warning, "timeline: history off: it needs the pre-frame snapshot and its state hash (see above)");
        return 0;
    }
    u64 pageCount = snapshot->pageCount;
    u64 bitmapBytes = HistoryBitmapBytes(pageCount);
    // NOTE: committed, not touched: the base costs only the pages the game wrote, the ring what it holds.
    u8 *base = (u8 *)VirtualAlloc(0, (SIZE_T)snapshot->size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *bits = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * bitmapBytes), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *ring = (u8 *)VirtualAlloc(0, (SIZE_T)timeline->capBytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    timeline->frames = (win32_timeline_frame *)VirtualAlloc(0, WIN32_TIMELINE_MAX_FRAMES * sizeof(win32_timeline_frame),
                                                            MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    timeline->stateA = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * timeline->permanentSize), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    timeline->stateB = timeline->stateA ? timeline->stateA + timeline->permanentSize : 0;
    // The new timeline: half the cap again at most (it re-runs what the history holds).
    u64 newCap = timeline->capBytes / 2;
    u8 *newBase = (u8 *)VirtualAlloc(0, (SIZE_T)snapshot->size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *newBits = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * bitmapBytes), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *newRing = (u8 *)VirtualAlloc(0, (SIZE_T)newCap, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u64 scrubCap = timeline->capBytes / 4;
    u8 *scrubBase = (u8 *)VirtualAlloc(0, (SIZE_T)snapshot->size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *scrubBits = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * bitmapBytes), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *scrubRing = (u8 *)VirtualAlloc(0, (SIZE_T)scrubCap, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    timeline->newTimeline.hashes = (u64 *)VirtualAlloc(0, WIN32_TIMELINE_MAX_FRAMES * sizeof(u64), MEM_RESERVE | MEM_COMMIT,
                                                  PAGE_READWRITE);
    // Every watch's values, recorded and new: committed, touched only where a watch writes.
    umm watchBytes = (umm)WIN32_TIMELINE_MAX_FRAMES * 4 * sizeof(f64);
    f64 *watchValues = (f64 *)VirtualAlloc(0, (SIZE_T)(2 * WIN32_TIMELINE_MAX_WATCHES * watchBytes), MEM_RESERVE | MEM_COMMIT,
                                           PAGE_READWRITE);
    for (u32 index = 0; watchValues && index < WIN32_TIMELINE_MAX_WATCHES; ++index)
    {
        timeline->watches[index].values = watchValues + (2 * index) * (watchBytes / sizeof(f64));
        timeline->watches[index].newValues = watchValues + (2 * index + 1) * (watchBytes / sizeof(f64));
    }
    if (!base || !bits || !ring || !timeline->frames || !timeline->stateA || !newBase || !newBits || !newRing ||
        !timeline->newTimeline.hashes || !scrubBase || !scrubBits || !scrubRing || !watchValues)
    {
        Win32Log(LogLevel_Warning, "timeline: history off: no memory for %u MB of history (--history-max-mb)",
                 options->historyMaxMegabytes);
        return 0;
    }
    HistoryInit(&timeline->store, snapshot->pageSize, pageCount, base, bits, ring, timeline->capBytes, timeline->capBytes);
    HistoryInit(&timeline->newTimeline.store, snapshot->pageSize, pageCount, newBase, newBits, newRing, newCap, newCap);
    HistoryInit(&timeline->scrub, snapshot->pageSize, pageCount, scrubBase, scrubBits, scrubRing, scrubCap, scrubCap);
    char directory[WIN32_PATH_BYTES];
    FormatText(directory, sizeof(directory), "%s", state->reloader.sourcePath);
    Win32KeepDirectory(directory);
    FormatText(timeline->requestPath, sizeof(timeline->requestPath), "%stimeline.request", directory);
    timeline->on = 1;
    Win32Log(LogLevel_Info, "timeline: keeping the last %.0f s of play in at most %u MB (F5 pauses; requests: %s)",
             (f64)timeline->historySeconds, options->historyMaxMegabytes, timeline->requestPath);
    return 1;
}

// The history starts again at this frame (a jump of game memory no recorded input explains).
internal void Win32RestartHistory(win32_timeline *timeline, win32_state *state, const char *why)
{
    b32 hadHistory = timeline->store.keyCount != 0;
    HistoryClear(&timeline->store);
    timeline->framesSinceKey = 0;
    if (hadHistory)
        Win32Log(LogLevel_Info, "timeline: history restarts at frame %llu (%s)", (unsigned long long)state->input.frameIndex, why);
}

// The interval that fits --history-seconds of keyframes like the last ones in the cap.
internal void Win32ChooseKeyInterval(win32_timeline *timeline, f64 keyBytes, f64 dt)
{
    timeline->bytesPerKeyframe = timeline->bytesPerKeyframe > 0.0 ? 0.7 * timeline->bytesPerKeyframe + 0.3 * keyBytes : keyBytes;
    f64 baseBytes = (f64)(timeline->store.basePages * timeline->store.pageSize);
    f64 room = Maximum((f64)timeline->capBytes * 0.9 - baseBytes, (f64)timeline->capBytes * 0.1);
    f64 keyframesThatFit = Maximum(1.0, room / Maximum(timeline->bytesPerKeyframe, 1.0));
    f64 framesWanted = (f64)timeline->historySeconds / Maximum(dt, 1.0e-4);
    f64 interval = framesWanted / keyframesThatFit;
    timeline->keyInterval = (u32)Minimum(Maximum(interval + 0.999, 1.0), (f64)WIN32_TIMELINE_MAX_INTERVAL);
}

internal void Win32TakeKeyframe(win32_timeline *timeline, u64 frame, f64 dt)
{
    f64 start = Win32Seconds();
    win32_memory_snapshot *snapshot = timeline->snapshot;
    b32 first = timeline->store.keyCount == 0;
    u64 bytesBefore = HistoryBytesUsed(&timeline->store);
    const u8 *changed = first ? snapshot->everWritten : snapshot->changedSinceKeyframe;
    if (!HistoryAddKeyframe(&timeline->store, frame, snapshot->copy, changed))
    {
        Win32Log(LogLevel_Warning, "timeline: a keyframe of frame %llu does not fit in %llu MB (--history-max-mb); the "
                 "history starts again", (unsigned long long)frame, (unsigned long long)(timeline->capBytes / Megabytes(1)));
        timeline->framesSinceKey = 0;
        return;
    }
    memset(snapshot->changedSinceKeyframe, 0, (size_t)HistoryBitmapBytes(snapshot->pageCount));
    timeline->framesSinceKey = 0;
    Win32TimelineFrame(timeline, frame)->flags |= TimelineFrame_Keyframe;
    if (!first) Win32ChooseKeyInterval(timeline, (f64)(HistoryBytesUsed(&timeline->store) - Minimum(bytesBefore,
                                       HistoryBytesUsed(&timeline->store))) + 1.0, dt);
    f64 seconds = Win32Seconds() - start;
    timeline->keyframeSeconds[timeline->keyframeCount++ % ArrayCount(timeline->keyframeSeconds)] = seconds;
    timeline->keyframeMaxSeconds = Maximum(timeline->keyframeMaxSeconds, seconds);
}

// The oldest keyframes go once the next one still covers --history-seconds, or the frame records run out.
internal void Win32TrimHistory(win32_timeline *timeline, u64 frame)
{
    history_store *store = &timeline->store;
    while (store->keyCount >= 2)
    {
        u64 secondFrame = HistoryKeyFrame(store, 1);
        f64 coveredWithout = timeline->recordedSeconds - Win32TimelineFrame(timeline, secondFrame)->recordedSeconds;
        b32 recordsRunOut = frame - HistoryOldestFrame(store) >= WIN32_TIMELINE_MAX_FRAMES - 1;
        if (coveredWithout < (f64)timeline->historySeconds && !recordsRunOut) break;
        HistoryDropOldest(store);
    }
}

internal void Win32SettleTimelineHash(win32_timeline *timeline)
{
    if (!timeline->hashPending) return;
    timeline->hashPending = 0;
    u64 hash = 0;
    if (Win32StateHashOfSync(timeline->snapshot, timeline->pendingHashSync, &hash))
    {
        win32_timeline_frame *record = Win32TimelineFrame(timeline, timeline->pendingHashFrame);
        record->stateHash = hash;
        record->flags |= TimelineFrame_HashKnown;
    }
}

internal void Win32TimelineRecordFrame(win32_timeline *timeline, win32_state *state)
{
    if (!timeline->on) return;
    f64 start = Win32Seconds();
    Win32SettleTimelineHash(timeline);
    u64 frame = state->input.frameIndex;
    b32 reloaded = state->game.version != timeline->lastVersion;
    if (state->loop.rewindCount != timeline->lastRewindCount)
    {
        timeline->lastRewindCount = state->loop.rewindCount;
        Win32RestartHistory(timeline, state, "the F9 loop rewound game memory");
    }
    else if (reloaded && timeline->store.keyCount &&
             (state->reloader.lastSwapResetState ||
              memcmp(&timeline->layout, &state->reloader.memoryLayout, sizeof(state_layout)) != 0))
    {
        Win32RestartHistory(timeline, state, "the new build's state has another layout");
    }
    else if (timeline->store.keyCount && frame != timeline->endFrame)
    {
        Win32RestartHistory(timeline, state, "the frame count jumped");
    }
    timeline->layout = state->reloader.memoryLayout;
    win32_timeline_frame *record = Win32TimelineFrame(timeline, frame);
    memset(record, 0, sizeof(*record));
    record->input = state->input;
    record->recordedSeconds = timeline->recordedSeconds;
    record->reloadVersion = state->game.version;
    record->flags = (reloaded ? TimelineFrame_Reload : 0) |
                    (state->editStatus.tuneCount != timeline->lastTuneCount ? TimelineFrame_Tune : 0) |
                    (state->frames.capsuleKeyPressed ? TimelineFrame_Capsule : 0);
    timeline->lastTuneCount = state->editStatus.tuneCount;
    if (reloaded || !timeline->store.keyCount) timeline->builds.lastVersionFirstFrame = frame;
    timeline->lastVersion = state->game.version;
    f64 dt = state->input.dtForFrame > 0.0f ? (f64)state->input.dtForFrame : 1.0 / 60.0;
    // NOTE: a resume in the past or a pause before the first frame already took this frame's keyframe.
    b32 haveKeyframe = timeline->store.keyCount && HistoryNewestFrame(&timeline->store) == frame;
    if (!haveKeyframe && (timeline->store.keyCount == 0 || reloaded || ++timeline->framesSinceKey >= timeline->keyInterval))
        Win32TakeKeyframe(timeline, frame, dt);
    Win32TrimHistory(timeline, frame);
    Win32ReleaseBuildsOutOfHistory(timeline);
    Win32TimelineWatchLiveFrame(timeline, frame);
    timeline->hashPending = 1;
    timeline->pendingHashFrame = frame;
    timeline->pendingHashSync = timeline->snapshot->syncCount;
    timeline->recordedSeconds += (f64)state->input.dtForFrame;
    timeline->endFrame = frame + 1;
    timeline->recordSeconds[timeline->recordCount++ % ArrayCount(timeline->recordSeconds)] = Win32Seconds() - start;
}

internal void Win32TimelineNoteSound(win32_timeline *timeline, u32 sampleCount)
{
    if (!timeline->on || timeline->paused || timeline->endFrame == 0) return;
    Win32TimelineFrame(timeline, timeline->endFrame - 1)->soundSamples = sampleCount;
}

internal void Win32TimelineNoteFrameFlag(win32_timeline *timeline, u32 flag)
{
    if (!timeline->on || timeline->paused || timeline->endFrame == 0) return;
    Win32TimelineFrame(timeline, timeline->endFrame - 1)->flags |= flag;
    timeline->marksChanged = 1;
}

internal void Win32TimelineNoteFrameSeconds(win32_timeline *timeline, f64 seconds, f64 targetSeconds)
{
    if (timeline->on && !timeline->paused && timeline->endFrame)
    {
        Win32TimelineFrame(timeline, timeline->endFrame - 1)->frameSeconds = (f32)seconds;
        timeline->marksChanged = 1;
    }
    if (seconds > 2.0 * targetSeconds) Win32TimelineNoteFrameFlag(timeline, TimelineFrame_Hitch);
}

internal void Win32ShutdownTimeline(win32_timeline *timeline)
{
    if (!timeline->on) return;
    f64 heldSeconds = timeline->store.keyCount ?
        timeline->recordedSeconds - Win32TimelineFrame(timeline, HistoryOldestFrame(&timeline->store))->recordedSeconds : 0.0;
    f64 megabytes = (f64)HistoryBytesUsed(&timeline->store) / (f64)Megabytes(1);
    Win32Log(LogLevel_Info, "timeline: history upkeep median %.3f ms per frame on the main thread; %.1f s held in %.1f MB "
             "(%.2f MB per second of history, a keyframe every %u frames, %llu keyframes taken, each a median %.3f ms, "
             "at most %.3f ms); seeks: %llu, median %.1f ms",
             1000.0 * MedianOfRing(timeline->recordSeconds, timeline->recordCount, ArrayCount(timeline->recordSeconds)),
             heldSeconds, megabytes, heldSeconds > 0.0 ? megabytes / heldSeconds : 0.0, timeline->keyInterval,
             (unsigned long long)timeline->keyframeCount,
             1000.0 * MedianOfRing(timeline->keyframeSeconds, timeline->keyframeCount, ArrayCount(timeline->keyframeSeconds)),
             1000.0 * timeline->keyframeMaxSeconds, (unsigned long long)timeline->seekCount,
             1000.0 * MedianOfRing(timeline->seekSeconds, timeline->seekCount, ArrayCount(timeline->seekSeconds)));
    Win32ReleaseAllTimelineBuilds(timeline);
    timeline->on = 0;
    // NOTE: given back, not left to the exit: the old process of a hot restart lives on as a waiter.
    history_store *stores[3] = {&timeline->store, &timeline->newTimeline.store, &timeline->scrub};
    for (u32 index = 0; index < 3; ++index)
    {
        VirtualFree(stores[index]->base, 0, MEM_RELEASE);
        VirtualFree(stores[index]->basePresent, 0, MEM_RELEASE);
        VirtualFree(stores[index]->ring, 0, MEM_RELEASE);
    }
    VirtualFree(timeline->frames, 0, MEM_RELEASE);
    VirtualFree(timeline->stateA, 0, MEM_RELEASE);
    VirtualFree(timeline->newTimeline.hashes, 0, MEM_RELEASE);
    VirtualFree(timeline->watches[0].values, 0, MEM_RELEASE);
}
