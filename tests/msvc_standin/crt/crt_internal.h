// Stand-in for MSVC's static CRT (libcmt/libcmtd), test machinery only: just enough start-up code
// on top of ucrtbase.dll for the binaries build.bat links under clang-cl + lld-link on Linux.
// Each entry point lives in its own object so a program pulls in only the one it uses.
#pragma once
#include <windows.h>
#include <corecrt_startup.h>

#ifdef __cplusplus
extern "C" {
#endif

_ACRTIMP void __cdecl _initterm(_PVFV *first, _PVFV *last);
_ACRTIMP int __cdecl _initterm_e(_PIFV *first, _PIFV *last);
_ACRTIMP wchar_t ***__cdecl __p___wargv(void);

void __cdecl __security_init_cookie(void);
// Runs the C initializers (.CRT$XI*) and the C++ constructors (.CRT$XC*) of this module; false
// when a C initializer failed.
BOOL StandinRunInitializers(void);
// Set by _DllMainCRTStartup: atexit then registers with the DLL's own table, run at unload.
void StandinUseModuleExitTable(void);
void StandinRunModuleExitTable(void);

#ifdef __cplusplus
}
#endif
