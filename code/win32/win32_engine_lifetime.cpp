//~ The engine's lifetime: start-up, the run, shut down (the bodies behind win32/win32_engine_lifetime.h)

//~ Startup
// The work queues, and the platform services the game reaches through game_memory.
internal void Win32StartWorkQueues(win32_state *state)
{
    platform_options *options = &state->options;
    game_memory *memory = &state->memory;
    u32 highWorkers = options->highPriorityWorkers > 0 ? (u32)options->highPriorityWorkers : 0;
    u32 lowWorkers = options->lowPriorityWorkers > 0 ? (u32)options->lowPriorityWorkers : 0;
    if (!InitWorkQueueSystem(&state->queues, &state->platformArena, highWorkers, lowWorkers, Win32Log))
    {
        Win32Log(LogLevel_Warning, "queues: started with fewer workers than asked (see above)");
    }
    SetWorkQueueEntryRunner(&state->queues.highQueue, Win32RunWorkQueueEntry);
    SetWorkQueueEntryRunner(&state->queues.lowQueue, Win32RunWorkQueueEntry);
    Win32InitThreadScan(&state->queues, memory);
    memory->highPriorityQueue = &state->queues.highQueue;
    memory->lowPriorityQueue = &state->queues.lowQueue;
    memory->workerThreadCount = state->queues.highQueue.workerCount;
    FillPlatformWorkQueueApi(&memory->platform, &state->queues);
    memory->platform.DEBUGReadEntireFile = Win32ReadEntireFile;
    memory->platform.DEBUGWriteEntireFile = Win32GameWriteEntireFile;
    memory->platform.DEBUGFreeFileMemory = Win32FreeFileMemory;
    memory->platform.Log = Win32GameLog;
    memory->platform.DEBUGRecordEvent = Win32DebugRecordGameEvent;
    Win32FillGameThreadApi(&memory->platform);
    Win32FillNamedTaskApi(&memory->platform, &state->namedTasks, &state->queues.tasks, &state->game);
    // --game-arg NAME=VALUE in order, then --entities N as entities=N (so it wins over a --game-arg).
    game_arguments *arguments = &memory->arguments;
    arguments->count = 0;
    for (u32 index = 0; index < options->gameArgumentCount; ++index)
        if (ParseGameArgument(options->gameArguments[index], &arguments->entries[arguments->count])) ++arguments->count;
    if (options->entityCount && arguments->count < GAME_MAX_ARGUMENTS)
    {
        game_argument *entities = &arguments->entries[arguments->count++];
        FormatText(entities->name, sizeof(entities->name), "entities");
        FormatText(entities->value, sizeof(entities->value), "%u", options->entityCount);
    }
    Win32WatchPlatformApi(&memory->platform);
    Win32CheckPlatformApi(&memory->platform, &state->queues, state->memoryBlock.base, state->memoryBlock.totalSize,
                          &state->game);
    memory->notices = &state->notices;
    memory->editStatus = &state->editStatus;
}

