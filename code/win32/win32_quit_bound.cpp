//~ Quit is bounded: the bodies behind win32/win32_quit_bound.h

global win32_quit_bound globalQuitBound;

internal void Win32ArmQuitBound(const char *why)
{
    if (!globalQuitBound.thread || InterlockedCompareExchange(&globalQuitBound.armed, 1, 0) != 0) return;
    globalQuitBound.armedAt = Win32Seconds();
    globalQuitBound.armedBy = why;
    Win32WatchdogLimitForQuit(WIN32_QUIT_GAME_CODE_SECONDS);
}

// Every thread inside the running game code or an image still held: what the forced exit abandons.
internal void Win32LogThreadsLeftInGameCode(void)
{
    pointer_scan_target targets[WIN32_THREAD_SCAN_MAX_TARGETS];
    u32 versions[WIN32_THREAD_SCAN_MAX_TARGETS];
    const char *paths[WIN32_THREAD_SCAN_MAX_TARGETS];
    u32 targetCount = 0;
    const win32_game_code *running = Win32PointerGuardRunningCode();
    if (running && running->module)
    {
        targets[targetCount] = Win32ModuleTarget((u64)running->moduleBase, running->moduleSize);
        versions[targetCount] = running->version;
        paths[targetCount++] = running->loadedPath;
    }
    for (u32 heldIndex = 0; heldIndex < Win32HeldImageCount() && targetCount < WIN32_THREAD_SCAN_MAX_TARGETS; ++heldIndex)
    {
        const win32_held_image *held = Win32HeldImage(heldIndex);
        targets[targetCount] = Win32ModuleTarget(held->base, held->size);
        versions[targetCount] = held->version;
        paths[targetCount++] = held->loadedPath;
    }
    win32_thread_scan_result result = Win32ScanThreadsInImages(targets, targetCount, 1);
    for (u32 hitIndex = 0; hitIndex < Minimum(result.hitCount, (u32)WIN32_THREAD_SCAN_MAX_HITS); ++hitIndex)
    {
        win32_thread_hit *hit = result.hits + hitIndex;
        char where[200];
        Win32DescribeThreadHit(hit, targets[hit->targetIndex].begin, paths[hit->targetIndex], where, sizeof(where));
        const char *name = Win32PlatformThreadName(hit->threadId);
        Win32Log(LogLevel_Error, "quit:   abandoned: %s (thread %lu) inside game code version %u (%s)",
                 name ? name : "a thread of the game", (unsigned long)hit->threadId, versions[hit->targetIndex], where);
    }
    if (!result.hitCount) Win32Log(LogLevel_Error, "quit:   no thread is inside game code (the platform itself is stuck)");
}

internal u64 Win32QueuedEntries(platform_work_queue *queue)
{
    if (!queue->entries) return 0;
    return AtomicLoadU64(&queue->writeIndex) - AtomicLoadU64(&queue->readIndex);
}

// The bound passed: says what is abandoned and ends the process.
internal void Win32ForceQuit(void)
{
    if (InterlockedCompareExchange(&globalQuitBound.outcome, QuitOutcome_Forcing, QuitOutcome_Running) != QuitOutcome_Running)
        return;
    Win32Log(LogLevel_Error, "quit: the engine has not finished exiting %.1f s after %s (the bound is %.0f s); "
             "abandoning what still runs:", Win32Seconds() - globalQuitBound.armedAt, globalQuitBound.armedBy,
             WIN32_QUIT_BOUND_SECONDS);
    Win32LogThreadsLeftInGameCode();
    if (globalQuitBound.queues)
    {
        Win32Log(LogLevel_Error, "quit:   queued entries never run: %llu high priority, %llu low priority",
                 (unsigned long long)Win32QueuedEntries(&globalQuitBound.queues->highQueue),
                 (unsigned long long)Win32QueuedEntries(&globalQuitBound.queues->lowQueue));
    }
    Win32Log(LogLevel_Error, "quit: ending the process now (exit code %d)", WIN32_QUIT_FORCED_EXIT_CODE);
    TerminateProcess(GetCurrentProcess(), WIN32_QUIT_FORCED_EXIT_CODE);
}

internal DWORD WINAPI Win32QuitBoundThread(LPVOID parameter)
{
    (void)parameter;
    while (WaitForSingleObject(globalQuitBound.finishedEvent, WIN32_QUIT_POLL_MILLISECONDS) == WAIT_TIMEOUT)
    {
        if (!globalQuitBound.armed)
        {
            if (globalQuitBound.quitFilePath && Win32FileExists(globalQuitBound.quitFilePath)) Win32ArmQuitBound("the quit file");
            else if (globalQuitBound.closeRequested && *globalQuitBound.closeRequested) Win32ArmQuitBound("a close request");
            continue;
        }
        if (Win32Seconds() - globalQuitBound.armedAt >= WIN32_QUIT_BOUND_SECONDS) Win32ForceQuit();
    }
    return 0;
}

internal void Win32StartQuitBound(const char *quitFilePath, volatile b32 *closeRequested, work_queue_system *queues)
{
    globalQuitBound.quitFilePath = quitFilePath;
    globalQuitBound.closeRequested = closeRequested;
    globalQuitBound.queues = queues;
    globalQuitBound.finishedEvent = CreateEventW(0, TRUE, FALSE, 0);
    DWORD threadId = 0;
    if (globalQuitBound.finishedEvent)
        globalQuitBound.thread = CreateThread(0, 64 * 1024, Win32QuitBoundThread, 0, CREATE_SUSPENDED, &threadId);
    if (!globalQuitBound.thread)
    {
        Win32Log(LogLevel_Warning, "quit: could not start the quit bound's thread; an exit may wait for game code");
        return;
    }
    Win32NotePlatformThread(threadId, "quit bound");
    ResumeThread(globalQuitBound.thread);
}

internal void Win32FinishQuitBound(void)
{
    if (!globalQuitBound.thread) return;
    if (InterlockedCompareExchange(&globalQuitBound.outcome, QuitOutcome_Finished, QuitOutcome_Running) != QuitOutcome_Running)
        Sleep(INFINITE);
    SetEvent(globalQuitBound.finishedEvent);
    WaitForSingleObject(globalQuitBound.thread, INFINITE);
    CloseHandle(globalQuitBound.thread);
    CloseHandle(globalQuitBound.finishedEvent);
    globalQuitBound.thread = 0;
}
