// The fixture game's update natively (Linux; it builds for Windows too), through the project's own POSIX work
// queue: the same benchmark build the engine runs (tests/bench/bench_frame_graph_game.cpp), driven by a
// minimal platform (game memory from calloc, no renderer, no sound, no assets), so that
// tests/bench/bench_frame_graph.sh can print the engine's update next to the same update without Wine.
// Two ways to run it:
//   bench_frame_graph_native ENTITIES FRAMES [HIGH PRIORITY WORKERS, default 1]
//       one run, as bench_frame_graph.sh starts it: prints the game's "frame graph bench: ..." lines;
//   bench_frame_graph_native --threads N [--entities 4096,65536,262144] [--frames 121] [--seconds 60] [--awake-ms 50]
//       the scaling table: for each entity count, one row per thread count 1, 2, 4, 8, ... up to N
//       (default: every core), each in a fresh game memory and queue (N - 1 workers + the caller);
//       a row is printed as soon as it is measured. A count whose row ran past --seconds stops
//       there (the row keeps the frames it ran) and its later rows print "skipped: over its time limit".
//       Each update runs inside the high queue's awake window, as in the engine (--awake-ms: its cap;
//       0 leaves the window shut: idle workers sleep through the serial stretches, as before it).
// An entity count the fixture cannot hold (1 to FIXTURE_MAX_ENTITY_COUNT) is refused: exit 2, with
// the reason on stderr, before anything runs.
#ifndef _WIN32
#define __declspec(attribute)     // the game's exports are plain functions here
#endif
#include "os/os.cpp"
#include "jobs/jobs.cpp"
#include "bench_frame_graph_game.cpp"

#include <stdarg.h>
#include <stdio.h>
#include "bench_machine_load.h"
#include <stdlib.h>
#include <string.h>

global b32 globalNativeBenchLogFigures;    // the game's "frame graph bench" lines (not in the table)

