//~ Hot restart, the new side: taking over from the old process (win32_restart.h)

internal int Win32FailNewSide(win32_state *state, const char *format, ...)
{
    win32_restart *restart = &state->restart;
    char why[256];
    va_list args;
    va_start(args, format);
    vsnprintf(why, sizeof(why), format, args);
    va_end(args);
    Win32Log(LogLevel_Error, "restart: platform build %u does not take over: %s", restart->platformBuild, why);
    if (restart->control)
    {
        FormatText(restart->control->failure, sizeof(restart->control->failure), "%s", why);
        Win32SetRestartPhase(&restart->control->newPhase, RestartNew_Failed, restart->toOld);
    }
    return WIN32_RESTART_NOT_TAKEN_EXIT_CODE;
}

internal b32 Win32BeginNewSide(win32_state *state, int *exitCode)
{
    win32_restart *restart = &state->restart;
    restart->takingOver = 1;
    Win32RestartTestHook("new-start");
    char why[256];
    restart->control = Win32OpenRestartChannel(state->options.handover, why, sizeof(why));
    if (!restart->control)
    {
        *exitCode = Win32FailNewSide(state, "%s", why);
        return 0;
    }
    win32_restart_control *control = restart->control;
    restart->toOld = (HANDLE)(umm)control->toOld;
    restart->toNew = (HANDLE)(umm)control->toNew;
    restart->oldProcess = (HANDLE)(umm)control->oldProcess;
    restart->platformBuild = control->platformBuild;
    Win32TakeRestartRelay(restart, control);
    Win32Log(LogLevel_Info, "restart: platform build %u starting, to take over the running game (pid %lu)",
             restart->platformBuild, (unsigned long)GetCurrentProcessId());
    if (control->contractVersion != GAME_CONTRACT_VERSION)
    {
        *exitCode = Win32FailNewSide(state, "the new exe speaks game contract version %u, the running game code %u "
                                     "(rebuild the game too, then restart)", (u32)GAME_CONTRACT_VERSION,
                                     control->contractVersion);
        return 0;
    }
    win32_window *window = &state->window;
    window->placeGiven = 1;
    window->placeLeft = control->windowLeft;
    window->placeTop = control->windowTop;
    window->placeWidth = control->windowWidth;
    window->placeHeight = control->windowHeight;
    return 1;
}

// Loads the build the old process runs, as the same reload version, from its copy (so a newer
// game.dll written meanwhile is not mistaken for it: that one is reloaded afterwards, as usual).
internal b32 Win32LoadHandedBuild(win32_state *state, const char *path, u32 version, char *why, u32 whySize)
{
    win32_reloader *reloader = &state->reloader;
    if (!path[0] || !version)
    {
        if (state->game.version) Win32UnloadGameCode(&state->game);
        Win32ResetGameCodeToStubs(&state->game);
        return 1;   // the old process ran no game code: neither does this one, until a build appears
    }
    win32_game_code candidate;
    win32_load_figures figures;
    reloader->lastVersion = version - 1;    // loaded as the old process's version (the header sets the rest)
    win32_load_outcome outcome = Win32LoadGameCodeFrom(reloader, path, &candidate, &figures);
    if (outcome == GameCodeLoad_Refused) Win32DisposeRefusedGameCode(&candidate);
    if (outcome != GameCodeLoad_Loaded)
    {
        FormatText(why, whySize, "the running game build '%s' (version %u) could not be loaded (see the log)", path, version);
        return 0;
    }
    if (state->game.version) Win32UnloadGameCode(&state->game);
    state->game = candidate;
    reloader->memoryLayout = reloader->candidateLayout;
    return 1;
}

