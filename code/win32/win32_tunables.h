#ifndef WIN32_TUNABLES_H
#define WIN32_TUNABLES_H
//~ Tunables, the platform side (contract/game_tunables.h; docs/tunables.md).
// The platform keeps its own copy of the running build's table (names, files, types, ranges, the
// compiled and the live values), so nothing it needs lives in a DLL that a reload or a rollback
// frees. It changes values only between frames, on the main thread, while no game code runs:
// from the F2 panel, --tune NAME=VALUE (once the first build is loaded, before its first update),
// a tune.request file beside the game DLL, and a capsule being replayed. Every change is logged as
// `tune: NAME = VALUE (was OLD) ...`, shown by the overlay (editStatus.lastTune, tuneCount), marked
// in --trace, recorded for capsules, and written back to the line that declares it.
// Tested by: tests/suites/suite_tunables.sh

#define WIN32_TUNE_POLL_FRAMES 4        // the request file is looked for every this many frames
#define WIN32_TUNE_REQUEST_NAME "tune.request"
#define WIN32_TUNE_MAX_SOURCE_BYTES (4u << 20)   // a source file larger than this is not rewritten
#define WIN32_CAPSULE_JOB_TUNES (GAME_TUNABLES_MAX + TUNE_HISTORY_EVENTS)

struct win32_tunable
{
    char name[GAME_TUNABLE_NAME_MAX];
    char file[WIN32_PATH_BYTES];        // __FILE__ as compiled
    u32 type;                           // game_tunable_type
    u32 line;
    f64 compiled[4];                    // what the running build's source said
    f64 live[4];                        // what the platform last gave the game
    f64 sourceValue[4];                 // what the declaring line is believed to say now
    f64 minimum, maximum;
    void *value;                        // in the running build's data (stale once it is unloaded)
};

// Where a change came from (for the log, and whether it is written back and recorded).
enum win32_tune_source
{
    TuneSource_Panel,
    TuneSource_Option,                  // --tune
    TuneSource_Request,                 // tune.request
    TuneSource_Replay,                  // a capsule's recorded change: not written back
};

struct win32_tunables
{
    win32_tunable entries[GAME_TUNABLES_MAX];
    win32_tunable incoming[GAME_TUNABLES_MAX];  // scratch: the new build's table during a carry
    u32 count;
    u32 version;                        // game code version the entries describe (0: none yet)
    HMODULE module;
    u32 crashCountAtCarry;              // a carry after a crash is a rollback: live values stay
    b32 startTunesApplied;              // --tune values applied (once, to the first build)
    u32 framesSincePoll;
    char requestPath[WIN32_PATH_BYTES]; // tune.request beside the game DLL
    char dllDirectory[WIN32_PATH_BYTES];// with a trailing separator; relative __FILE__s resolve here
    tune_history history;               // every change, for capsules (platform/platform_tune_history.h)
    b32 replayMissingLogged;
};

// Main thread, between frames (after the reload step, before the live loop and the capsule
// recorder see the frame's input), every frame: takes over a new build's table when the running
// build changed (Win32CarryTunablesAcrossSwap), applies --tune once, handles the panel's keys
// (F2; while open the arrows and the wheel are the panel's, not the game's) and the request file.
internal void Win32TuneBetweenFrames(win32_state *state);

// The running build's table replaces the platform's copy: for each name in both with the same type
// the live value is kept when the new build compiled the same value as the old (or the value the
// old one ran with: a written-back change), else the new compiled value is taken ("the source
// changed"); after a crash's rollback the live values are kept whatever was compiled. A tunable
// added takes its compiled value, one retyped is reset to its new compiled value, one removed is
// dropped; each of those is logged. Idempotent: a build already taken over is left alone. Called by
// Win32TuneBetweenFrames when the running code changed; may be called right where a new build
// becomes current, before its first update.
internal void Win32CarryTunablesAcrossSwap(win32_state *state, win32_game_code *newCode);

// Sets tunable `index` to value (components; clamped to its range) in the running build, logs the
// change, updates editStatus, and unless it comes from a replay writes it back to the source and
// records it for capsules. No-op (nothing logged) when the value does not change.
internal void Win32SetTunable(win32_state *state, u32 index, const f64 *value, u32 source);
// The tunable named `name` in the running build, or -1.
internal s32 Win32FindTunable(win32_tunables *tunables, const char *name);
// "NAME=VALUE" from --tune or a request-file line: parsed, checked, applied. False (logged with
// `what`, e.g. "--tune" or "tune.request line 3") when refused: unknown name or bad value.
internal b32 Win32ApplyTuneAssignment(win32_state *state, const char *assignment, const char *what, u32 source);

// The panel's keys and the request file: win32_tune_input.h; writing back: win32_tune_write.h;
// capsules and replays: win32_tune_capsule.h.

#endif  // WIN32_TUNABLES_H
