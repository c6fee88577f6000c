#ifndef WIN32_GAME_CODE_H
#define WIN32_GAME_CODE_H
//~ Hot reloading of game.dll
//
// The reload loader's thread (win32_reload_loader.h; the main thread for the first build and in a
// replay) asks Win32GameCodeChanged() every few milliseconds. A new build is loaded only when the build
// lock file is gone (so the compiler has also finished the PDB), from a copy with a unique name
// (so the build can overwrite game.dll while we run and the debugger keeps its symbols), by full
// path (never through the DLL search path). The old code keeps running until the new one has
// proved loadable, exports everything and speaks our contract version; only then is all queued
// work drained and the old module freed. A bad build is logged once and never retried until the
// file changes again.
// Tested by: tests/suites/suite_platform.sh, tests/suites/suite_live_editing.sh, tests/suites/suite_starter_game.sh, tests/suites/suite_windows_build.sh

struct win32_game_code
{
    HMODULE module;
    u8 *moduleBase;                     // [moduleBase, +moduleSize): addresses that are game code
    u64 moduleSize;
    char loadedPath[WIN32_PATH_BYTES];          // the private copy this module was loaded from
    u32 version;                        // reload version; 0 = stubs, nothing loaded
    b32 isValid;
#define X(exportName, type) type *exportName;
    GAME_EXPORT_NAMES(X)
#undef X
    // Optional exports
    const game_state_layout *stateLayout;
    game_migrate_state *gameMigrateState;
    game_code_unloading *gameCodeUnloading;
};

struct win32_file_stamp
{
    FILETIME writeTime;
    u64 size;
    b32 exists;
};

struct win32_reloader
{
    char sourcePath[WIN32_PATH_BYTES];  // full path of game.dll as the build writes it (UTF-8)
    char lockPath[WIN32_PATH_BYTES];    // present while a build is writing the DLL and its PDB
    char copyPrefix[WIN32_PATH_BYTES];  // full path prefix of the private copies
    win32_file_stamp attempted;         // the build we last tried, good or bad
    u32 lastVersion;                    // versions only ever increase, even across failed loads
    state_layout memoryLayout;          // layout of the state now in game memory (last code that ran)
    state_layout candidateLayout;       // layout exported by the build being considered
    // The last good build before the current one, kept (freed, its copy on disk) for rollback.
    b32 haveFallback;
    char fallbackPath[WIN32_PATH_BYTES];
    u32 fallbackVersion;
    b32 resetRequested;                 // F10: load the next build with zeroed game memory
    b32 refusedForLayout;               // the last build was refused for its layout (F10 retries it)
    b32 lastSwapResetState;             // the last build swapped in started from zeroed game memory
    b32 loggedWaitingOnLock;
    b32 loggedMissingSource;
    b32 loggedCopyRetry;
    volatile LONG retryRequested;       // F10: forget the attempted stamp (whoever watches next does)
    FILETIME lockGoneTime;              // when the lock file went: its folder's write time (0: not seen)
    b32 lockSeen;
    f64 writtenAgoSeconds;              // at the last change seen: since the build was written
};

// The file's write time and size (exists 0 when it is not there); two stamps are the same build when
// all three agree. Any thread.
internal win32_file_stamp Win32GetFileStamp(const char *path);
internal b32 Win32SameFileStamp(win32_file_stamp a, win32_file_stamp b);
// Points every export at a stub that does nothing, with no module: what runs before the first
// build loads and after a build was unloaded (main thread).
internal void Win32ResetGameCodeToStubs(win32_game_code *code);
// Main thread at start-up: the full path of the game DLL and the names derived from it. A path
// that cannot be used is logged; the engine then runs without game code. deleteStaleCopies: copies
// earlier runs left behind are deleted (not by the new process of a hot restart: the old one's
// copies are still its own).
internal void Win32InitReloader(win32_reloader *reloader, const char *gameDllPath, b32 deleteStaleCopies);
// True when a build different from the last one we tried is complete and ready to load; then
// writtenAgoSeconds says how long ago it was written (or the lock went, whichever is later). Only
// one thread watches at a time (the main thread, or the reload loader's once it runs).
internal b32 Win32GameCodeChanged(win32_reloader *reloader);
// F10 (main thread): the refused build is tried again by whoever watches next.
internal void Win32RetryRefusedBuild(win32_reloader *reloader);