// The old process's rollback target, as a copy of this process's own (the old one deletes its own).
internal void Win32TakeFallback(win32_reloader *reloader, const win32_restart_state_header *header)
{
    reloader->haveFallback = 0;
    if (!header->haveFallback) return;
    char copy[WIN32_PATH_BYTES];
    FormatText(copy, sizeof(copy), "%s%lu_%u.dll", reloader->copyPrefix, (unsigned long)GetCurrentProcessId(),
               header->fallbackVersion);
    if (!Win32CopyFileUtf8(header->fallbackPath, copy, FALSE))
    {
        Win32Log(LogLevel_Warning, "restart: the rollback build (version %u) could not be copied; a crash now runs "
                 "without game code until a new build", header->fallbackVersion);
        return;
    }
    reloader->haveFallback = 1;
    reloader->fallbackVersion = header->fallbackVersion;
    FormatText(reloader->fallbackPath, sizeof(reloader->fallbackPath), "%s", copy);
}

// Waits for the old process to write the state. False (*exitCode) when it gave up or ended first.
internal b32 Win32AwaitHandedState(win32_state *state, int *exitCode)
{
    win32_restart *restart = &state->restart;
    for (;;)
    {
        LONG phase = InterlockedCompareExchange(&restart->control->oldPhase, 0, 0);
        if (phase == RestartOld_StateWritten) return 1;
        if (phase == RestartOld_Abandoned)
        {
            Win32Log(LogLevel_Error, "restart: the old process gave up on this restart; platform build %u ends",
                     restart->platformBuild);
            *exitCode = WIN32_RESTART_NOT_TAKEN_EXIT_CODE;
            return 0;
        }
        if (Win32WaitRestartWake(restart->toNew, restart->oldProcess, 1.0) &&
            InterlockedCompareExchange(&restart->control->oldPhase, 0, 0) != RestartOld_StateWritten)
        {
            Win32Log(LogLevel_Error, "restart: the old process ended before it handed over its state; nothing to take "
                     "over, platform build %u ends", restart->platformBuild);
            *exitCode = WIN32_RESTART_NOT_TAKEN_EXIT_CODE;
            return 0;
        }
    }
}

// What follows the state: the build (again, when it changed since launch), rollback target, window, trace.
internal b32 Win32TakeHandedPlatform(win32_state *state, const win32_restart_state_header *header, char *why, u32 whySize)
{
    win32_reloader *reloader = &state->reloader;
    if (header->gameVersion != state->game.version &&
        !Win32LoadHandedBuild(state, header->gamePath, header->gameVersion, why, whySize))
        return 0;
    Win32MoveGamePointers(state, header);
    reloader->lastVersion = header->lastVersion;
    reloader->attempted = header->attempted;
    reloader->memoryLayout = header->memoryLayout;
    Win32TakeFallback(reloader, header);
    state->memory.executableReloaded = 1;   // the game adds its repeating tasks again
    state->memory.reloadVersion = state->game.version;
    win32_window *window = &state->window;
    if (header->fullscreen)
    {
        Win32SetFullscreen(window, 1);
        window->windowedPlacement = header->windowedPlacement;
    }
    else
    {
        SetWindowPos(window->handle, 0, header->windowLeft, header->windowTop, header->windowWidth, header->windowHeight,
                     SWP_NOZORDER | SWP_NOACTIVATE);
    }
    platform_options *options = &state->options;
    if (options->tracePath && header->traceOn)
        Win32ContinueTrace(options->tracePath, options->traceFrames, &state->platformArena,
                           Win32DebugTicksPerSecond(), header->traceStartClock, header->traceTailOffset,
                           header->traceFramesWritten);
    return 1;
}

