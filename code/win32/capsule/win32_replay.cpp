//~ --replay: the bodies behind win32/capsule/win32_replay.h

//~ Reading and checking the capsule
internal void Win32EndReplay(win32_replay *replay, int exitCode)
{
    replay->finished = 1;
    replay->exitCode = exitCode;
}

// The whole capsule file into memory the caller frees; 0 (reason in error) when it cannot be read.
internal u8 *Win32ReadCapsuleFile(const char *path, u64 *size, char *error, umm errorSize)
{
    HANDLE file = Win32OpenFileUtf8(path, GENERIC_READ, FILE_SHARE_READ, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL);
    if (file == INVALID_HANDLE_VALUE)
    {
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        FormatText(error, errorSize, "cannot open it: %s", reason);
        return 0;
    }
    LARGE_INTEGER fileSize;
    u8 *bytes = 0;
    if (!GetFileSizeEx(file, &fileSize) || fileSize.QuadPart <= 0 || (u64)fileSize.QuadPart > (8ull << 30))
        FormatText(error, errorSize, "its size (%lld bytes) is not that of a capsule", (long long)fileSize.QuadPart);
    else
    {
        bytes = (u8 *)VirtualAlloc(0, (SIZE_T)fileSize.QuadPart, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
        u64 done = 0;
        while (bytes && done < (u64)fileSize.QuadPart)
        {
            DWORD got = 0;
            DWORD chunk = (DWORD)Minimum((u64)fileSize.QuadPart - done, (u64)Megabytes(64));
            if (!ReadFile(file, bytes + done, chunk, &got, 0) || !got) break;
            done += got;
        }
        if (!bytes || done != (u64)fileSize.QuadPart)
        {
            FormatText(error, errorSize, bytes ? "it could not be read whole" : "no memory to read it");
            if (bytes) VirtualFree(bytes, 0, MEM_RELEASE);
            bytes = 0;
        }
        *size = done;
    }
    CloseHandle(file);
    return bytes;
}

// What must match this engine for the capsule's state to mean the same here. False with the reason.
internal b32 Win32CapsuleFitsThisEngine(capsule_contents *capsule, win32_state *state, char *error, umm errorSize)
{
    capsule_info *info = &capsule->info;
    if (info->memoryBase != (u64)state->memoryBlock.base)
    {
        FormatText(error, errorSize, "it was recorded with game memory at 0x%llx and this run's is at %p "
                   "(pointers in the state would be wrong)", (unsigned long long)info->memoryBase, state->memoryBlock.base);
        return 0;
    }
    if (info->permanentSize != state->memory.permanentStorageSize ||
        info->transientSize != state->memory.transientStorageSize || info->pageSize != state->snapshot.pageSize)
    {
        FormatText(error, errorSize, "it was recorded with %llu MB + %llu MB of game memory in %u-byte pages; this "
                   "engine has %llu MB + %llu MB in %u-byte pages", (unsigned long long)(info->permanentSize >> 20),
                   (unsigned long long)(info->transientSize >> 20), info->pageSize,
                   (unsigned long long)(state->memory.permanentStorageSize >> 20),
                   (unsigned long long)(state->memory.transientStorageSize >> 20), state->snapshot.pageSize);
        return 0;
    }
    if (!info->frameCount)
    {
        FormatText(error, errorSize, "it holds no frames");
        return 0;
    }
    return 1;
}

// Writes bytes to a new file; false when it cannot.
internal b32 Win32WriteNewFile(const char *path, const u8 *bytes, u64 size)
{
    HANDLE file = Win32OpenFileUtf8(path, GENERIC_WRITE, 0, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL);
    if (file == INVALID_HANDLE_VALUE) return 0;
    win32_capsule_file_sink sink = {file, 0};
    b32 ok = Win32CapsuleFileSink(&sink, bytes, size);
    return CloseHandle(file) && ok;
}

internal b32 Win32MakeFolder(const char *path)
{
    WCHAR wide[WIN32_PATH_BYTES];
    return Win32Utf8ToWide(path, wide, ArrayCount(wide)) && (CreateDirectoryW(wide, 0) || GetLastError() == ERROR_ALREADY_EXISTS);
}

// Every build of the capsule into TEMP\hm_replay_PID\bN\NAME, its PDB beside it under the name the
// DLL's debug record gives (a debugger looks beside the module).
internal b32 Win32ExtractCapsuleBuilds(win32_replay *replay, char *error, umm errorSize)
{
    WCHAR temp[WIN32_PATH_BYTES];
    DWORD length = GetTempPathW(ArrayCount(temp), temp);
    char tempUtf8[WIN32_PATH_BYTES];
    if (!length || length >= ArrayCount(temp) || !Win32WideToUtf8(temp, length, tempUtf8, sizeof(tempUtf8)))
    {
        FormatText(error, errorSize, "no temporary folder to extract its builds into");
        return 0;
    }
    FormatText(replay->folder, sizeof(replay->folder), "%shm_replay_%lu\\", tempUtf8, (unsigned long)GetCurrentProcessId());
    if (!Win32MakeFolder(replay->folder))
    {
        FormatText(error, errorSize, "cannot make '%s' for its builds", replay->folder);
        return 0;
    }
    for (u32 index = 0; index < replay->capsule.info.buildCount; ++index)
    {
        capsule_build *build = &replay->capsule.builds[index];
        char folder[WIN32_PATH_BYTES];
        FormatText(folder, sizeof(folder), "%sb%u\\", replay->folder, index);
        // NOTE: the names come from the file: only a plain file name is used.
        const char *dllName = Win32FileNamePart(build->record.dllName);
        if (!dllName[0] || strchr(dllName, ':')) dllName = "game.dll";
        FormatText(replay->buildPaths[index], WIN32_PATH_BYTES, "%s%s", folder, dllName);
        b32 ok = Win32MakeFolder(folder) && Win32WriteNewFile(replay->buildPaths[index], build->dll, build->record.dllSize);
        const char *pdbName = Win32FileNamePart(build->record.pdbName);
        if (ok && build->record.pdbSize && pdbName[0] && !strchr(pdbName, ':'))
        {
            char pdbPath[WIN32_PATH_BYTES];
            FormatText(pdbPath, sizeof(pdbPath), "%s%s", folder, pdbName);
            ok = Win32WriteNewFile(pdbPath, build->pdb, build->record.pdbSize);
        }
        if (!ok)
        {
            FormatText(error, errorSize, "cannot extract build %u into '%s'", index, folder);
            return 0;
        }
    }
    return 1;
}

// Game memory back to the checkpoint: every page ever written zeroed, the checkpoint's pages copied in.
internal void Win32RestoreReplayCheckpoint(win32_replay *replay, win32_state *state)
{
    win32_memory_snapshot *snapshot = &state->snapshot;
    u8 *live = (u8 *)state->memoryBlock.base;
    for (u64 page = 0; page < snapshot->pageCount; ++page)
        if (BitmapBit(snapshot->everWritten, page)) memset(live + page * snapshot->pageSize, 0, snapshot->pageSize);
    capsule_contents *capsule = &replay->capsule;
    for (u32 index = 0; index < capsule->checkpointPageCount; ++index)
    {
        u64 page = capsule->checkpointPages[index];
        memcpy(live + page * capsule->info.pageSize, capsule->checkpointData + (u64)index * capsule->info.pageSize,
               capsule->info.pageSize);
    }
    // NOTE: the sync at the top of the next frame sees these writes: the snapshot and the state hash follow.
}

// Points the reloader at another DLL, keeping what it knows of the state in memory.
internal void Win32PointReloaderAt(win32_state *state, const char *path, const state_layout *memoryLayout)
{
    win32_reloader *reloader = &state->reloader;
    u32 lastVersion = reloader->lastVersion;
    b32 haveFallback = reloader->haveFallback;
    u32 fallbackVersion = reloader->fallbackVersion;
    char fallbackPath[WIN32_PATH_BYTES];
    memcpy(fallbackPath, reloader->fallbackPath, sizeof(fallbackPath));
    local_persist state_layout layout;
    layout = *memoryLayout;
    Win32InitReloader(reloader, path, 1);
    reloader->lastVersion = lastVersion;
    reloader->haveFallback = haveFallback;
    reloader->fallbackVersion = fallbackVersion;
    memcpy(reloader->fallbackPath, fallbackPath, sizeof(fallbackPath));
    reloader->memoryLayout = layout;
}

internal const char *Win32ReplayOtherBuild(win32_state *state)
{
    if (state->options.replayGamePath) return state->options.replayGamePath;
    return state->options.gameDllPath;
}

// The root struct the DLL at path registers ("" when it registers none), read from its exported
// layout without running any of its code (mapped without DllMain, the copy guarded like a
// reload's). False when the DLL or its layout cannot be read: the reload step then says why.
internal b32 Win32ReadGameRootStruct(const char *path, char *rootStruct, umm rootStructSize)
{
    WCHAR wide[WIN32_PATH_BYTES];
    if (!Win32Utf8ToWide(path, wide, ArrayCount(wide))) return 0;
    HMODULE module = LoadLibraryExW(wide, 0, DONT_RESOLVE_DLL_REFERENCES);
    if (!module) return 0;
    local_persist state_layout layout;
    char error[200] = "";
    win32_layout_copy copy = {{}, &layout, 0, error, sizeof(error), 0};
    copy.source = (const game_state_layout *)(void *)GetProcAddress(module, GAME_STATE_LAYOUT_EXPORT_NAME);
    win32_crash_report report;
    b32 ok = Win32ModuleImageRange(module, &copy.image) &&
             (!copy.source || (Win32GuardedCallReporting(Win32CallCopyLayout, &copy, &report) && copy.result));
    if (ok) FormatText(rootStruct, rootStructSize, "%s", (copy.source && layout.fieldCount) ? layout.fields[0].structName : "");
    FreeLibrary(module);
    return ok;
}

internal b32 Win32StartReplay(win32_replay *replay, win32_state *state)
{
    memset(replay, 0, sizeof(*replay));
    replay->on = 1;
    replay->activeBuild = -1;
    FormatText(replay->capsulePath, sizeof(replay->capsulePath), "%s", state->options.replayPath);
    char error[512] = "";
    u64 fileSize = 0;
    u64 arenaBytes = 0;
    u8 *file = Win32ReadCapsuleFile(replay->capsulePath, &fileSize, error, sizeof(error));
    b32 ok = file && MeasureCapsule(file, fileSize, &arenaBytes, error, sizeof(error));
    void *arenaMemory = ok ? VirtualAlloc(0, (SIZE_T)arenaBytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE) : 0;
    if (ok && !arenaMemory) FormatText(error, sizeof(error), "no memory to read it (%llu MB)", (unsigned long long)(arenaBytes >> 20));
    ok = ok && arenaMemory;
    if (ok)
    {
        InitializeArena(&replay->arena, "replay", (umm)arenaBytes, arenaMemory, Win32Log);
        ok = ReadCapsule(file, fileSize, &replay->arena, &replay->capsule, error, sizeof(error));
    }
    if (file) VirtualFree(file, 0, MEM_RELEASE);
    ok = ok && Win32CapsuleFitsThisEngine(&replay->capsule, state, error, sizeof(error));
    const char *other = Win32ReplayOtherBuild(state);
    if (ok && state->options.replayGamePath && !Win32FileExists(other))
    {
        FormatText(error, sizeof(error), "--replay-game '%s' does not exist", other);
        ok = 0;
    }
    char otherRoot[STATE_LAYOUT_MAX_NAME];
    if (ok && state->options.replayGamePath && replay->capsule.info.rootStructName[0] &&
        Win32ReadGameRootStruct(other, otherRoot, sizeof(otherRoot)) &&
        strcmp(otherRoot, replay->capsule.info.rootStructName) != 0)
    {
        FormatText(error, sizeof(error), "it was recorded by %s (state '%s') and --replay-game '%s' registers %s%s%s: "
                   "a build of another game", replay->capsule.info.gameName, replay->capsule.info.rootStructName, other,
                   otherRoot[0] ? "state '" : "no state", otherRoot, otherRoot[0] ? "'" : "");
        ok = 0;
    }
    ok = ok && Win32ExtractCapsuleBuilds(replay, error, sizeof(error));
    if (!ok)
    {
        Win32Log(LogLevel_Error, "replay: cannot use capsule '%s': %s", replay->capsulePath, error);
        Win32EndReplay(replay, WIN32_REPLAY_EXIT_BAD_CAPSULE);
        return 0;
    }
    capsule_info *info = &replay->capsule.info;
    state->memory.arguments = info->arguments;
    Win32RestoreReplayCheckpoint(replay, state);
    local_persist state_layout noLayout;
    const state_layout *layout = replay->capsule.layout ? replay->capsule.layout : &noLayout;
    replay->pass = state->options.replayCompare ? ReplayPass_CompareNew : ReplayPass_Run;
    if (state->options.replayGamePath || (state->options.replayLoop && Win32FileExists(other ? other : "")))
        FormatText(replay->watchedPath, sizeof(replay->watchedPath), "%s", other);
    if (replay->watchedPath[0]) Win32PointReloaderAt(state, replay->watchedPath, layout);
    else
    {
        replay->activeBuild = (s32)replay->capsule.frames[0].buildIndex;
        Win32PointReloaderAt(state, replay->buildPaths[replay->activeBuild], layout);
    }
    if (state->options.replayBreak)
    {
        replay->breakArmed = 1;
        replay->breakFrame = (state->options.replayBreakFrame >= 0) ? (u64)state->options.replayBreakFrame :
                             (info->reason == CapsuleReason_Crash || info->reason == CapsuleReason_Hang) ?
                             info->fault.frameIndex : info->firstFrame + info->frameCount - 1;
    }
    Win32Log(LogLevel_Info, "replay: capsule '%s' (%s): frames %llu-%llu (%u frames, %.2f s), %u build%s, "
             "checkpoint of %u pages; running %s", replay->capsulePath, Win32CapsuleReasonName(info->reason),
             (unsigned long long)info->firstFrame, (unsigned long long)(info->firstFrame + info->frameCount - 1),
             info->frameCount, info->recordedSeconds, info->buildCount, info->buildCount == 1 ? "" : "s",
             replay->capsule.checkpointPageCount, replay->watchedPath[0] ? replay->watchedPath : "its own build");
    if (info->reason == CapsuleReason_Crash || info->reason == CapsuleReason_Hang)
        Win32Log(LogLevel_Info, "replay: the recorded fault: %s at frame %llu", info->fault.description,
                 (unsigned long long)info->fault.frameIndex);
    return 1;
}

//~ Frame by frame
internal void Win32NoteReplayDivergence(win32_replay *replay, win32_state *state, capsule_frame *frame, u64 hash);

internal capsule_frame *Win32ReplayFrame(win32_replay *replay)
{
    return (capsule_frame *)&replay->capsule.frames[replay->cursor];
}

internal void Win32ReplayBeforeReload(win32_replay *replay, win32_state *state)
{
    if (!replay->on || replay->finished || replay->cursor >= replay->capsule.info.frameCount) return;
    capsule_frame *frame = Win32ReplayFrame(replay);
    if (replay->watchedPath[0] && replay->pass != ReplayPass_CompareOld) return;
    if ((s32)frame->buildIndex == replay->activeBuild) return;
    // The recording swapped builds here (a reload, a rollback): the same swap, through the reload step.
    replay->activeBuild = (s32)frame->buildIndex;
    Win32PointReloaderAt(state, replay->buildPaths[replay->activeBuild], &state->reloader.memoryLayout);
    if (frame->flags & CapsuleFrame_StateReset) state->reloader.resetRequested = 1;
}

// Waits (bounded) for a debugger, then arms the break the update call raises just before the game's
// update of this frame.
internal void Win32ArmReplayBreak(win32_replay *replay, u64 frameIndex, u32 waitSeconds)
{
    replay->breakArmed = 0;
    if (!IsDebuggerPresent())
    {
        Win32Log(LogLevel_Info, "replay: waiting up to %u s for a debugger before the update of frame %llu: attach "
                 "to process %lu (winedbg: 'winedbg %lu'; gdb: 'winedbg --gdb %lu'; Visual Studio: Debug > Attach "
                 "to Process)", waitSeconds, (unsigned long long)frameIndex,
                 (unsigned long)GetCurrentProcessId(), (unsigned long)GetCurrentProcessId(),
                 (unsigned long)GetCurrentProcessId());
        f64 start = Win32Seconds();
        while (!IsDebuggerPresent() && Win32Seconds() - start < waitSeconds) Sleep(20);
        if (!IsDebuggerPresent())
        {
            Win32Log(LogLevel_Warning, "replay: no debugger attached within %u s; the replay goes on without a break",
                     waitSeconds);
            return;
        }
    }
    Win32Log(LogLevel_Info, "replay: breaking just before the game's update of frame %llu: the debugger stops on "
             "the platform's line that calls gameUpdateAndRender; to be inside the update, break there and go on "
             "(winedbg: 'break gameUpdateAndRender', 'cont'; Visual Studio: F11)", (unsigned long long)frameIndex);
    InterlockedExchange(&replay->breakThisUpdate, 1);
}

internal void Win32ReplayBeforeUpdate(win32_replay *replay, win32_state *state)
{
    if (!replay->on || replay->finished) return;
    capsule_frame *frame = Win32ReplayFrame(replay);
    if (state->memory.executableReloaded) Win32SyncMemorySnapshot(&state->snapshot);
    // Another game's build: its root state is not the capsule's (a refused build's layout tells too).
    const state_layout *loaded = state->game.version ? &state->reloader.memoryLayout : &state->reloader.candidateLayout;
    if (replay->watchedPath[0] && replay->cursor == 0 && replay->capsule.info.rootStructName[0] && loaded->present &&
        loaded->fieldCount && strcmp(loaded->fields[0].structName, replay->capsule.info.rootStructName) != 0)
    {
        Win32Log(LogLevel_Error, "replay: cannot use capsule '%s': it was recorded by %s (state '%s') and '%s' "
                 "registers state '%s': a capsule of another game", replay->capsulePath, replay->capsule.info.gameName,
                 replay->capsule.info.rootStructName, replay->watchedPath, loaded->fields[0].structName);
        Win32EndReplay(replay, WIN32_REPLAY_EXIT_BAD_CAPSULE);
        return;
    }
    if (!state->game.version)
    {
        Win32Log(LogLevel_Error, "replay: no build could run the capsule (see the reload lines above)");
        Win32EndReplay(replay, WIN32_REPLAY_EXIT_BAD_CAPSULE);
        return;
    }
    if (replay->pass == ReplayPass_CompareOld && frame->input.frameIndex == replay->divergedFrame)
    {
        Win32FinishCompare(replay, state);
        return;
    }
    u64 hash = Win32CurrentStateHash(&state->snapshot);
    if (hash == frame->stateHash) ++replay->equalFrames;
    else if (!replay->diverged) Win32NoteReplayDivergence(replay, state, frame, hash);
    if (replay->finished) return;

    state->input = frame->input;
    state->memory.reloadVersion = frame->reloadVersion;
    replay->width = frame->widthInPixels;
    replay->height = frame->heightInPixels;
    replay->frameBegun = 1;
    if (replay->breakArmed && frame->input.frameIndex == replay->breakFrame && replay->pass != ReplayPass_CompareOld)
        Win32ArmReplayBreak(replay, replay->breakFrame, state->options.replayBreakWaitSeconds);
}

internal u32 Win32ReplaySoundSamples(win32_replay *replay, u32 liveSampleCount)
{
    if (!replay->on || !replay->frameBegun) return liveSampleCount;
    return Win32ReplayFrame(replay)->soundSampleCount;
}

static_assert(WIN32_HANG_CODE == CAPSULE_HANG_CODE, "a hang is recorded in capsules with the platform's code");

internal void Win32ReplayNoteFault(win32_replay *replay, win32_state *state, const capsule_fault *fault)
{
    (void)state;
    if (!replay->on || replay->finished) return;
    capsule_info *info = &replay->capsule.info;
    b32 recordedFault = (info->reason == CapsuleReason_Crash || info->reason == CapsuleReason_Hang);
    if (replay->pass == ReplayPass_CompareNew)
    {
        replay->newFaulted = 1;
        FormatText(replay->newFault, sizeof(replay->newFault), "%s at frame %llu", fault->description,
                   (unsigned long long)fault->frameIndex);
        return;
    }
    if (replay->pass == ReplayPass_CompareOld) return;
    if (recordedFault && CapsuleSameFault(&info->fault, fault))
    {
        replay->faultSeen = 1;
        // NOTE: the recorded text names the function when this run's may not yet (symbols load in
        // the background, and a replay reaches an early fault within a second of its load).
        Win32Log(LogLevel_Info, "replay: the recorded fault happened again at frame %llu: %s (every earlier state "
                 "hash equal: %s)", (unsigned long long)fault->frameIndex,
                 info->fault.function[0] ? info->fault.description : fault->description, replay->diverged ? "no" : "yes");
        if (!state->options.replayLoop) Win32EndReplay(replay, WIN32_REPLAY_EXIT_FAULT_AGAIN);
        return;
    }
    if (Win32ReplayFrame(replay)->flags & CapsuleFrame_Faulted) return;    // recorded too (not the capsule's subject)
    Win32Log(LogLevel_Error, "replay: a fault the recording did not have, at frame %llu: %s%s",
             (unsigned long long)fault->frameIndex, fault->description,
             recordedFault ? "" : " (the capsule recorded no fault)");
    if (!state->options.replayLoop) Win32EndReplay(replay, WIN32_REPLAY_EXIT_DIVERGED);
}

//~ The end of a frame, a pass, the replay
internal void Win32NoteReplayDivergence(win32_replay *replay, win32_state *state, capsule_frame *frame, u64 hash)
{
    replay->diverged = 1;
    replay->divergedFrame = frame->input.frameIndex;
    if (replay->pass == ReplayPass_CompareNew)
    {
        Win32KeepCompareState(replay, state);
        return;
    }
    Win32Log(LogLevel_Error, "replay: state diverged at frame %llu: its state hash is %016llx, the recording's "
             "%016llx (%u frame%s matched before it). See docs/capsules.md for what makes a replay diverge",
             (unsigned long long)frame->input.frameIndex, (unsigned long long)hash,
             (unsigned long long)frame->stateHash, replay->equalFrames, replay->equalFrames == 1 ? "" : "s");
    if (!state->options.replayLoop) Win32EndReplay(replay, WIN32_REPLAY_EXIT_DIVERGED);
}

// The recorded frames all ran: the state they left against the recording's, then the verdict.
internal void Win32EndReplayPass(win32_replay *replay, win32_state *state)
{
    capsule_info *info = &replay->capsule.info;
    Win32SyncMemorySnapshot(&state->snapshot);
    u64 lastFrame = info->firstFrame + info->frameCount - 1;
    if (info->haveEndHash && Win32CurrentStateHash(&state->snapshot) != info->endHash && !replay->diverged)
    {
        replay->diverged = 1;
        replay->divergedFrame = lastFrame + 1;
        Win32Log(LogLevel_Error, "replay: state diverged after the last frame (%llu): hash %016llx, the recording's "
                 "%016llx", (unsigned long long)lastFrame, (unsigned long long)state->snapshot.stateHash,
                 (unsigned long long)info->endHash);
        if (replay->pass == ReplayPass_CompareNew) Win32KeepCompareState(replay, state);
    }
    if (replay->pass == ReplayPass_CompareNew)
    {
        Win32EndCompareNewPass(replay, state);
        return;
    }
    if (replay->pass == ReplayPass_CompareOld)
    {
        Win32FinishCompare(replay, state);
        return;
    }
    b32 recordedFault = (info->reason == CapsuleReason_Crash || info->reason == CapsuleReason_Hang);
    if (state->options.replayLoop)
    {
        ++replay->loopPasses;
        Win32Log(LogLevel_Info, "replay: pass %u ended: %u of %u frames matched the recording%s (game code "
                 "version %u); the next pass starts from the checkpoint", replay->loopPasses, replay->equalFrames,
                 info->frameCount, replay->diverged ? "" : ", every one", state->game.version);
        Win32RestoreReplayCheckpoint(replay, state);
        replay->cursor = 0;
        replay->equalFrames = 0;
        replay->diverged = 0;
        replay->faultSeen = 0;
        return;
    }
    if (replay->diverged)
    {
        Win32EndReplay(replay, WIN32_REPLAY_EXIT_DIVERGED);
        return;
    }
    if (recordedFault && !replay->faultSeen)
        Win32Log(LogLevel_Info, "replay: ran to its end: all %u frames' state hashes equal the recording, and the "
                 "recorded fault (%s at frame %llu) did not happen", info->frameCount, info->fault.description,
                 (unsigned long long)info->fault.frameIndex);
    else
        Win32Log(LogLevel_Info, "replay: ran to its end: all %u frames' state hashes equal the recording%s, no fault",
                 info->frameCount, info->haveEndHash ? " (and the state after the last)" : "");
    Win32EndReplay(replay, 0);
}

internal void Win32ReplayEndFrame(win32_replay *replay, win32_state *state)
{
    if (!replay->on || replay->finished || !replay->frameBegun) return;
    replay->frameBegun = 0;
    ++replay->cursor;
    if (replay->cursor >= replay->capsule.info.frameCount) Win32EndReplayPass(replay, state);
}

// Deletes the extracted builds (what can be: a debugger may still hold a file).
internal void Win32DeleteReplayFolder(win32_replay *replay)
{
    if (!replay->folder[0]) return;
    for (u32 index = 0; index < replay->capsule.info.buildCount; ++index)
    {
        char pattern[WIN32_PATH_BYTES];
        FormatText(pattern, sizeof(pattern), "%sb%u\\*", replay->folder, index);
        win32_file_search search;
        if (Win32FindFirstUtf8(pattern, &search))
        {
            do
            {
                char path[WIN32_PATH_BYTES];
                FormatText(path, sizeof(path), "%sb%u\\%s", replay->folder, index, search.name);
                if (!(search.found.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)) Win32DeleteFileUtf8(path);
            } while (Win32FindNextUtf8(&search));
            Win32FindClose(&search);
        }
        char folder[WIN32_PATH_BYTES];
        WCHAR wide[WIN32_PATH_BYTES];
        FormatText(folder, sizeof(folder), "%sb%u", replay->folder, index);
        if (Win32Utf8ToWide(folder, wide, ArrayCount(wide))) RemoveDirectoryW(wide);
    }
    WCHAR wide[WIN32_PATH_BYTES];
    if (Win32Utf8ToWide(replay->folder, wide, ArrayCount(wide))) RemoveDirectoryW(wide);
}

internal int Win32FinishReplay(win32_replay *replay)
{
    if (!replay->on) return 0;
    if (!replay->finished)
    {
        Win32Log(LogLevel_Info, "replay: stopped before the recording's end (at its frame %u of %u%s): %s",
                 replay->cursor, replay->capsule.info.frameCount,
                 replay->loopPasses ? ", in a later pass" : "",
                 replay->diverged ? "the state had diverged" : "every state hash so far equal");
        Win32EndReplay(replay, replay->diverged ? WIN32_REPLAY_EXIT_DIVERGED : 0);
    }
    Win32DeleteReplayFolder(replay);
    return replay->exitCode;
}
