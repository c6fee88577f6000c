//~ The history through a hot restart (win32/restart/): the old process writes the timeline into the
// restart's state section, the new one takes it over with game memory. Bodies behind
// win32/timeline/win32_timeline.h.
//
// What goes over: the recording (frame records from the oldest frame kept to the present, the
// keyframe store as one image, the interval and the counters), the pause (paused or not, and the
// frame shown), and the older builds the history spans (the new process loads its own copy of each,
// as the same version). What does not: a change of the past under way (the new process shows the
// recorded timeline), the watches (watch again), the scrub cache and the figures.

#define WIN32_TIMELINE_HANDOVER_MAGIC 0x32564f48454d4954ull   // "TIMEHOV2"

struct win32_timeline_handover_build
{
    u32 version;
    u32 pad;
    u64 firstFrame;
    u64 lastFrame;
    char path[WIN32_PATH_BYTES];    // the old process's copy (the new one copies it for itself)
};

struct win32_timeline_handover
{
    u64 magic;
    u64 totalBytes;
    u64 permanentSize;
    u64 capBytes;
    // The recording
    u64 endFrame;
    f64 recordedSeconds;
    f64 bytesPerKeyframe;
    f64 lastDt;
    u32 keyInterval;
    u32 framesSinceKey;
    u32 lastVersion;
    u32 lastTuneCount;
    u64 lastRewindCount;
    u64 lastVersionFirstFrame;
    state_layout layout;
    u64 layoutFloor;
    b32 haveEarlierLayout;
    u32 pad0;
    state_layout earlierLayout;
    // The pause: game memory (sent beside) holds the start state of `cursor` on the recorded timeline
    b32 paused;
    u32 pausedVersion;
    u64 cursor;
    // Frame records [firstFrame, firstFrame + frameCount), then the store's image
    u64 firstFrame;
    u64 frameCount;
    u64 framesOffset;
    u64 storeOffset;
    u64 storeBytes;
    u32 buildCount;
    u32 pad;
    win32_timeline_handover_build builds[WIN32_TIMELINE_MAX_BUILDS];
};

// The frames whose records go over: from the oldest kept (before a change of layout too: capsules
// cover them) to the present (its record too while paused).
internal void Win32HandedFrames(win32_timeline *timeline, u64 *first, u64 *count)
{
    *first = Win32HistoryOldestFrame(timeline);
    u64 end = timeline->recording.endFrame + (timeline->travel.paused ? 1 : 0);
    *count = end > *first ? end - *first : 0;
}

internal u64 Win32TimelineHandoverBytes(win32_timeline *timeline)
{
    if (!timeline->on) return 0;
    u64 first, count;
    Win32HandedFrames(timeline, &first, &count);
    return AlignPow2(sizeof(win32_timeline_handover), 16) + AlignPow2(count * sizeof(win32_timeline_frame), 16) +
           HistoryTransferBytes(&timeline->recording.store);
}

internal void Win32TimelineBeforeHandover(win32_state *state)
{
    win32_timeline *timeline = &state->timeline;
    if (!timeline->on) return;
    Win32SettleTimelineHash(timeline);
    Win32TimelineFinishKeyframe(timeline);      // the store goes over whole, no keyframe half packed
    if (!timeline->travel.paused) return;
    if (timeline->travel.newTimeline.exists)
    {
        Win32Log(LogLevel_Info, "timeline: the change of the past from frame %llu is not carried over the restart: the "
                 "new process shows the recorded timeline", (unsigned long long)timeline->travel.newTimeline.fromFrame);
        timeline->travel.viewNew = 0;
        timeline->travel.newTimeline.exists = 0;
        timeline->travel.newTimeline.running = 0;
        timeline->travel.shownValid = 0;
    }
    // Game memory goes over as it is: the frame shown, on the recorded timeline.
    if (!timeline->travel.shownValid)
    {
        timeline->travel.quiet = 1;
        Win32TimelineSeek(state, timeline->travel.cursor);
        timeline->travel.quiet = 0;
    }
}