// Draws the old process's last frame once, never presented: the driver compiles the shader
// variants the game's frames use now, beside the old process's frames, and not in our first frame.
// Its texture entries point into game memory, still zero here: the game uploads them again.
internal void Win32DrawHandedFrame(win32_state *state)
{
    win32_restart_control *control = state->restart.control;
    HANDLE section = (HANDLE)(umm)control->lastFrameSection;
    if (!section) return;
    f64 start = Win32Seconds();
    const u8 *view = (const u8 *)MapViewOfFile(section, FILE_MAP_READ, 0, 0, 0);
    game_render_commands commands = control->lastFrame;
    b32 fits = control->lastFrameMainBytes <= WIN32_PUSH_BUFFER_SIZE && control->lastFrameZoneBytes <= WIN32_SUB_BUFFER_ZONE_SIZE &&
               commands.subBufferZoneOffset == WIN32_PUSH_BUFFER_SIZE && commands.maxPushBufferSize == WIN32_PUSH_BUFFER_SIZE;
    if (view && fits && state->haveRenderer)
    {
        u8 *buffer = state->pushBuffers[0];
        memcpy(buffer, view, (size_t)control->lastFrameMainBytes);
        memcpy(buffer + commands.subBufferZoneOffset, view + control->lastFrameMainBytes, (size_t)control->lastFrameZoneBytes);
        commands.pushBufferBase = buffer;
        commands.lastEntry = 0;
        commands.widthInPixels = (u32)Maximum(state->window.clientWidth, 1);
        commands.heightInPixels = (u32)Maximum(state->window.clientHeight, 1);
        Win32ValidateRenderCommands(&state->renderValidation, &commands, buffer, (u32)WIN32_PUSH_BUFFER_SIZE);
        OpenGLRenderCommands(&state->gl, &commands, commands.widthInPixels, commands.heightInPixels);
        OpenGLWaitForDrawing();
        Win32Log(LogLevel_Info, "restart: drew the old process's last frame unseen in %.1f ms (the renderer's shaders are "
                 "ready for the first frame)", 1000.0 * (Win32Seconds() - start));
    }
    if (view) UnmapViewOfFile(view);
    CloseHandle(section);
    Win32ResetRenderCommands(state, 0);
}

internal b32 Win32ReceiveHandover(win32_state *state, int *exitCode)
{
    win32_restart *restart = &state->restart;
    win32_restart_control *control = restart->control;
    char why[512] = "";
    win32_game_memory_block *block = &state->memoryBlock;
    if (!block->atFixedAddress || (u64)(umm)block->base != control->memoryBase ||
        state->memory.permanentStorageSize + state->memory.transientStorageSize != control->memorySize)
    {
        *exitCode = Win32FailNewSide(state, "game memory could not be had at 0x%016llx (%.0f MB; this process has "
                                     "%.0f MB at %p)", (unsigned long long)control->memoryBase,
                                     (f64)control->memorySize / (f64)Megabytes(1),
                                     (f64)(state->memory.permanentStorageSize + state->memory.transientStorageSize) /
                                     (f64)Megabytes(1), block->base);
        return 0;
    }
    if (Win32RestartTestRebase() && control->gameModuleBase &&
        VirtualAlloc((void *)(umm)control->gameModuleBase, (SIZE_T)control->gameModuleSize, MEM_RESERVE, PAGE_NOACCESS))
        Win32Log(LogLevel_Warning, "restart: test hook: the old process's game code range is taken here");
    if (!Win32LoadHandedBuild(state, control->gamePath, control->gameVersion, why, sizeof(why)))
    {
        *exitCode = Win32FailNewSide(state, "%s", why);
        return 0;
    }
    Win32DrawHandedFrame(state);
    Win32RestartTestHook("new-prepared");
    control->preparedWall = Win32WallClockSeconds();
    Win32SetRestartPhase(&control->newPhase, RestartNew_Prepared, restart->toOld);
    if (!Win32AwaitHandedState(state, exitCode)) return 0;

    HANDLE section = (HANDLE)(umm)control->stateSection;
    const u8 *view = (const u8 *)MapViewOfFile(section, FILE_MAP_READ, 0, 0, (SIZE_T)control->stateSize);
    b32 taken = view != 0;
    if (!view) FormatText(why, sizeof(why), "the state section could not be mapped (error %lu)", (unsigned long)GetLastError());
    taken = taken && Win32ReadRestartState(state, view, control->stateSize, &restart->received, why, sizeof(why));
    taken = taken && Win32TakeHandedPlatform(state, (const win32_restart_state_header *)view, why, sizeof(why));
    if (view) UnmapViewOfFile(view);
    CloseHandle(section);
    if (!taken)
    {
        *exitCode = Win32FailNewSide(state, "%s", why);
        return 0;
    }
    Win32Log(LogLevel_Info, "restart: state read: %.1f MB (%llu pages), hash 0x%016llx",
             (f64)restart->received.bytes / (f64)Megabytes(1), (unsigned long long)restart->received.pages,
             (unsigned long long)restart->received.hash);
    control->mappedWall = Win32WallClockSeconds();
    Win32RestartTestHook("new-mapped");
    return 1;
}

