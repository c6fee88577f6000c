//~ The frame loop: the bodies behind win32/win32_frame_loop.h

//~ Guarded calls into game code
internal void Win32CallGameUpdate(void *data)
{
    win32_game_call *call = (win32_game_call *)data;
    // --replay-break: the debugger stops on this line, in this frame (an inline breakpoint
    // instruction, not DebugBreak(), so the stop is not inside a system DLL without symbols); one
    // `step` enters the game's update (win32/capsule/win32_replay.h).
    if (call->breakBeforeUpdate && InterlockedExchange(call->breakBeforeUpdate, 0)) __debugbreak();
    call->game->gameUpdateAndRender(call->memory, call->input, call->commands);
}
internal void Win32CallGameSound(void *data)
{
    win32_game_call *call = (win32_game_call *)data;
    call->game->gameGetSoundSamples(call->memory, call->sound);
}
internal void Win32CallGameEndFrame(void *data)
{
    win32_game_call *call = (win32_game_call *)data;
    call->game->DEBUGGameEndFrame(call->memory, call->input, call->commands);
}

internal PLATFORM_WORK_QUEUE_CALLBACK(Win32RunGameUpdateJob)
{
    Win32GuardedCall(Win32CallGameUpdate, data);
    // NOTE: shut here, not once the main thread's wait returns: while the main thread still draws
    // the previous frame (llvmpipe draws on the CPU), polling workers would take its cores.
    ShutWorkQueueAwakeWindow(queue);
}

internal void Win32CallGameJob(void *data)
{
    win32_guarded_job *job = (win32_guarded_job *)data;
    job->callback(job->queue, job->data);
}

// Every queue entry runs through here, guarded: job graphs, tasks and parallel-for run game
// callbacks from inside platform entries, so the callback's own address says too little. A guard
// inside a guard (an update job helping with its own jobs) costs nothing extra: the outer one
// covers it.
internal WORK_QUEUE_ENTRY_RUNNER(Win32RunWorkQueueEntry)
{
    // After a crash or hang this frame, the game's own entries are skipped until the rollback
    // (platform entries still run: their bookkeeping must finish).
    if (Win32CrashPending() && !Win32AddressInExe((u64)callback)) return;
    win32_guarded_job job = {callback, queue, data};
    Win32BeginBlock(queue->name);
    Win32GuardedCall(Win32CallGameJob, &job);
    Win32EndBlock(queue->name);
}

// The buffer holds the main stream (pushBufferSize bytes) followed by the sub-buffer zone.
internal void Win32ResetRenderCommands(win32_state *state, u32 bufferIndex)
{
    game_render_commands *commands = &state->renderCommands[bufferIndex];
    u8 *pushBuffer = state->pushBuffers[bufferIndex];
    u32 pushBufferSize = (u32)WIN32_PUSH_BUFFER_SIZE;
    memset(commands, 0, sizeof(*commands));
    commands->pushBufferBase = pushBuffer;
    commands->maxPushBufferSize = pushBufferSize;
    commands->subBufferZoneOffset = pushBufferSize;
    commands->subBufferZoneSize = WIN32_SUB_BUFFER_ZONE_SIZE;
    commands->widthInPixels = (u32)Maximum(state->window.clientWidth, 1);
    commands->heightInPixels = (u32)Maximum(state->window.clientHeight, 1);
    if (state->replay.on && state->replay.width)
    {
        // The game may read the size (a mouse to world mapping): it sees the recorded one.
        commands->widthInPixels = state->replay.width;
        commands->heightInPixels = state->replay.height;
    }
    Win32NoteRenderBuffer(&state->renderValidation, commands);
}

