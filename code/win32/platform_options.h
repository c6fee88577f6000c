#ifndef PLATFORM_OPTIONS_H
#define PLATFORM_OPTIONS_H
// The exe's command-line flags: what makes it scriptable. Portable (no OS headers) so the parser is
// unit-tested natively; win32_main.cpp feeds it __argc/__argv.

#include "base/base_types.h"
#include "contract/game_arguments.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

struct platform_options
{
    s64 frameLimit;             // --frames N: run N frames then exit 0 (0 = until the window closes)
    f32 fixedDt;                // --fixed-dt S: every frame simulates S seconds (0 = measured)
    f32 targetHz;               // --hz N: frame rate the loop paces to, 1 to 1000
    b32 unthrottled;            // --unthrottled: no sleeping between frames (for scripted runs)
    b32 vsync;                  // --no-vsync clears it
    const char *logPath;        // --log PATH
    const char *screenshotPath; // --screenshot PATH: the last presented frame, written at exit
    const char *quitFilePath;   // --quit-file PATH: exit cleanly once PATH exists
    const char *gameDllPath;    // --game PATH: game DLL to load (default: game.dll beside the exe)
    s32 windowWidth;            // --size WxH
    s32 windowHeight;
    s32 highPriorityWorkers;    // --workers N (-1 = from core count)
    s32 lowPriorityWorkers;     // --low-workers N (-1 = from core count)
    b32 serialFrames;           // --serial: update and render one after the other (no overlap)
    s64 loopStartFrame;         // --loop START,LENGTH: record from frame START ... (-1 = off)
    u32 loopLength;             // ... for LENGTH frames, then replay them in a loop
    b32 resetOnLayoutChange;    // --reset-on-layout-change: a build whose state layout changed
                                //   starts from zeroed game memory instead of being refused
    b32 strictPointers;         // --strict-pointers: refuse a reload while game memory holds
                                //   pointers into the code it would replace
    b32 verifyRollback;         // --verify-rollback: hash game memory before every frame and
                                //   compare after a crash restore (slow; for tests)
    f32 watchdogSeconds;        // --watchdog S: a call into game code that has not returned after S
                                //   seconds is interrupted like a crash (0 = off; default 10 in
                                //   development builds, off in release builds)
    u32 entityCount;            // --entities N: the demo's entity count, handed to the game as
                                //   the game argument entities=N (0 = not given: the game's default)
    const char *gameArguments[GAME_MAX_ARGUMENTS];  // --game-arg NAME=VALUE, each checked by
    u32 gameArgumentCount;                          //   ParseGameArgument, in command-line order
    const char *tracePath;      // --trace PATH: timing events as Chrome Trace Event JSON
    s64 traceFrames;            // --trace-frames N: only the first N frames (0 = every frame)
    b32 showHelp;               // --help
};

// Frame rates --hz accepts: below 1 Hz a frame would outlast every timeout a script waits on.
#define PLATFORM_MIN_HZ 1.0f
#define PLATFORM_MAX_HZ 1000.0f
#define PLATFORM_MAX_WATCHDOG_SECONDS 3600.0f
#if ENGINE_DEVELOPMENT
#define PLATFORM_DEFAULT_WATCHDOG_SECONDS 10.0f
#else
#define PLATFORM_DEFAULT_WATCHDOG_SECONDS 0.0f
#endif

#define PLATFORM_OPTIONS_HELP \
    "usage: win32_platform.exe [flags]\n" \
    "  --frames N         run N frames, then exit 0\n" \
    "  --fixed-dt S       simulate exactly S seconds per frame (e.g. 0.0166667)\n" \
    "  --hz N             target frame rate, 1 to 1000 (default 60); pacing still notices the\n" \
    "                     quit file and window messages within 50 ms\n" \
    "  --unthrottled      do not sleep between frames\n" \
    "  --no-vsync         swap interval 0\n" \
    "  --log PATH         also write the log to PATH (if it cannot be opened: said on stderr,\n" \
    "                     and in a message box unless --frames or --quit-file; the run goes on)\n" \
    "  --screenshot PATH  write the last presented frame to PATH at exit; PATH must end in .png or\n" \
    "                     .bmp and its folder must exist (checked at start: otherwise exit 2);\n" \
    "                     if writing fails at exit, the exit code is 3. While it runs, creating\n" \
    "                     PATH.request writes the frame just drawn to PATH and deletes the request\n" \
    "  --quit-file PATH   exit cleanly as soon as PATH exists\n" \
    "  --game PATH        game DLL to load (default: game.dll beside the exe)\n" \
    "  --size WxH         window client size (default 1280x720)\n" \
    "  --workers N        high-priority worker threads (default: cores - 1, at least 1)\n" \
    "  --low-workers N    low-priority worker threads (default 1)\n" \
    "  --serial           run update and render one after the other (no frame overlap)\n" \
    "  --loop START,LEN   record input from frame START for LEN frames, then replay in a loop\n" \
    "                     (F9 does the same by hand: record, play, stop)\n" \
    "  --reset-on-layout-change  load builds whose state layout changed with zeroed memory\n" \
    "  --strict-pointers  refuse a reload while game memory points into the old game code\n" \
    "                     (default: keep the old code loaded until nothing points into it)\n" \
    "  --verify-rollback  hash game memory every frame to prove crash restores (slow)\n" \
    "  --watchdog S       (0.05 to 3600) interrupt game code (update, job, task, sound, end of\n" \
    "                     frame, load-time export) that has not returned after S seconds and\n" \
    "                     recover as from a crash; 0 = off (default 10 in development builds,\n" \
    "                     off in release); with a debugger attached it breaks instead\n" \
    "  --entities N       bouncing cubes the demo simulates, 1 to 262144 (default 4096); read\n" \
    "                     by the game at its first update (the shorthand for --game-arg entities=N)\n" \
    "  --game-arg NAME=VALUE  a value for the game itself, which decides what it means (repeatable,\n" \
    "                     up to 15; NAME: letters, digits, '_', '-', '.', up to 31 bytes; VALUE up to\n" \
    "                     95 bytes); the game reads it from game_memory.arguments\n" \
    "  --trace PATH       write every frame's timed blocks and jobs, per thread, and its reloads,\n" \
    "                     rollbacks, hangs and asset arrivals as Chrome Trace Event JSON (valid\n" \
    "                     after every frame; open it in Perfetto, chrome://tracing or speedscope)\n" \
    "  --trace-frames N   trace only the first N frames\n" \
    "  --help             this text\n"

