#ifndef WIN32_FP_STATE_H
#define WIN32_FP_STATE_H
//~ The floating-point control state around calls into game code
//
// The SSE control/status register (MXCSR) and the x87 control word are per thread and the game can
// change them (unmask exceptions, flush denormals to zero, round toward zero). The crash guard saves
// both before every call into game code and puts them back after it, after a contained crash or an
// interrupted hang too, so the platform's own float math always runs in the state it was built for.
// When game code left them changed, the first such call is noted and the frame loop logs it once
// per build (Win32ReportFpStateLeak).
//
// NOTE: MXCSR bits 0-5 are sticky exception flags every inexact operation sets: only the control
// bits (exception masks, rounding, flush-to-zero, denormals-are-zero) count as a change. The x87
// control word is read with fnstcw where the compiler has GNU inline assembly (g++, clang-cl);
// cl.exe proper has no inline assembly on x64 and emits no x87 code of its own, so there only
// MXCSR is kept.
// Tested by: tests/suites/suite_misuse_games.sh, tests/suites/suite_windows_build.sh

#include <xmmintrin.h>
#include "base/base_format.h"
#define WIN32_MXCSR_CONTROL_BITS 0xFFC0u
#define WIN32_MXCSR_EXCEPTION_MASKS 0x1F80u
#define WIN32_MXCSR_FLUSH_TO_ZERO 0x8000u
#define WIN32_MXCSR_DENORMALS_ARE_ZERO 0x0040u
#define WIN32_MXCSR_ROUNDING 0x6000u
#if defined(__GNUC__) || defined(__clang__)
#define WIN32_HAVE_X87_CONTROL_WORD 1
#else
#define WIN32_HAVE_X87_CONTROL_WORD 0
#endif

struct win32_fp_state
{
    u32 mxcsr;
    u16 x87ControlWord;     // 0 where it is not kept (see above)
    u16 pad;
};

struct win32_fp_leak_globals
{
    volatile LONG notePending;      // 0 free, 1 being written, 2 written: a leak waits for the log
    win32_fp_state before;
    win32_fp_state after;
    DWORD threadId;
    u32 loggedVersion;              // the build the last log line was about (main thread only)
    volatile LONG restoreCount;     // calls that left the state changed, since start
    win32_fp_state platform;        // the main thread's at start: what every call into game code begins in
    b32 havePlatform;
};

// Main thread at start: its FP control state becomes the platform's, the one every outermost call
// into game code begins in on any thread (a thread Wine starts has x87 control word 0x037f where
// the main thread has 0x027f, so game code would otherwise find another state on each thread).
internal void Win32SetPlatformFpState(void);
// Any thread, before an outermost call into game code: the thread takes the platform's state when
// its own differs (its own float math runs in it too, as on the main thread).
internal void Win32EnterPlatformFpState(void);
// The calling thread's MXCSR and x87 control word, read before a call into game code.
internal win32_fp_state Win32SaveFpState(void);
// Puts saved back when the current state differs from it; true when it did (the game changed it).
internal b32 Win32RestoreFpState(win32_fp_state saved, win32_fp_state *found);
// Any thread, just after a restore: keeps the first change for the main thread to log.
internal void Win32NoteFpStateLeak(win32_fp_state before, win32_fp_state after);
// Main thread, once per frame: logs a change game code of this build left behind, once per build.
internal void Win32ReportFpStateLeak(u32 gameVersion);

#endif  // WIN32_FP_STATE_H
