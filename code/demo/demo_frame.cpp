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
#include "contract/render_projection.h"
#include "demo/demo_tuning.h"

#define DEMO_GRID_CELL_SIZE 1.25f       // >= twice the largest entity half size (0.6)
#define DEMO_DRAW_DISTANCE 200.0f       // cubes more than this ahead of the camera (view depth) are not drawn

//~ Jobs
internal PLATFORM_WORK_QUEUE_CALLBACK(DemoRunFrameJob)
{
    (void)queue;
    demo_frame_job *job = (demo_frame_job *)data;
    platform_debug_record_event *record = job->frame->memory->platform.DEBUGRecordEvent;
    if (record) record(job->name, DebugEvent_BeginBlock, DebugEventFlag_GraphJob);
    u64 start = ReadCycleCounter();
    job->function(job->frame, job->batch);
    AtomicAddU64(&job->frame->jobCycles, ReadCycleCounter() - start);
    if (record) record(job->name, DebugEvent_EndBlock, DebugEventFlag_GraphJob);
}

internal void DemoBatchRange(demo_frame *frame, u32 batch, u32 *first, u32 *onePastLast)
{
    u32 count = frame->state->entityCount;
    *first = Minimum(batch * frame->batchSize, count);
    *onePastLast = Minimum(*first + frame->batchSize, count);
}

internal void DemoFrameCameraAndInput(demo_frame *frame, u32 batch)
{
    (void)batch;
    game_state *state = frame->state;
    game_input *input = frame->input;
    f32 dt = frame->dt;
    ++state->framesSimulated;
    state->secondsSimulated += dt;
    state->spinAngle += Tau32 * TUNE(DEMO_TUNING_SPIN_SPEED) * dt;
    if (state->spinAngle > Tau32) state->spinAngle -= Tau32;
    if (WasPressed(input->keyboard.keys[Key_F1])) state->overlayVisible = !state->overlayVisible;
    if (WasPressed(input->keyboard.keys[Key_Space])) DemoRequestSound(&frame->transient->sound, DemoAsset_Chime, 0.6f);
    DemoUpdateCamera(&state->camera, input);

    game_render_commands *commands = frame->commands;
    f32 aspect = (f32)commands->widthInPixels / (f32)Maximum(commands->heightInPixels, 1u);
    f32 focalLength = 1.0f / tanf(0.5f * 1.1f);
    m4x4_inv projection = PerspectiveReverseZ(aspect, focalLength, DEMO_NEAR_CLIP, DEMO_FAR_CLIP);
    frame->cullViewProjection = projection.forward * DemoCameraViewMatrix(&state->camera);
}

internal void DemoFrameGridClear(demo_frame *frame, u32 batch)
{
    (void)batch;
    game_state *state = frame->state;
    f32 half = state->arenaHalfSize;
    BroadphaseSetBounds(&frame->grid, -half, DEMO_ARENA_CENTER_Z - half, 2.0f * half, 2.0f * half,
                        DEMO_GRID_CELL_SIZE, state->entityCount, frame->batchCount);
}

internal void DemoFrameSimulate(demo_frame *frame, u32 batch)
{
    u32 first, onePastLast;
    DemoBatchRange(frame, batch, &first, &onePastLast);
    frame->groundBounces[batch] = DemoSimulateEntities(frame->state->entities, first, onePastLast, frame->dt,
                                                       frame->state->arenaHalfSize, &frame->grid, batch);
}

internal void DemoFrameGridPrefix(demo_frame *frame, u32 batch)
{
    (void)batch;
    BroadphasePrefix(&frame->grid);
}

// Batch b fills band b of the grid: a run of whole rows of cells, whose cells and slots no other
// batch writes (kit_broadphase.h).
internal void DemoFrameGridFill(demo_frame *frame, u32 batch)
{
    BroadphaseFillBand(&frame->grid, batch);
}

// A join point: the collisions wait for one job instead of every fill batch (B edges, not B * B).
internal void DemoFrameGridFilled(demo_frame *frame, u32 batch)
{
    (void)frame;
    (void)batch;
}

internal void DemoFrameCollide(demo_frame *frame, u32 batch)
{
    u32 first, onePastLast;
    DemoBatchRange(frame, batch, &first, &onePastLast);
    // NOTE: a batch is a range of grid slots (cell order), not of entities: its entities' neighbours
    // are read from contiguous slots. Every entity is in one slot, so batches still write apart.
    frame->collisionBounces[batch] = DemoCollideSlots(&frame->grid, frame->state->entities, first, onePastLast);
}

