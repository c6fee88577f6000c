// Unity build entry for win32_platform.exe: every platform .cpp is included here, once.
// build.bat compiles this one file with cl; misc/build.sh with MinGW g++.

#ifndef _WIN32_WINNT
#define _WIN32_WINNT 0x0A00     // Windows 10: GetSystemTimePreciseAsFileTime
#endif
#define WIN32_LEAN_AND_MEAN
#define NOMINMAX
#include <windows.h>
#include <mmsystem.h>   // timeBeginPeriod
#include <xinput.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <malloc.h>     // _resetstkoflw

#include "game_platform.h"
#include "base_arena.h"
#include "platform_options.h"
#include "state_layout.h"
#include "render_command_validation.h"

// Work queues, job graphs, tasks (portable core + the Win32 thread layer)
#include "win32_threads.cpp"
#include "work_queue.cpp"
#include "parallel_for.cpp"
#include "job_graph.cpp"
#include "task_manager.cpp"

// OpenGL
#include "image_writer.cpp"
#include "opengl_loader_logic.cpp"
#include "opengl_shaders.cpp"
#include "opengl_renderer.cpp"
#include "win32_opengl.cpp"

#include "win32_sound.cpp"

#include "win32_text.cpp"
#include "win32_log.cpp"
#include "win32_memory.cpp"
#include "win32_files.cpp"
#include "win32_input.cpp"
#include "win32_window.cpp"
#include "win32_debug_events.cpp"
#include "win32_crash_guard.cpp"
#include "win32_watchdog.cpp"
#include "win32_game_exports.cpp"
#include "win32_game_imports.cpp"
#include "win32_memory_snapshot.cpp"
#include "win32_game_code.cpp"
#include "win32_pointer_scan.cpp"
#include "win32_named_tasks.cpp"
#include "win32_live_loop.cpp"
#include "win32_state.cpp"
#include "win32_reload_step.cpp"
#include "win32_render_validation.cpp"
#include "win32_frame_pacing.cpp"
#include "win32_frame_loop.cpp"

int WINAPI WinMain(HINSTANCE instance, HINSTANCE previousInstance, LPSTR commandLine, int showCode)
{
    (void)previousInstance;
    (void)commandLine;
    (void)showCode;
    // NOTE: __argv went through the ANSI code page (a path with letters outside it arrives as '?').
    int argc = __argc;
    char **argv = __argv;
    if (!Win32GetUtf8CommandLine(&argc, &argv)) globalCommandLineIsAnsi = 1;   // Win32InitLog warns
    return Win32Main(instance, argc, argv);
}
