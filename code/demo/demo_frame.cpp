//~ The demo's frame as one job graph: every order between jobs is an edge, so the whole update
// spreads over the workers without a barrier between its stages.
//
// Every update builds one graph and submits it:
//
//   camera+input ─┐                 ┌─> render[b] (also after the scene) ──────────────┐
//   grid: clear ──┴─> simulate[b] ──┴─> grid: prefix ─> grid: fill[b] ─> grid: filled   ├─> end of frame
//                                                         ─> collide[b] ───────────────┘
//   sound mix (no edge: runs beside everything)
//
// (camera+input also precedes the scene; render[b] waits for simulate[b] and the scene.)
// simulate, collide and render run in batches over the entities, fill in as many bands of the grid's
// cells; each batch writes only its own entities, its own per-batch counters, its own band of the grid
// and its own sub-buffer of the frame's commands: no atomic operation on shared data. Jobs are
// added after everything they depend on, so the order of addition is also a valid serial order.

#include "demo/demo.h"

//~ Building
internal job_id DemoAddFrameJob(demo_frame *frame, const char *name, demo_frame_function *function, u32 batch)
{
    if (frame->jobCount >= frame->maxJobCount)
    {
        ++frame->graph.overflowCount;   // Submit refuses the graph, logged
        return JOB_ID_NONE;
    }
    demo_frame_job *job = frame->jobs + frame->jobCount++;
    job->name = name;
    job->function = function;
    job->frame = frame;
    job->batch = batch;
    return AddNamedGraphJob(&frame->graph, name, DemoRunFrameJob, job);
}

// Jobs are added after what they wait for: a serial run in order of addition is valid.
internal void DemoAddFrameEdge(demo_frame *frame, job_id before, job_id after)
{
    Assert(before == JOB_ID_NONE || after == JOB_ID_NONE || before < after);
    AddJobDependency(&frame->graph, before, after);
}

internal b32 DemoBuildFrameGraph(demo_frame *frame, memory_arena *arena)
{
    u32 batches = frame->batchCount;
    frame->maxJobCount = 4 * batches + 8;
    u32 maxEdges = 10 * batches + 8;
    frame->jobs = PushArray(arena, frame->maxJobCount, demo_frame_job);
    frame->jobCount = 0;
    if (!frame->jobs || !BeginJobGraph(&frame->graph, arena, "frame", frame->maxJobCount, maxEdges, frame->memory->platform.Log))
        return 0;
    job_id camera = DemoAddFrameJob(frame, "camera+input", DemoFrameCameraAndInput, 0);
    job_id clear = DemoAddFrameJob(frame, "grid: clear", DemoFrameGridClear, 0);
    DemoAddFrameJob(frame, "sound mix", DemoFrameSoundMix, 0);
    job_id scene = DemoAddFrameJob(frame, "scene", DemoFrameScene, 0);
    DemoAddFrameEdge(frame, camera, scene);
    job_id simulate[DEMO_FRAME_MAX_BATCHES];
    for (u32 batch = 0; batch < batches; ++batch)
    {
        simulate[batch] = DemoAddFrameJob(frame, "simulate", DemoFrameSimulate, batch);
        DemoAddFrameEdge(frame, camera, simulate[batch]);
        DemoAddFrameEdge(frame, clear, simulate[batch]);
    }
    job_id prefix = DemoAddFrameJob(frame, "grid: prefix", DemoFrameGridPrefix, 0);
    for (u32 batch = 0; batch < batches; ++batch) DemoAddFrameEdge(frame, simulate[batch], prefix);
    job_id fill[DEMO_FRAME_MAX_BATCHES];
    for (u32 batch = 0; batch < batches; ++batch)
    {
        fill[batch] = DemoAddFrameJob(frame, "grid: fill", DemoFrameGridFill, batch);
        DemoAddFrameEdge(frame, prefix, fill[batch]);
    }
    job_id filled = DemoAddFrameJob(frame, "grid: filled", DemoFrameGridFilled, 0);
    for (u32 batch = 0; batch < batches; ++batch) DemoAddFrameEdge(frame, fill[batch], filled);
    job_id collide[DEMO_FRAME_MAX_BATCHES];
    for (u32 batch = 0; batch < batches; ++batch)
    {
        collide[batch] = DemoAddFrameJob(frame, "collide", DemoFrameCollide, batch);
        DemoAddFrameEdge(frame, filled, collide[batch]);
    }
    // NOTE: render[b] reads what simulate[b] wrote (its entities' positions and spins) and the scene's
    // slots; the collisions write only velocities and bounce counts, which no render reads. So
    // render[b] waits for those two alone: it runs beside the grid's jobs, on cores the prefix and
    // the fill's last batches leave idle, often on the thread that just simulated its entities,
    // instead of after the collisions. The end of the frame waits for both.
    job_id render[DEMO_FRAME_MAX_BATCHES];
    for (u32 batch = 0; batch < batches; ++batch)
    {
        render[batch] = DemoAddFrameJob(frame, "render", DemoFrameRender, batch);
        DemoAddFrameEdge(frame, simulate[batch], render[batch]);
        DemoAddFrameEdge(frame, scene, render[batch]);
    }
    job_id end = DemoAddFrameJob(frame, "end of frame", DemoFrameEnd, 0);
    for (u32 batch = 0; batch < batches; ++batch) DemoAddFrameEdge(frame, collide[batch], end);
    for (u32 batch = 0; batch < batches; ++batch) DemoAddFrameEdge(frame, render[batch], end);
    return frame->graph.overflowCount == 0;
}

