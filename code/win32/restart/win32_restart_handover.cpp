//~ Hot restart, the old side's handover and its life as a waiter (win32_restart.h)

// Waits until the new process reaches `wanted` (true), fails, ends or the time is up (false, *why).
internal b32 Win32AwaitNewPhase(win32_restart *restart, LONG wanted, f64 seconds, const char *what, char *why, u32 whySize)
{
    f64 deadline = Win32Seconds() + seconds;
    for (;;)
    {
        LONG phase = InterlockedCompareExchange(&restart->control->newPhase, 0, 0);
        if (phase == wanted) return 1;
        if (phase == RestartNew_Failed || WaitForSingleObject(restart->newProcess, 0) == WAIT_OBJECT_0)
        {
            // NOTE: a last look: it may have moved on just before it ended.
            if (InterlockedCompareExchange(&restart->control->newPhase, 0, 0) == wanted) return 1;
            Win32DescribeNewProcessEnd(restart, why, whySize);
            return 0;
        }
        f64 left = deadline - Win32Seconds();
        if (left <= 0.0)
        {
            FormatText(why, whySize, "the new process was not %s within %.0f s", what, seconds);
            return 0;
        }
        Win32WaitRestartWake(restart->toOld, restart->newProcess, Minimum(left, 0.25));
    }
}

// Writes the state into a section of its own and gives the new process a handle to it. False (*why).
internal b32 Win32SendRestartState(win32_state *state, char *why, u32 whySize)
{
    win32_restart *restart = &state->restart;
    u64 size = Win32RestartStateSize(state);
    HANDLE section = CreateFileMappingW(INVALID_HANDLE_VALUE, 0, PAGE_READWRITE, (DWORD)(size >> 32), (DWORD)size, 0);
    u8 *view = section ? (u8 *)MapViewOfFile(section, FILE_MAP_ALL_ACCESS, 0, 0, (SIZE_T)size) : 0;
    if (!view)
    {
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        FormatText(why, whySize, "no section of %.1f MB for the state: %s", (f64)size / (f64)Megabytes(1), reason);
        if (section) CloseHandle(section);
        return 0;
    }
    win32_restart_state_figures figures = {};
    Win32WriteRestartState(state, view, size, &figures);
    UnmapViewOfFile(view);
    HANDLE remote = 0;
    b32 shared = DuplicateHandle(GetCurrentProcess(), section, restart->newProcess, &remote, FILE_MAP_READ, FALSE, 0);
    CloseHandle(section);
    if (!shared)
    {
        FormatText(why, whySize, "the state could not be shared with the new process (error %lu)", (unsigned long)GetLastError());
        return 0;
    }
    restart->control->stateSection = (u64)(umm)remote;
    restart->control->stateSize = size;
    restart->control->stateWrittenWall = Win32WallClockSeconds();
    Win32Log(LogLevel_Info, "restart: state written at frame %lld: %.1f MB (%llu pages), hash 0x%016llx",
             (long long)state->frames.frameCount, (f64)figures.bytes / (f64)Megabytes(1), (unsigned long long)figures.pages,
             (unsigned long long)figures.hash);
    Win32SetRestartPhase(&restart->control->oldPhase, RestartOld_StateWritten, restart->toNew);
    return 1;
}