internal void DemoFrameScene(demo_frame *frame, u32 batch)
{
    (void)batch;
    game_render_commands *commands = frame->commands;
    demo_assets *assets = &frame->transient->assets;
    // Textures go to the renderer once per publication (and again after a reload: the renderer
    // may have restarted meanwhile, see gameUpdateAndRender).
    u32 textureSlots[][2] = {{DemoAsset_Grid, DemoTexture_Grid}, {DemoAsset_Font, DemoTexture_Font}};
    for (u32 index = 0; index < ArrayCount(textureSlots); ++index)
    {
        demo_asset_slot *slot = assets->slots + textureSlots[index][0];
        if (slot->state == DemoAssetState_Ready && !slot->uploaded && slot->bitmap.pixels)
        {
            PushTexture(commands, textureSlots[index][1], slot->bitmap.width, slot->bitmap.height, slot->bitmap.pixels);
            slot->uploaded = 1;
        }
    }
    frame->slots = DemoPushScene(commands, frame->state, DemoAssetReady(assets, DemoAsset_Grid), frame->batchCount);
    if (assets->publishedCount < DemoAsset_Count) DemoPushLoadingBar(commands, assets);
}

// True when the cube (as a sphere of radius r) may be on screen: in front of the camera, within the
// draw distance, and inside the side planes with a margin of its size.
internal b32 DemoCubeVisible(m4x4 *viewProjection, v3 center, f32 radius)
{
    v4 clip = *viewProjection * V4(center, 1.0f);
    f32 margin = 2.0f * radius;
    return clip.w > -radius && clip.w < DEMO_DRAW_DISTANCE &&
           fabsf(clip.x) <= clip.w + margin && fabsf(clip.y) <= clip.w + margin;
}

internal void DemoFrameRender(demo_frame *frame, u32 batch)
{
    u64 start = ReadCycleCounter();
    u32 first, onePastLast;
    DemoBatchRange(frame, batch, &first, &onePastLast);
    if (!frame->slots) return;      // the scene's SubBuffers entry did not fit (counted)
    render_sub_buffer_slot *slot = frame->slots + batch;
    u32 capacity = (u32)(sizeof(render_entry_header) + sizeof(render_entry_cubes) +
                         (onePastLast - first) * sizeof(render_cube_instance));
    game_render_commands sub = BeginRenderSubBuffer(frame->commands, slot, capacity);
    demo_entity *entities = frame->state->entities;
    u32 visible = 0;
    for (u32 index = first; index < onePastLast; ++index)
    {
        demo_entity *entity = entities + index;
        f32 h = entity->halfSize;
        if (!DemoCubeVisible(&frame->cullViewProjection, entity->position, 1.75f * h)) continue;
        PushCube(&sub, entity->position, entity->yaw, V3(h, h, h), entity->color, 0);
        ++visible;
    }
    EndRenderSubBuffer(frame->commands, slot, &sub);
    frame->visibleCounts[batch] = visible;
    AtomicAddU64(&frame->renderJobCycles, ReadCycleCounter() - start);
}

internal void DemoFrameEnd(demo_frame *frame, u32 batch)
{
    (void)batch;
    game_state *state = frame->state;
    u32 bounces = 0, collisions = 0, visible = 0;
    for (u32 index = 0; index < frame->batchCount; ++index)
    {
        bounces += frame->groundBounces[index] + frame->collisionBounces[index];
        collisions += frame->collisionBounces[index];
        visible += frame->visibleCounts[index];
    }
    state->collisionBounces += collisions;
    frame->visibleCount = visible;
    if (state->framesSimulated % 300 == 0)
    {
        // NOTE: the frame-graph suite reads this line: collisions do happen, and how many cubes are drawn.
        frame->memory->platform.Log(LogLevel_Info, "game: frame %llu: %u entities, %u collisions so far, %u of them "
                                    "drawn this frame", (unsigned long long)state->framesSimulated, state->entityCount,
                                    state->collisionBounces, visible);
    }
    // At most one click per frame, louder with more bounces: events are heard, not a roar.
    if (bounces && (state->framesSimulated % 6) == 0)
    {
        DemoRequestSound(&frame->transient->sound, DemoAsset_Click, Minimum(0.15f + 0.01f * (f32)bounces, 0.6f));
        frame->clickRequested = 1;  // counted by the update once the graph is done (demo_exports.cpp)
    }
}

internal void DemoFrameSoundMix(demo_frame *frame, u32 batch)
{
    (void)batch;
    game_transient_state *transient = frame->transient;
    DemoSoundMixJob(&transient->sound, &transient->mixer, &transient->assets);
}

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
