//~ The frame loop: input, reload, update (overlapped with drawing the previous frame), sound,
// debug end-of-frame, present, pacing.
//
// NOTE: render command buffers are double-buffered (seed 004): while a worker runs the game's
// update into buffer N+1, the main thread (which owns the GL context) draws buffer N. The swap
// point is the end of the frame, when the update job is known to be finished. --serial turns the
// overlap off for debugging.

#define WIN32_PUSH_BUFFER_SIZE Megabytes(4)

struct win32_frame_update_job
{
    win32_game_code *game;
    game_memory *memory;
    game_input *input;
    game_render_commands *commands;
};

internal PLATFORM_WORK_QUEUE_CALLBACK(Win32RunGameUpdateJob)
{
    (void)queue;
    win32_frame_update_job *job = (win32_frame_update_job *)data;
    job->game->gameUpdateAndRender(job->memory, job->input, job->commands);
}

internal f64 Win32Seconds(void)
{
    static LARGE_INTEGER frequency;
    if (!frequency.QuadPart) QueryPerformanceFrequency(&frequency);
    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    return (f64)now.QuadPart / (f64)frequency.QuadPart;
}

internal void Win32ResetRenderCommands(game_render_commands *commands, u8 *pushBuffer, u32 pushBufferSize,
                                       s32 width, s32 height)
{
    memset(commands, 0, sizeof(*commands));
    commands->pushBufferBase = pushBuffer;
    commands->maxPushBufferSize = pushBufferSize;
    commands->widthInPixels = (u32)Maximum(width, 1);
    commands->heightInPixels = (u32)Maximum(height, 1);
}

// Returns whether the pair (old code drained and freed, new code in place) happened.
internal b32 Win32ReloadGameCodeIfChanged(win32_reloader *reloader, win32_game_code *game, game_memory *memory,
                                          platform_work_queue **queues, u32 queueCount)
{
    if (!Win32GameCodeChanged(reloader)) return 0;

    f64 start = Win32Seconds();
    win32_game_code candidate;
    if (!Win32LoadGameCodeCandidate(reloader, &candidate)) return 0;
    f64 loaded = Win32Seconds();

    // NOTE: no worker may be inside the old code when it is freed: finish every queued entry,
    // including entries that entries add to other queues.
    DrainWorkQueues(queues, queueCount);
    f64 drained = Win32Seconds();
    u32 oldVersion = game->version;
    Win32UnloadGameCode(game);
    *game = candidate;
    memory->executableReloaded = 1;
    memory->reloadVersion = game->version;
    f64 end = Win32Seconds();

    Win32Log(LogLevel_Info, "reload: game code version %u loaded (replacing %u) in %.2f ms "
             "(copy+load %.2f, drain %.2f, unload %.2f)", game->version, oldVersion,
             1000.0 * (end - start), 1000.0 * (loaded - start), 1000.0 * (drained - loaded),
             1000.0 * (end - drained));
    return 1;
}

