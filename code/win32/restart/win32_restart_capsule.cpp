//~ The capsule recording window across a hot restart: the bodies behind win32_restart_capsule.h
// The window travels in the capsule's own sections (platform/platform_capsule_window.h); this file
// says which parts of the recorder go, and puts them back.

// What is sent: complete checkpoints whose frames are all still in the ring, the frames from the
// oldest of them, and the builds in use.
internal u64 Win32CapsuleFirstSentSerial(win32_capsule_recorder *recorder)
{
    s32 oldest = Win32CapsuleOldestCheckpoint(recorder);
    return oldest < 0 ? recorder->frameSerial : recorder->checkpoints[oldest].frameSerial;
}

internal b32 Win32CheckpointIsSent(win32_capsule_recorder *recorder, win32_capsule_checkpoint *checkpoint)
{
    return checkpoint->valid && checkpoint->complete &&
           recorder->frameSerial - checkpoint->frameSerial <= WIN32_CAPSULE_RING_FRAMES;
}

// The window as the recorder holds it: every count, size, layout and build. The frames and the
// checkpoints' pages (a ring and images in the recorder) are left out: Win32WriteCapsuleWindow packs them.
internal void Win32DescribeCapsuleWindow(win32_capsule_recorder *recorder, capsule_window *window)
{
    memset(window, 0, sizeof(*window));
    capsule_window_record *record = &window->record;
    record->frameSerial = recorder->frameSerial;
    record->firstSerial = Win32CapsuleFirstSentSerial(recorder);
    record->recordedSeconds = recorder->recordedSeconds;
    record->loopRewinds = recorder->loopRewinds;
    record->checkpointsCompleted = recorder->checkpointsCompleted;
    record->pageCount = recorder->pageCount;
    record->pageSize = recorder->pageSize;
    record->currentBuild = recorder->currentBuild;
    record->currentVersion = recorder->currentVersion;
    for (u32 index = 0; index < 2; ++index)
    {
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[index];
        if (!Win32CheckpointIsSent(recorder, checkpoint)) continue;
        capsule_window_checkpoint_record *sent = &record->checkpoints[record->checkpointCount];
        sent->buffer = index;
        sent->layoutPresent = checkpoint->layout.present;
        sent->frameIndex = checkpoint->frameIndex;
        sent->frameSerial = checkpoint->frameSerial;
        sent->recordedSecondsAtStart = checkpoint->recordedSecondsAtStart;
        window->checkpoints[record->checkpointCount].layout = &checkpoint->layout;
        window->checkpoints[record->checkpointCount].pageCount = (u32)CountBits(checkpoint->present, recorder->pageCount);
        ++record->checkpointCount;
    }
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
        record->builds[record->buildCount].firstSerial = held->firstSerial;
        record->builds[record->buildCount].lastSerial = held->lastSerial;
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

// Copies the frames (from the ring) and each sent checkpoint's pages (from its image, with their
// indices) into packed, one after another, and points the window at them.
internal void Win32PackCapsuleWindow(win32_capsule_recorder *recorder, capsule_window *window, u8 *packed)
{
    capsule_window_record *record = &window->record;
    capsule_frame *frames = (capsule_frame *)packed;
    for (u64 serial = record->firstSerial; serial < record->frameSerial; ++serial)
        frames[serial - record->firstSerial] = *Win32CapsuleFrame(recorder, serial);
    window->frames = frames;
    u64 at = AlignPow2((record->frameSerial - record->firstSerial) * sizeof(capsule_frame), 16);
    for (u32 index = 0; index < record->checkpointCount; ++index)
    {
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[record->checkpoints[index].buffer];
        capsule_window_checkpoint *sent = &window->checkpoints[index];
        u32 *pages = (u32 *)(packed + at);
        u8 *data = packed + at + AlignPow2((u64)sent->pageCount * 4, 16);
        u32 count = 0;
        for (u64 page = 0; page < recorder->pageCount && count < sent->pageCount; ++page)
        {
            if (!BitmapBit(checkpoint->present, page)) continue;
            pages[count] = (u32)page;
            memcpy(data + (u64)count * recorder->pageSize, checkpoint->pages + page * recorder->pageSize, recorder->pageSize);
            ++count;
        }
        sent->pages = pages;
        sent->data = data;
        at += AlignPow2((u64)sent->pageCount * 4, 16) + (u64)sent->pageCount * recorder->pageSize;
    }
}

internal u64 Win32WriteCapsuleWindow(win32_capsule_recorder *recorder, u8 *out)
{
    if (!recorder->on) return 0;
    capsule_window window;
    Win32DescribeCapsuleWindow(recorder, &window);
    u64 packedBytes = AlignPow2((window.record.frameSerial - window.record.firstSerial) * sizeof(capsule_frame), 16);
    for (u32 index = 0; index < window.record.checkpointCount; ++index)
        packedBytes += AlignPow2((u64)window.checkpoints[index].pageCount * 4, 16) +
                       (u64)window.checkpoints[index].pageCount * recorder->pageSize;
    u8 *memory = (u8 *)VirtualAlloc(0, (SIZE_T)(packedBytes + CAPSULE_WINDOW_WRITE_SCRATCH_BYTES), MEM_RESERVE | MEM_COMMIT,
                                    PAGE_READWRITE);
    if (!memory)
    {
        Win32Log(LogLevel_Warning, "restart: no memory to send the capsule window; the new process records afresh");
        return 0;
    }
    Win32PackCapsuleWindow(recorder, &window, memory);
    memory_arena scratch;
    InitializeArena(&scratch, "restart capsule window", CAPSULE_WINDOW_WRITE_SCRATCH_BYTES, memory + packedBytes, 0);
    win32_window_sink sink = {out, CapsuleWindowSize(&window), 0};
    char error[256];
    b32 written = WriteCapsuleWindow(&window, Win32WindowSink, &sink, &scratch, error, sizeof(error));
    VirtualFree(memory, 0, MEM_RELEASE);
    if (!written)
    {
        Win32Log(LogLevel_Warning, "restart: the capsule window was not sent (%s); the new process records afresh", error);
        return 0;
    }
    return sink.used;
}

// One held build into its slot (bytes of the recorder's own). False when there is no memory.
internal b32 Win32ReadCapsuleBuild(win32_capsule_recorder *recorder, const capsule_build *sent,
                                   const capsule_window_build_record *serials)
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
    build->firstSerial = serials->firstSerial;
    build->lastSerial = serials->lastSerial;
    FormatText(build->dllName, sizeof(build->dllName), "%s", sent->record.dllName);
    FormatText(build->pdbName, sizeof(build->pdbName), "%s", sent->record.pdbName);
    return 1;
}

