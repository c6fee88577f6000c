// win32/guard/: the interfaces of the guard modules (bodies: guard/guard.cpp). What keeps a crash or
// a hang in game code from taking the engine down: the crash guard, the hang watchdog and stall
// detector, and the names (function, source line) their reports give code addresses.
// May include base/, contract/ and the win32/ headers included before it in win32/win32.h;
// never reload/ (reload uses guard, not the reverse).

#include "win32/guard/win32_fp_state.h"
#include "win32/guard/win32_stack_guard.h"
#include "win32/guard/win32_crash_guard.h"
#include "win32/guard/win32_symbols.h"
#include "win32/guard/win32_watchdog.h"
#include "win32/guard/win32_stall_detector.h"
