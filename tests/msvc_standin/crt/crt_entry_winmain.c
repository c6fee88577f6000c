// WinMainCRTStartup: GUI programs with WinMain; __argc/__argv are filled as well.
#include "crt_internal.h"
#include <stdlib.h>

static int StartupShowCommand(void)
{
    STARTUPINFOW startup;
    GetStartupInfoW(&startup);
    return (startup.dwFlags & STARTF_USESHOWWINDOW) ? startup.wShowWindow : SW_SHOWDEFAULT;
}

int WinMainCRTStartup(void)
{
    __security_init_cookie();
    _set_app_type(_crt_gui_app);
    _configure_narrow_argv(_crt_argv_unexpanded_arguments);
    _initialize_narrow_environment();
    if (!StandinRunInitializers()) exit(255);
    exit(WinMain(GetModuleHandleW(0), 0, _get_narrow_winmain_command_line(), StartupShowCommand()));
}
