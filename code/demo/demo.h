#ifndef DEMO_H
#define DEMO_H
// The demo game's state. game_state sits at the start of permanent storage and survives reloads;
// it is declared from an X-macro list so that its layout description (exported to the platform,
// see demo_layout.cpp) can never drift from the struct. Change a field and the platform refuses
// the build until you restart, migrate or reset (see README).

#include "contract/game_platform.h"
#include "base/base_arena.h"
#include "contract/state_layout.h"
#include "game_kit/kit_state_migrate.h"
#include "game_kit/kit_asset_bmp.h"
#include "game_kit/kit_asset_wav.h"
#include "game_kit/kit_mixer.h"
#include "game_kit/kit_debug.h"
#include "contract/job_graph.h"
#include "game_kit/kit_render_push.h"
#include "game_kit/kit_broadphase.h"
#include "game_kit/kit_graph_shape.h"

// NOTE: arenas start at a fixed offset, not right after game_state, so that a build which grows
// game_state (and migrates) does not move what the arenas hold. The entities live inside
// game_state (an array of a registered struct, room for the largest --entities), so a change to
// demo_entity migrates by name too; pages of the array beyond entityCount are never touched, so
// snapshots, loops and the reload pointer scan never pay for them.
#define GAME_STATE_RESERVED_SIZE Megabytes(16)

#define DEMO_DEFAULT_ENTITY_COUNT 4096   // --entities N changes it (the game argument entities=N)
#define DEMO_MAX_ENTITY_COUNT 262144
// The square the cubes bounce in, at the default count; it grows with sqrt(count / default) so
// the density (and the work per cube) stays the same at every scale.
#define DEMO_ARENA_HALF_SIZE 40.0f
#define DEMO_ARENA_CENTER_Z -60.0f

#define DEMO_ENTITY_FIELDS(X) \
    X(v3, position, )         \
    X(v3, velocity, )         \
    X(f32, yaw, )             \
    X(f32, spinRate, )        \
    X(f32, halfSize, )        \
    X(u32, color, )           \
    X(u32, bounces, )         \
    X(u32, pad, )
struct demo_entity
{
    DEMO_ENTITY_FIELDS(STATE_DECLARE_FIELD)
};

// yaw in radians, 0 looks down -z; pitch positive looks up.
#define DEMO_CAMERA_FIELDS(X) \
    X(v3, position, )         \
    X(f32, yaw, )             \
    X(f32, pitch, )
struct demo_camera
{
    DEMO_CAMERA_FIELDS(STATE_DECLARE_FIELD)
};

enum demo_texture
{
    DemoTexture_White = 0,      // slot 0 is the renderer's plain white
    DemoTexture_Grid = 1,
    DemoTexture_Font = 2,
};

#define GAME_STATE_FIELDS(X)                 \
    X(b32, isInitialized, )                  \
    X(u32, loadedCodeVersion, )              \
    X(u64, framesSimulated, )                \
    X(f64, secondsSimulated, )               \
    X(f32, spinAngle, )                      \
    X(u32, bounceSoundsPlayed, )             \
    X(demo_camera, camera, )                 \
    X(u32, entityCount, )                    \
    X(b32, overlayVisible, )                 \
    X(f32, arenaHalfSize, )                  \
    X(u32, collisionBounces, )               \
    X(memory_arena, permanentArena, )        \
    X(demo_entity, entities, [DEMO_MAX_ENTITY_COUNT])

struct game_state
{
    GAME_STATE_FIELDS(STATE_DECLARE_FIELD)
};
StaticAssert(sizeof(game_state) <= GAME_STATE_RESERVED_SIZE, "game_state outgrew its reserved space");

struct game_state;
struct game_transient_state;

//~ Assets, loaded on background tasks (demo_assets.cpp)
enum demo_asset_id
{
    DemoAsset_Grid,
    DemoAsset_Font,
    DemoAsset_Click,
    DemoAsset_Chime,
    DemoAsset_Count
};

enum demo_asset_state
{
    DemoAssetState_Unrequested,
    DemoAssetState_Loading,     // a background task owns the slot
    DemoAssetState_Arrived,     // decoded (or replaced by its fallback); not yet visible to frames
    DemoAssetState_Ready,       // published between frames by the main-thread task
};

