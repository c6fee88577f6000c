#ifndef WIN32_FRAME_PACING_H
#define WIN32_FRAME_PACING_H
//~ Frame pacing: wait out the rest of a frame without sleeping past a reason to stop.
// Tested by: tests/suites/suite_platform.sh, tests/suites/suite_misuse_games.sh

// Sleeps and spins until targetSeconds have passed since frameStart. The sleep is cut into slices
// of at most 50 ms, and ends early when the quit file appears or the window is asked to close
// (a WM_CLOSE, WM_QUIT or close command waiting in the queue, or closeRequested set while the
// wait dispatched a sent message): the frame loop then stops without waiting out a slow frame.
internal void Win32WaitForFrameEnd(f64 frameStart, f64 targetSeconds, b32 sleepIsGranular, const char *quitFilePath,
                                   volatile b32 *closeRequested);

#endif  // WIN32_FRAME_PACING_H
