//~ Hot reloading of game.dll
//
// Every frame the platform asks Win32GameCodeChanged(). A new build is loaded only when the build
// lock file is gone (so the compiler has also finished the PDB), from a copy with a unique name
// (so the build can overwrite game.dll while we run and the debugger keeps its symbols), by full
// path (never through the DLL search path). The old code keeps running until the new one has
// proved loadable, exports everything and speaks our contract version; only then is all queued
// work drained and the old module freed. A bad build is logged once and never retried until the
// file changes again.

struct win32_game_code
{
    HMODULE module;
    char loadedPath[MAX_PATH];          // the private copy this module was loaded from
    u32 version;                        // reload version; 0 = stubs, nothing loaded
    b32 isValid;
#define X(exportName, type) type *exportName;
    GAME_EXPORT_NAMES(X)
#undef X
};

struct win32_file_stamp
{
    FILETIME writeTime;
    u64 size;
    b32 exists;
};

struct win32_reloader
{
    char sourcePath[MAX_PATH];          // full path of game.dll as the build writes it
    char lockPath[MAX_PATH];            // present while a build is writing the DLL and its PDB
    char copyPrefix[MAX_PATH];          // full path prefix of the private copies
    win32_file_stamp attempted;         // the build we last tried, good or bad
    u32 lastVersion;                    // versions only ever increase, even across failed loads
    b32 loggedWaitingOnLock;
    b32 loggedMissingSource;
    b32 loggedCopyRetry;
};

internal win32_file_stamp Win32GetFileStamp(const char *path)
{
    win32_file_stamp stamp = {};
    WIN32_FILE_ATTRIBUTE_DATA data;
    if (GetFileAttributesExA(path, GetFileExInfoStandard, &data))
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
    code->loadedPath[0] = 0;
    code->version = 0;
    code->isValid = 0;
    code->gameUpdateAndRender = gameUpdateAndRenderStub;
    code->gameGetSoundSamples = gameGetSoundSamplesStub;
    code->DEBUGGameEndFrame = DEBUGGameEndFrameStub;
    code->gameGetContractVersion = 0;
}

// Deletes private copies left behind by earlier runs that did not exit cleanly.
internal void Win32DeleteStaleGameCodeCopies(win32_reloader *reloader)
{
    char pattern[MAX_PATH + 8];
    snprintf(pattern, sizeof(pattern), "%s*.dll", reloader->copyPrefix);
    char directory[MAX_PATH];
    snprintf(directory, sizeof(directory), "%s", reloader->copyPrefix);
    char *lastSlash = strrchr(directory, '\\');
    if (lastSlash) lastSlash[1] = 0; else directory[0] = 0;

    WIN32_FIND_DATAA found;
    HANDLE search = FindFirstFileA(pattern, &found);
    if (search == INVALID_HANDLE_VALUE) return;
    do
    {
        char path[MAX_PATH * 2];
        snprintf(path, sizeof(path), "%s%s", directory, found.cFileName);
        if (DeleteFileA(path)) Win32Log(LogLevel_Info, "reload: deleted stale copy '%s'", found.cFileName);
    } while (FindNextFileA(search, &found));
    FindClose(search);
}

internal void Win32InitReloader(win32_reloader *reloader, const char *gameDllPath)
{
    memset(reloader, 0, sizeof(*reloader));
    GetFullPathNameA(gameDllPath, MAX_PATH, reloader->sourcePath, 0);

    char directory[MAX_PATH];
    snprintf(directory, sizeof(directory), "%s", reloader->sourcePath);
    char *lastSlash = strrchr(directory, '\\');
    if (lastSlash) lastSlash[1] = 0; else directory[0] = 0;
    snprintf(reloader->lockPath, sizeof(reloader->lockPath), "%slock.tmp", directory);
    snprintf(reloader->copyPrefix, sizeof(reloader->copyPrefix), "%sgame_loaded_", directory);
    Win32DeleteStaleGameCodeCopies(reloader);
}

// True when a build different from the last one we tried is complete and ready to load.
internal b32 Win32GameCodeChanged(win32_reloader *reloader)
{
    if (Win32FileExists(reloader->lockPath))
    {
        if (!reloader->loggedWaitingOnLock)
        {
            Win32Log(LogLevel_Info, "reload: build in progress (lock file present), waiting");
            reloader->loggedWaitingOnLock = 1;
        }
        return 0;
    }
    reloader->loggedWaitingOnLock = 0;

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
    return !Win32SameFileStamp(stamp, reloader->attempted);
}

