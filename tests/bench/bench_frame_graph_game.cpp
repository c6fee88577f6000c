// The benchmark build of the fixture game (tests/bench/bench_frame_graph.sh): its frame graph, the
// demo's shape over bouncing, colliding entities (tests/fixtures/fixture_game.cpp), runs through
// BenchBuildAndRunFrameGraph. Every other frame runs the same jobs in order on this thread instead of
// through the graph, and every graph frame is followed by a second submission of the same graph with
// empty job bodies: its time is the graph's own scheduling cost. The figures are logged every
// BENCH_LOG_EVERY graph frames as "frame graph bench: ..." (medians over the frames so far).
// The same file is built natively by tests/bench/bench_frame_graph_native.cpp.
#include "base/base_types.h"

struct fixture_frame;
struct memory_arena;
internal void BenchBuildAndRunFrameGraph(fixture_frame *frame, memory_arena *arena);
#define FIXTURE_BUILD_AND_RUN_FRAME_GRAPH BenchBuildAndRunFrameGraph
#include "../fixtures/fixture_game.cpp"

#define BENCH_MAX_FRAMES 4096
#define BENCH_LOG_EVERY 20

// The batched stages, whose CPU is compared between the graph and the same jobs in order: where the
// graph's job bodies cost more than the serial ones, this says in which stage.
enum bench_stage
{
    BenchStage_Simulate,
    BenchStage_Fill,
    BenchStage_Collide,
    BenchStage_Render,
    BenchStage_Other,
    BenchStage_Count
};

// Per measured frame (DLL data: the benchmark never reloads).
struct bench_frame_figures
{
    u32 frames;                 // graph frames
    u32 serialFrames;           // frames run in order on one thread
    u64 runCycles[BENCH_MAX_FRAMES];    // the graph's wall time
    u64 cpuCycles[BENCH_MAX_FRAMES];    // the graph's job bodies, summed over threads
    u64 serialCycles[BENCH_MAX_FRAMES];
    u64 buildCycles[BENCH_MAX_FRAMES];
    u64 emptyCycles[BENCH_MAX_FRAMES];
    u64 renderCycles[BENCH_MAX_FRAMES];
    u64 stageCycles[BenchStage_Count][BENCH_MAX_FRAMES];        // graph frames, summed over the stage's jobs
    u64 serialStageCycles[BenchStage_Count][BENCH_MAX_FRAMES];
    // The in-order frames' job durations through the shape model (game_kit/kit_graph_model.h) on the
    // threads the graph frames have: what the graph's shape allows with free scheduling and no inflation.
    u64 modelWorkCycles[BENCH_MAX_FRAMES];
    u64 modelSpanCycles[BENCH_MAX_FRAMES];
    u64 modelMakespanCycles[BENCH_MAX_FRAMES];
};
global bench_frame_figures globalBenchFigures;
global f64 globalBenchCyclesPerSecond;  // set by a native harness (no DEBUGGameEndFrame there)

internal f64 BenchCyclesToMs(fixture_frame *frame, u64 cycles)
{
    f64 rate = frame->transient->debug.cyclesPerSecond;
    if (rate <= 0.0) rate = globalBenchCyclesPerSecond;
    return rate > 0.0 ? 1000.0 * (f64)cycles / rate : 0.0;
}

// The median of the first `count` values (sorted in a copy).
internal u64 BenchMedian(const u64 *values, u32 count)
{
    static u64 sorted[BENCH_MAX_FRAMES];
    if (!count) return 0;
    memcpy(sorted, values, count * sizeof(u64));
    for (u32 index = 1; index < count; ++index)
    {
        u64 value = sorted[index];
        u32 at = index;
        for (; at > 0 && sorted[at - 1] > value; --at) sorted[at] = sorted[at - 1];
        sorted[at] = value;
    }
    return sorted[count / 2];
}

internal void BenchLogFigures(fixture_frame *frame)
{
    bench_frame_figures *figures = &globalBenchFigures;
    u32 frames = figures->frames;
    f64 graphMs = BenchCyclesToMs(frame, BenchMedian(figures->runCycles, frames));
    f64 serialMs = BenchCyclesToMs(frame, BenchMedian(figures->serialCycles, figures->serialFrames));
    frame->memory->platform.Log(LogLevel_Info, "frame graph bench: %u entities, %u workers, %u jobs, %u batches: update "
                                "jobs %.3f ms on all cores (CPU in job bodies %.3f ms) vs %.3f ms on one thread (x%.2f); "
                                "graph build %.3f ms + scheduling %.3f ms per frame (the same graph with empty jobs); "
                                "command building %.3f ms per frame (render jobs, summed); %u cubes drawn; medians of "
                                "%u frames", frame->state->entityCount, frame->memory->workerThreadCount, frame->jobCount,
                                frame->batchCount, graphMs, BenchCyclesToMs(frame, BenchMedian(figures->cpuCycles, frames)),
                                serialMs, graphMs > 0.0 ? serialMs / graphMs : 0.0,
                                BenchCyclesToMs(frame, BenchMedian(figures->buildCycles, frames)),
                                BenchCyclesToMs(frame, BenchMedian(figures->emptyCycles, frames)),
                                BenchCyclesToMs(frame, BenchMedian(figures->renderCycles, frames)), frame->visibleCount,
                                frames);
}

