#ifndef WIN32_INPUT_H
#define WIN32_INPUT_H
//~ Win32 input: keyboard and mouse from the message pump, gamepads from XInput loaded at run time.
// Tested by: tests/suites/suite_demo_input.sh, tests/suites/suite_platform.sh, tests/suites/suite_tunables.sh

// NOTE: XInput is loaded dynamically because its DLL name differs across Windows versions and may
// be absent (Wine, servers): then every pad simply reads as disconnected.
#define X_INPUT_GET_STATE(name) DWORD WINAPI name(DWORD userIndex, XINPUT_STATE *state)

typedef X_INPUT_GET_STATE(x_input_get_state);

struct win32_input_state
{
    x_input_get_state *XInputGetState_;
    // NOTE: asking XInput about an empty slot stalls for milliseconds on real Windows, so empty
    // slots are only polled again after a pause.
    u64 nextPollOfEmptySlotsFrame;
    b32 padConnected[GAME_MAX_CONTROLLERS];
    s32 lastMouseX, lastMouseY;
    s32 wheelAccumulator;
    // Keys only the platform uses (the game's key list has no Home or End): presses since the
    // timeline last took them (win32/timeline/).
    u32 homePresses;
    u32 endPresses;
};

// Main thread at start-up: XInput from the first DLL that loads; without one every pad reads as
// disconnected.
internal void Win32LoadXInput(win32_input_state *input);
// Main thread, top of a frame before the message pump: per-frame transitions cleared, held state kept.
internal void Win32BeginInputFrame(game_input *input);
// Returns true when the message was input and has been consumed.
internal b32 Win32ProcessInputMessage(win32_input_state *state, game_input *input, MSG *message);
// Shift, Ctrl and Alt as the keyboard holds them now (main thread, after the pump).
internal void Win32UpdateModifiers(game_input *input);
// Focus lost: nothing stays held, or a key released in another window would stick forever.
internal void Win32ReleaseAllKeys(game_input *input);
// Main thread, once a frame: every connected pad's state; empty slots only every so many frames.
internal void Win32PollGamepads(win32_input_state *state, game_input *input);

#endif  // WIN32_INPUT_H