internal b32 Win32StartEngine(win32_state *state, HINSTANCE instance)
{
    platform_options *options = &state->options;

    void *platformMemory = VirtualAlloc(0, WIN32_PLATFORM_ARENA_SIZE, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!platformMemory)
    {
        Win32Log(LogLevel_Error, "memory: could not allocate the platform arena");
        return 0;
    }
    InitializeArena(&state->platformArena, "platform", WIN32_PLATFORM_ARENA_SIZE, platformMemory, Win32Log);
    if (!Win32InitDebugEvents(&state->platformArena))
        Win32Log(LogLevel_Warning, "debug: no event recording (out of platform memory or TLS slots)");
    else if (options->tracePath && !options->handover)     // a hot restart's new side goes on with the old trace
        Win32OpenTrace(options->tracePath, options->traceFrames, &state->platformArena,
                       Win32DebugTicksPerSecond(), Win32DebugClock());

    game_memory *memory = &state->memory;
    if (!Win32AllocateGameMemory(&state->memoryBlock, memory, WIN32_PERMANENT_STORAGE_SIZE, WIN32_TRANSIENT_STORAGE_SIZE,
                                 WIN32_FRAME_SCRATCH_SIZE))
        return 0;
    u64 restoredSize = memory->permanentStorageSize + memory->transientStorageSize;     // the frame scratch is not
    Win32InitRenderValidation(&state->renderValidation, state->memoryBlock.base, state->memoryBlock.totalSize);
    Win32InitMemorySnapshot(&state->snapshot, state->memoryBlock.base, restoredSize, memory->frameScratchSize);
    Win32InitLiveLoop(&state->loop, restoredSize, memory->permanentStorageSize, WIN32_LIVE_LOOP_MAX_FRAMES);
    // A replay checks state hashes but records nothing.
    if (options->replayPath) Win32EnableStateHash(&state->snapshot, memory->permanentStorageSize / state->snapshot.pageSize, 0);
    else Win32InitCapsuleRecorder(&state->capsuleRecorder, &state->snapshot, options->capsuleSeconds,
                                  memory->permanentStorageSize);
    state->loop.scheduledStart = options->loopStartFrame;
    state->loop.scheduledLength = options->loopLength;
    Win32InitCrashGuard(0);
    Win32SetPlatformFpState();
    Win32StartWatchdog(options->watchdogSeconds);

    Win32StartWorkQueues(state);

    //- Window, renderer, sound, input
    if (!Win32CreateMainWindow(&state->window, instance, options->windowWidth, options->windowHeight)) return 0;
    Win32StartQuitBound(options->quitFilePath, &state->window.closeRequested, &state->queues);
    win32_opengl_config glConfig = Win32DefaultOpenGLConfig();
    glConfig.vsync = options->vsync;
    glConfig.arena = &state->platformArena;
    glConfig.suppressMessageBox = (options->frameLimit != 0 || options->quitFilePath != 0 || options->handover != 0);
    state->haveRenderer = Win32InitOpenGL(state->window.handle, &glConfig, &state->gl, Win32Log);
    if (!state->haveRenderer)
    {
        Win32Log(LogLevel_Error, "engine: no usable OpenGL; the game runs without drawing");
    }
    Win32InitOverlay(&state->overlay, state);
    Win32InitSound(state->window.handle, &state->sound, WIN32_SOUND_SAMPLES_PER_SECOND, Win32Log);
    Win32LoadXInput(&state->inputState);

    for (u32 bufferIndex = 0; bufferIndex < 2; ++bufferIndex)
    {
        state->pushBuffers[bufferIndex] = (u8 *)PushSize(&state->platformArena, WIN32_PUSH_BUFFER_SIZE + WIN32_SUB_BUFFER_ZONE_SIZE);
        if (!state->pushBuffers[bufferIndex]) return 0;
        Win32ResetRenderCommands(state, bufferIndex);
    }

    //- Game code
    // NOTE: the exe's own name is longer than "game.dll", so the default path always fits.
    char gameDllPath[WIN32_PATH_BYTES];
    Win32GetExeDirectory(gameDllPath, sizeof(gameDllPath));
    strncat(gameDllPath, "game.dll", sizeof(gameDllPath) - strlen(gameDllPath) - 1);
    Win32InitReloader(&state->reloader, options->gameDllPath ? options->gameDllPath : gameDllPath, !options->handover);
    char exeDirectory[WIN32_PATH_BYTES];
    Win32GetExeDirectory(exeDirectory, sizeof(exeDirectory));
    Win32FindDataDirectory(exeDirectory);
    Win32InitRestart(state);
    Win32ResetGameCodeToStubs(&state->game);
    if (options->replayPath) Win32StartReplay(&state->replay, state);
    else Win32StartCapsuleWriter(&state->capsuleWriter, &state->capsuleRecorder, options, state->reloader.sourcePath);
    Win32InitTimeline(state);
    Win32Log(LogLevel_Info, "reload: watching '%s'", state->reloader.sourcePath);
    return 1;
}