inline void DefaultPlatformOptions(platform_options *options)
{
    memset(options, 0, sizeof(*options));
    options->targetHz = 60.0f;
    options->vsync = 1;
    options->windowWidth = 1280;
    options->windowHeight = 720;
    options->highPriorityWorkers = -1;
    options->lowPriorityWorkers = -1;
    options->loopStartFrame = -1;
    options->watchdogSeconds = PLATFORM_DEFAULT_WATCHDOG_SECONDS;
}

internal b32 ParseWholeNumber(const char *text, s64 minimum, s64 maximum, s64 *result)
{
    if (!text || !*text) return 0;
    char *end = 0;
    long long value = strtoll(text, &end, 10);
    if (*end != 0 || value < minimum || value > maximum) return 0;
    *result = value;
    return 1;
}

internal b32 ParsePositiveReal(const char *text, f32 maximum, f32 *result)
{
    if (!text || !*text) return 0;
    char *end = 0;
    double value = strtod(text, &end);
    if (*end != 0 || !(value > 0.0) || value > maximum) return 0;
    *result = (f32)value;
    return 1;
}

// True when `path` ends in .png or .bmp (any case): the only formats a screenshot is written in.
internal b32 HasScreenshotExtension(const char *path)
{
    umm length = strlen(path);
    if (length < 5) return 0;   // a name before the dot
    const char *dot = path + length - 4;
    if (dot[0] != '.' || dot[-1] == '\\' || dot[-1] == '/') return 0;
    char extension[4];
    for (int index = 0; index < 3; ++index)
    {
        char c = dot[1 + index];
        extension[index] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
    }
    extension[3] = 0;
    return strcmp(extension, "png") == 0 || strcmp(extension, "bmp") == 0;
}

// The --log path alone, found even when another flag is malformed, so that error gets logged too.
internal const char *FindLogPathOption(int argc, char **argv)
{
    for (int argIndex = 1; argIndex + 1 < argc; ++argIndex)
        if (strcmp(argv[argIndex], "--log") == 0) return argv[argIndex + 1];
    return 0;
}

// True when the command line asks for a scripted run (--frames or --quit-file), found even when
// another flag is malformed: such a run never shows a message box that would wait for a person.
internal b32 IsScriptedCommandLine(int argc, char **argv)
{
    for (int argIndex = 1; argIndex < argc; ++argIndex)
        if (strcmp(argv[argIndex], "--frames") == 0 || strcmp(argv[argIndex], "--quit-file") == 0) return 1;
    return 0;
}

// A flag that takes no value. False when `flag` is not one.
internal b32 ParseSwitchFlag(const char *flag, platform_options *options)
{
    if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0 || strcmp(flag, "/?") == 0) { options->showHelp = 1; }
    else if (strcmp(flag, "--unthrottled") == 0) { options->unthrottled = 1; }
    else if (strcmp(flag, "--no-vsync") == 0) { options->vsync = 0; }
    else if (strcmp(flag, "--serial") == 0) { options->serialFrames = 1; }
    else if (strcmp(flag, "--reset-on-layout-change") == 0) { options->resetOnLayoutChange = 1; }
    else if (strcmp(flag, "--verify-rollback") == 0) { options->verifyRollback = 1; }
    else if (strcmp(flag, "--strict-pointers") == 0) { options->strictPointers = 1; }
    else return 0;
    return 1;
}

