//~ Crash containment for calls into game code: the bodies behind win32/guard/win32_crash_guard.h

global win32_crash_guard_globals globalCrashGuard;

internal const char *Win32ExceptionName(DWORD code)
{
    switch (code)
    {
        case EXCEPTION_ACCESS_VIOLATION: return "access violation";
        case EXCEPTION_INT_DIVIDE_BY_ZERO: return "integer divide by zero";
        case EXCEPTION_INT_OVERFLOW: return "integer overflow";
        case EXCEPTION_ILLEGAL_INSTRUCTION: return "illegal instruction";
        case EXCEPTION_PRIV_INSTRUCTION: return "privileged instruction";
        case EXCEPTION_STACK_OVERFLOW: return "stack overflow";
        case EXCEPTION_ARRAY_BOUNDS_EXCEEDED: return "array bounds exceeded";
        case EXCEPTION_DATATYPE_MISALIGNMENT: return "datatype misalignment";
        case EXCEPTION_IN_PAGE_ERROR: return "in-page error";
        case EXCEPTION_BREAKPOINT: return "breakpoint (assert)";
        case EXCEPTION_FLT_DIVIDE_BY_ZERO: return "float divide by zero";
        case EXCEPTION_FLT_INVALID_OPERATION: return "float invalid operation";
        case EXCEPTION_FLT_OVERFLOW: return "float overflow";
        case EXCEPTION_FLT_UNDERFLOW: return "float underflow";
        case EXCEPTION_FLT_INEXACT_RESULT: return "float inexact result";
        case EXCEPTION_FLT_DENORMAL_OPERAND: return "float denormal operand";
        case EXCEPTION_FLT_STACK_CHECK: return "float stack check";
        case WIN32_FLOAT_MULTIPLE_FAULTS_CODE: case WIN32_FLOAT_MULTIPLE_TRAPS_CODE: return "float exception (SSE)";
        case WIN32_HANG_CODE: return "hang (no return within the watchdog limit)";
        case WIN32_EXIT_THREAD_CODE: return "ExitThread called by game code";
        case WIN32_EXIT_PROCESS_CODE: return "ExitProcess called by game code";
        case WIN32_GAME_THREAD_STOP_CODE: return "game thread interrupted (it did not stop when asked)";
    }
    return "exception";
}

internal b32 Win32IsContainableException(DWORD code)
{
    switch (code)
    {
        case EXCEPTION_ACCESS_VIOLATION: case EXCEPTION_INT_DIVIDE_BY_ZERO: case EXCEPTION_INT_OVERFLOW:
        case EXCEPTION_ILLEGAL_INSTRUCTION: case EXCEPTION_PRIV_INSTRUCTION: case EXCEPTION_STACK_OVERFLOW:
        case EXCEPTION_ARRAY_BOUNDS_EXCEEDED: case EXCEPTION_DATATYPE_MISALIGNMENT: case EXCEPTION_IN_PAGE_ERROR:
        case EXCEPTION_BREAKPOINT: case EXCEPTION_FLT_DIVIDE_BY_ZERO: case EXCEPTION_FLT_INVALID_OPERATION:
        case EXCEPTION_FLT_OVERFLOW: case EXCEPTION_FLT_UNDERFLOW: case EXCEPTION_FLT_INEXACT_RESULT:
        case EXCEPTION_FLT_DENORMAL_OPERAND: case EXCEPTION_FLT_STACK_CHECK:
        case WIN32_FLOAT_MULTIPLE_FAULTS_CODE: case WIN32_FLOAT_MULTIPLE_TRAPS_CODE:
        case WIN32_EXIT_THREAD_CODE: case WIN32_EXIT_PROCESS_CODE:
            return 1;
    }
    return 0;
}


internal void Win32DescribeCodeAddress(void *address, char *moduleName, umm moduleNameSize, u64 *offset)
{
    HMODULE module = 0;
    *offset = (u64)address;
    moduleName[0] = '?';
    moduleName[1] = 0;
    if ((u64)address < WIN32_NULL_PAGE_LIMIT) return;     // no module maps there (a null call)
    if (!GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                            (LPCWSTR)address, &module) || !module)
        return;
    *offset = (u64)((u8 *)address - (u8 *)module);
    WCHAR path[MAX_PATH];
    DWORD length = GetModuleFileNameW(module, path, MAX_PATH);
    if (length == 0 || length >= MAX_PATH) return;
    DWORD nameStart = 0;
    for (DWORD at = 0; at < length; ++at)
        if (path[at] == '\\' || path[at] == '/') nameStart = at + 1;
    Utf16ToUtf8((const u16 *)path + nameStart, length - nameStart, moduleName, moduleNameSize);
}

