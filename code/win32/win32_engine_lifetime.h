#ifndef WIN32_ENGINE_LIFETIME_H
#define WIN32_ENGINE_LIFETIME_H
//~ The engine's lifetime: the command line, start-up (memory, queues, window, renderer, sound,
// game code, capsules), the frame loop until the run is over, and the shut down with its report.
// Tested by: tests/suites/suite_platform.sh, tests/suites/suite_unicode_paths.sh, tests/suites/suite_docs.sh

//~ Main
// Returns the process exit code, one of the table in docs/flags.md ("Exit codes"); codes 3 and 4
// for a thread ended inside game code and a bounded quit are set by the exits those modules make.
internal int Win32Main(HINSTANCE instance, int argc, char **argv);

#endif  // WIN32_ENGINE_LIFETIME_H
