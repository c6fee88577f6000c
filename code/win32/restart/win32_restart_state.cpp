//~ The hot restart's state section: the bodies behind win32/restart/win32_restart_state.h

// Pages of game memory (not the frame scratch) game code ever wrote.
internal u64 Win32CountSentPages(win32_memory_snapshot *snapshot)
{
    return CountBits(snapshot->everWritten, snapshot->pageCount);
}

internal b32 Win32LoopIsKept(win32_live_loop *loop)
{
    return loop->available && loop->mode != LiveLoop_Off;
}

internal u64 Win32RestartStateSize(win32_state *state)
{
    win32_memory_snapshot *snapshot = &state->snapshot;
    u64 pageBytes = Win32CountSentPages(snapshot) * snapshot->pageSize;
    u64 size = AlignPow2(sizeof(win32_restart_state_header), 16) + AlignPow2((snapshot->pageCount + 7) / 8, 16) +
               pageBytes + AlignPow2((u64)state->tunables.count * sizeof(win32_tunable), 16) +
               AlignPow2(Win32CapsuleWindowSize(&state->capsuleRecorder), 16) +
               AlignPow2(Win32TimelineHandoverBytes(&state->timeline), 16);
    win32_live_loop *loop = &state->loop;
    if (Win32LoopIsKept(loop))
    {
        size += AlignPow2((u64)loop->recordedFrames * sizeof(game_input), 16) +
                AlignPow2((u64)loop->recordedFrames * sizeof(capsule_frame), 16) + pageBytes;
    }
    return size;
}

// The fault injection's half-way step of a state write (a step name, for Win32RestartTestHook).
internal void Win32RestartHalfwayHook(void *step) { Win32RestartTestHook((const char *)step); }

// The header's fields that describe the platform beyond game memory.
internal void Win32FillRestartHeader(win32_state *state, win32_restart_state_header *header)
{
    header->frameCount = state->frames.frameCount;
    header->crashCount = state->frames.crashCount;
    win32_reloader *reloader = &state->reloader;
    header->gameVersion = state->game.version;
    header->lastVersion = reloader->lastVersion;
    header->attempted = reloader->attempted;
    header->haveFallback = reloader->haveFallback;
    header->fallbackVersion = reloader->fallbackVersion;
    FormatText(header->gamePath, sizeof(header->gamePath), "%s", state->game.loadedPath);
    FormatText(header->fallbackPath, sizeof(header->fallbackPath), "%s", reloader->fallbackPath);
    header->memoryLayout = reloader->memoryLayout;
    header->gameModuleBase = (u64)(umm)state->game.moduleBase;
    header->gameModuleSize = state->game.moduleSize;
    win32_window *window = &state->window;
    RECT outer = {};
    GetWindowRect(window->handle, &outer);
    header->windowLeft = outer.left;
    header->windowTop = outer.top;
    header->windowWidth = outer.right - outer.left;
    header->windowHeight = outer.bottom - outer.top;
    header->fullscreen = window->fullscreen;
    header->windowedPlacement = window->windowedPlacement;
    header->traceOn = Win32GetTraceTail(&header->traceTailOffset, &header->traceStartClock, &header->traceFramesWritten);
    header->editStatus = state->editStatus;
    memcpy(header->namedTasks, state->namedTasks.tasks, sizeof(header->namedTasks));
    header->tunableCount = state->tunables.count;
    header->tunablesVersion = state->tunables.version;
}

