//~ The timeline's travel: seeking (keyframe + re-simulation), the determinism detector, a change of the
// past (the new timeline) and resuming. Bodies behind win32/timeline/win32_timeline.h.

internal history_store *Win32ShownStore(win32_timeline *timeline)
{
    return (timeline->travel.viewNew && timeline->travel.newTimeline.exists) ? &timeline->travel.newTimeline.store : &timeline->recording.store;
}

// The frames the cursor can show on the timeline shown (the recorded one ends with the present: the
// start state of the frame that would run next).
internal void Win32TimelineRange(win32_timeline *timeline, u64 *first, u64 *last)
{
    if (timeline->travel.viewNew && timeline->travel.newTimeline.exists)
    {
        *first = timeline->travel.newTimeline.fromFrame;
        win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
        *last = Maximum(newTimeline->fromFrame, Minimum(newTimeline->nextFrame, newTimeline->endFrame - 1));
        return;
    }
    *first = Win32TimelineOldestFrame(timeline);
    *last = timeline->recording.endFrame;
}

// The recorded hash at the start of a frame on the timeline shown; false when none is known.
internal b32 Win32ExpectedHash(win32_timeline *timeline, u64 frame, u64 *hash)
{
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    if (timeline->travel.viewNew && newTimeline->exists)
    {
        if (frame < newTimeline->fromFrame || frame > newTimeline->nextFrame) return 0;
        *hash = newTimeline->hashes[frame - newTimeline->fromFrame];
        return 1;
    }
    win32_timeline_frame *record = Win32TimelineFrame(timeline, frame);
    *hash = record->stateHash;
    return (record->flags & TimelineFrame_HashKnown) != 0;
}

// One frame of the past on the main thread: the update on the recorded input, the frame-synchronised
// tasks, the sound asked for into a buffer nobody plays; nothing drawn. False when it faulted:
// contained, memory back at the last sync. Win32RunPastFrame then syncs the snapshot (game memory at
// the next frame's start), so a fault puts back exactly its own frame.
internal b32 Win32RunPastFrameUnsynced(win32_state *state, win32_timeline_frame *record, b32 onNewTimeline)
{
    state->input = record->input;
    // NOTE: the game sees the version the frame was recorded with (as --replay and --compare do): a
    // game that keeps the version it last saw in its state (loadedCodeVersion) does not part from
    // the recording for that alone when new code re-runs the frame.
    if (record->reloadVersion) state->memory.reloadVersion = record->reloadVersion;
    // NOTE: as in a live frame, idle workers poll through the update: a re-run of many short frames
    // would otherwise pay a sleeping worker's wake for every job the game submits.
    win32_game_call *call = Win32PrepareGameUpdate(state, Win32PastFrameCode(state, record, onNewTimeline));
    Win32GuardedCall(Win32CallGameUpdate, call);
    ShutWorkQueueAwakeWindow(&state->queues.highQueue);
    CompleteAllWork(&state->queues.highQueue);
    EndFrameTasks(&state->queues.tasks);
    state->memory.executableReloaded = 0;
    state->memory.reloadVersion = state->game.version;
    if (!Win32CrashPending() && record->soundSamples)
    {
        game_sound_output_buffer sound = Win32GetSoundOutputBuffer(&state->sound, record->soundSamples);
        call->sound = &sound;
        Win32GuardedCall(Win32CallGameSound, call);
        call->sound = 0;
    }
    if (Win32CrashPending())
    {
        win32_crash_report report;
        CompleteAllWork(&state->queues.highQueue);
        Win32TakeCrash(&report);
        Win32RestoreMemorySnapshot(&state->snapshot);
        return 0;
    }
    return 1;
}

internal b32 Win32RunPastFrame(win32_state *state, win32_timeline_frame *record, b32 onNewTimeline)
{
    if (!Win32RunPastFrameUnsynced(state, record, onNewTimeline)) return 0;
    Win32SyncMemorySnapshot(&state->snapshot);
    return 1;
}

