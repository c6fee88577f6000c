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

#include <xmmintrin.h>

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
};
global win32_fp_leak_globals globalFpLeak;

internal win32_fp_state Win32SaveFpState(void)
{
    win32_fp_state state;
    state.mxcsr = _mm_getcsr();
    state.x87ControlWord = 0;
    state.pad = 0;
#if WIN32_HAVE_X87_CONTROL_WORD
    __asm__ __volatile__("fnstcw %0" : "=m"(state.x87ControlWord));
#endif
    return state;
}

// Puts saved back when the current state differs from it; true when it did (the game changed it).
internal b32 Win32RestoreFpState(win32_fp_state saved, win32_fp_state *found)
{
    *found = Win32SaveFpState();
    b32 changed = ((found->mxcsr ^ saved.mxcsr) & WIN32_MXCSR_CONTROL_BITS) != 0 ||
                  found->x87ControlWord != saved.x87ControlWord;
    if (changed)
    {
        _mm_setcsr(saved.mxcsr);
#if WIN32_HAVE_X87_CONTROL_WORD
        // NOTE: fnclex first: a pending exception the game unmasked must not fire at our next x87 op.
        __asm__ __volatile__("fnclex\n\tfldcw %0" : : "m"(saved.x87ControlWord));
#endif
    }
    return changed;
}

// Any thread, just after a restore: keeps the first change for the main thread to log.
internal void Win32NoteFpStateLeak(win32_fp_state before, win32_fp_state after)
{
    InterlockedIncrement(&globalFpLeak.restoreCount);
    if (InterlockedCompareExchange(&globalFpLeak.notePending, 1, 0) != 0) return;
    globalFpLeak.before = before;
    globalFpLeak.after = after;
    globalFpLeak.threadId = GetCurrentThreadId();
    MemoryBarrier();
    globalFpLeak.notePending = 2;
}

// What an MXCSR change means, in words ("exceptions unmasked, flush-to-zero on").
internal void Win32DescribeMxcsrChange(u32 before, u32 after, char *text, umm textSize)
{
    text[0] = 0;
    umm used = 0;
    const char *parts[5];
    u32 partCount = 0;
    if ((~after & before) & WIN32_MXCSR_EXCEPTION_MASKS) parts[partCount++] = "exceptions unmasked";
    if ((after & ~before) & WIN32_MXCSR_EXCEPTION_MASKS) parts[partCount++] = "exceptions masked";
    if ((after ^ before) & WIN32_MXCSR_FLUSH_TO_ZERO)
        parts[partCount++] = (after & WIN32_MXCSR_FLUSH_TO_ZERO) ? "flush-to-zero on" : "flush-to-zero off";
    if ((after ^ before) & WIN32_MXCSR_DENORMALS_ARE_ZERO)
        parts[partCount++] = (after & WIN32_MXCSR_DENORMALS_ARE_ZERO) ? "denormals-are-zero on" : "denormals-are-zero off";
    if ((after ^ before) & WIN32_MXCSR_ROUNDING)
    {
        static const char *roundings[4] = {"rounding to nearest", "rounding down", "rounding up", "rounding toward zero"};
        parts[partCount++] = roundings[(after & WIN32_MXCSR_ROUNDING) >> 13];
    }
    for (u32 partIndex = 0; partIndex < partCount && used + 1 < textSize; ++partIndex)
    {
        int written = snprintf(text + used, textSize - used, "%s%s", partIndex ? ", " : "", parts[partIndex]);
        if (written < 0) break;
        used += (umm)written;
    }
}

// Main thread, once per frame: logs a change game code of this build left behind, once per build.
internal void Win32ReportFpStateLeak(u32 gameVersion)
{
    if (globalFpLeak.notePending != 2) return;
    MemoryBarrier();
    win32_fp_state before = globalFpLeak.before;
    win32_fp_state after = globalFpLeak.after;
    DWORD threadId = globalFpLeak.threadId;
    globalFpLeak.notePending = 0;
    if (globalFpLeak.loggedVersion == gameVersion) return;
    globalFpLeak.loggedVersion = gameVersion;
    char what[128];
    Win32DescribeMxcsrChange(before.mxcsr, after.mxcsr, what, sizeof(what));
    // NOTE: MXCSR is shown without its sticky exception flags: only the control bits count.
    Win32Log(LogLevel_Warning, "fp: game code version %u left the FP control state changed (MXCSR 0x%04x -> 0x%04x%s%s; "
             "x87 control word 0x%04x -> 0x%04x; thread %lu); restored", gameVersion,
             before.mxcsr & WIN32_MXCSR_CONTROL_BITS, after.mxcsr & WIN32_MXCSR_CONTROL_BITS, what[0] ? ": " : "", what,
             before.x87ControlWord, after.x87ControlWord, (unsigned long)threadId);
}
