#ifndef WIN32_WATCHDOG_H
#define WIN32_WATCHDOG_H
//~ Hang watchdog for calls into game code
//
// Every guarded call (win32_crash_guard.cpp) registers itself in its thread's slot here: which
// guard is innermost and when it began. A watchdog thread looks at every slot a few times per
// timeout; when a guard has been running game code for longer than --watchdog seconds it
// suspends that thread, points its context at the guard's captured resume context (the same
// context a crash resumes), records a "hang" report and resumes the thread. From there recovery is
// the crash path's: the guarded call returns false, the frame is rolled back, the previous build
// runs again and the hanging build is not loaded again until its file changes.
//
// NOTE: a thread is only interrupted while it is in game code, never inside the platform:
//  - the platform services the game calls are wrapped (Win32WatchPlatformApi) so a thread inside
//    one (a lock held in the log, a queue wait whose state lives on its stack) counts as
//    "in the platform" and is left alone; game callbacks those services run are guarded again
//    (queue entries) or marked as game code again (the direct parallel-for call);
//  - a thread whose instruction pointer is inside the exe's image is left alone for this tick.
// A thread waiting on the hung one (the main thread in CompleteAllWork, a worker in a job graph
// wait) is therefore never interrupted: it comes back when the hung call is interrupted.
//
// With a debugger attached the watchdog breaks into the debugger instead (once per hang), and the
// time the debugger held the process stopped is not counted: the watchdog's clock leaves out any
// gap between two of its wakes that is far longer than it slept (a breakpoint, a step), so a
// programmer stopped in an update (--replay-break, a breakpoint) is not sent to a hang break when
// they step on.
// Tested by: tests/suites/suite_adversarial_games.sh, tests/suites/suite_misuse_games.sh, tests/suites/suite_capsules.sh

#define WIN32_WATCHDOG_MAX_THREADS 64

struct win32_watchdog_slot
{
    HANDLE thread;                          // duplicated: suspend, get/set context, wait
    DWORD threadId;
    win32_crash_guard *volatile innermostGuard;
    volatile s64 guardStartTicks;           // QueryPerformanceCounter at the innermost guard's start
    volatile LONG platformDepth;            // > 0: inside a platform service called by game code
    win32_crash_guard *volatile reportedGuard;  // debugger break already done for this guard
    volatile LONG released;                 // its thread has ended: the slot may be claimed again
};

// The start time an untimed guard (a game thread's body, Win32GuardedCallUntimed) shows the
// watchdog: its limit is never reached.
#define WIN32_UNTIMED_GUARD_START 0x7FFFFFFFFFFFFFFFll

struct win32_watchdog
{
    b32 enabled;
    f64 timeoutSeconds;
    s64 timeoutTicks;
    s64 ticksPerSecond;
    DWORD tickMilliseconds;
    DWORD slotTlsIndex;
    volatile LONG slotCount;
    win32_watchdog_slot slots[WIN32_WATCHDOG_MAX_THREADS];
    u8 *exeBase;
    u64 exeSize;
    HANDLE thread;
    DWORD threadId;                         // the watchdog's own thread is never watched
    volatile LONG stopRequested;
    volatile LONG interruptCount;
    volatile LONG quitting;                 // the engine is quitting: an interrupted call is abandoned
    SRWLOCK interruptLock;                  // one interruption at a time (watchdog thread, game-thread stops)
    volatile s64 frozenTicks;               // time a debugger held the process stopped (not counted)
    s64 lastTickTicks;                      // the watchdog thread's previous wake, on the raw clock
    platform_api original;                  // the services the wrappers forward to
};

// Hangs interrupted so far (for the debug overlay).
internal u32 Win32HangsInterrupted(void);
// The watchdog thread's id, or 0 when it is not running (any thread, after Win32StartWatchdog).
internal DWORD Win32WatchdogThreadId(void);
// The high-resolution clock in the watchdog's ticks (QueryPerformanceCounter), any thread.
internal s64 Win32WatchdogNow(void);
// True for an address inside win32_platform.exe's image (known once Win32StartWatchdog ran).
internal b32 Win32AddressInExe(u64 address);
// The calling thread's slot, registered on first use (null when the table is full or disabled).
internal win32_watchdog_slot *Win32WatchdogSlot(void);
// The calling thread's slot if it has one; unlike Win32WatchdogSlot it never registers one (null
// when the thread has none or the watchdog is off). Any thread.
internal win32_watchdog_slot *Win32ExistingWatchdogSlot(void);
// A slot's place in the table (the stall detector keeps one wait per slot); -1 for null.
internal s64 Win32WatchdogSlotIndex(win32_watchdog_slot *slot);
// A thread that is about to end gives its slot back (a game thread: win32_game_threads.cpp), so
// threads that come and go do not use the table up. Call outside any guarded call.
internal void Win32WatchdogReleaseSlot(void);
// Interrupts the slot's thread now, whatever its guard's limit, if it is in game code: its
// innermost guard active, not inside a platform service, not in the exe's code. It resumes at that
// guard's captured context with a report of 'code' (copied to *report); true when redirected.
// When it was inside the OS (a Sleep), *gameCaller is the first caller outside the system DLLs (0
// when none was found). Any thread but the slot's and the watchdog's own; names no function (the
// caller names the addresses once the thread runs again). Used to stop game threads that did not
// stop when asked.
internal b32 Win32InterruptGameCodeNow(win32_watchdog_slot *slot, DWORD code, win32_crash_report *report,
                                       u64 *gameCaller);
// Called by Win32GuardedCall before the call: this guard is now the thread's innermost game code.
internal void Win32WatchdogEnterGuard(win32_crash_guard *guard);
// Called by Win32GuardedCall after the call (returned, crashed or interrupted): the thread's
// outer guard, if any, is its innermost game code again.
internal void Win32WatchdogLeaveGuard(win32_crash_guard *guard);

struct win32_watched_parallel_for
{
    platform_parallel_for_callback *callback;
    void *data;
};

// Replaces every service in api by a wrapper that marks the thread as inside the platform.
// NOTE: every platform_api function pointer must be listed here, or a hang caught while the game
// is inside that service would interrupt platform code (and possibly leave one of its locks held).
internal void Win32WatchPlatformApi(platform_api *api);

struct win32_find_caller_call
{
    CONTEXT *context;
    u64 callerAddress;
    char caller[80];            // its module+offset, "" without one
};

// Starts the watchdog (seconds 0 = off). Call once, before any guarded call.
internal void Win32StartWatchdog(f32 seconds);
// Quitting: from now on game code gets at most 'seconds' (when the limit was longer) before it is
// interrupted, and an interrupted call is logged as abandoned. Any thread.
internal void Win32WatchdogLimitForQuit(f32 seconds);
// At exit, after the queues and the game code were shut down: the watchdog covers both.
internal void Win32StopWatchdog(void);

#endif  // WIN32_WATCHDOG_H