//~ Start
// Parses the command line and opens the log. False when the run ends here (--help, a bad flag, a
// screenshot folder that does not exist), with the exit code in *exitCode and the log closed.
internal b32 Win32ReadCommandLine(platform_options *options, int argc, char **argv, int *exitCode)
{
    char optionError[256];
    b32 optionsOk = ParsePlatformOptions(argc, argv, options, optionError, sizeof(optionError));
    Win32InitLog(FindLogPathOption(argc, argv), !IsScriptedCommandLine(argc, argv), optionsOk && options->handover != 0);
    if (!optionsOk)
    {
        Win32Log(LogLevel_Error, "command line: %s", optionError);
        fprintf(stderr, "%s", PLATFORM_OPTIONS_HELP);
        *exitCode = 2;
    }
    else if (options->showHelp)
    {
        fprintf(stdout, "%s", PLATFORM_OPTIONS_HELP);
        fflush(stdout);
        *exitCode = 0;
    }
    else if (options->screenshotPath && !Win32FolderOfFileExists(options->screenshotPath))
    {
        Win32Log(LogLevel_Error, "command line: --screenshot '%s': its folder does not exist; nothing would be "
                 "written", options->screenshotPath);
        *exitCode = 2;
    }
    else
    {
        return 1;
    }
    Win32CloseLog();
    return 0;
}

// Starts the engine and the frame clock. False (said in the log, the log closed) when it cannot.
internal b32 Win32StartRun(win32_state *state, HINSTANCE instance)
{
    win32_frame_loop *frames = &state->frames;
    platform_options *options = &state->options;
    frames->wallClockAtStart = Win32WallClockSeconds();
    Win32Log(LogLevel_Info, "engine: starting (contract version %u, %s build)", (u32)GAME_CONTRACT_VERSION,
             ENGINE_DEVELOPMENT ? "development" : "release");

    // NOTE: 1 ms scheduler granularity so Sleep-based frame pacing does not overshoot by 15 ms.
    frames->sleepIsGranular = (timeBeginPeriod(1) == TIMERR_NOERROR);
    if (!Win32StartEngine(state, instance))
    {
        Win32Log(LogLevel_Error, "engine: start-up failed; exiting");
        if (!options->frameLimit && !options->quitFilePath && !options->handover)
            Win32MessageBoxUtf8("The engine could not start; see the log.", "Handmade Engine", MB_OK | MB_ICONERROR);
        Win32CloseLog();
        return 0;
    }
    frames->targetSeconds = 1.0 / options->targetHz;
    frames->frameStart = Win32Seconds();
    frames->lastFrameSeconds = frames->targetSeconds;
    return 1;
}

//~ Shut down
// Draws the last filled buffer, so the screenshot shows the final update, and writes the
// screenshot. Returns false when --screenshot was asked for and not written.
internal b32 Win32PresentLastFrame(win32_state *state)
{
    platform_options *options = &state->options;
    if (!options->serialFrames && state->frames.havePendingFrame)
    {
        Win32DrawAndPresent(state, &state->renderCommands[state->frames.writeIndex ^ 1]);
    }
    if (state->haveRenderer)
    {
        opengl_frame_stats *stats = &state->gl.stats;
        Win32Log(LogLevel_Info, "render: last frame drew with %u draw calls (%u opaque batches, %u translucent "
                 "batches, %u peel layers over %u of its %u pixels)", stats->drawCalls, stats->opaqueBatches,
                 stats->translucentBatches, stats->peelLayersDrawn, stats->peelPixels,
                 state->gl.targets.width * state->gl.targets.height);
    }
    // NOTE: OpenGLWriteScreenshot logs its own outcome; only the no-renderer case is said here.
    b32 screenshotFailed = 0;
    if (options->screenshotPath)
    {
        if (!state->haveRenderer)
            Win32Log(LogLevel_Error, "screenshot '%s' failed (no renderer)", options->screenshotPath);
        screenshotFailed = !state->haveRenderer || !OpenGLWriteScreenshot(&state->gl, options->screenshotPath);
    }
    return !screenshotFailed;
}