// A frame run unsynced (Win32RunPastFrameUnsynced) faulted: memory is back at the start of
// `syncedFrame`, the last sync. Runs the frames since then again, synced, and the faulting one, which
// faults again and so alone is dropped; memory ends synced at the start of faultedFrame + 1. Returns
// the frames that faulted.
internal u32 Win32RerunFromLastSync(win32_state *state, u64 syncedFrame, u64 faultedFrame, b32 onNewTimeline)
{
    u32 faults = 0;
    for (u64 at = syncedFrame; at <= faultedFrame; ++at)
        faults += !Win32RunPastFrame(state, Win32TimelineFrame(&state->timeline, at), onNewTimeline);
    return faults;
}

// The permanent storage of the snapshot's copy (game memory at the frame start) into image: the pages
// ever written (the others are zero in both and were never written into image either).
internal void Win32CopyPermanentState(win32_timeline *timeline, u8 *image)
{
    win32_memory_snapshot *snapshot = timeline->snapshot;
    u64 pages = timeline->permanentSize / snapshot->pageSize;
    for (u64 page = 0; page < pages; ++page)
        if (BitmapBit(snapshot->everWritten, page))
            memcpy(image + page * snapshot->pageSize, snapshot->copy + page * snapshot->pageSize, snapshot->pageSize);
}

// "FIELD: A vs B" for two images of permanent storage (by the state's registered layout; else the
// first byte that differs).
internal void Win32NameStateDifference(win32_timeline *timeline, const u8 *stateA, const u8 *stateB, char *out, umm outSize)
{
    state_difference difference;
    if (FindFirstStateDifference(&timeline->recording.layout, stateA, timeline->permanentSize, &timeline->recording.layout, stateB,
                                 timeline->permanentSize, &difference))
    {
        FormatStateDifference(&difference, out, outSize);
        return;
    }
    for (u64 offset = 0; offset < timeline->permanentSize; ++offset)
    {
        if (stateA[offset] == stateB[offset]) continue;
        FormatText(out, outSize, "permanent storage +0x%llx (outside the registered fields): %02x vs %02x",
                   (unsigned long long)offset, stateA[offset], stateB[offset]);
        return;
    }
    FormatText(out, outSize, "no byte of permanent storage differs (the hash covers a page outside it)");
}

// Game memory is at the start of `frame`, reached from keyframe `keyFrame`, and its hash is not the
// recorded one. Says why: frames re-run by another build than the one that ran them (a build the
// timeline no longer keeps), or (each frame re-run by its own build) the first field where a second run
// from the keyframe differs from the first: only then is it named as non-determinism. Memory ends at `frame`.
internal void Win32ExplainMismatch(win32_state *state, history_store *store, s32 key,
                                   u64 keyFrame, u64 frame, u64 hash, u64 expected)
{
    win32_timeline *timeline = &state->timeline;
    b32 onNewTimeline = store != &timeline->recording.store;
    u32 otherVersion = 0, rerunVersion = 0;
    for (u64 at = keyFrame; at < frame && !otherVersion && !onNewTimeline; ++at)
    {
        win32_timeline_frame *record = Win32TimelineFrame(timeline, at);
        u32 ranWith = Win32PastFrameCode(state, record, 0)->version;
        if (record->reloadVersion && ranWith != record->reloadVersion)
        {
            otherVersion = record->reloadVersion;
            rerunVersion = ranWith;
        }
    }
    if (otherVersion)
    {
        Win32Log(LogLevel_Warning, "timeline: frame %llu differs from the recording (hash %016llx vs %016llx): it ran "
                 "code version %u, no longer loaded, and is re-simulated with version %u from the keyframe at frame %llu",
                 (unsigned long long)frame, (unsigned long long)hash, (unsigned long long)expected, otherVersion,
                 rerunVersion, (unsigned long long)keyFrame);
        return;
    }
    Win32CopyPermanentState(timeline, timeline->travel.stateA);
    HistoryRestore(store, key, timeline->snapshot->live, timeline->recording.changedSinceKeyframe);
    Win32SyncMemorySnapshot(timeline->snapshot);
    for (u64 at = keyFrame; at < frame; ++at) Win32RunPastFrame(state, Win32TimelineFrame(timeline, at), onNewTimeline);
    Win32CopyPermanentState(timeline, timeline->travel.stateB);
    char difference[256];
    if (memcmp(timeline->travel.stateA, timeline->travel.stateB, (size_t)timeline->permanentSize) != 0)
    {
        Win32NameStateDifference(timeline, timeline->travel.stateA, timeline->travel.stateB, difference, sizeof(difference));
        Win32Log(LogLevel_Error, "timeline: not deterministic at frame %llu: %s", (unsigned long long)frame, difference);
    }
    else
    {
        Win32Log(LogLevel_Error, "timeline: not deterministic at frame %llu: the state hash differs from the recorded "
                 "one (%016llx vs %016llx) though two re-simulations from frame %llu agree: the recorded run read "
                 "something the recording does not hold", (unsigned long long)frame, (unsigned long long)hash,
                 (unsigned long long)expected, (unsigned long long)keyFrame);
    }
}

