// Thread-safe initialization of function-local statics, the protocol MSVC's code generation uses:
// a guard is 0 before, -1 during and the epoch number after the initialization; a thread whose
// own epoch is older than a guard comes here to synchronize with the initializing thread.
#include "crt_internal.h"
#include <limits.h>

int _Init_global_epoch = INT_MIN;
__declspec(thread) int _Init_thread_epoch = INT_MIN;

static SRWLOCK initLock = SRWLOCK_INIT;
static CONDITION_VARIABLE initDone = CONDITION_VARIABLE_INIT;

void __cdecl _Init_thread_header(int *guard)
{
    AcquireSRWLockExclusive(&initLock);
    for (;;)
    {
        if (*guard == 0)
        {
            *guard = -1; // this thread initializes
            break;
        }
        if (*guard != -1)
        {
            _Init_thread_epoch = _Init_global_epoch;
            break;
        }
        SleepConditionVariableSRW(&initDone, &initLock, INFINITE, 0);
    }
    ReleaseSRWLockExclusive(&initLock);
}

void __cdecl _Init_thread_footer(int *guard)
{
    AcquireSRWLockExclusive(&initLock);
    ++_Init_global_epoch;
    *guard = _Init_global_epoch;
    _Init_thread_epoch = _Init_global_epoch;
    ReleaseSRWLockExclusive(&initLock);
    WakeAllConditionVariable(&initDone);
}

void __cdecl _Init_thread_abort(int *guard)
{
    AcquireSRWLockExclusive(&initLock);
    *guard = 0;
    ReleaseSRWLockExclusive(&initLock);
    WakeAllConditionVariable(&initDone);
}
