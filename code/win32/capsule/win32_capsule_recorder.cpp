//~ The builds behind capsules: the bodies behind win32/capsule/win32_capsule_recorder.h

internal b32 Win32InitCapsuleRecorder(win32_capsule_recorder *recorder, win32_memory_snapshot *snapshot,
                                      f32 windowSeconds, u64 permanentSize)
{
    memset(recorder, 0, sizeof(*recorder));
    recorder->currentBuild = -1;
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
    recorder->pageCount = snapshot->pageCount;
    recorder->pageSize = snapshot->pageSize;
    recorder->on = 1;
    Win32Log(LogLevel_Info, "capsule: recording the last %.1f s of input and state in the timeline's history (a capsule "
             "is written on a contained crash or hang, on F8, and on a request file)", (f64)windowSeconds);
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

internal void Win32ReleaseUnusedCapsuleBuilds(win32_capsule_recorder *recorder, u64 windowStart)
{
    for (s32 slot = 0; slot < (s32)WIN32_CAPSULE_MAX_HELD_BUILDS; ++slot)
    {
        win32_capsule_build_slot *build = &recorder->builds[slot];
        if (build->used && slot != recorder->currentBuild && build->lastFrame < windowStart && !build->readers)
            Win32ReleaseCapsuleBuild(build);
    }
}

internal s32 Win32CapsuleBuildOfVersion(win32_capsule_recorder *recorder, u32 version)
{
    for (s32 slot = 0; slot < (s32)WIN32_CAPSULE_MAX_HELD_BUILDS; ++slot)
        if (recorder->builds[slot].used && recorder->builds[slot].reloadVersion == version) return slot;
    return -1;
}

// The running build changed (a reload, a rollback): hold its bytes for capsules.
internal void Win32HoldCapsuleBuild(win32_capsule_recorder *recorder, win32_state *state)
{
    win32_game_code *game = &state->game;
    const char *sourcePath = state->reloader.sourcePath;
    recorder->currentVersion = game->version;
    recorder->currentBuild = -1;
    if (!game->module) return;
    // NOTE: a capsule starts no earlier than the window before the present; one that would is cut
    // later, past the frames of builds no longer held (win32_capsule_cut.cpp).
    u64 frame = state->input.frameIndex;
    Win32ReleaseUnusedCapsuleBuilds(recorder, Win32CapsuleWindowStart(&state->timeline, recorder->windowSeconds));
    s32 freeSlot = -1;
    for (s32 slot = 0; slot < (s32)WIN32_CAPSULE_MAX_HELD_BUILDS && freeSlot < 0; ++slot)
        if (!recorder->builds[slot].used) freeSlot = slot;
    if (freeSlot < 0)
    {
        // Every slot ran frames of the window: the oldest goes (capsules then start after its frames).
        for (s32 slot = 0; slot < (s32)WIN32_CAPSULE_MAX_HELD_BUILDS; ++slot)
        {
            win32_capsule_build_slot *build = &recorder->builds[slot];
            if (!build->readers && (freeSlot < 0 || build->lastFrame < recorder->builds[freeSlot].lastFrame)) freeSlot = slot;
        }
        if (freeSlot < 0)
        {
            Win32Log(LogLevel_Warning, "capsule: %u builds are being written; this build is not held: no capsule of its "
                     "frames can be written", WIN32_CAPSULE_MAX_HELD_BUILDS);
            return;
        }
        Win32Log(LogLevel_Warning, "capsule: %u builds ran within the window; the oldest (code version %u) is let go: "
                 "capsules start after its frames", WIN32_CAPSULE_MAX_HELD_BUILDS, recorder->builds[freeSlot].reloadVersion);
        Win32ReleaseCapsuleBuild(&recorder->builds[freeSlot]);
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
    build->firstFrame = frame;
    build->lastFrame = frame;
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

//~ Frames
internal void Win32CapsuleBeginFrame(win32_capsule_recorder *recorder, win32_state *state)
{
    if (!recorder->on) return;
    if (state->game.version != recorder->currentVersion) Win32HoldCapsuleBuild(recorder, state);
    if (recorder->currentBuild >= 0) recorder->builds[recorder->currentBuild].lastFrame = state->input.frameIndex;
}

internal void Win32NoteRecordingUpkeep(win32_capsule_recorder *recorder, f64 mainThreadSeconds, f64 hasherSeconds)
{
    if (!recorder->on) return;
    u32 sample = (u32)(recorder->upkeepCount++ % WIN32_CAPSULE_UPKEEP_SAMPLES);
    recorder->upkeepSeconds[sample] = (f32)mainThreadSeconds;
    recorder->hashSeconds[sample] = (f32)hasherSeconds;
}

internal f64 Win32CapsuleMedianUpkeep(win32_capsule_recorder *recorder, u32 part)
{
    const f32 *samples = part == 1 ? recorder->hashSeconds : recorder->upkeepSeconds;
    return MedianOfSamples(samples, (u32)Minimum(recorder->upkeepCount, (u64)WIN32_CAPSULE_UPKEEP_SAMPLES));
}

internal void Win32ShutdownCapsuleRecorder(win32_capsule_recorder *recorder)
{
    if (!recorder->on) return;
    Win32Log(LogLevel_Info, "capsule: recording upkeep median %.3f ms per frame on the main thread (the history's "
             "recording, which capsules are cut from, with its waits for the hasher; the state hash took a median %.3f ms "
             "a frame on the hasher thread) over the last %u frames",
             1000.0 * Win32CapsuleMedianUpkeep(recorder, 0), 1000.0 * Win32CapsuleMedianUpkeep(recorder, 1),
             (u32)Minimum(recorder->upkeepCount, (u64)WIN32_CAPSULE_UPKEEP_SAMPLES));
    // NOTE: after the writer stopped: nothing reads the builds any more.
    for (u32 slot = 0; slot < WIN32_CAPSULE_MAX_HELD_BUILDS; ++slot)
        if (recorder->builds[slot].used) Win32ReleaseCapsuleBuild(&recorder->builds[slot]);
    recorder->on = 0;
}