internal u64 Win32WriteTimelineHandover(win32_timeline *timeline, u8 *out)
{
    if (!timeline->on) return 0;
    win32_timeline_handover *header = (win32_timeline_handover *)out;
    memset(header, 0, sizeof(*header));
    header->magic = WIN32_TIMELINE_HANDOVER_MAGIC;
    header->permanentSize = timeline->permanentSize;
    header->capBytes = timeline->recording.capBytes;
    header->endFrame = timeline->recording.endFrame;
    header->recordedSeconds = timeline->recording.recordedSeconds;
    header->bytesPerKeyframe = timeline->recording.bytesPerKeyframe;
    header->lastDt = timeline->recording.lastDt;
    header->keyInterval = timeline->recording.keyInterval;
    header->framesSinceKey = timeline->recording.framesSinceKey;
    header->lastVersion = timeline->recording.lastVersion;
    header->lastTuneCount = timeline->recording.lastTuneCount;
    header->lastRewindCount = timeline->recording.lastRewindCount;
    header->lastVersionFirstFrame = timeline->builds.lastVersionFirstFrame;
    header->layout = timeline->recording.layout;
    header->layoutFloor = timeline->recording.layoutFloor;
    header->haveEarlierLayout = timeline->recording.haveEarlierLayout;
    header->earlierLayout = timeline->recording.earlierLayout;
    header->paused = timeline->travel.paused;
    header->pausedVersion = timeline->travel.pausedVersion;
    header->cursor = timeline->travel.cursor;
    Win32HandedFrames(timeline, &header->firstFrame, &header->frameCount);
    u64 at = AlignPow2(sizeof(*header), 16);
    header->framesOffset = at;
    for (u64 index = 0; index < header->frameCount; ++index)
        memcpy(out + at + index * sizeof(win32_timeline_frame), Win32TimelineFrame(timeline, header->firstFrame + index),
               sizeof(win32_timeline_frame));
    at += AlignPow2(header->frameCount * sizeof(win32_timeline_frame), 16);
    header->storeOffset = at;
    header->storeBytes = HistoryWriteTransfer(&timeline->recording.store, out + at);
    at += header->storeBytes;
    win32_timeline_builds *builds = &timeline->builds;
    for (u32 index = 0; index < builds->count; ++index)
    {
        win32_timeline_handover_build *handed = header->builds + header->buildCount++;
        handed->version = builds->kept[index].code.version;
        handed->firstFrame = builds->kept[index].firstFrame;
        handed->lastFrame = builds->kept[index].lastFrame;
        FormatText(handed->path, sizeof(handed->path), "%s", builds->kept[index].code.loadedPath);
    }
    header->totalBytes = at;
    return at;
}

// The new process's copies of the older builds the history spans, kept as the old process kept them.
internal void Win32TakeHandedBuilds(win32_state *state, const win32_timeline_handover *header)
{
    win32_timeline *timeline = &state->timeline;
    win32_timeline_builds *builds = &timeline->builds;
    for (u32 index = 0; index < header->buildCount && builds->count < WIN32_TIMELINE_MAX_BUILDS; ++index)
    {
        const win32_timeline_handover_build *handed = header->builds + index;
        win32_timeline_build *kept = builds->kept + builds->count;
        if (!Win32CopyBuildAs(&state->reloader, handed->path, handed->version, &kept->code))
        {
            Win32Log(LogLevel_Warning, "timeline: code version %u ('%s') could not be loaded here: its frames %llu-%llu "
                     "are re-run by the build running now", handed->version, handed->path,
                     (unsigned long long)handed->firstFrame, (unsigned long long)handed->lastFrame);
            continue;
        }
        kept->firstFrame = handed->firstFrame;
        kept->lastFrame = handed->lastFrame;
        kept->ownsCopy = 1;
        Win32HoldCopy(kept->code.loadedPath);
        ++builds->count;
    }
}

