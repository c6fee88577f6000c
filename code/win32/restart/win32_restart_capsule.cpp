//~ The builds capsules carry, across a hot restart: the bodies behind win32_restart_capsule.h
// The builds travel in the capsule window's sections (platform/platform_capsule_window.h); this file
// says what of the recorder goes, and puts it back.

// The window as the recorder holds it: its builds (the frames each ran as their serials), no frames and
// no checkpoint (the history carries those).
internal void Win32DescribeCapsuleWindow(win32_capsule_recorder *recorder, capsule_window *window)
{
    memset(window, 0, sizeof(*window));
    capsule_window_record *record = &window->record;
    record->currentBuild = recorder->currentBuild;
    record->currentVersion = recorder->currentVersion;
    record->pageCount = recorder->pageCount;
    record->pageSize = recorder->pageSize;
    for (u32 slot = 0; slot < WIN32_CAPSULE_MAX_HELD_BUILDS; ++slot)
    {
        win32_capsule_build_slot *held = &recorder->builds[slot];
        if (!held->used) continue;
        capsule_build *sent = &window->builds[record->buildCount];
        sent->record.buildIndex = slot;
        sent->record.reloadVersion = held->reloadVersion;
        sent->record.dllSize = held->dllSize;
        sent->record.pdbSize = held->pdb ? held->pdbSize : 0;
        FormatText(sent->record.dllName, sizeof(sent->record.dllName), "%s", held->dllName);
        FormatText(sent->record.pdbName, sizeof(sent->record.pdbName), "%s", held->pdbName);
        sent->dll = held->dll;
        sent->pdb = sent->record.pdbSize ? held->pdb : 0;
        record->builds[record->buildCount].firstSerial = held->firstFrame;
        record->builds[record->buildCount].lastSerial = held->lastFrame;
        ++record->buildCount;
    }
}

internal u64 Win32CapsuleWindowSize(win32_capsule_recorder *recorder)
{
    if (!recorder->on) return 0;
    capsule_window window;
    Win32DescribeCapsuleWindow(recorder, &window);
    return CapsuleWindowSize(&window);
}

struct win32_window_sink
{
    u8 *out;
    u64 capacity;
    u64 used;
};

internal b32 Win32WindowSink(void *context, const void *bytes, u64 size)
{
    win32_window_sink *sink = (win32_window_sink *)context;
    if (size > sink->capacity - sink->used) return 0;
    memcpy(sink->out + sink->used, bytes, (size_t)size);
    sink->used += size;
    return 1;
}

internal u64 Win32WriteCapsuleWindow(win32_capsule_recorder *recorder, u8 *out)
{
    if (!recorder->on) return 0;
    capsule_window window;
    Win32DescribeCapsuleWindow(recorder, &window);
    u8 *memory = (u8 *)VirtualAlloc(0, CAPSULE_WINDOW_WRITE_SCRATCH_BYTES, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!memory)
    {
        Win32Log(LogLevel_Warning, "restart: no memory to send the builds capsules carry; capsules start after the restart");
        return 0;
    }
    memory_arena scratch;
    InitializeArena(&scratch, "restart capsule window", CAPSULE_WINDOW_WRITE_SCRATCH_BYTES, memory, 0);
    win32_window_sink sink = {out, CapsuleWindowSize(&window), 0};
    char error[256];
    b32 written = WriteCapsuleWindow(&window, Win32WindowSink, &sink, &scratch, error, sizeof(error));
    VirtualFree(memory, 0, MEM_RELEASE);
    if (!written)
    {
        Win32Log(LogLevel_Warning, "restart: the builds capsules carry were not sent (%s); capsules start after the restart",
                 error);
        return 0;
    }
    return sink.used;
}

// One held build into its slot (bytes of the recorder's own). False when there is no memory.
internal b32 Win32ReadCapsuleBuild(win32_capsule_recorder *recorder, const capsule_build *sent,
                                   const capsule_window_build_record *frames)
{
    if (sent->record.buildIndex >= WIN32_CAPSULE_MAX_HELD_BUILDS) return 0;
    win32_capsule_build_slot *build = &recorder->builds[sent->record.buildIndex];
    u64 dllSize = sent->record.dllSize, pdbSize = sent->record.pdbSize;
    build->dll = (u8 *)VirtualAlloc(0, (SIZE_T)dllSize, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    build->pdb = pdbSize ? (u8 *)VirtualAlloc(0, (SIZE_T)pdbSize, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE) : 0;
    if (!build->dll || (pdbSize && !build->pdb)) return 0;
    memcpy(build->dll, sent->dll, (size_t)dllSize);
    if (pdbSize) memcpy(build->pdb, sent->pdb, (size_t)pdbSize);
    build->used = 1;
    build->reloadVersion = sent->record.reloadVersion;
    build->dllSize = dllSize;
    build->pdbSize = pdbSize;
    build->firstFrame = frames->firstSerial;
    build->lastFrame = frames->lastSerial;
    FormatText(build->dllName, sizeof(build->dllName), "%s", sent->record.dllName);
    FormatText(build->pdbName, sizeof(build->pdbName), "%s", sent->record.pdbName);
    return 1;
}

internal b32 Win32ReadCapsuleWindow(win32_capsule_recorder *recorder, const u8 *in, u64 size)
{
    if (!recorder->on || !size) return 0;
    u64 arenaBytes = CapsuleWindowArenaBytes(size);
    void *memory = VirtualAlloc(0, (SIZE_T)arenaBytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!memory)
    {
        Win32Log(LogLevel_Warning, "restart: no memory to take the builds capsules carry; capsules start after the restart");
        return 0;
    }
    memory_arena arena;
    InitializeArena(&arena, "restart capsule window", (umm)arenaBytes, memory, 0);
    capsule_window window;
    char error[256];
    b32 read = ReadCapsuleWindow(in, size, &arena, &window, error, sizeof(error));
    if (!read)
        Win32Log(LogLevel_Warning, "restart: the builds capsules carry are refused (%s); capsules start after the restart", error);
    b32 buildsTaken = 1;
    for (u32 index = 0; read && index < window.record.buildCount; ++index)
        buildsTaken = Win32ReadCapsuleBuild(recorder, &window.builds[index], &window.record.builds[index]) && buildsTaken;
    if (read)
    {
        recorder->currentBuild = window.record.currentBuild;
        recorder->currentVersion = window.record.currentVersion;
        if (!buildsTaken) Win32Log(LogLevel_Warning, "restart: a build capsules carry could not be held again");
        Win32Log(LogLevel_Info, "restart: capsule window kept: %u build%s (capsules are cut from the history, which "
                 "went over with game memory)", window.record.buildCount, window.record.buildCount == 1 ? "" : "s");
    }
    VirtualFree(memory, 0, MEM_RELEASE);
    return read;
}
