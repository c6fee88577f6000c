#ifndef KIT_DEBUG_H
#define KIT_DEBUG_H
// The debug overlay: frame-time history, a per-thread timeline of the last frame and counters, drawn
// over the scene from DEBUGGameEndFrame (the platform's notices and tools are the exe's own overlay).
//
// Collection copies what the overlay needs out of memory->debugFrame (platform memory that is
// reused two frames later) into debug_overlay_state, which lives in transient storage: the history
// depends on the wall clock, so it must never enter game_state, which replays deterministically.
// Everything here tolerates memory->debugFrame == 0 (a platform that records nothing): the graph
// then falls back to input->dtForFrame and the timeline is left out.

#include "contract/game_platform.h"
#include "base/base_arena.h"
#include "game_kit/kit_asset_bmp.h"

// Compile a copy with 0 here to start with the overlay hidden (F1 toggles it either way).
#ifndef GAME_DEBUG_OVERLAY_AT_START
#define GAME_DEBUG_OVERLAY_AT_START 1
#endif

#define DEBUG_HISTORY_FRAMES 256        // ring of per-frame figures
#define DEBUG_GRAPH_FRAMES 128          // how many of them the graph shows
#define DEBUG_TIMELINE_MAX_DEPTH 8      // nested blocks per thread the timeline keeps apart
#define DEBUG_MAX_COLORED_NAMES 64     // block names that get a colour of their own
#define DEBUG_COST_LOG_FIRST 300        // overlay frames before the first cost line in the log
#define DEBUG_COST_LOG_EVERY 3600       // ... and between later ones

//~ Collected data
struct debug_frame_sample
{
    f32 frameSeconds;           // the whole frame, pacing sleep included (0: not known yet)
    f32 workSeconds;            // without the pacing sleep
    f32 updateSeconds;          // frame start to the end of the update and its jobs
    f32 endFrameSeconds;        // what DEBUGGameEndFrame (collection + overlay) took
};

// One block of the timeline, in seconds from the frame's start.
struct debug_timeline_bar
{
    const char *name;
    f32 beginSeconds;
    f32 endSeconds;
    u16 threadIndex;
    u8 depth;                   // nesting level inside its thread (0 = outermost)
    u8 flags;                   // debug_timeline_bar_flags
};

enum debug_timeline_bar_flags
{
    DebugBar_BeganEarlier = 1 << 0,     // its begin was not in this frame's events
    DebugBar_StillOpen = 1 << 1,        // no end yet when the frame was read
    DebugBar_GraphJob = 1 << 2,         // a job of the game's frame graph (named on the timeline)
};

struct debug_timeline
{
    debug_timeline_bar *bars;
    u32 barCount;
    u32 maxBars;
    u32 threadCount;            // lanes: highest thread index seen + 1
    u32 unmatchedEnds;          // ends with no begin on their thread (began in an earlier frame)
    f32 spanSeconds;            // frame start to the latest event or the end of the update
    f32 updateEndSeconds;
};

struct debug_overlay_state
{
    b32 isInitialized;
    b32 haveFrameInfo;          // the platform published a debug_frame_info this frame

    debug_frame_sample *history;        // DEBUG_HISTORY_FRAMES, indexed by frame index
    u64 frameIndex;                     // of the frame being ended now
    u64 framesCollected;

    // This frame's events, copied (slots the platform had not finished writing are skipped).
    debug_event *events;
    u32 eventCount;
    u32 maxEvents;
    debug_frame_info info;              // the platform's figures, events pointer cleared
    debug_timeline timeline;
    u32 colorNameHashes[DEBUG_MAX_COLORED_NAMES];   // colour index = position here
    u32 colorNameCount;
    u32 pad;

    // Cost of the overlay itself, in cycle-counter ticks, turned into seconds by comparing the
    // counter with the platform's clock across frames.
    u64 collectCycles;
    u64 drawCycles;
    u64 costFrames;                     // frames measured
    u64 costCollectCyclesSum;
    u64 costDrawCyclesSum;
    u64 calibrationCycles;              // cycle counter and platform clock at the first frame
    u64 calibrationClock;
    f64 cyclesPerSecond;                // 0 until two frames with platform figures were seen
};

//~ Collection (no rendering; unit-tested natively)
// Takes the history, event and bar arrays from the arena; one that does not fit stays 0 and its
// part is simply not recorded (the arena logs the overflow). Never fails.
void DebugInitOverlayState(debug_overlay_state *debug, memory_arena *arena);
// info may be 0. Records frame figures into the history (always: a few floats) and, when
// copyEvents is set, this frame's events (only the visible overlay needs them): at most maxEvents,
// skipping slots the platform has not finished writing. Reads info's events only, never writes them.
void DebugCollectFrame(debug_overlay_state *debug, const debug_frame_info *info, u64 frameIndex, f32 dtForFrame,
                       b32 copyEvents);
// Pairs the copied begin/end events per thread into bars (nested blocks get a depth), at most
// timeline.maxBars of them: an end whose begin is not in this frame becomes a bar from the frame's
// start, a block still open runs to the end of the span. No bars without platform figures.
void DebugBuildTimeline(debug_overlay_state *debug);
// The figures of a collected frame; 0 for a frame not collected yet or older than DEBUG_HISTORY_FRAMES.
const debug_frame_sample *DebugHistorySample(debug_overlay_state *debug, u64 frameIndex);

//~ Drawing
struct debug_overlay_input
{
    b32 visible;                // hidden: nothing is drawn (the figures are still collected)
    u32 entityCount;
    u32 fontTextureIndex;
    const loaded_bitmap *font;
    const platform_edit_status *editStatus; // may be 0: the last reload and tune are then not shown
    f32 medianFrameMs;          // of recent frames (the demo's frame-synchronised task; 0: none)
    f32 slowFrameMs;            // their 95th percentile
    u32 graphJobCount;          // jobs of the game's frame graph this frame (0: none)
    u32 visibleCount;           // entities drawn after culling
    u32 totalBounces;           // bounces of every entity so far
};

// The whole per-frame step: collect, then append the overlay's commands after the scene's
// (initialising `debug` from the arena on the first call). Before it returns it clears the copied
// events and bars, so no pointer to a block name of game.dll stays in game memory across a reload.
void DebugOverlayEndFrame(debug_overlay_state *debug, memory_arena *arena, game_memory *memory, game_input *input,
                          game_render_commands *commands, debug_overlay_input *overlay);

#endif // KIT_DEBUG_H
