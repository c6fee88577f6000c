#ifndef WIN32_RENDER_VALIDATION_H
#define WIN32_RENDER_VALIDATION_H
//~ Render commands checked before the renderer sees them (render_command_validation.h)
//
// Main thread, right before drawing a buffer. Texture pixels may lie in game memory or in the
// push buffer itself; anything else (DLL data, the stack, a wild pointer) is rejected. Problems
// are counted per drawn frame (for the overlay, through debug_frame_info) and logged: the first
// problem of a frame, when it differs from the last one logged or 300 frames have passed.
// Tested by: tests/suites/suite_adversarial_games.sh (plus tests/unit/test_render_validation.cpp)

struct win32_render_validation
{
    const u8 *gameMemoryBase;
    u64 gameMemorySize;
    // The viewport each push buffer was handed out with (the window may resize before it is drawn).
    const u8 *bufferBases[2];
    u32 widths[2];
    u32 heights[2];
    u32 lastFrameProblems;              // problems in the buffer drawn last
    u64 totalProblems;
    u64 drawsSinceLog;
    char lastLogged[192];
};

// Main thread at start-up: texture pixels may then lie in this range of game memory.
internal void Win32InitRenderValidation(win32_render_validation *validation, const void *gameMemoryBase,
                                        u64 gameMemorySize);
// Remembers the viewport a buffer was reset with (called where the platform resets it).
internal void Win32NoteRenderBuffer(win32_render_validation *validation, game_render_commands *commands);
// Main thread, right before a buffer is drawn: bad entries are skipped and bad fields corrected
// (ValidateRenderCommands), the problems counted, and logged as described above.
internal void Win32ValidateRenderCommands(win32_render_validation *validation, game_render_commands *commands,
                                          const u8 *pushBufferBase, u32 pushBufferCapacity);

#endif  // WIN32_RENDER_VALIDATION_H
