//~ Asking the past questions: `watch PATH` samples a field of the game's state at every frame of the
// history, `find` re-simulates frames until a condition on a field holds. Bodies behind
// win32/timeline/win32_timeline.h.
//
// Both read the state the way a seek shows it: from the keyframe at or before a frame, the recorded
// input re-run up to it, and at every later keyframe passed the keyframe itself (a seek to a frame
// restores its own keyframe), so a watched value at frame N is what a seek to N shows. Nothing is a
// guess from keyframes alone: every frame between them is run.

//~ Reading a field
internal const state_layout *Win32TimelineLayout(win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    // NOTE: before the first frame is recorded (--start-paused) the history has no layout of its own yet.
    return timeline->recording.layout.present ? &timeline->recording.layout : &state->reloader.memoryLayout;
}

internal f64 Win32ReadWatchedValue(win32_timeline *timeline, const state_path_leaf *leaf, u32 component)
{
    f64 value = 0.0;
    if (!ReadStatePathValue(leaf, component, timeline->snapshot->live, timeline->permanentSize, &value)) return NAN;
    return value;
}

// The frames [first, end) whose values a watch holds, on the recorded timeline or the new one.
internal void Win32WatchedFrames(win32_timeline *timeline, win32_timeline_watch *watch, b32 onNewTimeline, u64 *first, u64 *end)
{
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    *first = onNewTimeline ? newTimeline->fromFrame : Maximum(watch->firstFrame, Win32TimelineOldestFrame(timeline));
    *end = onNewTimeline ? Minimum(newTimeline->nextFrame, newTimeline->endFrame - 1) + 1 : watch->endFrame;
}

internal b32 Win32WatchedValueAt(win32_timeline *timeline, win32_timeline_watch *watch, u64 frame, u32 component,
                                 b32 onNewTimeline, f64 *value)
{
    u64 first, end;
    Win32WatchedFrames(timeline, watch, onNewTimeline, &first, &end);
    if (frame < first || frame >= end) return 0;
    *value = (onNewTimeline ? watch->newValues : watch->values)[(frame % WIN32_TIMELINE_MAX_FRAMES) * 4 + component];
    return *value == *value;    // NaN: not read
}

// Every component of one watch, at the frame whose start state game memory holds.
internal void Win32SampleWatch(win32_timeline *timeline, win32_timeline_watch *watch, u64 frame, b32 onNewTimeline)
{
    f64 *values = (onNewTimeline ? watch->newValues : watch->values) + (frame % WIN32_TIMELINE_MAX_FRAMES) * 4;
    for (u32 component = 0; component < watch->leaf.componentCount; ++component)
        values[component] = Win32ReadWatchedValue(timeline, &watch->leaf, component);
}

internal void Win32SampleWatches(win32_timeline *timeline, u64 frame, b32 onNewTimeline)
{
    for (u32 index = 0; index < WIN32_TIMELINE_MAX_WATCHES; ++index)
        if (timeline->watches[index].active) Win32SampleWatch(timeline, timeline->watches + index, frame, onNewTimeline);
}

//~ Visiting frames of the past
// Called with game memory at the start of `frame`; true stops the scan there.
typedef b32 win32_timeline_visit(void *context, win32_timeline *timeline, u64 frame);

