#ifndef WIN32_STALL_DETECTOR_H
#define WIN32_STALL_DETECTOR_H
//~ Stall detector: waits in game code that can never finish
//
// The hang watchdog leaves a thread alone while it is inside a platform service, so jobs waiting
// on each other through platform waits (a graph job waiting for a task that waits for that graph)
// would hang the engine for good. Every wait service the game calls records itself here (which
// service, the game's call site, what it waits for, under which guard: Win32BeginGameWait). On
// each watchdog tick: when every thread that is inside game code (has a guard) sits in a recorded
// wait under its innermost guard, and nothing changed for the watchdog's limit (the same waits,
// no queue entry finished), that is a stall. The watchdog logs what waits on what, then asks each
// of those waits to give up (SetWorkWaitAbandonCheck); the wait returns with its bookkeeping
// undone, and its service wrapper resumes the thread's guard as a hang: the guarded call returns
// false, the frame is rolled back and the previous build runs again, as for a hang.
// ParallelFor waits are recorded but never abandoned (batches in flight use the caller's stack):
// they end once the batches they wait for were abandoned.
// Tested by: tests/suites/suite_misuse_games.sh

struct win32_game_wait
{
    const char *service;                // null: not waiting
    void *caller;                       // the game's call site
    win32_crash_guard *guard;           // innermost guard when the wait began
    s64 startTicks;
    u64 serial;                         // per thread, one per wait begun
    b32 abandonable;
    char what[52];                      // what it waits for, for the report
};

// NOTE: looked up at start: not every SDK's import library lists it.
typedef VOID __cdecl win32_restore_context(PCONTEXT context, struct _EXCEPTION_RECORD *record);

struct win32_stall_detector
{
    win32_restore_context *restoreContext;
    win32_game_wait waits[WIN32_WATCHDOG_MAX_THREADS];
    volatile u64 abandonSerial[WIN32_WATCHDOG_MAX_THREADS];    // the wait (by serial) asked to give up
    platform_work_queue *queues[2];
    s64 candidateSince;                 // 0: no stall candidate
    u64 candidateSignature;
    volatile LONG stallCount;
};

// Called by the wait services' wrappers before they wait; *saved restores the outer wait after.
internal b32 Win32BeginGameWait(win32_game_wait *saved, const char *service, void *caller, b32 abandonable,
                                const char *what);
// After the wait returned: puts the outer wait back; if the watchdog abandoned this wait, resumes
// the thread's guard as from a hang (never returns then).
internal void Win32EndGameWait(win32_game_wait *saved, b32 begun);
// Main thread at start-up, once the queues run: lets the queues' waits be abandoned (when
// RtlRestoreContext exists); the watchdog thread then calls Win32CheckForStall each tick.
internal void Win32StartStallDetector(work_queue_system *queues);
// One watchdog tick: a stall candidate begins when every thread in game code waits in the platform
// and at least one wait can be abandoned; it is a stall once the same picture held for the limit.
// The watchdog thread passes its own state (the slots, the limit).
internal void Win32CheckForStall(win32_watchdog *watchdog, s64 now);

#endif  // WIN32_STALL_DETECTOR_H
