#ifndef WIN32_REPLAY_H
#define WIN32_REPLAY_H
//~ --replay PATH: a capsule run again, frame by frame, with every frame's state hash checked
//
// The replay is the normal frame loop with three things swapped: game memory starts as the
// capsule's checkpoint (at the same fixed base), the build is the capsule's own (each build
// extracted beside its PDB into a private temporary folder, swapped in at the frames it was
// recorded to start, through the normal reload step: layout check and migration included) or
// --replay-game's, and the input is the recorded one. Before each update the state hash is
// compared with the recording's; a crash or hang is compared with the recorded fault.
//
// Ends (exit codes, as --help says): 0 the recording ran to its end, every hash equal, no fault;
// 20 the recorded fault happened again at its frame (same kind, function and line); 21 the state
// diverged (the first frame is named; with --compare, the first field too); 2 the capsule or a
// flag cannot be used. --loop never ends by itself: each pass starts from the checkpoint again,
// on the newest build of the watched DLL (--game or --replay-game; else the capsule's own build), and
// says whether it matched the recording.
//
// --compare (with --replay-game NEW): pass 1 runs NEW on the recording and notes the first frame
// whose state differs from the recording (the capsule's build's states) and keeps NEW's state
// there; pass 2 runs the capsule's build up to that frame and names, through both builds' state
// layouts, the first field that differs (platform/platform_state_diff.h).
//
// --replay-break [FRAME]: at FRAME (after its hash check, before its update) the replay waits for a
// debugger when none is attached: the log names the process and how to attach, and the wait is
// bounded (--replay-break-wait S, default 60 s; then the replay goes on without a break). Attached,
// the update call executes a breakpoint instruction (__debugbreak, inline in Win32CallGameUpdate, on
// the thread that runs the update) just before it calls gameUpdateAndRender: the debugger stops on
// that source line, in that frame, with the call's locals. One more stop lands inside the game's
// update of that frame: `break gameUpdateAndRender` and `cont` in winedbg (its `step` was seen to
// pass over this call through a pointer into another module), F11 in Visual Studio. A stop inside
// the game's code straight away was not chosen: a hardware execute breakpoint on the update's entry
// raises a single-step exception the debugger did not set, raised again on continuing (no resume
// flag), and an int3 patched into the game's code leaves the instruction pointer inside the patched
// instruction; both need the debugger's cooperation. The watchdog does not count the time the
// debugger holds the process stopped (guard/win32_watchdog.h), so stepping on meets no hang break.
// suite_debugger shows all this with winedbg on the MinGW and the MSVC-ABI builds.
// Tested by: tests/suites/suite_capsules.sh, tests/suites/suite_debugger.sh, tests/suites/suite_hot_restart.sh, tests/suites/suite_tunables.sh (plus tests/unit/test_capsule_format.cpp)

#define WIN32_REPLAY_EXIT_FAULT_AGAIN 20
#define WIN32_REPLAY_EXIT_DIVERGED 21
#define WIN32_REPLAY_EXIT_BAD_CAPSULE 2

enum win32_replay_pass
{
    ReplayPass_Run,             // a plain replay, or --loop's passes
    ReplayPass_CompareNew,      // --compare: the new build over the recording
    ReplayPass_CompareOld,      // --compare: the capsule's build up to the first difference
};

struct win32_replay
{
    b32 on;
    b32 finished;
    int exitCode;
    capsule_contents capsule;
    memory_arena arena;
    char capsulePath[WIN32_PATH_BYTES];
    char folder[WIN32_PATH_BYTES];                      // the extracted builds, deleted at exit
    char buildPaths[CAPSULE_MAX_BUILDS][WIN32_PATH_BYTES];
    char watchedPath[WIN32_PATH_BYTES];                 // --replay-game, or --loop's newest build
    win32_replay_pass pass;
    u32 cursor;                 // the recorded frame the next update runs
    s32 activeBuild;            // capsule build the reloader is pointed at (-1: watchedPath)
    b32 frameBegun;
    b32 faultSeen;              // the recorded fault happened again
    b32 diverged;
    u64 divergedFrame;
    u32 equalFrames;            // frames whose hash matched, this pass
    u32 loopPasses;
    u32 width;                  // the recorded render size of the frame being run
    u32 height;
    // --replay-break
    b32 breakArmed;
    u64 breakFrame;
    volatile LONG breakThisUpdate;  // read by the update call: DebugBreak just before the game's update
    // --compare
    u8 *newState;               // NEW's permanent storage at the first difference
    state_layout newLayout;
    b32 newFaulted;
    char newFault[512];
};

// Main thread, once the engine started: reads and checks the capsule, restores its checkpoint,
// extracts its builds and points the reloader at the first one. False: the replay cannot run
// (logged with the reason; exit code 2).
internal b32 Win32StartReplay(win32_replay *replay, win32_state *state);
// Main thread, before the frame's reload step: the build the next recorded frame ran.
internal void Win32ReplayBeforeReload(win32_replay *replay, win32_state *state);
// Main thread, after the reload step, before the update: checks the state hash, feeds the
// recorded input. The run may end here (replay->finished).
internal void Win32ReplayBeforeUpdate(win32_replay *replay, win32_state *state);
// Main thread, when the frame's sound is asked for: the recorded sample count replaces it.
internal u32 Win32ReplaySoundSamples(win32_replay *replay, u32 liveSampleCount);
// Main thread, in the crash recovery: a contained fault during the replay.
internal void Win32ReplayNoteFault(win32_replay *replay, win32_state *state, const capsule_fault *fault);
// Main thread, at the end of the frame: the next recorded frame, the end, or the next pass.
internal void Win32ReplayEndFrame(win32_replay *replay, win32_state *state);
// The replay's verdict: no further frame runs.
internal void Win32EndReplay(win32_replay *replay, int exitCode);
// Game memory back to the capsule's checkpoint (every page ever written zeroed first); the next
// sync sees the writes.
internal void Win32RestoreReplayCheckpoint(win32_replay *replay, win32_state *state);
// At exit: the closing line if none was said yet, the extracted builds deleted. Returns the exit code.
internal int Win32FinishReplay(win32_replay *replay);

#endif  // WIN32_REPLAY_H