// Says what the queues went through, then stops every thread (queues, game code, watchdog) and
// gives back the devices (sound, OpenGL). At exit, and in the old process of a hot restart once the
// new one took over.
internal void Win32StopEngine(win32_state *state)
{
    work_queue_system *queues = &state->queues;
    Win32Log(LogLevel_Info, "queues: the high ring was full %llu times and the low ring %llu times (the adder "
             "ran work until there was room; nothing dropped); %llu + %llu worker wakes by adds, %llu + %llu passed on "
             "by woken workers", (unsigned long long)queues->highQueue.fullRingCount,
             (unsigned long long)queues->lowQueue.fullRingCount, (unsigned long long)queues->highQueue.wakeCount,
             (unsigned long long)queues->lowQueue.wakeCount, (unsigned long long)queues->highQueue.passedOnWakeCount,
             (unsigned long long)queues->lowQueue.passedOnWakeCount);
    // NOTE: the watchdog outlives the queues and the game code: a task hung in game code that the
    // shutdown waits for is interrupted (win32_quit_bound.cpp).
    ShutdownWorkQueueSystem(queues);
    Win32ShutdownGameCode(&state->reloader, &state->game);
    Win32StopWatchdog();
    Win32ShutdownSound(&state->sound);
    if (state->haveRenderer) Win32ShutdownOpenGL(state->window.handle, &state->gl);
}

// The run's figures: snapshot cost, end-of-frame cost, then the closing line.
internal void Win32LogRunReport(win32_state *state)
{
    win32_frame_loop *frames = &state->frames;
    win32_memory_snapshot *snapshot = &state->snapshot;
    if (snapshot->syncCount)
    {
        Win32Log(LogLevel_Info, "snapshot: %.3f ms per frame on average to keep the pre-frame snapshot "
                 "(%.1f KB copied per frame, %.1f pages re-armed per frame, %llu pages hot at exit; median %.3f ms "
                 "per frame, %.3f ms per MB copied)", 1000.0 * snapshot->totalSyncSeconds / (f64)snapshot->syncCount,
                 (f64)snapshot->totalSyncBytes / 1024.0 / (f64)snapshot->syncCount,
                 (f64)snapshot->totalArmedPages / (f64)snapshot->syncCount, (unsigned long long)snapshot->hotPageCount,
                 1000.0 * Win32MedianSyncSeconds(snapshot),
                 snapshot->totalSyncBytes ? 1000.0 * snapshot->totalSyncSeconds / ((f64)snapshot->totalSyncBytes / Megabytes(1)) : 0.0);
    }
    s64 frameCount = frames->frameCount;
    if (frameCount)
    {
        Win32Log(LogLevel_Info, "debug: DEBUGGameEndFrame took %.3f ms per frame on average",
                 1000.0 * frames->endFrameSecondsSum / (f64)frameCount);
    }
    Win32Log(LogLevel_Info, "engine: exiting cleanly after %lld frames (mean frame %.2f ms, %u crashes contained, "
             "%u errors, %u warnings)", (long long)frameCount,
             frameCount ? 1000.0 * frames->frameTimeSum / (f64)frameCount : 0.0, frames->crashCount,
             Win32LogErrorCount(), Win32LogWarningCount());
}

// Returns the exit code: 0, or 3 when the screenshot asked for was not written.
internal int Win32ShutDown(win32_state *state)
{
    if (state->frames.quitFileSeen) Win32ArmQuitBound("the quit file");
    if (state->window.closeRequested) Win32ArmQuitBound("a close request");
    if (state->input.quitRequested) Win32ArmQuitBound("the game's quit request");
    b32 screenshotWritten = Win32PresentLastFrame(state);
    Win32StopCapsuleWriter(&state->capsuleWriter);
    Win32StopEngine(state);
    Win32ShutdownCapsuleRecorder(&state->capsuleRecorder);
    Win32ShutdownTimeline(&state->timeline);
    Win32ShutdownOverlay(&state->overlay);
    int replayExitCode = Win32FinishReplay(&state->replay);
    Win32LogRunReport(state);
    if (state->frames.sleepIsGranular) timeEndPeriod(1);
    Win32FreeGameMemory(&state->memoryBlock);
    Win32FinishQuitBound();
    Win32CloseLog();
    // NOTE: a replay's verdict is its exit code (win32_replay.h); a screenshot not written only
    // shows when the replay itself says 0.
    if (replayExitCode) return replayExitCode;
    return screenshotWritten ? 0 : 3;
}