internal PLATFORM_LOG(NativeBenchLog)
{
    b32 figures = strncmp(format, "frame graph bench", 17) == 0;
    if (level != LogLevel_Error && !(figures && globalNativeBenchLogFigures)) return;
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


global const char *globalBenchStageNames[BenchStage_Count] = {"simulate", "grid: fill", "collide", "render", "other"};

//~ One run: a fresh game memory and queue system, FRAMES updates
struct native_bench_result
{
    u32 batchCount;
    u32 jobCount;
    u32 framesRun;
    b32 overTimeLimit;          // stopped before FRAMES: ran past its seconds
    f64 graphMs;                // medians, as bench_frame_graph_game.cpp keeps them
    f64 serialMs;
    f64 cpuMs;                  // in job bodies, summed over threads
    f64 schedulingMs;
    f64 modelWorkMs;            // the shape model (game_kit/kit_graph_model.h) of the in-order frames
    f64 modelSpanMs;
    f64 modelMakespanMs;        //   on this row's threads
    f64 graphModelMakespanMs;   // the same model of the graph frames' own job times (BenchMeasureHandOvers)
    f64 joinWaitUs;             // a graph frame's hand-overs at its serial joins, summed
    f64 fanOutUs;               // ... and its fan-outs' time to fill the threads, summed
    f64 stageMs[BenchStage_Count];          // CPU in the stage's job bodies through the graph
    f64 serialStageMs[BenchStage_Count];    // the same jobs in order
};

// threads >= 1: threads - 1 high priority workers and the calling thread. Returns false (said on
// stderr) when the memory or the queues are not there or the game ran another count.
internal b32 NativeBenchRun(u32 entities, u32 threads, u32 frames, f64 seconds, u32 awakeMilliseconds, b32 logFigures,
                            native_bench_result *result)
{
    memset(result, 0, sizeof(*result));
    memset(&globalBenchFigures, 0, sizeof(globalBenchFigures));
    globalNativeBenchLogFigures = logFigures;
    // The engine's sizes (win32/win32_state.h).
    game_memory memory = {};
    memory.permanentStorageSize = Megabytes(64);
    memory.transientStorageSize = Megabytes(256);
    memory.permanentStorage = calloc(1, (size_t)memory.permanentStorageSize);
    memory.transientStorage = calloc(1, (size_t)memory.transientStorageSize);
    umm platformSize = Megabytes(64);
    void *platformMemory = calloc(1, platformSize);
    u32 pushSize = Megabytes(4), zoneSize = Megabytes(16);
    u8 *pushBuffer = (u8 *)calloc(1, pushSize + zoneSize);
    if (!memory.permanentStorage || !memory.transientStorage || !platformMemory || !pushBuffer)
    {
        fprintf(stderr, "bench_frame_graph_native: out of memory\n");
        return 0;
    }
    memory_arena platformArena;
    InitializeArena(&platformArena, "platform", platformSize, platformMemory, NativeBenchLog);
    work_queue_system queues;
    InitWorkQueueSystem(&queues, &platformArena, Maximum(threads, 2u) - 1, 1, NativeBenchLog);
    if (threads == 1)
    {
        // NOTE: 0 asks InitWorkQueueSystem for its default; one thread is the queue restarted without workers.
        StopWorkQueue(&queues.highQueue);
        StartWorkQueue(&queues.highQueue, 0);
    }
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
    f64 start = NativeBenchSeconds();
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
        // As the engine's frame loop does (win32_frame_loop.h): the workers stay awake through the update.
        OpenWorkQueueAwakeWindow(&queues.highQueue, awakeMilliseconds);
        gameUpdateAndRender(&memory, &input, &commands);
        ShutWorkQueueAwakeWindow(&queues.highQueue);
        memory.executableReloaded = 0;
        result->framesRun = frameIndex + 1;
        // Two frames at least: one through the graph, one in order.
        if (frameIndex >= 1 && NativeBenchSeconds() - start > seconds)
        {
            result->overTimeLimit = result->framesRun < frames;
            break;
        }
    }
    ShutdownWorkQueueSystem(&queues);

    game_state *state = GetGameState(&memory);
    fixture_frame *frame = &GetTransientState(&memory)->frame;
    b32 ranTheCount = state->entityCount == entities;
    if (!ranTheCount)
    {
        fprintf(stderr, "bench_frame_graph_native: asked for %u entities, the game ran %u\n", entities, state->entityCount);
    }
    bench_frame_figures *figures = &globalBenchFigures;
    result->batchCount = frame->batchCount;
    result->jobCount = frame->jobCount;
    result->graphMs = BenchCyclesToMs(frame, BenchMedian(figures->runCycles, figures->frames));
    result->serialMs = BenchCyclesToMs(frame, BenchMedian(figures->serialCycles, figures->serialFrames));
    result->cpuMs = BenchCyclesToMs(frame, BenchMedian(figures->cpuCycles, figures->frames));
    result->schedulingMs = BenchCyclesToMs(frame, BenchMedian(figures->emptyCycles, figures->frames));
    result->modelWorkMs = BenchCyclesToMs(frame, BenchMedian(figures->modelWorkCycles, figures->serialFrames));
    result->modelSpanMs = BenchCyclesToMs(frame, BenchMedian(figures->modelSpanCycles, figures->serialFrames));
    result->modelMakespanMs = BenchCyclesToMs(frame, BenchMedian(figures->modelMakespanCycles, figures->serialFrames));
    result->graphModelMakespanMs = BenchCyclesToMs(frame, BenchMedian(figures->graphModelMakespanCycles, figures->frames));
    result->joinWaitUs = 1000.0 * BenchCyclesToMs(frame, BenchMedian(figures->joinWaitCycles, figures->frames));
    result->fanOutUs = 1000.0 * BenchCyclesToMs(frame, BenchMedian(figures->fanOutCycles, figures->frames));
    for (u32 stage = 0; stage < BenchStage_Count; ++stage)
    {
        result->stageMs[stage] = BenchCyclesToMs(frame, BenchMedian(figures->stageCycles[stage], figures->frames));
        result->serialStageMs[stage] = BenchCyclesToMs(frame, BenchMedian(figures->serialStageCycles[stage],
                                                                          figures->serialFrames));
    }
    free(memory.permanentStorage);
    free(memory.transientStorage);
    free(platformMemory);
    free(pushBuffer);
    return ranTheCount;
}

//~ The command line
internal b32 NativeBenchCountAccepted(u32 entities, const char *text)
{
    if (entities >= 1 && entities <= FIXTURE_MAX_ENTITY_COUNT) return 1;
    fprintf(stderr, "bench_frame_graph_native: %s entities refused: the fixture runs 1 to %u entities "
            "(FIXTURE_MAX_ENTITY_COUNT, tests/fixtures/fixture_game.h)\n", text, (u32)FIXTURE_MAX_ENTITY_COUNT);
    return 0;
}

// A whole number of up to 9 digits, or 0 (never a valid count here).
internal u32 NativeBenchNumber(const char *text)
{
    u32 value = 0, digits = 0;
    for (; text[digits]; ++digits)
    {
        if (text[digits] < '0' || text[digits] > '9' || digits >= 9) return 0;
        value = 10 * value + (u32)(text[digits] - '0');
    }
    return value;
}

