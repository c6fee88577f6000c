//~ Win32 input: the bodies behind win32/win32_input.h

internal X_INPUT_GET_STATE(XInputGetStateStub) { (void)userIndex; (void)state; return ERROR_DEVICE_NOT_CONNECTED; }

internal void Win32LoadXInput(win32_input_state *input)
{
    const WCHAR *names[] = {L"xinput1_4.dll", L"xinput9_1_0.dll", L"xinput1_3.dll"};
    const char *logNames[] = {"xinput1_4.dll", "xinput9_1_0.dll", "xinput1_3.dll"};
    input->XInputGetState_ = XInputGetStateStub;
    for (u32 nameIndex = 0; nameIndex < ArrayCount(names); ++nameIndex)
    {
        HMODULE library = LoadLibraryW(names[nameIndex]);
        if (!library) continue;
        x_input_get_state *getState = (x_input_get_state *)(void *)GetProcAddress(library, "XInputGetState");
        if (getState)
        {
            input->XInputGetState_ = getState;
            Win32Log(LogLevel_Info, "input: gamepads through %s", logNames[nameIndex]);
            return;
        }
    }
    Win32Log(LogLevel_Info, "input: no XInput library; gamepads disabled");
}

internal s32 Win32MapVirtualKey(WPARAM vk)
{
    if (vk >= 'A' && vk <= 'Z') return Key_A + (s32)(vk - 'A');
    if (vk >= '0' && vk <= '9') return Key_0 + (s32)(vk - '0');
    if (vk >= VK_F1 && vk <= VK_F12) return Key_F1 + (s32)(vk - VK_F1);
    switch (vk)
    {
        case VK_UP: return Key_Up;
        case VK_DOWN: return Key_Down;
        case VK_LEFT: return Key_Left;
        case VK_RIGHT: return Key_Right;
        case VK_SPACE: return Key_Space;
        case VK_ESCAPE: return Key_Escape;
        case VK_RETURN: return Key_Enter;
        case VK_TAB: return Key_Tab;
        case VK_BACK: return Key_Backspace;
        case VK_SHIFT: case VK_LSHIFT: case VK_RSHIFT: return Key_Shift;
        case VK_CONTROL: case VK_LCONTROL: case VK_RCONTROL: return Key_Control;
        case VK_MENU: case VK_LMENU: case VK_RMENU: return Key_Alt;
    }
    return -1;
}

internal void Win32BeginInputFrame(game_input *input)
{
    for (u32 keyIndex = 0; keyIndex < Key_Count; ++keyIndex) BeginButtonFrame(&input->keyboard.keys[keyIndex]);
    for (u32 buttonIndex = 0; buttonIndex < MouseButton_Count; ++buttonIndex)
        BeginButtonFrame(&input->mouse.buttons[buttonIndex]);
    for (u32 padIndex = 0; padIndex < GAME_MAX_CONTROLLERS; ++padIndex)
        for (u32 buttonIndex = 0; buttonIndex < ControllerButton_Count; ++buttonIndex)
            BeginButtonFrame(&input->controllers[padIndex].buttons[buttonIndex]);
    input->mouse.wheelDelta = 0;
    input->mouse.deltaX = 0;
    input->mouse.deltaY = 0;
}

internal b32 Win32ProcessInputMessage(win32_input_state *state, game_input *input, MSG *message)
{
    switch (message->message)
    {
        case WM_KEYDOWN: case WM_KEYUP: case WM_SYSKEYDOWN: case WM_SYSKEYUP:
        {
            b32 isDown = (message->lParam & (1u << 31)) == 0;
            s32 key = Win32MapVirtualKey(message->wParam);
            if (key >= 0) ProcessButtonState(&input->keyboard.keys[key], isDown);
            // NOTE: every key-down counts (an auto-repeat too: going to an end twice changes nothing).
            if (isDown && message->wParam == VK_HOME) ++state->homePresses;
            if (isDown && message->wParam == VK_END) ++state->endPresses;
            // NOTE: let Alt+F4 reach DefWindowProc so the window closes as users expect.
            if (message->message == WM_SYSKEYDOWN && message->wParam == VK_F4) return 0;
            return 1;
        }
        case WM_MOUSEMOVE:
        {
            s32 x = (s16)LOWORD(message->lParam);
            s32 y = (s16)HIWORD(message->lParam);
            input->mouse.deltaX += x - state->lastMouseX;
            input->mouse.deltaY += y - state->lastMouseY;
            input->mouse.x = state->lastMouseX = x;
            input->mouse.y = state->lastMouseY = y;
            input->mouse.inWindow = 1;
            return 1;
        }
        case WM_LBUTTONDOWN: case WM_LBUTTONUP:
            ProcessButtonState(&input->mouse.buttons[MouseButton_Left], message->message == WM_LBUTTONDOWN);
            return 1;
        case WM_MBUTTONDOWN: case WM_MBUTTONUP:
            ProcessButtonState(&input->mouse.buttons[MouseButton_Middle], message->message == WM_MBUTTONDOWN);
            return 1;
        case WM_RBUTTONDOWN: case WM_RBUTTONUP:
            ProcessButtonState(&input->mouse.buttons[MouseButton_Right], message->message == WM_RBUTTONDOWN);
            return 1;
        case WM_XBUTTONDOWN: case WM_XBUTTONUP:
        {
            u32 button = (HIWORD(message->wParam) == XBUTTON1) ? MouseButton_Extended0 : MouseButton_Extended1;
            ProcessButtonState(&input->mouse.buttons[button], message->message == WM_XBUTTONDOWN);
            return 1;
        }
        case WM_MOUSEWHEEL:
        {
            state->wheelAccumulator += GET_WHEEL_DELTA_WPARAM(message->wParam);
            input->mouse.wheelDelta += state->wheelAccumulator / WHEEL_DELTA;
            state->wheelAccumulator %= WHEEL_DELTA;
            return 1;
        }
    }
    return 0;
}

