//~ Hot reloading of game.dll: the bodies behind win32/reload/win32_game_code.h

internal win32_file_stamp Win32GetFileStamp(const char *path)
{
    win32_file_stamp stamp = {};
    WIN32_FILE_ATTRIBUTE_DATA data;
    if (Win32GetFileAttributesUtf8(path, &data))
    {
        stamp.exists = 1;
        stamp.writeTime = data.ftLastWriteTime;
        stamp.size = ((u64)data.nFileSizeHigh << 32) | data.nFileSizeLow;
    }
    return stamp;
}

internal b32 Win32SameFileStamp(win32_file_stamp a, win32_file_stamp b)
{
    return a.exists == b.exists && a.size == b.size && CompareFileTime(&a.writeTime, &b.writeTime) == 0;
}

internal void Win32ResetGameCodeToStubs(win32_game_code *code)
{
    code->module = 0;
    code->moduleBase = 0;
    code->moduleSize = 0;
    code->loadedPath[0] = 0;
    code->version = 0;
    code->isValid = 0;
    code->gameUpdateAndRender = gameUpdateAndRenderStub;
    code->gameGetSoundSamples = gameGetSoundSamplesStub;
    code->DEBUGGameEndFrame = DEBUGGameEndFrameStub;
    code->gameGetContractVersion = 0;
    code->stateLayout = 0;
    code->gameMigrateState = 0;
    code->gameCodeUnloading = 0;
}

// Deletes private copies left behind by earlier runs that did not exit cleanly.
internal void Win32DeleteStaleGameCodeCopies(win32_reloader *reloader)
{
    char pattern[WIN32_PATH_BYTES + 8];
    FormatText(pattern, sizeof(pattern), "%s*.dll", reloader->copyPrefix);
    char directory[WIN32_PATH_BYTES];
    FormatText(directory, sizeof(directory), "%s", reloader->copyPrefix);
    Win32KeepDirectory(directory);

    win32_file_search search;
    if (!Win32FindFirstUtf8(pattern, &search)) return;
    do
    {
        char path[WIN32_PATH_BYTES * 2];
        FormatText(path, sizeof(path), "%s%s", directory, search.name);
        if (search.name[0] && Win32DeleteFileUtf8(path))
            Win32Log(LogLevel_Info, "reload: deleted stale copy '%s'", search.name);
    } while (Win32FindNextUtf8(&search));
    Win32FindClose(&search);
}

internal void Win32InitReloader(win32_reloader *reloader, const char *gameDllPath, b32 deleteStaleCopies)
{
    memset(reloader, 0, sizeof(*reloader));
    // NOTE: room for the longest name made from it ("<name>_loaded_<pid>_<version>.dll" beside
    // "<name>.dll"), so no derived path is ever cut short.
    const umm derivedNameRoom = 48;
    b32 havePath = Win32GetFullPathUtf8(gameDllPath, reloader->sourcePath, sizeof(reloader->sourcePath));
    if (havePath && strlen(reloader->sourcePath) + derivedNameRoom >= sizeof(reloader->sourcePath))
    {
        SetLastError(ERROR_FILENAME_EXCED_RANGE);
        havePath = 0;
    }
    if (!havePath)
    {
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        Win32Log(LogLevel_Error, "reload: cannot use the game DLL path '%s': %s; running without game code",
                 gameDllPath, reason);
        reloader->sourcePath[0] = 0;
        return;
    }

    char directory[WIN32_PATH_BYTES];
    FormatText(directory, sizeof(directory), "%s", reloader->sourcePath);
    Win32KeepDirectory(directory);
    FormatText(reloader->lockPath, sizeof(reloader->lockPath), "%slock.tmp", directory);
    // NOTE: copies are named after the DLL ("starter.dll" -> "starter_loaded_<pid>_<version>.dll"),
    // so two games built into one folder never take each other's copies for stale ones.
    const char *fileName = reloader->sourcePath + strlen(directory);
    const char *extension = strrchr(fileName, '.');
    int stemLength = (int)(extension ? extension - fileName : (s64)strlen(fileName));
    FormatText(reloader->copyPrefix, sizeof(reloader->copyPrefix), "%s%.*s_loaded_", directory, stemLength, fileName);
    if (deleteStaleCopies) Win32DeleteStaleGameCodeCopies(reloader);
}

