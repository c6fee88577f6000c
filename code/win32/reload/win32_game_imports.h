#ifndef WIN32_GAME_IMPORTS_H
#define WIN32_GAME_IMPORTS_H
//~ Calls that would end a thread or the process, taken out of game code's reach
//
// CreateThread is pointed at Win32GameCreateThread (win32_game_threads.h): the game's thread then
// runs under the crash guard, so a crash in it ends that thread, not the engine.
// A game build that calls ExitThread or ExitProcess would take a worker (and the work it owns) or
// the whole engine with it. Right after a build is loaded, before any of its exports runs, every
// entry of its import table that resolves to one of those is pointed at a platform stub instead.
// Inside a guarded call the stub raises WIN32_EXIT_THREAD_CODE or WIN32_EXIT_PROCESS_CODE, which the crash guard contains like
// any crash (the report names the game's call site); outside any guard it does what was asked.
// NOTE: a build that finds the functions itself (GetProcAddress) or ends a thread another way is
// not caught here; the watchdog then notices the lost thread (win32_watchdog.cpp). Nor are threads
// started for the game by other modules (the C runtime's _beginthreadex lives in msvcrt/ucrt,
// whose own CreateThread import is not patched), nor those DllMain starts (it runs before the patch).
// Tested by: tests/suites/suite_adversarial_games.sh, tests/suites/suite_misuse_games.sh

#if COMPILER_MSVC
#include <intrin.h>
#define Win32CallerAddress() _ReturnAddress()
#else
#define Win32CallerAddress() __builtin_return_address(0)
#endif

struct win32_exit_functions
{
    void *exitThread;
    void *exitProcess;
    void *createThread;
};

// Points the module's imports of ExitThread/ExitProcess/CreateThread at the stubs; returns how many it changed.
internal u32 Win32PatchGameImports(HMODULE module);

#endif  // WIN32_GAME_IMPORTS_H