internal void Win32UpdateModifiers(game_input *input)
{
    u32 modifiers = 0;
    if (input->keyboard.keys[Key_Shift].endedDown) modifiers |= Modifier_Shift;
    if (input->keyboard.keys[Key_Control].endedDown) modifiers |= Modifier_Control;
    if (input->keyboard.keys[Key_Alt].endedDown) modifiers |= Modifier_Alt;
    input->keyboard.modifiers = modifiers;
}

internal void Win32ReleaseAllKeys(game_input *input)
{
    for (u32 keyIndex = 0; keyIndex < Key_Count; ++keyIndex) ProcessButtonState(&input->keyboard.keys[keyIndex], 0);
    for (u32 buttonIndex = 0; buttonIndex < MouseButton_Count; ++buttonIndex)
        ProcessButtonState(&input->mouse.buttons[buttonIndex], 0);
}

internal f32 Win32NormalizeStick(SHORT value, SHORT deadZone)
{
    if (value < -deadZone) return (f32)(value + deadZone) / (32768.0f - deadZone);
    if (value > deadZone) return (f32)(value - deadZone) / (32767.0f - deadZone);
    return 0.0f;
}

internal void Win32PollGamepads(win32_input_state *state, game_input *input)
{
    b32 pollEmptySlots = input->frameIndex >= state->nextPollOfEmptySlotsFrame;
    if (pollEmptySlots) state->nextPollOfEmptySlotsFrame = input->frameIndex + 60;

    for (DWORD padIndex = 0; padIndex < GAME_MAX_CONTROLLERS; ++padIndex)
    {
        game_controller_input *pad = &input->controllers[padIndex];
        if (!state->padConnected[padIndex] && !pollEmptySlots) continue;

        XINPUT_STATE xstate = {};
        if (state->XInputGetState_(padIndex, &xstate) != ERROR_SUCCESS)
        {
            if (state->padConnected[padIndex]) Win32Log(LogLevel_Info, "input: gamepad %lu disconnected", padIndex);
            state->padConnected[padIndex] = 0;
            memset(pad, 0, sizeof(*pad));
            continue;
        }
        if (!state->padConnected[padIndex]) Win32Log(LogLevel_Info, "input: gamepad %lu connected", padIndex);
        state->padConnected[padIndex] = 1;

        XINPUT_GAMEPAD *gamepad = &xstate.Gamepad;
        pad->isConnected = 1;
        pad->isAnalog = 1;
        pad->leftStickX = Win32NormalizeStick(gamepad->sThumbLX, XINPUT_GAMEPAD_LEFT_THUMB_DEADZONE);
        pad->leftStickY = Win32NormalizeStick(gamepad->sThumbLY, XINPUT_GAMEPAD_LEFT_THUMB_DEADZONE);
        pad->rightStickX = Win32NormalizeStick(gamepad->sThumbRX, XINPUT_GAMEPAD_RIGHT_THUMB_DEADZONE);
        pad->rightStickY = Win32NormalizeStick(gamepad->sThumbRY, XINPUT_GAMEPAD_RIGHT_THUMB_DEADZONE);
        pad->leftTrigger = gamepad->bLeftTrigger / 255.0f;
        pad->rightTrigger = gamepad->bRightTrigger / 255.0f;

        struct { u32 button; WORD mask; } mapping[] = {
            {ControllerButton_MoveUp, XINPUT_GAMEPAD_DPAD_UP},
            {ControllerButton_MoveDown, XINPUT_GAMEPAD_DPAD_DOWN},
            {ControllerButton_MoveLeft, XINPUT_GAMEPAD_DPAD_LEFT},
            {ControllerButton_MoveRight, XINPUT_GAMEPAD_DPAD_RIGHT},
            {ControllerButton_ActionUp, XINPUT_GAMEPAD_Y},
            {ControllerButton_ActionDown, XINPUT_GAMEPAD_A},
            {ControllerButton_ActionLeft, XINPUT_GAMEPAD_X},
            {ControllerButton_ActionRight, XINPUT_GAMEPAD_B},
            {ControllerButton_LeftShoulder, XINPUT_GAMEPAD_LEFT_SHOULDER},
            {ControllerButton_RightShoulder, XINPUT_GAMEPAD_RIGHT_SHOULDER},
            {ControllerButton_Back, XINPUT_GAMEPAD_BACK},
            {ControllerButton_Start, XINPUT_GAMEPAD_START},
        };
        for (u32 mapIndex = 0; mapIndex < ArrayCount(mapping); ++mapIndex)
            ProcessButtonState(&pad->buttons[mapping[mapIndex].button], (gamepad->wButtons & mapping[mapIndex].mask) != 0);
    }
}
