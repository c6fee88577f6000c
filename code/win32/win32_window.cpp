//~ Win32 window: the bodies behind win32/win32_window.h

global win32_window *globalWindow;

internal LRESULT CALLBACK Win32MainWindowCallback(HWND window, UINT message, WPARAM wParam, LPARAM lParam)
{
    switch (message)
    {
        case WM_CLOSE:
        case WM_DESTROY:
            if (globalWindow) globalWindow->closeRequested = 1;
            return 0;
        case WM_SIZE:
            if (globalWindow)
            {
                globalWindow->clientWidth = LOWORD(lParam);
                globalWindow->clientHeight = HIWORD(lParam);
            }
            return 0;
        case WM_ACTIVATEAPP:
            if (globalWindow && !wParam) globalWindow->lostFocus = 1;
            return 0;
        case WM_PAINT:
        {
            // NOTE: the frame loop redraws continuously; validating here stops an endless WM_PAINT.
            PAINTSTRUCT paint;
            BeginPaint(window, &paint);
            EndPaint(window, &paint);
            return 0;
        }
        case WM_ERASEBKGND:
            return 1;   // OpenGL covers the whole client area: no flicker from GDI erasing it
    }
    return DefWindowProcW(window, message, wParam, lParam);
}

#define WIN32_WINDOW_CREATE_ATTEMPTS 3

internal b32 Win32CreateMainWindow(win32_window *window, HINSTANCE instance, s32 clientWidth, s32 clientHeight)
{
    WNDCLASSEXW windowClass = {};
    windowClass.cbSize = sizeof(windowClass);
    windowClass.style = CS_OWNDC | CS_HREDRAW | CS_VREDRAW;
    windowClass.lpfnWndProc = Win32MainWindowCallback;
    windowClass.hInstance = instance;
    windowClass.hCursor = LoadCursor(0, IDC_ARROW);
    windowClass.lpszClassName = L"HandmadeEngineWindowClass";
    if (!RegisterClassExW(&windowClass))
    {
        Win32Log(LogLevel_Error, "window: RegisterClassEx failed (%lu)", (unsigned long)GetLastError());
        return 0;
    }

    DWORD style = WS_OVERLAPPEDWINDOW | WS_VISIBLE;
    RECT rect = {0, 0, clientWidth, clientHeight};
    AdjustWindowRect(&rect, style, FALSE);
    globalWindow = window;
    window->clientWidth = clientWidth;
    window->clientHeight = clientHeight;
    // NOTE: under Wine the display driver can refuse a window once in a while (error 1400 with a
    // loaded X server, seen in CI); a second try a moment later succeeds, so a start is not lost to it.
    for (u32 attempt = 1; attempt <= WIN32_WINDOW_CREATE_ATTEMPTS && !window->handle; ++attempt)
    {
        s32 left = window->placeGiven ? window->placeLeft : CW_USEDEFAULT;
        s32 top = window->placeGiven ? window->placeTop : CW_USEDEFAULT;
        s32 width = window->placeGiven ? window->placeWidth : rect.right - rect.left;
        s32 height = window->placeGiven ? window->placeHeight : rect.bottom - rect.top;
        window->handle = CreateWindowExW(0, windowClass.lpszClassName, WIN32_WINDOW_TITLE, style, left, top, width,
                                         height, 0, 0, instance, 0);
        if (window->handle) break;
        DWORD error = GetLastError();
        b32 last = (attempt == WIN32_WINDOW_CREATE_ATTEMPTS);
        Win32Log(last ? LogLevel_Error : LogLevel_Warning, "window: CreateWindowEx failed (%lu)%s", (unsigned long)error,
                 last ? "" : "; trying again");
        if (!last) Sleep(200);
    }
    if (!window->handle) return 0;
    window->dc = GetDC(window->handle);
    RECT client;
    if (GetClientRect(window->handle, &client))
    {
        window->clientWidth = client.right - client.left;
        window->clientHeight = client.bottom - client.top;
    }
    Win32Log(LogLevel_Info, "window: %dx%d client area", window->clientWidth, window->clientHeight);
    return 1;
}

internal void Win32PumpMessages(win32_window *window, win32_input_state *inputState, game_input *input)
{
    MSG message;
    while (PeekMessageW(&message, 0, 0, 0, PM_REMOVE))
    {
        if (message.message == WM_QUIT)
        {
            window->closeRequested = 1;
            continue;
        }
        if (Win32ProcessInputMessage(inputState, input, &message)) continue;
        TranslateMessage(&message);
        DispatchMessageW(&message);
    }
    if (window->lostFocus)
    {
        Win32ReleaseAllKeys(input);
        window->lostFocus = 0;
    }
}

internal void Win32SetFullscreen(win32_window *window, b32 fullscreen)
{
    if (!window->handle || (fullscreen != 0) == (window->fullscreen != 0)) return;
    DWORD style = (DWORD)GetWindowLongPtrW(window->handle, GWL_STYLE);
    if (fullscreen)
    {
        MONITORINFO monitor = {sizeof(monitor)};
        window->windowedPlacement.length = sizeof(window->windowedPlacement);
        if (!GetWindowPlacement(window->handle, &window->windowedPlacement) ||
            !GetMonitorInfoW(MonitorFromWindow(window->handle, MONITOR_DEFAULTTOPRIMARY), &monitor))
            return;
        SetWindowLongPtrW(window->handle, GWL_STYLE, (style & ~WS_OVERLAPPEDWINDOW) | WS_POPUP);
        RECT area = monitor.rcMonitor;
        SetWindowPos(window->handle, HWND_TOP, area.left, area.top, area.right - area.left, area.bottom - area.top,
                     SWP_NOOWNERZORDER | SWP_FRAMECHANGED);
    }
    else
    {
        SetWindowLongPtrW(window->handle, GWL_STYLE, (style & ~WS_POPUP) | WS_OVERLAPPEDWINDOW);
        SetWindowPlacement(window->handle, &window->windowedPlacement);
        SetWindowPos(window->handle, 0, 0, 0, 0, 0,
                     SWP_NOMOVE | SWP_NOSIZE | SWP_NOZORDER | SWP_NOOWNERZORDER | SWP_FRAMECHANGED);
    }
    window->fullscreen = fullscreen;
    Win32Log(LogLevel_Info, "window: %s", fullscreen ? "fullscreen (F11 goes back)" : "windowed");
}