// At a frame boundary, the new process prepared: drain, send, wait for ready, let go. Returns only
// when the restart failed (this process carries on from its memory, untouched since).
internal void Win32HandOver(win32_state *state)
{
    win32_restart *restart = &state->restart;
    // Paused, game memory goes over as the frame shown (its seek runs game code: before the drain).
    Win32TimelineBeforeHandover(state);
    Win32BeginBlock("restart: handover");
    DrainWorkQueueSystem(&state->queues);
    Win32SyncMemorySnapshot(&state->snapshot);      // everWritten now lists every page written
    b32 traceWasOn = Win32TraceIsOn();
    Win32EndBlock("restart: handover");
    if (traceWasOn)
    {
        Win32TraceDrain();
        Win32TraceFlush();
    }
    char why[512] = "";
    b32 handedOver = Win32SendRestartState(state, why, sizeof(why));     // with the trace's tail
    Win32SetTraceWriting(0);    // the new process goes on from that tail; nothing more is written here
    if (handedOver) Win32RestartTestHook("old-written");
    handedOver = handedOver && Win32AwaitNewPhase(restart, RestartNew_Ready, WIN32_RESTART_READY_SECONDS, "ready", why, sizeof(why));
    if (handedOver)
    {
        Win32RestartTestHook("old-ready");
        Win32SetRestartPhase(&restart->control->oldPhase, RestartOld_Released, restart->toNew);
        handedOver = Win32AwaitNewPhase(restart, RestartNew_TookOver, WIN32_RESTART_RELEASE_SECONDS, "taking over", why,
                                        sizeof(why));
    }
    if (handedOver)
    {
        // NOTE: the relay first, before this process stops anything: the waiter then never sees this
        // process end without knowing its successor.
        restart->relayed = Win32RelayToWaiter(restart);
        Win32LogHandedOver(restart);
        restart->handedOver = 1;
        return;
    }
    if (traceWasOn)
    {
        Win32SetTraceWriting(1);
        Win32TraceFlush();  // cuts whatever the new process appended after our tail
    }
    Win32AbandonRestart(state, why);
}

// A reload half done or a capsule being queued: the handover waits for the next frame boundary.
internal b32 Win32HandoverMustWait(win32_state *state)
{
    if (!Win32ReloadLoaderIdle()) return 1;
    win32_capsule_writer *writer = &state->capsuleWriter;
    return writer->keyPending || writer->requestPending;
}

internal b32 Win32RestartBetweenFrames(win32_state *state, b32 f7Pressed)
{
    win32_restart *restart = &state->restart;
    if (restart->takingOver) return 0;
    if (!restart->inProgress)
    {
        if (!Win32RestartTriggered(state, f7Pressed)) return 0;
        if (state->replay.on)
        {
            Win32Log(LogLevel_Warning, "restart: not during a replay (%s); ignored", restart->reason);
            return 0;
        }
        Win32StartNewProcess(state);
        return 0;
    }
    LONG phase = InterlockedCompareExchange(&restart->control->newPhase, 0, 0);
    char why[512];
    if (phase == RestartNew_Failed || (phase != RestartNew_Prepared && WaitForSingleObject(restart->newProcess, 0) == WAIT_OBJECT_0))
    {
        Win32DescribeNewProcessEnd(restart, why, sizeof(why));
        Win32AbandonRestart(state, why);
        return 0;
    }
    if (phase == RestartNew_Starting)
    {
        if (Win32Seconds() - restart->startedAt > WIN32_RESTART_PREPARE_SECONDS)
        {
            FormatText(why, sizeof(why), "the new process was not prepared within %.0f s", WIN32_RESTART_PREPARE_SECONDS);
            Win32AbandonRestart(state, why);
        }
        return 0;
    }
    if (phase != RestartNew_Prepared) return 0;
    if (Win32HandoverMustWait(state))
    {
        if (!restart->deferLogged) Win32Log(LogLevel_Info, "restart: waiting for a reload or a capsule request to finish first");
        restart->deferLogged = 1;
        return 0;
    }
    Win32HandOver(state);
    return restart->handedOver;
}

internal b32 Win32RestartWantsCpu(win32_restart *restart)
{
    return restart->inProgress && restart->control &&
           InterlockedCompareExchange(&restart->control->newPhase, 0, 0) == RestartNew_Starting;
}

internal void Win32WaitWhileRestartStarts(win32_restart *restart, f64 until)
{
    for (f64 now = Win32Seconds(); now < until && Win32RestartWantsCpu(restart); now = Win32Seconds())
    {
        DWORD milliseconds = (DWORD)Minimum(1000.0 * (until - now) + 1.0, 250.0);
        WaitForSingleObject(restart->toOld, milliseconds);
    }
}