// Visits frames first..last of the timeline `store` holds (the recorded one or the new timeline's), in
// order, each at its start state. Returns the frames re-simulated (run with the recorded input).
// Game memory is left wherever the scan stopped: the caller shows the cursor again.
internal u64 Win32ScanTimeline(win32_state *state, history_store *store, u64 first, u64 last,
                               win32_timeline_visit *visit, void *context)
{
    win32_timeline *timeline = &state->timeline;
    win32_memory_snapshot *snapshot = timeline->snapshot;
    s32 key = HistoryKeyAtOrBefore(store, first);
    if (key < 0) return 0;
    HistoryClear(&timeline->scrub.store);     // its frames would be restored against pages this scan moves
    timeline->travel.shownValid = 0;
    Win32HashStateOnMainThread(snapshot, 1);
    HistoryRestore(store, key, snapshot->live, timeline->recording.changedSinceKeyframe);
    Win32SyncMemorySnapshot(snapshot);
    u64 frame = HistoryKeyFrame(store, key);
    u64 syncedFrame = frame;            // the snapshot's copy holds this frame's start
    u64 framesRun = 0;
    s32 nextKey = key + 1;
    b32 otherBuildRan = 0;
    for (;;)
    {
        if (nextKey < (s32)store->keyCount && HistoryKeyFrame(store, nextKey) == frame)
        {
            // NOTE: frames recorded under a build no longer loaded were re-run by the one running: from
            // here the keyframe is what a seek shows, not the re-run state. Re-run by their own build the
            // two are the same state (a game that is not deterministic is named by the seeks' hashes).
            if (otherBuildRan)
            {
                if (syncedFrame != frame) Win32SyncMemorySnapshot(snapshot);   // the restore needs the pages written
                HistoryRestore(store, nextKey, snapshot->live, timeline->recording.changedSinceKeyframe);
                Win32SyncMemorySnapshot(snapshot);
                syncedFrame = frame;
                otherBuildRan = 0;
            }
            ++nextKey;
        }
        if (frame >= first && visit(context, timeline, frame)) break;
        if (frame >= last) break;
        win32_timeline_frame *record = Win32TimelineFrame(timeline, frame);
        b32 onNewTimeline = store != &timeline->recording.store;
        otherBuildRan |= record->reloadVersion && Win32PastFrameCode(state, record, onNewTimeline)->version != record->reloadVersion;
        // NOTE: the snapshot is synced every few frames, not after each: under Wine a sync (and the
        // write-watch faults after it) costs more than a short frame. A fault puts memory back at the
        // last sync: the frames since are run again, synced, so the faulting frame alone is put back.
        if (!Win32RunPastFrameUnsynced(state, record, onNewTimeline))
        {
            Win32RerunFromLastSync(state, syncedFrame, frame, onNewTimeline);
            syncedFrame = frame + 1;
        }
        else if (frame + 1 - syncedFrame >= WIN32_TIMELINE_SCAN_SYNC_FRAMES)
        {
            Win32SyncMemorySnapshot(snapshot);
            syncedFrame = frame + 1;
        }
        ++frame;
        ++framesRun;
    }
    if (syncedFrame != frame) Win32SyncMemorySnapshot(snapshot);
    Win32HashStateOnMainThread(snapshot, 0);
    return framesRun;
}

//~ Watch
struct win32_watch_scan
{
    win32_timeline_watch *watch;    // the one watch a scan reads (the others keep their values)
    b32 onNewTimeline;
};

internal b32 Win32VisitForWatch(void *context, win32_timeline *timeline, u64 frame)
{
    win32_watch_scan *scan = (win32_watch_scan *)context;
    Win32SampleWatch(timeline, scan->watch, frame, scan->onNewTimeline);
    return 0;
}

internal win32_timeline_watch *Win32FindWatch(win32_timeline *timeline, const char *path)
{
    for (u32 index = 0; index < WIN32_TIMELINE_MAX_WATCHES; ++index)
        if (timeline->watches[index].active && strcmp(timeline->watches[index].leaf.path, path) == 0)
            return timeline->watches + index;
    return 0;
}

// Resolves a path a request names; logs "timeline: no field ..." (or why it is no leaf) and returns false.
internal b32 Win32ResolveTimelinePath(win32_state *state, const char *path, state_path_leaf *leaf)
{
    char error[400];
    if (ResolveStatePath(Win32TimelineLayout(state), path, leaf, error, sizeof(error))) return 1;
    Win32Log(LogLevel_Error, "timeline: %s; nothing changes", error);
    return 0;
}

// Pauses for a question about the past when playing (quietly: the game plays on once it is answered).
// False when the timeline cannot pause (the F9 loop runs).
internal b32 Win32BeginTimelineQuestion(win32_state *state, b32 *pausedHere)
{
    win32_timeline *timeline = &state->timeline;
    *pausedHere = 0;
    if (timeline->travel.paused) return 1;
    timeline->travel.quiet = 1;
    Win32TimelinePause(state);
    timeline->travel.quiet = 0;
    *pausedHere = timeline->travel.paused;
    return timeline->travel.paused;
}

// The frame shown again after a scan moved memory; a pause made for the question is undone.
internal void Win32EndTimelineQuestion(win32_state *state, b32 pausedHere)
{
    win32_timeline *timeline = &state->timeline;
    timeline->travel.quiet = 1;
    if (!timeline->travel.shownValid) Win32TimelineSeek(state, timeline->travel.cursor);
    if (pausedHere) Win32TimelineResume(state);
    timeline->travel.quiet = 0;
}

