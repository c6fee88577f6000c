//~ No side effects from the past: while the timeline is paused (the frame shown, the seeks and a change
// of the past re-run frames that already ran), what game code logs below an error and the files it
// writes through the platform are held back: they happened when the frames first ran. Errors still
// show (a frame of the past can find a new one). Bodies behind win32/timeline/win32_timeline.h.

global volatile LONG globalTimelineInPast;
global volatile LONG globalPastLinesHeld;
global volatile LONG globalPastWritesHeld;

internal void Win32SetTimelineInPast(b32 inPast, b32 reportHeld)
{
    InterlockedExchange(&globalTimelineInPast, inPast ? 1 : 0);
    if (inPast) return;
    LONG lines = InterlockedExchange(&globalPastLinesHeld, 0);
    LONG writes = InterlockedExchange(&globalPastWritesHeld, 0);
    if ((lines || writes) && reportHeld)
        Win32Log(LogLevel_Info, "timeline: while paused, game code's frames of the past logged %ld line%s and wrote %ld "
                 "file%s through the platform: held back (docs/timeline.md)", lines, lines == 1 ? "" : "s", writes,
                 writes == 1 ? "" : "s");
}

internal PLATFORM_LOG(Win32GameLog)
{
    if (globalTimelineInPast && level < LogLevel_Error)
    {
        InterlockedIncrement(&globalPastLinesHeld);
        return;
    }
    va_list args;
    va_start(args, format);
    Win32LogV(level, format, args);
    va_end(args);
}

internal DEBUG_PLATFORM_WRITE_ENTIRE_FILE(Win32GameWriteEntireFile)
{
    if (globalTimelineInPast)
    {
        // NOTE: reported as written: the frame did write it when it first ran, and its code goes on as then.
        InterlockedIncrement(&globalPastWritesHeld);
        return 1;
    }
    return Win32WriteEntireFile(fileName, memorySize, memory);
}
