#ifndef WIN32_TUNE_CAPSULE_H
#define WIN32_TUNE_CAPSULE_H
//~ Tunables in capsules and replays (win32/win32_tunables.h; the file's Tunes section:
// platform/platform_capsule_tunes.h; the ring of changes: platform/platform_tune_history.h).
// Tested by: tests/suites/suite_tunables.sh (plus tests/unit/test_tune_history.cpp)

// Every change (any source, reload carry-overs included) is kept for capsules, in a ring of the
// newest TUNE_HISTORY_EVENTS.
internal void Win32NoteTuneEvent(win32_tunables *tunables, u64 frameIndex, const win32_tunable *entry, const f64 *old);
// The records a capsule of frames [firstFrame, endFrame) carries: every tunable's value when
// firstFrame began (today's values with the changes since undone), then each change made for a
// frame of the window, in order (a change after it, e.g. during a later pass of the F9 loop whose
// recording is saved, is not the capsule's). Returns how many were written (at most maxRecords).
// Main thread.
internal u32 Win32CapsuleTuneRecords(win32_tunables *tunables, u64 firstFrame, u64 endFrame, capsule_tune_record *out,
                                     u32 maxRecords);
// A replay, between frames before the update of its next recorded frame: the checkpoint's values
// before its first frame (every pass), then the changes recorded for that frame. A name the build
// lacks (or has with another type) is logged once and skipped.
internal void Win32ReplayTunes(win32_state *state);

#endif  // WIN32_TUNE_CAPSULE_H
