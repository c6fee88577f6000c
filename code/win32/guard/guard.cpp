// win32/guard/: what keeps a crash or a hang in game code from taking the engine down: the crash
// guard (a vectored handler resuming a context captured before each call), the hang watchdog, and
// the names (function, source line) their reports give code addresses.
// May include base/, contract/ and the win32/ files included before it in win32_main.cpp.

#include "win32/guard/win32_crash_guard.cpp"
#include "win32/guard/win32_symbols.cpp"
#include "win32/guard/win32_watchdog.cpp"
#include "win32/guard/win32_stall_detector.cpp"