// The scrub cache starts again at the state now in memory (a seek restored a keyframe of the history).
internal void Win32StartScrubCache(win32_timeline *timeline, u64 frame)
{
    win32_memory_snapshot *snapshot = timeline->snapshot;
    HistoryClear(&timeline->scrub.store);
    HistoryAddKeyframe(&timeline->scrub.store, frame, snapshot->copy, snapshot->everWritten);
    memset(timeline->scrub.changedSinceKey, 0, (size_t)HistoryBitmapBytes(snapshot->pageCount));
}

// A frame just re-simulated (memory synced at its start) joins the scrub cache when it is newer than
// what the cache holds.
internal void Win32NoteScrubFrame(win32_timeline *timeline, u64 frame)
{
    history_store *scrub = &timeline->scrub.store;
    win32_memory_snapshot *snapshot = timeline->snapshot;
    if (!scrub->keyCount || frame <= HistoryNewestFrame(scrub)) return;
    if (HistoryAddKeyframe(scrub, frame, snapshot->copy, timeline->scrub.changedSinceKey))
        memset(timeline->scrub.changedSinceKey, 0, (size_t)HistoryBitmapBytes(snapshot->pageCount));
}

// What putting a frame's start state in memory took: where the re-simulation began, the frames that
// faulted again, and the state's hash against the one recorded (when one is).
struct win32_shown_frame
{
    u64 from;
    u32 faults;
    b32 known;
    u64 hash;
    u64 expected;
};

// Memory is at the start of `frame` (synced), the first frame whose hash differs from the recording
// after a stretch run unsynced. Finds the first frame after the keyframe whose hash differs, re-running
// from the keyframe synced (this path runs only when a hash differs); memory ends at that frame.
internal u64 Win32FirstDifferingFrame(win32_state *state, history_store *store, s32 key, u64 keyFrame, u64 frame,
                                      u64 *hash, u64 *expected)
{
    win32_timeline *timeline = &state->timeline;
    win32_memory_snapshot *snapshot = timeline->snapshot;
    HistoryRestore(store, key, snapshot->live, timeline->recording.changedSinceKeyframe);
    Win32SyncMemorySnapshot(snapshot);
    for (u64 at = keyFrame; at < frame; ++at)
    {
        Win32RunPastFrame(state, Win32TimelineFrame(timeline, at), store != &timeline->recording.store);
        if (!Win32ExpectedHash(timeline, at + 1, expected)) continue;
        *hash = Win32CurrentStateHash(snapshot);
        if (*hash != *expected) return at + 1;
    }
    return frame;   // the differing hash did not come back: the one seen stands
}

