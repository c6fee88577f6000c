#ifndef WIN32_ENGINE_LIFETIME_H
#define WIN32_ENGINE_LIFETIME_H
//~ The engine's lifetime: the command line, start-up (memory, queues, window, renderer, sound,
// game code, capsules), the frame loop until the run is over, and the shut down with its report.

//~ Main
// Returns the process exit code, one of the table in docs/flags.md ("Exit codes"); codes 3 and 4
// for a thread ended inside game code and a bounded quit are set by the exits those modules make.
internal int Win32Main(HINSTANCE instance, int argc, char **argv);

// Says what the queues went through, then stops every thread (queues, game code, watchdog) and
// gives back the devices (sound, OpenGL). At exit, and in the old process of a hot restart once the
// new one took over.
internal void Win32StopEngine(win32_state *state);

#endif  // WIN32_ENGINE_LIFETIME_H
