// os/: the OS layer: threads, counting semaphores, sleep and yield, a monotonic clock and the core
// count, declared once in os_core.h and implemented per OS. May include base/ only.
// A binary that uses the job system includes this file before jobs/jobs.cpp (the exe's
// win32/win32_main.cpp, the job tests, the benchmarks); it picks the body for the OS it is built
// for, Win32 for the product and POSIX for native Linux runs, so neither jobs/ nor anything above
// it names an OS. The guard makes a second include harmless.

#ifndef OS_OS_CPP
#define OS_OS_CPP

#include "os/os_core.h"

#if OS_WINDOWS
#include "os/os_core_win32.cpp"
#else
#include "os/os_core_posix.cpp"
#endif

#endif // OS_OS_CPP
