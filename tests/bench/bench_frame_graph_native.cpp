// The fixture game's update natively (Linux; it builds for Windows too), through the project's own POSIX work
// queue: the same benchmark build the engine runs (tests/bench/bench_frame_graph_game.cpp), driven by a
// minimal platform (game memory from calloc, no renderer, no sound, no assets), so that
// tests/bench/bench_frame_graph.sh can print the engine's update next to the same update without Wine.
// Usage: bench_frame_graph_native ENTITIES FRAMES [HIGH PRIORITY WORKERS, default 1]
// Prints the game's "frame graph bench: ..." lines.
#ifndef _WIN32
#define __declspec(attribute)     // the game's exports are plain functions here
#endif
#include "os/os.cpp"
#include "jobs/jobs.cpp"
#include "bench_frame_graph_game.cpp"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

internal PLATFORM_LOG(NativeBenchLog)
{
    if (level != LogLevel_Error && strncmp(format, "frame graph bench", 17) != 0) return;
    va_list arguments;
    va_start(arguments, format);
    vprintf(format, arguments);
    va_end(arguments);
    printf("\n");
    fflush(stdout);
}

internal DEBUG_PLATFORM_READ_ENTIRE_FILE(NativeBenchReadNothing)
{
    (void)fileName;
    debug_read_file_result result = {};
    return result;
}

internal DEBUG_PLATFORM_FREE_FILE_MEMORY(NativeBenchFreeNothing) { (void)memory; }

internal b32 NativeBenchAddNamedTask(u32 taskFlags, const char *exportName, void *data)
{
    (void)taskFlags;
    (void)exportName;
    (void)data;
    return 0;   // the fixture game registers no named task
}

internal void NativeBenchCancelNamedTask(const char *exportName) { (void)exportName; }

internal f64 NativeBenchSeconds(void)
{
    return 1.0e-9 * (f64)OSGetTimeNanoseconds();
}

// ReadCycleCounter ticks per second, measured over 50 ms.
internal f64 NativeBenchCyclesPerSecond(void)
{
    f64 start = NativeBenchSeconds();
    u64 startCycles = ReadCycleCounter();
    while (NativeBenchSeconds() - start < 0.05) {}
    return (f64)(ReadCycleCounter() - startCycles) / (NativeBenchSeconds() - start);
}

int main(int argumentCount, char **arguments)
{
    if (argumentCount < 3)
    {
        fprintf(stderr, "usage: %s ENTITIES FRAMES [HIGH PRIORITY WORKERS]\n", arguments[0]);
        return 2;
    }
    u32 entities = (u32)atoi(arguments[1]);
    u32 frames = (u32)atoi(arguments[2]);
    u32 workers = (argumentCount > 3) ? (u32)atoi(arguments[3]) : 1;
    globalBenchCyclesPerSecond = NativeBenchCyclesPerSecond();

    // The engine's sizes (win32/win32_state.h).
    game_memory memory = {};
    memory.permanentStorageSize = Megabytes(64);
    memory.transientStorageSize = Megabytes(256);
    memory.permanentStorage = calloc(1, (size_t)memory.permanentStorageSize);
    memory.transientStorage = calloc(1, (size_t)memory.transientStorageSize);
    umm platformSize = Megabytes(64);
    memory_arena platformArena;
    InitializeArena(&platformArena, "platform", platformSize, calloc(1, platformSize), NativeBenchLog);
    u32 pushSize = Megabytes(4), zoneSize = Megabytes(16);
    u8 *pushBuffer = (u8 *)calloc(1, pushSize + zoneSize);
    if (!memory.permanentStorage || !memory.transientStorage || !pushBuffer) return 1;

    work_queue_system queues;
    InitWorkQueueSystem(&queues, &platformArena, workers, 1, NativeBenchLog);
    memory.highPriorityQueue = &queues.highQueue;
    memory.lowPriorityQueue = &queues.lowQueue;
    memory.workerThreadCount = queues.highQueue.workerCount;
    // What --entities N hands a game: the argument entities=N.
    FormatText(memory.arguments.entries[0].name, GAME_ARGUMENT_NAME_SIZE, "entities");
    FormatText(memory.arguments.entries[0].value, GAME_ARGUMENT_VALUE_SIZE, "%u", entities);
    memory.arguments.count = 1;
    FillPlatformWorkQueueApi(&memory.platform, &queues);
    memory.platform.AddNamedTask = NativeBenchAddNamedTask;
    memory.platform.CancelNamedTask = NativeBenchCancelNamedTask;
    memory.platform.DEBUGReadEntireFile = NativeBenchReadNothing;
    memory.platform.DEBUGFreeFileMemory = NativeBenchFreeNothing;
    memory.platform.Log = NativeBenchLog;

    game_input input = {};
    input.dtForFrame = 0.0166667f;
    for (u32 frameIndex = 0; frameIndex < frames; ++frameIndex)
    {
        game_render_commands commands = {};
        commands.pushBufferBase = pushBuffer;
        commands.maxPushBufferSize = pushSize;
        commands.subBufferZoneOffset = pushSize;
        commands.subBufferZoneSize = zoneSize;
        commands.widthInPixels = 640;
        commands.heightInPixels = 360;
        input.frameIndex = frameIndex;
        gameUpdateAndRender(&memory, &input, &commands);
        memory.executableReloaded = 0;
    }
    ShutdownWorkQueueSystem(&queues);
    return 0;
}
