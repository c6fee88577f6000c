#ifndef WIN32_STATE_H
#define WIN32_STATE_H
//~ The platform's state: everything the exe owns, in one place the frame loop passes around.
// It holds a part of nearly every module (window, sound, reloader, snapshot, live loop, ...), so its
// header comes after theirs in win32.h; the headers above it name it only through a pointer.
// Notices (the lines shown on screen for a few seconds) are posted into it.
// Tested by: tests/suites/suite_debug_overlay.sh, tests/suites/suite_timeline_view.sh, tests/suites/suite_live_shaders.sh

#define WIN32_PUSH_BUFFER_SIZE Megabytes(4)        // the main command stream of a frame
#define WIN32_SUB_BUFFER_ZONE_SIZE Megabytes(16)   // the frame's sub-buffers (parallel command building)
#define WIN32_PERMANENT_STORAGE_SIZE Megabytes(64)
#define WIN32_TRANSIENT_STORAGE_SIZE Megabytes(256)
#define WIN32_FRAME_SCRATCH_SIZE Megabytes(64)     // game_memory.frameScratch: outside the snapshot
#define WIN32_PLATFORM_ARENA_SIZE Megabytes(112)
#define WIN32_LIVE_LOOP_MAX_FRAMES (60 * 60 * 5)
#define WIN32_SOUND_SAMPLES_PER_SECOND 48000

// A call into game code, run guarded: the update job reads it on a worker while the main thread
// draws, so it lives in the platform's state, not on a stack.
struct win32_game_call
{
    win32_game_code *game;
    game_memory *memory;
    game_input *input;
    game_render_commands *commands;
    game_sound_output_buffer *sound;
    volatile LONG *breakBeforeUpdate;   // --replay-break: set for the frame to stop in (win32_replay.h)
};

// What the frame loop (win32_frame_loop.cpp) carries from one frame to the next.
struct win32_frame_loop
{
    f64 wallClockAtStart;               // for the "first frame presented" line
    b32 sleepIsGranular;                // timeBeginPeriod(1) took: undone at exit
    f64 targetSeconds;                  // 1 / --hz
    f64 frameStart;                     // high-resolution clock at the top of this frame
    f64 lastFrameSeconds;
    f64 lastWorkSeconds;                // last frame without the pacing wait
    s64 frameCount;                     // the timeline's frame number: goes back when play resumes in the past
    s64 framesRun;                      // frames run, paused ones included (--frames counts these)
    b32 showingPast;                    // this frame shows a paused timeline's frame (win32/timeline/)
    u32 writeIndex;                     // the render buffer this frame's update fills
    b32 havePendingFrame;               // the other buffer is filled and not yet drawn
    b32 firstFramePresented;
    u64 framesPresented;                // buffers drawn and swapped (a hot restart's new side waits for one)
    b32 quitFileSeen;
    b32 capsuleKeyPressed;              // F8 this frame
    b32 restartKeyPressed;              // F7 this frame (hot restart)
    u32 crashCount;                     // crashes contained so far
    f64 frameTimeSum;                   // for the exit report
    f64 endFrameSecondsSum;
    win32_game_call gameCall;
};

struct win32_state
{
    platform_options options;
    memory_arena platformArena;         // platform tables (queues, renderer); never game memory
    game_memory memory;
    win32_game_memory_block memoryBlock;
    work_queue_system queues;
    win32_window window;
    opengl_state gl;
    b32 haveRenderer;
    win32_sound_output sound;
    win32_input_state inputState;
    game_input input;
    win32_reloader reloader;
    win32_game_code game;
    win32_named_tasks namedTasks;       // reload-safe repeating tasks (win32_named_tasks.cpp)
    win32_memory_snapshot snapshot;
    win32_live_loop loop;
    platform_notices notices;
    platform_edit_status editStatus;    // the last reload and tune, for the overlay (game_memory.editStatus)
    win32_tunables tunables;            // the running build's tunables (win32_tunables.h)
    u8 *pushBuffers[2];
    game_render_commands renderCommands[2];
    u64 preFrameHash;                   // --verify-rollback only
    win32_render_validation renderValidation;  // main thread only, where buffers are reset and drawn
    win32_capsule_recorder capsuleRecorder;     // the last seconds of play (win32/capsule/)
    win32_capsule_writer capsuleWriter;
    win32_overlay overlay;              // the exe's own layer over the game (win32_overlay.h)
    win32_timeline timeline;            // the recent past in the running engine (win32/timeline/)
    win32_replay replay;                // --replay: input, state and build from a capsule
    win32_frame_loop frames;            // what the frame loop carries across frames
    win32_restart restart;              // hot restart: either side (win32/restart/)
    int argc;                           // the command line (UTF-8), which a hot restart passes on
    char **argv;
};

// A line on screen for a few seconds (the newest PLATFORM_MAX_NOTICES are kept). Main thread.
internal void Win32PostNotice(win32_state *state, log_level level, const char *format, ...);
// Main thread, once a frame: notices fade by the frame's seconds.
internal void Win32AgeNotices(platform_notices *notices, f32 seconds);

#endif  // WIN32_STATE_H
