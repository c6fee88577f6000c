//~ Hot restart: the run's one waiter and the relay to it (win32_restart.h, win32_restart_channel.h)

// The relay's handles, for the new process's control block: the first process makes them at its
// first restart; a later one passes on the values it inherited (made inheritable again, so the
// next process inherits them too). False (logged) when the first process cannot make them: the
// restart then goes on without a relay, and this process waits itself once it handed over.
internal b32 Win32PrepareRestartRelay(win32_restart *restart, win32_restart_control *control)
{
    if (!restart->relay)
    {
        SECURITY_ATTRIBUTES inherit = {sizeof(inherit), 0, TRUE};
        restart->relaySection = CreateFileMappingW(INVALID_HANDLE_VALUE, &inherit, PAGE_READWRITE, 0,
                                                   sizeof(win32_restart_relay), 0);
        restart->relay = restart->relaySection ? (win32_restart_relay *)MapViewOfFile(restart->relaySection,
                                                                                     FILE_MAP_ALL_ACCESS, 0, 0, 0) : 0;
        restart->relayWake = CreateEventW(&inherit, FALSE, FALSE, 0);
        DuplicateHandle(GetCurrentProcess(), GetCurrentProcess(), GetCurrentProcess(), &restart->waiterProcess,
                        SYNCHRONIZE | PROCESS_DUP_HANDLE, TRUE, 0);
        if (!restart->relay || !restart->relayWake || !restart->waiterProcess)
        {
            Win32Log(LogLevel_Warning, "restart: no relay to a single waiter (error %lu): this process will wait for the "
                     "new one itself", (unsigned long)GetLastError());
            if (restart->relay) UnmapViewOfFile(restart->relay);
            HANDLE handles[] = {restart->relaySection, restart->relayWake, restart->waiterProcess};
            for (u32 index = 0; index < ArrayCount(handles); ++index)
                if (handles[index]) CloseHandle(handles[index]);
            restart->relay = 0;
            restart->relaySection = restart->relayWake = restart->waiterProcess = 0;
            return 0;
        }
        memset(restart->relay, 0, sizeof(*restart->relay));
        restart->relay->waiterPid = (LONG)GetCurrentProcessId();
        restart->isWaiter = 1;
    }
    control->waiterProcess = (u64)(umm)restart->waiterProcess;
    control->relaySection = (u64)(umm)restart->relaySection;
    control->relayWake = (u64)(umm)restart->relayWake;
    return 1;
}