internal void Win32DrawAndPresent(win32_state *state, game_render_commands *commands)
{
    if (!state->haveRenderer) return;
    Win32PollShaderFiles(state);
    u8 *pushBuffer = state->pushBuffers[(commands == &state->renderCommands[1]) ? 1 : 0];
    Win32ValidateRenderCommands(&state->renderValidation, commands, pushBuffer, (u32)WIN32_PUSH_BUFFER_SIZE);
    // NOTE: the platform's overlay is built now, from the platform's state as it is when the frame is
    // shown (the timeline's cursor, the notices), in the frame's own pixels.
    render_overlay *overlay = Win32BuildOverlay(&state->overlay, state, commands->widthInPixels, commands->heightInPixels);
    OpenGLRenderFrame(&state->gl, commands, overlay, (u32)state->window.clientWidth, (u32)state->window.clientHeight);
    Win32SwapOpenGLBuffers(state->window.dc);
    ++state->frames.framesPresented;
    Win32ServeScreenshotRequest(state);
}

//~ One frame
internal b32 Win32FrameIsSerial(win32_state *state)
{
    // NOTE: the new process of a hot restart draws its first frame in the frame that updates it: the
    // old process waits for that frame, and a pipelined one would show only a frame later.
    return state->options.serialFrames || (state->restart.takingOver && !state->frames.havePendingFrame);
}

// Input for this frame (live; the live loop may replace it in the next step), the platform's own
// keys and the quit file. Returns whether F9, the live loop's toggle, was pressed.
internal b32 Win32ReadFrameInput(win32_state *state)
{
    win32_frame_loop *frames = &state->frames;
    platform_options *options = &state->options;
    game_input *input = &state->input;
    Win32BeginDebugFrame((u64)frames->frameCount, (f32)frames->lastFrameSeconds, (f32)frames->lastWorkSeconds);
    Win32BeginBlock("input");
    Win32BeginInputFrame(input);
    Win32PumpMessages(&state->window, &state->inputState, input);
    Win32PollGamepads(&state->inputState, input);
    Win32UpdateModifiers(input);
    input->dtForFrame = (options->fixedDt > 0.0f) ? options->fixedDt : (f32)Minimum(frames->lastFrameSeconds, 0.1);
    input->frameIndex = (u64)frames->frameCount;

    game_keyboard_input *keyboard = &input->keyboard;
    b32 loopTogglePressed = WasPressed(keyboard->keys[Key_F9]);
    frames->capsuleKeyPressed = WasPressed(keyboard->keys[Key_F8]);
    frames->restartKeyPressed = WasPressed(keyboard->keys[Key_F7]);
    if (WasPressed(keyboard->keys[Key_F11])) Win32SetFullscreen(&state->window, !state->window.fullscreen);
    if (WasPressed(keyboard->keys[Key_F10]) && state->reloader.refusedForLayout)
    {
        // Retry the refused build, this time with a state reset.
        state->reloader.resetRequested = 1;
        Win32RetryRefusedBuild(&state->reloader);
        Win32Log(LogLevel_Info, "layout: F10 pressed: reloading the refused build with a state reset");
    }
    if (options->quitFilePath && Win32FileExists(options->quitFilePath))
    {
        Win32Log(LogLevel_Info, "engine: quit file '%s' found", options->quitFilePath);
        frames->quitFileSeen = 1;
    }
    Win32AgeNotices(&state->notices, (f32)frames->lastFrameSeconds);
    Win32EndBlock("input");
    return loopTogglePressed;
}

