//~ Hang watchdog for calls into game code: the bodies behind win32/guard/win32_watchdog.h

// NOTE: a global, not part of win32_state: the watchdog thread and every thread entering or leaving
// game code (guarded calls, the wrapped platform services) reach it with no state pointer.
global win32_watchdog globalWatchdog;

internal u32 Win32HangsInterrupted(void)
{
    return (u32)globalWatchdog.interruptCount;
}

internal DWORD Win32WatchdogThreadId(void)
{
    return globalWatchdog.threadId;
}

internal s64 Win32WatchdogNow(void)
{
    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    return now.QuadPart - globalWatchdog.frozenTicks;
}

// Watchdog thread, at each wake: a gap far longer than its sleep while a debugger is attached is
// time the process stood stopped in it; it leaves the clock (win32_watchdog.h).
internal void Win32WatchdogSkipFrozenTime(void)
{
    LARGE_INTEGER raw;
    QueryPerformanceCounter(&raw);
    s64 slept = (s64)globalWatchdog.tickMilliseconds * globalWatchdog.ticksPerSecond / 1000;
    s64 gap = globalWatchdog.lastTickTicks ? raw.QuadPart - globalWatchdog.lastTickTicks - slept : 0;
    if (gap > globalWatchdog.ticksPerSecond / 4 && IsDebuggerPresent()) globalWatchdog.frozenTicks += gap;
    globalWatchdog.lastTickTicks = raw.QuadPart;
}

internal b32 Win32AddressInExe(u64 address)
{
    return address >= (u64)globalWatchdog.exeBase && address - (u64)globalWatchdog.exeBase < globalWatchdog.exeSize;
}

internal win32_watchdog_slot *Win32ExistingWatchdogSlot(void)
{
    if (!globalWatchdog.enabled) return 0;
    return (win32_watchdog_slot *)TlsGetValue(globalWatchdog.slotTlsIndex);
}

internal s64 Win32WatchdogSlotIndex(win32_watchdog_slot *slot)
{
    return slot ? (s64)(slot - globalWatchdog.slots) : -1;
}

internal win32_watchdog_slot *Win32WatchdogSlot(void)
{
    if (!globalWatchdog.enabled || GetCurrentThreadId() == globalWatchdog.threadId) return 0;
    win32_watchdog_slot *slot = (win32_watchdog_slot *)TlsGetValue(globalWatchdog.slotTlsIndex);
    if (slot) return slot;
    // NOTE: a released slot's guard pointer is 0, so the watchdog thread never uses its old handle.
    LONG count = Minimum(globalWatchdog.slotCount, (LONG)WIN32_WATCHDOG_MAX_THREADS);
    for (LONG index = 0; index < count && !slot; ++index)
        if (InterlockedCompareExchange(&globalWatchdog.slots[index].released, 0, 1) == 1) slot = globalWatchdog.slots + index;
    if (slot)
    {
        HANDLE old = slot->thread;
        slot->thread = 0;
        MemoryBarrier();
        if (old) CloseHandle(old);
    }
    else
    {
        LONG index = InterlockedIncrement(&globalWatchdog.slotCount) - 1;
        if (index >= WIN32_WATCHDOG_MAX_THREADS) return 0;
        slot = globalWatchdog.slots + index;
    }
    HANDLE thread = 0;
    DuplicateHandle(GetCurrentProcess(), GetCurrentThread(), GetCurrentProcess(), &thread,
                    THREAD_SUSPEND_RESUME | THREAD_GET_CONTEXT | THREAD_SET_CONTEXT | THREAD_QUERY_INFORMATION |
                    SYNCHRONIZE, FALSE, 0);
    slot->threadId = GetCurrentThreadId();
    slot->innermostGuard = 0;
    slot->platformDepth = 0;
    MemoryBarrier();
    slot->thread = thread;      // published last: the watchdog skips slots without a handle
    TlsSetValue(globalWatchdog.slotTlsIndex, slot);
    return slot;
}

internal void Win32WatchdogEnterGuard(win32_crash_guard *guard)
{
    win32_watchdog_slot *slot = Win32WatchdogSlot();
    if (!slot) return;
    guard->watchdogOuterGuard = slot->innermostGuard;
    guard->watchdogOuterStart = slot->guardStartTicks;
    guard->watchdogOuterDepth = slot->platformDepth;
    slot->guardStartTicks = guard->untimed ? WIN32_UNTIMED_GUARD_START : Win32WatchdogNow();
    slot->platformDepth = 0;
    MemoryBarrier();
    slot->innermostGuard = guard;
}

