//~ The timeline's recording: the bodies behind win32/timeline/win32_timeline.h that keep the history

internal win32_timeline_frame *Win32TimelineFrame(win32_timeline *timeline, u64 frame)
{
    return &timeline->recording.frames[frame % WIN32_TIMELINE_MAX_FRAMES];
}

internal u64 Win32HistoryOldestFrame(win32_timeline *timeline)
{
    return timeline->recording.store.keyCount ? HistoryOldestFrame(&timeline->recording.store) : timeline->recording.endFrame;
}

internal u64 Win32TimelineOldestFrame(win32_timeline *timeline)
{
    return Maximum(Win32HistoryOldestFrame(timeline), Minimum(timeline->recording.layoutFloor, timeline->recording.endFrame));
}

internal const state_layout *Win32HistoryLayoutAt(win32_timeline *timeline, u64 frame)
{
    b32 earlier = timeline->recording.haveEarlierLayout && frame < timeline->recording.layoutFloor;
    return earlier ? &timeline->recording.earlierLayout : &timeline->recording.layout;
}

internal b32 Win32InitTimeline(win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    platform_options *options = &state->options;
    memset(timeline, 0, sizeof(*timeline));
    // NOTE: capsules are cut from the history: it keeps at least their window, even with travel off.
    b32 capsulesOn = state->capsuleRecorder.on;
    timeline->recording.historySeconds = Maximum(options->historySeconds, capsulesOn ? options->capsuleSeconds : 0.0f);
    timeline->travelOn = options->historySeconds > 0.0f;
    timeline->recording.capBytes = (u64)options->historyMaxMegabytes * Megabytes(1);
    timeline->snapshot = &state->snapshot;
    timeline->permanentSize = state->memory.permanentStorageSize;
    timeline->recording.keyInterval = 1;
    timeline->travel.startPaused = options->startPaused;
    if (options->replayPath) return 0;
    if (!timeline->travelOn)
    {
        if (!capsulesOn)
        {
            Win32Log(LogLevel_Info, "timeline: history off (--history-seconds 0); F5 does nothing");
            return 0;
        }
        Win32Log(LogLevel_Info, "timeline: history off (--history-seconds 0); F5 does nothing; the last %.1f s are "
                 "still recorded for capsules", (f64)timeline->recording.historySeconds);
    }
    win32_memory_snapshot *snapshot = &state->snapshot;
    if (!snapshot->enabled || (!snapshot->hashPageCount &&
        !Win32EnableStateHash(snapshot, timeline->permanentSize / snapshot->pageSize, 1)))
    {
        Win32Log(LogLevel_Warning, "timeline: history off: it needs the pre-frame snapshot and its state hash (see "
                 "above)%s", capsulesOn ? "; no capsule can be written" : "");
        return 0;
    }
    u64 pageCount = snapshot->pageCount;
    u64 bitmapBytes = HistoryBitmapBytes(pageCount);
    // NOTE: committed, not touched: the base costs only the pages the game wrote, the ring what it holds.
    u8 *base = (u8 *)VirtualAlloc(0, (SIZE_T)snapshot->size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *bits = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * bitmapBytes), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    // The two bitmaps the snapshot's syncs keep for the timeline (they cover the frame scratch too).
    u64 changeBytes = (snapshot->pageCount + snapshot->scratchSize / snapshot->pageSize + 7) / 8;
    u8 *changeBits = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * changeBytes), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *ring = (u8 *)VirtualAlloc(0, (SIZE_T)timeline->recording.capBytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    timeline->recording.frames = (win32_timeline_frame *)VirtualAlloc(0, WIN32_TIMELINE_MAX_FRAMES * sizeof(win32_timeline_frame),
                                                            MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    timeline->travel.stateA = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * timeline->permanentSize), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    timeline->travel.stateB = timeline->travel.stateA ? timeline->travel.stateA + timeline->permanentSize : 0;
    // The new timeline: half the cap again at most (it re-runs what the history holds).
    u64 newCap = timeline->recording.capBytes / 2;
    u8 *newBase = (u8 *)VirtualAlloc(0, (SIZE_T)snapshot->size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *newBits = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * bitmapBytes), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *newRing = (u8 *)VirtualAlloc(0, (SIZE_T)newCap, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u64 scrubCap = timeline->recording.capBytes / 4;
    u8 *scrubBase = (u8 *)VirtualAlloc(0, (SIZE_T)snapshot->size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *scrubBits = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * bitmapBytes), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u8 *scrubRing = (u8 *)VirtualAlloc(0, (SIZE_T)scrubCap, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    timeline->travel.newTimeline.hashes = (u64 *)VirtualAlloc(0, WIN32_TIMELINE_MAX_FRAMES * sizeof(u64), MEM_RESERVE | MEM_COMMIT,
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
    if (!base || !bits || !changeBits || !ring || !timeline->recording.frames || !timeline->travel.stateA || !newBase || !newBits || !newRing ||
        !timeline->travel.newTimeline.hashes || !scrubBase || !scrubBits || !scrubRing || !watchValues)
    {
        Win32Log(LogLevel_Warning, "timeline: history off: no memory for %u MB of history (--history-max-mb)%s",
                 options->historyMaxMegabytes, capsulesOn ? "; no capsule can be written" : "");
        return 0;
    }
    timeline->recording.changedSinceKeyframe = changeBits;
    timeline->scrub.changedSinceKey = changeBits + changeBytes;
    if (!Win32AddSnapshotChangeBitmap(snapshot, timeline->recording.changedSinceKeyframe) ||
        !Win32AddSnapshotChangeBitmap(snapshot, timeline->scrub.changedSinceKey))
    {
        Win32Log(LogLevel_Warning, "timeline: history off: the snapshot keeps no more change bitmaps");
        return 0;
    }
    HistoryInit(&timeline->recording.store, snapshot->pageSize, pageCount, base, bits, ring, timeline->recording.capBytes, timeline->recording.capBytes);
    if (!options->historyWholePages) Win32StartKeyframePacking(timeline);
    HistoryInit(&timeline->travel.newTimeline.store, snapshot->pageSize, pageCount, newBase, newBits, newRing, newCap, newCap);
    HistoryInit(&timeline->scrub.store, snapshot->pageSize, pageCount, scrubBase, scrubBits, scrubRing, scrubCap, scrubCap);
    char directory[WIN32_PATH_BYTES];
    FormatText(directory, sizeof(directory), "%s", state->reloader.sourcePath);
    Win32KeepDirectory(directory);
    FormatText(timeline->travel.requestPath, sizeof(timeline->travel.requestPath), "%stimeline.request", directory);
    timeline->on = 1;
    // NOTE: the seconds asked for come first in the line; the capsule window may make it longer.
    char longer[64] = "";
    if (timeline->recording.historySeconds > options->historySeconds)
        FormatText(longer, sizeof(longer), "%.1f s for capsules, --capsule-seconds; ", (f64)timeline->recording.historySeconds);
    if (timeline->travelOn)
        Win32Log(LogLevel_Info, "timeline: keeping the last %.0f s of play in at most %u MB (%sF5 pauses; requests: %s)",
                 (f64)options->historySeconds, options->historyMaxMegabytes, longer, timeline->travel.requestPath);
    return 1;
}

// The recording packs its pages against the previous keyframe's, on the packer thread; the new
// timeline and the scrub cache keep them whole (their keyframes are taken in a seek or a re-run, where
// packing would cost the main thread, and they live a short while). --history-whole-pages: the old
// way, whole pages copied on the main thread.
internal void Win32StartKeyframePacking(win32_timeline *timeline)
{
    history_store *store = &timeline->recording.store;
    u8 *packing = (u8 *)VirtualAlloc(0, (SIZE_T)HistoryPackingBytes(store->pageSize, store->pageCount), MEM_RESERVE | MEM_COMMIT,
                                     PAGE_READWRITE);
    if (packing) HistoryPackAgainstPrevious(store, packing);
    else Win32Log(LogLevel_Warning, "timeline: no memory to pack keyframes: their pages are kept whole");
    if (!Win32StartKeyframePacker(&timeline->recording.packer))
        Win32Log(LogLevel_Warning, "timeline: no keyframe packer thread: keyframes are packed on the main thread");
}

// The history starts again at this frame (a jump of game memory no recorded input explains).
internal void Win32RestartHistory(win32_state *state, const char *why)
{
    win32_timeline *timeline = &state->timeline;
    b32 hadHistory = timeline->recording.store.keyCount != 0;
    HistoryClear(&timeline->recording.store);
    timeline->recording.framesSinceKey = 0;
    timeline->recording.layoutFloor = state->input.frameIndex;
    timeline->recording.haveEarlierLayout = 0;
    if (hadHistory)
        Win32Log(LogLevel_Info, "timeline: history restarts at frame %llu (%s)", (unsigned long long)state->input.frameIndex, why);
}

// A reload changed the state's layout, or reset the state: the history goes on (a capsule cut from it
// replays across the change, migrating as the reload did), and travel starts at this frame (the build
// running now cannot show a state of the layout before). It keeps one layout back: the frames before
// an earlier change are dropped now.
internal void Win32HistoryNewLayout(win32_state *state, u64 frame, const char *why)
{
    win32_timeline *timeline = &state->timeline;
    history_store *store = &timeline->recording.store;
    if (timeline->recording.haveEarlierLayout)
    {
        while (store->keyCount >= 2 && HistoryOldestFrame(store) < timeline->recording.layoutFloor)
        {
            u32 keysBefore = store->keyCount;
            HistoryDropOldest(store);
            if (store->keyCount == keysBefore) break;
        }
        if (HistoryOldestFrame(store) < timeline->recording.layoutFloor)
        {
            Win32RestartHistory(state, why);
            return;
        }
    }
    timeline->recording.earlierLayout = timeline->recording.layout;
    timeline->recording.haveEarlierLayout = 1;
    timeline->recording.layoutFloor = frame;
    Win32Log(LogLevel_Info, "timeline: travel starts again at frame %llu (%s); capsules still cover the frames before",
             (unsigned long long)frame, why);
}

// The interval that fits --history-seconds of keyframes like the last ones in the cap, and keeps the
// history under WIN32_TIMELINE_MAX_MB_PER_SECOND (the larger of the two).
internal void Win32ChooseKeyInterval(win32_timeline *timeline, f64 keyBytes, f64 dt)
{
    // NOTE: a smaller keyframe is taken at once (the first ones of a build hold every page: an average
    // would keep their interval for many keyframes); a larger one moves the average.
    if (timeline->recording.bytesPerKeyframe <= 0.0 || keyBytes < timeline->recording.bytesPerKeyframe) timeline->recording.bytesPerKeyframe = keyBytes;
    else timeline->recording.bytesPerKeyframe = 0.7 * timeline->recording.bytesPerKeyframe + 0.3 * keyBytes;
    f64 baseBytes = (f64)(timeline->recording.store.basePages * timeline->recording.store.pageSize);
    f64 room = Maximum((f64)timeline->recording.capBytes * 0.9 - baseBytes, (f64)timeline->recording.capBytes * 0.1);
    f64 keyframesThatFit = Maximum(1.0, room / Maximum(timeline->recording.bytesPerKeyframe, 1.0));
    dt = Maximum(dt, 1.0e-4);
    timeline->recording.lastDt = dt;
    f64 framesWanted = (f64)timeline->recording.historySeconds / dt;
    f64 interval = framesWanted / keyframesThatFit;
    // NOTE: denser than the rate allows, keyframes would buy a seek less time than they cost memory
    // (--history-whole-pages: the old way, the cap alone).
    if (timeline->recording.store.reference) interval = Maximum(interval, timeline->recording.bytesPerKeyframe / (WIN32_TIMELINE_MAX_MB_PER_SECOND * (f64)Megabytes(1) * dt));
    timeline->recording.keyInterval = (u32)Minimum(Maximum(interval + 0.999, 1.0), (f64)WIN32_TIMELINE_MAX_INTERVAL);
}

internal void Win32TakeKeyframe(win32_timeline *timeline, u64 frame, f64 dt)
{
    f64 start = Win32Seconds();
    win32_memory_snapshot *snapshot = timeline->snapshot;
    b32 first = timeline->recording.store.keyCount == 0;
    const u8 *changed = first ? snapshot->everWritten : timeline->recording.changedSinceKeyframe;
    if (!HistoryBeginKeyframe(&timeline->recording.store, frame, snapshot->copy, changed))
    {
        Win32Log(LogLevel_Warning, "timeline: a keyframe of frame %llu does not fit in %llu MB (--history-max-mb); the "
                 "history starts again", (unsigned long long)frame, (unsigned long long)(timeline->recording.capBytes / Megabytes(1)));
        timeline->recording.framesSinceKey = 0;
        return;
    }
    memset(timeline->recording.changedSinceKeyframe, 0, (size_t)HistoryBitmapBytes(snapshot->pageCount));
    timeline->recording.framesSinceKey = 0;
    Win32TimelineFrame(timeline, frame)->flags |= TimelineFrame_Keyframe;
    // NOTE: a base is taken whole at once; a delta is packed while the frame runs (the interval is
    // chosen when it ends, from what it took).
    if (timeline->recording.store.pending) Win32PackKeyframeInBackground(&timeline->recording.packer, &timeline->recording.store, snapshot->copy, dt);
    f64 seconds = Win32Seconds() - start;
    timeline->figures.keyframeSeconds[timeline->figures.keyframeCount++ % ArrayCount(timeline->figures.keyframeSeconds)] = seconds;
    timeline->figures.keyframeMaxSeconds = Maximum(timeline->figures.keyframeMaxSeconds, seconds);
}

// The oldest keyframes go once the next one still covers --history-seconds, or the frame records run out.
internal void Win32TrimHistory(win32_timeline *timeline, u64 frame)
{
    history_store *store = &timeline->recording.store;
    while (store->keyCount >= 2)
    {
        u64 secondFrame = HistoryKeyFrame(store, 1);
        f64 coveredWithout = timeline->recording.recordedSeconds - Win32TimelineFrame(timeline, secondFrame)->recordedSeconds;
        b32 recordsRunOut = frame - HistoryOldestFrame(store) >= WIN32_TIMELINE_MAX_FRAMES - 1;
        if (coveredWithout < (f64)timeline->recording.historySeconds && !recordsRunOut) break;
        u32 keysBefore = store->keyCount;
        HistoryDropOldest(store);
        if (store->keyCount == keysBefore) break;   // the oldest delta is the one being packed: it stays this frame
    }
}

internal void Win32SettleTimelineHash(win32_timeline *timeline)
{
    if (!timeline->recording.hashPending) return;
    timeline->recording.hashPending = 0;
    u64 hash = 0;
    if (Win32StateHashOfSync(timeline->snapshot, timeline->recording.pendingHashSync, &hash))
    {
        win32_timeline_frame *record = Win32TimelineFrame(timeline, timeline->recording.pendingHashFrame);
        record->stateHash = hash;
        record->flags |= TimelineFrame_HashKnown;
    }
    else
    {
        // NOTE: cannot happen with fewer syncs per frame than the snapshot keeps; a capsule's replay
        // reports a divergence at a frame without its hash, so say why.
        Win32Log(LogLevel_Warning, "timeline: the state hash of frame %llu was not kept; a capsule's replay will report "
                 "a divergence there", (unsigned long long)timeline->recording.pendingHashFrame);
    }
    if (timeline->recording.loopRecordPending)
    {
        timeline->recording.loopRecordPending->stateHash = hash;
        timeline->recording.loopRecordPending = 0;
    }
}

internal void Win32TimelineRecordFrame(win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    if (!timeline->on) return;
    f64 start = Win32Seconds();
    Win32SettleTimelineHash(timeline);
    // NOTE: a reload may have migrated or reset game memory after this frame's sync.
    if (state->memory.executableReloaded) Win32SyncMemorySnapshot(timeline->snapshot);
    u64 frame = state->input.frameIndex;
    b32 reloaded = state->game.version != timeline->recording.lastVersion;
    b32 stateReset = reloaded && state->memory.executableReloaded && state->reloader.lastSwapResetState;
    if (state->loop.rewindCount != timeline->recording.lastRewindCount)
    {
        timeline->recording.lastRewindCount = state->loop.rewindCount;
        Win32RestartHistory(state, "the F9 loop rewound game memory");
    }
    else if (timeline->recording.store.keyCount && frame != timeline->recording.endFrame)
    {
        Win32RestartHistory(state, "the frame count jumped");
    }
    else if (reloaded && timeline->recording.store.keyCount &&
             (stateReset || memcmp(&timeline->recording.layout, &state->reloader.memoryLayout, sizeof(state_layout)) != 0))
    {
        Win32HistoryNewLayout(state, frame, stateReset ? "the reload reset game state" : "the new build's state has another layout");
    }
    timeline->recording.layout = state->reloader.memoryLayout;
    win32_timeline_frame *record = Win32TimelineFrame(timeline, frame);
    memset(record, 0, sizeof(*record));
    record->input = state->input;
    record->recordedSeconds = timeline->recording.recordedSeconds;
    record->reloadVersion = state->game.version;
    record->widthInPixels = (u32)Maximum(state->window.clientWidth, 1);
    record->heightInPixels = (u32)Maximum(state->window.clientHeight, 1);
    record->flags = (reloaded ? TimelineFrame_Reload : 0) | (stateReset ? TimelineFrame_StateReset : 0) |
                    (state->editStatus.tuneCount != timeline->recording.lastTuneCount ? TimelineFrame_Tune : 0) |
                    (state->frames.capsuleKeyPressed ? TimelineFrame_Capsule : 0);
    timeline->recording.lastTuneCount = state->editStatus.tuneCount;
    if (reloaded || !timeline->recording.store.keyCount) timeline->builds.lastVersionFirstFrame = frame;
    timeline->recording.lastVersion = state->game.version;
    f64 dt = state->input.dtForFrame > 0.0f ? (f64)state->input.dtForFrame : 1.0 / 60.0;
    // NOTE: a resume in the past or a pause before the first frame already took this frame's keyframe.
    b32 haveKeyframe = timeline->recording.store.keyCount && HistoryNewestFrame(&timeline->recording.store) == frame;
    if (!haveKeyframe && (timeline->recording.store.keyCount == 0 || reloaded || ++timeline->recording.framesSinceKey >= timeline->recording.keyInterval))
        Win32TakeKeyframe(timeline, frame, dt);
    Win32TrimHistory(timeline, frame);
    if (timeline->recording.haveEarlierLayout && HistoryOldestFrame(&timeline->recording.store) >= timeline->recording.layoutFloor)
        timeline->recording.haveEarlierLayout = 0;
    Win32ReleaseBuildsOutOfHistory(timeline);
    // The F9 loop keeps its own copy of what it records (its F8 capsule is cut from it).
    if (state->loop.mode == LiveLoop_Recording && state->loop.recordedFrames > 0)
    {
        capsule_frame *loopRecord = &state->loop.records[state->loop.recordedFrames - 1];
        Win32CapsuleFrameOfRecord(record, 0, loopRecord);
        timeline->recording.loopRecordPending = loopRecord;
    }
    Win32TimelineWatchLiveFrame(timeline, frame);
    timeline->recording.hashPending = 1;
    timeline->recording.pendingHashFrame = frame;
    timeline->recording.pendingHashSync = timeline->snapshot->syncCount;
    timeline->recording.recordedSeconds += (f64)state->input.dtForFrame;
    timeline->recording.endFrame = frame + 1;
    timeline->figures.recordSeconds[timeline->figures.recordCount++ % ArrayCount(timeline->figures.recordSeconds)] = Win32Seconds() - start;
}

internal void Win32TimelineNoteSound(win32_timeline *timeline, u32 sampleCount)
{
    if (!timeline->on || timeline->travel.paused || timeline->recording.endFrame == 0) return;
    Win32TimelineFrame(timeline, timeline->recording.endFrame - 1)->soundSamples = sampleCount;
}

internal void Win32TimelineNoteFrameFlag(win32_timeline *timeline, u32 flag)
{
    if (!timeline->on || timeline->travel.paused || timeline->recording.endFrame == 0) return;
    Win32TimelineFrame(timeline, timeline->recording.endFrame - 1)->flags |= flag;
    timeline->strip.marksChanged = 1;
}

internal void Win32TimelineNoteFrameSeconds(win32_timeline *timeline, f64 seconds, f64 targetSeconds)
{
    if (timeline->on && !timeline->travel.paused && timeline->recording.endFrame)
    {
        Win32TimelineFrame(timeline, timeline->recording.endFrame - 1)->frameSeconds = (f32)seconds;
        timeline->strip.marksChanged = 1;
    }
    if (seconds > 2.0 * targetSeconds) Win32TimelineNoteFrameFlag(timeline, TimelineFrame_Hitch);
}

internal void Win32ShutdownTimeline(win32_timeline *timeline)
{
    if (!timeline->on) return;
    Win32TimelineFinishKeyframe(timeline);
    f64 heldSeconds = timeline->recording.store.keyCount ?
        timeline->recording.recordedSeconds - Win32TimelineFrame(timeline, HistoryOldestFrame(&timeline->recording.store))->recordedSeconds : 0.0;
    f64 megabytes = (f64)HistoryBytesUsed(&timeline->recording.store) / (f64)Megabytes(1);
    Win32Log(LogLevel_Info, "timeline: history upkeep median %.3f ms per frame on the main thread; %.1f s held in %.1f MB "
             "(%.2f MB per second of history, a keyframe every %u frames, %llu keyframes taken, each a median %.3f ms, "
             "at most %.3f ms); seeks: %llu, median %.1f ms",
             1000.0 * MedianOfRing(timeline->figures.recordSeconds, timeline->figures.recordCount, ArrayCount(timeline->figures.recordSeconds)),
             heldSeconds, megabytes, heldSeconds > 0.0 ? megabytes / heldSeconds : 0.0, timeline->recording.keyInterval,
             (unsigned long long)timeline->figures.keyframeCount,
             1000.0 * MedianOfRing(timeline->figures.keyframeSeconds, timeline->figures.keyframeCount, ArrayCount(timeline->figures.keyframeSeconds)),
             1000.0 * timeline->figures.keyframeMaxSeconds, (unsigned long long)timeline->figures.seekCount,
             1000.0 * MedianOfRing(timeline->figures.seekSeconds, timeline->figures.seekCount, ArrayCount(timeline->figures.seekSeconds)));
    if (timeline->recording.store.rawBytes)
    {
        // NOTE: what a minute of history tends to: the keyframes as the interval sees them now, at that interval.
        f64 keyMegabytes = timeline->recording.bytesPerKeyframe / (f64)Megabytes(1);
        f64 steadyRate = keyMegabytes / Maximum((f64)timeline->recording.keyInterval * (f64)timeline->recording.lastDt, 1.0e-6);
        Win32Log(LogLevel_Info, "timeline: keyframes packed to %.1f%% of their pages whole (%.1f MB whole, %.1f MB packed)%s; "
                 "the base holds %.1f MB of the %.1f MB; a keyframe now %.2f MB, %.2f MB per second of play at its interval",
                 100.0 * (f64)timeline->recording.store.packedBytes / (f64)timeline->recording.store.rawBytes,
                 (f64)timeline->recording.store.rawBytes / (f64)Megabytes(1), (f64)timeline->recording.store.packedBytes / (f64)Megabytes(1),
                 timeline->recording.store.reference ? "" : " (--history-whole-pages)",
                 (f64)(timeline->recording.store.basePages * timeline->recording.store.pageSize) / (f64)Megabytes(1), megabytes, keyMegabytes,
                 steadyRate);
    }
    Win32ReleaseAllTimelineBuilds(timeline);
    timeline->on = 0;
    Win32StopKeyframePacker(&timeline->recording.packer);
    if (timeline->recording.store.reference) VirtualFree(timeline->recording.store.reference, 0, MEM_RELEASE);
    // NOTE: given back, not left to the exit: the old process of a hot restart lives on as a waiter.
    history_store *stores[3] = {&timeline->recording.store, &timeline->travel.newTimeline.store, &timeline->scrub.store};
    for (u32 index = 0; index < 3; ++index)
    {
        VirtualFree(stores[index]->base, 0, MEM_RELEASE);
        VirtualFree(stores[index]->basePresent, 0, MEM_RELEASE);
        VirtualFree(stores[index]->ring, 0, MEM_RELEASE);
    }
    // NOTE: the change bitmaps stay: the snapshot keeps setting bits in them at any later sync.
    VirtualFree(timeline->recording.frames, 0, MEM_RELEASE);
    VirtualFree(timeline->travel.stateA, 0, MEM_RELEASE);
    VirtualFree(timeline->travel.newTimeline.hashes, 0, MEM_RELEASE);
    VirtualFree(timeline->watches[0].values, 0, MEM_RELEASE);
}
