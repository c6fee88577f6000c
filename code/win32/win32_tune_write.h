#ifndef WIN32_TUNE_WRITE_H
#define WIN32_TUNE_WRITE_H
//~ Writing a tunable back to the source line that declares it (win32/win32_tunables.h;
// the text work: platform/platform_tune_source.h).
// Tested by: tests/suites/suite_tunables.sh (plus tests/unit/test_tune_source.cpp)

// Re-reads the file __FILE__ named (as compiled; relative: against the DLL's folder; a Linux path
// under Wine: also as Z:\...), rewrites only the value tokens of the one TUNE_ line declaring the
// tunable, provided that line still holds the value last known there (the running build's
// compiled value, or the last write-back), and replaces the file atomically (a temporary beside
// it, then MoveFileExW). Logs `tune: NAME written back to FILE:LINE`, or, when it refuses or
// fails, `tune: NAME not written back to FILE: WHY` and leaves the file untouched.
internal void Win32WriteTunableBack(win32_tunables *tunables, u32 index);

#endif  // WIN32_TUNE_WRITE_H
