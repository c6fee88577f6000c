//~ Hot restart, the old side: the triggers, starting the new process, the handover (win32_restart.h)

// Copies earlier runs left beside the exe (their process gone) are deleted at a fresh start.
internal void Win32DeleteStaleRunCopies(win32_restart *restart)
{
    char pattern[WIN32_PATH_BYTES + 32];
    FormatText(pattern, sizeof(pattern), "%s%s*.exe", restart->folder, WIN32_RESTART_RUN_PREFIX);
    win32_file_search search;
    if (!Win32FindFirstUtf8(pattern, &search)) return;
    do
    {
        // win32_platform_run_<pid>_<n>.exe: kept while that process lives (it runs from it).
        DWORD pid = (DWORD)strtoul(search.name + strlen(WIN32_RESTART_RUN_PREFIX), 0, 10);
        HANDLE process = pid ? OpenProcess(SYNCHRONIZE, FALSE, pid) : 0;
        b32 alive = process && WaitForSingleObject(process, 0) == WAIT_TIMEOUT;
        if (process) CloseHandle(process);
        char path[WIN32_PATH_BYTES * 2];
        FormatText(path, sizeof(path), "%s%s", restart->folder, search.name);
        if (!alive && Win32DeleteFileUtf8(path)) Win32Log(LogLevel_Info, "restart: deleted stale copy '%s'", search.name);
    } while (Win32FindNextUtf8(&search));
    Win32FindClose(&search);
}

internal void Win32InitRestart(win32_state *state)
{
    win32_restart *restart = &state->restart;
    if (!restart->platformBuild) restart->platformBuild = 1;
    Win32GetExeDirectory(restart->folder, sizeof(restart->folder));
    FormatText(restart->nextExePath, sizeof(restart->nextExePath), "%s%s", restart->folder, WIN32_RESTART_NEXT_EXE);
    FormatText(restart->lockPath, sizeof(restart->lockPath), "%s%s", restart->folder, WIN32_RESTART_LOCK);
    char dllFolder[WIN32_PATH_BYTES];
    FormatText(dllFolder, sizeof(dllFolder), "%s", state->reloader.sourcePath[0] ? state->reloader.sourcePath : restart->folder);
    Win32KeepDirectory(dllFolder);
    FormatText(restart->requestPath, sizeof(restart->requestPath), "%s%s", dllFolder, WIN32_RESTART_REQUEST);
    restart->nextSeen = Win32GetFileStamp(restart->nextExePath);
    if (!state->options.handover) Win32DeleteStaleRunCopies(restart);
}

// Looks for a reason to restart; fills restart->exePath and reason when there is one.
internal b32 Win32RestartTriggered(win32_state *state, b32 f7Pressed)
{
    win32_restart *restart = &state->restart;
    if (f7Pressed)
    {
        FormatText(restart->reason, sizeof(restart->reason), "F7 was pressed");
        return Win32GetModulePathUtf8(0, restart->exePath, sizeof(restart->exePath));
    }
    if (++restart->framesSincePoll < WIN32_RESTART_POLL_FRAMES) return 0;
    restart->framesSincePoll = 0;
    if (Win32FileExists(restart->requestPath) && Win32DeleteFileUtf8(restart->requestPath))
    {
        FormatText(restart->reason, sizeof(restart->reason), "%s was found", WIN32_RESTART_REQUEST);
        return Win32GetModulePathUtf8(0, restart->exePath, sizeof(restart->exePath));
    }

    win32_file_stamp stamp = Win32GetFileStamp(restart->nextExePath);
    if (!stamp.exists || Win32SameFileStamp(stamp, restart->nextSeen) || Win32FileExists(restart->lockPath)) return 0;
    // NOTE: the copy runs, never the build's own file: the next build can then write it while the
    // new process runs (Windows keeps a running exe's file locked).
    FormatText(restart->exePath, sizeof(restart->exePath), "%s%s%lu_%u.exe", restart->folder, WIN32_RESTART_RUN_PREFIX,
               (unsigned long)GetCurrentProcessId(), restart->platformBuild + 1);
    if (!Win32CopyFileUtf8(restart->nextExePath, restart->exePath, FALSE))
    {
        DWORD error = GetLastError();
        if (error == ERROR_SHARING_VIOLATION || error == ERROR_LOCK_VIOLATION) return 0;   // still being written
        char reason[256];
        Win32ErrorText(error, reason, sizeof(reason));
        Win32Log(LogLevel_Error, "restart: failed: cannot copy '%s' to '%s': %s; platform build %u carries on",
                 restart->nextExePath, restart->exePath, reason, restart->platformBuild);
        restart->nextSeen = stamp;
        return 0;
    }
    restart->nextSeen = stamp;
    FormatText(restart->reason, sizeof(restart->reason), "a new exe was built");
    return 1;
}

