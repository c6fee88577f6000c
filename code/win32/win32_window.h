#ifndef WIN32_WINDOW_H
#define WIN32_WINDOW_H
//~ Win32 window: class registration, creation and the window procedure.
// A Unicode (...W) window class and message loop: the title and any text message are UTF-16.
// Tested by: tests/suites/suite_unicode_paths.sh, tests/suites/suite_hot_restart.sh, tests/suites/suite_demo_input.sh

#define WIN32_WINDOW_TITLE L"Handmade Engine"

struct win32_window
{
    HWND handle;
    HDC dc;                     // CS_OWNDC: one DC for the window's whole life, as OpenGL wants
    s32 clientWidth;
    s32 clientHeight;
    volatile b32 closeRequested;
    b32 lostFocus;              // set by WM_ACTIVATEAPP; the loop releases held keys
    // Where to open, when placeGiven (a hot restart opens where the old window was): the outer
    // rectangle; else the system's default place with the client size asked for.
    b32 placeGiven;
    s32 placeLeft, placeTop, placeWidth, placeHeight;
    b32 fullscreen;             // borderless over its monitor (F11); windowedPlacement is where it goes back
    WINDOWPLACEMENT windowedPlacement;
};

// Main thread at start-up: registers the class and opens a window whose client area has the size
// asked for; false (logged) when it cannot.
internal b32 Win32CreateMainWindow(win32_window *window, HINSTANCE instance, s32 clientWidth, s32 clientHeight);
// Main thread: borderless over the window's monitor, or back to where it was (F11; a hot restart).
internal void Win32SetFullscreen(win32_window *window, b32 fullscreen);
// Drains the message queue: input messages go to the game's input, the rest to the window proc.
internal void Win32PumpMessages(win32_window *window, win32_input_state *inputState, game_input *input);

#endif  // WIN32_WINDOW_H