internal void Win32WatchdogLeaveGuard(win32_crash_guard *guard)
{
    win32_watchdog_slot *slot = Win32WatchdogSlot();
    if (!slot || slot->innermostGuard != guard) return;
    slot->innermostGuard = guard->watchdogOuterGuard;
    MemoryBarrier();
    slot->guardStartTicks = guard->watchdogOuterStart;
    slot->platformDepth = guard->watchdogOuterDepth;
}

internal void Win32WatchdogReleaseSlot(void)
{
    if (!globalWatchdog.enabled) return;
    win32_watchdog_slot *slot = (win32_watchdog_slot *)TlsGetValue(globalWatchdog.slotTlsIndex);
    if (!slot || slot->innermostGuard) return;
    TlsSetValue(globalWatchdog.slotTlsIndex, 0);
    slot->reportedGuard = 0;
    MemoryBarrier();
    slot->released = 1;
}

//~ Platform services as seen by game code: marked "in the platform" while they run
internal void Win32WatchdogEnterPlatform(void)
{
    win32_watchdog_slot *slot = Win32WatchdogSlot();
    if (slot) InterlockedIncrement(&slot->platformDepth);
}
internal void Win32WatchdogLeavePlatform(void)
{
    win32_watchdog_slot *slot = Win32WatchdogSlot();
    if (slot) InterlockedDecrement(&slot->platformDepth);
}

// Marks the thread "in the platform" for the wrapper's scope (a service's result is returned from
// inside it, whatever its type, void included).
struct win32_in_platform_scope
{
    win32_in_platform_scope() { Win32WatchdogEnterPlatform(); }
    ~win32_in_platform_scope() { Win32WatchdogLeavePlatform(); }
};
#define WIN32_WATCHED_Plain(Name, Result, Parameters, Arguments) \
    internal Result Win32Watched##Name Parameters \
    { \
        win32_in_platform_scope inPlatform; \
        return globalWatchdog.original.Name Arguments; \
    }
#define WIN32_WATCHED_ByHand(Name, Result, Parameters, Arguments)
#define WIN32_WATCHED_SERVICE(Name, Result, Parameters, Arguments, Forwarding) \
    WIN32_WATCHED_##Forwarding(Name, Result, Parameters, Arguments)
PLATFORM_API_SERVICES(WIN32_WATCHED_SERVICE)
#undef WIN32_WATCHED_SERVICE

// The game's parallel-for callback is game code again, wherever the platform runs it.
internal PLATFORM_PARALLEL_FOR_CALLBACK(Win32WatchedParallelForBatch)
{
    win32_watched_parallel_for *call = (win32_watched_parallel_for *)data;
    // After a crash or hang this frame, the rest of the frame's game work is skipped: it would run
    // on state about to be rolled back (and a hang in every batch would cost a limit per batch).
    if (Win32CrashPending()) return;
    win32_watchdog_slot *slot = Win32WatchdogSlot();
    LONG depth = slot ? slot->platformDepth : 0;
    if (slot) slot->platformDepth = 0;
    call->callback(call->data, first, onePastLast);
    if (slot) slot->platformDepth = depth;
}
internal void Win32WatchedParallelFor(platform_work_queue *queue, u32 count, u32 minBatch,
                                      platform_parallel_for_callback *callback, void *data)
{
    win32_watched_parallel_for call = {callback, data};
    Win32WatchdogEnterPlatform();
    globalWatchdog.original.ParallelFor(queue, count, minBatch, Win32WatchedParallelForBatch, &call);
    Win32WatchdogLeavePlatform();
}
internal PLATFORM_LOG(Win32WatchedLog)
{
    char message[2048];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof(message), format, args);
    va_end(args);
    Win32WatchdogEnterPlatform();
    globalWatchdog.original.Log(level, "%s", message);
    Win32WatchdogLeavePlatform();
}

internal void Win32WatchPlatformApi(platform_api *api)
{
    if (!globalWatchdog.enabled) return;
    globalWatchdog.original = *api;
#define WIN32_WATCH_SERVICE(Name, Result, Parameters, Arguments, Forwarding) \
    if (api->Name) api->Name = Win32Watched##Name;
    PLATFORM_API_SERVICES(WIN32_WATCH_SERVICE)
#undef WIN32_WATCH_SERVICE
}

//~ The watchdog thread

// Module names are UTF-8; the system names compared against are ASCII, so folding A-Z is enough.
internal b32 Win32AsciiEqualNoCase(const char *a, const char *b)
{
    for (;; ++a, ++b)
    {
        char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a + 32) : *a;
        char y = (*b >= 'A' && *b <= 'Z') ? (char)(*b + 32) : *b;
        if (x != y) return 0;
        if (!x) return 1;
    }
}

