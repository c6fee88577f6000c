#ifndef WIN32_QUIT_BOUND_H
#define WIN32_QUIT_BOUND_H
//~ Quit is bounded
//
// Once the quit file appears, a close request is seen or the game asks to quit, the process ends
// within WIN32_QUIT_BOUND_SECONDS whatever game code is doing. A thread of its own (it needs
// nothing from the main thread, which may be the one stuck) looks for the quit file and the close
// request every WIN32_QUIT_POLL_MILLISECONDS. When quitting begins:
//  - the watchdog's limit drops to WIN32_QUIT_GAME_CODE_SECONDS (when it was longer), so game code
//    that does not return (an update, a job, a task the shutdown waits for) is interrupted like a
//    hang and logged as abandoned; the shutdown then goes on as usual and exits 0;
//  - should the shutdown still not have finished WIN32_QUIT_BOUND_SECONDS after the quit began
//    (the watchdog off, game code stuck where it cannot be interrupted), this thread logs what is
//    abandoned (every thread inside game code, where it is, and the queued work never run) and
//    ends the process with exit code WIN32_QUIT_FORCED_EXIT_CODE. It terminates rather than exits:
//    an exit would run DLL detach code under the loader lock, which an abandoned thread may hold.
// A run that ends by --frames N is not bounded.
// Tested by: tests/suites/suite_misuse_games.sh

#define WIN32_QUIT_BOUND_SECONDS 5.0
#define WIN32_QUIT_GAME_CODE_SECONDS 2.0f
#define WIN32_QUIT_POLL_MILLISECONDS 50
#define WIN32_QUIT_FORCED_EXIT_CODE 4

enum win32_quit_outcome
{
    QuitOutcome_Running,
    QuitOutcome_Finished,       // the shutdown finished in time
    QuitOutcome_Forcing,        // the bound passed: the process is being ended
};

struct win32_quit_bound
{
    HANDLE thread;
    HANDLE finishedEvent;
    const char *quitFilePath;
    volatile b32 *closeRequested;
    work_queue_system *queues;
    volatile LONG armed;
    volatile LONG outcome;              // win32_quit_outcome
    f64 armedAt;
    const char *armedBy;
};

// Quitting begins (any thread; only the first call counts): the bound starts running.
internal void Win32ArmQuitBound(const char *why);
// At start, once the window and the queues exist.
internal void Win32StartQuitBound(const char *quitFilePath, volatile b32 *closeRequested, work_queue_system *queues);
// The shutdown is done (main thread, right before the log closes): the bound stops. Should it be
// ending the process already, this thread waits for that.
internal void Win32FinishQuitBound(void);

#endif  // WIN32_QUIT_BOUND_H