// One argument for a command line, quoted the way CommandLineToArgvW splits it back.
internal void Win32AppendArgument(char *line, u32 lineSize, const char *argument)
{
    umm at = strlen(line);
    b32 quote = argument[0] == 0 || strpbrk(argument, " \t\"") != 0;
    if (at + 1 < lineSize && at) line[at++] = ' ';
    if (quote && at + 1 < lineSize) line[at++] = '"';
    for (const char *c = argument; *c && at + 4 < lineSize; ++c)
    {
        umm backslashes = 0;
        while (c[backslashes] == '\\') ++backslashes;
        b32 beforeQuote = c[backslashes] == '"' || (quote && c[backslashes] == 0);
        for (umm index = 0; index < (beforeQuote ? 2 * backslashes : backslashes) && at + 4 < lineSize; ++index)
            line[at++] = '\\';
        c += backslashes;
        if (!*c) break;
        if (*c == '"') line[at++] = '\\';
        line[at++] = *c;
    }
    if (quote && at + 1 < lineSize) line[at++] = '"';
    line[at] = 0;
}

// This process's flags (without an earlier --handover) for the new one, then --handover.
internal void Win32BuildRestartCommandLine(win32_state *state, u64 controlHandle, char *line, u32 lineSize)
{
    line[0] = 0;
    Win32AppendArgument(line, lineSize, state->restart.exePath);
    for (int index = 1; index < state->argc; ++index)
    {
        if (strcmp(state->argv[index], "--handover") == 0) { ++index; continue; }
        Win32AppendArgument(line, lineSize, state->argv[index]);
    }
    char handover[32];
    FormatText(handover, sizeof(handover), "%llx", (unsigned long long)controlHandle);
    Win32AppendArgument(line, lineSize, "--handover");
    Win32AppendArgument(line, lineSize, handover);
}

internal void Win32CloseRestartHandles(win32_restart *restart)
{
    if (restart->control) UnmapViewOfFile(restart->control);
    HANDLE handles[] = {restart->controlSection, restart->toOld, restart->toNew, restart->selfForNew, restart->newProcess};
    for (u32 index = 0; index < ArrayCount(handles); ++index)
        if (handles[index]) CloseHandle(handles[index]);
    restart->control = 0;
    restart->controlSection = restart->toOld = restart->toNew = restart->selfForNew = restart->newProcess = 0;
    restart->inProgress = 0;
}

// The block the new process reads before the state: where the window is, which build runs.
internal void Win32FillRestartControl(win32_state *state, win32_restart_control *control)
{
    win32_restart *restart = &state->restart;
    control->magic = WIN32_RESTART_MAGIC;
    control->format = WIN32_RESTART_FORMAT;
    control->contractVersion = GAME_CONTRACT_VERSION;
    control->platformBuild = restart->platformBuild + 1;
    control->oldProcess = (u64)(umm)restart->selfForNew;
    control->toOld = (u64)(umm)restart->toOld;
    control->toNew = (u64)(umm)restart->toNew;
    control->triggerWall = Win32WallClockSeconds();
    control->memoryBase = (u64)(umm)state->memoryBlock.base;
    control->memorySize = state->memory.permanentStorageSize + state->memory.transientStorageSize;
    RECT outer = {};
    GetWindowRect(state->window.handle, &outer);
    control->windowLeft = outer.left;
    control->windowTop = outer.top;
    control->windowWidth = outer.right - outer.left;
    control->windowHeight = outer.bottom - outer.top;
    control->gameVersion = state->game.version;
    control->gameModuleBase = (u64)(umm)state->game.moduleBase;
    control->gameModuleSize = state->game.moduleSize;
    FormatText(control->gamePath, sizeof(control->gamePath), "%s", state->game.loadedPath);
}

// The last filled frame's commands, into an inheritable section the new process draws once.
// Returns the section (closed by the caller once the new process inherited it), or 0.
internal HANDLE Win32ShareLastFrame(win32_state *state, win32_restart_control *control)
{
    win32_frame_loop *frames = &state->frames;
    game_render_commands *last = &state->renderCommands[frames->havePendingFrame ? (frames->writeIndex ^ 1) : frames->writeIndex];
    u64 mainBytes = last->pushBufferSize;
    u64 zoneBytes = RenderZoneBytesReserved(last);
    if (!state->haveRenderer || !mainBytes || mainBytes > last->maxPushBufferSize || zoneBytes > last->subBufferZoneSize)
        return 0;
    SECURITY_ATTRIBUTES inherit = {sizeof(inherit), 0, TRUE};
    HANDLE section = CreateFileMappingW(INVALID_HANDLE_VALUE, &inherit, PAGE_READWRITE, 0, (DWORD)(mainBytes + zoneBytes), 0);
    u8 *view = section ? (u8 *)MapViewOfFile(section, FILE_MAP_ALL_ACCESS, 0, 0, 0) : 0;
    if (!view)
    {
        if (section) CloseHandle(section);
        return 0;
    }
    memcpy(view, last->pushBufferBase, (size_t)mainBytes);
    memcpy(view + mainBytes, last->pushBufferBase + last->subBufferZoneOffset, (size_t)zoneBytes);
    UnmapViewOfFile(view);
    control->lastFrameSection = (u64)(umm)section;
    control->lastFrameMainBytes = mainBytes;
    control->lastFrameZoneBytes = zoneBytes;
    control->lastFrame = *last;
    return section;
}