// Runs frames [from, to) of the timeline `store` holds, memory synced at the start of `from`, and
// leaves it synced at the start of `to`; returns the frames that faulted again (each dropped, as a
// live frame's fault is). Frames before `syncFrom` run unsynced: under Wine a sync, the write-watch
// faults that follow it and the scrub cache's copy cost a good part of a big state's update (the demo
// at 65,536 entities: 9.2 against 7.8 ms a frame in seeks). A fault there puts memory back at the last sync, and the
// frames since run again, synced. Frames from `syncFrom` on run synced, each joins the scrub cache,
// and each hash is checked: the first frame that differs (when key >= 0) is explained in the log.
internal u32 Win32RunShownFrames(win32_state *state, history_store *store, s32 key, u64 from, u64 to, u64 syncFrom)
{
    win32_timeline *timeline = &state->timeline;
    win32_memory_snapshot *snapshot = timeline->snapshot;
    b32 onNewTimeline = store != &timeline->recording.store;
    u64 keyFrame = key >= 0 ? HistoryKeyFrame(store, key) : from;
    u64 syncedFrame = from;
    b32 explained = key < 0;
    u32 faults = 0;
    for (u64 frame = from; frame < to; ++frame)
    {
        win32_timeline_frame *record = Win32TimelineFrame(timeline, frame);
        if (frame < syncFrom)
        {
            if (Win32RunPastFrameUnsynced(state, record, onNewTimeline)) continue;
            faults += Win32RerunFromLastSync(state, syncedFrame, frame, onNewTimeline);
            syncedFrame = frame + 1;
            continue;
        }
        faults += !Win32RunPastFrame(state, record, onNewTimeline);
        b32 afterUnsynced = syncedFrame != frame;
        syncedFrame = frame + 1;
        Win32NoteScrubFrame(timeline, frame + 1);
        u64 expected = 0;
        if (explained || !Win32ExpectedHash(timeline, frame + 1, &expected)) continue;
        u64 hash = Win32CurrentStateHash(snapshot);
        if (hash == expected) continue;
        explained = 1;
        u64 differing = frame + 1;
        if (afterUnsynced) differing = Win32FirstDifferingFrame(state, store, key, keyFrame, frame + 1, &hash, &expected);
        Win32ExplainMismatch(state, store, key, keyFrame, differing, hash, expected);
        frame = differing - 1;      // memory is at `differing`: the frames from it run again
        syncedFrame = differing;
    }
    return faults;
}

// Puts the start state of `target` (within the range shown) on the timeline shown in memory: from the
// nearest state at or before it that is at hand (the state held, a frame of the scrub cache, or a
// keyframe of the history), then the recorded input up to it; a first hash that differs from the
// recording is explained in the log. The seek and the new timeline's slices both show frames this way.
// Only the last WIN32_TIMELINE_SHOW_SYNCED_TAIL frames run synced (so the scrub cache holds the frame
// before the target: a step back right after is a restore), except in a step back (a few frames) that
// re-simulates: the cache then starts again where the re-simulation starts and every frame joins it,
// so the steps back after it are restores too.
internal win32_shown_frame Win32ShowFrame(win32_state *state, u64 target)
{
    win32_timeline *timeline = &state->timeline;
    history_store *store = Win32ShownStore(timeline);
    win32_memory_snapshot *snapshot = timeline->snapshot;
    s32 key = HistoryKeyAtOrBefore(store, target);
    u64 keyFrame = key >= 0 ? HistoryKeyFrame(store, key) : target;
    s32 scrubKey = timeline->scrub.store.keyCount ? HistoryKeyAtOrBefore(&timeline->scrub.store, target) : -1;
    u64 scrubFrame = scrubKey >= 0 ? HistoryKeyFrame(&timeline->scrub.store, scrubKey) : 0;
    b32 fromScrub = scrubKey >= 0 && scrubFrame >= keyFrame;
    b32 stepBack = timeline->travel.shownValid && target < timeline->travel.cursor &&
                   target + WIN32_TIMELINE_SHOW_STEP_BACK >= timeline->travel.cursor;
    win32_shown_frame shown = {};
    shown.from = fromScrub ? scrubFrame : keyFrame;
    if (timeline->travel.shownValid && timeline->travel.cursor <= target && timeline->travel.cursor >= shown.from)
        shown.from = timeline->travel.cursor;
    else if (fromScrub)
    {
        HistoryRestore(&timeline->scrub.store, scrubKey, snapshot->live, timeline->scrub.changedSinceKey);
        Win32SyncMemorySnapshot(snapshot);
        if (stepBack && target > scrubFrame) Win32StartScrubCache(timeline, scrubFrame);
    }
    else if (key >= 0)
    {
        HistoryRestore(store, key, snapshot->live, timeline->recording.changedSinceKeyframe);
        Win32SyncMemorySnapshot(snapshot);
        if (target > keyFrame) Win32StartScrubCache(timeline, keyFrame);
    }
    u64 syncFrom = stepBack ? shown.from : target - Minimum((u64)WIN32_TIMELINE_SHOW_SYNCED_TAIL, target - shown.from);
    shown.faults = Win32RunShownFrames(state, store, key, shown.from, target, syncFrom);
    shown.known = Win32ExpectedHash(timeline, target, &shown.expected);
    shown.hash = Win32CurrentStateHash(snapshot);
    timeline->travel.cursor = target;
    timeline->travel.shownValid = 1;
    return shown;
}

