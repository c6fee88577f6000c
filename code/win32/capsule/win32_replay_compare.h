#ifndef WIN32_REPLAY_COMPARE_H
#define WIN32_REPLAY_COMPARE_H
//~ --compare: the A/B passes of a replay (see win32_replay.h): which frames agree, the first field
// that differs, and whether the recorded fault still happens with the new build.
// Tested by: tests/suites/suite_capsules.sh (plus tests/unit/test_state_diff.cpp)

// Pass 1, at the first frame whose state differs from the recording: keeps the new build's state.
internal void Win32KeepCompareState(win32_replay *replay, win32_state *state);
// Pass 1 ran every frame: ends the replay when nothing differed, else starts pass 2.
internal void Win32EndCompareNewPass(win32_replay *replay, win32_state *state);
// Pass 2 reached the first differing frame: names the field, ends the replay.
internal void Win32FinishCompare(win32_replay *replay, win32_state *state);

#endif  // WIN32_REPLAY_COMPARE_H