internal b32 Win32IsSystemModuleName(const char *name)
{
    return Win32AsciiEqualNoCase(name, "ntdll.dll") || Win32AsciiEqualNoCase(name, "kernel32.dll") ||
           Win32AsciiEqualNoCase(name, "kernelbase.dll") || Win32AsciiEqualNoCase(name, "?");
}

// When a thread is stuck inside the OS (a Sleep or wait the game called), walks its stack to the
// first caller outside the system DLLs: that is where the game waits. Returns its address and
// writes its module+offset; 0 and "" if none is found.
// NOTE: runs while the thread is suspended, so it only finds the address; naming it (DbgHelp
// allocates, and the suspended thread may hold the heap lock) waits until the thread runs again.
internal u64 Win32FindGameCaller(CONTEXT *context, char *text, umm textSize)
{
    text[0] = 0;
    CONTEXT walk = *context;
    for (u32 depth = 0; depth < 32; ++depth)
    {
        DWORD64 imageBase = 0;
        RUNTIME_FUNCTION *function = RtlLookupFunctionEntry(walk.Rip, &imageBase, 0);
        if (function)
        {
            void *handlerData = 0;
            DWORD64 establisherFrame = 0;
            RtlVirtualUnwind(UNW_FLAG_NHANDLER, imageBase, walk.Rip, function, &walk, &handlerData,
                             &establisherFrame, 0);
        }
        else
        {
            // A leaf function: the return address is on top of the stack.
            walk.Rip = *(DWORD64 *)walk.Rsp;
            walk.Rsp += 8;
        }
        if (!walk.Rip || Win32AddressInExe(walk.Rip)) return 0;
        char moduleName[64];
        u64 offset = 0;
        Win32DescribeCodeAddress((void *)walk.Rip, moduleName, sizeof(moduleName), &offset);
        if (!Win32IsSystemModuleName(moduleName))
        {
            FormatText(text, textSize, "%s+0x%llx", moduleName, (unsigned long long)offset);
            return walk.Rip;
        }
    }
    return 0;
}

internal void Win32CallFindGameCaller(void *data)
{
    win32_find_caller_call *call = (win32_find_caller_call *)data;
    call->callerAddress = Win32FindGameCaller(call->context, call->caller, sizeof(call->caller));
}