struct demo_assets;
struct demo_asset_slot
{
    u32 state;                  // demo_asset_state: changed only by the main thread, between frames
    volatile u32 pending;       // demo_asset_pending (demo_assets.cpp): the loading side's progress
    u32 id;                     // demo_asset_id
    u32 generation;             // loads of this asset so far (the watcher reloads changed files)
    u32 fileHash;               // of the file the data came from (0: missing)
    b32 failed;                 // the file was missing or bad: the data is the fallback
    b32 uploaded;               // the texture was pushed to the renderer since it was published
    game_memory *memory;        // the platform's game_memory (stable for the run)
    demo_assets *assets;
    memory_arena arenas[2];     // two halves: a reload decodes into the half not in use
    u32 arenaIndex;             // the half the published data lives in
    u32 pad;
    loaded_bitmap bitmap;
    loaded_sound sound;
    loaded_bitmap pendingBitmap;// what the last load produced (Arrived), published as bitmap/sound
    loaded_sound pendingSound;
};

struct demo_assets
{
    demo_asset_slot slots[DemoAsset_Count];
    volatile u32 watcherRuns;   // the repeating background task's runs (tests read it from the log)
    u32 watcherNextAsset;       // round robin: one file checked per watcher pass
    u32 publishedCount;         // slots Ready
    u32 publishRuns;            // the main-thread task's runs
    volatile u32 framesSeen;    // updates since the assets were requested
    b32 requested;              // loads queued and tasks registered
};

//~ Sound (demo_sound.cpp): requests double-buffered between frames, mixed by a graph job
#define DEMO_MAX_SOUND_REQUESTS 16
#define DEMO_SOUND_AHEAD_FRAMES 8192   // stereo frames the mix job may prepare ahead

struct demo_sound_request
{
    u32 asset;                  // demo_asset_id
    f32 volume;
};

struct demo_sound
{
    demo_sound_request requests[2][DEMO_MAX_SOUND_REQUESTS];
    u32 requestCounts[2];
    u32 writeSet;               // the set this frame's jobs append to; the mix job reads the other
    s32 samplesPerSecond;       // learnt from the platform's first request (0 until then)
    u32 expectedSampleCount;    // what the platform asked for last time: what the job mixes ahead
    u32 aheadCount;             // stereo frames mixed ahead and not handed out yet
    s16 *ahead;                 // DEMO_SOUND_AHEAD_FRAMES * 2 values
};

//~ The frame graph's scratch (demo_frame.cpp, demo_frame_jobs.cpp)
#define DEMO_FRAME_MAX_BATCHES 128
#define DEMO_FRAME_MIN_BATCH 128        // entities: smaller batches would cost more to schedule than they run
#define DEMO_FRAME_FIRST_BATCH 512      // entities per batch before the cost per entity was measured
// Batches are sized by the measured cost per entity so that a batch job runs about this long:
// scheduling a job costs 1-2 us under Wine, so ~0.1 ms jobs keep it to a few percent. There are
// still at least DEMO_FRAME_BATCHES_PER_THREAD batches per thread (balance), where the count allows:
// on 16 threads 4,096 cubes run as 32 batches of 128, not 8 of 512.
#define DEMO_FRAME_TARGET_JOB_CYCLES 300000
#define DEMO_FRAME_BATCHES_PER_THREAD 4
#define DEMO_FRAME_BATCHED_STAGES 4     // simulate, fill, collide, render

struct demo_frame;
typedef void demo_frame_function(demo_frame *frame, u32 batch);

// One graph job: the job_graph callback runs `function` between the two timeline events.
struct demo_frame_job
{
    const char *name;
    demo_frame_function *function;
    demo_frame *frame;
    u32 batch;
    u32 pad;
};

struct demo_frame
{
    // Set by the update before the graph is submitted; read-only for the jobs.
    game_memory *memory;
    game_input *input;
    game_render_commands *commands;
    game_state *state;
    game_transient_state *transient;
    f32 dt;
    u32 batchCount;
    u32 batchSize;