//~ Running
// Batches for this frame: at least DEMO_FRAME_BATCHES_PER_THREAD per thread, never batches under
// DEMO_FRAME_MIN_BATCH entities; beyond that, one per DEMO_FRAME_FIRST_BATCH entities before anything
// was measured, then as many as make each batch job run about DEMO_FRAME_TARGET_JOB_CYCLES.
// The simulation's result does not depend on the batches (each entity's steps are its own).
internal u32 DemoFrameBatchCount(demo_frame *frame, u32 entityCount, u32 threadCount)
{
    u32 mostBySize = (entityCount + DEMO_FRAME_MIN_BATCH - 1) / DEMO_FRAME_MIN_BATCH;
    u32 wanted = (entityCount + DEMO_FRAME_FIRST_BATCH - 1) / DEMO_FRAME_FIRST_BATCH;
    if (frame->cyclesPerEntity > 0.0f)
    {
        f64 stageCycles = (f64)frame->cyclesPerEntity * (f64)entityCount / DEMO_FRAME_BATCHED_STAGES;
        wanted = (u32)(stageCycles / DEMO_FRAME_TARGET_JOB_CYCLES) + 1;
    }
    u32 forBalance = threadCount * DEMO_FRAME_BATCHES_PER_THREAD;
    return Clamp(1u, Minimum(mostBySize, Maximum(wanted, forBalance)), (u32)DEMO_FRAME_MAX_BATCHES);
}

// After the graph ran: the frame's measured cost per entity, smoothed over the last frames.
internal void DemoMeasureFrameCost(demo_frame *frame, u32 entityCount)
{
    if (!frame->jobCycles || !entityCount) return;
    f32 measured = (f32)((f64)frame->jobCycles / (f64)entityCount);
    frame->cyclesPerEntity = (frame->cyclesPerEntity > 0.0f) ? 0.75f * frame->cyclesPerEntity + 0.25f * measured : measured;
}

