//~ Stack overflow in game code: the bodies behind win32/guard/win32_stack_guard.h

global win32_stack_guard_globals globalStackGuard;

internal void Win32InitStackGuard(void)
{
    globalStackGuard.tlsIndex = TlsAlloc();
}

internal void Win32EnsureStackGuarantee(void)
{
    if (globalStackGuard.tlsIndex == TLS_OUT_OF_INDEXES || TlsGetValue(globalStackGuard.tlsIndex)) return;
    ULONG bytes = WIN32_STACK_GUARANTEE_BYTES;
    SetThreadStackGuarantee(&bytes);
    TlsSetValue(globalStackGuard.tlsIndex, (void *)1);
}

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
