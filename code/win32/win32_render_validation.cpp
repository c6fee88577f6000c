//~ Render command validation: the bodies behind win32/win32_render_validation.h

internal void Win32InitRenderValidation(win32_render_validation *validation, const void *gameMemoryBase,
                                        u64 gameMemorySize)
{
    memset(validation, 0, sizeof(*validation));
    validation->gameMemoryBase = (const u8 *)gameMemoryBase;
    validation->gameMemorySize = gameMemorySize;
}

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
        FormatText(validation->lastLogged, sizeof(validation->lastLogged), "%s", result.firstProblem);
        validation->drawsSinceLog = 0;
    }
}
