#ifndef WIN32_CRASH_GUARD_H
#define WIN32_CRASH_GUARD_H
//~ Crash containment for calls into game code
//
// NOTE: MinGW g++ has no __try/__except, so both compilers use the same mechanism: before a guarded
// call the thread captures its register context; a vectored exception handler that sees a crash
// inside a guarded call records it and resumes the thread at that captured context, as if the
// call had returned. It is setjmp/longjmp done by the OS, so nothing between the capture and the
// call may live only in a register: the guard state is volatile and reached through TLS.
//
// With a debugger attached nothing is contained: the exception goes to the debugger, which stops
// on the faulting line (that is what a programmer at the debugger wants).
// Tested by: tests/suites/suite_live_editing.sh, tests/suites/suite_adversarial_games.sh, tests/suites/suite_misuse_games.sh, tests/suites/suite_windows_build.sh

struct win32_crash_report
{
    DWORD code;
    void *address;
    char moduleName[64];
    u64 moduleOffset;
    DWORD threadId;
    void *returnAddress;        // the word at the stack top when the fault was at a tiny address (a
};                              // call through a null pointer): the caller; named when reported

// Reports of calls the hang watchdog interrupted (win32_watchdog.cpp) carry this code.
#define WIN32_HANG_CODE 0xE0000001u
// Raised by the stubs that replace ExitThread/ExitProcess in game code (win32_game_imports.cpp).
#define WIN32_EXIT_THREAD_CODE 0xE0000002u
#define WIN32_EXIT_PROCESS_CODE 0xE0000003u
// Reports of game threads interrupted because they did not stop when asked (win32_game_threads.cpp).
#define WIN32_GAME_THREAD_STOP_CODE 0xE0000004u
// What an unmasked SSE exception raises (STATUS_FLOAT_MULTIPLE_FAULTS / _TRAPS).
#define WIN32_FLOAT_MULTIPLE_FAULTS_CODE 0xC00002B4u
#define WIN32_FLOAT_MULTIPLE_TRAPS_CODE 0xC00002B5u

struct win32_crash_guard
{
    CONTEXT resumeContext;
    volatile LONG active;
    volatile LONG crashed;
    win32_crash_report report;
    // The watchdog's view of the thread outside this guard, restored when it ends.
    win32_crash_guard *watchdogOuterGuard;
    s64 watchdogOuterStart;
    LONG watchdogOuterDepth;
    win32_fp_state fpState;     // as it was before the call, restored after it
    b32 untimed;                // a game thread's body: the hang limit does not apply (win32_watchdog.h)
};

struct win32_crash_guard_globals
{
    DWORD tlsIndex;
    b32 containUnderDebugger;
    volatile LONG crashCount;           // crashes caught since the last Win32TakeCrash()
    win32_crash_report firstCrash;      // the first one of those, for the log and the notice
    CRITICAL_SECTION firstCrashLock;
};

// "access violation", "stack overflow", ...: a report's name for an exception code (any thread).
internal const char *Win32ExceptionName(DWORD code);

// Addresses below this are null pointers plus an offset, never code.
#define WIN32_NULL_PAGE_LIMIT 0x10000ull

// The file name of the module holding 'address' ("?" when none does, or its path does not fit)
// and the offset into it (the address itself when no module holds it). Never called from the
// exception handler (it needs stack and takes the loader lock): a crash is named once the guarded
// call has resumed, the watchdog names a hang from its own thread.
internal void Win32DescribeCodeAddress(void *address, char *moduleName, umm moduleNameSize, u64 *offset);
// Main thread at start-up, before any guarded call: installs the vectored handler, first in the
// chain. containUnderDebugger: contain crashes even while a debugger is attached.
internal void Win32InitCrashGuard(b32 containUnderDebugger);
// True when the calling thread (any thread) is inside a guarded call that has not returned or crashed.
internal b32 Win32InsideGuardedCall(void);
// The calling thread's innermost guard, active or not (null outside any guarded call). Any thread.
internal win32_crash_guard *Win32CurrentCrashGuard(void);

typedef void win32_guarded_function(void *data);

// Runs function(data); returns false if it crashed or hung (the watchdog interrupts a call that
// does not return in time, see win32_watchdog.cpp). The FP control state is the caller's again
// afterwards in every case (win32_fp_state.cpp). With privateReport null the crash is recorded
// for Win32TakeCrash (the frame's recovery); otherwise it is only copied to *privateReport (load
// time: the caller refuses the build itself).
internal b32 Win32GuardedCallReporting(win32_guarded_function *function, void *data, win32_crash_report *privateReport);
// Win32GuardedCallReporting with the crash recorded for the frame's recovery (Win32TakeCrash).
internal b32 Win32GuardedCall(win32_guarded_function *function, void *data);
// Win32GuardedCallReporting for a call the hang watchdog must not time: the body of a game thread
// (win32_game_threads.h), which may run for the whole session. It can still be interrupted on
// purpose (Win32InterruptGameCodeNow). Nested guarded calls inside it are timed as usual.
internal b32 Win32GuardedCallUntimed(win32_guarded_function *function, void *data, win32_crash_report *privateReport);
// Records a crash for the frame's recovery (Win32TakeCrash), as a guarded call without a private
// report does; for a caller that first looked at the report itself. Any thread.
internal void Win32RecordCrash(win32_crash_report *report);
// Any thread, never waits: true once a crash was contained and not yet taken by Win32TakeCrash.
internal b32 Win32CrashPending(void);
// Main thread, between frames: fetches and clears the crashes caught since the last call.
internal u32 Win32TakeCrash(win32_crash_report *firstCrash);

#endif  // WIN32_CRASH_GUARD_H
