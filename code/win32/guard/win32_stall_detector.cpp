//~ Stall detector: the bodies behind win32/guard/win32_stall_detector.h

global win32_stall_detector globalStall;

internal b32 Win32BeginGameWait(win32_game_wait *saved, const char *service, void *caller, b32 abandonable,
                                const char *what)
{
    win32_watchdog_slot *slot = Win32WatchdogSlot();
    s64 index = Win32WatchdogSlotIndex(slot);
    if (index < 0) return 0;
    win32_game_wait *wait = globalStall.waits + index;
    *saved = *wait;
    win32_game_wait now = {};
    now.service = service;
    now.caller = caller;
    now.guard = slot->innermostGuard;
    now.startTicks = Win32WatchdogNow();
    now.serial = saved->serial + 1;
    now.abandonable = abandonable;
    FormatText(now.what, sizeof(now.what), "%s", what);
    // NOTE: the watchdog thread reads these fields without a lock; it only acts on a state it saw
    // unchanged for the whole limit, so a torn read at worst delays a detection by a tick.
    *wait = now;
    return 1;
}

internal void Win32EndGameWait(win32_game_wait *saved, b32 begun)
{
    if (!begun) return;
    s64 index = Win32WatchdogSlotIndex(Win32WatchdogSlot());
    win32_game_wait ended = globalStall.waits[index];
    b32 abandoned = AtomicLoadU64(&globalStall.abandonSerial[index]) == ended.serial;
    saved->serial = ended.serial;       // serials only grow, nested waits included
    globalStall.waits[index] = *saved;
    win32_crash_guard *guard = Win32CurrentCrashGuard();
    if (!abandoned || !guard || guard != ended.guard || !guard->active || !globalStall.restoreContext) return;
    win32_crash_report report = {};
    report.code = WIN32_HANG_CODE;
    report.address = ended.caller;
    report.threadId = GetCurrentThreadId();
    Win32DescribeCodeAddress(report.address, report.moduleName, sizeof(report.moduleName), &report.moduleOffset);
    guard->report = report;
    guard->crashed = 1;
    guard->active = 0;
    globalStall.restoreContext(&guard->resumeContext, 0);
}

// The abandon check the work queues call while a wait has nothing to run (this thread's slot).
internal b32 Win32ShouldAbandonGameWait(void)
{
    s64 index = Win32WatchdogSlotIndex(Win32ExistingWatchdogSlot());
    if (index < 0) return 0;
    win32_game_wait *wait = globalStall.waits + index;
    return wait->service && wait->abandonable && AtomicLoadU64(&globalStall.abandonSerial[index]) == wait->serial;
}

internal void Win32StartStallDetector(work_queue_system *queues)
{
    globalStall.queues[0] = &queues->highQueue;
    globalStall.queues[1] = &queues->lowQueue;
    HMODULE ntdll = GetModuleHandleW(L"ntdll.dll");
    globalStall.restoreContext = ntdll ? (win32_restore_context *)(void *)GetProcAddress(ntdll, "RtlRestoreContext") : 0;
    // Without a way to resume the guard an abandoned wait would return into game code that
    // believes it finished: then waits are never abandoned (a stall is still reported).
    if (globalStall.restoreContext) SetWorkWaitAbandonCheck(Win32ShouldAbandonGameWait);
}

// True when slot's thread is in game code and sits in a recorded wait under its innermost guard.
internal b32 Win32SlotInGameWait(win32_watchdog *watchdog, LONG index)
{
    win32_watchdog_slot *slot = watchdog->slots + index;
    win32_game_wait *wait = globalStall.waits + index;
    return wait->service && wait->guard && wait->guard == slot->innermostGuard && slot->platformDepth > 0;
}

internal void Win32ReportAndAbandonStall(win32_watchdog *watchdog, LONG slotCount, f64 seconds)
{
    char text[1400];
    text_buffer report = TEXT_BUFFER_ON(text);
    TextAppendFormat(&report, "watchdog: stall: no progress for %.2f s (limit %.2f s) while every thread running "
                     "game code waits inside a platform service:", seconds, watchdog->timeoutSeconds);
    for (LONG index = 0; index < slotCount; ++index)
    {
        win32_watchdog_slot *slot = watchdog->slots + index;
        if (!slot->thread || !slot->innermostGuard || !Win32SlotInGameWait(watchdog, index)) continue;
        win32_game_wait wait = globalStall.waits[index];
        char module[64];
        u64 offset = 0;
        Win32DescribeCodeAddress(wait.caller, module, sizeof(module), &offset);
        TextAppendFormat(&report, " thread %lu waits in %s for %s (called from %s+0x%llx%s);",
                         (unsigned long)slot->threadId, wait.service, wait.what, module, (unsigned long long)offset,
                         Win32AddressInExe((u64)wait.caller) ? ", reached by a tail call from game code" : "");
        if (wait.abandonable) AtomicStoreU64(&globalStall.abandonSerial[index], wait.serial);
    }
    InterlockedIncrement(&globalStall.stallCount);
    InterlockedIncrement(&watchdog->interruptCount);
    Win32Log(LogLevel_Error, "%s the waits are abandoned; recovering as from a hang", text);
}

internal void Win32CheckForStall(win32_watchdog *watchdog, s64 now)
{
    LONG slotCount = Minimum(watchdog->slotCount, (LONG)WIN32_WATCHDOG_MAX_THREADS);
    u32 involved = 0;
    b32 anyAbandonable = 0;
    u64 signature = 0;
    for (LONG index = 0; index < slotCount; ++index)
    {
        win32_watchdog_slot *slot = watchdog->slots + index;
        if (!slot->thread || !slot->innermostGuard) continue;
        if (!Win32SlotInGameWait(watchdog, index))
        {
            globalStall.candidateSince = 0;
            return;
        }
        win32_game_wait *wait = globalStall.waits + index;
        ++involved;
        anyAbandonable |= wait->abandonable && AtomicLoadU64(&globalStall.abandonSerial[index]) != wait->serial;
        signature = signature * 31 + wait->serial + (u64)(umm)wait->guard;
    }
    for (u32 index = 0; index < ArrayCount(globalStall.queues); ++index)
    {
        if (globalStall.queues[index]) signature = signature * 31 + GetWorkQueueCompletionCount(globalStall.queues[index]);
    }
    if (!involved || !anyAbandonable)
    {
        globalStall.candidateSince = 0;
        return;
    }
    if (!globalStall.candidateSince || signature != globalStall.candidateSignature)
    {
        globalStall.candidateSince = now;
        globalStall.candidateSignature = signature;
        return;
    }
    if (now - globalStall.candidateSince < watchdog->timeoutTicks) return;
    if (IsDebuggerPresent()) return;
    Win32ReportAndAbandonStall(watchdog, slotCount, (f64)(now - globalStall.candidateSince) / (f64)watchdog->ticksPerSecond);
    globalStall.candidateSince = 0;
}
