// Initializer tables, atexit, the /GS cookie, _fltused and _purecall.
// NOTE: atexit is defined here, so the CRT headers must not declare it as imported from ucrtbase;
// calls from here to ucrtbase then go through the import library's thunks.
#define _ACRTIMP
#include "crt_internal.h"
#include <stdlib.h>
#include <intrin.h>

// Every program and DLL linked with this CRT imports the C runtime from ucrtbase.dll and the
// Win32 base from kernel32.dll, as MSVC's CRT makes every link do.
#pragma comment(lib, "ucrtbase")
#pragma comment(lib, "kernel32")

//~ Initializer tables: the linker sorts .CRT$X?? sections by name, so the A and Z entries bracket
// everything the compiler puts in between.
#pragma section(".CRT$XIA", long, read)
#pragma section(".CRT$XIZ", long, read)
#pragma section(".CRT$XCA", long, read)
#pragma section(".CRT$XCZ", long, read)
__declspec(allocate(".CRT$XIA")) _PIFV __xi_a[] = {0};
__declspec(allocate(".CRT$XIZ")) _PIFV __xi_z[] = {0};
__declspec(allocate(".CRT$XCA")) _PVFV __xc_a[] = {0};
__declspec(allocate(".CRT$XCZ")) _PVFV __xc_z[] = {0};

BOOL StandinRunInitializers(void)
{
    if (_initterm_e(__xi_a, __xi_z) != 0) return FALSE;
    _initterm(__xc_a, __xc_z);
    return TRUE;
}

//~ atexit: an exe registers with ucrtbase (run by exit()); a DLL keeps its own table, run when it
// is unloaded, as MSVC's CRT does.
static _onexit_table_t moduleExitTable;
static BOOL usesModuleExitTable;

void StandinUseModuleExitTable(void)
{
    _initialize_onexit_table(&moduleExitTable);
    usesModuleExitTable = TRUE;
}

void StandinRunModuleExitTable(void)
{
    if (usesModuleExitTable) _execute_onexit_table(&moduleExitTable);
}

int __cdecl atexit(_PVFV function)
{
    if (usesModuleExitTable) return _register_onexit_function(&moduleExitTable, (_onexit_t)function);
    return _crt_atexit(function);
}

//~ /GS: functions compiled with buffer checks XOR this with their frame address on entry and
// call __security_check_cookie before returning.
#define DEFAULT_SECURITY_COOKIE 0x00002B992DDFA232ull
unsigned __int64 __security_cookie = DEFAULT_SECURITY_COOKIE;
unsigned __int64 __security_cookie_complement = ~DEFAULT_SECURITY_COOKIE;

void __cdecl __security_init_cookie(void)
{
    if (__security_cookie != DEFAULT_SECURITY_COOKIE) return;
    LARGE_INTEGER counter;
    QueryPerformanceCounter(&counter);
    FILETIME now;
    GetSystemTimeAsFileTime(&now);
    unsigned __int64 cookie = (unsigned __int64)counter.QuadPart;
    cookie ^= ((unsigned __int64)now.dwHighDateTime << 32) | now.dwLowDateTime;
    cookie ^= (unsigned __int64)GetCurrentProcessId() << 20;
    cookie ^= (unsigned __int64)GetCurrentThreadId() << 40;
    cookie ^= (unsigned __int64)(ULONG_PTR)&cookie;
    cookie &= 0x0000FFFFFFFFFFFFull; // as MSVC's: the top 16 bits stay zero
    if (cookie == DEFAULT_SECURITY_COOKIE || cookie == 0) cookie = DEFAULT_SECURITY_COOKIE + 1;
    __security_cookie = cookie;
    __security_cookie_complement = ~cookie;
}

void __cdecl __security_check_cookie(unsigned __int64 cookie)
{
    if (cookie != __security_cookie) __fastfail(2 /* FAST_FAIL_STACK_COOKIE_CHECK_FAILURE */);
}

void __cdecl __report_rangecheckfailure(void)
{
    __fastfail(8 /* FAST_FAIL_RANGE_CHECK_FAILURE */);
}

//~ Floating point in use (the compiler references it from any code using float or double).
int _fltused = 0x9875;

int __cdecl _purecall(void)
{
    abort();
    return 0;
}
