#ifndef WIN32_RESTART_CAPSULE_H
#define WIN32_RESTART_CAPSULE_H
//~ The capsule recording window across a hot restart
//
// The old process sends what a capsule would need of its recording (win32_capsule_recorder.h): the
// complete checkpoints (their pages), the frame records from the oldest of them on, and the held
// builds those frames ran. A checkpoint still being built is left behind (the new process starts
// another when the window asks for one). The new process takes them into its own recorder, at the
// same frame serials, so a capsule written after a restart covers frames from before it. They travel
// in the capsule's own sections, written and read by its code (platform/platform_capsule_window.h).
// Tested by: tests/suites/suite_hot_restart.sh (plus tests/unit/test_capsule_window.cpp)

// Old side: the bytes Win32WriteCapsuleWindow will write (0 when the recorder is off).
internal u64 Win32CapsuleWindowSize(win32_capsule_recorder *recorder);
// Old side, at the handover (hashes settled): writes the window into out (Win32CapsuleWindowSize
// bytes); returns the bytes written, 0 (logged) when there was no memory to pack it.
internal u64 Win32WriteCapsuleWindow(win32_capsule_recorder *recorder, u8 *out);
// New side, before the first frame (its recorder started, nothing recorded yet): takes the window.
// False (logged; the recording then starts afresh) when it is malformed or does not fit this recorder.
internal b32 Win32ReadCapsuleWindow(win32_capsule_recorder *recorder, const u8 *in, u64 size);

#endif  // WIN32_RESTART_CAPSULE_H