internal void Win32UnloadGameCode(win32_game_code *code)
{
    if (code->module)
    {
        FreeLibrary(code->module);
        if (code->loadedPath[0] && !DeleteFileA(code->loadedPath))
        {
            Win32Log(LogLevel_Warning, "reload: could not delete old copy '%s'", code->loadedPath);
        }
    }
    Win32ResetGameCodeToStubs(code);
}

// Loads the current build into *candidate. On any failure logs why, leaves *candidate as stubs
// and remembers the build so it is not retried until the file changes again.
internal b32 Win32LoadGameCodeCandidate(win32_reloader *reloader, win32_game_code *candidate)
{
    Win32ResetGameCodeToStubs(candidate);
    win32_file_stamp stamp = Win32GetFileStamp(reloader->sourcePath);
    u32 version = reloader->lastVersion + 1;

    char copyPath[MAX_PATH];
    snprintf(copyPath, sizeof(copyPath), "%s%lu_%u.dll", reloader->copyPrefix,
             (unsigned long)GetCurrentProcessId(), version);
    if (!CopyFileA(reloader->sourcePath, copyPath, FALSE))
    {
        DWORD error = GetLastError();
        // NOTE: a sharing violation means a linker still has the file open: try again next frame
        // rather than writing this build off.
        if (error == ERROR_SHARING_VIOLATION || error == ERROR_LOCK_VIOLATION)
        {
            if (!reloader->loggedCopyRetry)
                Win32Log(LogLevel_Info, "reload: '%s' is still being written; retrying", reloader->sourcePath);
            reloader->loggedCopyRetry = 1;
            return 0;
        }
        char reason[256];
        Win32ErrorText(error, reason, sizeof(reason));
        Win32Log(LogLevel_Error, "reload: cannot copy '%s' to '%s': %s", reloader->sourcePath, copyPath, reason);
        reloader->attempted = stamp;
        return 0;
    }
    reloader->loggedCopyRetry = 0;
    reloader->attempted = stamp;
    reloader->lastVersion = version;

    HMODULE module = LoadLibraryExA(copyPath, 0, LOAD_WITH_ALTERED_SEARCH_PATH);
    if (!module)
    {
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        Win32Log(LogLevel_Error, "reload: '%s' (%llu bytes) is not a loadable DLL: %s; keeping the code "
                 "already loaded; will retry when the file changes", reloader->sourcePath,
                 (unsigned long long)stamp.size, reason);
        DeleteFileA(copyPath);
        return 0;
    }

    char missing[256] = "";
#define X(exportName, type)                                                                        \
    candidate->exportName = (type *)(void *)GetProcAddress(module, #exportName);                   \
    if (!candidate->exportName)                                                                    \
        snprintf(missing + strlen(missing), sizeof(missing) - strlen(missing), " %s", #exportName);
    GAME_EXPORT_NAMES(X)
#undef X

    b32 ok = (missing[0] == 0);
    if (!ok)
    {
        Win32Log(LogLevel_Error, "reload: '%s' lacks required export(s):%s; keeping the code already "
                 "loaded; will retry when the file changes", reloader->sourcePath, missing);
    }
    else
    {
        u32 contract = candidate->gameGetContractVersion();
        if (contract != GAME_CONTRACT_VERSION)
        {
            Win32Log(LogLevel_Error, "reload: '%s' was built against contract version %u but this exe "
                     "speaks %u; rebuild both (build.bat); keeping the code already loaded",
                     reloader->sourcePath, contract, (u32)GAME_CONTRACT_VERSION);
            ok = 0;
        }
    }

    if (!ok)
    {
        FreeLibrary(module);
        DeleteFileA(copyPath);
        Win32ResetGameCodeToStubs(candidate);
        return 0;
    }

    candidate->module = module;
    candidate->version = version;
    candidate->isValid = 1;
    snprintf(candidate->loadedPath, sizeof(candidate->loadedPath), "%s", copyPath);
    return 1;
}

// At exit: free the module and its private copy.
internal void Win32ShutdownGameCode(win32_game_code *code)
{
    Win32UnloadGameCode(code);
}