internal void Win32TimelineWatch(win32_state *state, const char *path)
{
    win32_timeline *timeline = &state->timeline;
    state_path_leaf leaf;
    if (!Win32ResolveTimelinePath(state, path, &leaf)) return;
    if (Win32FindWatch(timeline, leaf.path))
    {
        Win32Log(LogLevel_Warning, "timeline: already watching %s; nothing changes", leaf.path);
        return;
    }
    win32_timeline_watch *watch = 0;
    for (u32 index = 0; index < WIN32_TIMELINE_MAX_WATCHES && !watch; ++index)
        if (!timeline->watches[index].active) watch = timeline->watches + index;
    if (!watch)
    {
        Win32Log(LogLevel_Error, "timeline: cannot watch %s: %u fields are watched already, the most at once (unwatch "
                 "one first); nothing changes", leaf.path, WIN32_TIMELINE_MAX_WATCHES);
        return;
    }
    b32 pausedHere;
    if (!Win32BeginTimelineQuestion(state, &pausedHere)) return;
    watch->active = 1;
    watch->leaf = leaf;
    watch->colorIndex = (u32)(watch - timeline->watches);
    f64 start = Win32Seconds();
    u64 first, last;
    first = Win32TimelineOldestFrame(timeline);
    last = timeline->recording.endFrame;
    win32_watch_scan scan = {watch, 0};
    u64 framesRun = Win32ScanTimeline(state, &timeline->recording.store, first, last, Win32VisitForWatch, &scan);
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    if (newTimeline->exists && newTimeline->nextFrame > newTimeline->fromFrame)
    {
        scan.onNewTimeline = 1;
        framesRun += Win32ScanTimeline(state, &newTimeline->store, newTimeline->fromFrame,
                                       Minimum(newTimeline->nextFrame, newTimeline->endFrame - 1), Win32VisitForWatch, &scan);
    }
    watch->firstFrame = first;
    watch->endFrame = last + 1;
    f64 ms = 1000.0 * (Win32Seconds() - start);
    Win32EndTimelineQuestion(state, pausedHere);
    if (pausedHere) watch->endFrame = timeline->recording.endFrame;
    Win32Log(LogLevel_Info, "timeline: watching %s over frames %llu-%llu (%llu frames re-simulated in %.1f ms)", leaf.path,
             (unsigned long long)first, (unsigned long long)last, (unsigned long long)framesRun, ms);
}

internal void Win32TimelineUnwatch(win32_state *state, const char *path)
{
    win32_timeline *timeline = &state->timeline;
    state_path_leaf leaf;
    char error[400];
    const char *name = ResolveStatePath(Win32TimelineLayout(state), path, &leaf, error, sizeof(error)) ? leaf.path : path;
    win32_timeline_watch *watch = Win32FindWatch(timeline, name);
    if (!watch)
    {
        Win32Log(LogLevel_Error, "timeline: not watching %s; nothing changes", path);
        return;
    }
    watch->active = 0;
    Win32Log(LogLevel_Info, "timeline: no longer watching %s", name);
}

// A live frame about to run (memory at its start): every watch gets its value.
internal void Win32TimelineWatchLiveFrame(win32_timeline *timeline, u64 frame)
{
    Win32SampleWatches(timeline, frame, 0);
    for (u32 index = 0; index < WIN32_TIMELINE_MAX_WATCHES; ++index)
    {
        win32_timeline_watch *watch = timeline->watches + index;
        if (!watch->active) continue;
        if (frame != watch->endFrame) watch->firstFrame = frame;    // the history started again
        watch->endFrame = frame + 1;
    }
}

//~ Find
struct win32_timeline_find
{
    state_path_leaf leaf;
    u32 op;
    f64 target;
    b32 havePrevious;
    f64 previous;               // the value of the frame visited last
    b32 haveFirst;
    f64 firstValue;             // the value of the first frame this scan visited
    b32 found;
    u64 foundFrame;
    f64 foundValue;
    b32 stopAtFirst;            // forward: the first match; backward: the last one of an interval
    b32 backward;
    u64 framesVisited;
};