// Interrupts the slot's thread if it is still in the same expired guard, in game code (under the
// interrupt lock: see Win32WatchdogInterrupt).
internal void Win32WatchdogInterruptLocked(win32_watchdog_slot *slot, s64 now)
{
    if (SuspendThread(slot->thread) == (DWORD)-1) return;
    CONTEXT context;
    memset(&context, 0, sizeof(context));
    context.ContextFlags = CONTEXT_FULL;
    // NOTE: GetThreadContext also waits until the suspension has really happened.
    b32 haveContext = GetThreadContext(slot->thread, &context) != 0;
    win32_crash_guard *guard = slot->innermostGuard;
    f64 stuckSeconds = (f64)(now - slot->guardStartTicks) / (f64)globalWatchdog.ticksPerSecond;
    if (!haveContext || !guard || !guard->active || slot->platformDepth > 0 ||
        now - slot->guardStartTicks < globalWatchdog.timeoutTicks || Win32AddressInExe(context.Rip))
    {
        ResumeThread(slot->thread);
        return;
    }

    win32_crash_report report = {};
    report.code = WIN32_HANG_CODE;
    report.address = (void *)context.Rip;
    report.threadId = slot->threadId;
    Win32DescribeCodeAddress(report.address, report.moduleName, sizeof(report.moduleName), &report.moduleOffset);
    win32_find_caller_call find = {&context, 0, ""};
    // NOTE: guarded: the stack being walked belongs to code that may have corrupted it.
    win32_crash_report walkCrash;
    if (Win32IsSystemModuleName(report.moduleName) && !Win32GuardedCallReporting(Win32CallFindGameCaller, &find, &walkCrash))
    {
        find.callerAddress = 0;
        find.caller[0] = 0;
    }

    if (IsDebuggerPresent())
    {
        ResumeThread(slot->thread);
        if (slot->reportedGuard != guard)
        {
            slot->reportedGuard = guard;
            char where[300];
            FormatText(where, sizeof(where), "%s+0x%llx", report.moduleName, (unsigned long long)report.moduleOffset);
            Win32AppendCodeAddressSymbol((u64)report.address, where, sizeof(where));
            Win32Log(LogLevel_Error, "watchdog: thread %lu has not returned from game code for %.2f s (at %s); "
                     "debugger attached: breaking instead of interrupting", (unsigned long)report.threadId,
                     stuckSeconds, where);
            DebugBreak();
        }
        return;
    }

    CONTEXT resume = guard->resumeContext;
    guard->report = report;
    guard->crashed = 1;
    guard->active = 0;
    b32 redirected = SetThreadContext(slot->thread, &resume) != 0;
    if (!redirected)
    {
        guard->crashed = 0;
        guard->active = 1;
    }
    ResumeThread(slot->thread);
    if (!redirected)
    {
        Win32Log(LogLevel_Error, "watchdog: could not redirect hung thread %lu (SetThreadContext failed)",
                 (unsigned long)report.threadId);
        return;
    }
    InterlockedIncrement(&globalWatchdog.interruptCount);
    // NOTE: functions and lines are named only now that the thread runs again (see Win32FindGameCaller);
    // module+offset were taken while it was suspended, in case its module goes before this line.
    char where[300], caller[340] = "";
    FormatText(where, sizeof(where), "%s+0x%llx", report.moduleName, (unsigned long long)report.moduleOffset);
    Win32AppendCodeAddressSymbol((u64)report.address, where, sizeof(where));
    if (find.callerAddress)
    {
        char callerWhere[300];
        FormatText(callerWhere, sizeof(callerWhere), "%s", find.caller);
        Win32AppendCodeAddressSymbol(find.callerAddress, callerWhere, sizeof(callerWhere));
        FormatText(caller, sizeof(caller), " (called from %s)", callerWhere);
    }
    if (globalWatchdog.quitting)
    {
        const char *name = Win32PlatformThreadName(report.threadId);
        Win32Log(LogLevel_Error, "quit: abandoned game code on thread %lu (%s), running for %.3f s: stuck at %s%s; "
                 "interrupted so the engine can exit", (unsigned long)report.threadId, name ? name : "a thread of the game",
                 stuckSeconds, where, caller);
        return;
    }
    Win32Log(LogLevel_Error, "watchdog: game code on thread %lu did not return for %.3f s (limit %.3f s); stuck at "
             "%s%s; interrupted, recovering as from a crash", (unsigned long)report.threadId, stuckSeconds,
             globalWatchdog.timeoutSeconds, where, caller);
}

internal void Win32WatchdogInterrupt(win32_watchdog_slot *slot, s64 now)
{
    // NOTE: a game thread being stopped (Win32InterruptGameCodeNow) may be interrupted from the
    // main thread at the same moment: one suspension, one redirect at a time.
    AcquireSRWLockExclusive(&globalWatchdog.interruptLock);
    Win32WatchdogInterruptLocked(slot, now);
    ReleaseSRWLockExclusive(&globalWatchdog.interruptLock);
}

internal b32 Win32InterruptGameCodeNow(win32_watchdog_slot *slot, DWORD code, win32_crash_report *report,
                                       u64 *gameCaller)
{
    *gameCaller = 0;
    if (!globalWatchdog.enabled || !slot || !slot->thread || slot->threadId == GetCurrentThreadId()) return 0;
    AcquireSRWLockExclusive(&globalWatchdog.interruptLock);
    b32 redirected = 0;
    if (SuspendThread(slot->thread) != (DWORD)-1)
    {
        CONTEXT context;
        memset(&context, 0, sizeof(context));
        context.ContextFlags = CONTEXT_FULL;
        b32 haveContext = GetThreadContext(slot->thread, &context) != 0;
        win32_crash_guard *guard = slot->innermostGuard;
        if (haveContext && guard && guard->active && slot->platformDepth <= 0 && !Win32AddressInExe(context.Rip))
        {
            win32_crash_report found = {};
            found.code = code;
            found.address = (void *)context.Rip;
            found.threadId = slot->threadId;
            Win32DescribeCodeAddress(found.address, found.moduleName, sizeof(found.moduleName), &found.moduleOffset);
            win32_find_caller_call find = {&context, 0, ""};
            win32_crash_report walkCrash;
            // NOTE: guarded, as in Win32WatchdogInterruptLocked: the stack may be corrupt.
            if (Win32IsSystemModuleName(found.moduleName) &&
                Win32GuardedCallReporting(Win32CallFindGameCaller, &find, &walkCrash))
                *gameCaller = find.callerAddress;
            CONTEXT resume = guard->resumeContext;
            guard->report = found;
            guard->crashed = 1;
            guard->active = 0;
            redirected = SetThreadContext(slot->thread, &resume) != 0;
            if (!redirected)
            {
                guard->crashed = 0;
                guard->active = 1;
            }
            else *report = found;
        }
        ResumeThread(slot->thread);
    }
    ReleaseSRWLockExclusive(&globalWatchdog.interruptLock);
    return redirected;
}

