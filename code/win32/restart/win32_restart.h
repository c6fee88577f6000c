#ifndef WIN32_RESTART_H
#define WIN32_RESTART_H
//~ Hot restart: a new build of the exe takes over the running game (docs/hot-restart.md)
//
// Triggers (the old process, between frames): a new win32_platform_next.exe beside the exe,
// complete (platform_lock.tmp gone; it is copied to win32_platform_run_<pid>_<n>.exe, which runs),
// F7, or a file restart.request beside the game DLL (both restart the exe file this process runs).
// The new process starts with this one's command line plus --handover and this one's current
// directory, and meanwhile this one keeps running frames. The steps:
//   1. new: opens its window where the old one is, its renderer, and loads the game build the old
//      one runs (its own copy, same reload version) -> "prepared"
//   2. old, at the next frame boundary where no reload is half done and no capsule request waits:
//      drains every queue, syncs the
//      snapshot, writes the state section (win32_restart_state.h), duplicates it into the new
//      process -> "state written"; it runs no frame from here on
//   3. new: puts game memory back at the same base, takes the rest, draws its first frame -> "ready"
//   4. old: lets go -> "released"; new -> "took over"; the old process runs no more frames: the
//      engine's lifetime stops and frees everything (window, GL, threads, game memory). The first
//      process of the run (the one a script or a debugger started) then waits for the new one and
//      exits with the exit code of whichever process runs the engine last; a later process relays
//      its successor to that first one and exits (win32_restart_relay): one waiter, however many
//      restarts.
// Safe by construction: until step 4 the old process keeps its memory untouched, and it carries on
// (logging why) when the new one fails, dies or is not ready within the timeouts; the new one ends
// when the old one gives up or dies before step 2. After step 2 the state lives in a section the new
// process holds, so the old one dying no longer loses it. State is lost only when the old process
// dies before it finished writing the state: it is then the only holder, as at any moment it runs alone.
// Tested by: tests/suites/suite_hot_restart.sh, tests/suites/suite_windows_build.sh

#define WIN32_RESTART_NEXT_EXE "win32_platform_next.exe"
#define WIN32_RESTART_LOCK "platform_lock.tmp"
#define WIN32_RESTART_REQUEST "restart.request"
#define WIN32_RESTART_START_ATTEMPTS 3      // starts of the new process tried (a failure of no cause of the exe's: Wine under load)
#define WIN32_RESTART_RUN_PREFIX "win32_platform_run_"
#define WIN32_RESTART_POLL_FRAMES 4                 // the next exe and the request file: every 4 frames
#define WIN32_RESTART_PREPARE_SECONDS 60.0          // new process start -> prepared
#define WIN32_RESTART_READY_SECONDS 30.0            // state written -> ready
#define WIN32_RESTART_RELEASE_SECONDS 10.0          // released -> took over (and ready -> released)
// While the new process starts (until it is prepared), the old one paces its frames to at most this
// rate, so the new one's start-up (Wine, window, renderer, the build) is not starved on few cores.
#define WIN32_RESTART_SHARING_HZ 15.0
// The new process's exit code when it did not take over (the old one carries on).
#define WIN32_RESTART_NOT_TAKEN_EXIT_CODE 22

struct win32_restart
{
    u32 platformBuild;                  // 1 for the first process of a run, +1 per restart
    char folder[WIN32_PATH_BYTES];      // the exe's folder, with a trailing separator
    char nextExePath[WIN32_PATH_BYTES];
    char lockPath[WIN32_PATH_BYTES];
    char requestPath[WIN32_PATH_BYTES]; // beside the game DLL
    win32_file_stamp nextSeen;          // the next exe last acted on (at start: the one there then)
    u32 framesSincePoll;
    // Old side: a restart under way
    b32 inProgress;
    char reason[64];
    char exePath[WIN32_PATH_BYTES];     // what the new process runs
    HANDLE newProcess;
    HANDLE controlSection;
    win32_restart_control *control;
    HANDLE toOld, toNew, selfForNew;
    f64 startedAt;                      // Win32Seconds when the new process was started
    b32 deferLogged;
    // New side: from --handover until it took over
    b32 takingOver;
    HANDLE oldProcess;
    win32_restart_state_figures received;
    // The relay to the run's one waiter (win32_restart_relay; handles inheritable)
    b32 isWaiter;                       // this is the first process of the run, which made the relay
    HANDLE relaySection, relayWake, waiterProcess;
    win32_restart_relay *relay;
    b32 handedOver;                     // the new process took over: run no more frames
    b32 relayed;                        // ... and the run's waiter waits for it: this process exits
};

