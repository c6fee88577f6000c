#ifndef WIN32_RELOAD_STEP_H
#define WIN32_RELOAD_STEP_H
//~ Between frames: swapping in a new build (with its layout check) and recovering from a crash.
// Both run on the main thread at the top of a frame, when no update job is in flight.

struct win32_migrate_call
{
    game_migrate_state *migrate;
    game_memory *memory;
    const game_state_layout *oldLayout;
    const void *oldState;
    u64 oldStateSize;
    b32 result;
};

// Returns true when new code was swapped in this frame.
internal b32 Win32ReloadStep(win32_state *state);
// After a frame in which game code crashed: put memory back as it was before the frame, return to
// the last good build, and say what happened. Returns true when a crash was handled.
internal b32 Win32RecoverFromCrash(win32_state *state, s64 frameIndex);

#endif  // WIN32_RELOAD_STEP_H
