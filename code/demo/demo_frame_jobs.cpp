//~ The jobs of the demo's frame graph (demo_frame.cpp builds and runs the graph): each runs one stage
// for one batch of the entities (or, for the unbatched stages, once), and writes only its own part
// of demo_frame and of the game state. A unit of its own because these bodies are where the demo's
// behaviour lives, the lines a developer edits while the exe runs: a change here recompiles ~200
// lines, not the graph's building too.

#include "demo/demo.h"
#include "contract/render_projection.h"
#include "demo/demo_tuning.h"

#define DEMO_GRID_CELL_SIZE 1.25f       // >= twice the largest entity half size (0.6)
#define DEMO_DRAW_DISTANCE 200.0f       // cubes more than this ahead of the camera (view depth) are not drawn

//~ Jobs
PLATFORM_WORK_QUEUE_CALLBACK(DemoRunFrameJob)
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

void DemoFrameCameraAndInput(demo_frame *frame, u32 batch)
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

void DemoFrameGridClear(demo_frame *frame, u32 batch)
{
    (void)batch;
    game_state *state = frame->state;
    f32 half = state->arenaHalfSize;
    BroadphaseSetBounds(&frame->grid, -half, DEMO_ARENA_CENTER_Z - half, 2.0f * half, 2.0f * half,
                        DEMO_GRID_CELL_SIZE, state->entityCount, frame->batchCount);
}

void DemoFrameSimulate(demo_frame *frame, u32 batch)
{
    u32 first, onePastLast;
    DemoBatchRange(frame, batch, &first, &onePastLast);
    frame->groundBounces[batch] = DemoSimulateEntities(frame->state->entities, first, onePastLast, frame->dt,
                                                       frame->state->arenaHalfSize, &frame->grid, batch);
}

void DemoFrameGridPrefix(demo_frame *frame, u32 batch)
{
    (void)batch;
    BroadphasePrefix(&frame->grid);
}

// Batch b fills band b of the grid: a run of whole rows of cells, whose cells and slots no other
// batch writes (kit_broadphase.h).
void DemoFrameGridFill(demo_frame *frame, u32 batch)
{
    BroadphaseFillBand(&frame->grid, batch);
}

// A join point: the collisions wait for one job instead of every fill batch (B edges, not B * B).
void DemoFrameGridFilled(demo_frame *frame, u32 batch)
{
    (void)frame;
    (void)batch;
}

void DemoFrameCollide(demo_frame *frame, u32 batch)
{
    u32 first, onePastLast;
    DemoBatchRange(frame, batch, &first, &onePastLast);
    // NOTE: a batch is a range of grid slots (cell order), not of entities: its entities' neighbours
    // are read from contiguous slots. Every entity is in one slot, so batches still write apart.
    frame->collisionBounces[batch] = DemoCollideSlots(&frame->grid, frame->state->entities, first, onePastLast);
}

void DemoFrameScene(demo_frame *frame, u32 batch)
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

void DemoFrameRender(demo_frame *frame, u32 batch)
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

void DemoFrameEnd(demo_frame *frame, u32 batch)
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

void DemoFrameSoundMix(demo_frame *frame, u32 batch)
{
    (void)batch;
    game_transient_state *transient = frame->transient;
    DemoSoundMixJob(&transient->sound, &transient->mixer, &transient->assets);
}
