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
    // Graph frames, where their wall time goes beyond their own job times (BenchMeasureHandOvers).
    u64 graphModelMakespanCycles[BENCH_MAX_FRAMES];
    u64 joinWaitCycles[BENCH_MAX_FRAMES];
    u64 fanOutCycles[BENCH_MAX_FRAMES];
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

// The frame just run (its jobs' times), modelled on the threads the graph frames run on (all zeros
// when the scratch is short; the row then shows no model).
internal job_graph_model BenchModelFrame(fixture_frame *frame, memory_arena *arena)
{
    temporary_memory temp = BeginTemporaryMemory(arena);
    u64 *cycles = PushArray(arena, frame->jobCount, u64);
    job_graph_model model = {};
    if (cycles)
    {
        for (u32 index = 0; index < frame->jobCount; ++index) cycles[index] = frame->jobs[index].cycles;
        ModelJobGraph(&frame->graph, cycles, frame->memory->workerThreadCount + 1, arena, &model);
    }
    EndTemporaryMemory(temp);
    return model;
}

// The frame just run in order: what the graph's shape allows (kit_graph_model.h).
internal void BenchModelShape(fixture_frame *frame, memory_arena *arena, u32 at)
{
    bench_frame_figures *figures = &globalBenchFigures;
    job_graph_model model = BenchModelFrame(frame, arena);
    figures->modelWorkCycles[at] = model.workCycles;
    figures->modelSpanCycles[at] = model.spanCycles;
    figures->modelMakespanCycles[at] = model.makespanCycles;
}

// The frame just run through the graph: where its wall time went beyond its own job times.
//  - The shape model fed this frame's job times (their inflation included) on the same threads:
//    the time a scheduler that costs nothing would have taken with these very jobs, so model / wall
//    is what the scheduler kept, with no assumption about how the inflation spread.
//  - Joins: each serial job of the frame (the stage "other": scene, prefix, filled, end of frame)
//    started this long after its last dependency ended; summed. The hand-over on the serial path.
//  - Fan-outs: a job that was the last dependency of two or more jobs released them all at its
//    end; the time from that end until as many of them had started as there were threads idle then
//    (its own included: threads minus the jobs running at that moment), summed over the frame's
//    fan-outs. How long a release takes to reach the idle threads: the hand-over cost of a stage.
// NOTE: ReadCycleCounter across cores: an invariant TSC, as on every x86-64 this runs on; a start a
// few cycles "before" its dependency's end counts as 0.
internal void BenchMeasureHandOvers(fixture_frame *frame, memory_arena *arena, u32 at)
{
    bench_frame_figures *figures = &globalBenchFigures;
    figures->graphModelMakespanCycles[at] = BenchModelFrame(frame, arena).makespanCycles;
    u32 jobCount = frame->jobCount, threads = frame->memory->workerThreadCount + 1;
    fixture_frame_job *jobs = frame->jobs;
    temporary_memory temp = BeginTemporaryMemory(arena);
    u64 *readyAt = PushArray(arena, jobCount, u64);
    u32 *lastDependency = PushArray(arena, jobCount, u32);
    u64 *starts = PushArray(arena, jobCount, u64);
    u64 joinCycles = 0, fanOutCycles = 0;
    if (readyAt && lastDependency && starts)
    {
        for (u32 index = 0; index < jobCount; ++index) lastDependency[index] = JOB_ID_NONE;
        for (u32 index = 0; index < frame->graph.edgeCount; ++index)
        {
            job_edge edge = frame->graph.edges[index];
            if (edge.before >= jobCount || edge.after >= jobCount) continue;
            u64 end = jobs[edge.before].endCycles;
            if (lastDependency[edge.after] == JOB_ID_NONE || end > readyAt[edge.after])
            {
                readyAt[edge.after] = end;
                lastDependency[edge.after] = edge.before;
            }
        }
        for (u32 index = 0; index < jobCount; ++index)
        {
            if (lastDependency[index] == JOB_ID_NONE || BenchStageOf(jobs[index].function) != BenchStage_Other) continue;
            if (jobs[index].startCycles > readyAt[index]) joinCycles += jobs[index].startCycles - readyAt[index];
        }
        for (u32 releaser = 0; releaser < jobCount; ++releaser)
        {
            u32 released = 0;
            for (u32 index = 0; index < jobCount; ++index)
            {
                if (lastDependency[index] == releaser) starts[released++] = jobs[index].startCycles;
            }
            if (released < 2) continue;
            u64 end = jobs[releaser].endCycles;
            u32 busy = 0;
            for (u32 index = 0; index < jobCount; ++index)
            {
                busy += index != releaser && jobs[index].startCycles <= end && end < jobs[index].endCycles;
            }
            u32 filled = Minimum(released, threads > busy ? threads - busy : 1u);
            // The filled-th earliest start (an insertion sort: a release is at most a few hundred jobs).
            for (u32 index = 1; index < released; ++index)
            {
                u64 value = starts[index];
                u32 place = index;
                for (; place > 0 && starts[place - 1] > value; --place) starts[place] = starts[place - 1];
                starts[place] = value;
            }
            if (starts[filled - 1] > end) fanOutCycles += starts[filled - 1] - end;
        }
    }
    EndTemporaryMemory(temp);
    figures->joinWaitCycles[at] = joinCycles;
    figures->fanOutCycles[at] = fanOutCycles;
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
    if (figures->frames < BENCH_MAX_FRAMES)
    {
        BenchSumStages(frame, figures->stageCycles, figures->frames);
        BenchMeasureHandOvers(frame, arena, figures->frames);
    }
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
