#ifndef WIN32_GAME_THREADS_H
#define WIN32_GAME_THREADS_H
//~ Threads of the game's own, run under the crash guard
//
// Two ways a game gets a thread of its own, both contained:
//  - platform_api.StartGameThread (contract/game_platform.h): a named thread whose proc polls
//    GameThreadShouldStop; the platform joins it before the build that started it is unloaded;
//  - CreateThread called by game.dll itself: the import is patched at load (win32_game_imports.cpp)
//    to Win32GameCreateThread, which starts the same trampoline around the game's proc.
// The trampoline (Win32GameThreadMain, code of the exe) runs the proc inside an untimed guarded call
// (Win32GuardedCallUntimed: the hang limit does not apply to a thread that runs for the session). A
// crash there ends that thread only: it is logged ("game thread 'NAME' (thread N) crashed: ..." with
// function and line) and recorded like any crash of game code, so the frame's recovery
// (Win32RecoverFromCrash: rollback, "crash:" line, capsule) reports it with this thread's id.
// ExitThread called by the proc itself ends the thread as asked (the import stub unwinds through the
// guard); ExitProcess is contained as a crash.
// Records come from a fixed platform-owned table (PLATFORM_MAX_GAME_THREADS); one is freed by the
// last of its owners (the thread when it ends, and for StartGameThread the join).
//
// At unload of a build (reload, rollback, layout change, exit) every StartGameThread thread of that
// build is asked to stop and waited for up to PLATFORM_GAME_THREAD_STOP_MS; one still running is
// interrupted where it is (Win32InterruptGameCodeNow: the watchdog's way, only while in game code,
// never inside a platform service), retried for up to WIN32_GAME_THREAD_INTERRUPT_MS more.
// NOTE: what is NOT contained (docs/safety-net.md): threads started by other modules for the game
// (the C runtime's _beginthreadex in msvcrt/ucrt, a library's own pool), CreateThread found with
// GetProcAddress or reached through another DLL, threads started in DllMain (before the import is
// patched), and raw CreateThread threads cannot be asked to stop: at unload they are left to the
// thread scan (win32_thread_scan.h), which keeps the old image while one is inside. With the
// watchdog off (--watchdog 0) a thread that ignores the stop request is not interrupted either.
// Tested by: tests/suites/suite_misuse_games.sh

#define WIN32_GAME_THREAD_INTERRUPT_MS 1000

enum win32_game_thread_kind
{
    GameThread_Service = 1,     // StartGameThread: the game holds a handle and may join it
    GameThread_Raw = 2,         // CreateThread of game.dll: nobody joins it
};

// The handle the game holds (the contract only names the type).
struct platform_game_thread
{
    volatile LONG inUse;
    volatile LONG owners;               // the thread, and the game's handle (service threads)
    volatile LONG joined;               // the game's handle was given up (joined by the game or the platform)
    volatile LONG stopRequested;
    volatile LONG finished;             // the proc is done (returned, crashed or interrupted)
    u32 kind;                           // win32_game_thread_kind
    char name[32];
    platform_game_thread_proc *proc;
    LPTHREAD_START_ROUTINE rawProc;
    void *data;
    HMODULE module;                     // the build whose code the proc is
    HANDLE thread;                      // service threads: for the join
    volatile DWORD threadId;
    DWORD exitCode;                     // what a raw proc returned
    win32_watchdog_slot *volatile slot; // for an interruption (0 with the watchdog off)
};

struct win32_game_threads
{
    platform_game_thread threads[PLATFORM_MAX_GAME_THREADS];
    volatile LONG fullLogged;           // the table was found full (logged once)
    volatile LONG crashes;              // game threads ended by a crash, since start
};

// The services (unchecked: win32_service_checks.cpp checks the game's arguments first).
internal platform_game_thread *Win32StartGameThread(const char *name, platform_game_thread_proc *proc, void *data);
internal b32 Win32GameThreadShouldStop(platform_game_thread *thread);
internal b32 Win32JoinGameThread(platform_game_thread *thread);
internal void Win32FillGameThreadApi(platform_api *api);
// True for a handle StartGameThread returned whose thread has not been released; unless
// evenWhileJoined, one that nobody has started to join either. Any thread.
internal b32 Win32IsGameThreadHandle(platform_game_thread *thread, b32 evenWhileJoined);
// The replacement of CreateThread in game.dll's import table; same contract as CreateThread.
internal HANDLE WINAPI Win32GameCreateThread(LPSECURITY_ATTRIBUTES attributes, SIZE_T stackSize,
                                             LPTHREAD_START_ROUTINE start, LPVOID parameter, DWORD flags,
                                             LPDWORD threadId);
// Main thread, before module is freed: asks every StartGameThread thread of it to stop, waits,
// interrupts the ones that did not, and logs each (version names the build in the log).
internal void Win32StopGameThreadsOf(HMODULE module, u32 version);
// Copies the name of a game thread ("" when threadId is none of them) into out. Any thread.
internal void Win32GameThreadName(DWORD threadId, char *out, umm outSize);

#endif  // WIN32_GAME_THREADS_H
