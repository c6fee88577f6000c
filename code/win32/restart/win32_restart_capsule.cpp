//~ The capsule recording window across a hot restart: the bodies behind win32_restart_capsule.h

struct win32_restart_capsule_header
{
    u32 checkpointCount;
    u32 buildCount;
    u64 frameSerial;            // of the next frame recorded
    u64 firstSerial;            // the oldest frame record sent
    u64 frameCount;
    f64 recordedSeconds;
    s32 currentBuild;
    u32 currentVersion;
    u64 loopRewinds;
    u64 checkpointsCompleted;
};

struct win32_restart_checkpoint_header
{
    s32 index;
    u32 pad;
    u64 frameIndex;
    u64 frameSerial;
    f64 recordedSecondsAtStart;
    u64 presentPages;
    state_layout layout;
};

struct win32_restart_build_header
{
    s32 slot;
    u32 reloadVersion;
    u64 dllSize;
    u64 pdbSize;
    u64 firstSerial;
    u64 lastSerial;
    char dllName[128];
    char pdbName[128];
};

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

internal u64 Win32CapsuleWindowSize(win32_capsule_recorder *recorder)
{
    if (!recorder->on) return 0;
    u64 bitmapBytes = (recorder->pageCount + 7) / 8;
    u64 size = AlignPow2(sizeof(win32_restart_capsule_header), 16) +
               AlignPow2((recorder->frameSerial - Win32CapsuleFirstSentSerial(recorder)) * sizeof(capsule_frame), 16);
    for (u32 index = 0; index < 2; ++index)
    {
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[index];
        if (!Win32CheckpointIsSent(recorder, checkpoint)) continue;
        size += AlignPow2(sizeof(win32_restart_checkpoint_header), 16) + AlignPow2(bitmapBytes, 16) +
                CountBits(checkpoint->present, recorder->pageCount) * recorder->pageSize;
    }
    for (u32 slot = 0; slot < WIN32_CAPSULE_MAX_HELD_BUILDS; ++slot)
    {
        win32_capsule_build_slot *build = &recorder->builds[slot];
        if (!build->used) continue;
        size += AlignPow2(sizeof(win32_restart_build_header), 16) + AlignPow2(build->dllSize, 16) +
                AlignPow2(build->pdbSize, 16);
    }
    return size;
}

internal u64 Win32WriteCapsuleWindow(win32_capsule_recorder *recorder, u8 *out)
{
    if (!recorder->on) return 0;
    win32_restart_capsule_header *header = (win32_restart_capsule_header *)out;
    memset(header, 0, sizeof(*header));
    header->frameSerial = recorder->frameSerial;
    header->firstSerial = Win32CapsuleFirstSentSerial(recorder);
    header->frameCount = recorder->frameSerial - header->firstSerial;
    header->recordedSeconds = recorder->recordedSeconds;
    header->currentBuild = recorder->currentBuild;
    header->currentVersion = recorder->currentVersion;
    header->loopRewinds = recorder->loopRewinds;
    header->checkpointsCompleted = recorder->checkpointsCompleted;
    u64 at = AlignPow2(sizeof(*header), 16);
    for (u64 serial = header->firstSerial; serial < recorder->frameSerial; ++serial, at += sizeof(capsule_frame))
        memcpy(out + at, Win32CapsuleFrame(recorder, serial), sizeof(capsule_frame));
    at = AlignPow2(at, 16);
    u64 bitmapBytes = (recorder->pageCount + 7) / 8;
    for (s32 index = 0; index < 2; ++index)
    {
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[index];
        if (!Win32CheckpointIsSent(recorder, checkpoint)) continue;
        win32_restart_checkpoint_header *sent = (win32_restart_checkpoint_header *)(out + at);
        memset(sent, 0, sizeof(*sent));
        sent->index = index;
        sent->frameIndex = checkpoint->frameIndex;
        sent->frameSerial = checkpoint->frameSerial;
        sent->recordedSecondsAtStart = checkpoint->recordedSecondsAtStart;
        sent->layout = checkpoint->layout;
        at += AlignPow2(sizeof(*sent), 16);
        memcpy(out + at, checkpoint->present, (size_t)bitmapBytes);
        at += AlignPow2(bitmapBytes, 16);
        u64 unused = 0;
        u64 bytes = PackListedPages(out + at, checkpoint->pages, checkpoint->present, recorder->pageCount,
                                    recorder->pageSize, 0, 0, 0, &unused);
        sent->presentPages = bytes / recorder->pageSize;
        at += bytes;
        ++header->checkpointCount;
    }
    for (s32 slot = 0; slot < (s32)WIN32_CAPSULE_MAX_HELD_BUILDS; ++slot)
    {
        win32_capsule_build_slot *build = &recorder->builds[slot];
        if (!build->used) continue;
        win32_restart_build_header *sent = (win32_restart_build_header *)(out + at);
        memset(sent, 0, sizeof(*sent));
        sent->slot = slot;
        sent->reloadVersion = build->reloadVersion;
        sent->dllSize = build->dllSize;
        sent->pdbSize = build->pdb ? build->pdbSize : 0;
        sent->firstSerial = build->firstSerial;
        sent->lastSerial = build->lastSerial;
        FormatText(sent->dllName, sizeof(sent->dllName), "%s", build->dllName);
        FormatText(sent->pdbName, sizeof(sent->pdbName), "%s", build->pdbName);
        at += AlignPow2(sizeof(*sent), 16);
        memcpy(out + at, build->dll, (size_t)build->dllSize);
        at += AlignPow2(build->dllSize, 16);
        if (sent->pdbSize) memcpy(out + at, build->pdb, (size_t)sent->pdbSize);
        at += AlignPow2(sent->pdbSize, 16);
        ++header->buildCount;
    }
    return at;
}

