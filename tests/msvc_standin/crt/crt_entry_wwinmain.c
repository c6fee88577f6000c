// wWinMainCRTStartup: GUI programs with wWinMain; __argc/__wargv are filled as well.
#include "crt_internal.h"
#include <stdlib.h>

int WINAPI wWinMain(HINSTANCE instance, HINSTANCE previous, LPWSTR commandLine, int showCommand);

static int StartupShowCommand(void)
{
    STARTUPINFOW startup;
    GetStartupInfoW(&startup);
    return (startup.dwFlags & STARTF_USESHOWWINDOW) ? startup.wShowWindow : SW_SHOWDEFAULT;
}

int wWinMainCRTStartup(void)
{
    __security_init_cookie();
    _set_app_type(_crt_gui_app);
    _configure_wide_argv(_crt_argv_unexpanded_arguments);
    _initialize_wide_environment();
    if (!StandinRunInitializers()) exit(255);
    exit(wWinMain(GetModuleHandleW(0), 0, _get_wide_winmain_command_line(), StartupShowCommand()));
}
