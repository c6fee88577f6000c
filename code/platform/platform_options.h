#ifndef PLATFORM_OPTIONS_H
#define PLATFORM_OPTIONS_H
// The exe's command-line flags: what makes it scriptable. Portable (no OS headers) so the parser is
// unit-tested natively; the exe (win32/) feeds it its UTF-8 command line.

#include "base/base_types.h"
#include "contract/game_arguments.h"
#include "contract/game_tunables.h"

#define PLATFORM_MAX_TUNES 32

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
    // Capsules (win32/capsule/): the rolling recording, and replaying one.
    f32 capsuleSeconds;         // --capsule-seconds S: the window kept (0 = no recording; default 10,
                                //   0 in release builds: their game memory is not at a fixed address)
    const char *capsuleDir;     // --capsule-dir DIR (default: capsules/ beside the game DLL)
    u32 capsuleMaxMegabytes;    // --capsule-max-mb N: the folder's bound; oldest pruned (default 1024)
    const char *replayPath;     // --replay PATH: run a capsule instead of live input
    const char *replayGamePath; // --replay-game DLL: replay with this build instead of the capsule's
    b32 replayBreak;            // --replay-break [FRAME]: stop before that frame's update
    s64 replayBreakFrame;       //   (-1: the faulting frame, else the last recorded one)
    u32 replayBreakWaitSeconds; // --replay-break-wait S: how long to wait for a debugger (default 60)
    b32 replayCompare;          // --compare: the capsule's build against --replay-game's, per frame
    b32 replayLoop;             // --loop (with --replay): replay forever (on --game's or --replay-game's
                                //   newest build when given)
    // The timeline (win32/timeline/): the recent past kept in the running engine.
    f32 historySeconds;         // --history-seconds S: the history kept (0 = off; default 60)
    u32 historyMaxMegabytes;    // --history-max-mb N: its memory bound (default 512)
    b32 historyWholePages;      // --history-whole-pages: keyframes keep their pages whole (unpacked, for comparison)
    b32 startPaused;            // --start-paused: paused before the first frame's update
    b32 noOverlay;              // --no-overlay: the exe draws no layer of its own over the game
    const char *tunes[PLATFORM_MAX_TUNES];  // --tune NAME=VALUE, in command-line order: applied to the
    u32 tuneCount;                          //   first build before its first update (docs/tunables.md)
    u64 handover;               // --handover H (hex, not 0): this process is the new side of a hot restart;
                                //   H is the control block's handle, inherited from the old process
    b32 showHelp;               // --help
};

// Frame rates --hz accepts: below 1 Hz a frame would outlast every timeout a script waits on.
#define PLATFORM_MIN_HZ 1.0f
#define PLATFORM_MAX_HZ 1000.0f
#define PLATFORM_MAX_WATCHDOG_SECONDS 3600.0f
// Release builds put game memory at any address, so a capsule could not be replayed: off there.
#if ENGINE_DEVELOPMENT
#define PLATFORM_DEFAULT_CAPSULE_SECONDS 10.0f
#else
#define PLATFORM_DEFAULT_CAPSULE_SECONDS 0.0f
#endif
#define PLATFORM_MAX_CAPSULE_SECONDS 600.0f
#define PLATFORM_DEFAULT_REPLAY_BREAK_WAIT_SECONDS 60
#define PLATFORM_DEFAULT_HISTORY_SECONDS 60.0f
#define PLATFORM_MAX_HISTORY_SECONDS 600.0f
#define PLATFORM_DEFAULT_HISTORY_MAX_MB 512
#if ENGINE_DEVELOPMENT
#define PLATFORM_DEFAULT_WATCHDOG_SECONDS 10.0f
#else
#define PLATFORM_DEFAULT_WATCHDOG_SECONDS 0.0f
#endif

