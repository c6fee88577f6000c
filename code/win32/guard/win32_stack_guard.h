#ifndef WIN32_STACK_GUARD_H
#define WIN32_STACK_GUARD_H
//~ Stack overflow in game code: room for the handler, and the guard page put back afterwards
//
// The OS raises EXCEPTION_STACK_OVERFLOW on the overflowing thread's own, nearly exhausted stack,
// and runs the crash guard's handler there; the handler only records raw facts and resumes the
// guarded call's captured context (win32_crash_guard.cpp). Two more things make that hold at any
// frame size and for every overflow, not just the first on a thread:
//  - every thread that enters game code asks for WIN32_STACK_GUARANTEE_BYTES of stack kept free
//    for exception handling (SetThreadStackGuarantee), the first time it does;
//  - once the guarded call has resumed, the guard page the overflow used up is put back
//    (Win32RearmStackGuard): without it the next overflow on that thread runs into the end of the
//    stack and the OS ends the thread.
// Tested by: tests/suites/suite_misuse_games.sh, tests/suites/suite_live_editing.sh, tests/suites/suite_windows_build.sh

#if COMPILER_MSVC
// NOTE: declared here as well because not every <windows.h> the MSVC-dialect check sees has it.
extern "C" __declspec(dllimport) BOOL WINAPI SetThreadStackGuarantee(PULONG StackSizeInBytes);
#endif

#define WIN32_STACK_GUARANTEE_BYTES (32 * 1024)
#define WIN32_STACK_PAGE_SIZE 4096

struct win32_stack_guard_globals
{
    DWORD tlsIndex;     // non-null value: this thread has asked for its guarantee
};

// Once, from Win32InitCrashGuard on the main thread, before any thread enters game code.
internal void Win32InitStackGuard(void);
// Once per thread, before its first call into game code.
internal void Win32EnsureStackGuarantee(void);
// After a contained stack overflow, on the resumed (shallow) frame: puts a guard page back at the
// lowest end of the committed stack, above the guaranteed space, unless one is still there.
// NOTE: the pages below the new guard page stay committed; the OS commits the guaranteed space
// when it raises the next overflow anyway.
internal void Win32RearmStackGuard(void);

#endif  // WIN32_STACK_GUARD_H