// Between frames, when nothing runs in game memory or game code: keep the pre-frame snapshot,
// swap in a new build, step the live loop, then run the main-thread tasks. False when a hot
// restart handed the game over: this process runs no more frames.
internal b32 Win32BetweenFrames(win32_state *state, b32 loopTogglePressed)
{
    // NOTE: first: the timeline's keyframe may still be packed from the snapshot's copy, which the sync rewrites.
    Win32TimelineFinishKeyframe(&state->timeline);
    // NOTE: before the sync: a handover drains, syncs and sends memory as the last frame left it.
    // NOTE: paused too: the history goes over, and game memory as the frame shown (win32_timeline.h).
    if (Win32RestartBetweenFrames(state, state->frames.restartKeyPressed)) return 0;
    Win32BeginBlock("snapshot+reload");
    Win32SyncMemorySnapshot(&state->snapshot);
    Win32ReplayBeforeReload(&state->replay, state);
    if (Win32ReloadStep(state))
    {
        Win32Log(LogLevel_Info, "reload: first frame of version %u at walltime %.6f", state->game.version,
                 Win32WallClockSeconds());
    }
    // NOTE: before the tunables and the timeline read the input: the pointer over the overlay is not theirs.
    Win32OverlayInput(&state->overlay, state);
    Win32TuneBetweenFrames(state);
    // NOTE: paused in the past, the frame shows a recorded frame: no loop, no recording, no capsule.
    b32 showingPast = state->frames.showingPast = Win32TimelineBetweenFrames(state);
    if (!state->replay.on && !showingPast &&
        Win32StepLiveLoop(&state->loop, &state->snapshot, &state->input, loopTogglePressed))
    {
        Win32SyncMemorySnapshot(&state->snapshot);
    }
    Win32BeginBlock("capsule");
    if (state->replay.on) Win32ReplayBeforeUpdate(&state->replay, state);
    else if (!showingPast)
    {
        Win32ServeCapsuleRequests(&state->capsuleWriter, state, state->frames.capsuleKeyPressed);
        // The recording capsules are cut from: the builds held, then the frame into the history. Its
        // cost counts the top-of-frame sync's wait for the hasher too.
        f64 recordStart = Win32Seconds();
        Win32CapsuleBeginFrame(&state->capsuleRecorder, state);
        Win32TimelineRecordFrame(state);
        Win32NoteRecordingUpkeep(&state->capsuleRecorder, Win32Seconds() - recordStart + state->snapshot.hashWaitSeconds,
                                 state->snapshot.hashSeconds);
    }
    Win32EndBlock("capsule");
    if (state->options.verifyRollback) state->preFrameHash = Win32RollbackFingerprint(&state->snapshot);
    Win32EndBlock("snapshot+reload");
    Win32BeginBlock("main-thread tasks");
    Win32BindNamedTasks(&state->namedTasks, &state->game);
    RunMainThreadTasks(&state->queues.tasks);
    Win32EndBlock("main-thread tasks");
    return 1;
}

// The game's update into this frame's buffer: a job on a worker while the main thread draws the
// previous frame, or one after the other with --serial. Returns when the update and the
// frame-synchronised tasks are done.
internal win32_game_call *Win32PrepareGameUpdate(win32_state *state, win32_game_code *code)
{
    win32_frame_loop *frames = &state->frames;
    Win32ResetRenderCommands(state, frames->writeIndex);
    win32_game_call *call = &frames->gameCall;
    call->game = code;
    // An older build re-running a frame of the past hands the platform callbacks in its own image.
    Win32SetServiceCheckPastGame(code != &state->game ? code : 0);
    call->memory = &state->memory;
    call->input = &state->input;
    call->commands = &state->renderCommands[frames->writeIndex];
    call->breakBeforeUpdate = 0;
    OpenWorkQueueAwakeWindow(&state->queues.highQueue, WIN32_UPDATE_AWAKE_MS);
    return call;
}

internal game_render_commands *Win32UpdateGame(win32_state *state)
{
    win32_frame_loop *frames = &state->frames;
    win32_game_call *call = Win32PrepareGameUpdate(state, &state->game);
    game_render_commands *commands = call->commands;
    call->breakBeforeUpdate = state->replay.on ? &state->replay.breakThisUpdate : 0;
    if (Win32FrameIsSerial(state))
    {
        Win32GuardedCall(Win32CallGameUpdate, call);
        ShutWorkQueueAwakeWindow(&state->queues.highQueue);
        CompleteAllWork(&state->queues.highQueue);
    }
    else
    {
        AddWorkQueueEntry(&state->queues.highQueue, Win32RunGameUpdateJob, call);
        Win32BeginBlock("draw previous frame");
        if (frames->havePendingFrame) Win32DrawAndPresent(state, &state->renderCommands[frames->writeIndex ^ 1]);
        Win32EndBlock("draw previous frame");
        Win32BeginBlock("wait for update");
        CompleteAllWork(&state->queues.highQueue);
        Win32EndBlock("wait for update");
    }
    Win32BeginBlock("frame-sync tasks");
    EndFrameTasks(&state->queues.tasks);
    Win32EndBlock("frame-sync tasks");
    Win32MarkDebugUpdateEnd();
    state->memory.executableReloaded = 0;
    return commands;
}

