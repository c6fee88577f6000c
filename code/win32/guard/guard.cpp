// win32/guard/: the bodies of the guard modules (their interfaces: guard/guard.h, included with every
// other win32 header before any body, so the order below does not matter). The crash guard (a
// vectored handler resuming a context captured before each call, with the FP control state and the
// stack's guard page put back after it), the hang watchdog and stall detector, and symbol names.

#include "win32/guard/win32_fp_state.cpp"
#include "win32/guard/win32_stack_guard.cpp"
#include "win32/guard/win32_crash_guard.cpp"
#include "win32/guard/win32_symbols.cpp"
#include "win32/guard/win32_watchdog.cpp"
#include "win32/guard/win32_stall_detector.cpp"
