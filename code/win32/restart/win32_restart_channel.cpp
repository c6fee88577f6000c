//~ The hot restart's channel: the bodies behind win32/restart/win32_restart_channel.h

#if ENGINE_DEVELOPMENT
internal void Win32RestartTestHook(const char *step)
{
    char wanted[64];
    DWORD length = GetEnvironmentVariableA("ENGINE_RESTART_TEST_DIE_AT", wanted, sizeof(wanted));
    if (length == 0 || length >= sizeof(wanted) || strcmp(wanted, step) != 0) return;
    Win32Log(LogLevel_Warning, "restart: test hook: dying at %s", step);
    // NOTE: abrupt on purpose, like a kill: no shutdown, no handle closed in order.
    TerminateProcess(GetCurrentProcess(), WIN32_RESTART_TEST_EXIT_CODE);
}

internal b32 Win32RestartTestRebase(void)
{
    char rebase[8];
    return GetEnvironmentVariableA("ENGINE_RESTART_TEST_REBASE", rebase, sizeof(rebase)) != 0;
}
#else
internal void Win32RestartTestHook(const char *step) { (void)step; }
internal b32 Win32RestartTestRebase(void) { return 0; }
#endif

internal HANDLE Win32InheritableEvent(void)
{
    SECURITY_ATTRIBUTES inherit = {sizeof(inherit), 0, TRUE};
    return CreateEventW(&inherit, FALSE, FALSE, 0);
}

internal b32 Win32CreateRestartChannel(HANDLE *section, win32_restart_control **control, HANDLE *toOld, HANDLE *toNew,
                                       HANDLE *selfForNew)
{
    SECURITY_ATTRIBUTES inherit = {sizeof(inherit), 0, TRUE};
    *section = CreateFileMappingW(INVALID_HANDLE_VALUE, &inherit, PAGE_READWRITE, 0, sizeof(win32_restart_control), 0);
    *control = *section ? (win32_restart_control *)MapViewOfFile(*section, FILE_MAP_ALL_ACCESS, 0, 0, 0) : 0;
    *toOld = Win32InheritableEvent();
    *toNew = Win32InheritableEvent();
    *selfForNew = 0;
    DuplicateHandle(GetCurrentProcess(), GetCurrentProcess(), GetCurrentProcess(), selfForNew, SYNCHRONIZE, TRUE, 0);
    if (*control && *toOld && *toNew && *selfForNew)
    {
        memset(*control, 0, sizeof(**control));
        return 1;
    }
    char reason[256];
    Win32ErrorText(GetLastError(), reason, sizeof(reason));
    Win32Log(LogLevel_Error, "restart: failed: cannot create the channel to a new process: %s; this process carries on",
             reason);
    if (*control) UnmapViewOfFile(*control);
    if (*section) CloseHandle(*section);
    if (*toOld) CloseHandle(*toOld);
    if (*toNew) CloseHandle(*toNew);
    if (*selfForNew) CloseHandle(*selfForNew);
    *control = 0;
    *section = *toOld = *toNew = *selfForNew = 0;
    return 0;
}

internal win32_restart_control *Win32OpenRestartChannel(u64 handle, char *why, u32 whySize)
{
    win32_restart_control *control =
        (win32_restart_control *)MapViewOfFile((HANDLE)(umm)handle, FILE_MAP_ALL_ACCESS, 0, 0, sizeof(win32_restart_control));
    if (!control)
    {
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        FormatText(why, whySize, "--handover %llx is not a section this process inherited (%s)",
                   (unsigned long long)handle, reason);
        return 0;
    }
    if (control->magic != WIN32_RESTART_MAGIC || control->format != WIN32_RESTART_FORMAT)
    {
        FormatText(why, whySize, "the running exe hands over in format %u, this build reads format %u",
                   control->format, (u32)WIN32_RESTART_FORMAT);
        UnmapViewOfFile(control);
        return 0;
    }
    return control;
}

internal void Win32SetRestartPhase(volatile LONG *phase, LONG value, HANDLE wake)
{
    InterlockedExchange(phase, value);
    SetEvent(wake);
}

internal b32 Win32WaitRestartWake(HANDLE wake, HANDLE other, f64 seconds)
{
    HANDLE handles[2] = {wake, other};
    DWORD milliseconds = (DWORD)(seconds * 1000.0);
    DWORD result = MsgWaitForMultipleObjects(2, handles, FALSE, milliseconds, QS_ALLINPUT);
    // Window messages: dispatched (not read as game input) so the window stays responsive.
    MSG message;
    while (PeekMessageW(&message, 0, 0, 0, PM_REMOVE))
    {
        TranslateMessage(&message);
        DispatchMessageW(&message);
    }
    return result == WAIT_OBJECT_0 + 1;
}
