//~ Frame pacing: the bodies behind win32/win32_frame_pacing.h

internal void Win32WaitForFrameEnd(f64 frameStart, f64 targetSeconds, b32 sleepIsGranular, const char *quitFilePath,
                                   volatile b32 *closeRequested)
{
    for (;;)
    {
        f64 remaining = targetSeconds - (Win32Seconds() - frameStart);
        if (remaining <= 0.0) return;
        if (!sleepIsGranular || remaining <= 0.002)
        {
            // The last millisecond (or every one, without a 1 ms scheduler): spin for precision.
            while (Win32Seconds() - frameStart < targetSeconds) {}
            return;
        }
        f64 slice = Minimum(remaining - 0.001, 0.050);
        DWORD woke = MsgWaitForMultipleObjects(0, 0, FALSE, (DWORD)(1000.0 * slice), QS_ALLINPUT);
        if (woke == WAIT_OBJECT_0)
        {
            MSG message;
            // NOTE: PM_NOREMOVE still dispatches sent messages, so a sent WM_CLOSE sets closeRequested.
            PeekMessageW(&message, 0, 0, 0, PM_NOREMOVE);
            if (PeekMessageW(&message, 0, WM_CLOSE, WM_CLOSE, PM_NOREMOVE) ||
                PeekMessageW(&message, 0, WM_QUIT, WM_QUIT, PM_NOREMOVE) ||
                PeekMessageW(&message, 0, WM_SYSCOMMAND, WM_SYSCOMMAND, PM_NOREMOVE))
                return;
        }
        if (closeRequested && *closeRequested) return;
        if (quitFilePath && Win32FileExists(quitFilePath)) return;
    }
}