internal u64 Win32FileTimeValue(FILETIME time)
{
    return ((u64)time.dwHighDateTime << 32) | time.dwLowDateTime;
}

internal void Win32RetryRefusedBuild(win32_reloader *reloader)
{
    InterlockedExchange(&reloader->retryRequested, 1);
}

// When the build's lock file went: deleting it wrote its folder, so the folder's write time says
// when (not when the watch happened to look), unless something wrote the folder since.
internal void Win32NoteLockGoneTime(win32_reloader *reloader)
{
    FILETIME now;
    GetSystemTimeAsFileTime(&now);
    reloader->lockGoneTime = now;
    char directory[WIN32_PATH_BYTES];
    FormatText(directory, sizeof(directory), "%s", reloader->lockPath);
    Win32KeepDirectory(directory);
    umm length = strlen(directory);
    if (length > 3 && (directory[length - 1] == '\\' || directory[length - 1] == '/')) directory[length - 1] = 0;
    WIN32_FILE_ATTRIBUTE_DATA data;
    if (Win32GetFileAttributesUtf8(directory, &data) &&
        Win32FileTimeValue(data.ftLastWriteTime) <= Win32FileTimeValue(now))
        reloader->lockGoneTime = data.ftLastWriteTime;
}

internal b32 Win32GameCodeChanged(win32_reloader *reloader)
{
    if (InterlockedExchange(&reloader->retryRequested, 0)) memset(&reloader->attempted, 0, sizeof(reloader->attempted));
    if (Win32FileExists(reloader->lockPath))
    {
        if (!reloader->loggedWaitingOnLock)
        {
            Win32Log(LogLevel_Info, "reload: build in progress (lock file present), waiting");
            reloader->loggedWaitingOnLock = 1;
        }
        reloader->lockSeen = 1;
        return 0;
    }
    reloader->loggedWaitingOnLock = 0;
    if (reloader->lockSeen) Win32NoteLockGoneTime(reloader);
    reloader->lockSeen = 0;

    win32_file_stamp stamp = Win32GetFileStamp(reloader->sourcePath);
    if (!stamp.exists)
    {
        if (!reloader->loggedMissingSource)
        {
            Win32Log(LogLevel_Warning, "reload: '%s' does not exist; running the code already loaded",
                     reloader->sourcePath);
            reloader->loggedMissingSource = 1;
        }
        return 0;
    }
    reloader->loggedMissingSource = 0;
    if (Win32SameFileStamp(stamp, reloader->attempted)) return 0;
    FILETIME now;
    GetSystemTimeAsFileTime(&now);
    u64 since = Maximum(Win32FileTimeValue(stamp.writeTime), Win32FileTimeValue(reloader->lockGoneTime));
    u64 nowValue = Win32FileTimeValue(now);
    reloader->writtenAgoSeconds = nowValue > since ? (f64)(nowValue - since) * 1e-7 : 0.0;
    return 1;
}

global win32_undeleted_copies globalUndeletedCopies;

internal void Win32RetryUndeletedCopies(void)
{
    win32_undeleted_copies *copies = &globalUndeletedCopies;
    for (u32 index = 0; index < copies->count;)
    {
        if (Win32DeleteFileUtf8(copies->paths[index]) || GetLastError() == ERROR_FILE_NOT_FOUND)
        {
            --copies->count;
            memcpy(copies->paths[index], copies->paths[copies->count], WIN32_PATH_BYTES);
        }
        else ++index;
    }
}

struct win32_copy_holds
{
    char paths[WIN32_COPY_HOLDS][WIN32_PATH_BYTES];
    u32 holds[WIN32_COPY_HOLDS];        // references per path (0: the slot is free)
    b32 deleteWanted[WIN32_COPY_HOLDS]; // Win32DeleteCopy was asked while it was held
};
global win32_copy_holds globalCopyHolds;

