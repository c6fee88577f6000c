#ifndef WIN32_RESTART_CAPSULE_H
#define WIN32_RESTART_CAPSULE_H
//~ The builds capsules carry, across a hot restart
//
// Capsules are cut from the timeline's history, which goes over by itself (win32_timeline_handover.cpp).
// What it does not carry is the code: the old process sends the builds its recorder holds (the DLL and
// PDB bytes of every build the history's frames ran, win32_capsule_recorder.h), with the frames each
// ran. The new process takes them into its own recorder, so a capsule written after a restart covers
// frames from before it and replays across it. They travel in the capsule's own sections, written and
// read by its code (platform/platform_capsule_window.h): a window of no frames and no checkpoints (the
// history holds those), whose builds' first and last "serials" are the frames they ran.
// Tested by: tests/suites/suite_hot_restart.sh (plus tests/unit/test_capsule_window.cpp)

// Old side: the bytes Win32WriteCapsuleWindow will write (0 when the recorder is off).
internal u64 Win32CapsuleWindowSize(win32_capsule_recorder *recorder);
// Old side, at the handover: writes the window into out (Win32CapsuleWindowSize bytes); returns the
// bytes written, 0 (logged) when it could not be written.
internal u64 Win32WriteCapsuleWindow(win32_capsule_recorder *recorder, u8 *out);
// New side, before the first frame (its recorder started, nothing recorded yet): takes the builds and
// logs "restart: capsule window kept: B builds ...". False (logged; capsules then start after the
// restart) when it is malformed or does not fit this recorder.
internal b32 Win32ReadCapsuleWindow(win32_capsule_recorder *recorder, const u8 *in, u64 size);

#endif  // WIN32_RESTART_CAPSULE_H