internal void Win32WriteRestartState(win32_state *state, u8 *view, u64 size, win32_restart_state_figures *figures)
{
    win32_memory_snapshot *snapshot = &state->snapshot;
    win32_restart_state_header *header = (win32_restart_state_header *)view;
    memset(header, 0, sizeof(*header));
    header->magic = WIN32_RESTART_MAGIC;
    header->format = WIN32_RESTART_FORMAT;
    header->totalSize = size;
    header->pageSize = snapshot->pageSize;
    header->pageCount = snapshot->pageCount;
    header->sentPages = Win32CountSentPages(snapshot);
    Win32FillRestartHeader(state, header);

    u64 at = AlignPow2(sizeof(*header), 16);
    u64 bitmapBytes = (snapshot->pageCount + 7) / 8;
    header->bitmapOffset = at;
    memcpy(view + at, snapshot->everWritten, (size_t)bitmapBytes);
    at += AlignPow2(bitmapBytes, 16);
    header->pagesOffset = at;
    at += PackListedPages(view + at, snapshot->live, snapshot->everWritten, snapshot->pageCount, snapshot->pageSize,
                          header->sentPages, Win32RestartHalfwayHook, (void *)"old-writing", &header->hash);
    header->tunablesOffset = at;
    memcpy(view + at, state->tunables.entries, (size_t)state->tunables.count * sizeof(win32_tunable));
    at += AlignPow2((u64)state->tunables.count * sizeof(win32_tunable), 16);
    header->capsuleOffset = at;
    header->capsuleBytes = Win32WriteCapsuleWindow(&state->capsuleRecorder, view + at);
    at += AlignPow2(header->capsuleBytes, 16);
    header->timelineOffset = at;
    header->timelineBytes = Win32WriteTimelineHandover(&state->timeline, view + at);
    at += AlignPow2(header->timelineBytes, 16);

    win32_live_loop *loop = &state->loop;
    header->loopMode = Win32LoopIsKept(loop) ? (u32)loop->mode : (u32)LiveLoop_Off;
    if (header->loopMode != LiveLoop_Off)
    {
        header->loopRecordedFrames = loop->recordedFrames;
        header->loopPlayIndex = loop->playIndex;
        header->loopPassCount = loop->passCount;
        header->loopRewindCount = loop->rewindCount;
        header->loopInputsOffset = at;
        memcpy(view + at, loop->inputs, (size_t)loop->recordedFrames * sizeof(game_input));
        at += AlignPow2((u64)loop->recordedFrames * sizeof(game_input), 16);
        header->loopRecordsOffset = at;
        memcpy(view + at, loop->records, (size_t)loop->recordedFrames * sizeof(capsule_frame));
        at += AlignPow2((u64)loop->recordedFrames * sizeof(capsule_frame), 16);
        header->loopMarkedOffset = at;
        u64 unused = 0;
        at += PackListedPages(view + at, loop->markedMemory, snapshot->everWritten, snapshot->pageCount,
                              snapshot->pageSize, header->sentPages, 0, 0, &unused);
    }
    Assert(at <= size);
    figures->bytes = header->sentPages * header->pageSize;
    figures->pages = header->sentPages;
    figures->hash = header->hash;
}

// The named tasks, the tunables and the live loop.
internal void Win32ReadRestartTables(win32_state *state, const u8 *view, const win32_restart_state_header *header)
{
    win32_named_tasks *tasks = &state->namedTasks;
    memcpy(tasks->tasks, header->namedTasks, sizeof(tasks->tasks));
    // Bound to no build yet: the first frame's Win32BindNamedTasks adds each by its name again.
    for (u32 index = 0; index < WIN32_MAX_NAMED_TASKS; ++index) tasks->tasks[index].taskId = 0;
    tasks->boundVersion = 0;

    // As after a reload from the old process's build: the first frame's carry keeps the live values
    // (the same build compiled the same ones) and writes them into this process's copy of it.
    win32_tunables *tunables = &state->tunables;
    tunables->count = Minimum(header->tunableCount, (u32)GAME_TUNABLES_MAX);
    memcpy(tunables->entries, view + header->tunablesOffset, (size_t)tunables->count * sizeof(win32_tunable));
    tunables->version = header->tunablesVersion;
    tunables->module = 0;
    tunables->crashCountAtCarry = state->frames.crashCount;
    tunables->startTunesApplied = 1;    // --tune was applied by the first process, not again

    win32_live_loop *loop = &state->loop;
    if (header->loopMode != LiveLoop_Off && loop->available && header->loopRecordedFrames <= loop->maxFrames)
    {
        loop->mode = (win32_live_loop_mode)header->loopMode;
        loop->recordedFrames = header->loopRecordedFrames;
        loop->playIndex = header->loopPlayIndex;
        loop->passCount = header->loopPassCount;
        loop->rewindCount = header->loopRewindCount;
        memcpy(loop->inputs, view + header->loopInputsOffset, (size_t)loop->recordedFrames * sizeof(game_input));
        memcpy(loop->records, view + header->loopRecordsOffset, (size_t)loop->recordedFrames * sizeof(capsule_frame));
        UnpackListedPages(loop->markedMemory, view + header->loopMarkedOffset, view + header->bitmapOffset,
                             header->pageCount, header->pageSize);
        // Every page restored counts as written since the mark, so a rewind puts each one back.
        win32_memory_snapshot *snapshot = &state->snapshot;
        const u8 *bitmap = view + header->bitmapOffset;
        for (u64 byte = 0; byte < (header->pageCount + 7) / 8; ++byte) snapshot->writtenSinceMark[byte] |= bitmap[byte];
    }
}