// One held build into its slot (bytes of the recorder's own). False when there is no memory.
internal b32 Win32ReadCapsuleBuild(win32_capsule_recorder *recorder, const win32_restart_build_header *sent, const u8 *bytes)
{
    if (sent->slot < 0 || sent->slot >= (s32)WIN32_CAPSULE_MAX_HELD_BUILDS) return 0;
    win32_capsule_build_slot *build = &recorder->builds[sent->slot];
    build->dll = (u8 *)VirtualAlloc(0, (SIZE_T)sent->dllSize, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    build->pdb = sent->pdbSize ? (u8 *)VirtualAlloc(0, (SIZE_T)sent->pdbSize, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE) : 0;
    if (!build->dll || (sent->pdbSize && !build->pdb)) return 0;
    memcpy(build->dll, bytes, (size_t)sent->dllSize);
    if (sent->pdbSize) memcpy(build->pdb, bytes + AlignPow2(sent->dllSize, 16), (size_t)sent->pdbSize);
    build->used = 1;
    build->reloadVersion = sent->reloadVersion;
    build->dllSize = sent->dllSize;
    build->pdbSize = sent->pdbSize;
    build->firstSerial = sent->firstSerial;
    build->lastSerial = sent->lastSerial;
    FormatText(build->dllName, sizeof(build->dllName), "%s", sent->dllName);
    FormatText(build->pdbName, sizeof(build->pdbName), "%s", sent->pdbName);
    return 1;
}

internal b32 Win32ReadCapsuleWindow(win32_capsule_recorder *recorder, const u8 *in, u64 size)
{
    if (!recorder->on || size < sizeof(win32_restart_capsule_header)) return 0;
    const win32_restart_capsule_header *header = (const win32_restart_capsule_header *)in;
    if (header->frameCount > WIN32_CAPSULE_RING_FRAMES)
    {
        Win32Log(LogLevel_Warning, "restart: the capsule window did not fit the ring; the recording starts afresh");
        return 0;
    }
    recorder->frameSerial = header->frameSerial;
    recorder->recordedSeconds = header->recordedSeconds;
    recorder->loopRewinds = header->loopRewinds;
    recorder->checkpointsCompleted = header->checkpointsCompleted;
    u64 at = AlignPow2(sizeof(*header), 16);
    for (u64 serial = header->firstSerial; serial < header->frameSerial; ++serial, at += sizeof(capsule_frame))
        memcpy(Win32CapsuleFrame(recorder, serial), in + at, sizeof(capsule_frame));
    at = AlignPow2(at, 16);
    u64 bitmapBytes = (recorder->pageCount + 7) / 8;
    for (u32 sentIndex = 0; sentIndex < header->checkpointCount; ++sentIndex)
    {
        const win32_restart_checkpoint_header *sent = (const win32_restart_checkpoint_header *)(in + at);
        at += AlignPow2(sizeof(*sent), 16);
        win32_capsule_checkpoint *checkpoint = &recorder->checkpoints[sent->index & 1];
        memcpy(checkpoint->present, in + at, (size_t)bitmapBytes);
        at += AlignPow2(bitmapBytes, 16);
        UnpackListedPages(checkpoint->pages, in + at, checkpoint->present, recorder->pageCount, recorder->pageSize);
        at += sent->presentPages * recorder->pageSize;
        checkpoint->frameIndex = sent->frameIndex;
        checkpoint->frameSerial = sent->frameSerial;
        checkpoint->recordedSecondsAtStart = sent->recordedSecondsAtStart;
        checkpoint->layout = sent->layout;
        checkpoint->pendingPages = 0;
        checkpoint->valid = 1;
        checkpoint->complete = 1;
    }
    b32 buildsTaken = 1;
    for (u32 sentIndex = 0; sentIndex < header->buildCount; ++sentIndex)
    {
        const win32_restart_build_header *sent = (const win32_restart_build_header *)(in + at);
        at += AlignPow2(sizeof(*sent), 16);
        buildsTaken = Win32ReadCapsuleBuild(recorder, sent, in + at) && buildsTaken;
        at += AlignPow2(sent->dllSize, 16) + AlignPow2(sent->pdbSize, 16);
    }
    recorder->currentBuild = header->currentBuild;
    recorder->currentVersion = header->currentVersion;
    if (!buildsTaken) Win32Log(LogLevel_Warning, "restart: a build the capsule window ran could not be held again");
    Win32Log(LogLevel_Info, "restart: capsule window kept: %llu frames, %u checkpoint%s, %u build%s",
             (unsigned long long)header->frameCount, header->checkpointCount, header->checkpointCount == 1 ? "" : "s",
             header->buildCount, header->buildCount == 1 ? "" : "s");
    return 1;
}
