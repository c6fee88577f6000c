//~ The FP control state around game calls: the bodies behind win32/guard/win32_fp_state.h

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

internal void Win32SetPlatformFpState(void)
{
    globalFpLeak.platform = Win32SaveFpState();
    globalFpLeak.havePlatform = 1;
}

internal void Win32EnterPlatformFpState(void)
{
    win32_fp_state found;
    if (globalFpLeak.havePlatform) Win32RestoreFpState(globalFpLeak.platform, &found);
}

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
    text_buffer out = TextBufferOver(text, textSize);
    for (u32 partIndex = 0; partIndex < partCount; ++partIndex)
        TextAppendFormat(&out, "%s%s", partIndex ? ", " : "", parts[partIndex]);
}

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