// Shows the start state of `target` on the timeline shown (Win32ShowFrame), counts the seek in the
// figures and logs one line.
internal void Win32TimelineSeek(win32_state *state, u64 target)
{
    win32_timeline *timeline = &state->timeline;
    u64 first, last;
    Win32TimelineRange(timeline, &first, &last);
    target = Minimum(Maximum(target, first), last);
    f64 start = Win32Seconds();
    Win32BeginBlock("timeline seek");
    win32_shown_frame shown = Win32ShowFrame(state, target);
    Win32EndBlock("timeline seek");
    f64 seconds = Win32Seconds() - start;
    timeline->figures.seekSeconds[timeline->figures.seekCount++ % ArrayCount(timeline->figures.seekSeconds)] = seconds;
    timeline->travel.faultShownLogged = 0;
    char faultText[64] = "";
    if (shown.faults)
        FormatText(faultText, sizeof(faultText), "; %u frame%s faulted again, contained", shown.faults, shown.faults == 1 ? "" : "s");
    b32 differs = shown.known && shown.hash != shown.expected;
    if (shown.known && !timeline->travel.viewNew)
    {
        win32_timeline_frame *record = Win32TimelineFrame(timeline, target);
        record->flags |= TimelineFrame_HashChecked | (differs ? 0 : TimelineFrame_HashEqual);
        if (differs) record->flags &= ~(u32)TimelineFrame_HashEqual;
    }
    char watched[600];
    Win32WatchedValuesText(timeline, target, watched, sizeof(watched));
    if (!timeline->travel.quiet || differs)
        Win32Log(differs ? LogLevel_Warning : LogLevel_Info,
                 "timeline: at frame %llu (re-simulated %llu frames in %.1f ms, hash %s)%s%s%s", (unsigned long long)target,
                 (unsigned long long)(target - shown.from), 1000.0 * seconds,
                 !shown.known ? "not recorded" : differs ? "differs" : "equal", faultText,
                 timeline->travel.viewNew ? " on the new timeline" : "", watched);
}