internal int Win32Main(HINSTANCE instance, int argc, char **argv)
{
    platform_options options;
    char optionError[256];
    b32 optionsOk = ParsePlatformOptions(argc, argv, &options, optionError, sizeof(optionError));
    Win32InitLog(FindLogPathOption(argc, argv));
    if (!optionsOk)
    {
        Win32Log(LogLevel_Error, "command line: %s", optionError);
        fprintf(stderr, "%s", PLATFORM_OPTIONS_HELP);
        Win32CloseLog();
        return 2;
    }
    if (options.showHelp)
    {
        fprintf(stdout, "%s", PLATFORM_OPTIONS_HELP);
        fflush(stdout);
        Win32CloseLog();
        return 0;
    }
    f64 wallClockAtStart = Win32WallClockSeconds();
    Win32Log(LogLevel_Info, "engine: starting (contract version %u, %s build)", (u32)GAME_CONTRACT_VERSION,
             ENGINE_DEVELOPMENT ? "development" : "release");

    // NOTE: 1 ms scheduler granularity so Sleep-based frame pacing does not overshoot by 15 ms.
    b32 sleepIsGranular = (timeBeginPeriod(1) == TIMERR_NOERROR);

    //- Memory
    static game_memory memory;
    win32_game_memory_block memoryBlock = {};
    if (!Win32AllocateGameMemory(&memoryBlock, &memory, Megabytes(64), Megabytes(256)))
    {
        MessageBoxA(0, "Could not allocate game memory; see the log.", "Handmade Engine", MB_OK | MB_ICONERROR);
        return 1;
    }

    //- Work queues
    static platform_work_queue highPriorityQueue;
    static platform_work_queue lowPriorityQueue;
    platform_work_queue *queues[] = {&highPriorityQueue, &lowPriorityQueue};
    memory.highPriorityQueue = &highPriorityQueue;
    memory.lowPriorityQueue = &lowPriorityQueue;
    memory.workerThreadCount = highPriorityQueue.workerCount;
    memory.platform.AddWorkQueueEntry = AddWorkQueueEntry;
    memory.platform.CompleteAllWork = CompleteAllWork;
    memory.platform.ParallelFor = ParallelFor;
    memory.platform.DEBUGReadEntireFile = Win32ReadEntireFile;
    memory.platform.DEBUGWriteEntireFile = Win32WriteEntireFile;
    memory.platform.DEBUGFreeFileMemory = Win32FreeFileMemory;
    memory.platform.Log = Win32Log;

    //- Window, renderer, input
    static win32_window window;
    if (!Win32CreateMainWindow(&window, instance, options.windowWidth, options.windowHeight)) return 1;
    static opengl_state gl;
    if (!Win32InitRenderer(&gl, &window, &options))
    {
        Win32Log(LogLevel_Error, "engine: no usable renderer; exiting");
        return 1;
    }
    static win32_input_state inputState;
    Win32LoadXInput(&inputState);
    static game_input input;

    //- Render command buffers (double-buffered)
    u8 *pushBuffers[2];
    static game_render_commands renderCommands[2];
    for (u32 bufferIndex = 0; bufferIndex < 2; ++bufferIndex)
    {
        pushBuffers[bufferIndex] = (u8 *)VirtualAlloc(0, WIN32_PUSH_BUFFER_SIZE, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
        if (!pushBuffers[bufferIndex])
        {
            Win32Log(LogLevel_Error, "engine: could not allocate render command buffers");
            return 1;
        }
        Win32ResetRenderCommands(&renderCommands[bufferIndex], pushBuffers[bufferIndex], WIN32_PUSH_BUFFER_SIZE,
                                 window.clientWidth, window.clientHeight);
    }

    //- Game code
    char gameDllPath[MAX_PATH];
    if (options.gameDllPath)
    {
        snprintf(gameDllPath, sizeof(gameDllPath), "%s", options.gameDllPath);
    }
    else
    {
        Win32GetExeDirectory(gameDllPath, sizeof(gameDllPath));
        strncat(gameDllPath, "game.dll", sizeof(gameDllPath) - strlen(gameDllPath) - 1);
    }
    static win32_reloader reloader;
    Win32InitReloader(&reloader, gameDllPath);
    static win32_game_code game;
    Win32ResetGameCodeToStubs(&game);
    Win32Log(LogLevel_Info, "reload: watching '%s'", reloader.sourcePath);

    //- Frame loop
    f64 targetSeconds = 1.0 / options.targetHz;
    f64 lastFrameStart = Win32Seconds();
    f64 lastFrameSeconds = targetSeconds;
    b32 havePendingFrame = 0;       // a filled buffer not yet drawn
    u32 writeIndex = 0;
    b32 firstFramePresented = 0;
    b32 quitFileSeen = 0;
    s64 frameCount = 0;
    f64 frameTimeSum = 0.0;

    for (;;)
    {
        if (window.closeRequested || input.quitRequested || quitFileSeen) break;
        if (options.frameLimit && frameCount >= options.frameLimit) break;

        //- Input
        Win32BeginInputFrame(&input);
        Win32PumpMessages(&window, &inputState, &input);
        Win32PollGamepads(&inputState, &input);
        Win32UpdateModifiers(&input);
        input.dtForFrame = (options.fixedDt > 0.0f) ? options.fixedDt : (f32)Minimum(lastFrameSeconds, 0.1);
        input.frameIndex = (u64)frameCount;
        if (options.quitFilePath && Win32FileExists(options.quitFilePath))
        {
            Win32Log(LogLevel_Info, "engine: quit file '%s' found", options.quitFilePath);
            quitFileSeen = 1;
        }

        //- Hot reload: between frames, so no update job is in flight
        b32 reloaded = Win32ReloadGameCodeIfChanged(&reloader, &game, &memory, queues, ArrayCount(queues));
        if (reloaded)
        {
            Win32Log(LogLevel_Info, "reload: first frame of version %u at walltime %.6f", game.version,
                     Win32WallClockSeconds());
        }

        //- Update (job) overlapped with drawing the previous frame (main thread, owns GL)
        game_render_commands *commands = &renderCommands[writeIndex];
        Win32ResetRenderCommands(commands, pushBuffers[writeIndex], WIN32_PUSH_BUFFER_SIZE,
                                 window.clientWidth, window.clientHeight);
        static win32_frame_update_job updateJob;
        updateJob.game = &game;
        updateJob.memory = &memory;
        updateJob.input = &input;
        updateJob.commands = commands;

        game_render_commands *previous = &renderCommands[writeIndex ^ 1];
        if (options.serialFrames)
        {
            Win32RunGameUpdateJob(&highPriorityQueue, &updateJob);
            Win32RenderFrame(&gl, commands, &window);
            Win32PresentFrame(&gl);
        }
        else
        {
            AddWorkQueueEntry(&highPriorityQueue, Win32RunGameUpdateJob, &updateJob);
            if (havePendingFrame)
            {
                Win32RenderFrame(&gl, previous, &window);
                Win32PresentFrame(&gl);
            }
            CompleteAllWork(&highPriorityQueue);
        }
        memory.executableReloaded = 0;
        if (commands->refusedEntryCount)
        {
            Win32Log(LogLevel_Error, "render: %u command(s) did not fit the %u KB push buffer and were dropped "
                     "this frame", commands->refusedEntryCount, (u32)(WIN32_PUSH_BUFFER_SIZE / 1024));
        }

        //- Sound, then the debug end of frame
        static s16 silentSamples[2 * 4800];
        game_sound_output_buffer soundBuffer = {};
        soundBuffer.samplesPerSecond = 48000;
        soundBuffer.sampleCount = 0;
        soundBuffer.samples = silentSamples;
        game.gameGetSoundSamples(&memory, &soundBuffer);
        game.DEBUGGameEndFrame(&memory, &input, commands);

        if (!options.serialFrames)
        {
            havePendingFrame = 1;
            writeIndex ^= 1;
        }
        if (!firstFramePresented && (options.serialFrames || frameCount >= 1))
        {
            firstFramePresented = 1;
            Win32Log(LogLevel_Info, "frame: first frame presented at walltime %.6f (%.1f ms after start)",
                     Win32WallClockSeconds(), 1000.0 * (Win32WallClockSeconds() - wallClockAtStart));
        }

        //- Pacing
        ++frameCount;
        f64 workSeconds = Win32Seconds() - lastFrameStart;
        if (!options.unthrottled && workSeconds < targetSeconds)
        {
            f64 remaining = targetSeconds - workSeconds;
            if (sleepIsGranular && remaining > 0.002) Sleep((DWORD)(1000.0 * (remaining - 0.001)));
            while (Win32Seconds() - lastFrameStart < targetSeconds) {}
        }
        f64 now = Win32Seconds();
        lastFrameSeconds = now - lastFrameStart;
        frameTimeSum += lastFrameSeconds;
        lastFrameStart = now;
    }

    //- Shutdown: draw the last filled buffer so the screenshot shows the final update
    if (!options.serialFrames && havePendingFrame)
    {
        Win32RenderFrame(&gl, &renderCommands[writeIndex ^ 1], &window);
        Win32PresentFrame(&gl);
    }
    if (options.screenshotPath)
    {
        if (Win32WriteScreenshot(&gl, options.screenshotPath))
            Win32Log(LogLevel_Info, "screenshot: wrote '%s'", options.screenshotPath);
        else
            Win32Log(LogLevel_Error, "screenshot: could not write '%s'", options.screenshotPath);
    }
    DrainWorkQueues(queues, ArrayCount(queues));
    Win32ShutdownGameCode(&game);
    Win32Log(LogLevel_Info, "engine: exiting cleanly after %lld frames (mean frame %.2f ms, %u errors, %u warnings)",
             (long long)frameCount, frameCount ? 1000.0 * frameTimeSum / (f64)frameCount : 0.0,
             globalLog.errorCount, globalLog.warningCount);
    if (sleepIsGranular) timeEndPeriod(1);
    Win32FreeGameMemory(&memoryBlock);
    Win32CloseLog();
    return 0;
}
