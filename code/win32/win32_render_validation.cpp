//~ Render commands checked before the renderer sees them (render_command_validation.h)
//
// Main thread, right before drawing a buffer. Texture pixels may lie in game memory or in the
// push buffer itself; anything else (DLL data, the stack, a wild pointer) is rejected. Problems
// are counted per drawn frame (for the overlay, through debug_frame_info) and logged: the first
// problem of a frame, when it differs from the last one logged or 300 frames have passed.

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

internal void Win32InitRenderValidation(win32_render_validation *validation, const void *gameMemoryBase,
                                        u64 gameMemorySize)
{
    memset(validation, 0, sizeof(*validation));
    validation->gameMemoryBase = (const u8 *)gameMemoryBase;
    validation->gameMemorySize = gameMemorySize;
}

// Remembers the viewport a buffer was reset with (called where the platform resets it).
internal void Win32NoteRenderBuffer(win32_render_validation *validation, game_render_commands *commands)
{
    u32 slot = (validation->bufferBases[0] == 0 || validation->bufferBases[0] == commands->pushBufferBase) ? 0 : 1;
    validation->bufferBases[slot] = commands->pushBufferBase;
    validation->widths[slot] = commands->widthInPixels;
    validation->heights[slot] = commands->heightInPixels;
}

internal void Win32ValidateRenderCommands(win32_render_validation *validation, game_render_commands *commands,
                                          const u8 *pushBufferBase, u32 pushBufferCapacity)
{
    render_validation_limits limits = {};
    limits.pushBufferBase = pushBufferBase;
    limits.pushBufferCapacity = pushBufferCapacity;
    u32 slot = (validation->bufferBases[1] == pushBufferBase) ? 1 : 0;
    limits.widthInPixels = validation->widths[slot];
    limits.heightInPixels = validation->heights[slot];
    limits.ranges[limits.rangeCount].base = validation->gameMemoryBase;
    limits.ranges[limits.rangeCount++].size = validation->gameMemorySize;
    limits.ranges[limits.rangeCount].base = pushBufferBase;
    limits.ranges[limits.rangeCount++].size = pushBufferCapacity;

    render_validation_result result;
    u32 problems = ValidateRenderCommands(commands, &limits, &result);
    validation->lastFrameProblems = problems;
    validation->totalProblems += problems;
    ++validation->drawsSinceLog;
    if (problems && (strcmp(result.firstProblem, validation->lastLogged) != 0 || validation->drawsSinceLog >= 300))
    {
        Win32Log(LogLevel_Warning, "render: %u bad command(s) in this frame's buffer (%u entries skipped, %u fields "
                 "corrected); first: %s", problems, result.rejectedEntries, result.clampedFields, result.firstProblem);
        snprintf(validation->lastLogged, sizeof(validation->lastLogged), "%s", result.firstProblem);
        validation->drawsSinceLog = 0;
    }
}