    // Written by the jobs, each its own part.
    m4x4 cullViewProjection;    // camera job
    render_sub_buffer_slot *slots;      // scene job: one per render batch
    u32 groundBounces[DEMO_FRAME_MAX_BATCHES];
    u32 collisionBounces[DEMO_FRAME_MAX_BATCHES];
    u32 visibleCounts[DEMO_FRAME_MAX_BATCHES];
    u32 visibleCount;           // end-of-frame job: cubes drawn this frame
    b32 clickRequested;         // end-of-frame job: a bounce click was asked for
    u32 totalBounces;           // after the graph: every cube's bounces, summed by queued jobs and
                                //   CompleteAllWork from the update (demo_world.cpp DemoCountBounces)
    u32 entityCapacity;         // the grid was allocated for this many bodies
    broadphase_grid grid;

    // The graph: rebuilt every frame in the transient arena (its callbacks live in this build).
    job_graph graph;
    demo_frame_job *jobs;
    u32 jobCount;
    u32 maxJobCount;
    volatile u64 renderJobCycles;       // summed over the render batches (atomic adds)
    volatile u64 jobCycles;             // summed over every job of the frame (atomic adds)
    f32 cyclesPerEntity;                // smoothed jobCycles per entity of the last frames (0: none yet)
    u32 pad;
};

//~ The frame-synchronised task's figures (demo_frame_stats.cpp)
struct demo_frame_stats
{
    f32 medianFrameMs;          // of the last DEBUG_GRAPH_FRAMES frames
    f32 slowFrameMs;            // the 95th percentile of them
    u32 runs;
    u32 pad;
};

// Scratch that lives in transient storage: rebuilt at will, not part of the replayable state
// (the mixer's positions depend on the audio device's timing, the debug history on the clock,
// the assets on when the disk delivered them: none of it may change what the simulation does).
struct game_transient_state
{
    b32 isInitialized;
    u32 pad;
    game_mixer mixer;
    memory_arena arena;
    memory_arena frameScratch;  // over game_memory.frameScratch: the collision grid (rebuilt every frame)
    debug_overlay_state debug;  // frame history and this frame's copied events (kit_debug.h)
    demo_assets assets;         // loaded on background tasks (demo_assets.cpp)
    demo_sound sound;           // the frame's sound requests and the mix ahead (demo_sound.cpp)
    demo_frame frame;           // the frame graph's scratch (demo_frame.cpp)
    demo_frame_stats frameStats;// the frame-synchronised task's figures (demo_frame_stats.cpp)
};

//~ What one translation unit of the demo calls in another. Each demo_*.cpp is a unit of its own
// (misc/build.sh and build.bat compile them apart and recompile only what an edit touched;
// demo_main.cpp includes them all for the one-call build); everything not declared here is
// internal to its file. None of these runs per entity: a per-entity step is called from inside
// its own unit (DemoSimulateEntities), where it inlines.

// The view and projection both the scene and the frame's culling use.
#define DEMO_NEAR_CLIP 0.1f
#define DEMO_FAR_CLIP 2000.0f

// demo_world.cpp: spawns count cubes (clamped to 1..DEMO_MAX_ENTITY_COUNT) at deterministic places
// and speeds in a square that grows with the count, so the density and the collision work per cube
// stay the same at every scale.
void DemoSpawnEntities(game_state *state, u32 count);
// demo_world.cpp: one step of entities [first, onePastLast) (gravity, ground, walls), then binned
// into the grid as its batch `batch` (BroadphaseBin); returns how many bounced off the ground.
// Touches only those entities and the batch's own grid entries, so batches can run in any order.
u32 DemoSimulateEntities(demo_entity *entities, u32 first, u32 onePastLast, f32 dt, f32 arenaHalfSize,
                         broadphase_grid *grid, u32 batch);
