// Input half-transition logic: a button reports its end state and how often it changed, so a
// tap shorter than a frame is still seen.

#include "contract/game_platform.h"
#include "test_framework.h"

int main(void)
{
    game_button_state button = {};

    //- press held across frames
    BeginButtonFrame(&button);
    ProcessButtonState(&button, 1);
    CHECK(button.endedDown && button.halfTransitionCount == 1);
    CHECK(WasPressed(button) && IsDown(button) && !WasReleased(button));
    BeginButtonFrame(&button);
    ProcessButtonState(&button, 1);     // auto-repeat of a held key is not a transition
    CHECK(button.endedDown && button.halfTransitionCount == 0);
    CHECK(!WasPressed(button) && IsDown(button));

    //- release
    BeginButtonFrame(&button);
    ProcessButtonState(&button, 0);
    CHECK(!button.endedDown && button.halfTransitionCount == 1);
    CHECK(WasReleased(button) && !WasPressed(button));

    //- a tap inside one frame: pressed and released, ends up, both events visible
    BeginButtonFrame(&button);
    ProcessButtonState(&button, 1);
    ProcessButtonState(&button, 0);
    CHECK(!button.endedDown && button.halfTransitionCount == 2);
    CHECK(WasPressed(button) && WasReleased(button) && !IsDown(button));

    //- release then press inside one frame: ends down
    BeginButtonFrame(&button);
    ProcessButtonState(&button, 1);
    BeginButtonFrame(&button);
    ProcessButtonState(&button, 0);
    ProcessButtonState(&button, 1);
    CHECK(button.endedDown && button.halfTransitionCount == 2);
    CHECK(WasPressed(button));

    //- any non-zero "down" value counts as down, once
    game_button_state other = {};
    ProcessButtonState(&other, 5);
    ProcessButtonState(&other, 1);
    CHECK(other.endedDown == 1 && other.halfTransitionCount == 1);

    //- a new frame keeps the held state
    BeginButtonFrame(&other);
    CHECK(other.endedDown == 1 && other.halfTransitionCount == 0);

    return TestSummary();
}
