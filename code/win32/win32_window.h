#ifndef WIN32_WINDOW_H
#define WIN32_WINDOW_H
//~ Win32 window: class registration, creation and the window procedure.
// A Unicode (...W) window class and message loop: the title and any text message are UTF-16.

#define WIN32_WINDOW_TITLE L"Handmade Engine"

struct win32_window
{
    HWND handle;
    HDC dc;                     // CS_OWNDC: one DC for the window's whole life, as OpenGL wants
    s32 clientWidth;
    s32 clientHeight;
    volatile b32 closeRequested;
    b32 lostFocus;              // set by WM_ACTIVATEAPP; the loop releases held keys
};

// Main thread at start-up: registers the class and opens a window whose client area has the size
// asked for; false (logged) when it cannot.
internal b32 Win32CreateMainWindow(win32_window *window, HINSTANCE instance, s32 clientWidth, s32 clientHeight);
// Drains the message queue: input messages go to the game's input, the rest to the window proc.
internal void Win32PumpMessages(win32_window *window, win32_input_state *inputState, game_input *input);

#endif  // WIN32_WINDOW_H