// A thread that ended while inside game code (ExitThread, TerminateThread) took work with it that
// can never finish: the engine cannot be trusted to go on, so it says why and exits.
internal void Win32WatchdogThreadLost(win32_watchdog_slot *slot)
{
    Win32Log(LogLevel_Error, "watchdog: thread %lu ended while inside game code (ExitThread or TerminateThread "
             "called by the game); the work it was running can never finish, so the engine exits (code 3)",
             (unsigned long)slot->threadId);
    Win32CloseLog();
    ExitProcess(3);
}

internal DWORD WINAPI Win32WatchdogThread(LPVOID parameter)
{
    (void)parameter;
    while (!globalWatchdog.stopRequested)
    {
        Sleep(globalWatchdog.tickMilliseconds);
        Win32WatchdogSkipFrozenTime();
        s64 now = Win32WatchdogNow();
        LONG slotCount = Minimum(globalWatchdog.slotCount, (LONG)WIN32_WATCHDOG_MAX_THREADS);
        for (LONG slotIndex = 0; slotIndex < slotCount; ++slotIndex)
        {
            win32_watchdog_slot *slot = globalWatchdog.slots + slotIndex;
            if (!slot->thread) continue;
            if (!slot->innermostGuard) continue;
            if (WaitForSingleObject(slot->thread, 0) == WAIT_OBJECT_0)
            {
                if (slot->innermostGuard) Win32WatchdogThreadLost(slot);
                continue;
            }
            if (slot->platformDepth > 0) continue;
            if (now - slot->guardStartTicks < globalWatchdog.timeoutTicks) continue;
            Win32WatchdogInterrupt(slot, now);
        }
        Win32CheckForStall(&globalWatchdog, now);
    }
    return 0;
}

internal void Win32StartWatchdog(f32 seconds)
{
    memset(&globalWatchdog, 0, sizeof(globalWatchdog));
    HMODULE exe = GetModuleHandleW(0);
    IMAGE_NT_HEADERS *headers = (IMAGE_NT_HEADERS *)((u8 *)exe + ((IMAGE_DOS_HEADER *)exe)->e_lfanew);
    globalWatchdog.exeBase = (u8 *)exe;
    globalWatchdog.exeSize = headers->OptionalHeader.SizeOfImage;
    if (seconds <= 0.0f) return;
    LARGE_INTEGER frequency;
    QueryPerformanceFrequency(&frequency);
    globalWatchdog.ticksPerSecond = frequency.QuadPart;
    globalWatchdog.timeoutSeconds = seconds;
    globalWatchdog.timeoutTicks = (s64)(seconds * (f64)frequency.QuadPart);
    // NOTE: a tenth of the limit between looks (10 to 100 ms): detection takes at most 10% longer.
    globalWatchdog.tickMilliseconds = (DWORD)Clamp(10.0, seconds * 100.0, 100.0);
    globalWatchdog.slotTlsIndex = TlsAlloc();
    globalWatchdog.enabled = (globalWatchdog.slotTlsIndex != TLS_OUT_OF_INDEXES);
    if (!globalWatchdog.enabled) return;
    globalWatchdog.thread = CreateThread(0, 64 * 1024, Win32WatchdogThread, 0, CREATE_SUSPENDED, &globalWatchdog.threadId);
    if (!globalWatchdog.thread)
    {
        globalWatchdog.enabled = 0;
        Win32Log(LogLevel_Warning, "watchdog: could not start its thread; hangs in game code are not caught");
        return;
    }
    ResumeThread(globalWatchdog.thread);
    Win32Log(LogLevel_Info, "watchdog: game code that does not return within %.2f s is interrupted", seconds);
}

internal void Win32WatchdogLimitForQuit(f32 seconds)
{
    if (!globalWatchdog.enabled) return;
    globalWatchdog.quitting = 1;
    if (globalWatchdog.timeoutSeconds <= seconds) return;
    globalWatchdog.timeoutSeconds = seconds;
    globalWatchdog.timeoutTicks = (s64)(seconds * (f64)globalWatchdog.ticksPerSecond);
}

internal void Win32StopWatchdog(void)
{
    if (!globalWatchdog.thread) return;
    globalWatchdog.stopRequested = 1;
    WaitForSingleObject(globalWatchdog.thread, INFINITE);
    CloseHandle(globalWatchdog.thread);
    globalWatchdog.thread = 0;
}