internal void Win32StartNewProcess(win32_state *state)
{
    win32_restart *restart = &state->restart;
    if (!Win32CreateRestartChannel(&restart->controlSection, &restart->control, &restart->toOld, &restart->toNew,
                                   &restart->selfForNew))
        return;
    Win32FillRestartControl(state, restart->control);
    Win32PrepareRestartRelay(restart, restart->control);
    HANDLE lastFrame = Win32ShareLastFrame(state, restart->control);
    local_persist char line[WIN32_PATH_BYTES * 4];
    local_persist WCHAR wideLine[WIN32_PATH_BYTES * 4];
    WCHAR wideExe[WIN32_WIDE_PATH_UNITS];
    Win32BuildRestartCommandLine(state, (u64)(umm)restart->controlSection, line, sizeof(line));
    STARTUPINFOW startup = {};
    startup.cb = sizeof(startup);
    PROCESS_INFORMATION process = {};
    b32 started = 0;
    // NOTE: a start that failed for no reason of the exe's (seen under Wine on a loaded machine:
    // "Internal error") is tried again, twice, a moment later; a missing or broken exe is not.
    for (u32 attempt = 1; attempt <= WIN32_RESTART_START_ATTEMPTS && !started; ++attempt)
    {
        started = Win32Utf8ToWide(restart->exePath, wideExe, ArrayCount(wideExe)) &&
                  Win32Utf8ToWide(line, wideLine, ArrayCount(wideLine)) &&
                  CreateProcessW(wideExe, wideLine, 0, 0, TRUE, 0, 0, 0, &startup, &process);
        DWORD error = started ? 0 : GetLastError();
        b32 theExes = error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND || error == ERROR_BAD_EXE_FORMAT ||
                      error == ERROR_ACCESS_DENIED || error == ERROR_EXE_MACHINE_TYPE_MISMATCH || error == 0;
        if (started || theExes || attempt == WIN32_RESTART_START_ATTEMPTS) break;
        char reason[256];
        Win32ErrorText(error, reason, sizeof(reason));
        Win32Log(LogLevel_Warning, "restart: starting '%s' failed (%s); trying again (attempt %u of %u)", restart->exePath,
                 reason, attempt + 1, WIN32_RESTART_START_ATTEMPTS);
        Sleep(100 * attempt);
    }
    if (lastFrame) CloseHandle(lastFrame);      // the new process holds its own handle (or none was made)
    if (!started)
    {
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        Win32Log(LogLevel_Error, "restart: failed: cannot start '%s': %s; platform build %u carries on", restart->exePath,
                 reason, restart->platformBuild);
        Win32CloseRestartHandles(restart);
        return;
    }
    CloseHandle(process.hThread);
    AllowSetForegroundWindow(process.dwProcessId);
    restart->newProcess = process.hProcess;
    restart->inProgress = 1;
    restart->deferLogged = 0;
    restart->startedAt = Win32Seconds();
    Win32Log(LogLevel_Info, "restart: starting platform build %u from '%s' (%s)", restart->platformBuild + 1,
             restart->exePath, restart->reason);
    Win32PostNotice(state, LogLevel_Info, "restart: starting platform build %u", restart->platformBuild + 1);
    Win32RestartTestHook("old-launched");
}

// The restart is off: the new process is told (and ended when it still runs), this one carries on.
internal void Win32AbandonRestart(win32_state *state, const char *why)
{
    win32_restart *restart = &state->restart;
    Win32SetRestartPhase(&restart->control->oldPhase, RestartOld_Abandoned, restart->toNew);
    if (WaitForSingleObject(restart->newProcess, 2000) == WAIT_TIMEOUT)
        TerminateProcess(restart->newProcess, WIN32_RESTART_NOT_TAKEN_EXIT_CODE);
    WaitForSingleObject(restart->newProcess, 2000);
    Win32Log(LogLevel_Error, "restart: failed: %s; platform build %u carries on (a new exe is tried when it changes "
             "again; F7 or %s asks again)", why, restart->platformBuild, WIN32_RESTART_REQUEST);
    Win32PostNotice(state, LogLevel_Error, "restart failed: see the log");
    Win32CloseRestartHandles(restart);
}

// Why the new process is gone, for the failure line.
internal void Win32DescribeNewProcessEnd(win32_restart *restart, char *why, u32 whySize)
{
    DWORD code = 0;
    GetExitCodeProcess(restart->newProcess, &code);
    const char *failure = restart->control->failure;
    if (failure[0]) FormatText(why, whySize, "%s", failure);
    else FormatText(why, whySize, "the new process ended (exit code %lu, 0x%08lx) before it was ready", (unsigned long)code,
                    (unsigned long)code);
}