#define PLATFORM_OPTIONS_HELP \
    "usage: win32_platform.exe [flags]\n" \
    "  --frames N         run N frames (1 to 1000000000), then exit 0\n" \
    "  --fixed-dt S       simulate exactly S seconds per frame, above 0 and at most 1\n" \
    "                     (e.g. 0.0166667)\n" \
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
    "  --size WxH         window client size, 64 to 16384 a side (default 1280x720)\n" \
    "  --workers N        high-priority worker threads, 1 to 64 (default: cores - 1, at least 1)\n" \
    "  --low-workers N    low-priority worker threads, 1 to 64 (default: half the cores with 4\n" \
    "                     or more cores, else 1)\n" \
    "  --serial           run update and render one after the other (no frame overlap)\n" \
    "  --loop START,LEN   record input from frame START for LEN frames (1 to 100000), then\n" \
    "                     replay in a loop (F9 does the same by hand: record, play, stop)\n" \
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
    "  --trace-frames N   trace only the first N frames (1 to 1000000000)\n" \
    "  --capsule-seconds S  keep at least the last S seconds (0 to 600; default 10 in development\n" \
    "                     builds, 0 = off in release) of input and state in the history, for\n" \
    "                     capsules (each starts at a keyframe at least S seconds back): written on a\n" \
    "                     contained crash or hang, on F8, and when DIR/capsule.request exists\n" \
    "                     (deleted once served)\n" \
    "  --capsule-dir DIR  where capsules go (default: capsules\\ beside the game DLL)\n" \
    "  --capsule-max-mb N the folder's bound in MB, 1 to 1048576 (default 1024): the oldest\n" \
    "                     capsules are pruned\n" \
    "  --replay PATH      run capsule PATH: its state, its build, its recorded input, every frame's\n" \
    "                     state hash checked. Exit 0: ran to its end, every hash equal, no fault;\n" \
    "                     20: the recorded fault happened again at its frame (same kind, function\n" \
    "                     and line); 21: the state diverged (first frame named); 2: a bad or\n" \
    "                     unusable capsule or flag\n" \
    "  --replay-game DLL  replay with this build instead of the capsule's own\n" \
    "  --replay-break [FRAME]  stop just before FRAME's update (default: the faulting frame, else\n" \
    "                     the last): a breakpoint a debugger catches, or without one the log says\n" \
    "                     how to attach and waits (up to 60 s)\n" \
    "  --replay-break-wait S  (1 to 3600) wait S seconds for a debugger instead of 60\n" \
    "  --compare          with --replay-game: run both builds on the recording and name the first\n" \
    "                     frame and field where their states differ (exit 0 same, 21 differ)\n" \
    "  --loop             with --replay: replay forever, each pass from the checkpoint; with\n" \
    "                     --game or --replay-game on the newest build of that DLL (rebuild it\n" \
    "                     meanwhile), else on the capsule's own build\n" \
    "  --history-seconds S  keep the last S seconds of play in the running engine (0 to 600;\n" \
    "                     default 60; 0 = off: the history then keeps just --capsule-seconds,\n" \
    "                     as capsules are cut from it): F5 pauses and shows the timeline strip\n" \
    "                     at the bottom (F6 shows it while playing); Left/Right step a frame (Shift: a\n" \
    "                     second), Home/End go to its ends, a click or drag on the strip scrubs,\n" \
    "                     the wheel on it zooms; a reload or tune while paused re-runs the rest\n" \
    "                     with the new code and names the first frame and field that differ;\n" \
    "                     F5 plays on from the frame shown. A file timeline.request beside the\n" \
    "                     game DLL takes one command a line:\n" \
    "                       pause | resume | seek FRAME | step N | view recorded|new | save PATH\n" \
    "                       watch PATH      plot a field over the history (up to 4), e.g.\n" \
    "                                       watch demo_state.entities[17].position.y\n" \
    "                       unwatch PATH\n" \
    "                       find PATH OP VALUE   seek to the first later frame where it holds\n" \
    "                                       (OP: == != < <= > >=)\n" \
    "                       find PATH changed    ... where the field differs from the frame before\n" \
    "                       find-back PATH OP VALUE | find-back PATH changed   the same, backward\n" \
    "                     every action logs a line starting 'timeline:' (docs/timeline.md)\n" \
    "  --history-max-mb N the history's memory bound in MB, 8 to 65536 (default 512)\n" \
    "  --history-whole-pages  the old way, for measuring what packing gains: keyframes keep\n" \
    "                     each changed page whole, and their interval follows the cap alone\n" \
    "  --start-paused     start paused (F5 or a 'resume' line plays)\n" \
    "  --no-overlay       draw the game alone: no notices, tunables panel or timeline strip of\n" \
    "                     the exe's own over it (the keys and timeline.request still work)\n" \
    "  --tune NAME=VALUE  set tunable NAME (see the F2 panel) before the game's first update\n" \
    "                     (repeatable, up to 32). Only NAME=VALUE is checked here (else exit 2);\n" \
    "                     a NAME the game lacks or a VALUE outside its range is logged as an\n" \
    "                     error ('tune: --tune ... refused: WHY') and the run goes on. While it\n" \
    "                     runs, a file tune.request beside the game DLL with NAME=VALUE lines\n" \
    "                     (# comments) does the same (write it elsewhere, then rename it there).\n" \
    "                     Every change is logged 'tune: NAME = VALUE (was OLD) ...' and written\n" \
    "                     back to the source line declaring NAME (docs/tunables.md)\n" \
    "  Hot restart (docs/hot-restart.md): while it runs, a new win32_platform_next.exe beside the\n" \
    "                     exe (misc/build.sh platform, build.bat platform), F7, or a file\n" \
    "                     restart.request beside the game DLL starts the new exe with these same\n" \
    "                     flags, hands it the game's memory, build, window, log and trace, and\n" \
    "                     this process stays only to return the new one's exit code\n" \
    "  --handover H       internal: the new process of a hot restart (H: a handle, in hex)\n" \
    "  --help             this text\n"

//~ Parsing
// The options of a command line with no flags (what each field's comment calls the default).
// Splits "NAME=VALUE" (a --game-arg) into *result. False (result unspecified) when there is no '=',
// or the name is empty, too long or holds another character than letters, digits, '_', '-', '.',
// or the value is too long (contract/game_arguments.h has the sizes).
b32 ParseGameArgument(const char *text, game_argument *result);

void DefaultPlatformOptions(platform_options *options);

// True when text is "NAME=VALUE" as --tune takes it: NAME of letters, digits and '_', shorter than
// GAME_TUNABLE_NAME_MAX bytes, and a VALUE that is not empty (the game's table checks the rest).
b32 IsTuneAssignment(const char *text);

// Returns false with a one-line reason in errorText for an unknown flag or a bad value.
b32 ParsePlatformOptions(int argc, char **argv, platform_options *options,
                         char *errorText, umm errorTextSize);

// True when `path` ends in .png or .bmp (any case): the only formats a screenshot is written in.
b32 HasScreenshotExtension(const char *path);

//~ Flags found before parsing
// The --log path alone, found even when another flag is malformed, so that error gets logged too.
const char *FindLogPathOption(int argc, char **argv);

// True when the command line asks for a scripted run (--frames or --quit-file), found even when
// another flag is malformed: such a run never shows a message box that would wait for a person.
b32 IsScriptedCommandLine(int argc, char **argv);

#endif // PLATFORM_OPTIONS_H