internal b32 Win32VisitForFind(void *context, win32_timeline *timeline, u64 frame)
{
    win32_timeline_find *find = (win32_timeline_find *)context;
    f64 value = Win32ReadWatchedValue(timeline, &find->leaf, 0);
    ++find->framesVisited;
    if (!find->haveFirst) find->firstValue = value;
    find->haveFirst = 1;
    b32 matches = find->op == TimelineFind_Changed ? find->havePrevious && !(value == find->previous)
                                                   : TimelineFindMatches(find->op, value, find->previous, find->target);
    find->havePrevious = 1;
    find->previous = value;
    if (!matches) return 0;
    find->found = 1;
    find->foundFrame = frame;
    find->foundValue = value;
    return find->stopAtFirst;
}

// Backward: interval by interval from the newest, each scanned forward, its last match kept. For
// `changed`, an interval's first frame is decided once the interval before it gave the value before it.
internal u64 Win32FindBackward(win32_state *state, history_store *store, u64 first, u64 last,
                               win32_timeline_find *find)
{
    u64 framesRun = 0;
    u64 end = last;
    b32 havePending = 0;
    u64 pendingFrame = 0;
    f64 pendingValue = 0.0;
    for (;;)
    {
        s32 key = HistoryKeyAtOrBefore(store, end);
        u64 begin = Maximum(key >= 0 ? HistoryKeyFrame(store, key) : first, first);
        find->havePrevious = 0;
        find->haveFirst = 0;
        framesRun += Win32ScanTimeline(state, store, begin, end, Win32VisitForFind, find);
        if (havePending && find->havePrevious && !(find->previous == pendingValue))
        {
            find->found = 1;
            find->foundFrame = pendingFrame;
            find->foundValue = pendingValue;
        }
        if (find->found || begin <= first || !find->haveFirst) return framesRun;
        havePending = find->op == TimelineFind_Changed;
        pendingFrame = begin;
        pendingValue = find->firstValue;
        end = begin - 1;
    }
}

// first > last: there was no frame to search (the cursor at that end of the history).
internal void Win32LogFindResult(win32_timeline_find *find, u64 first, u64 last, u64 framesRun, f64 ms)
{
    char target[64] = "";
    if (find->op != TimelineFind_Changed)
    {
        // The value as typed reads back: a b32 as true/false, any other number the shortest way.
        state_path_leaf asTyped = find->leaf;
        if (asTyped.kind != StateValue_Bool) asTyped.kind = StateValue_F64;
        FormatStatePathValue(&asTyped, find->target, target, sizeof(target));
    }
    char condition[400];
    FormatText(condition, sizeof(condition), "%s %s%s%s", find->leaf.path, TimelineFindOpText(find->op),
               target[0] ? " " : "", target);
    if (!find->found)
    {
        u64 shownFirst = first > last ? last : first;
        Win32Log(LogLevel_Info, "timeline: not found: %s in frames %llu-%llu", condition, (unsigned long long)shownFirst,
                 (unsigned long long)last);
        if (first > last)
            Win32Log(LogLevel_Info, "timeline: find searched nothing: no frame %s the one shown", find->backward ? "before" : "after");
        else Win32Log(LogLevel_Info, "timeline: find searched %llu frames in %.1f ms (%llu re-simulated)",
                      (unsigned long long)find->framesVisited, ms, (unsigned long long)framesRun);
        return;
    }
    char value[64];
    FormatStatePathValue(&find->leaf, find->foundValue, value, sizeof(value));
    Win32Log(LogLevel_Info, "timeline: found %s at frame %llu (value %s; searched %llu frames in %.1f ms)", condition,
             (unsigned long long)find->foundFrame, value, (unsigned long long)find->framesVisited, ms);
    Win32Log(LogLevel_Info, "timeline: find searched %llu frames in %.1f ms (%llu re-simulated)",
             (unsigned long long)find->framesVisited, ms, (unsigned long long)framesRun);
}

