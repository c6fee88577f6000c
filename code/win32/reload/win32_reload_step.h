#ifndef WIN32_RELOAD_STEP_H
#define WIN32_RELOAD_STEP_H
//~ Between frames: swapping in a new build (with its layout check) and recovering from a crash.
// Both run on the main thread at the top of a frame, when no update job is in flight. A new build
// is loaded beside the frames by the reload loader (win32_reload_loader.h); the step only moves the
// hand-over on and swaps once it is ready, so the frame waits for the swap alone.
// Tested by: tests/suites/suite_live_editing.sh, tests/suites/suite_reload_pointers.sh, tests/suites/suite_starter_game.sh (plus tests/unit/test_state_layout.cpp)

struct win32_migrate_call
{
    game_migrate_state *migrate;
    game_memory *memory;
    const game_state_layout *oldLayout;
    const void *oldState;
    u64 oldStateSize;
    b32 result;
};

// What the log says of one reload: when the build was seen, how long its load took, where it ran.
struct win32_reload_figures
{
    b32 besideTheFrames;                // loaded by the reload loader while frames ran
    f64 writtenAgoSeconds;
    f64 loadedSeconds;
    win32_load_figures load;
};

// At a frame boundary, nothing running: the layout check, the drain, and the candidate becomes the
// running code (or is refused). Returns true when it was swapped in. Main thread (Win32ReloadStep,
// and Win32ReloadFromLoader for a build the loader loaded).
internal b32 Win32SwapToCandidate(win32_state *state, win32_game_code *candidate, const win32_reload_figures *figures);
// Returns true when new code was swapped in this frame. Each swap is logged ("reload: game code
// version V loaded (replacing U) in S ms ...", then, for a build loaded beside the frames, "reload:
// game code version V running (replacing U): build seen W ms after it was written, loaded beside
// the frames in L ms (copy C, load D, checks E), swap S ms at frame N (drain X, thread scan Y,
// pointer scan Z)"), and state->editStatus gets its stages (lastReload, ++reloadCount).
internal b32 Win32ReloadStep(win32_state *state);
// Called once the fault is named and memory restored, before the rollback frees the faulting
// build (the frame loop records a capsule of it, or compares it with a replay's).
typedef void win32_fault_hook(win32_state *state, const capsule_fault *fault);
// After a frame in which game code crashed: put memory back as it was before the frame, return to
// the last good build, and say what happened. Returns true when a crash was handled; *fault then
// names it (code, thread, frame, and the function, file and line parsed from the crash line).
internal b32 Win32RecoverFromCrash(win32_state *state, s64 frameIndex, capsule_fault *fault,
                                   win32_fault_hook *onFault);
// A contained crash or hang as a capsule names it: the function, file and line come from the
// crash line's text `what` ("... Function (file.cpp:123)"), when it names them.
internal void Win32DescribeFault(const win32_crash_report *report, const char *what, u64 frameIndex,
                                 capsule_fault *fault);
// --verify-rollback's fingerprint of game memory, taken before every frame and after a crash's
// restore: the XOR over its pages of MixPageHash(page, HashPage(page)), read from the memory itself,
// never from the snapshot's bookkeeping it checks. NOTE: not HashMemory: one FNV chain over 320 MB
// costs ~55 ms a frame; all-zero pages (most of a game's memory) are only read to see they are zero.
internal u64 Win32RollbackFingerprint(const win32_memory_snapshot *snapshot);

#endif  // WIN32_RELOAD_STEP_H