//~ A change of the past
internal void Win32StartNewTimeline(win32_state *state, const char *what)
{
    win32_timeline *timeline = &state->timeline;
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    if (!timeline->travel.shownValid) Win32TimelineSeek(state, timeline->travel.cursor);
    win32_memory_snapshot *snapshot = timeline->snapshot;
    // NOTE: a reload's migration (or a tune) already ran on the state shown: the new timeline starts from it.
    Win32SyncMemorySnapshot(snapshot);
    u64 from = timeline->travel.cursor;
    // NOTE: a new timeline replaces the one before: it starts from the state shown (whichever timeline)
    // and is compared with the recorded timeline, which is the one shown from now on.
    timeline->travel.viewNew = 0;
    newTimeline->exists = 1;
    newTimeline->running = 1;
    newTimeline->fromFrame = from;
    newTimeline->endFrame = Maximum(timeline->recording.endFrame, from + 1);
    newTimeline->nextFrame = from;
    newTimeline->version = state->game.version;
    newTimeline->differs = 0;
    newTimeline->difference[0] = 0;
    newTimeline->recordedFaults = newTimeline->faultsAgain = newTimeline->newFaults = 0;
    newTimeline->startedAt = Win32Seconds();
    HistoryClear(&timeline->scrub.store);
    HistoryClear(&newTimeline->store);
    HistoryAddKeyframe(&newTimeline->store, from, snapshot->copy, snapshot->everWritten);
    newTimeline->hashes[0] = Win32CurrentStateHash(snapshot);
    Win32SampleWatches(timeline, from, 1);
    win32_timeline_frame *fromRecord = Win32TimelineFrame(timeline, from);
    if ((fromRecord->flags & TimelineFrame_HashKnown) && newTimeline->hashes[0] != fromRecord->stateHash)
    {
        // The reload changed the state itself (a migration, a reset): the timelines part at once.
        newTimeline->differs = 1;
        newTimeline->firstDifferentFrame = from;
        FormatText(newTimeline->difference, sizeof(newTimeline->difference), "the new build changed the state it starts from");
    }
    Win32Log(LogLevel_Info, "timeline: %s while paused at frame %llu: re-running frames %llu-%llu with code version %u",
             what, (unsigned long long)from, (unsigned long long)from, (unsigned long long)(newTimeline->endFrame - 1),
             state->game.version);
}

// The new timeline reached `frame` and its hash is not the recorded one: the field, where the recorded state
// of that frame is a keyframe (else the frame alone; the field is named at the next keyframe reached).
internal void Win32NameNewTimelineDifference(win32_timeline *timeline, u64 frame)
{
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    s32 key = HistoryKeyAtOrBefore(&timeline->recording.store, frame);
    if (key < 0) return;
    u64 keyFrame = HistoryKeyFrame(&timeline->recording.store, key);
    if (keyFrame != frame) return;
    HistoryMaterialize(&timeline->recording.store, key, timeline->travel.stateA, timeline->permanentSize / timeline->snapshot->pageSize);
    Win32CopyPermanentState(timeline, timeline->travel.stateB);
    char difference[200];
    Win32NameStateDifference(timeline, timeline->travel.stateA, timeline->travel.stateB, difference, sizeof(difference));
    char *named = newTimeline->difference;
    if (frame == newTimeline->firstDifferentFrame) FormatText(named, sizeof(newTimeline->difference), "%s", difference);
    else FormatText(named, sizeof(newTimeline->difference), "%s (named at frame %llu, the first keyframe after it)",
                    difference, (unsigned long long)frame);
}

internal void Win32FinishNewTimeline(win32_timeline *timeline)
{
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    newTimeline->running = 0;
    char faults[160] = "";
    if (newTimeline->recordedFaults || newTimeline->newFaults)
        FormatText(faults, sizeof(faults), "; recorded faults: %u, happened again: %u; new faults: %u",
                   newTimeline->recordedFaults, newTimeline->faultsAgain, newTimeline->newFaults);
    f64 ms = 1000.0 * (Win32Seconds() - newTimeline->startedAt);
    if (newTimeline->differs)
        Win32Log(LogLevel_Info, "timeline: new code runs frames %llu-%llu: first difference at frame %llu: %s%s (%.0f ms)",
                 (unsigned long long)newTimeline->fromFrame, (unsigned long long)(newTimeline->endFrame - 1),
                 (unsigned long long)newTimeline->firstDifferentFrame,
                 newTimeline->difference[0] ? newTimeline->difference : "the state hash (no keyframe after it to name the field)",
                 faults, ms);
    else
        Win32Log(LogLevel_Info, "timeline: new code runs frames %llu-%llu: agrees on every frame%s (%.0f ms)",
                 (unsigned long long)newTimeline->fromFrame, (unsigned long long)(newTimeline->endFrame - 1), faults, ms);
}