// The game's sound for this frame, then its debug end of frame with this frame's figures.
internal void Win32RunSoundAndDebugEndFrame(win32_state *state)
{
    win32_frame_loop *frames = &state->frames;
    game_memory *memory = &state->memory;
    win32_game_call *call = &frames->gameCall;
    Win32BeginBlock("sound");
    u32 soundSamples = Win32BeginSoundFrame(&state->sound, (f32)frames->targetSeconds);
    soundSamples = Win32ReplaySoundSamples(&state->replay, soundSamples);
    if (!frames->showingPast) Win32TimelineNoteSound(&state->timeline, soundSamples);
    game_sound_output_buffer soundBuffer = Win32GetSoundOutputBuffer(&state->sound, soundSamples);
    call->sound = &soundBuffer;
    // NOTE: once game code crashed this frame, none of it runs again before the rollback.
    b32 updateCrashed = Win32CrashPending();
    game_sound_output_buffer handedSound = soundBuffer;
    // NOTE: a frame of the past is heard as silence: the game's mixer is not asked (its buffer is zeroed).
    if (frames->showingPast) Win32FillSoundBuffer(&state->sound, &soundBuffer);
    else if (!updateCrashed && Win32GuardedCall(Win32CallGameSound, call) &&
             Win32CheckSoundBuffer(&handedSound, &soundBuffer, state->game.version))
        Win32FillSoundBuffer(&state->sound, &soundBuffer);
    Win32EndBlock("sound");
    memory->debugFrame = Win32PublishDebugFrame(state->game.version, frames->crashCount);
    if (memory->debugFrame)
    {
        memory->debugFrame->renderCommandProblems = state->renderValidation.lastFrameProblems;
        memory->debugFrame->hangsInterrupted = Win32HangsInterrupted();
        // The frame shown, not the live counter, while a paused timeline shows the past.
        if (frames->showingPast) memory->debugFrame->frameIndex = state->timeline.travel.cursor;
    }
    f64 endFrameStart = Win32Seconds();
    if (!Win32CrashPending()) Win32GuardedCall(Win32CallGameEndFrame, call);
    call->sound = 0;    // soundBuffer lives on this function's stack
    f32 endFrameSeconds = (f32)(Win32Seconds() - endFrameStart);
    Win32NoteDebugEndFrameSeconds(endFrameSeconds);
    frames->endFrameSecondsSum += endFrameSeconds;
}

// The frame's buffer is drawn now (--serial), or queued to be drawn while the next update runs.
internal void Win32PresentOrQueueFrame(win32_state *state, game_render_commands *commands)
{
    win32_frame_loop *frames = &state->frames;
    if (Win32FrameIsSerial(state))
    {
        Win32BeginBlock("draw this frame");
        Win32DrawAndPresent(state, commands);
        Win32EndBlock("draw this frame");
    }
    else
    {
        frames->havePendingFrame = 1;
        frames->writeIndex ^= 1;
    }
}

// A contained fault, before the rollback frees the faulting build: a capsule of the moment, or,
// replaying one, the fault compared with the recorded one.
internal void Win32OnContainedFault(win32_state *state, const capsule_fault *fault)
{
    if (state->replay.on)
    {
        Win32ReplayNoteFault(&state->replay, state, fault);
        return;
    }
    Win32TimelineNoteFrameFlag(&state->timeline, TimelineFrame_Fault);
    Win32RequestFaultCapsule(&state->capsuleWriter, state, fault);
}

