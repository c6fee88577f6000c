// FP control state benchmark (MinGW, run under Wine; printed, nothing asserted): what the crash
// guard's save and restore of MXCSR and the x87 control word (code/win32/guard/win32_fp_state.cpp)
// add to one call into game code. In one process: a call to an empty noinline function alone, the
// same call between Win32SaveFpState and Win32RestoreFpState (the state unchanged: every call of a
// well-behaved game), and a call that changes MXCSR, so every restore writes it back and notes it.
// Each figure is the median over BENCH_RUNS runs of BENCH_CALLS calls.

#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>
#include "base/base_types.h"
#include "base/base_log.h"

internal PLATFORM_LOG(Win32Log)
{
    (void)level;
    (void)format;
}
#include "win32/guard/win32_fp_state.h"
#include "win32/guard/win32_fp_state.cpp"

#define BENCH_RUNS 31
#define BENCH_CALLS 200000

typedef void bench_game_call(void);
global bench_game_call *volatile globalCall;
global volatile u32 globalSink;

internal void EmptyGameCall(void) { globalSink = globalSink + 1; }
internal void GameCallChangingMxcsr(void) { _mm_setcsr(_mm_getcsr() | WIN32_MXCSR_FLUSH_TO_ZERO); }

internal int CompareDoubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

internal double NowSeconds(void)
{
    LARGE_INTEGER now, frequency;
    QueryPerformanceCounter(&now);
    QueryPerformanceFrequency(&frequency);
    return (double)now.QuadPart / (double)frequency.QuadPart;
}

// Nanoseconds per call over BENCH_CALLS calls, with or without the save and restore.
internal double TimeCalls(bench_game_call *call, b32 keepFpState)
{
    globalCall = call;
    double start = NowSeconds();
    for (u32 index = 0; index < BENCH_CALLS; ++index)
    {
        if (keepFpState)
        {
            win32_fp_state saved = Win32SaveFpState();
            globalCall();
            win32_fp_state found;
            if (Win32RestoreFpState(saved, &found)) Win32NoteFpStateLeak(saved, found);
        }
        else
        {
            globalCall();
        }
    }
    return 1e9 * (NowSeconds() - start) / BENCH_CALLS;
}

int main(void)
{
    double plain[BENCH_RUNS], kept[BENCH_RUNS], changed[BENCH_RUNS];
    for (int run = 0; run < BENCH_RUNS; ++run)
    {
        plain[run] = TimeCalls(EmptyGameCall, 0);
        kept[run] = TimeCalls(EmptyGameCall, 1);
        changed[run] = TimeCalls(GameCallChangingMxcsr, 1);
    }
    qsort(plain, BENCH_RUNS, sizeof(double), CompareDoubles);
    qsort(kept, BENCH_RUNS, sizeof(double), CompareDoubles);
    qsort(changed, BENCH_RUNS, sizeof(double), CompareDoubles);
    double median = BENCH_RUNS / 2;
    printf("figure: FP state save/restore per call into game code: +%.1f ns median (call alone %.1f ns, with save and "
           "restore %.1f ns; a call that changed MXCSR: %.1f ns with the write-back); %d runs of %d calls\n",
           kept[(int)median] - plain[(int)median], plain[(int)median], kept[(int)median], changed[(int)median],
           BENCH_RUNS, BENCH_CALLS);
    return 0;
}