// One slice of the new timeline (WIN32_TIMELINE_SLICE_SECONDS), then the frame shown is restored.
internal void Win32ContinueNewTimeline(win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    win32_memory_snapshot *snapshot = timeline->snapshot;
    f64 start = Win32Seconds();
    Win32BeginBlock("timeline re-run");
    HistoryClear(&timeline->scrub.store);
    HistoryRestore(&newTimeline->store, (s32)newTimeline->store.keyCount - 1, snapshot->live, timeline->recording.changedSinceKeyframe);
    Win32SyncMemorySnapshot(snapshot);
    u32 sinceKey = 0;
    while (newTimeline->nextFrame < newTimeline->endFrame - 1 && Win32Seconds() - start < WIN32_TIMELINE_SLICE_SECONDS)
    {
        win32_timeline_frame *record = Win32TimelineFrame(timeline, newTimeline->nextFrame);
        b32 ran = Win32RunPastFrame(state, record, 1);
        if (record->flags & TimelineFrame_Fault)
        {
            ++newTimeline->recordedFaults;
            newTimeline->faultsAgain += !ran;
        }
        else newTimeline->newFaults += !ran;
        u64 frame = ++newTimeline->nextFrame;
        u64 hash = Win32CurrentStateHash(snapshot);
        newTimeline->hashes[frame - newTimeline->fromFrame] = hash;
        Win32SampleWatches(timeline, frame, 1);
        win32_timeline_frame *recorded = Win32TimelineFrame(timeline, frame);
        if (!newTimeline->differs && (recorded->flags & TimelineFrame_HashKnown) && hash != recorded->stateHash)
        {
            newTimeline->differs = 1;
            newTimeline->firstDifferentFrame = frame;
        }
        if (newTimeline->differs && !newTimeline->difference[0]) Win32NameNewTimelineDifference(timeline, frame);
        if (++sinceKey >= timeline->recording.keyInterval)
        {
            HistoryAddKeyframe(&newTimeline->store, frame, snapshot->copy, timeline->recording.changedSinceKeyframe);
            sinceKey = 0;
        }
    }
    if (sinceKey) HistoryAddKeyframe(&newTimeline->store, newTimeline->nextFrame, snapshot->copy, timeline->recording.changedSinceKeyframe);
    Win32EndBlock("timeline re-run");
    if (newTimeline->nextFrame >= newTimeline->endFrame - 1) Win32FinishNewTimeline(timeline);
    // The frame shown again, as a seek shows it, but quietly and not counted as one: the cursor did not move.
    timeline->travel.shownValid = 0;
    Win32ShowFrame(state, timeline->travel.cursor);
}

//~ Pause and resume
internal void Win32TimelinePause(win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    if (timeline->travel.paused) return;
    if (state->loop.mode != LiveLoop_Off)
    {
        Win32Log(LogLevel_Warning, "timeline: not paused: the F9 loop is %s (F9 stops it)",
                 state->loop.mode == LiveLoop_Recording ? "recording" : "playing");
        return;
    }
    // NOTE: the seeks' syncs would push the pending hash out of the snapshot's short ring.
    Win32SettleTimelineHash(timeline);
    // The present: the start state of the frame that would run next, shown with a neutral input.
    u64 frame = timeline->recording.endFrame = state->input.frameIndex;
    if (!timeline->recording.store.keyCount) Win32TakeKeyframe(timeline, frame, 1.0 / 60.0);
    win32_timeline_frame *record = Win32TimelineFrame(timeline, frame);
    memset(record, 0, sizeof(*record));
    record->input.dtForFrame = state->input.dtForFrame;
    record->input.frameIndex = frame;
    record->stateHash = Win32CurrentStateHash(timeline->snapshot);
    record->recordedSeconds = timeline->recording.recordedSeconds;
    record->reloadVersion = state->game.version;
    record->flags = TimelineFrame_HashKnown;
    timeline->travel.paused = 1;
    Win32SetTimelineInPast(1, 0);
    // NOTE: nothing queued from the last live frame plays on, and a device that overtakes the
    // silence written while paused (a loaded machine) finds silence in the whole ring.
    Win32SilenceSoundRing(&state->sound);
    HistoryClear(&timeline->scrub.store);
    timeline->travel.cursor = frame;
    timeline->travel.shownValid = 1;
    timeline->travel.viewNew = 0;
    timeline->travel.newTimeline.exists = 0;
    timeline->travel.pausedVersion = state->game.version;
    timeline->recording.lastTuneCount = state->editStatus.tuneCount;
    if (!timeline->travel.quiet)
    Win32Log(LogLevel_Info, "timeline: paused at frame %llu (history: frames %llu-%llu, %.1f MB)", (unsigned long long)frame,
             (unsigned long long)Win32TimelineOldestFrame(timeline), (unsigned long long)frame,
             (f64)HistoryBytesUsed(&timeline->recording.store) / (f64)Megabytes(1));
}