// A crash anywhere in game code this frame: restore, roll back, drop the frame's drawing.
// Otherwise the frame's buffer is drawn now (--serial) or while the next update runs.
internal void Win32RecoverOrPresent(win32_state *state, game_render_commands *commands)
{
    win32_frame_loop *frames = &state->frames;
    Win32ReportFpStateLeak(state->game.version);
    capsule_fault fault;
    if (Win32RecoverFromCrash(state, frames->frameCount, &fault, Win32OnContainedFault))
    {
        ++frames->crashCount;
    }
    else
    {
        if (commands->refusedEntryCount)
        {
            Win32Log(LogLevel_Error, "render: %u command(s) did not fit the %u KB push buffer and were "
                     "dropped this frame", commands->refusedEntryCount, (u32)(WIN32_PUSH_BUFFER_SIZE / 1024));
        }
        if (commands->refusedSubBufferEntryCount)
        {
            Win32Log(LogLevel_Error, "render: %u command(s) did not fit their sub-buffer (%u KB zone, %u KB asked "
                     "for) and were dropped this frame", commands->refusedSubBufferEntryCount,
                     (u32)(WIN32_SUB_BUFFER_ZONE_SIZE / 1024), commands->subBufferZoneUsed / 1024);
        }
        Win32PresentOrQueueFrame(state, commands);
    }
    if (!frames->firstFramePresented && (state->options.serialFrames || frames->frameCount >= 1))
    {
        frames->firstFramePresented = 1;
        Win32Log(LogLevel_Info, "frame: first frame presented at walltime %.6f (%.1f ms after start)",
                 Win32WallClockSeconds(), 1000.0 * (Win32WallClockSeconds() - frames->wallClockAtStart));
    }
}

// A frame of the paused timeline: a fault is contained without a rollback of the build (the timeline
// puts memory back after every shown frame anyway); otherwise drawn as a live frame is.
internal void Win32PresentShownFrame(win32_state *state, game_render_commands *commands)
{
    if (!Win32TimelineAfterShownFrame(state)) Win32PresentOrQueueFrame(state, commands);
}

// Waits out the rest of the frame (unless --unthrottled) and measures it.
internal void Win32PaceFrame(win32_state *state)
{
    win32_frame_loop *frames = &state->frames;
    platform_options *options = &state->options;
    ++frames->framesRun;
    if (!frames->showingPast) ++frames->frameCount;
    f64 workSeconds = Win32Seconds() - frames->frameStart;
    frames->lastWorkSeconds = workSeconds;
    // NOTE: while the new process of a hot restart starts, this one gives it most of the CPU (its
    // start-up competes with our frames on few cores): frames go on, paced to WIN32_RESTART_SHARING_HZ.
    b32 sharing = Win32RestartWantsCpu(&state->restart);
    f64 targetSeconds = sharing ? Maximum(frames->targetSeconds, 1.0 / WIN32_RESTART_SHARING_HZ) : frames->targetSeconds;
    if (sharing && workSeconds < targetSeconds) Win32WaitWhileRestartStarts(&state->restart, frames->frameStart + targetSeconds);
    else if (!options->unthrottled && workSeconds < targetSeconds)
    {
        Win32WaitForFrameEnd(frames->frameStart, targetSeconds, frames->sleepIsGranular, options->quitFilePath,
                             &state->window.closeRequested);
    }
    f64 now = Win32Seconds();
    frames->lastFrameSeconds = now - frames->frameStart;
    if (!frames->showingPast) Win32TimelineNoteFrameSeconds(&state->timeline, frames->lastFrameSeconds, targetSeconds);
    frames->frameTimeSum += frames->lastFrameSeconds;
    frames->frameStart = now;
}

internal void Win32RunFrame(win32_state *state)
{
    b32 loopTogglePressed = Win32ReadFrameInput(state);
    if (!Win32BetweenFrames(state, loopTogglePressed)) return;
    Win32UpdateWindowTitle(&state->overlay, state);
    game_render_commands *commands = Win32UpdateGame(state);
    Win32RunSoundAndDebugEndFrame(state);
    if (state->frames.showingPast) Win32PresentShownFrame(state, commands);
    else Win32RecoverOrPresent(state, commands);
    Win32ReplayEndFrame(&state->replay, state);
    Win32PaceFrame(state);
}

internal b32 Win32RunIsOver(win32_state *state)
{
    win32_frame_loop *frames = &state->frames;
    if (state->restart.handedOver) return 1;
    if (state->window.closeRequested || state->input.quitRequested || frames->quitFileSeen) return 1;
    if (state->replay.on && state->replay.finished) return 1;
    return state->options.frameLimit && frames->framesRun >= state->options.frameLimit;
}