internal void Win32TimelineFind(win32_state *state, timeline_command *command)
{
    win32_timeline *timeline = &state->timeline;
    win32_timeline_find find = {};
    if (!Win32ResolveTimelinePath(state, command->fieldPath, &find.leaf)) return;
    if (find.leaf.componentCount != 1)
    {
        Win32Log(LogLevel_Error, "timeline: find needs one number: %s has %u components (name one: %s.x); nothing changes",
                 find.leaf.path, find.leaf.componentCount, find.leaf.path);
        return;
    }
    find.op = command->findOp;
    // NOTE: an f32 field compares with the f32 nearest the value typed (0.1 finds the f32 0.1).
    find.target = find.leaf.kind == StateValue_F32 ? (f64)(f32)command->findValue : command->findValue;
    if (!timeline->travel.paused) Win32TimelinePause(state);
    if (!timeline->travel.paused) return;
    if (!timeline->travel.shownValid) Win32TimelineSeek(state, timeline->travel.cursor);
    u64 rangeFirst, rangeLast;
    Win32TimelineRange(timeline, &rangeFirst, &rangeLast);
    history_store *store = Win32ShownStore(timeline);
    b32 backward = find.backward = command->findBackward;
    u64 first = backward ? rangeFirst : timeline->travel.cursor + 1;
    u64 last = backward ? (timeline->travel.cursor ? timeline->travel.cursor - 1 : 0) : rangeLast;
    if ((backward && timeline->travel.cursor <= rangeFirst) || (!backward && timeline->travel.cursor >= rangeLast))
    {
        Win32LogFindResult(&find, timeline->travel.cursor + 1, timeline->travel.cursor, 0, 0.0);
        return;
    }
    f64 start = Win32Seconds();
    u64 framesRun = 0;
    if (backward) framesRun = Win32FindBackward(state, store, first, last, &find);
    else
    {
        find.stopAtFirst = 1;
        // NOTE: `changed` at the first frame searched compares with the frame shown.
        u64 scanFrom = find.op == TimelineFind_Changed ? first - 1 : first;
        framesRun = Win32ScanTimeline(state, store, scanFrom, last, Win32VisitForFind, &find);
    }
    f64 ms = 1000.0 * (Win32Seconds() - start);
    Win32LogFindResult(&find, first, last, framesRun, ms);
    if (find.found) Win32TimelineSeek(state, find.foundFrame);
    else Win32EndTimelineQuestion(state, 0);     // the cursor stays: the frame shown again, quietly
}

internal void Win32TimelineWatchesAfterResume(win32_timeline *timeline, u64 frame, b32 onNewTimeline)
{
    win32_new_timeline *newTimeline = &timeline->travel.newTimeline;
    for (u32 index = 0; index < WIN32_TIMELINE_MAX_WATCHES; ++index)
    {
        win32_timeline_watch *watch = timeline->watches + index;
        if (!watch->active) continue;
        if (onNewTimeline)
        {
            for (u64 at = newTimeline->fromFrame; at <= frame; ++at)
                memcpy(watch->values + (at % WIN32_TIMELINE_MAX_FRAMES) * 4,
                       watch->newValues + (at % WIN32_TIMELINE_MAX_FRAMES) * 4, 4 * sizeof(f64));
        }
        watch->endFrame = Minimum(watch->endFrame, frame);
        watch->firstFrame = Minimum(watch->firstFrame, watch->endFrame);
    }
}

internal void Win32WatchedValuesText(win32_timeline *timeline, u64 frame, char *out, umm outSize)
{
    text_buffer text = TextBufferOver(out, outSize);
    b32 onNewTimeline = timeline->travel.viewNew && timeline->travel.newTimeline.exists;
    for (u32 index = 0; index < WIN32_TIMELINE_MAX_WATCHES; ++index)
    {
        win32_timeline_watch *watch = timeline->watches + index;
        if (!watch->active) continue;
        TextAppendFormat(&text, "; %s =", watch->leaf.path);
        for (u32 component = 0; component < watch->leaf.componentCount; ++component)
        {
            char value[64];
            f64 now = Win32ReadWatchedValue(timeline, &watch->leaf, component);
            FormatStatePathValue(&watch->leaf, now, value, sizeof(value));
            TextAppendFormat(&text, " %s", value);
            // NOTE: equal unless the game is not deterministic (or the plot's value came from another build).
            f64 read;
            if (Win32WatchedValueAt(timeline, watch, frame, component, onNewTimeline, &read) && !(read == now))
            {
                FormatStatePathValue(&watch->leaf, read, value, sizeof(value));
                TextAppendFormat(&text, " (the watch read %s)", value);
            }
        }
    }
}
