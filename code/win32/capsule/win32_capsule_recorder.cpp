//~ The always-on recording behind capsules: the bodies behind win32/capsule/win32_capsule_recorder.h

internal b32 Win32InitCapsuleRecorder(win32_capsule_recorder *recorder, win32_memory_snapshot *snapshot,
                                      f32 windowSeconds, u64 permanentSize)
{
    memset(recorder, 0, sizeof(*recorder));
    recorder->building = -1;
    recorder->currentBuild = -1;
    recorder->snapshot = snapshot;
    recorder->windowSeconds = windowSeconds;
    if (windowSeconds <= 0.0f)
    {
        Win32Log(LogLevel_Info, "capsule: recording off (--capsule-seconds 0)");
        return 0;
    }
    if (!snapshot->enabled || !Win32EnableStateHash(snapshot, permanentSize / snapshot->pageSize, 1))
    {
        Win32Log(LogLevel_Warning, "capsule: recording off: it needs the pre-frame snapshot (see above)");
        return 0;
    }
    recorder->pageSize = snapshot->pageSize;
    recorder->pageCount = snapshot->pageCount;
    u64 bitmapBytes = (recorder->pageCount + 7) / 8;
    recorder->ring = (capsule_frame *)VirtualAlloc(0, WIN32_CAPSULE_RING_FRAMES * sizeof(capsule_frame),
                                                   MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    b32 ok = recorder->ring != 0;
    for (u32 index = 0; index < 2 && ok; ++index)
    {
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[index];
        // NOTE: committed, not touched: only the pages a checkpoint copies ever cost memory.
        checkpoint->pages = (u8 *)VirtualAlloc(0, (SIZE_T)snapshot->size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
        checkpoint->present = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * bitmapBytes), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
        checkpoint->pending = checkpoint->present ? checkpoint->present + bitmapBytes : 0;
        ok = checkpoint->pages && checkpoint->present;
    }
    if (!ok)
    {
        Win32Log(LogLevel_Warning, "capsule: recording off: no memory for the frame ring and two checkpoints");
        return 0;
    }
    recorder->on = 1;
    Win32Log(LogLevel_Info, "capsule: recording the last %.1f s of input and state (a capsule is written on a "
             "contained crash or hang, on F8, and on a request file)", (f64)windowSeconds);
    return 1;
}

//~ Builds
// The PDB named by a loaded module's CodeView record ("RSDS", GUID, age, path), or false.
internal b32 Win32ModulePdbPath(HMODULE module, char *path, umm pathSize)
{
    win32_image_range image;
    if (!module || !Win32ModuleImageRange(module, &image)) return 0;
    IMAGE_NT_HEADERS *headers = (IMAGE_NT_HEADERS *)(image.base + ((IMAGE_DOS_HEADER *)image.base)->e_lfanew);
    IMAGE_DATA_DIRECTORY *directory = &headers->OptionalHeader.DataDirectory[IMAGE_DIRECTORY_ENTRY_DEBUG];
    if (!directory->VirtualAddress || !Win32InImage(image, image.base + directory->VirtualAddress, directory->Size))
        return 0;
    IMAGE_DEBUG_DIRECTORY *entries = (IMAGE_DEBUG_DIRECTORY *)(image.base + directory->VirtualAddress);
    u32 entryCount = directory->Size / sizeof(IMAGE_DEBUG_DIRECTORY);
    for (u32 index = 0; index < entryCount; ++index)
    {
        IMAGE_DEBUG_DIRECTORY *entry = &entries[index];
        if (entry->Type != IMAGE_DEBUG_TYPE_CODEVIEW || entry->SizeOfData <= 24 || !entry->AddressOfRawData) continue;
        const u8 *record = image.base + entry->AddressOfRawData;
        if (!Win32InImage(image, record, entry->SizeOfData) || memcmp(record, "RSDS", 4) != 0) continue;
        const char *recordPath = (const char *)record + 24;
        umm length = 0;
        while (length < entry->SizeOfData - 24 && recordPath[length]) ++length;
        if (length == 0 || length == entry->SizeOfData - 24 || length + 1 > pathSize) continue;
        memcpy(path, recordPath, length);
        path[length] = 0;
        return 1;
    }
    return 0;
}

// The whole file behind a held handle, into memory the caller frees; 0 when it cannot be read.
internal u8 *Win32ReadHeldFile(HANDLE file, u64 *size)
{
    LARGE_INTEGER fileSize;
    LARGE_INTEGER zero = {};
    if (file == INVALID_HANDLE_VALUE || !GetFileSizeEx(file, &fileSize) || fileSize.QuadPart <= 0 ||
        (u64)fileSize.QuadPart > CAPSULE_MAX_BUILD_BYTES || !SetFilePointerEx(file, zero, 0, FILE_BEGIN))
        return 0;
    u8 *bytes = (u8 *)VirtualAlloc(0, (SIZE_T)fileSize.QuadPart, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    u64 done = 0;
    while (bytes && done < (u64)fileSize.QuadPart)
    {
        DWORD chunk = (DWORD)Minimum((u64)fileSize.QuadPart - done, (u64)Megabytes(64));
        DWORD got = 0;
        if (!ReadFile(file, bytes + done, chunk, &got, 0) || got == 0) break;
        done += got;
    }
    if (bytes && done != (u64)fileSize.QuadPart)
    {
        VirtualFree(bytes, 0, MEM_RELEASE);
        return 0;
    }
    *size = done;
    return bytes;
}

internal HANDLE Win32OpenForCapsule(const char *path)
{
    return Win32OpenFileUtf8(path, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                             OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL);
}

internal void Win32ReleaseCapsuleBuild(win32_capsule_build_slot *slot)
{
    if (slot->dll) VirtualFree(slot->dll, 0, MEM_RELEASE);
    if (slot->pdb) VirtualFree(slot->pdb, 0, MEM_RELEASE);
    memset(slot, 0, sizeof(*slot));
}

// Lets go of every build no kept frame ran (the oldest kept frame: the oldest valid checkpoint's).
internal void Win32ReleaseUnusedCapsuleBuilds(win32_capsule_recorder *recorder)
{
    u64 oldestKept = recorder->frameSerial;
    for (u32 index = 0; index < 2; ++index)
    {
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[index];
        if (checkpoint->valid) oldestKept = Minimum(oldestKept, checkpoint->frameSerial);
    }
    for (s32 slot = 0; slot < (s32)WIN32_CAPSULE_MAX_HELD_BUILDS; ++slot)
    {
        win32_capsule_build_slot *build = &recorder->builds[slot];
        if (build->used && slot != recorder->currentBuild && build->lastSerial < oldestKept && !build->readers)
            Win32ReleaseCapsuleBuild(build);
    }
}

// The running build changed (a reload, a rollback): hold its bytes for capsules.
internal void Win32HoldCapsuleBuild(win32_capsule_recorder *recorder, win32_game_code *game, const char *sourcePath)
{
    recorder->currentVersion = game->version;
    recorder->currentBuild = -1;
    if (!game->module) return;
    Win32ReleaseUnusedCapsuleBuilds(recorder);
    s32 freeSlot = -1;
    for (s32 slot = 0; slot < (s32)WIN32_CAPSULE_MAX_HELD_BUILDS && freeSlot < 0; ++slot)
        if (!recorder->builds[slot].used) freeSlot = slot;
    if (freeSlot < 0)
    {
        Win32Log(LogLevel_Warning, "capsule: %u builds ran within the window; the recording restarts",
                 WIN32_CAPSULE_MAX_HELD_BUILDS);
        for (u32 index = 0; index < 2; ++index) recorder->checkpoints[index].valid = 0;
        Win32ReleaseUnusedCapsuleBuilds(recorder);
        for (s32 slot = 0; slot < (s32)WIN32_CAPSULE_MAX_HELD_BUILDS && freeSlot < 0; ++slot)
            if (!recorder->builds[slot].used) freeSlot = slot;
        if (freeSlot < 0) return;       // every one is being written: this build is not held
    }
    win32_capsule_build_slot *build = &recorder->builds[freeSlot];
    // NOTE: a build loaded beside the frames was read there too (win32_reload_loader.h).
    build->dll = Win32TakePrereadBuild(game->loadedPath, &build->dllSize);
    HANDLE dllFile = build->dll ? INVALID_HANDLE_VALUE : Win32OpenForCapsule(game->loadedPath);
    if (!build->dll) build->dll = Win32ReadHeldFile(dllFile, &build->dllSize);
    if (dllFile != INVALID_HANDLE_VALUE) CloseHandle(dllFile);
    if (!build->dll)
    {
        Win32Log(LogLevel_Warning, "capsule: cannot hold the build '%s' for capsules; capsules of its frames "
                 "will not carry it", game->loadedPath);
        return;
    }
    build->used = 1;
    build->reloadVersion = game->version;
    build->firstSerial = recorder->frameSerial;
    build->lastSerial = recorder->frameSerial;
    // NOTE: the name the build was made as ("game.dll"), not its private copy's.
    FormatText(build->dllName, sizeof(build->dllName), "%s", Win32FileNamePart(sourcePath));
    char pdbPath[WIN32_PATH_BYTES];
    if (Win32ModulePdbPath(game->module, pdbPath, sizeof(pdbPath)))
    {
        // NOTE: build.bat names the PDB by file name only (no folder of the machine that built it):
        // it lies beside the DLL the build wrote.
        if (Win32FileNamePart(pdbPath) == pdbPath)
        {
            char besideDll[WIN32_PATH_BYTES];
            FormatText(besideDll, sizeof(besideDll), "%s", sourcePath);
            Win32KeepDirectory(besideDll);
            AppendFormat(besideDll, sizeof(besideDll), "%s", pdbPath);
            FormatText(pdbPath, sizeof(pdbPath), "%s", besideDll);
        }
        HANDLE pdbFile = Win32OpenForCapsule(pdbPath);
        build->pdb = Win32ReadHeldFile(pdbFile, &build->pdbSize);
        if (pdbFile != INVALID_HANDLE_VALUE) CloseHandle(pdbFile);
        if (build->pdb)
            FormatText(build->pdbName, sizeof(build->pdbName), "%s", Win32FileNamePart(pdbPath));
        else
            Win32Log(LogLevel_Warning, "capsule: the build's PDB '%s' cannot be opened; capsules carry the DLL alone",
                     pdbPath);
    }
    recorder->currentBuild = freeSlot;
}

//~ Checkpoints
// Starts a checkpoint at this frame in the given buffer: every page written so far is pending.
internal void Win32StartCapsuleCheckpoint(win32_capsule_recorder *recorder, s32 index, win32_state *state)
{
    win32_memory_snapshot *snapshot = recorder->snapshot;
    win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[index];
    u64 bitmapBytes = (recorder->pageCount + 7) / 8;
    memcpy(checkpoint->present, snapshot->everWritten, (size_t)bitmapBytes);
    // NOTE: everWritten also has bits for the frame scratch after pageCount: cleared here.
    if (recorder->pageCount % 8) checkpoint->present[bitmapBytes - 1] &= (u8)((1u << (recorder->pageCount % 8)) - 1);
    memcpy(checkpoint->pending, checkpoint->present, (size_t)bitmapBytes);
    checkpoint->pendingPages = CountBits(checkpoint->present, recorder->pageCount);
    checkpoint->scanCursor = 0;
    // NOTE: spread over about a quarter of the window, so one is complete well before the next starts.
    f64 dt = state->input.dtForFrame > 0.0f ? (f64)state->input.dtForFrame : 1.0 / 60.0;
    u64 framesToSpread = (u64)Maximum(1.0, (f64)recorder->windowSeconds / 4.0 / dt);
    checkpoint->pagesPerFrame = Maximum((u64)WIN32_CAPSULE_MIN_PAGES_PER_FRAME,
                                        (checkpoint->pendingPages + framesToSpread - 1) / framesToSpread);
    checkpoint->frameIndex = state->input.frameIndex;
    checkpoint->frameSerial = recorder->frameSerial;
    checkpoint->recordedSecondsAtStart = recorder->recordedSeconds;
    checkpoint->layout = state->reloader.memoryLayout;
    checkpoint->valid = 1;
    checkpoint->complete = (checkpoint->pendingPages == 0);
    recorder->building = checkpoint->complete ? -1 : index;
    if (!checkpoint->complete)
    {
        snapshot->preserveBits = checkpoint->pending;
        snapshot->preserveTarget = checkpoint->pages;
        snapshot->preservedPages = 0;
    }
    else ++recorder->checkpointsCompleted;
}

// Copies up to a budget of the building checkpoint's pending pages from the snapshot's copy.
internal void Win32ContinueCapsuleCheckpoint(win32_capsule_recorder *recorder, u64 budget)
{
    if (recorder->building < 0) return;
    win32_memory_snapshot *snapshot = recorder->snapshot;
    win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[recorder->building];
    u64 page = checkpoint->scanCursor;
    for (; page < recorder->pageCount && budget; ++page)
    {
        if (!checkpoint->pending[page / 8]) { page |= 7; continue; }
        if (!BitmapBit(checkpoint->pending, page)) continue;
        u64 offset = page * recorder->pageSize;
        memcpy(checkpoint->pages + offset, snapshot->copy + offset, recorder->pageSize);
        checkpoint->pending[page / 8] &= (u8)~(1u << (page % 8));
        --budget;
    }
    checkpoint->scanCursor = page;
    if (page >= recorder->pageCount)
    {
        // Every page is either copied here or was saved by the sync before it changed.
        checkpoint->complete = 1;
        checkpoint->pendingPages = 0;
        snapshot->preserveBits = 0;
        snapshot->preserveTarget = 0;
        recorder->building = -1;
        ++recorder->checkpointsCompleted;
    }
}

internal s32 Win32NewestCapsuleCheckpoint(win32_capsule_recorder *recorder)
{
    s32 newest = -1;
    for (s32 index = 0; index < 2; ++index)
    {
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[index];
        if (checkpoint->valid && (newest < 0 || checkpoint->frameSerial > recorder->checkpoints[newest].frameSerial))
            newest = index;
    }
    return newest;
}

internal s32 Win32CapsuleOldestCheckpoint(win32_capsule_recorder *recorder)
{
    s32 oldest = -1;
    for (s32 index = 0; index < 2; ++index)
    {
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[index];
        b32 framesKept = recorder->frameSerial - checkpoint->frameSerial <= WIN32_CAPSULE_RING_FRAMES;
        if (checkpoint->valid && checkpoint->complete && framesKept &&
            (oldest < 0 || checkpoint->frameSerial < recorder->checkpoints[oldest].frameSerial))
            oldest = index;
    }
    return oldest;
}

// Starts a new checkpoint once the newest is a window old (in the other buffer, unless a capsule
// write still reads it), and moves the one being built along.
internal void Win32StepCapsuleCheckpoints(win32_capsule_recorder *recorder, win32_state *state)
{
    if (recorder->building < 0)
    {
        s32 newest = Win32NewestCapsuleCheckpoint(recorder);
        s32 target = (newest < 0) ? 0 : (newest ^ 1);
        b32 due = newest < 0;
        if (newest >= 0)
        {
            win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[newest];
            due = (recorder->recordedSeconds - checkpoint->recordedSecondsAtStart >= recorder->windowSeconds) ||
                  (recorder->frameSerial - checkpoint->frameSerial >= WIN32_CAPSULE_RING_FRAMES / 2);
        }
        if (due && recorder->checkpoints[target].readers == 0)
        {
            recorder->checkpoints[target].valid = 0;
            Win32StartCapsuleCheckpoint(recorder, target, state);
        }
    }
    if (recorder->building >= 0)
        Win32ContinueCapsuleCheckpoint(recorder, recorder->checkpoints[recorder->building].pagesPerFrame);
}

// The window cannot go on across a jump of game memory that replaying could not reproduce (the
// live loop's rewind): every checkpoint is dropped and a new one is taken whole, now.
internal void Win32RestartCapsuleWindow(win32_capsule_recorder *recorder, win32_state *state, const char *why)
{
    for (s32 index = 0; index < 2; ++index)
    {
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[index];
        if (checkpoint->readers) continue;
        checkpoint->valid = 0;
        if (recorder->building == index)
        {
            recorder->building = -1;
            recorder->snapshot->preserveBits = 0;
            recorder->snapshot->preserveTarget = 0;
        }
    }
    s32 target = recorder->checkpoints[0].readers ? 1 : 0;
    if (recorder->checkpoints[target].readers) return;      // both being written: the next frame tries again
    Win32StartCapsuleCheckpoint(recorder, target, state);
    Win32ContinueCapsuleCheckpoint(recorder, recorder->pageCount);
    Win32Log(LogLevel_Info, "capsule: the recording window restarts at frame %llu (%s)",
             (unsigned long long)state->input.frameIndex, why);
}

//~ Frames
internal capsule_frame *Win32CapsuleFrame(win32_capsule_recorder *recorder, u64 serial)
{
    return &recorder->ring[serial % WIN32_CAPSULE_RING_FRAMES];
}

internal void Win32CapsuleBeginFrame(win32_capsule_recorder *recorder, win32_state *state)
{
    if (!recorder->on) return;
    f64 start = Win32Seconds();
    win32_memory_snapshot *snapshot = recorder->snapshot;
    b32 reloaded = state->memory.executableReloaded;
    // The top-of-frame sync's wait for the hasher is the recording's cost, not the snapshot's.
    f64 hashWaitSeconds = snapshot->hashWaitSeconds;
    f64 hasherSeconds = snapshot->hashSeconds;
    Win32SettleCapsuleHash(recorder);
    // NOTE: a reload may have migrated or reset game memory after this frame's sync.
    if (reloaded) Win32SyncMemorySnapshot(snapshot);
    if (state->game.version != recorder->currentVersion) Win32HoldCapsuleBuild(recorder, &state->game, state->reloader.sourcePath);
    if (state->loop.rewindCount != recorder->loopRewinds)
    {
        recorder->loopRewinds = state->loop.rewindCount;
        recorder->checkpointSeconds[recorder->upkeepCount % WIN32_CAPSULE_UPKEEP_SAMPLES] = 0.0f;
        Win32RestartCapsuleWindow(recorder, state, "the live loop rewound game memory");
    }
    else
    {
        f64 checkpointStart = Win32Seconds();
        Win32StepCapsuleCheckpoints(recorder, state);
        recorder->checkpointSeconds[recorder->upkeepCount % WIN32_CAPSULE_UPKEEP_SAMPLES] =
            (f32)(Win32Seconds() - checkpointStart);
    }

    capsule_frame *frame = Win32CapsuleFrame(recorder, recorder->frameSerial);
    memset(frame, 0, sizeof(*frame));
    frame->input = state->input;
    // The hasher is still at this frame's state: the hash is filled in once it is done.
    frame->stateHash = 0;
    recorder->hashPending = 1;
    recorder->pendingHashSerial = recorder->frameSerial;
    recorder->pendingHashSync = snapshot->syncCount;
    frame->buildIndex = (u32)recorder->currentBuild;
    frame->reloadVersion = state->memory.reloadVersion;
    frame->flags = (reloaded ? CapsuleFrame_Reloaded : 0) |
                   (state->reloader.lastSwapResetState && reloaded ? CapsuleFrame_StateReset : 0);
    frame->widthInPixels = (u32)Maximum(state->window.clientWidth, 1);
    frame->heightInPixels = (u32)Maximum(state->window.clientHeight, 1);
    if (recorder->currentBuild >= 0) recorder->builds[recorder->currentBuild].lastSerial = recorder->frameSerial;
    if (state->loop.mode == LiveLoop_Recording && state->loop.recordedFrames > 0)
    {
        state->loop.records[state->loop.recordedFrames - 1] = *frame;
        recorder->loopRecordPending = &state->loop.records[state->loop.recordedFrames - 1];
    }
    ++recorder->frameSerial;
    recorder->recordedSeconds += (f64)state->input.dtForFrame;
    recorder->inFrame = 1;

    u32 sample = (u32)(recorder->upkeepCount++ % WIN32_CAPSULE_UPKEEP_SAMPLES);
    recorder->upkeepSeconds[sample] = (f32)(Win32Seconds() - start + hashWaitSeconds);
    recorder->hashSeconds[sample] = (f32)hasherSeconds;
}

internal void Win32SettleCapsuleHash(win32_capsule_recorder *recorder)
{
    if (!recorder->hashPending) return;
    recorder->hashPending = 0;
    u64 hash = 0;
    if (!Win32StateHashOfSync(recorder->snapshot, recorder->pendingHashSync, &hash))
    {
        // NOTE: cannot happen with fewer syncs per frame than the snapshot keeps; a zero hash would
        // make a replay report a divergence there, so say why.
        Win32Log(LogLevel_Warning, "capsule: the state hash of frame serial %llu was not kept; a replay will report "
                 "a divergence there", (unsigned long long)recorder->pendingHashSerial);
    }
    Win32CapsuleFrame(recorder, recorder->pendingHashSerial)->stateHash = hash;
    if (recorder->loopRecordPending)
    {
        recorder->loopRecordPending->stateHash = hash;
        recorder->loopRecordPending = 0;
    }
}

internal void Win32CapsuleNoteSound(win32_capsule_recorder *recorder, u32 sampleCount)
{
    if (!recorder->on || !recorder->inFrame) return;
    Win32CapsuleFrame(recorder, recorder->frameSerial - 1)->soundSampleCount = sampleCount;
}

internal void Win32CapsuleNoteFault(win32_capsule_recorder *recorder)
{
    if (!recorder->on || !recorder->inFrame) return;
    Win32CapsuleFrame(recorder, recorder->frameSerial - 1)->flags |= CapsuleFrame_Faulted;
}

internal f64 Win32CapsuleMedianUpkeep(win32_capsule_recorder *recorder, u32 part)
{
    const f32 *samples = part == 2 ? recorder->checkpointSeconds : part == 1 ? recorder->hashSeconds :
                         recorder->upkeepSeconds;
    return MedianOfSamples(samples, (u32)Minimum(recorder->upkeepCount, (u64)WIN32_CAPSULE_UPKEEP_SAMPLES));
}

internal void Win32ShutdownCapsuleRecorder(win32_capsule_recorder *recorder)
{
    if (!recorder->on) return;
    Win32Log(LogLevel_Info, "capsule: recording upkeep median %.3f ms per frame on the main thread (checkpoint "
             "copying %.3f ms of it; the state hash took a median %.3f ms a frame on the hasher thread) over the last "
             "%u frames; %llu checkpoints taken",
             1000.0 * Win32CapsuleMedianUpkeep(recorder, 0), 1000.0 * Win32CapsuleMedianUpkeep(recorder, 2),
             1000.0 * Win32CapsuleMedianUpkeep(recorder, 1),
             (u32)Minimum(recorder->upkeepCount, (u64)WIN32_CAPSULE_UPKEEP_SAMPLES),
             (unsigned long long)recorder->checkpointsCompleted);
    // NOTE: after the writer stopped: nothing reads the builds any more.
    for (u32 slot = 0; slot < WIN32_CAPSULE_MAX_HELD_BUILDS; ++slot)
        if (recorder->builds[slot].used) Win32ReleaseCapsuleBuild(&recorder->builds[slot]);
    recorder->on = 0;
}
