//~ Assets on background tasks, published between frames, watched for changes.
//
// No frame ever waits on the disk: the first update asks for every asset with a one-shot
// background task each (AddTask, no flags: a low-priority worker reads and decodes the file), and
// draws a loading bar until they are all published. A missing or bad file arrives too, late or
// not: as its fallback (checker texture, silence), named in the log by the reader.
//
// Three repeating tasks are registered by export name (platform_api.AddNamedTask), so the
// platform binds them to every new build by itself and no reload can lose them:
//   demoPublishAssetsTask  main thread: makes arrived assets visible to the frame (see there)
//   demoWatchAssetsTask    background: reloads an asset whose file changed (see there)
//   demoFrameStatsTask     frame-synchronised: demo_frame_stats.cpp
// Everything lives in transient storage: when an asset arrives depends on the disk, so it must
// never be part of the replayed game_state.

#include "demo/demo.h"
#include "game_kit/kit_text.h"

#define DEMO_ASSET_ARENA_HALF_SIZE Megabytes(2)
#define DEMO_WATCH_EVERY_RUNS 60    // one file checked per second at 60 Hz

struct demo_asset_info
{
    const char *fileName;       // under data/
    b32 isSound;
};

global const demo_asset_info demoAssetInfos[DemoAsset_Count] =
{
    {"textures/ground.bmp", 0},
    {FONT_FILE_NAME, 0},
    {"sounds/click.wav", 1},
    {"sounds/chime.wav", 1},
};

enum demo_asset_pending
{
    DemoAssetPending_Idle,
    DemoAssetPending_Loading,   // a task decodes into the half not in use
    DemoAssetPending_Arrived,   // pendingBitmap / pendingSound hold it until the publish task runs
};

internal u32 DemoHashBytes(const void *bytes, u32 size)
{
    u32 hash = 2166136261u;
    const u8 *at = (const u8 *)bytes;
    for (u32 index = 0; index < size; ++index) hash = (hash ^ at[index]) * 16777619u;
    return hash | 1;    // 0 means "no file"
}

// Reads and decodes the asset's file into the arena half not published; any background thread.
internal void DemoDecodeAsset(demo_asset_slot *slot, debug_read_file_result file)
{
    const demo_asset_info *info = demoAssetInfos + slot->id;
    game_memory *memory = slot->memory;
    memory_arena *arena = &slot->arenas[slot->arenaIndex ^ 1];
    arena->used = 0;
    slot->fileHash = file.contents ? DemoHashBytes(file.contents, file.contentsSize) : 0;
    if (info->isSound)
    {
        slot->pendingSound = LoadWAV(arena, file.contents, file.contentsSize, info->fileName, memory->platform.Log);
        slot->failed = slot->pendingSound.isFallback;
    }
    else
    {
        slot->pendingBitmap = LoadBMP(arena, file.contents, file.contentsSize, info->fileName, memory->platform.Log);
        slot->failed = slot->pendingBitmap.isFallback;
    }
    ++slot->generation;
    AtomicStoreU32(&slot->pending, DemoAssetPending_Arrived);
}

// One-shot background task: the first load of one asset.
internal PLATFORM_WORK_QUEUE_CALLBACK(DemoLoadAssetTask)
{
    (void)queue;
    demo_asset_slot *slot = (demo_asset_slot *)data;
    debug_read_file_result file = slot->memory->platform.DEBUGReadEntireFile(demoAssetInfos[slot->id].fileName);
    DemoDecodeAsset(slot, file);
    if (file.contents) slot->memory->platform.DEBUGFreeFileMemory(file.contents);
}

// Main thread, repeating: the point where arrived assets become visible to the frame.
// NOTE: why a main-thread task: it runs between frames, when no job of the frame graph and no
// renderer call reads the asset table, and only the main thread is ever there; so an asset switches
// from "loading" to "ready" for all of a frame's jobs at once (the scene, the mix, the overlay agree)
// without a lock or an atomic on any read in the frame.
extern "C" __declspec(dllexport) PLATFORM_WORK_QUEUE_CALLBACK(demoPublishAssetsTask)
{
    (void)queue;
    demo_assets *assets = (demo_assets *)data;
    ++assets->publishRuns;
    u32 readyCount = 0;
    for (u32 id = 0; id < DemoAsset_Count; ++id)
    {
        demo_asset_slot *slot = assets->slots + id;
        if (AtomicLoadU32(&slot->pending) == DemoAssetPending_Arrived)
        {
            slot->arenaIndex ^= 1;
            slot->bitmap = slot->pendingBitmap;
            slot->sound = slot->pendingSound;
            slot->uploaded = 0;
            slot->state = DemoAssetState_Ready;
            AtomicStoreU32(&slot->pending, DemoAssetPending_Idle);
            slot->memory->platform.Log(slot->failed ? LogLevel_Warning : LogLevel_Info,
                                       "assets: '%s' arrived%s (load %u, frame %u)", demoAssetInfos[id].fileName,
                                       slot->failed ? " as its fallback" : "", slot->generation, assets->framesSeen);
        }
        if (slot->state == DemoAssetState_Ready) ++readyCount;
    }
    assets->publishedCount = readyCount;
}