internal bench_stage BenchStageOf(fixture_frame_function *function)
{
    if (function == FixtureSimulate) return BenchStage_Simulate;
    if (function == FixtureGridFill) return BenchStage_Fill;
    if (function == FixtureCollide) return BenchStage_Collide;
    if (function == FixtureRender) return BenchStage_Render;
    return BenchStage_Other;
}

// Each stage's job bodies of the frame just run, summed, into `stages` at `at`.
internal void BenchSumStages(fixture_frame *frame, u64 (*stages)[BENCH_MAX_FRAMES], u32 at)
{
    for (u32 stage = 0; stage < BenchStage_Count; ++stage) stages[stage][at] = 0;
    for (u32 index = 0; index < frame->jobCount; ++index)
    {
        stages[BenchStageOf(frame->jobs[index].function)][at] += frame->jobs[index].cycles;
    }
}

// The frame just run in order, modelled on the threads the graph frames run on (all zeros when the
// scratch is short; the row then shows no model).
internal void BenchModelShape(fixture_frame *frame, memory_arena *arena, u32 at)
{
    bench_frame_figures *figures = &globalBenchFigures;
    temporary_memory temp = BeginTemporaryMemory(arena);
    u64 *cycles = PushArray(arena, frame->jobCount, u64);
    job_graph_model model = {};
    if (cycles)
    {
        for (u32 index = 0; index < frame->jobCount; ++index) cycles[index] = frame->jobs[index].cycles;
        ModelJobGraph(&frame->graph, cycles, frame->memory->workerThreadCount + 1, arena, &model);
    }
    EndTemporaryMemory(temp);
    figures->modelWorkCycles[at] = model.workCycles;
    figures->modelSpanCycles[at] = model.spanCycles;
    figures->modelMakespanCycles[at] = model.makespanCycles;
}

internal void BenchBuildAndRunFrameGraph(fixture_frame *frame, memory_arena *arena)
{
    bench_frame_figures *figures = &globalBenchFigures;
    u64 buildStart = ReadCycleCounter();
    FixtureBuildFrameGraph(frame, arena);
    u64 buildCycles = ReadCycleCounter() - buildStart;
    b32 serial = (frame->state->framesSimulated & 1) != 0;
    u64 runStart = ReadCycleCounter();
    if (serial)
    {
        for (u32 index = 0; index < frame->jobCount; ++index) FixtureRunFrameJob(0, frame->jobs + index);
    }
    else
    {
        FixtureRunFrameGraph(frame);
    }
    u64 runCycles = ReadCycleCounter() - runStart;
    if (serial)
    {
        if (figures->serialFrames < BENCH_MAX_FRAMES)
        {
            BenchSumStages(frame, figures->serialStageCycles, figures->serialFrames);
            BenchModelShape(frame, arena, figures->serialFrames);
            figures->serialCycles[figures->serialFrames++] = runCycles;
        }
        return;
    }
    u64 cpuCycles = frame->jobCycles;
    if (figures->frames < BENCH_MAX_FRAMES) BenchSumStages(frame, figures->stageCycles, figures->frames);
    frame->emptyJobs = 1;
    u64 emptyStart = ReadCycleCounter();
    FixtureRunFrameGraph(frame);
    u64 emptyCycles = ReadCycleCounter() - emptyStart;
    frame->emptyJobs = 0;
    if (figures->frames < BENCH_MAX_FRAMES)
    {
        u32 at = figures->frames++;
        figures->runCycles[at] = runCycles;
        figures->cpuCycles[at] = cpuCycles;
        figures->buildCycles[at] = buildCycles;
        figures->emptyCycles[at] = emptyCycles;
        figures->renderCycles[at] = frame->renderJobCycles;
    }
    b32 haveRate = frame->transient->debug.cyclesPerSecond > 0.0 || globalBenchCyclesPerSecond > 0.0;
    if (figures->frames % BENCH_LOG_EVERY == 0 && figures->serialFrames && haveRate) BenchLogFigures(frame);
}