// New side: the relay handles the old process passed on (none when it had no relay).
internal void Win32TakeRestartRelay(win32_restart *restart, win32_restart_control *control)
{
    if (!control->waiterProcess || !control->relaySection || !control->relayWake) return;
    HANDLE section = (HANDLE)(umm)control->relaySection;
    win32_restart_relay *relay = (win32_restart_relay *)MapViewOfFile(section, FILE_MAP_ALL_ACCESS, 0, 0, 0);
    if (!relay) return;
    restart->relaySection = section;
    restart->relay = relay;
    restart->relayWake = (HANDLE)(umm)control->relayWake;
    restart->waiterProcess = (HANDLE)(umm)control->waiterProcess;
    // NOTE: passed on to the next new process: inherited handles are made inheritable explicitly.
    HANDLE handles[] = {restart->relaySection, restart->relayWake, restart->waiterProcess};
    for (u32 index = 0; index < ArrayCount(handles); ++index)
        SetHandleInformation(handles[index], HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
}

// Hands the new process's handle to the waiter. True: this process may exit now. No answer is
// waited for: the relay is set before this process ends, and the waiter reads it whichever of its
// handles wakes it (this process's end or the relay's event), so it learns the successor in either
// order (a wait for an answer timed out once under load and left two waiters). False: no relay
// (or the waiter cannot take a handle); this process waits itself.
internal b32 Win32RelayToWaiter(win32_restart *restart)
{
    win32_restart_relay *relay = restart->relay;
    if (restart->isWaiter || !relay) return 0;
    HANDLE remote = 0;
    if (!DuplicateHandle(GetCurrentProcess(), restart->newProcess, restart->waiterProcess, &remote,
                         SYNCHRONIZE | PROCESS_QUERY_LIMITED_INFORMATION, FALSE, 0))
        return 0;
    u64 unadopted = AtomicExchangeU64(&relay->engineProcess, (u64)(umm)remote);
    // NOTE: two restarts before the waiter looked: the successor relayed before ran no longer than
    // this process did, and its handle in the waiter is closed there (the waiter never sees it).
    if (unadopted)
        DuplicateHandle(restart->waiterProcess, (HANDLE)(umm)unadopted, 0, 0, 0, FALSE, DUPLICATE_CLOSE_SOURCE);
    SetEvent(restart->relayWake);
    return 1;
}

// Gives back what the engine held but a waiter never needs, so that the process that waits for the
// rest of the run is small: the window (its GL context is gone with the engine), and the pages it
// still has in memory (on Windows the working set is trimmed; under Wine this is a no-op, and the
// GL driver's libraries stay mapped: llvmpipe's LLVM is never unloaded once loaded).
internal void Win32PumpWaiterMessages(void)
{
    MSG message;
    while (PeekMessageW(&message, 0, 0, 0, PM_REMOVE)) DispatchMessageW(&message);
}

internal void Win32ShrinkToWaiter(HWND window)
{
    if (window) DestroyWindow(window);
    // NOTE: a message wait, not only a peek: under Wine it is what sends the display server the
    // window's unmapping and destruction (otherwise they can sit in the X connection's buffer, and the
    // hidden window still shows as mapped).
    MsgWaitForMultipleObjects(0, 0, FALSE, 0, QS_ALLINPUT);
    Win32PumpWaiterMessages();
    SetProcessWorkingSetSize(GetCurrentProcess(), (SIZE_T)-1, (SIZE_T)-1);
}

// The waiter's loop: the process that runs the engine ends -> its exit code; a relay -> adopt the
// new process and wait for that one instead.
internal int Win32WaitForRestartedEngine(win32_restart *restart)
{
    HANDLE engine = restart->newProcess;
    restart->newProcess = 0;
    win32_restart_relay *relay = restart->isWaiter ? restart->relay : 0;
    for (;;)
    {
        HANDLE handles[2] = {engine, restart->relayWake};
        // NOTE: messages are still dispatched (broadcasts reach a process that had windows).
        DWORD count = relay ? 2 : 1;
        DWORD which = MsgWaitForMultipleObjects(count, handles, FALSE, INFINITE, QS_ALLINPUT);
        if (which == WAIT_OBJECT_0 + count)
        {
            Win32PumpWaiterMessages();
            continue;
        }
        // NOTE: the relay is read whichever woke us: a relaying process sets it before it exits, so
        // its end is never seen before its successor is known.
        HANDLE next = relay ? (HANDLE)(umm)AtomicExchangeU64(&relay->engineProcess, 0) : 0;
        if (next)
        {
            CloseHandle(engine);
            engine = next;
            InterlockedExchange(&relay->adopted, 1);
            continue;
        }
        if (which == WAIT_OBJECT_0) break;
        if (which == WAIT_FAILED) break;
    }
    DWORD exitCode = 0;
    GetExitCodeProcess(engine, &exitCode);
    CloseHandle(engine);
    return (int)exitCode;
}

// After the handover: the line that says what this process does from now on (the log is still
// shared; it closes once the engine stopped).
internal void Win32LogHandedOver(win32_restart *restart)
{
    if (restart->relayed)
        Win32Log(LogLevel_Info, "restart: handed over to platform build %u; the first process of the run (pid %ld) "
                 "waits for it now, and this process exits", restart->platformBuild + 1, (long)restart->relay->waiterPid);
    else
        Win32Log(LogLevel_Info, "restart: handed over to platform build %u; this process now waits for it to end",
                 restart->platformBuild + 1);
}

internal int Win32EndAsRestartedProcess(win32_restart *restart, HWND window)
{
    Win32ShrinkToWaiter(window);
    if (restart->relayed) return 0;
    return Win32WaitForRestartedEngine(restart);
}