// The old process of a hot restart, once the new one took over: it runs no more frames. Everything
// the engine holds is given back (threads, devices, game memory, the log: the new process's now),
// a capsule being written is finished first; then the restart's waiter takes over this process
// (win32_restart.h). Never returns.
internal int Win32EndHandedOver(win32_state *state)
{
    // The new window is in front now: this one goes at once, before the slower stops below.
    ShowWindow(state->window.handle, SW_HIDE);
    // NOTE: a message wait sends the hide to the display server at once (under Wine a peek alone may
    // leave it in the X connection's buffer while the engine stops).
    MsgWaitForMultipleObjects(0, 0, FALSE, 0, QS_ALLINPUT);
    MSG message;
    while (PeekMessageW(&message, 0, 0, 0, PM_REMOVE)) DispatchMessageW(&message);
    Win32FinishQuitBound();
    // NOTE: later lines reach the console only: the log file is the new process's now.
    Win32CloseLog();
    Win32StopCapsuleWriter(&state->capsuleWriter);
    Win32StopEngine(state);
    Win32ShutdownCapsuleRecorder(&state->capsuleRecorder);
    Win32ShutdownTimeline(&state->timeline);
    Win32StopStateHasher(&state->snapshot);
    Win32StopSymbolLoader();
    Win32FreeGameMemory(&state->memoryBlock);
    // NOTE: every thread that used the platform arena (render buffers, debug events, the trace) has
    // stopped: the waiter keeps only the restart's own handles and a few statics.
    VirtualFree(state->platformArena.base, 0, MEM_RELEASE);
    state->platformArena = {};
    int exitCode = Win32EndAsRestartedProcess(&state->restart, state->window.handle);
    // NOTE: no orderly exit: the CRT's and DLLs' exit paths have nothing left to do that matters.
    TerminateProcess(GetCurrentProcess(), (UINT)exitCode);
    return exitCode;
}

// The new side of a hot restart that did not take over ends here, at once: the old process carries on.
internal int Win32EndUntaken(int exitCode)
{
    Win32CloseLog();
    TerminateProcess(GetCurrentProcess(), (UINT)exitCode);
    return exitCode;
}

internal int Win32Main(HINSTANCE instance, int argc, char **argv)
{
    // NOTE: static storage, not the main thread's stack: the state holds the input, the renderer and
    // the queue tables, and the update job reads its gameCall from a worker.
    local_persist win32_state state;
    int exitCode = 0;
    state.argc = argc;
    state.argv = argv;
    if (!Win32ReadCommandLine(&state.options, argc, argv, &exitCode)) return exitCode;
    b32 newSide = state.options.handover != 0;
    if (newSide && !Win32BeginNewSide(&state, &exitCode)) return Win32EndUntaken(exitCode);
    if (!Win32StartRun(&state, instance))
        return newSide ? Win32EndUntaken(Win32FailNewSide(&state, "the engine could not start (see the log)")) : 1;
    if (newSide && !Win32ReceiveHandover(&state, &exitCode)) return Win32EndUntaken(exitCode);
    while (!Win32RunIsOver(&state))
    {
        Win32RunFrame(&state);
        if (state.restart.takingOver && !Win32FinishHandover(&state, &exitCode)) return Win32EndUntaken(exitCode);
    }
    if (state.restart.handedOver) return Win32EndHandedOver(&state);
    return Win32ShutDown(&state);
}
