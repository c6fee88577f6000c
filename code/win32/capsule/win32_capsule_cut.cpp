//~ A capsule cut from the timeline's history: the bodies behind win32/capsule/win32_capsule_cut.h

internal void Win32CapsuleFrameOfRecord(const win32_timeline_frame *record, u32 buildIndex, capsule_frame *out)
{
    memset(out, 0, sizeof(*out));
    out->input = record->input;
    out->stateHash = (record->flags & TimelineFrame_HashKnown) ? record->stateHash : 0;
    out->soundSampleCount = record->soundSamples;
    out->buildIndex = buildIndex;
    out->reloadVersion = record->reloadVersion;
    out->flags = ((record->flags & TimelineFrame_Reload) ? CapsuleFrame_Reloaded : 0) |
                 ((record->flags & TimelineFrame_StateReset) ? CapsuleFrame_StateReset : 0) |
                 ((record->flags & TimelineFrame_Fault) ? CapsuleFrame_Faulted : 0);
    out->widthInPixels = record->widthInPixels;
    out->heightInPixels = record->heightInPixels;
}

// The newest keyframe before the recording's end that lies at least windowSeconds of play before it
// (else the oldest), or -1 when no keyframe lies before the end.
internal s32 Win32CapsuleWindowKey(win32_timeline *timeline, f32 windowSeconds)
{
    history_store *store = &timeline->recording.store;
    u64 end = timeline->recording.endFrame;
    if (!store->keyCount || HistoryOldestFrame(store) >= end) return -1;
    s32 key = HistoryKeyAtOrBefore(store, end - 1);
    f64 startSeconds = timeline->recording.recordedSeconds - (f64)windowSeconds;
    while (key > 0 && Win32TimelineFrame(timeline, HistoryKeyFrame(store, key))->recordedSeconds > startSeconds) --key;
    return key;
}

internal u64 Win32CapsuleWindowStart(win32_timeline *timeline, f32 windowSeconds)
{
    s32 key = timeline->on ? Win32CapsuleWindowKey(timeline, windowSeconds) : -1;
    return key < 0 ? timeline->recording.endFrame : HistoryKeyFrame(&timeline->recording.store, key);
}

// The keyframe the capsule starts at: the window's, moved later past frames too many for a job and
// past frames of builds no longer held; -1 (logged) when none is left.
internal s32 Win32CapsuleStartKey(win32_state *state, const char *what)
{
    win32_timeline *timeline = &state->timeline;
    win32_capsule_recorder *recorder = &state->capsuleRecorder;
    history_store *store = &timeline->recording.store;
    u64 end = timeline->recording.endFrame;
    s32 key = Win32CapsuleWindowKey(timeline, recorder->windowSeconds);
    if (key < 0)
    {
        Win32Log(LogLevel_Warning, "capsule: %s capsule not saved: the history holds no keyframe before the last frame yet", what);
        return -1;
    }
    s32 newest = HistoryKeyAtOrBefore(store, end - 1);
    while (key < newest && end - HistoryKeyFrame(store, key) > WIN32_CAPSULE_JOB_FRAMES) ++key;
    u64 unheld = end;
    for (u64 frame = end; frame-- > HistoryKeyFrame(store, key);)
    {
        if (Win32CapsuleBuildOfVersion(recorder, Win32TimelineFrame(timeline, frame)->reloadVersion) < 0)
        {
            unheld = frame;
            break;
        }
    }
    if (unheld < end)
    {
        s32 later = HistoryKeyAtOrBefore(store, unheld) + 1;
        if (later > newest)
        {
            Win32Log(LogLevel_Warning, "capsule: %s capsule not saved: frame %llu ran code version %u, which the recorder "
                     "does not hold", what, (unsigned long long)unheld, Win32TimelineFrame(timeline, unheld)->reloadVersion);
            return -1;
        }
        Win32Log(LogLevel_Info, "capsule: the %s capsule starts at frame %llu: the frames before it ran a build no longer held",
                 what, (unsigned long long)HistoryKeyFrame(store, later));
        key = later;
    }
    if (end - HistoryKeyFrame(store, key) > WIN32_CAPSULE_JOB_FRAMES)
    {
        Win32Log(LogLevel_Warning, "capsule: %s capsule not saved: %llu frames since the newest keyframe (a capsule holds "
                 "at most %u)", what, (unsigned long long)(end - HistoryKeyFrame(store, key)), (u32)WIN32_CAPSULE_JOB_FRAMES);
        return -1;
    }
    return key;
}