// demo_world.cpp: the collisions of the entities in grid slots [firstSlot, onePastLastSlot) (each
// reflects off its deepest approaching neighbour; writes only those entities' velocities); returns
// how many bounced.
u32 DemoCollideSlots(broadphase_grid *grid, demo_entity *entities, u32 firstSlot, u32 onePastLastSlot);
// demo_world.cpp: every cube's bounces summed by DEMO_BOUNCE_COUNT_JOBS queued jobs, waited for with
// CompleteAllWork (logs an error if it returned before one ran).
u32 DemoCountBounces(game_memory *memory, game_state *state);
// demo_world.cpp: keyboard (WASD move, Q/E down/up, arrows look, Shift faster), mouse (right button
// looks, wheel moves forward) and the first connected gamepad move the camera by input->dtForFrame.
void DemoUpdateCamera(demo_camera *camera, game_input *input);

// demo_scene.cpp: the view matrix of the camera (its position, yaw and pitch).
m4x4 DemoCameraViewMatrix(demo_camera *camera);
// demo_scene.cpp: the main stream of the scene (clear, camera, fog, ground, far geometry, panes);
// returns slotCount sub-buffer slots for the cubes, drawn after the opaque world and before the
// panes (0 when they did not fit).
render_sub_buffer_slot *DemoPushScene(game_render_commands *commands, game_state *state, b32 gridReady,
                                      u32 slotCount);
// demo_scene.cpp: the loading bar: one segment per asset, green once it is published.
void DemoPushLoadingBar(game_render_commands *commands, demo_assets *assets);

// demo_frame_jobs.cpp: the frame graph's jobs, which demo_frame.cpp adds to the graph. The graph
// runs DemoRunFrameJob for each, which times it and calls its demo_frame_function on its batch.
PLATFORM_WORK_QUEUE_CALLBACK(DemoRunFrameJob);
void DemoFrameCameraAndInput(demo_frame *frame, u32 batch);
void DemoFrameGridClear(demo_frame *frame, u32 batch);
void DemoFrameSimulate(demo_frame *frame, u32 batch);
void DemoFrameGridPrefix(demo_frame *frame, u32 batch);
void DemoFrameGridFill(demo_frame *frame, u32 batch);
void DemoFrameGridFilled(demo_frame *frame, u32 batch);
void DemoFrameCollide(demo_frame *frame, u32 batch);
void DemoFrameScene(demo_frame *frame, u32 batch);
void DemoFrameRender(demo_frame *frame, u32 batch);
void DemoFrameEnd(demo_frame *frame, u32 batch);
void DemoFrameSoundMix(demo_frame *frame, u32 batch);

// demo_frame.cpp: the update's whole simulation and drawing as one job graph: built, submitted,
// waited for (helping); logs an error and draws nothing if the collision grid does not fit.
void DemoRunFrame(game_memory *memory, game_input *input, game_render_commands *commands, game_state *state,
                  game_transient_state *transient);

// demo_assets.cpp: the update, every frame before the graph: asks for every asset and registers
// the repeating tasks the first time (again after a state reset), counts frames for the tasks.
void DemoAssetsBeginFrame(game_memory *memory, game_transient_state *transient);
// demo_assets.cpp: true once the asset id is published for frames (a failed load publishes its fallback).
b32 DemoAssetReady(demo_assets *assets, u32 id);

// demo_sound.cpp: the request sets and the mix-ahead buffer (DEMO_SOUND_AHEAD_FRAMES from arena).
void DemoSoundInit(demo_sound *sound, memory_arena *arena);
// demo_sound.cpp: the update, before the graph: this frame's jobs write the set the next frame's mix
// job reads.
void DemoSoundBeginFrame(demo_sound *sound);
// demo_sound.cpp: from any job of the frame that runs before the end-of-frame job; a request beyond
// DEMO_MAX_SOUND_REQUESTS in one frame is dropped. The sound starts one frame later.
void DemoRequestSound(demo_sound *sound, u32 asset, f32 volume);
// demo_sound.cpp: the "sound mix" graph job: starts last frame's requests, then mixes ahead.
void DemoSoundMixJob(demo_sound *sound, game_mixer *mixer, demo_assets *assets);
// demo_sound.cpp: gameGetSoundSamples: what was mixed ahead first, then the rest mixed now.
void DemoSoundOutput(demo_sound *sound, game_mixer *mixer, game_sound_output_buffer *output);

#endif // DEMO_H