// Main thread at start-up, once the reloader knows the game DLL: the paths, and the next exe as it
// is now (not a reason to restart).
internal void Win32InitRestart(win32_state *state);
// Main thread, between frames, before the snapshot sync: looks for a trigger, starts a new process,
// follows it, and hands over when it is prepared. Returns true once the new process took over
// (restart->handedOver): this process must then run no more frames; the engine's lifetime stops
// the engine and calls Win32EndAsRestartedProcess. f7Pressed: this frame's F7.
internal b32 Win32RestartBetweenFrames(win32_state *state, b32 f7Pressed);
// After the handover, once the engine is stopped and its memory freed: destroys the window (nothing
// else is left to it) and, when the new process was relayed to the run's first process at the
// handover, returns 0 (this process exits); else (this is the first process, or the relay failed)
// waits for whichever process runs the engine last and returns its exit code.
internal int Win32EndAsRestartedProcess(win32_restart *restart, HWND window);

//~ Between the old side's files (win32_restart_old.cpp, win32_restart_handover.cpp)
// Looks for a trigger (F7, the request file, a new complete next exe); fills exePath and reason.
internal b32 Win32RestartTriggered(win32_state *state, b32 f7Pressed);
// Starts the new process on a new channel; logs either way (inProgress set when it started).
internal void Win32StartNewProcess(win32_state *state);
// Gives up on the restart under way: the new process is told, ended when it still runs, the
// failure logged; this process carries on.
internal void Win32AbandonRestart(win32_state *state, const char *why);
// Old side, at the handover, once the new process took over: a later process of the run hands the
// new one to the run's first process (the waiter); true once it was adopted (this process exits).
internal b32 Win32RelayToWaiter(win32_restart *restart);
// The line that says whether this process waits or exits now that it handed over.
internal void Win32LogHandedOver(win32_restart *restart);
// The relay's handles into the new process's control block (made at the first restart). False when
// there is none (this process then waits itself).
internal b32 Win32PrepareRestartRelay(win32_restart *restart, win32_restart_control *control);
// New side: keeps the relay's handles the old process passed on, to pass them on in turn.
internal void Win32TakeRestartRelay(win32_restart *restart, win32_restart_control *control);
// Why the new process failed or ended, for the failure line.
internal void Win32DescribeNewProcessEnd(win32_restart *restart, char *why, u32 whySize);

// Old side, any frame: a new process is starting and wants the CPU (Win32PaceFrame slows down).
internal b32 Win32RestartWantsCpu(win32_restart *restart);
// Old side, the pacing wait while the new process starts: until `until` (Win32Seconds) or, sooner,
// until the new process moves on (prepared: the handover can begin at once).
internal void Win32WaitWhileRestartStarts(win32_restart *restart, f64 until);

// New side, right after the command line is read (--handover given): opens the channel, checks the
// contract, takes the old window's place for the window about to open. False with the exit code.
internal b32 Win32BeginNewSide(win32_state *state, int *exitCode);
// New side, once the engine started (window, renderer, memory at the fixed base): loads the game
// build, says prepared, waits for the state and restores it. False with the exit code (the old
// process carries on).
internal b32 Win32ReceiveHandover(win32_state *state, int *exitCode);
// New side, after each frame until it took over: once the first frame was drawn, says ready and
// waits for the old process to let go. False with the exit code when the old one gave up.
internal b32 Win32FinishHandover(win32_state *state, int *exitCode);
// New side, at any step before ready: says why it fails (the old process logs it and carries on)
// and returns WIN32_RESTART_NOT_TAKEN_EXIT_CODE.
internal int Win32FailNewSide(win32_state *state, const char *format, ...);

#endif  // WIN32_RESTART_H
