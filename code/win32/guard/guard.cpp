// win32/guard/: what keeps a crash or a hang in game code from taking the engine down: the crash
// guard (a vectored handler resuming a context captured before each call, with the FP control state
// and the stack's guard page put back after it), the hang watchdog and stall detector, and the
// names (function, source line) their reports give code addresses.
// May include base/, contract/ and the win32/ files included before it in win32_main.cpp.

#include "win32/guard/win32_fp_state.cpp"
#include "win32/guard/win32_stack_guard.cpp"
#include "win32/guard/win32_crash_guard.cpp"
#include "win32/guard/win32_symbols.cpp"
#include "win32/guard/win32_watchdog.cpp"
#include "win32/guard/win32_stall_detector.cpp"
