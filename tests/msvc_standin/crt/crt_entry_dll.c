// _DllMainCRTStartup: cookie, initializers and the DLL's own atexit table around DllMain.
#include "crt_internal.h"

BOOL WINAPI DllMain(HINSTANCE instance, DWORD reason, LPVOID reserved);

BOOL WINAPI _DllMainCRTStartup(HINSTANCE instance, DWORD reason, LPVOID reserved)
{
    if (reason == DLL_PROCESS_ATTACH)
    {
        __security_init_cookie();
        StandinUseModuleExitTable();
        if (!StandinRunInitializers()) return FALSE;
    }
    BOOL result = DllMain(instance, reason, reserved);
    if (reason == DLL_PROCESS_DETACH) StandinRunModuleExitTable();
    return result;
}