// The job's checkpoint: the keyframe's pages the history holds, in the job's own image (made once).
internal b32 Win32CutCapsuleCheckpoint(win32_state *state, win32_capsule_job *job, s32 key, const char *what)
{
    history_store *store = &state->timeline.recording.store;
    u64 imageBytes = store->pageCount * store->pageSize;
    u64 bitmapBytes = HistoryBitmapBytes(store->pageCount);
    if (!job->ownImage)
    {
        job->ownImageBytes = imageBytes + bitmapBytes;
        job->ownImage = (u8 *)VirtualAlloc(0, (SIZE_T)job->ownImageBytes, MEM_RESERVE, PAGE_READWRITE);
    }
    // NOTE: committed, not touched: a capsule costs the pages its keyframe holds, while it is written
    // (the writer decommits them once packed).
    if (!job->ownImage || !VirtualAlloc(job->ownImage, (SIZE_T)job->ownImageBytes, MEM_COMMIT, PAGE_READWRITE))
    {
        Win32Log(LogLevel_Error, "capsule: %s capsule not saved: no memory for its checkpoint (%.1f MB)", what,
                 (f64)imageBytes / (f64)Megabytes(1));
        return 0;
    }
    u8 *present = job->ownImage + imageBytes;
    memset(present, 0, (size_t)bitmapBytes);
    HistoryMaterializeHeld(store, key, job->ownImage, present);
    job->image = job->ownImage;
    job->present = present;
    job->pageCount = store->pageCount;
    job->readers = 0;
    return 1;
}

internal b32 Win32CutCapsuleFromHistory(win32_state *state, win32_capsule_job *job, const char *what)
{
    win32_timeline *timeline = &state->timeline;
    win32_capsule_recorder *recorder = &state->capsuleRecorder;
    history_store *store = &timeline->recording.store;
    // NOTE: the store is read whole: the keyframe being packed is finished first, and the newest frame
    // gets its state hash.
    Win32TimelineFinishKeyframe(timeline);
    Win32SettleTimelineHash(timeline);
    s32 key = Win32CapsuleStartKey(state, what);
    if (key < 0 || !Win32CutCapsuleCheckpoint(state, job, key, what)) return 0;
    u64 firstFrame = HistoryKeyFrame(store, key);
    u64 frameCount = timeline->recording.endFrame - firstFrame;
    Win32SetCapsuleLayout(job, Win32HistoryLayoutAt(timeline, firstFrame));
    s32 capsuleIndexOfSlot[WIN32_CAPSULE_MAX_HELD_BUILDS];
    for (u32 slot = 0; slot < WIN32_CAPSULE_MAX_HELD_BUILDS; ++slot) capsuleIndexOfSlot[slot] = -1;
    u64 hashesUnknown = 0;
    for (u64 index = 0; index < frameCount; ++index)
    {
        win32_timeline_frame *record = Win32TimelineFrame(timeline, firstFrame + index);
        // NOTE: Win32CapsuleStartKey checked that every frame from the key on ran a held build.
        s32 slot = Win32CapsuleBuildOfVersion(recorder, record->reloadVersion);
        Assert(slot >= 0);
        if (capsuleIndexOfSlot[slot] < 0)
        {
            u32 build = job->info.buildCount++;
            win32_capsule_build_slot *held = &recorder->builds[slot];
            capsuleIndexOfSlot[slot] = (s32)build;
            job->heldBuilds[build] = held;
            InterlockedIncrement(&held->readers);
            capsule_build_record *buildRecord = &job->builds[build];
            memset(buildRecord, 0, sizeof(*buildRecord));
            buildRecord->buildIndex = build;
            buildRecord->reloadVersion = held->reloadVersion;
            buildRecord->firstFrame = record->input.frameIndex;
            FormatText(buildRecord->dllName, sizeof(buildRecord->dllName), "%s", held->dllName);
            FormatText(buildRecord->pdbName, sizeof(buildRecord->pdbName), "%s", held->pdbName);
        }
        Win32CapsuleFrameOfRecord(record, (u32)capsuleIndexOfSlot[slot], &job->frames[index]);
        hashesUnknown += !(record->flags & TimelineFrame_HashKnown);
        job->info.recordedSeconds += (f64)record->input.dtForFrame;
    }
    if (hashesUnknown)
        Win32Log(LogLevel_Warning, "capsule: %llu frame%s of the %s capsule no known state hash; its replay will "
                 "report a divergence at the first", (unsigned long long)hashesUnknown, hashesUnknown == 1 ? " has" : "s have", what);
    job->info.firstFrame = firstFrame;
    job->info.frameCount = (u32)frameCount;
    return 1;
}
