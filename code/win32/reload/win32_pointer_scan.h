#ifndef WIN32_POINTER_SCAN_H
#define WIN32_POINTER_SCAN_H
//~ Pointers into old game code left in game memory
//
// Before a module that has run is freed (reload, rollback after a crash, F10 reset), every page of
// game memory ever written (and of the live loop's marked copy while a loop is on) is scanned for
// 8-byte-aligned values inside that module's image: a
// string literal, a function or a global of the old DLL kept in game state would dangle once it
// is freed. Each one found is logged with where it sits (offset, and the registered struct field
// when the state layout covers it) and what it points at (section, offset, nearest export or
// symbol, the text of a string literal).
// Policy: by default the module is kept loaded (with its private copy) while anything points into
// it, so nothing dangles; it is rescanned every WIN32_POINTER_RESCAN_FRAMES frames and at every
// swap, and released as soon as a scan finds nothing pointing into it. --strict-pointers refuses a
// reload instead, like a layout change. The cost of a scan grows with the pages ever written,
// never with the size of the reservation.
// The same held images keep a module that a thread of the game is still inside
// (win32_thread_scan.cpp): it is released at the first rescan that finds neither.
// Tested by: tests/suites/suite_reload_pointers.sh (plus tests/unit/test_pointer_scan.cpp)

#include "platform/platform_pointer_scan.h"
#include "platform/platform_pe_image.h"
#define WIN32_MAX_HELD_IMAGES 8
#define WIN32_POINTER_RESCAN_FRAMES 30
#define WIN32_POINTER_HITS_KEPT 64
#define WIN32_POINTER_HITS_LOGGED 8

struct win32_held_image
{
    HMODULE module;
    u64 base;
    u64 size;
    u32 version;
    b32 heldForThreads;                 // a thread was inside it when it was to be freed
    char loadedPath[MAX_PATH];          // its private copy, deleted when it is released
};

struct win32_pointer_guard
{
    b32 initialized;
    b32 strict;                         // --strict-pointers
    b32 shuttingDown;
    char pendingNotice[112];            // posted on screen by the next reload step
    win32_memory_snapshot *snapshot;    // pages ever written, and game memory itself
    const u8 *loopMark;                 // the live loop's copy of game memory while a loop is on:
                                        //   restoring it must not bring back a dangling pointer
    u64 permanentSize;
    const state_layout *memoryLayout;   // the layout of the state now in game memory
    const win32_game_code *runningCode; // only this code's modules are scanned before release
    const char *fallbackPath;           // copies still needed by the reloader are never deleted here
    const b32 *haveFallback;
    win32_held_image held[WIN32_MAX_HELD_IMAGES];
    u32 heldCount;
    u32 framesSinceRescan;
    pointer_scan_hit hits[WIN32_POINTER_HITS_KEPT];
    // Figures
    f64 lastScanSeconds;
    u64 lastScanBytes;
    f64 swapScanSeconds;                // scans done during the current reload step
    f64 swapThreadScanSeconds;          // thread scans during the current reload step
    u32 swapThreadsScanned;
};

// Main thread, once the memory snapshot exists and before the first build loads. strict
// (--strict-pointers): a reload is refused while game memory points into the old game code.
internal void Win32InitPointerGuard(b32 strict, win32_memory_snapshot *snapshot, u64 permanentSize,
                                    const state_layout *memoryLayout, const win32_game_code *runningCode,
                                    const char *fallbackPath, const b32 *haveFallback);
// Every frame, before the reload check (main thread): starts the guard on the first call, follows
// the live loop's marked copy, rescans the held images (Win32RescanHeldImages), posts the guard's
// notice on screen, and starts the reload step's scan figures over.
internal void Win32PointerGuardFrameStep(win32_state *state);
// The layout of the state now in game memory: pointers found in it are named by it.
internal void Win32SetPointerGuardLayout(const state_layout *memoryLayout);
// The scans of the current reload step (since Win32PointerGuardFrameStep): pointer scans' seconds,
// thread scans' seconds and how many threads the last scan of the code being freed looked at.
internal void Win32GetSwapScanFigures(f64 *pointerSeconds, f64 *threadSeconds, u32 *threadsScanned);
// What the guard was given at start (null before): the snapshot of game memory and the running code.
internal win32_memory_snapshot *Win32PointerGuardSnapshot(void);
internal const win32_game_code *Win32PointerGuardRunningCode(void);
// The images held because something pointed into them or a thread was inside (main thread).
internal u32 Win32HeldImageCount(void);
internal const win32_held_image *Win32HeldImage(u32 index);
// True when code is the build the frame loop runs (not a candidate being checked).
internal b32 Win32IsRunningGameCode(const win32_game_code *code);
// True once Win32BeginPointerGuardShutdown ran (exit: held images are released, not kept).
internal b32 Win32PointerGuardIsShuttingDown(void);
// True when the private copy at path is still loaded because something points into it (its file
// must not be deleted yet).
internal b32 Win32PointerGuardHoldsPath(const char *path);
// The address range [base, base + size) as a pointer-scan target.
internal pointer_scan_target Win32ModuleTarget(u64 base, u64 size);
// Rescans the held images (every WIN32_POINTER_RESCAN_FRAMES frames, or now when force is set)
// and releases those nothing points into any more. Main thread, nothing running in game memory.
internal void Win32RescanHeldImages(b32 force);
// Counts the pointers into a module: the check --strict-pointers makes before a reload. The hits
// stay in the guard for Win32LogPointersIntoCode. Main thread, nothing running in game memory.
internal u64 Win32CountPointersIntoCode(const win32_game_code *code);
// Logs the pointers into code's image the last scan found, at level (main thread, after a scan).
internal void Win32LogPointersIntoCode(const win32_game_code *code, log_level level);
// Called right before a module that has run is freed. Every thread not the platform's is looked
// at (win32_thread_scan.cpp); for the running code, game memory (and the live loop's marked copy
// of it while a loop is on) is also scanned for pointers into it (and into the images already
// held). With neither, returns false and the caller frees it as usual. With either, logs them,
// keeps the module loaded and its copy on disk, and returns true: the caller must then neither
// free the module nor delete its copy.
internal b32 Win32PointerGuardKeepsModule(const win32_game_code *code);
// The same for a build that is not the running one and was kept loaded after it stopped running (a
// build the timeline's history spanned, win32/timeline/win32_timeline.h): game memory is scanned for
// pointers into it too (a resume in the past brings its state back), unless the guard is shutting
// down. False without a look when the running build is the same module (a rollback's) or the guard
// holds that module already (its own reference stays until nothing is inside). True: the
// guard now holds the caller's reference (neither free it nor delete its copy).
internal b32 Win32PointerGuardKeepsPastModule(const win32_game_code *code);
// At exit, before the running code is unloaded: game memory is not scanned any more (threads still are).
internal void Win32BeginPointerGuardShutdown(void);
// At exit, after the running code was unloaded: every held image is freed and its copy deleted.
internal void Win32ReleaseAllHeldImages(void);

#endif  // WIN32_POINTER_SCAN_H