internal b32 Win32ReadRestartState(win32_state *state, const u8 *view, u64 size, win32_restart_state_figures *figures,
                                   char *why, u32 whySize)
{
    const win32_restart_state_header *header = (const win32_restart_state_header *)view;
    win32_memory_snapshot *snapshot = &state->snapshot;
    if (size < sizeof(*header) || header->magic != WIN32_RESTART_MAGIC || header->format != WIN32_RESTART_FORMAT ||
        header->totalSize > size)
    {
        FormatText(why, whySize, "the state section is not one this build reads (format %u, %llu bytes)",
                   size >= sizeof(*header) ? header->format : 0, (unsigned long long)size);
        return 0;
    }
    if (!snapshot->live || header->pageSize != snapshot->pageSize || header->pageCount != snapshot->pageCount)
    {
        FormatText(why, whySize, "game memory differs: %llu pages of %llu bytes sent, this build has %llu of %u",
                   (unsigned long long)header->pageCount, (unsigned long long)header->pageSize,
                   (unsigned long long)snapshot->pageCount, snapshot->pageSize);
        return 0;
    }
    figures->hash = UnpackListedPages(snapshot->live, view + header->pagesOffset, view + header->bitmapOffset,
                                         header->pageCount, header->pageSize);
    figures->pages = header->sentPages;
    figures->bytes = header->sentPages * header->pageSize;
    state->frames.frameCount = header->frameCount;
    state->frames.framesRun = header->frameCount;     // --frames counts every process's frames
    state->frames.crashCount = header->crashCount;
    state->editStatus = header->editStatus;
    Win32ReadRestartTables(state, view, header);
    if (header->capsuleBytes) Win32ReadCapsuleWindow(&state->capsuleRecorder, view + header->capsuleOffset, header->capsuleBytes);
    if (header->timelineBytes)
        Win32ReadTimelineHandover(state, view + header->timelineOffset, header->timelineBytes);
    return 1;
}

internal u64 Win32MoveGamePointers(win32_state *state, const win32_restart_state_header *header)
{
    u64 from = header->gameModuleBase;
    u64 to = (u64)(umm)state->game.moduleBase;
    if (!from || !to || from == to || header->gameModuleSize != state->game.moduleSize) return 0;
    const u8 *bitmap = (const u8 *)header + header->bitmapOffset;
    win32_memory_snapshot *snapshot = &state->snapshot;
    u64 moved = MovePointersInListedPages(snapshot->live, bitmap, header->pageCount, header->pageSize, from,
                                         header->gameModuleSize, to);
    if (state->loop.mode != LiveLoop_Off)
        moved += MovePointersInListedPages(state->loop.markedMemory, bitmap, header->pageCount, header->pageSize, from,
                                          header->gameModuleSize, to);
    Win32Log(LogLevel_Warning, "restart: the game build loaded at 0x%016llx here, at 0x%016llx in the old process: "
             "%llu pointer%s into it in game memory moved with it", (unsigned long long)to, (unsigned long long)from,
             (unsigned long long)moved, moved == 1 ? "" : "s");
    return moved;
}