// Private copies that could not be deleted (a debugger keeps a loaded module's file open): retried
// at every later swap and at exit.
#define WIN32_UNDELETED_COPIES 16

struct win32_undeleted_copies
{
    char paths[WIN32_UNDELETED_COPIES][WIN32_PATH_BYTES];
    u32 count;
};

// Deletes a private copy of a build once nothing holds it (not the pointer guard, not the symbol
// loader); a copy that cannot be deleted now is retried at later swaps and at exit. Main thread.
internal void Win32DeleteCopy(const char *path);
// Frees the module and deletes its private copy.
internal void Win32UnloadGameCode(win32_game_code *code);
// A private copy another owner keeps loaded (the timeline keeps the builds its history spans,
// win32/timeline/win32_timeline.h): while held, Win32DeleteCopy only notes that its file is no longer
// wanted, and the last release deletes it then. Holds nest (one per owner's reference). Main thread.
#define WIN32_COPY_HOLDS 48
internal void Win32HoldCopy(const char *path);
internal void Win32ReleaseCopyHold(const char *path);
internal b32 Win32CopyIsHeld(const char *path);
// The code being replaced by a good new build becomes the rollback target: its module is freed,
// its copy kept on disk (and the older target's copy deleted).
internal void Win32RetireGameCodeAsFallback(win32_reloader *reloader, win32_game_code *code);
// How long each stage of loading a build took (seconds).
struct win32_load_figures
{
    f64 copySeconds;
    f64 loadSeconds;                    // LoadLibrary (the build's DllMain runs in it)
    f64 checkSeconds;                   // imports patched, exports and contract checked, layout read
};

enum win32_load_outcome
{
    GameCodeLoad_Loaded,                // *candidate holds the new build
    GameCodeLoad_Failed,                // logged; nothing loaded, or loaded and already freed
    GameCodeLoad_Refused,               // logged; *candidate holds its module (isValid 0): the main
                                        //   thread disposes of it with Win32DisposeRefusedGameCode
    GameCodeLoad_Retry,                 // the file is still being written: try again soon
};

// Loads the current build into *candidate. On any failure logs why and remembers the build so it
// is not retried until the file changes again. Runs on the main thread or on the reload loader's
// (win32_reload_loader.h): it touches only the reloader's watch fields, lastVersion (claimed with
// an interlocked exchange) and candidateLayout, never the pointer guard or the running code.
internal win32_load_outcome Win32LoadGameCodeCandidate(win32_reloader *reloader, win32_game_code *candidate,
                                                       win32_load_figures *figures);
// The same from another file than the game DLL (the new process of a hot restart loads the old
// one's private copy of the build it runs), as version lastVersion + 1. Main thread, with no loader
// thread running.
internal win32_load_outcome Win32LoadGameCodeFrom(win32_reloader *reloader, const char *sourcePath,
                                                  win32_game_code *candidate, win32_load_figures *figures);
// Main thread: a build refused after its module loaded is freed (with its copy), unless one of its
// DllMain's threads runs in it (win32_pointer_scan.h); *refused becomes stubs.
internal void Win32DisposeRefusedGameCode(win32_game_code *refused);
// After a crash: drop the crashing code and go back to the last good build, loaded again under a
// new version number (versions are never reused). Without one, stubs run until a new build appears.
// The crashing build's file stamp stays "attempted", so it is not loaded again until it changes.
internal void Win32RollBackGameCode(win32_reloader *reloader, win32_game_code *code);
// A private copy loaded as `version` (its imports patched, its exports resolved, its symbols asked
// for), with no checks of the contract or the layout: a build that already ran in this run (the
// rollback target) or in the old process of a hot restart. False (code: stubs) when it does not load
// or lacks an export. Main thread.
internal b32 Win32LoadBuildAs(const char *copyPath, u32 version, win32_game_code *code);
// The same from a copy of sourcePath made for this process (copyPrefix, pid, version, "_past"): the new
// process of a hot restart takes the old one's builds so (the old one deletes its own). The copy is
// deleted again when the load fails.
internal b32 Win32CopyBuildAs(win32_reloader *reloader, const char *sourcePath, u32 version, win32_game_code *code);
// At exit: free the module, its private copy and the rollback copy.
internal void Win32ShutdownGameCode(win32_reloader *reloader, win32_game_code *code);

#endif  // WIN32_GAME_CODE_H
