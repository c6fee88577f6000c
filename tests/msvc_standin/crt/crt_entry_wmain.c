// wmainCRTStartup: console programs with int wmain(int, wchar_t **, wchar_t **).
#include "crt_internal.h"
#include <stdlib.h>

int __cdecl wmain(int argc, wchar_t **argv, wchar_t **envp);

int wmainCRTStartup(void)
{
    __security_init_cookie();
    _set_app_type(_crt_console_app);
    _configure_wide_argv(_crt_argv_unexpanded_arguments);
    _initialize_wide_environment();
    if (!StandinRunInitializers()) exit(255);
    exit(wmain(*__p___argc(), *__p___wargv(), *__p__wenviron()));
}