#define NATIVE_BENCH_MAX_COUNTS 16
#define NATIVE_BENCH_AWAKE_MS 50        // the engine's WIN32_UPDATE_AWAKE_MS
struct native_bench_options
{
    u32 threads;
    u32 awakeMilliseconds;
    u32 frames;
    f64 seconds;
    u32 countCount;
    u32 counts[NATIVE_BENCH_MAX_COUNTS];
};

// "4096,65536": false (said on stderr) when one is not a count the fixture runs.
internal b32 NativeBenchParseCounts(const char *list, native_bench_options *options)
{
    char item[32];
    options->countCount = 0;
    for (const char *at = list; *at;)
    {
        u32 length = 0;
        while (at[length] && at[length] != ',' && length < sizeof(item) - 1)
        {
            item[length] = at[length];
            ++length;
        }
        item[length] = 0;
        at += length;
        if (*at == ',') ++at;
        if (!NativeBenchCountAccepted(NativeBenchNumber(item), item)) return 0;
        if (options->countCount < NATIVE_BENCH_MAX_COUNTS) options->counts[options->countCount++] = NativeBenchNumber(item);
    }
    return options->countCount > 0;
}

internal b32 NativeBenchParseOptions(int argumentCount, char **arguments, native_bench_options *options)
{
    options->threads = OSGetCoreCount();
    options->frames = 121;
    options->seconds = 60.0;
    options->awakeMilliseconds = NATIVE_BENCH_AWAKE_MS;
    u32 defaults[] = {4096, 65536, 262144};
    options->countCount = ArrayCount(defaults);
    memcpy(options->counts, defaults, sizeof(defaults));
    for (int index = 1; index < argumentCount; index += 2)
    {
        const char *flag = arguments[index];
        const char *value = (index + 1 < argumentCount) ? arguments[index + 1] : "";
        u32 number = NativeBenchNumber(value);
        if (strcmp(flag, "--threads") == 0 && number >= 1 && number <= 1024) options->threads = number;
        else if (strcmp(flag, "--frames") == 0 && number >= 2) options->frames = number;
        else if (strcmp(flag, "--seconds") == 0 && number >= 1) options->seconds = (f64)number;
        else if (strcmp(flag, "--awake-ms") == 0 && (number >= 1 || strcmp(value, "0") == 0)) options->awakeMilliseconds = number;
        else if (strcmp(flag, "--entities") == 0)
        {
            if (!NativeBenchParseCounts(value, options)) return 0;
        }
        else
        {
            fprintf(stderr, "bench_frame_graph_native: bad argument %s %s\n", flag, value);
            return 0;
        }
    }
    return 1;
}

//~ The scaling table
internal void NativeBenchPrintRow(u32 threads, native_bench_result *row, f64 oneThreadGraphMs, f64 loadBefore)
{
    f64 speedUp = row->graphMs > 0.0 ? row->serialMs / row->graphMs : 0.0;
    f64 inflation = row->serialMs > 0.0 ? row->cpuMs / row->serialMs : 0.0;
    f64 shape = row->modelMakespanMs > 0.0 ? row->modelWorkMs / row->modelMakespanMs : 0.0;
    printf("  %7u %7u %9.3f %9.3f %7.2fx %7.2fx %9.3f %7.2fx %9.3f %7.2fx %7.2fx %8.2f %8.2f %8.1f %8.1f   %u frames, load %.2f -> %.2f%s\n",
           threads, row->batchCount, row->graphMs, row->serialMs, speedUp,
           row->graphMs > 0.0 ? oneThreadGraphMs / row->graphMs : 0.0, row->cpuMs, inflation, row->schedulingMs, shape,
           row->modelSpanMs > 0.0 ? row->modelWorkMs / row->modelSpanMs : 0.0,
           shape > 0.0 ? speedUp * inflation / shape : 0.0,
           row->graphMs > 0.0 ? row->graphModelMakespanMs / row->graphMs : 0.0, row->joinWaitUs, row->fanOutUs,
           row->framesRun, loadBefore, BenchMachineLoad(), row->overTimeLimit ? " (stopped at its time limit)" : "");
    if (threads > 1)
    {
        printf("          CPU by stage, graph / in order:");
        for (u32 stage = 0; stage < BenchStage_Count; ++stage)
        {
            f64 serialMs = row->serialStageMs[stage];
            printf(" %s %.2f/%.2f ms (%.2fx)%s", globalBenchStageNames[stage], row->stageMs[stage], serialMs,
                   serialMs > 0.0 ? row->stageMs[stage] / serialMs : 0.0, stage + 1 < BenchStage_Count ? "," : "\n");
        }
    }
    fflush(stdout);
}

