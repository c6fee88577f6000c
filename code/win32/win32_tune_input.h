#ifndef WIN32_TUNE_INPUT_H
#define WIN32_TUNE_INPUT_H
//~ Tunables from the F2 panel's keys and from the tune.request file (win32/win32_tunables.h).
// Tested by: tests/suites/suite_tunables.sh

// Rows of the panel: one per scalar tunable, one per component of a colour or v3
// (GameTunableRowCount, contract/game_tunables.h).
internal u32 Win32TunePanelRowCount(win32_tunables *tunables);
// Main thread, between frames: F2 toggles editStatus.tunePanelVisible; while the panel is open,
// Up/Down move editStatus.tuneSelected (wrapping), Left/Right and the wheel step the selected row
// (a hundredth of the range; Shift a tenth, Ctrl a thousandth; s32 by 1, Shift 10; a bool
// toggles). F2 always, and the arrows and the wheel while the panel is open, are taken out of the
// game's input. During a replay the keys are taken but change nothing.
internal void Win32TunePanelInput(win32_state *state);
// Main thread, between frames: when tune.request exists beside the DLL it is taken by renaming it
// to tune.request.taken (a file still open for writing fails and is tried at the next poll), its
// NAME=VALUE lines applied in order (blank and '#' lines skipped; a bad line logged, the rest go
// on), and deleted.
internal void Win32PollTuneRequest(win32_state *state);

#endif  // WIN32_TUNE_INPUT_H