internal s32 Win32FindCopyHold(const char *path)
{
    for (u32 index = 0; index < WIN32_COPY_HOLDS; ++index)
        if (globalCopyHolds.holds[index] && strcmp(globalCopyHolds.paths[index], path) == 0) return (s32)index;
    return -1;
}

internal b32 Win32CopyIsHeld(const char *path)
{
    return path[0] && Win32FindCopyHold(path) >= 0;
}

internal void Win32HoldCopy(const char *path)
{
    if (!path[0]) return;
    win32_copy_holds *copies = &globalCopyHolds;
    s32 found = Win32FindCopyHold(path);
    if (found >= 0)
    {
        ++copies->holds[found];
        return;
    }
    for (u32 index = 0; index < WIN32_COPY_HOLDS; ++index)
    {
        if (copies->holds[index]) continue;
        FormatText(copies->paths[index], WIN32_PATH_BYTES, "%s", path);
        copies->holds[index] = 1;
        copies->deleteWanted[index] = 0;
        return;
    }
    // NOTE: the owners hold at most WIN32_COPY_HOLDS copies; past that a copy could be deleted while
    // loaded, which Windows refuses (and Win32DeleteCopy then retries it later): nothing breaks.
    Assert(!"more private copies held than WIN32_COPY_HOLDS");
}

internal void Win32ReleaseCopyHold(const char *path)
{
    win32_copy_holds *copies = &globalCopyHolds;
    s32 found = path[0] ? Win32FindCopyHold(path) : -1;
    if (found < 0 || --copies->holds[found]) return;
    if (copies->deleteWanted[found]) Win32DeleteCopy(path);
}

internal void Win32DeleteCopy(const char *path)
{
    Win32RetryUndeletedCopies();
    if (Win32PointerGuardHoldsPath(path)) return;   // still loaded; deleted when released (win32_pointer_scan.cpp)
    s32 held = path[0] ? Win32FindCopyHold(path) : -1;
    if (held >= 0)
    {
        // Still loaded by its other owner: deleted at its last release (Win32ReleaseCopyHold).
        globalCopyHolds.deleteWanted[held] = 1;
        return;
    }
    if (!path[0]) return;
    b32 symbolsReleased = Win32ReleaseSymbolsOfFile(path);
    if (Win32DeleteFileUtf8(path)) return;
    win32_undeleted_copies *copies = &globalUndeletedCopies;
    b32 queued = copies->count < WIN32_UNDELETED_COPIES;
    if (queued) FormatText(copies->paths[copies->count++], WIN32_PATH_BYTES, "%s", path);
    Win32Log(LogLevel_Warning, "reload: could not delete copy '%s' (a debugger %smay hold it)%s", path,
             symbolsReleased ? "" : "or the symbol loader ", queued ? "; retrying at later swaps and at exit" : "");
}

internal void Win32UnloadGameCode(win32_game_code *code)
{
    if (code->module && Win32IsRunningGameCode(code)) Win32NotifyGameCodeUnloading(code, Win32PointerGuardIsShuttingDown());
    // Its StartGameThread threads: stopped (or interrupted) before their code goes (win32_game_threads.h).
    Win32StopGameThreadsOf(code->module, code->version);
    // NOTE: while game memory points into the module, or a thread runs in it, it stays loaded
    // (win32_pointer_scan.cpp, win32_thread_scan.cpp).
    if (code->module && !Win32PointerGuardKeepsModule(code))
    {
        Win32TraceDrain();  // --trace: names the code recorded are read before it goes
        FreeLibrary(code->module);
        Win32DeleteCopy(code->loadedPath);
    }
    Win32ResetGameCodeToStubs(code);
}

