// The benchmark build of the demo (tests/bench/bench_frame_graph.sh): the demo game, whose frame
// graph runs through BenchBuildAndRunFrameGraph. Every other frame runs the same jobs in order on
// this thread instead of through the graph, and every graph frame is followed by a second submission
// of the same graph with empty job bodies: its time is the graph's own scheduling cost. The figures
// are logged every 60 graph frames as "frame graph bench: ...".
#include "base/base_types.h"

struct demo_frame;
struct memory_arena;
internal void BenchBuildAndRunFrameGraph(demo_frame *frame, memory_arena *arena);
#define DEMO_BUILD_AND_RUN_FRAME_GRAPH BenchBuildAndRunFrameGraph
#include "demo/game_main.cpp"

// Summed over the run (DLL data: the benchmark never reloads).
struct bench_frame_figures
{
    u64 frames;
    u64 buildCycles;
    u64 runCycles;
    u64 renderCycles;
    u64 serialCycles;
    u64 serialFrames;
    u64 emptyCycles;
};
global bench_frame_figures globalBenchFigures;

internal f64 BenchCyclesToMs(demo_frame *frame, u64 cycles)
{
    f64 rate = frame->transient->debug.cyclesPerSecond;
    return rate > 0.0 ? 1000.0 * (f64)cycles / rate : 0.0;
}

internal void BenchLogFigures(demo_frame *frame)
{
    bench_frame_figures *figures = &globalBenchFigures;
    f64 frames = (f64)figures->frames;
    f64 graphMs = BenchCyclesToMs(frame, figures->runCycles) / frames;
    f64 serialMs = BenchCyclesToMs(frame, figures->serialCycles) / (f64)figures->serialFrames;
    frame->memory->platform.Log(LogLevel_Info, "frame graph bench: %u entities, %u workers, %u jobs: update jobs %.3f ms "
                                "on all cores vs %.3f ms on one thread (x%.2f); graph build %.3f ms + scheduling "
                                "%.3f ms per frame (the same graph with empty jobs); command building %.3f ms per "
                                "frame (render jobs, summed); %u cubes drawn", frame->state->entityCount,
                                frame->memory->workerThreadCount, frame->jobCount, graphMs, serialMs,
                                graphMs > 0.0 ? serialMs / graphMs : 0.0,
                                BenchCyclesToMs(frame, figures->buildCycles) / frames,
                                BenchCyclesToMs(frame, figures->emptyCycles) / frames,
                                BenchCyclesToMs(frame, figures->renderCycles) / frames, frame->visibleCount);
}

internal void BenchBuildAndRunFrameGraph(demo_frame *frame, memory_arena *arena)
{
    bench_frame_figures *figures = &globalBenchFigures;
    u64 buildStart = ReadCycleCounter();
    BuildDemoFrameGraph(frame, arena);
    u64 buildCycles = ReadCycleCounter() - buildStart;
    b32 serial = (frame->state->framesSimulated & 1) != 0;
    u64 runStart = ReadCycleCounter();
    if (serial)
    {
        for (u32 index = 0; index < frame->jobCount; ++index) RunDemoFrameJob(0, frame->jobs + index);
    }
    else
    {
        DemoRunFrameGraph(frame);
    }
    u64 runCycles = ReadCycleCounter() - runStart;
    if (serial)
    {
        figures->serialCycles += runCycles;
        ++figures->serialFrames;
        return;
    }
    frame->skipBodies = 1;
    u64 emptyStart = ReadCycleCounter();
    DemoRunFrameGraph(frame);
    figures->emptyCycles += ReadCycleCounter() - emptyStart;
    frame->skipBodies = 0;
    figures->buildCycles += buildCycles;
    figures->runCycles += runCycles;
    figures->renderCycles += frame->renderJobCycles;
    ++figures->frames;
    if (figures->frames % 60 == 0 && figures->serialFrames && frame->transient->debug.cyclesPerSecond > 0.0)
        BenchLogFigures(frame);
}