internal LONG CALLBACK Win32CrashGuardHandler(EXCEPTION_POINTERS *info)
{
    win32_crash_guard *guard = (win32_crash_guard *)TlsGetValue(globalCrashGuard.tlsIndex);
    DWORD code = info->ExceptionRecord->ExceptionCode;
    if (!guard || !guard->active || !Win32IsContainableException(code)) return EXCEPTION_CONTINUE_SEARCH;
    if (IsDebuggerPresent() && !globalCrashGuard.containUnderDebugger) return EXCEPTION_CONTINUE_SEARCH;

    // NOTE: this may run on the last few KB of an overflowed stack: raw facts only (no module
    // lookup, no logging, no allocation); the guarded call names the module once it has resumed.
    win32_crash_report *report = &guard->report;
    report->code = code;
    report->address = info->ExceptionRecord->ExceptionAddress;
    if ((code == WIN32_EXIT_THREAD_CODE || code == WIN32_EXIT_PROCESS_CODE) && info->ExceptionRecord->NumberParameters >= 1)
        report->address = (void *)info->ExceptionRecord->ExceptionInformation[0];   // the game's call site
    report->threadId = GetCurrentThreadId();
    // NOTE: execution at a null address: a call pushed its return address at [rsp] just before (a
    // read of one word of a stack that is fine: only the jump went wrong).
    report->returnAddress = ((u64)report->address < WIN32_NULL_PAGE_LIMIT && code == EXCEPTION_ACCESS_VIOLATION &&
                             (u64)info->ExceptionRecord->ExceptionAddress == (u64)report->address)
                                ? *(void **)info->ContextRecord->Rsp : 0;
    report->moduleName[0] = 0;
    report->moduleOffset = 0;

    guard->crashed = 1;
    guard->active = 0;
    *info->ContextRecord = guard->resumeContext;
    return EXCEPTION_CONTINUE_EXECUTION;
}

internal void Win32InitCrashGuard(b32 containUnderDebugger)
{
    globalCrashGuard.tlsIndex = TlsAlloc();
    Win32InitStackGuard();
    globalCrashGuard.containUnderDebugger = containUnderDebugger;
    InitializeCriticalSection(&globalCrashGuard.firstCrashLock);
    // NOTE: first in the chain so a contained crash never reaches handlers that would end us.
    AddVectoredExceptionHandler(1, Win32CrashGuardHandler);
}

internal void Win32RecordCrash(win32_crash_report *report)
{
    EnterCriticalSection(&globalCrashGuard.firstCrashLock);
    if (InterlockedIncrement(&globalCrashGuard.crashCount) == 1) globalCrashGuard.firstCrash = *report;
    LeaveCriticalSection(&globalCrashGuard.firstCrashLock);
}

// NOTE: noinline keeps the captured context and the call in one stable frame.
#if COMPILER_MSVC
__declspec(noinline)
#else
__attribute__((noinline))
#endif
internal b32 Win32GuardedCallWith(win32_guarded_function *function, void *data, win32_crash_report *privateReport,
                                  b32 untimed)
{
    win32_crash_guard guardStorage;
    win32_crash_guard *volatile guard = &guardStorage;
    guard->untimed = untimed;
    // NOTE: guards nest (a job guarded inside a guarded update, a game callback inside a guarded
    // platform wrapper): each call pushes its own, so a crash resumes the innermost one and the
    // code around it (counters, dependents) still runs.
    win32_crash_guard *volatile outerGuard = (win32_crash_guard *)TlsGetValue(globalCrashGuard.tlsIndex);
    Win32EnsureStackGuarantee();
    if (!outerGuard) Win32EnterPlatformFpState();
    guard->fpState = Win32SaveFpState();
    guard->crashed = 0;
    TlsSetValue(globalCrashGuard.tlsIndex, (void *)guard);
    guard->active = 1;
    Win32WatchdogEnterGuard(guard);
    RtlCaptureContext(&guard->resumeContext);
    if (!guard->crashed)
    {
        function(data);
    }
    guard->active = 0;
    win32_fp_state fpFound;
    if (Win32RestoreFpState(guard->fpState, &fpFound)) Win32NoteFpStateLeak(guard->fpState, fpFound);
    Win32WatchdogLeaveGuard(guard);
    TlsSetValue(globalCrashGuard.tlsIndex, outerGuard);
    if (guard->crashed)
    {
        // The guard page that detects the next overflow was used up: put it back.
        if (guard->report.code == EXCEPTION_STACK_OVERFLOW) Win32RearmStackGuard();
        win32_crash_report *report = &guard->report;
        if (!report->moduleName[0])
            Win32DescribeCodeAddress(report->address, report->moduleName, sizeof(report->moduleName), &report->moduleOffset);
        if (privateReport) *privateReport = *report;
        else Win32RecordCrash(report);
        return 0;
    }
    return 1;
}

internal b32 Win32GuardedCallReporting(win32_guarded_function *function, void *data, win32_crash_report *privateReport)
{
    return Win32GuardedCallWith(function, data, privateReport, 0);
}

internal b32 Win32GuardedCallUntimed(win32_guarded_function *function, void *data, win32_crash_report *privateReport)
{
    return Win32GuardedCallWith(function, data, privateReport, 1);
}

internal b32 Win32GuardedCall(win32_guarded_function *function, void *data)
{
    return Win32GuardedCallReporting(function, data, 0);
}

internal b32 Win32CrashPending(void)
{
    return globalCrashGuard.crashCount != 0;
}

internal u32 Win32TakeCrash(win32_crash_report *firstCrash)
{
    EnterCriticalSection(&globalCrashGuard.firstCrashLock);
    u32 count = (u32)globalCrashGuard.crashCount;
    if (count) *firstCrash = globalCrashGuard.firstCrash;
    globalCrashGuard.crashCount = 0;
    LeaveCriticalSection(&globalCrashGuard.firstCrashLock);
    return count;
}

internal win32_crash_guard *Win32CurrentCrashGuard(void)
{
    return (win32_crash_guard *)TlsGetValue(globalCrashGuard.tlsIndex);
}

internal b32 Win32InsideGuardedCall(void)
{
    win32_crash_guard *guard = (win32_crash_guard *)TlsGetValue(globalCrashGuard.tlsIndex);
    return guard && guard->active;
}
