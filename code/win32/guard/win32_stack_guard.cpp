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
global win32_stack_guard_globals globalStackGuard;

internal void Win32InitStackGuard(void)
{
    globalStackGuard.tlsIndex = TlsAlloc();
}

// Once per thread, before its first call into game code.
internal void Win32EnsureStackGuarantee(void)
{
    if (globalStackGuard.tlsIndex == TLS_OUT_OF_INDEXES || TlsGetValue(globalStackGuard.tlsIndex)) return;
    ULONG bytes = WIN32_STACK_GUARANTEE_BYTES;
    SetThreadStackGuarantee(&bytes);
    TlsSetValue(globalStackGuard.tlsIndex, (void *)1);
}

// After a contained stack overflow, on the resumed (shallow) frame: puts a guard page back at the
// lowest end of the committed stack, above the guaranteed space, unless one is still there.
// NOTE: the pages below the new guard page stay committed; the OS commits the guaranteed space
// when it raises the next overflow anyway.
#if COMPILER_MSVC
__declspec(noinline)
#else
__attribute__((noinline))
#endif
internal void Win32RearmStackGuard(void)
{
    volatile u8 marker = 0;
    u8 *here = (u8 *)&marker;
    MEMORY_BASIC_INFORMATION info;
    if (!VirtualQuery(here, &info, sizeof(info))) return;
    u8 *stackBottom = (u8 *)info.AllocationBase;
    u8 *lowestCommitted = 0;
    for (u8 *at = stackBottom; at < here;)
    {
        if (!VirtualQuery(at, &info, sizeof(info))) return;
        if (info.State == MEM_COMMIT)
        {
            if (info.Protect & PAGE_GUARD) return;     // still armed
            if (!lowestCommitted && !(info.Protect & PAGE_NOACCESS)) lowestCommitted = (u8 *)info.BaseAddress;
        }
        at = (u8 *)info.BaseAddress + info.RegionSize;
    }
    if (!lowestCommitted) return;
    // The lowest place a guard page may sit: above the bottom page and the guaranteed space.
    u8 *lowestGuard = stackBottom + 2 * WIN32_STACK_PAGE_SIZE + WIN32_STACK_GUARANTEE_BYTES;
    u8 *guard = lowestCommitted - WIN32_STACK_PAGE_SIZE;
    if (guard < lowestGuard) guard = lowestGuard;
    if (guard + 4 * WIN32_STACK_PAGE_SIZE > here) return;  // no room left to put one
    VirtualAlloc(guard, WIN32_STACK_PAGE_SIZE, MEM_COMMIT, PAGE_READWRITE | PAGE_GUARD);
}