internal b32 Win32ReadTimelineHandover(win32_state *state, const u8 *in, u64 bytes)
{
    win32_timeline *timeline = &state->timeline;
    const win32_timeline_handover *header = (const win32_timeline_handover *)in;
    if (!timeline->on) return 0;
    const char *refusal = 0;
    if (bytes < sizeof(*header) || header->magic != WIN32_TIMELINE_HANDOVER_MAGIC || header->totalBytes > bytes)
        refusal = "it is not one this build reads";
    else if (header->permanentSize != timeline->permanentSize || header->capBytes > timeline->recording.capBytes)
        refusal = "this process keeps less (--history-max-mb) or other game memory";
    else if (header->frameCount > WIN32_TIMELINE_MAX_FRAMES ||
             !HistoryReadTransfer(&timeline->recording.store, in + header->storeOffset, header->storeBytes))
        refusal = "its keyframes do not fit this process's store";
    if (refusal)
    {
        HistoryClear(&timeline->recording.store);
        Win32Log(LogLevel_Warning, "timeline: the old process's history is not taken over (%s): it starts again here",
                 refusal);
        return 0;
    }
    for (u64 index = 0; index < header->frameCount; ++index)
        memcpy(Win32TimelineFrame(timeline, header->firstFrame + index),
               in + header->framesOffset + index * sizeof(win32_timeline_frame), sizeof(win32_timeline_frame));
    timeline->recording.endFrame = header->endFrame;
    timeline->recording.recordedSeconds = header->recordedSeconds;
    timeline->recording.bytesPerKeyframe = header->bytesPerKeyframe;
    timeline->recording.lastDt = header->lastDt;
    timeline->recording.keyInterval = header->keyInterval;
    timeline->recording.framesSinceKey = header->framesSinceKey;
    timeline->recording.lastVersion = header->lastVersion;
    timeline->recording.lastTuneCount = header->lastTuneCount;
    timeline->recording.lastRewindCount = header->lastRewindCount;
    timeline->builds.lastVersionFirstFrame = header->lastVersionFirstFrame;
    timeline->recording.layout = header->layout;
    timeline->recording.layoutFloor = header->layoutFloor;
    timeline->recording.haveEarlierLayout = header->haveEarlierLayout;
    timeline->recording.earlierLayout = header->earlierLayout;
    timeline->travel.startPaused = 0;      // the pause (or not) is the old process's
    timeline->strip.marksChanged = 1;
    Win32TakeHandedBuilds(state, header);
    if (header->paused)
    {
        // Game memory holds the frame shown (the restart's state section put it back).
        timeline->travel.paused = 1;
        timeline->travel.cursor = header->cursor;
        timeline->travel.shownValid = 1;
        timeline->travel.pausedVersion = header->pausedVersion;
        Win32SetTimelineInPast(1, 0);
        Win32SilenceSoundRing(&state->sound);
    }
    Win32Log(LogLevel_Info, "timeline: history taken over from the old process: frames %llu-%llu, %llu keyframes, "
             "%.1f MB, %u older build%s kept%s", (unsigned long long)Win32TimelineOldestFrame(timeline),
             (unsigned long long)timeline->recording.endFrame, (unsigned long long)timeline->recording.store.keyCount,
             (f64)HistoryBytesUsed(&timeline->recording.store) / (f64)Megabytes(1), timeline->builds.count,
             timeline->builds.count == 1 ? "" : "s", header->paused ? "; paused" : "");
    if (header->paused)
        Win32Log(LogLevel_Info, "timeline: paused at frame %llu (history: frames %llu-%llu, %.1f MB; over the restart)",
                 (unsigned long long)timeline->travel.cursor, (unsigned long long)Win32TimelineOldestFrame(timeline),
                 (unsigned long long)timeline->recording.endFrame, (f64)HistoryBytesUsed(&timeline->recording.store) / (f64)Megabytes(1));
    return 1;
}
