#ifndef GAME_INPUT_H
#define GAME_INPUT_H
// The input the platform hands the game each frame: keyboard, mouse and controllers, each button
// with its end state and the number of changes within the frame. Part of the contract: included
// by contract/game_platform.h, whose GAME_CONTRACT_VERSION and size checks cover it.

#include "base/base_types.h"
#include "base/base_math.h"

//~ Input
// NOTE: a button reports its state at the end of the frame and how many times it changed
// during the frame, so a press and release inside one frame is never lost.
struct game_button_state
{
    s32 halfTransitionCount;
    b32 endedDown;
};

inline b32 IsDown(game_button_state button) { return button.endedDown; }
inline b32 WasPressed(game_button_state button)
{
    return (button.halfTransitionCount > 1) || (button.halfTransitionCount == 1 && button.endedDown);
}
inline b32 WasReleased(game_button_state button)
{
    return (button.halfTransitionCount > 1) || (button.halfTransitionCount == 1 && !button.endedDown);
}

// Platform side: records one observed state of a button during the frame.
inline void ProcessButtonState(game_button_state *button, b32 isDown)
{
    isDown = isDown ? 1 : 0;
    if (button->endedDown != isDown)
    {
        button->endedDown = isDown;
        ++button->halfTransitionCount;
    }
}

// Platform side: a new frame keeps what is held and forgets the transitions.
inline void BeginButtonFrame(game_button_state *button)
{
    button->halfTransitionCount = 0;
}

#define GAME_KEY_LIST(X) \
    X(A) X(B) X(C) X(D) X(E) X(F) X(G) X(H) X(I) X(J) X(K) X(L) X(M) \
    X(N) X(O) X(P) X(Q) X(R) X(S) X(T) X(U) X(V) X(W) X(X) X(Y) X(Z) \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) \
    X(Up) X(Down) X(Left) X(Right) X(Space) X(Escape) X(Enter) X(Tab) X(Backspace) \
    X(Shift) X(Control) X(Alt) \
    X(F1) X(F2) X(F3) X(F4) X(F5) X(F6) X(F7) X(F8) X(F9) X(F10) X(F11) X(F12)

enum game_key
{
#define X(name) Key_##name,
    GAME_KEY_LIST(X)
#undef X
    Key_Count
};

enum game_modifier_flags
{
    Modifier_Shift = 1 << 0,
    Modifier_Control = 1 << 1,
    Modifier_Alt = 1 << 2,
};

struct game_keyboard_input
{
    game_button_state keys[Key_Count];
    u32 modifiers;              // game_modifier_flags held at the end of the frame
    u32 pad;
};

enum game_mouse_button
{
    MouseButton_Left,
    MouseButton_Middle,
    MouseButton_Right,
    MouseButton_Extended0,
    MouseButton_Extended1,
    MouseButton_Count
};

struct game_mouse_input
{
    s32 x, y;                   // pixels from the top left of the client area
    s32 deltaX, deltaY;         // movement since the previous frame
    s32 wheelDelta;             // in notches (120 units of WM_MOUSEWHEEL = 1)
    b32 inWindow;
    game_button_state buttons[MouseButton_Count];
};

#define GAME_CONTROLLER_BUTTON_LIST(X) \
    X(MoveUp) X(MoveDown) X(MoveLeft) X(MoveRight) \
    X(ActionUp) X(ActionDown) X(ActionLeft) X(ActionRight) \
    X(LeftShoulder) X(RightShoulder) X(Back) X(Start)

enum game_controller_button
{
#define X(name) ControllerButton_##name,
    GAME_CONTROLLER_BUTTON_LIST(X)
#undef X
    ControllerButton_Count
};

struct game_controller_input
{
    b32 isConnected;
    b32 isAnalog;
    f32 leftStickX, leftStickY;     // [-1, 1] after dead zone
    f32 rightStickX, rightStickY;
    f32 leftTrigger, rightTrigger;  // [0, 1]
    game_button_state buttons[ControllerButton_Count];
};

#define GAME_MAX_CONTROLLERS 4

struct game_input
{
    f32 dtForFrame;             // seconds the frame simulates (fixed with --fixed-dt)
    u32 pad0;
    u64 frameIndex;
    game_keyboard_input keyboard;
    game_mouse_input mouse;
    game_controller_input controllers[GAME_MAX_CONTROLLERS];
    b32 quitRequested;          // the game may set this to ask the platform to exit
    u32 pad1;
};

#endif // GAME_INPUT_H