// Background, repeating: live asset editing. Every DEMO_WATCH_EVERY_RUNS runs it reads one asset's
// file (round robin) and reloads the asset when its bytes changed.
// NOTE: why a repeating background task: it must go on checking for the whole session, never
// waiting for someone to ask, and reading a file must never stall a frame; a repeating task whose
// previous run has not ended skips a frame, so a slow disk never piles up runs.
extern "C" __declspec(dllexport) PLATFORM_WORK_QUEUE_CALLBACK(demoWatchAssetsTask)
{
    (void)queue;
    demo_assets *assets = (demo_assets *)data;
    u32 runs = AtomicIncrementU32(&assets->watcherRuns);
    if (runs % DEMO_WATCH_EVERY_RUNS) return;
    demo_asset_slot *slot = assets->slots + (assets->watcherNextAsset++ % DemoAsset_Count);
    if (slot->state != DemoAssetState_Ready ||
        AtomicCompareExchangeU32(&slot->pending, DemoAssetPending_Idle, DemoAssetPending_Loading) != DemoAssetPending_Idle)
    {
        return;     // still loading or waiting to be published
    }
    game_memory *memory = slot->memory;
    debug_read_file_result file = memory->platform.DEBUGReadEntireFile(demoAssetInfos[slot->id].fileName);
    u32 hash = file.contents ? DemoHashBytes(file.contents, file.contentsSize) : 0;
    if (hash && hash != slot->fileHash)
    {
        memory->platform.Log(LogLevel_Info, "assets: '%s' changed on disk; reloading", demoAssetInfos[slot->id].fileName);
        DemoDecodeAsset(slot, file);
    }
    else
    {
        AtomicStoreU32(&slot->pending, DemoAssetPending_Idle);
    }
    if (file.contents) memory->platform.DEBUGFreeFileMemory(file.contents);
}

// First update (and after a state reset of transient memory): carve the asset memory, queue one
// load task per asset and register the repeating tasks. Never waits.
internal void DemoRequestAssets(game_memory *memory, demo_assets *assets, memory_arena *arena)
{
    memset(assets, 0, sizeof(*assets));
    for (u32 id = 0; id < DemoAsset_Count; ++id)
    {
        demo_asset_slot *slot = assets->slots + id;
        slot->id = id;
        slot->memory = memory;
        slot->assets = assets;
        for (u32 half = 0; half < 2; ++half)
        {
            void *base = PushSize(arena, DEMO_ASSET_ARENA_HALF_SIZE);
            InitializeArena(&slot->arenas[half], demoAssetInfos[id].fileName, base ? DEMO_ASSET_ARENA_HALF_SIZE : 0,
                            base, memory->platform.Log);
        }
        slot->state = DemoAssetState_Loading;
        slot->pending = DemoAssetPending_Loading;
        if (!memory->platform.AddTask(memory->platform.taskManager, 0, DemoLoadAssetTask, slot))
        {
            // The task table is full (logged): load here rather than never.
            DemoLoadAssetTask(0, slot);
        }
    }
    assets->requested = 1;
}

// The update, every frame before the graph: counts frames for the tasks and registers the
// repeating tasks (again after a state reset; registering a name twice replaces it).
void DemoAssetsBeginFrame(game_memory *memory, game_transient_state *transient)
{
    demo_assets *assets = &transient->assets;
    if (!assets->requested)
    {
        DemoRequestAssets(memory, assets, &transient->arena);
        memory->platform.AddNamedTask(TaskFlag_Repeating | TaskFlag_MainThread, "demoPublishAssetsTask", assets);
        memory->platform.AddNamedTask(TaskFlag_Repeating, "demoWatchAssetsTask", assets);
        memory->platform.AddNamedTask(TaskFlag_Repeating | TaskFlag_FrameSync, "demoFrameStatsTask", transient);
    }
    AtomicIncrementU32(&assets->framesSeen);
}

b32 DemoAssetReady(demo_assets *assets, u32 id)
{
    return assets->slots[id].state == DemoAssetState_Ready;
}
