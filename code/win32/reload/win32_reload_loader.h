#ifndef WIN32_RELOAD_LOADER_H
#define WIN32_RELOAD_LOADER_H
//~ The reload loader: a new build loaded beside the frames
//
// One platform thread (named "reload loader"; it never runs the code being replaced) watches the
// game DLL every WIN32_RELOAD_POLL_MS milliseconds (lock file, size and write time:
// Win32GameCodeChanged) and, for a new build, does everything that needs no frame boundary: the
// copy, LoadLibrary (the build's DllMain runs on this thread), the import patches, the export,
// contract and layout checks, the symbol request. The old build keeps running frames meanwhile.
// Then the two halves of the swap's scans that can run beside the frames: the pointer scan of the
// snapshot's copy (win32_pointer_prescan.h) and the thread precheck (win32_thread_scan.h).
// The main thread and the loader hand the build over through `phase` (interlocked), one step each:
//   Watching  -(loader: a build loaded)->  WantMark  -(main, between frames: prescan marked)->
//   Marked  -(loader: prescan and precheck done)->  Ready  -(main: swapped or refused)->  Watching
//   Watching  -(loader: a build refused after its module loaded)->  Refused  -(main: freed)-> Watching
// A build refused before it loaded (no file, not a DLL) is logged by the loader and counted in
// failedBuilds; the main thread posts the notice. The loader never touches the running code, the
// pointer guard or game memory (it only reads the snapshot's copy and bitmaps).
// Started after the first build is loaded on the main thread (the first frame runs game code), and
// never in a replay, whose builds change at recorded frames (Win32ReloadStep loads those itself).
// Tested by: tests/suites/suite_reload_pointers.sh, tests/suites/suite_platform.sh

#define WIN32_RELOAD_POLL_MS 3
#define WIN32_RELOAD_DELETES 8
#define WIN32_RELOAD_DELETE_RETRY_POLLS 100     // a copy that cannot be deleted yet: tried again every ~0.3 s

// A private copy the loader deletes (and whose symbols it drops) beside the frames.
struct win32_pending_delete
{
    volatile LONG filled;               // set by the main thread once path is written; cleared by the loader
    u32 pollsToRetry;
    b32 logged;
    char path[WIN32_PATH_BYTES];
};

enum win32_reload_loader_phase
{
    ReloadLoader_Watching,
    ReloadLoader_WantMark,
    ReloadLoader_Marked,
    ReloadLoader_Ready,
    ReloadLoader_Refused,
};

struct win32_reload_loader
{
    HANDLE thread;
    HANDLE wake;
    b32 startTried;
    volatile LONG phase;                // win32_reload_loader_phase
    volatile LONG stop;
    volatile LONG failedBuilds;         // refused before loading: a notice for the main thread to post
    win32_reloader *reloader;
    const s64 *frameCount;              // the frame loop's, read for the log only
    // The build handed over (owned by whoever `phase` says) and its figures.
    win32_game_code candidate;
    win32_load_figures figures;
    f64 writtenAgoSeconds;              // W: from the build's write (or the lock going) to being seen
    f64 loadedSeconds;                  // L: copy + load + checks
    s64 seenAtFrame;
    pointer_scan_target oldImage;       // set with the mark: the running code, for the thread precheck
    u32 oldVersion;                     //   and its version
    // The candidate's file, read beside the frames for the capsule recorder (Win32TakePrereadBuild):
    // the loader's until the swap, then handed to the main thread's slot.
    char prereadPath[WIN32_PATH_BYTES];
    u8 *preread;
    u64 prereadSize;
    char handedPrereadPath[WIN32_PATH_BYTES];
    u8 *handedPreread;
    u64 handedPrereadSize;
    win32_pending_delete deletes[WIN32_RELOAD_DELETES];
};

// Any thread: true while the loader is idle (watching the DLL, or not started), so no build is half
// loaded: a hot restart's handover waits for it.
internal b32 Win32ReloadLoaderIdle(void);

// Main thread, once the first build was tried: starts the loader thread. False (logged) when it
// cannot start; the reload step then loads on the main thread as before.
internal b32 Win32StartReloadLoader(win32_reloader *reloader, const s64 *frameCount);
// True once the loader thread runs (and until Win32StopReloadLoader).
internal b32 Win32ReloadLoaderRunning(void);
// Main thread, at the swap of the loader's build (the loader idle): its pre-read bytes become the
// main thread's, for Win32TakePrereadBuild (what was never taken is freed).
internal void Win32HandOverPreread(win32_reload_loader *loader);
// Main thread, between frames (Win32ReloadStep, while the loader runs): one step of the hand-over.
// Posts the loader's refusals on screen, marks the prescan when the loader asks, and swaps a Ready
// build in (Win32SwapToCandidate). Returns true when it swapped.
internal b32 Win32ReloadFromLoader(win32_state *state);
// Main thread: moves phase on (and wakes the loader for the steps that are its).
internal void Win32SetReloadLoaderPhase(win32_reload_loader_phase phase);
// Main thread: hands a private copy nothing holds any more (not the pointer guard, not the
// reloader) to the loader, which deletes it beside the frames, retrying while a debugger holds it.
// False when the loader does not run or has no room, or another owner holds the copy
// (Win32CopyIsHeld): then the caller deletes it with Win32DeleteCopy (which defers a held one).
internal b32 Win32DeleteCopyBesideTheFrames(const char *path);
// Main thread: the bytes of the private copy at path, when the loader read them beside the frames
// (a VirtualAlloc block the caller now owns: VirtualFree it), else 0. The capsule recorder holds a
// build that ran this way without reading its file in the frame that swaps it in.
#define WIN32_RELOAD_PREREAD_MAX_BYTES Megabytes(64)
internal u8 *Win32TakePrereadBuild(const char *path, u64 *size);
// Main thread at exit, before the running code is unloaded: stops the loader (waiting for a load
// under way, at most a few seconds), unloads a build it loaded that was never swapped in, and
// deletes the copies it had not deleted yet (Win32DeleteCopy).
internal void Win32StopReloadLoader(void);

#endif  // WIN32_RELOAD_LOADER_H