internal void Win32RetireGameCodeAsFallback(win32_reloader *reloader, win32_game_code *code)
{
    Win32RetryUndeletedCopies();
    if (!code->module)
    {
        Win32ResetGameCodeToStubs(code);
        return;
    }
    if (Win32IsRunningGameCode(code)) Win32NotifyGameCodeUnloading(code, 0);
    Win32StopGameThreadsOf(code->module, code->version);
    if (!Win32PointerGuardKeepsModule(code))
    {
        Win32TraceDrain();  // --trace: names the code recorded are read before it goes
        FreeLibrary(code->module);
    }
    // NOTE: deleting a file (and dropping its symbols) costs milliseconds under Wine: the reload
    // loader does it beside the frames when it runs.
    if (reloader->haveFallback && !Win32PointerGuardHoldsPath(reloader->fallbackPath) &&
        !Win32DeleteCopyBesideTheFrames(reloader->fallbackPath))
        Win32DeleteCopy(reloader->fallbackPath);
    reloader->haveFallback = 1;
    FormatText(reloader->fallbackPath, sizeof(reloader->fallbackPath), "%s", code->loadedPath);
    reloader->fallbackVersion = code->version;
    Win32ResetGameCodeToStubs(code);
}

// The address range a loaded module occupies, from its PE header (no psapi needed).
internal void Win32SetModuleRange(win32_game_code *code, HMODULE module)
{
    u8 *base = (u8 *)module;
    IMAGE_DOS_HEADER *dosHeader = (IMAGE_DOS_HEADER *)base;
    IMAGE_NT_HEADERS *ntHeaders = (IMAGE_NT_HEADERS *)(base + dosHeader->e_lfanew);
    code->moduleBase = base;
    code->moduleSize = ntHeaders->OptionalHeader.SizeOfImage;
}

