//~ The platform's state: everything the exe owns, in one place the frame loop passes around.

#define WIN32_PUSH_BUFFER_SIZE Megabytes(4)        // the main command stream of a frame
#define WIN32_SUB_BUFFER_ZONE_SIZE Megabytes(16)   // the frame's sub-buffers (parallel command building)
#define WIN32_PERMANENT_STORAGE_SIZE Megabytes(64)
#define WIN32_TRANSIENT_STORAGE_SIZE Megabytes(256)
#define WIN32_PLATFORM_ARENA_SIZE Megabytes(112)
#define WIN32_LIVE_LOOP_MAX_FRAMES (60 * 60 * 5)
#define WIN32_SOUND_SAMPLES_PER_SECOND 48000

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
    u8 *pushBuffers[2];
    game_render_commands renderCommands[2];
    u64 preFrameHash;                   // --verify-rollback only
};
global win32_state globalWin32State;

internal void Win32PostNotice(win32_state *state, log_level level, const char *format, ...)
{
    platform_notice *notice = &state->notices.notices[state->notices.nextIndex % PLATFORM_MAX_NOTICES];
    va_list args;
    va_start(args, format);
    vsnprintf(notice->text, sizeof(notice->text), format, args);
    va_end(args);
    notice->level = (u32)level;
    notice->secondsLeft = 4.0f;
    state->notices.nextIndex = (state->notices.nextIndex + 1) % PLATFORM_MAX_NOTICES;
}

internal void Win32AgeNotices(platform_notices *notices, f32 seconds)
{
    for (u32 noticeIndex = 0; noticeIndex < PLATFORM_MAX_NOTICES; ++noticeIndex)
        if (notices->notices[noticeIndex].secondsLeft > 0.0f) notices->notices[noticeIndex].secondsLeft -= seconds;
}