internal void Win32TimelineResume(win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    if (!timeline->travel.paused) return;
    if (!timeline->travel.shownValid) Win32TimelineSeek(state, timeline->travel.cursor);
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    b32 onNewTimeline = timeline->travel.viewNew && newTimeline->exists;
    u64 frame = timeline->travel.cursor;
    u64 dropped = timeline->recording.endFrame - Minimum(frame, timeline->recording.endFrame);
    win32_memory_snapshot *snapshot = timeline->snapshot;
    // NOTE: resumed at the present on the recorded timeline, the history goes on as it was: every
    // page the pause changed was marked since the newest keyframe (and put back since).
    b32 atPresent = !onNewTimeline && frame == timeline->recording.endFrame;
    if (!atPresent) HistoryDropAfter(&timeline->recording.store, onNewTimeline ? Minimum(frame, newTimeline->fromFrame) : frame);
    if (onNewTimeline)
    {
        // The new timeline's frames become the history's: same input, the new code's hashes.
        for (u64 at = newTimeline->fromFrame; at <= frame; ++at)
        {
            win32_timeline_frame *record = Win32TimelineFrame(timeline, at);
            record->stateHash = newTimeline->hashes[at - newTimeline->fromFrame];
            record->flags |= TimelineFrame_HashKnown;
            record->reloadVersion = newTimeline->version;
        }
        dropped = timeline->recording.endFrame - Minimum(newTimeline->fromFrame, timeline->recording.endFrame);
    }
    if (!atPresent && (timeline->recording.store.keyCount == 0 || HistoryNewestFrame(&timeline->recording.store) != frame))
    {
        // NOTE: every page written, not the pages changed since the newest keyframe: the pause's seeks
        // moved memory back and forth.
        if (!HistoryAddKeyframe(&timeline->recording.store, frame, snapshot->copy, snapshot->everWritten))
            Win32Log(LogLevel_Warning, "timeline: the history starts again at frame %llu (no room for its keyframe)",
                     (unsigned long long)frame);
    }
    if (!atPresent)
    {
        memset(timeline->recording.changedSinceKeyframe, 0, (size_t)HistoryBitmapBytes(snapshot->pageCount));
        timeline->recording.framesSinceKey = 0;
    }
    timeline->recording.endFrame = frame;
    timeline->recording.recordedSeconds = Win32TimelineFrame(timeline, frame)->recordedSeconds;
    // NOTE: at the present, a build that arrived while paused makes the next frame a keyframe as any
    // reload does; elsewhere the resume's keyframe is that already.
    if (!atPresent)
    {
        timeline->recording.lastVersion = state->game.version;
        timeline->builds.lastVersionFirstFrame = onNewTimeline ? Minimum(frame, newTimeline->fromFrame) : frame;
    }
    timeline->recording.lastTuneCount = state->editStatus.tuneCount;
    timeline->travel.paused = 0;
    Win32SetTimelineInPast(0, !timeline->travel.quiet);
    HistoryClear(&timeline->scrub.store);
    timeline->travel.viewNew = 0;
    newTimeline->exists = 0;
    newTimeline->running = 0;
    state->frames.frameCount = (s64)frame;
    state->input.frameIndex = frame;
    Win32TimelineWatchesAfterResume(timeline, frame, onNewTimeline);
    Win32ReleaseBuildsOutOfHistory(timeline);
    if (!timeline->travel.quiet)
    Win32Log(LogLevel_Info, "timeline: resumed at frame %llu (dropped %llu frames)%s", (unsigned long long)frame,
             (unsigned long long)dropped, onNewTimeline ? " on the new timeline" : "");
}