// Resolves the exports of a loaded module into code; false with the missing names listed.
internal b32 Win32ResolveGameExports(HMODULE module, win32_game_code *code, char *missing, umm missingSize)
{
    missing[0] = 0;
#define X(exportName, type)                                                                        \
    code->exportName = (type *)(void *)GetProcAddress(module, #exportName);                        \
    if (!code->exportName)                                                                         \
        AppendFormat(missing, missingSize, " %s", #exportName);
    GAME_EXPORT_NAMES(X)
#undef X
    code->stateLayout = (const game_state_layout *)(void *)GetProcAddress(module, GAME_STATE_LAYOUT_EXPORT_NAME);
    code->gameMigrateState = (game_migrate_state *)(void *)GetProcAddress(module, GAME_MIGRATE_STATE_EXPORT_NAME);
    code->gameCodeUnloading = (game_code_unloading *)(void *)GetProcAddress(module, GAME_CODE_UNLOADING_EXPORT_NAME);
    return missing[0] == 0;
}

// Copies the build to its private name under a new version. Retry when a linker still has it
// open; Failed (logged, the build written off) on any other error.
internal win32_load_outcome Win32CopyBuild(win32_reloader *reloader, const char *sourcePath, win32_file_stamp stamp,
                                           char *copyPath, umm copyPathSize, u32 *version)
{
    u32 lastVersion = reloader->lastVersion;
    *version = lastVersion + 1;
    FormatText(copyPath, copyPathSize, "%s%lu_%u.dll", reloader->copyPrefix, (unsigned long)GetCurrentProcessId(), *version);
    if (!Win32CopyFileUtf8(sourcePath, copyPath, FALSE))
    {
        DWORD error = GetLastError();
        // NOTE: a sharing violation means a linker still has the file open: try again soon rather
        // than writing this build off.
        if (error == ERROR_SHARING_VIOLATION || error == ERROR_LOCK_VIOLATION)
        {
            if (!reloader->loggedCopyRetry)
                Win32Log(LogLevel_Info, "reload: '%s' is still being written; retrying", sourcePath);
            reloader->loggedCopyRetry = 1;
            return GameCodeLoad_Retry;
        }
        char reason[256];
        Win32ErrorText(error, reason, sizeof(reason));
        Win32Log(LogLevel_Error, "reload: cannot copy '%s' to '%s': %s", sourcePath, copyPath, reason);
        reloader->attempted = stamp;
        return GameCodeLoad_Failed;
    }
    // NOTE: a rollback on the main thread may have taken this version meanwhile: then try again.
    if ((u32)InterlockedCompareExchange((volatile LONG *)&reloader->lastVersion, (LONG)*version, (LONG)lastVersion) != lastVersion)
    {
        Win32DeleteFileUtf8(copyPath);
        return GameCodeLoad_Retry;
    }
    reloader->loggedCopyRetry = 0;
    reloader->attempted = stamp;
    return GameCodeLoad_Loaded;
}

// Exports resolved and checked (win32_game_exports.cpp): false, logged, when the build is refused.
internal b32 Win32CheckCandidateExports(win32_reloader *reloader, HMODULE module, win32_game_code *candidate)
{
    char missing[256];
    Win32ResolveGameExports(module, candidate, missing, sizeof(missing));
    if (missing[0])
    {
        Win32Log(LogLevel_Error, "reload: '%s' lacks required export(s):%s; keeping the code already "
                 "loaded; will retry when the file changes", reloader->sourcePath, missing);
        return 0;
    }
    // Nothing the build exports is trusted: see win32_game_exports.cpp.
    void *functions[8];
    const char *functionNames[8];
    u32 functionCount = 0;
#define X(exportName, type) functions[functionCount] = (void *)candidate->exportName; functionNames[functionCount++] = #exportName;
    GAME_EXPORT_NAMES(X)
#undef X
    if (candidate->gameMigrateState)
    {
        functions[functionCount] = (void *)candidate->gameMigrateState;
        functionNames[functionCount++] = GAME_MIGRATE_STATE_EXPORT_NAME;
    }
    if (candidate->gameCodeUnloading)
    {
        functions[functionCount] = (void *)candidate->gameCodeUnloading;
        functionNames[functionCount++] = GAME_CODE_UNLOADING_EXPORT_NAME;
    }
    char reason[400];
    if (!Win32CheckGameExports(module, functions, functionNames, functionCount, candidate->gameGetContractVersion,
                               candidate->stateLayout, &reloader->candidateLayout, reason, sizeof(reason)))
    {
        Win32Log(LogLevel_Error, "reload: '%s' refused: %s; keeping the code already loaded; will retry when the "
                 "file changes", reloader->sourcePath, reason);
        return 0;
    }
    return 1;
}

internal win32_load_outcome Win32LoadGameCodeFrom(win32_reloader *reloader, const char *sourcePath,
                                                  win32_game_code *candidate, win32_load_figures *figures)
{
    memset(figures, 0, sizeof(*figures));
    Win32ResetGameCodeToStubs(candidate);
    win32_file_stamp stamp = Win32GetFileStamp(sourcePath);
    f64 start = Win32Seconds();
    char copyPath[WIN32_PATH_BYTES];
    u32 version = 0;
    win32_load_outcome copied = Win32CopyBuild(reloader, sourcePath, stamp, copyPath, sizeof(copyPath), &version);
    if (copied != GameCodeLoad_Loaded) return copied;
    f64 copiedAt = Win32Seconds();
    figures->copySeconds = copiedAt - start;

    HMODULE module = Win32LoadLibraryUtf8(copyPath);
    f64 loadedAt = Win32Seconds();
    figures->loadSeconds = loadedAt - copiedAt;
    if (!module)
    {
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        Win32Log(LogLevel_Error, "reload: '%s' (%llu bytes) is not a loadable DLL: %s; keeping the code "
                 "already loaded; will retry when the file changes", sourcePath,
                 (unsigned long long)stamp.size, reason);
        Win32DeleteFileUtf8(copyPath);
        return GameCodeLoad_Failed;
    }

    Win32PatchGameImports(module);
    b32 ok = Win32CheckCandidateExports(reloader, module, candidate);
    if (ok) Win32RequestModuleSymbols(module);
    else Win32ResetGameCodeToStubs(candidate);       // none of its exports is ever called
    candidate->module = module;
    Win32SetModuleRange(candidate, module);
    candidate->version = version;
    candidate->isValid = ok;
    FormatText(candidate->loadedPath, sizeof(candidate->loadedPath), "%s", copyPath);
    figures->checkSeconds = Win32Seconds() - loadedAt;
    return ok ? GameCodeLoad_Loaded : GameCodeLoad_Refused;
}

internal win32_load_outcome Win32LoadGameCodeCandidate(win32_reloader *reloader, win32_game_code *candidate,
                                                       win32_load_figures *figures)
{
    return Win32LoadGameCodeFrom(reloader, reloader->sourcePath, candidate, figures);
}

internal void Win32DisposeRefusedGameCode(win32_game_code *refused)
{
    // NOTE: its DllMain may have started a thread that runs in it: then it stays loaded.
    if (refused->module && !Win32PointerGuardKeepsModule(refused))
    {
        Win32TraceDrain();  // --trace: its load-time exports may have recorded names
        FreeLibrary(refused->module);
        Win32DeleteFileUtf8(refused->loadedPath);
    }
    Win32ResetGameCodeToStubs(refused);
}

internal b32 Win32LoadBuildAs(const char *copyPath, u32 version, win32_game_code *code)
{
    HMODULE module = Win32LoadLibraryUtf8(copyPath);
    if (module) Win32PatchGameImports(module);
    char missing[256] = "";
    if (!module || !Win32ResolveGameExports(module, code, missing, sizeof(missing)))
    {
        if (module) FreeLibrary(module);
        Win32ResetGameCodeToStubs(code);
        return 0;
    }
    code->module = module;
    Win32RequestModuleSymbols(module);
    Win32SetModuleRange(code, module);
    code->isValid = 1;
    code->version = version;
    FormatText(code->loadedPath, sizeof(code->loadedPath), "%s", copyPath);
    return 1;
}

internal b32 Win32CopyBuildAs(win32_reloader *reloader, const char *sourcePath, u32 version, win32_game_code *code)
{
    // NOTE: "_past": not the name the rollback target's copy of the same version takes (a build the
    // history spans is often the rollback target too).
    char copy[WIN32_PATH_BYTES];
    FormatText(copy, sizeof(copy), "%s%lu_%u_past.dll", reloader->copyPrefix, (unsigned long)GetCurrentProcessId(), version);
    if (!Win32CopyFileUtf8(sourcePath, copy, FALSE))
    {
        Win32ResetGameCodeToStubs(code);
        return 0;
    }
    if (Win32LoadBuildAs(copy, version, code)) return 1;
    Win32DeleteFileUtf8(copy);
    return 0;
}

internal void Win32RollBackGameCode(win32_reloader *reloader, win32_game_code *code)
{
    u32 crashedVersion = code->version;
    Win32UnloadGameCode(code);
    if (!reloader->haveFallback)
    {
        Win32Log(LogLevel_Warning, "rollback: no earlier good build to return to; running without game code "
                 "until a new build appears");
        return;
    }
    reloader->haveFallback = 0;
    u32 version = (u32)InterlockedIncrement((volatile LONG *)&reloader->lastVersion);
    if (!Win32LoadBuildAs(reloader->fallbackPath, version, code))
    {
        Win32Log(LogLevel_Error, "rollback: the earlier build '%s' could not be loaded again; running without "
                 "game code until a new build appears", reloader->fallbackPath);
        Win32DeleteCopy(reloader->fallbackPath);
        return;
    }
    Win32Log(LogLevel_Info, "rollback: running the code of version %u again, as version %u (version %u will not "
             "be loaded again; rebuild to try new code)", reloader->fallbackVersion, code->version, crashedVersion);
}

internal void Win32ShutdownGameCode(win32_reloader *reloader, win32_game_code *code)
{
    Win32StopReloadLoader();
    Win32BeginPointerGuardShutdown();
    Win32UnloadGameCode(code);
    if (reloader->haveFallback) Win32DeleteCopy(reloader->fallbackPath);
    reloader->haveFallback = 0;
    Win32ReleaseAllHeldImages();
    Win32RetryUndeletedCopies();
    Win32LogSymbolCosts();
}