// The window read (and checked) into the recorder: counters, frames at their serials, checkpoints
// in their buffers, builds in their slots.
internal b32 Win32TakeCapsuleWindow(win32_capsule_recorder *recorder, const capsule_window *window)
{
    const capsule_window_record *record = &window->record;
    u64 frameCount = record->frameSerial - record->firstSerial;
    if (frameCount > WIN32_CAPSULE_RING_FRAMES)
    {
        Win32Log(LogLevel_Warning, "restart: the capsule window did not fit the ring; the recording starts afresh");
        return 0;
    }
    if (record->pageCount != recorder->pageCount || record->pageSize != recorder->pageSize)
    {
        Win32Log(LogLevel_Warning, "restart: the capsule window covers %llu pages of %u bytes, this recorder %llu of %u; "
                 "the recording starts afresh", (unsigned long long)record->pageCount, record->pageSize,
                 (unsigned long long)recorder->pageCount, recorder->pageSize);
        return 0;
    }
    recorder->frameSerial = record->frameSerial;
    recorder->recordedSeconds = record->recordedSeconds;
    recorder->loopRewinds = record->loopRewinds;
    recorder->checkpointsCompleted = record->checkpointsCompleted;
    for (u64 index = 0; index < frameCount; ++index)
        *Win32CapsuleFrame(recorder, record->firstSerial + index) = window->frames[index];
    u64 bitmapBytes = (recorder->pageCount + 7) / 8;
    for (u32 index = 0; index < record->checkpointCount; ++index)
    {
        const capsule_window_checkpoint_record *sent = &record->checkpoints[index];
        const capsule_window_checkpoint *from = &window->checkpoints[index];
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[sent->buffer & 1];
        memset(checkpoint->present, 0, (size_t)bitmapBytes);
        for (u32 at = 0; at < from->pageCount; ++at)
        {
            u64 page = from->pages[at];
            BitmapSet(checkpoint->present, page);
            memcpy(checkpoint->pages + page * recorder->pageSize, from->data + (u64)at * recorder->pageSize,
                   recorder->pageSize);
        }
        checkpoint->frameIndex = sent->frameIndex;
        checkpoint->frameSerial = sent->frameSerial;
        checkpoint->recordedSecondsAtStart = sent->recordedSecondsAtStart;
        checkpoint->layout = *from->layout;
        checkpoint->pendingPages = 0;
        checkpoint->valid = 1;
        checkpoint->complete = 1;
    }
    b32 buildsTaken = 1;
    for (u32 index = 0; index < record->buildCount; ++index)
        buildsTaken = Win32ReadCapsuleBuild(recorder, &window->builds[index], &record->builds[index]) && buildsTaken;
    recorder->currentBuild = record->currentBuild;
    recorder->currentVersion = record->currentVersion;
    if (!buildsTaken) Win32Log(LogLevel_Warning, "restart: a build the capsule window ran could not be held again");
    Win32Log(LogLevel_Info, "restart: capsule window kept: %llu frames, %u checkpoint%s, %u build%s",
             (unsigned long long)frameCount, record->checkpointCount, record->checkpointCount == 1 ? "" : "s",
             record->buildCount, record->buildCount == 1 ? "" : "s");
    return 1;
}

internal b32 Win32ReadCapsuleWindow(win32_capsule_recorder *recorder, const u8 *in, u64 size)
{
    if (!recorder->on || !size) return 0;
    u64 arenaBytes = CapsuleWindowArenaBytes(size);
    void *memory = VirtualAlloc(0, (SIZE_T)arenaBytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!memory)
    {
        Win32Log(LogLevel_Warning, "restart: no memory to take the capsule window; the recording starts afresh");
        return 0;
    }
    memory_arena arena;
    InitializeArena(&arena, "restart capsule window", (umm)arenaBytes, memory, 0);
    capsule_window window;
    char error[256];
    b32 read = ReadCapsuleWindow(in, size, &arena, &window, error, sizeof(error));
    if (!read) Win32Log(LogLevel_Warning, "restart: the capsule window is refused (%s); the recording starts afresh", error);
    b32 taken = read && Win32TakeCapsuleWindow(recorder, &window);
    VirtualFree(memory, 0, MEM_RELEASE);
    return taken;
}
