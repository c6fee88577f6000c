// mainCRTStartup: console programs with int main(int, char **, char **).
#include "crt_internal.h"
#include <stdlib.h>

int __cdecl main(int argc, char **argv, char **envp);

int mainCRTStartup(void)
{
    __security_init_cookie();
    _set_app_type(_crt_console_app);
    _configure_narrow_argv(_crt_argv_unexpanded_arguments);
    _initialize_narrow_environment();
    if (!StandinRunInitializers()) exit(255);
    exit(main(*__p___argc(), *__p___argv(), *__p__environ()));
}
