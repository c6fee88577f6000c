// The DllMain a DLL gets when it defines none (an archive member, linked only when needed).
#include "crt_internal.h"

BOOL WINAPI DllMain(HINSTANCE instance, DWORD reason, LPVOID reserved)
{
    return TRUE;
}
