//~ The reload loader: the bodies behind win32/reload/win32_reload_loader.h

global win32_reload_loader globalReloadLoader;

// Loader thread, a build loaded: its copy's bytes for Win32TakePrereadBuild (none when they cannot be read).
internal void Win32PrereadBuild(win32_reload_loader *loader)
{
    if (loader->preread) VirtualFree(loader->preread, 0, MEM_RELEASE);
    loader->preread = 0;
    debug_read_file_result file = Win32ReadEntireFile(loader->candidate.loadedPath);
    if (!file.contents) return;
    if (file.contentsSize <= WIN32_RELOAD_PREREAD_MAX_BYTES)
    {
        loader->preread = (u8 *)VirtualAlloc(0, file.contentsSize, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
        if (loader->preread) memcpy(loader->preread, file.contents, file.contentsSize);
        loader->prereadSize = file.contentsSize;
        FormatText(loader->prereadPath, sizeof(loader->prereadPath), "%s", loader->candidate.loadedPath);
    }
    Win32FreeFileMemory(file.contents);
}

internal void Win32HandOverPreread(win32_reload_loader *loader)
{
    if (loader->handedPreread) VirtualFree(loader->handedPreread, 0, MEM_RELEASE);
    loader->handedPreread = loader->preread;
    loader->handedPrereadSize = loader->prereadSize;
    memcpy(loader->handedPrereadPath, loader->prereadPath, sizeof(loader->handedPrereadPath));
    loader->preread = 0;
}

internal u8 *Win32TakePrereadBuild(const char *path, u64 *size)
{
    win32_reload_loader *loader = &globalReloadLoader;
    if (!loader->handedPreread || strcmp(path, loader->handedPrereadPath) != 0) return 0;
    u8 *bytes = loader->handedPreread;
    *size = loader->handedPrereadSize;
    loader->handedPreread = 0;
    return bytes;
}

// A new build: loaded, then handed to the main thread (or refused). Loader thread.
internal void Win32LoaderLoadBuild(win32_reload_loader *loader)
{
    win32_reloader *reloader = loader->reloader;
    f64 start = Win32Seconds();
    f64 writtenAgoSeconds = reloader->writtenAgoSeconds;
    s64 seenAtFrame = *loader->frameCount;
    Win32BeginBlock("reload: load beside the frames");
    win32_load_outcome outcome = Win32LoadGameCodeCandidate(reloader, &loader->candidate, &loader->figures);
    Win32EndBlock("reload: load beside the frames");
    if (outcome == GameCodeLoad_Retry) return;
    loader->writtenAgoSeconds = writtenAgoSeconds;
    loader->seenAtFrame = seenAtFrame;
    loader->loadedSeconds = Win32Seconds() - start;
    if (outcome == GameCodeLoad_Failed)
    {
        InterlockedIncrement(&loader->failedBuilds);
        return;
    }
    if (outcome == GameCodeLoad_Loaded)
    {
        Win32PrereadBuild(loader);
        // NOTE: not "version N": suites read those words as a swap, in order.
        Win32Log(LogLevel_Info, "reload: build seen at frame %lld (%.1f ms after it was written) loaded beside the "
                 "frames in %.2f ms (build %u); swapping it in at a frame boundary", (long long)seenAtFrame,
                 1000.0 * writtenAgoSeconds, 1000.0 * loader->loadedSeconds, loader->candidate.version);
    }
    InterlockedExchange(&loader->phase, outcome == GameCodeLoad_Loaded ? ReloadLoader_WantMark : ReloadLoader_Refused);
}

internal b32 Win32DeleteCopyBesideTheFrames(const char *path)
{
    win32_reload_loader *loader = &globalReloadLoader;
    // NOTE: a copy another owner holds (win32_game_code.h) is not handed over: Win32DeleteCopy defers it.
    if (!loader->thread || !path[0] || Win32CopyIsHeld(path)) return 0;
    for (u32 index = 0; index < WIN32_RELOAD_DELETES; ++index)
    {
        win32_pending_delete *pending = loader->deletes + index;
        if (InterlockedCompareExchange(&pending->filled, 0, 0)) continue;
        FormatText(pending->path, sizeof(pending->path), "%s", path);
        pending->pollsToRetry = 0;
        pending->logged = 0;
        InterlockedExchange(&pending->filled, 1);
        return 1;
    }
    return 0;
}

// Loader thread: the copies handed over, deleted once nothing holds their file.
internal void Win32LoaderDeleteCopies(win32_reload_loader *loader)
{
    for (u32 index = 0; index < WIN32_RELOAD_DELETES; ++index)
    {
        win32_pending_delete *pending = loader->deletes + index;
        if (!InterlockedCompareExchange(&pending->filled, 0, 0)) continue;
        if (pending->pollsToRetry && --pending->pollsToRetry) continue;
        b32 symbolsReleased = Win32ReleaseSymbolsOfFile(pending->path);
        if (Win32DeleteFileUtf8(pending->path) || GetLastError() == ERROR_FILE_NOT_FOUND)
        {
            InterlockedExchange(&pending->filled, 0);
            continue;
        }
        if (!pending->logged)       // the first failure only, in the words of Win32DeleteCopy's line
            Win32Log(LogLevel_Warning, "reload: could not delete copy '%s' (a debugger %smay hold it); retrying every "
                     "0.3 s beside the frames and at exit", pending->path, symbolsReleased ? "" : "or the symbol loader ");
        pending->logged = 1;
        pending->pollsToRetry = WIN32_RELOAD_DELETE_RETRY_POLLS;
    }
}

internal DWORD WINAPI Win32ReloadLoaderThread(void *parameter)
{
    win32_reload_loader *loader = (win32_reload_loader *)parameter;
    while (!loader->stop)
    {
        WaitForSingleObject(loader->wake, WIN32_RELOAD_POLL_MS);
        Win32LoaderDeleteCopies(loader);
        LONG phase = InterlockedCompareExchange(&loader->phase, 0, 0);
        if (phase == ReloadLoader_Marked)
        {
            Win32BeginBlock("reload: scans beside the frames");
            Win32RunPointerPrescan();
            Win32PrecheckThreads(loader->oldImage);
            Win32EndBlock("reload: scans beside the frames");
            InterlockedExchange(&loader->phase, ReloadLoader_Ready);
        }
        else if (phase == ReloadLoader_Watching && !loader->stop && Win32GameCodeChanged(loader->reloader))
        {
            Win32LoaderLoadBuild(loader);
        }
    }
    return 0;
}

internal b32 Win32StartReloadLoader(win32_reloader *reloader, const s64 *frameCount)
{
    win32_reload_loader *loader = &globalReloadLoader;
    if (loader->startTried) return 0;
    loader->startTried = 1;
    loader->reloader = reloader;
    loader->frameCount = frameCount;
    loader->phase = ReloadLoader_Watching;
    loader->wake = CreateEventW(0, FALSE, FALSE, 0);
    DWORD threadId = 0;
    loader->thread = loader->wake ? CreateThread(0, 256 * 1024, Win32ReloadLoaderThread, loader, CREATE_SUSPENDED, &threadId) : 0;
    if (!loader->thread)
    {
        Win32Log(LogLevel_Warning, "reload: cannot start the reload loader thread; builds load on the main thread");
        if (loader->wake) CloseHandle(loader->wake);
        loader->wake = 0;
        return 0;
    }
    // NOTE: noted before it runs: the thread scan must never suspend it (it runs no old game code).
    Win32NotePlatformThread(threadId, "reload loader");
    ResumeThread(loader->thread);
    return 1;
}

internal b32 Win32ReloadLoaderRunning(void)
{
    return globalReloadLoader.thread != 0;
}

internal b32 Win32ReloadLoaderIdle(void)
{
    return !Win32ReloadLoaderRunning() ||
           InterlockedCompareExchange(&globalReloadLoader.phase, 0, 0) == ReloadLoader_Watching;
}

internal b32 Win32ReloadFromLoader(win32_state *state)
{
    win32_reload_loader *loader = &globalReloadLoader;
    if (InterlockedExchange(&loader->failedBuilds, 0)) Win32PostNotice(state, LogLevel_Error, "build refused: see the log");
    LONG phase = InterlockedCompareExchange(&loader->phase, 0, 0);
    if (phase == ReloadLoader_Refused)
    {
        Win32DisposeRefusedGameCode(&loader->candidate);
        Win32PostNotice(state, LogLevel_Error, "build refused: see the log");
        Win32SetReloadLoaderPhase(ReloadLoader_Watching);
        return 0;
    }
    if (phase == ReloadLoader_WantMark)
    {
        Win32MarkPointerPrescan(&state->game, &state->queues);
        loader->oldImage = Win32ModuleTarget((u64)state->game.moduleBase, state->game.moduleSize);
        loader->oldVersion = state->game.version;
        Win32SetReloadLoaderPhase(ReloadLoader_Marked);
        return 0;
    }
    if (phase != ReloadLoader_Ready) return 0;
    // NOTE: a rollback since the mark may have put other code at the same address: look again.
    if (loader->oldVersion != state->game.version) Win32DropThreadPrecheck();
    win32_reload_figures figures = {};
    figures.besideTheFrames = 1;
    figures.writtenAgoSeconds = loader->writtenAgoSeconds;
    figures.loadedSeconds = loader->loadedSeconds;
    figures.load = loader->figures;
    win32_game_code candidate = loader->candidate;
    Win32ResetGameCodeToStubs(&loader->candidate);
    Win32HandOverPreread(loader);
    b32 swapped = Win32SwapToCandidate(state, &candidate, &figures);
    Win32DropPointerPrescan();
    Win32DropThreadPrecheck();
    Win32SetReloadLoaderPhase(ReloadLoader_Watching);
    return swapped;
}


internal void Win32SetReloadLoaderPhase(win32_reload_loader_phase phase)
{
    InterlockedExchange(&globalReloadLoader.phase, phase);
    if (phase == ReloadLoader_Marked) SetEvent(globalReloadLoader.wake);
}

internal void Win32StopReloadLoader(void)
{
    win32_reload_loader *loader = &globalReloadLoader;
    if (!loader->thread) return;
    InterlockedExchange(&loader->stop, 1);
    SetEvent(loader->wake);
    if (WaitForSingleObject(loader->thread, 5000) != WAIT_OBJECT_0)
    {
        // NOTE: a DllMain that does not return: the process end takes it; nothing more is touched.
        Win32Log(LogLevel_Warning, "reload: the reload loader is still loading a build after 5 s; leaving it");
        return;
    }
    CloseHandle(loader->thread);
    CloseHandle(loader->wake);
    loader->thread = 0;
    LONG phase = loader->phase;
    if (phase != ReloadLoader_Watching && loader->candidate.module)
    {
        Win32Log(LogLevel_Info, "reload: game code version %u was loaded but never swapped in; unloading it",
                 loader->candidate.version);
        Win32DisposeRefusedGameCode(&loader->candidate);
    }
    Win32DropPointerPrescan();
    Win32DropThreadPrecheck();
    for (u32 index = 0; index < WIN32_RELOAD_DELETES; ++index)
        if (loader->deletes[index].filled) Win32DeleteCopy(loader->deletes[index].path);
    if (loader->preread) VirtualFree(loader->preread, 0, MEM_RELEASE);
    if (loader->handedPreread) VirtualFree(loader->handedPreread, 0, MEM_RELEASE);
    loader->preread = loader->handedPreread = 0;
}