// Returns 0 when every row ran its count, 1 otherwise.
internal int NativeBenchScalingTable(native_bench_options *options)
{
    printf("frame graph scaling (native): %u cores, up to %u threads, %u frames a row (half through the graph, half "
           "the same jobs in order on one thread), a row's time limit %.0f s, workers awake through each update for "
           "up to %u ms (--awake-ms; 0: they sleep when idle); load %.2f at start\n", OSGetCoreCount(),
           options->threads, options->frames, options->seconds, options->awakeMilliseconds, BenchMachineLoad());
    // NOTE: a variant's build setting (bench_cores.sh), said so that its table is never taken for the demo's shape.
    if (FIXTURE_COLLIDE_PARTS != 1) printf("  (this build: each batch's collisions in %u jobs, FIXTURE_COLLIDE_PARTS)\n", FIXTURE_COLLIDE_PARTS);
    printf("  (speed-up: one thread / graph, medians of the same process, the in-order frames taking turns with the graph's;\n"
           "   vs row 1: the 1-thread row's graph / this row's, rows run one after the other in fresh memory; inflation: CPU\n"
           "   in job bodies / one thread; shape: the speed-up the graph's shape allows on the row's threads, its in-order job\n"
           "   times scheduled greedily at no cost (game_kit/kit_graph_model.h); span: work / longest dependency chain, the\n"
           "   most any thread count could reach (the model needs no more cores: --threads 16 on 2 cores gives 16's shape);\n"
           "   kept: speed-up x inflation / shape, what the scheduler keeps of what the shape allows once the job bodies'\n"
           "   inflation is set aside: 1.00 when scheduling costs nothing; sched k.: the same model fed the graph\n"
           "   frames' own job times (inflation included) / the graph's time, the scheduler's share measured without\n"
           "   assuming how the inflation spread; joins us: the serial jobs' starts after their last dependency ended,\n"
           "   summed over a frame; fan-out (us): from a job's end until as many of the jobs it released had started as\n"
           "   threads were idle then, summed over a frame's releases of two or more)\n");
    int status = 0;
    for (u32 countIndex = 0; countIndex < options->countCount; ++countIndex)
    {
        u32 entities = options->counts[countIndex];
        printf("entities %u:\n  %7s %7s %9s %9s %8s %8s %9s %8s %9s %8s %8s %8s %8s %8s %8s\n", entities, "threads",
               "batches", "graph ms", "one ms", "speed-up", "vs row 1", "CPU ms", "inflation", "sched ms", "shape", "span",
               "kept", "sched k.", "joins us", "fan-out");
        fflush(stdout);
        b32 overTimeLimit = 0;
        f64 oneThreadGraphMs = 0.0;
        for (u32 threads = 1; threads <= options->threads; threads *= 2)
        {
            if (overTimeLimit)
            {
                printf("  %7u skipped: over its time limit\n", threads);
                fflush(stdout);
                continue;
            }
            f64 loadBefore = BenchMachineLoad();
            native_bench_result row;
            if (!NativeBenchRun(entities, threads, options->frames, options->seconds, options->awakeMilliseconds, 0, &row)) status = 1;
            if (threads == 1) oneThreadGraphMs = row.graphMs;
            NativeBenchPrintRow(threads, &row, oneThreadGraphMs, loadBefore);
            overTimeLimit = row.overTimeLimit;
        }
    }
    return status;
}

int main(int argumentCount, char **arguments)
{
    globalBenchCyclesPerSecond = NativeBenchCyclesPerSecond();
    if (argumentCount > 1 && arguments[1][0] == '-')
    {
        native_bench_options options;
        if (!NativeBenchParseOptions(argumentCount, arguments, &options)) return 2;
        return NativeBenchScalingTable(&options);
    }
    if (argumentCount < 3)
    {
        fprintf(stderr, "usage: %s ENTITIES FRAMES [HIGH PRIORITY WORKERS]\n"
                        "       %s --threads N [--entities 4096,65536,262144] [--frames 121] [--seconds 60] [--awake-ms 50]\n",
                arguments[0], arguments[0]);
        return 2;
    }
    u32 entities = NativeBenchNumber(arguments[1]);
    if (!NativeBenchCountAccepted(entities, arguments[1])) return 2;
    u32 frames = (u32)atoi(arguments[2]);
    u32 workers = (argumentCount > 3) ? (u32)atoi(arguments[3]) : 1;
    native_bench_result result;
    return NativeBenchRun(entities, workers + 1, frames, 1.0e9, NATIVE_BENCH_AWAKE_MS, 1, &result) ? 0 : 1;
}
