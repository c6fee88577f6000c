#ifndef WIN32_RESTART_CHANNEL_H
#define WIN32_RESTART_CHANNEL_H
//~ The hot restart's channel: the block the old and the new process share while one hands over
//
// The old process creates a small pagefile-backed section (this block), two auto-reset events and a
// handle to itself, all inheritable, before it starts the new process; the new process gets the
// section's handle value on its command line (--handover H) and finds the others in the block. Each
// side moves its own phase on (interlocked) and then signals the other's event; each side also
// waits on the other's process handle, so a side that dies is noticed at once, whatever step it was
// at. The state itself goes in a second section the old process creates at the handover and
// duplicates into the new process before it says so (win32_restart_state.h): from then on the new
// process holds it whether or not the old one lives.
// Tested by: tests/suites/suite_hot_restart.sh

#define WIN32_RESTART_MAGIC 0x54525352u         // "RSRT"
#define WIN32_RESTART_FORMAT 4                  // this block's and the state section's layout (3: the capsule
                                                //   window in capsule sections, and the relay; 4: the timeline)

// What the new process has reached (newPhase); the old one acts on each.
enum win32_restart_new_phase
{
    RestartNew_Starting,
    RestartNew_Prepared,        // window, renderer and the running game build loaded: send the state
    RestartNew_Ready,           // state restored and the first frame drawn
    RestartNew_TookOver,        // the old process let go: the new one runs the game from now on
    RestartNew_Failed,          // failure[] says why; the new process ends
};
// What the old process has reached (oldPhase).
enum win32_restart_old_phase
{
    RestartOld_Running,         // still running frames
    RestartOld_StateWritten,    // stateSection is the new process's handle to the whole state
    RestartOld_Released,        // heard Ready: the new process may take over
    RestartOld_Abandoned,       // gave up on this restart (timeout, failure): the new process ends
};

struct win32_restart_control
{
    u32 magic;
    u32 format;
    u32 contractVersion;        // GAME_CONTRACT_VERSION of the old exe (the game build it runs speaks it)
    u32 platformBuild;          // the new process's platform build number
    u64 oldProcess;             // handles, valid in the new process (inherited)
    u64 toOld;                  // auto-reset event: the new process moved newPhase on
    u64 toNew;                  // auto-reset event: the old process moved oldPhase on
    volatile LONG newPhase;     // win32_restart_new_phase
    volatile LONG oldPhase;     // win32_restart_old_phase
    u64 stateSection;           // the state's section as a handle in the new process (RestartOld_StateWritten)
    u64 stateSize;
    // Wall-clock times (seconds since the Unix epoch) of each step, for the figures
    f64 triggerWall;            // the old process decided to restart
    f64 preparedWall;           // the new process said prepared
    f64 stateWrittenWall;       // the old process had written the state
    f64 mappedWall;             // the new process had restored it
    f64 firstFrameWall;         // the new process had drawn its first frame
    // What the new process needs before the state (its start-up runs beside the old one's frames)
    u64 memoryBase;
    u64 memorySize;             // permanent + transient storage
    s32 windowLeft, windowTop;  // the old window's outer rectangle
    s32 windowWidth, windowHeight;
    // The old process's last filled frame (its render commands; the stream and the used sub-buffer
    // zone in an inherited section): the new one draws it once, unseen, before it says prepared, so
    // the driver's shader variants are compiled before its first frame (llvmpipe: most of a second).
    u64 lastFrameSection;       // 0: none
    u64 lastFrameMainBytes;
    u64 lastFrameZoneBytes;
    game_render_commands lastFrame;
    u64 gameModuleBase;         // where that build is loaded in the old process (the test hook
    u64 gameModuleSize;         //   ENGINE_RESTART_TEST_REBASE keeps this range taken in the new one)
    u32 gameVersion;            // the game build the old process ran at launch (loaded again at the
    char gamePath[WIN32_PATH_BYTES];    //   handover when that changed meanwhile)
    char failure[256];          // the new process's reason (RestartNew_Failed), UTF-8
    // The run's waiter (win32_restart_relay below): handles valid in the new process (inherited)
    u64 waiterProcess;          // the first process of the run (SYNCHRONIZE | PROCESS_DUP_HANDLE)
    u64 relaySection;           // its win32_restart_relay
    u64 relayWake;              // auto-reset event: engineProcess was set
};

// The relay: the first process of a run (the one a script or a debugger started) is the only one
// that waits once it handed over. Every later process that hands over duplicates its successor's
// handle into the first process, sets engineProcess, wakes it and exits (the waiter reads the relay
// whichever of its handles wakes it: no answer is waited for); so whatever the number of restarts,
// one waiter remains and it returns the exit code of the process that runs the engine last. The
// first process creates the block at its first restart; every new process inherits the handles and
// passes the same values on. NOTE: the layout is shared by every platform build of a run: fields
// are only ever added at the end.
struct win32_restart_relay
{
    volatile u64 engineProcess;     // a handle in the waiter to the process that runs the engine now; 0: none waiting
    volatile LONG adopted;          // set by the waiter when it took engineProcess (earlier builds waited for it)
    volatile LONG waiterPid;        // for the relaying process's log line
};

// Fault injection for the restart suites, in development builds only (ENGINE_DEVELOPMENT=1: what
// misc/build.sh and build.bat build by default; a release build reads no such variable and has no
// such code). ENGINE_RESTART_TEST_DIE_AT=<step> ends the process the step belongs to abruptly
// (TerminateProcess, exit code WIN32_RESTART_TEST_EXIT_CODE) at that step, after logging
// "restart: test hook: dying at <step>". Steps: old-launched, new-start, new-prepared, old-writing,
// old-written, new-mapped, new-drawn, new-ready, old-ready.
#define WIN32_RESTART_TEST_EXIT_CODE 99
// ENGINE_RESTART_TEST_REBASE=1 (development builds too) makes the new process reserve the range
// the old one has the game build at before it loads it, so it loads elsewhere and the pointers
// into it move. Both do nothing in a release build.
internal void Win32RestartTestHook(const char *step);
internal b32 Win32RestartTestRebase(void);

// Old side: the block and its handles, inheritable, ready for the new process. False (logged).
internal b32 Win32CreateRestartChannel(HANDLE *section, win32_restart_control **control, HANDLE *toOld, HANDLE *toNew,
                                       HANDLE *selfForNew);
// New side: the block behind --handover's handle; 0 (and *why) when it is not one of ours.
internal win32_restart_control *Win32OpenRestartChannel(u64 handle, char *why, u32 whySize);
// Either side: moves its phase on and wakes the other.
internal void Win32SetRestartPhase(volatile LONG *phase, LONG value, HANDLE wake);
// Waits up to `seconds` for `wake` or for `other` (a process) to end, pumping window messages
// meanwhile so the window stays responsive. Returns 0 on a wake or timeout (the caller re-reads the
// phases), 1 when the other process ended.
internal b32 Win32WaitRestartWake(HANDLE wake, HANDLE other, f64 seconds);

#endif  // WIN32_RESTART_CHANNEL_H
