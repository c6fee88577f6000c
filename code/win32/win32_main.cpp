// win32/: the platform layer and the unity entry of win32_platform.exe. It owns the process: memory,
// window, input, sound, the job system and the GL context, and hot-reloads game.dll each frame.
// May include every layer but game_kit/ and demo/ (the game reaches the exe through contract/ only).
// build.bat compiles this one file with cl; misc/build.sh with MinGW g++. Every module is a pair:
// win32/win32.h includes all the headers (the interfaces) first, then the bodies follow in any
// order. tests/suites/suite_layout.sh compiles each body alone after the lines up to win32.h.

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

#include "contract/game_platform.h"
#include "base/base_arena.h"
#include "base/base_format.h"
#include "base/base_hash.h"
#include "render/render_command_validation.h"

// The exe's portable logic: options, sound cursor, pointer scan, PE reader, state layouts
#include "platform/platform.cpp"

// The OS layer (Win32 threads, semaphores, time), then the work queues, job graphs and tasks on it
#include "os/os.cpp"
#include "jobs/jobs.cpp"
// OpenGL: loader, context, renderer, image writers
#include "render/render.cpp"

#include "win32/win32.h"

//- Bodies (any order: each uses only the headers above)
#include "win32/win32_sound.cpp"
#include "win32/win32_text.cpp"
#include "win32/win32_log.cpp"
#include "win32/win32_platform_threads.cpp"
#include "win32/win32_memory.cpp"
#include "win32/win32_files.cpp"
#include "win32/win32_input.cpp"
#include "win32/win32_window.cpp"
#include "win32/win32_trace.cpp"
#include "win32/win32_debug_events.cpp"
#include "win32/win32_render_validation.cpp"
#include "win32/guard/guard.cpp"
#include "win32/reload/reload.cpp"
#include "win32/capsule/capsule.cpp"
#include "win32/timeline/timeline.cpp"
#include "win32/restart/restart.cpp"
#include "win32/win32_state.cpp"
#include "win32/win32_tunables.cpp"
#include "win32/win32_tune_input.cpp"
#include "win32/win32_tune_write.cpp"
#include "win32/win32_tune_capsule.cpp"
#include "win32/win32_quit_bound.cpp"
#include "win32/win32_service_checks.cpp"
#include "win32/win32_shader_watch.cpp"
#include "win32/win32_frame_pacing.cpp"
#include "win32/win32_frame_loop.cpp"
#include "win32/win32_engine_lifetime.cpp"
#include "win32/win32_overlay.cpp"

int WINAPI WinMain(HINSTANCE instance, HINSTANCE previousInstance, LPSTR commandLine, int showCode)
{
    (void)previousInstance;
    (void)commandLine;
    (void)showCode;
    // NOTE: __argv went through the ANSI code page (a path with letters outside it arrives as '?').
    int argc = __argc;
    char **argv = __argv;
    if (!Win32GetUtf8CommandLine(&argc, &argv)) Win32NoteAnsiCommandLine();   // Win32InitLog warns
    return Win32Main(instance, argc, argv);
}