// A flag followed by a path. False when `flag` is not one; *valueOk says whether the path is there.
internal b32 ParsePathFlag(const char *flag, const char *value, platform_options *options, b32 *valueOk)
{
    if (strcmp(flag, "--log") == 0) { options->logPath = value; }
    else if (strcmp(flag, "--screenshot") == 0) { options->screenshotPath = value; }
    else if (strcmp(flag, "--quit-file") == 0) { options->quitFilePath = value; }
    else if (strcmp(flag, "--game") == 0) { options->gameDllPath = value; }
    else if (strcmp(flag, "--trace") == 0) { options->tracePath = value; }
    else if (strcmp(flag, "--game-arg") == 0)
    {
        game_argument checked;
        // NOTE: one entry of game_memory.arguments stays free for --entities N (entities=N).
        *valueOk = options->gameArgumentCount + 1 < GAME_MAX_ARGUMENTS && ParseGameArgument(value, &checked);
        if (*valueOk) options->gameArguments[options->gameArgumentCount++] = value;
        return 1;
    }
    else return 0;
    *valueOk = value != 0;
    return 1;
}

// A flag followed by a number (or two). False when `flag` is not one; *valueOk says whether the
// value is there, well formed and in range.
internal b32 ParseNumberFlag(const char *flag, const char *value, platform_options *options, b32 *valueOk)
{
    b32 ok = 1;
    s64 number = 0;
    if (strcmp(flag, "--frames") == 0)
    {
        ok = ParseWholeNumber(value, 1, 1000000000ll, &number);
        options->frameLimit = number;
    }
    else if (strcmp(flag, "--fixed-dt") == 0) { ok = ParsePositiveReal(value, 1.0f, &options->fixedDt); }
    else if (strcmp(flag, "--hz") == 0)
    {
        ok = ParsePositiveReal(value, PLATFORM_MAX_HZ, &options->targetHz) && options->targetHz >= PLATFORM_MIN_HZ;
    }
    else if (strcmp(flag, "--watchdog") == 0)
    {
        ok = value && strcmp(value, "0") == 0;
        if (ok) options->watchdogSeconds = 0.0f;
        else ok = ParsePositiveReal(value, PLATFORM_MAX_WATCHDOG_SECONDS, &options->watchdogSeconds) &&
                  options->watchdogSeconds >= 0.05f;
    }
    else if (strcmp(flag, "--loop") == 0)
    {
        long long start = -1, length = 0;
        char trailing = 0;
        ok = value && sscanf(value, "%lld,%lld%c", &start, &length, &trailing) == 2 && start >= 0 &&
             length >= 1 && length <= 100000;
        options->loopStartFrame = start;
        options->loopLength = (u32)length;
    }
    else if (strcmp(flag, "--size") == 0)
    {
        int width = 0, height = 0;
        char trailing = 0;
        ok = value && sscanf(value, "%dx%d%c", &width, &height, &trailing) == 2 &&
             width >= 64 && height >= 64 && width <= 16384 && height <= 16384;
        options->windowWidth = width;
        options->windowHeight = height;
    }
    else if (strcmp(flag, "--workers") == 0)
    {
        ok = ParseWholeNumber(value, 1, 64, &number);
        options->highPriorityWorkers = (s32)number;
    }
    else if (strcmp(flag, "--entities") == 0)
    {
        ok = ParseWholeNumber(value, 1, 262144, &number);
        options->entityCount = (u32)number;
    }
    else if (strcmp(flag, "--trace-frames") == 0) { ok = ParseWholeNumber(value, 1, 1000000000ll, &options->traceFrames); }
    else if (strcmp(flag, "--low-workers") == 0)
    {
        ok = ParseWholeNumber(value, 1, 64, &number);
        options->lowPriorityWorkers = (s32)number;
    }
    else return 0;
    *valueOk = ok;
    return 1;
}

// Returns false with a one-line reason in errorText for an unknown flag or a bad value.
internal b32 ParsePlatformOptions(int argc, char **argv, platform_options *options,
                                  char *errorText, umm errorTextSize)
{
    DefaultPlatformOptions(options);
    errorText[0] = 0;
    for (int argIndex = 1; argIndex < argc; ++argIndex)
    {
        const char *flag = argv[argIndex];
        const char *value = (argIndex + 1 < argc) ? argv[argIndex + 1] : 0;
        if (ParseSwitchFlag(flag, options)) continue;

        if (strcmp(flag, "--screenshot") == 0 && value && !HasScreenshotExtension(value))
        {
            snprintf(errorText, errorTextSize, "--screenshot '%s': unsupported file type; only .png and .bmp "
                     "are written", value);
            return 0;
        }
        b32 valueOk = 1;
        if (!ParsePathFlag(flag, value, options, &valueOk) && !ParseNumberFlag(flag, value, options, &valueOk))
        {
            snprintf(errorText, errorTextSize, "unknown flag '%s' (try --help)", flag);
            return 0;
        }
        if (!valueOk)
        {
            snprintf(errorText, errorTextSize, "bad or missing value for %s: '%s'", flag, value ? value : "");
            return 0;
        }
        ++argIndex;     // the value
    }
    return 1;
}

#endif // PLATFORM_OPTIONS_H