// The lines, overlay and notice of a restart that took.
internal void Win32ReportRestart(win32_state *state)
{
    win32_restart *restart = &state->restart;
    win32_restart_control *control = restart->control;
    f64 total = control->firstFrameWall - control->triggerWall;
    f64 start = control->preparedWall - control->triggerWall;
    f64 handover = control->stateWrittenWall - control->preparedWall;
    f64 mapping = control->mappedWall - control->stateWrittenWall;
    f64 firstFrame = control->firstFrameWall - control->mappedWall;
    f64 megabytes = (f64)restart->received.bytes / (f64)Megabytes(1);
    Win32Log(LogLevel_Info, "restart: platform build %u running (state kept: %.1f MB at 0x%016llx, game code version %u)",
             restart->platformBuild, megabytes, (unsigned long long)(umm)state->memoryBlock.base, state->game.version);
    Win32Log(LogLevel_Info, "restart: restart to first frame %.1f ms (process start %.1f ms, handover %.1f ms, mapping "
             "%.1f ms, first frame %.1f ms)", 1000.0 * total, 1000.0 * start, 1000.0 * handover, 1000.0 * mapping,
             1000.0 * firstFrame);
    RECT outer = {};
    GetWindowRect(state->window.handle, &outer);
    Win32Log(LogLevel_Info, "restart: window kept at %ld,%ld, client %dx%d, %s", (long)outer.left, (long)outer.top,
             state->window.clientWidth, state->window.clientHeight, state->window.fullscreen ? "fullscreen" : "windowed");
    platform_edit_status *status = &state->editStatus;
    ++status->restartCount;
    FormatText(status->lastRestart, sizeof(status->lastRestart), "platform build %u, %.1f MB kept, %.0f ms to first frame "
               "(start %.0f, handover %.0f, map %.0f, frame %.0f)", restart->platformBuild, megabytes, 1000.0 * total,
               1000.0 * start, 1000.0 * handover, 1000.0 * mapping, 1000.0 * firstFrame);
    Win32PostNotice(state, LogLevel_Info, "restarted: platform build %u", restart->platformBuild);
}

internal b32 Win32FinishHandover(win32_state *state, int *exitCode)
{
    win32_restart *restart = &state->restart;
    if (!restart->takingOver || state->frames.framesPresented == 0) return 1;
    win32_restart_control *control = restart->control;
    Win32RestartTestHook("new-drawn");
    control->firstFrameWall = Win32WallClockSeconds();
    Win32SetRestartPhase(&control->newPhase, RestartNew_Ready, restart->toOld);
    Win32RestartTestHook("new-ready");
    f64 deadline = Win32Seconds() + WIN32_RESTART_RELEASE_SECONDS;
    for (;;)
    {
        LONG phase = InterlockedCompareExchange(&control->oldPhase, 0, 0);
        if (phase == RestartOld_Released) break;
        if (phase == RestartOld_Abandoned)
        {
            Win32Log(LogLevel_Error, "restart: the old process gave up on this restart; platform build %u ends",
                     restart->platformBuild);
            *exitCode = WIN32_RESTART_NOT_TAKEN_EXIT_CODE;
            return 0;
        }
        // NOTE: the old process ending now leaves the state with this one: it carries on.
        if (Win32WaitRestartWake(restart->toNew, restart->oldProcess, 0.25) || Win32Seconds() > deadline)
        {
            Win32Log(LogLevel_Warning, "restart: the old process %s before it let go; platform build %u carries on "
                     "with the state", Win32Seconds() > deadline ? "did not answer" : "ended", restart->platformBuild);
            break;
        }
    }
    Win32SetRestartPhase(&control->newPhase, RestartNew_TookOver, restart->toOld);
    restart->takingOver = 0;
    SetForegroundWindow(state->window.handle);
    Win32ReportRestart(state);
    return 1;
}