// Grid memory for the entity count, carved once per count: in the frame scratch (every array of the
// grid is rebuilt by every frame before it is read, so it need not be rolled back, and writing it
// costs no snapshot upkeep), else in the transient arena.
internal b32 DemoEnsureFrameMemory(demo_frame *frame, game_transient_state *transient, u32 entityCount)
{
    if (frame->entityCapacity >= entityCount) return 1;
    u32 cells = 2 * (entityCount + 1024);   // about two cells per entity at the default density
    memory_arena *arena = &transient->arena;
    if (transient->frameScratch.base &&
        ArenaRemaining(&transient->frameScratch) >= BroadphaseBytesNeeded(cells, entityCount, DEMO_FRAME_MAX_BATCHES))
        arena = &transient->frameScratch;
    if (!BroadphaseAllocate(&frame->grid, arena, cells, entityCount, DEMO_FRAME_MAX_BATCHES)) return 0;
    frame->entityCapacity = entityCount;
    return 1;
}

// Runs the built graph: submitted, then waited for (the waiting thread helps). A graph that
// overflowed is refused by the submit, which logs why.
internal void DemoRunFrameGraph(demo_frame *frame)
{
    game_memory *memory = frame->memory;
    if (memory->platform.SubmitJobGraph(memory->highPriorityQueue, &frame->graph)) memory->platform.WaitForJobGraph(&frame->graph);
}

global b32 globalDemoGraphShapeLogged;  // DLL data: once per load of this build

// With --game-arg log-frame-graph=1, the first graph built whole by this build is logged, so a
// change to the graph shows in the log as the graph the demo really built:
// "game: frame graph: J jobs, E dependencies, B batches of N entities: [name xCOUNT after: ...] ...".
internal void DemoLogFrameGraphShapeOnce(demo_frame *frame)
{
    game_memory *memory = frame->memory;
    if (globalDemoGraphShapeLogged || !GameArgumentU32(&memory->arguments, "log-frame-graph", 0, 1, 0)) return;
    globalDemoGraphShapeLogged = 1;
    char line[1024];
    text_buffer text = TEXT_BUFFER_ON(line);
    AppendJobGraphShape(&text, &frame->graph);
    memory->platform.Log(LogLevel_Info, "game: frame graph: %u jobs, %u dependencies, %u batches of %u entities:%s",
                         frame->graph.jobCount, frame->graph.edgeCount, frame->batchCount, frame->batchSize, line);
}

// The update's whole simulation and drawing: build, submit, wait (helping).
void DemoRunFrame(game_memory *memory, game_input *input, game_render_commands *commands,
                  game_state *state, game_transient_state *transient)
{
    demo_frame *frame = &transient->frame;
    if (!DemoEnsureFrameMemory(frame, transient, state->entityCount))
    {
        memory->platform.Log(LogLevel_Error, "game: no transient memory for the collision grid of %u entities",
                             state->entityCount);
        return;
    }
    frame->memory = memory;
    frame->input = input;
    frame->commands = commands;
    frame->state = state;
    frame->transient = transient;
    frame->dt = input->dtForFrame;
    frame->batchCount = DemoFrameBatchCount(frame, state->entityCount, memory->workerThreadCount + 1);
    frame->batchSize = (state->entityCount + frame->batchCount - 1) / frame->batchCount;
    frame->slots = 0;
    frame->clickRequested = 0;
    frame->renderJobCycles = 0;
    frame->jobCycles = 0;
    DemoSoundBeginFrame(&transient->sound);

    temporary_memory scratch = BeginTemporaryMemory(&transient->arena);
    b32 built = DemoBuildFrameGraph(frame, &transient->arena);
    DemoRunFrameGraph(frame);
    if (built) DemoLogFrameGraphShapeOnce(frame);
    DemoMeasureFrameCost(frame, state->entityCount);
    // NOTE: the graph and its jobs name callbacks and string literals of this build; cleared once
    // it has run (the count reaching zero is every worker's last touch), so a reload finds no
    // address of this build left behind in transient memory.
    memset(&frame->graph, 0, sizeof(frame->graph));
    EndTemporaryMemoryCleared(scratch);
}
