// The debug overlay: collection from the platform's debug_frame_info, then drawing with kit_text.
//
// Screen layout, top left downwards, all inside the top 78% of the window (scripts compare the
// bottom band of screenshots, and the scene's ground is what one wants to see there):
//   counters (frame ms, fps, update ms, code version, crashes, entities, overlay cost)
//   frame-time graph of the last 128 frames with the 16.7 ms line | main-thread blocks and their ms
//   timeline of the frame: one lane per thread, blocks as bars, the end of the update marked
// The platform's notices are not here: the exe draws them on its own overlay (win32/win32_overlay.h).

#include "game_kit/kit_debug.h"
#include "base/base_format.h"
#include "game_kit/kit_text.h"
#include "base/base_atomics.h"
#include <string.h>

#define DEBUG_BUDGET_SECONDS (1.0f / 60.0f)
#define DEBUG_OVERLAY_BOTTOM_FRACTION 0.78f

//~ Collection
void DebugInitOverlayState(debug_overlay_state *debug, memory_arena *arena)
{
    memset(debug, 0, sizeof(*debug));
    debug->history = PushArray(arena, DEBUG_HISTORY_FRAMES, debug_frame_sample);
    if (debug->history) memset(debug->history, 0, DEBUG_HISTORY_FRAMES * sizeof(debug_frame_sample));
    // NOTE: room for a full frame of events: a frame of many small jobs is exactly when one wants
    // to see the timeline, so it is not the place to save 400 KB of transient memory.
    debug->events = PushArray(arena, DEBUG_MAX_EVENTS_PER_FRAME, debug_event);
    debug->maxEvents = debug->events ? DEBUG_MAX_EVENTS_PER_FRAME : 0;
    debug->timeline.bars = PushArray(arena, DEBUG_MAX_EVENTS_PER_FRAME, debug_timeline_bar);
    debug->timeline.maxBars = debug->timeline.bars ? DEBUG_MAX_EVENTS_PER_FRAME : 0;
    debug->isInitialized = 1;
}

const debug_frame_sample *DebugHistorySample(debug_overlay_state *debug, u64 frameIndex)
{
    if (!debug->history || frameIndex > debug->frameIndex || debug->frameIndex - frameIndex >= DEBUG_HISTORY_FRAMES)
    {
        return 0;
    }
    return debug->history + (frameIndex % DEBUG_HISTORY_FRAMES);
}

internal f32 DebugTicksToSeconds(const debug_frame_info *info, u64 clock, u64 since)
{
    if (!info->ticksPerSecond) return 0.0f;
    if (clock < since) return 0.0f;
    return (f32)((f64)(clock - since) / (f64)info->ticksPerSecond);
}

void DebugCollectFrame(debug_overlay_state *debug, const debug_frame_info *info, u64 frameIndex, f32 dtForFrame,
                       b32 copyEvents)
{
    if (info) frameIndex = info->frameIndex;
    debug->frameIndex = frameIndex;
    debug->haveFrameInfo = (info != 0);
    debug->eventCount = 0;
    memset(&debug->info, 0, sizeof(debug->info));
    ++debug->framesCollected;
    if (!debug->history) return;

    // This frame's slot last held the frame 256 ago: forget it before filling what is known now.
    debug_frame_sample *current = debug->history + (frameIndex % DEBUG_HISTORY_FRAMES);
    memset(current, 0, sizeof(*current));
    // The platform reports the previous frame's duration now (its pacing sleep ended after the
    // previous DEBUGGameEndFrame); it belongs to that frame's slot.
    debug_frame_sample *previous = frameIndex ? debug->history + ((frameIndex - 1) % DEBUG_HISTORY_FRAMES) : 0;
    if (!info)
    {
        if (previous) previous->frameSeconds = dtForFrame;
        return;
    }
    if (previous)
    {
        previous->frameSeconds = info->lastFrameSeconds;
        previous->workSeconds = info->lastWorkSeconds;
        previous->endFrameSeconds = info->lastEndFrameSeconds;
    }
    current->updateSeconds = DebugTicksToSeconds(info, info->updateEndClock, info->frameBeginClock);
    debug->info = *info;
    debug->info.events = 0;
    if (!copyEvents || !info->events) return;

    u32 count = Minimum(info->eventCount, debug->maxEvents);
    u32 copied = 0;
    for (u32 eventIndex = 0; eventIndex < count; ++eventIndex)
    {
        const debug_event *source = info->events + eventIndex;
        // NOTE: the platform writes the name last; a job still running may be filling this slot.
        // The acquire-ordered load of the name comes first, so the other fields read after it are
        // the finished ones.
        const char *name = (const char *)AtomicLoadPointer((void *volatile *)&source->name);
        if (!name) continue;
        debug_event *copy = debug->events + copied++;
        copy->clock = source->clock;
        copy->threadIndex = source->threadIndex;
        copy->type = source->type;
        copy->flags = source->flags;
        copy->name = name;
    }
    debug->eventCount = copied;
}

//~ Timeline
struct debug_open_block
{
    const char *name;
    f32 beginSeconds;
    u32 flags;                  // debug_timeline_bar_flags carried from the begin event
};

internal void DebugAddBar(debug_timeline *timeline, const char *name, f32 beginSeconds, f32 endSeconds,
                          u32 threadIndex, u32 depth, u32 flags)
{
    if (timeline->barCount >= timeline->maxBars) return;
    debug_timeline_bar *bar = timeline->bars + timeline->barCount++;
    bar->name = name;
    bar->beginSeconds = beginSeconds;
    bar->endSeconds = Maximum(endSeconds, beginSeconds);
    bar->threadIndex = (u16)threadIndex;
    bar->depth = (u8)depth;
    bar->flags = (u8)flags;
}

void DebugBuildTimeline(debug_overlay_state *debug)
{
    debug_timeline *timeline = &debug->timeline;
    timeline->barCount = 0;
    timeline->threadCount = 0;
    timeline->unmatchedEnds = 0;
    timeline->spanSeconds = 0.0f;
    timeline->updateEndSeconds = 0.0f;
    if (!debug->haveFrameInfo) return;

    const debug_frame_info *info = &debug->info;
    timeline->updateEndSeconds = DebugTicksToSeconds(info, info->updateEndClock, info->frameBeginClock);
    f32 latest = timeline->updateEndSeconds;
    // Per thread, the blocks begun and not yet ended; deeper nesting than we keep is only counted
    // so that its ends do not close the wrong block.
    debug_open_block open[DEBUG_MAX_THREADS][DEBUG_TIMELINE_MAX_DEPTH];
    u32 openCount[DEBUG_MAX_THREADS] = {};
    u32 overflowCount[DEBUG_MAX_THREADS] = {};
    for (u32 eventIndex = 0; eventIndex < debug->eventCount; ++eventIndex)
    {
        const debug_event *event = debug->events + eventIndex;
        u32 thread = event->threadIndex;
        if (thread >= DEBUG_MAX_THREADS) continue;
        timeline->threadCount = Maximum(timeline->threadCount, thread + 1);
        f32 seconds = DebugTicksToSeconds(info, event->clock, info->frameBeginClock);
        latest = Maximum(latest, seconds);
        if (event->type == DebugEvent_BeginBlock)
        {
            if (openCount[thread] < DEBUG_TIMELINE_MAX_DEPTH)
            {
                debug_open_block *block = &open[thread][openCount[thread]++];
                block->name = event->name;
                block->beginSeconds = seconds;
                block->flags = (event->flags & DebugEventFlag_GraphJob) ? DebugBar_GraphJob : 0;
            }
            else
            {
                ++overflowCount[thread];
            }
        }
        else if (overflowCount[thread])
        {
            --overflowCount[thread];
        }
        else if (openCount[thread])
        {
            // NOTE: a thread's events are in its program order, so blocks nest: the end closes the
            // innermost open block.
            debug_open_block *block = &open[thread][--openCount[thread]];
            DebugAddBar(timeline, block->name, block->beginSeconds, seconds, thread, openCount[thread], block->flags);
        }
        else
        {
            ++timeline->unmatchedEnds;
            u32 flags = DebugBar_BeganEarlier | ((event->flags & DebugEventFlag_GraphJob) ? DebugBar_GraphJob : 0);
            DebugAddBar(timeline, event->name, 0.0f, seconds, thread, 0, flags);
        }
    }
    timeline->spanSeconds = Maximum(latest, 1.0e-6f);
    for (u32 thread = 0; thread < DEBUG_MAX_THREADS; ++thread)
    {
        while (openCount[thread])
        {
            debug_open_block *block = &open[thread][--openCount[thread]];
            DebugAddBar(timeline, block->name, block->beginSeconds, timeline->spanSeconds, thread, openCount[thread],
                        DebugBar_StillOpen | block->flags);
        }
    }
}

//~ Drawing helpers
#define DEBUG_TEXT_COLOR PackRGBA8(235, 238, 245, 255)
#define DEBUG_DIM_COLOR PackRGBA8(150, 160, 180, 255)
#define DEBUG_BACKDROP_COLOR PackRGBA8(8, 10, 16, 175)

// A colour per block name, handed out in the order names are first seen and kept for the run, so
// a block keeps its colour from frame to frame and the first names of the run never share one.
// NOTE: names are remembered by a hash of their text, not by pointer: a pointer kept across frames
// would dangle if a name ever came from a game.dll that has since been reloaded.
internal u32 DebugColorForName(debug_overlay_state *debug, const char *name)
{
    static const u32 palette[] = {
        PackRGBA8(86, 180, 233, 255), PackRGBA8(230, 159, 0, 255), PackRGBA8(0, 170, 120, 255),
        PackRGBA8(240, 228, 66, 255), PackRGBA8(200, 110, 230, 255), PackRGBA8(213, 94, 0, 255),
        PackRGBA8(204, 121, 167, 255), PackRGBA8(120, 200, 90, 255), PackRGBA8(150, 150, 255, 255),
        PackRGBA8(255, 140, 120, 255), PackRGBA8(90, 220, 220, 255), PackRGBA8(190, 190, 120, 255),
    };
    u32 hash = 2166136261u;
    for (const u8 *at = (const u8 *)name; at && *at; ++at)
    {
        hash = (hash ^ *at) * 16777619u;
    }
    u32 index = 0;
    while (index < debug->colorNameCount && debug->colorNameHashes[index] != hash) ++index;
    if (index == debug->colorNameCount && index < DEBUG_MAX_COLORED_NAMES)
    {
        debug->colorNameHashes[debug->colorNameCount++] = hash;
    }
    return palette[index % ArrayCount(palette)];
}

internal u32 DebugColorForFrameTime(f32 seconds)
{
    if (seconds <= DEBUG_BUDGET_SECONDS * 1.05f) return PackRGBA8(90, 200, 110, 255);
    if (seconds <= DEBUG_BUDGET_SECONDS * 2.05f) return PackRGBA8(235, 200, 60, 255);
    return PackRGBA8(235, 80, 70, 255);
}

internal f64 DebugCyclesToMs(debug_overlay_state *debug, u64 cycles)
{
    return (debug->cyclesPerSecond > 0.0) ? 1000.0 * (f64)cycles / debug->cyclesPerSecond : 0.0;
}

//~ Overlay sections
struct debug_layout
{
    f32 scale;
    f32 left, right;
    f32 y;                      // top of the next section
    f32 bottomLimit;            // nothing below this
    f32 contentRight;           // widest thing drawn (for the backdrop)
};

// The edit loop's last reload, last hot restart and last tune (platform_edit_status), one dim line
// each when present.
internal v2 DebugDrawEditStatus(text_context *text, v2 at, debug_layout *layout, const platform_edit_status *status)
{
    if (!status) return at;
    char lines[3][160] = {};
    if (status->lastReload[0]) FormatText(lines[0], sizeof(lines[0]), "reload %u: %.127s", status->reloadCount, status->lastReload);
    if (status->lastRestart[0])
        FormatText(lines[1], sizeof(lines[1]), "restart %u: %.127s", status->restartCount, status->lastRestart);
    FormatText(lines[2], sizeof(lines[2]), "%.127s", status->lastTune);
    for (u32 index = 0; index < ArrayCount(lines); ++index)
    {
        if (!lines[index][0]) continue;
        at = PushText(text, at, layout->scale, DEBUG_DIM_COLOR, lines[index]);
        layout->contentRight = Maximum(layout->contentRight, layout->left + MeasureTextWidth(lines[index], layout->scale));
    }
    return at;
}

internal void DebugDrawCounters(debug_overlay_state *debug, text_context *text, debug_layout *layout,
                                debug_overlay_input *overlay, u32 reloadVersion)
{
    f32 s = layout->scale;
    const debug_frame_sample *last = debug->frameIndex ? DebugHistorySample(debug, debug->frameIndex - 1) : 0;
    const debug_frame_sample *current = DebugHistorySample(debug, debug->frameIndex);
    f32 frameMs = last ? 1000.0f * last->frameSeconds : 0.0f;
    f32 fps = (frameMs > 0.0f) ? 1000.0f / frameMs : 0.0f;
    char line[256];
    v2 at = V2(layout->left, layout->y);
    if (debug->haveFrameInfo)
    {
        const debug_frame_info *info = &debug->info;
        FormatText(line, sizeof(line), "frame %.2f ms (%.0f fps)  work %.2f ms  update done at %.2f ms", (f64)frameMs, (f64)fps,
                 (f64)(last ? 1000.0f * last->workSeconds : 0.0f), (f64)(current ? 1000.0f * current->updateSeconds : 0.0f));
        at = PushText(text, at, s, DEBUG_TEXT_COLOR, line);
        layout->contentRight = Maximum(layout->contentRight, layout->left + MeasureTextWidth(line, s));
        FormatText(line, sizeof(line), "code v%u  crashes contained %u (hangs %u)  bad render commands %u  entities %u  "
                 "frame %llu", info->gameCodeVersion, info->crashesContained, info->hangsInterrupted,
                 info->renderCommandProblems, overlay->entityCount, (unsigned long long)debug->frameIndex);
        at = PushText(text, at, s, DEBUG_TEXT_COLOR, line);
        FormatText(line, sizeof(line), "debug collect %.3f ms  draw %.3f ms  end-frame %.3f ms  events %u (%u dropped)",
                 DebugCyclesToMs(debug, debug->collectCycles), DebugCyclesToMs(debug, debug->drawCycles),
                 (f64)(last ? 1000.0f * last->endFrameSeconds : 0.0f), debug->eventCount, info->droppedEventCount);
        at = PushText(text, at, s, DEBUG_DIM_COLOR, line);
        FormatText(line, sizeof(line), "frame graph %u jobs  drawn %u of %u cubes  bounces %u  median frame %.2f ms  95%% %.2f ms",
                 overlay->graphJobCount, overlay->visibleCount, overlay->entityCount, overlay->totalBounces,
                 (f64)overlay->medianFrameMs, (f64)overlay->slowFrameMs);
        at = PushText(text, at, s, DEBUG_DIM_COLOR, line);
        at = DebugDrawEditStatus(text, at, layout, overlay->editStatus);
    }
    else
    {
        FormatText(line, sizeof(line), "frame %.2f ms (%.0f fps)  code v%u  entities %u  frame %llu", (f64)frameMs,
                 (f64)fps, reloadVersion, overlay->entityCount, (unsigned long long)debug->frameIndex);
        at = PushText(text, at, s, DEBUG_TEXT_COLOR, line);
        at = PushText(text, at, s, DEBUG_DIM_COLOR, "no debug events from the platform: no timeline");
    }
    layout->contentRight = Maximum(layout->contentRight, layout->left + MeasureTextWidth(line, s));
    layout->y = at.y + 4.0f * s;
}

// Bars of the last DEBUG_GRAPH_FRAMES frame times, 0..2 budgets tall, with the budget line; to the
// right, the main thread's top-level blocks of this frame with their durations.
internal void DebugDrawGraph(debug_overlay_state *debug, text_context *text, debug_layout *layout)
{
    f32 s = layout->scale;
    f32 barWidth = 2.0f * s;
    f32 graphWidth = barWidth * DEBUG_GRAPH_FRAMES;
    f32 graphHeight = 56.0f * s;
    f32 top = layout->y + (f32)FONT_LINE_HEIGHT * s;
    if (top + graphHeight > layout->bottomLimit) return;

    f32 maxMs = 0.0f, sumMs = 0.0f;
    u32 known = 0;
    f32 bottom = top + graphHeight;
    PushScreenRect(text, V2(layout->left, top), V2(layout->left + graphWidth, bottom), PackRGBA8(24, 28, 38, 255));
    for (u32 column = 0; column < DEBUG_GRAPH_FRAMES; ++column)
    {
        // The newest finished frame is the previous one: it sits at the right edge.
        u64 age = DEBUG_GRAPH_FRAMES - column;
        if (age > debug->frameIndex) continue;
        const debug_frame_sample *sample = DebugHistorySample(debug, debug->frameIndex - age);
        if (!sample || sample->frameSeconds <= 0.0f) continue;
        f32 ms = 1000.0f * sample->frameSeconds;
        maxMs = Maximum(maxMs, ms);
        sumMs += ms;
        ++known;
        f32 height = Minimum(sample->frameSeconds / (2.0f * DEBUG_BUDGET_SECONDS), 1.0f) * graphHeight;
        f32 x = layout->left + (f32)column * barWidth;
        PushScreenRect(text, V2(x, bottom - Maximum(height, 1.0f)), V2(x + barWidth - (s > 1.0f ? s : 0.0f), bottom),
                       DebugColorForFrameTime(sample->frameSeconds));
    }
    f32 budgetY = bottom - 0.5f * graphHeight;
    PushScreenRect(text, V2(layout->left, budgetY), V2(layout->left + graphWidth, budgetY + s), PackRGBA8(255, 255, 255, 255));
    char label[96];
    FormatText(label, sizeof(label), "frame ms: max %.1f avg %.1f, line 16.7", (f64)maxMs, (f64)(known ? sumMs / (f32)known : 0.0f));
    PushTextClipped(text, V2(layout->left, layout->y), s, DEBUG_DIM_COLOR, graphWidth, label);
    layout->contentRight = Maximum(layout->contentRight, layout->left + graphWidth);
    f32 sectionBottom = bottom;

    // Main-thread blocks with their durations, in frame order.
    f32 listLeft = layout->left + graphWidth + 12.0f * s;
    f32 listWidth = layout->right - listLeft;
    if (debug->haveFrameInfo && listWidth > 24.0f * (f32)FONT_ADVANCE * s)
    {
        v2 at = V2(listLeft, layout->y);
        at = PushText(text, at, s, DEBUG_DIM_COLOR, "main thread this frame:");
        debug_timeline *timeline = &debug->timeline;
        for (u32 barIndex = 0; barIndex < timeline->barCount; ++barIndex)
        {
            debug_timeline_bar *bar = timeline->bars + barIndex;
            if (bar->threadIndex != 0 || bar->depth != 0) continue;
            if (at.y + (f32)FONT_LINE_HEIGHT * s > layout->bottomLimit) break;
            f32 swatch = 7.0f * s;
            PushScreenRect(text, V2(at.x, at.y + s), V2(at.x + swatch, at.y + s + swatch), DebugColorForName(debug, bar->name));
            char line[96];
            FormatText(line, sizeof(line), "%6.2f ms %s", (f64)(1000.0f * (bar->endSeconds - bar->beginSeconds)), bar->name);
            PushTextClipped(text, V2(at.x + swatch + 4.0f * s, at.y), s, DEBUG_TEXT_COLOR, listWidth - swatch - 4.0f * s, line);
            layout->contentRight = Maximum(layout->contentRight,
                                           Minimum(layout->right, at.x + swatch + 4.0f * s + MeasureTextWidth(line, s)));
            at.y += (f32)FONT_LINE_HEIGHT * s;
        }
        sectionBottom = Maximum(sectionBottom, at.y);
    }
    layout->y = sectionBottom + 6.0f * s;
}

// One lane per thread across the frame; nested blocks drawn thinner on top of their parents.
internal void DebugDrawTimeline(debug_overlay_state *debug, text_context *text, debug_layout *layout)
{
    debug_timeline *timeline = &debug->timeline;
    if (!debug->haveFrameInfo || timeline->threadCount == 0) return;
    f32 s = layout->scale;
    f32 labelTop = layout->y;
    f32 lanesTop = labelTop + (f32)FONT_LINE_HEIGHT * s;
    f32 available = layout->bottomLimit - lanesTop;
    // Lanes shrink to fit many threads; below 3 pixels a lane says nothing, so drop the section.
    f32 laneStep = Minimum(12.0f * s, floorf(available / (f32)timeline->threadCount));
    if (laneStep < 3.0f) return;
    f32 laneHeight = Maximum(laneStep - s, 2.0f);
    f32 labelWidth = 6.0f * (f32)FONT_ADVANCE * s;
    f32 barsLeft = layout->left + labelWidth;
    f32 barsRight = layout->right;
    if (barsRight - barsLeft < 32.0f) return;
    f32 pixelsPerSecond = (barsRight - barsLeft) / timeline->spanSeconds;

    PushTextF(text, V2(layout->left, labelTop), s, DEBUG_DIM_COLOR,
              "threads, frame %llu: %.2f ms, update done at %.2f ms (cyan), %u threads, %u bars",
              (unsigned long long)debug->frameIndex, (f64)(1000.0f * timeline->spanSeconds),
              (f64)(1000.0f * timeline->updateEndSeconds), timeline->threadCount, timeline->barCount);

    // Lane backgrounds, millisecond ticks, then the bars.
    for (u32 thread = 0; thread < timeline->threadCount; ++thread)
    {
        f32 y = lanesTop + (f32)thread * laneStep;
        PushScreenRect(text, V2(barsLeft, y), V2(barsRight, y + laneHeight), PackRGBA8(24, 28, 38, 255));
        if (laneHeight >= (f32)FONT_QUAD_HEIGHT * s)
        {
            char label[16];
            if (thread == 0) FormatText(label, sizeof(label), "main");
            else FormatText(label, sizeof(label), "t%u", thread);
            PushText(text, V2(layout->left, y), s, DEBUG_DIM_COLOR, label);
        }
    }
    f32 lanesBottom = lanesTop + (f32)timeline->threadCount * laneStep;
    static const f32 tickSteps[] = {0.0005f, 0.001f, 0.002f, 0.005f, 0.01f, 0.02f, 0.05f, 0.1f, 0.2f, 0.5f, 1.0f};
    f32 tick = tickSteps[ArrayCount(tickSteps) - 1];
    for (u32 index = 0; index < ArrayCount(tickSteps); ++index)
    {
        if (timeline->spanSeconds / tickSteps[index] <= 20.0f) { tick = tickSteps[index]; break; }
    }
    for (f32 t = tick; t < timeline->spanSeconds; t += tick)
    {
        f32 x = floorf(barsLeft + t * pixelsPerSecond);
        PushScreenRect(text, V2(x, lanesTop), V2(x + 1.0f, lanesBottom), PackRGBA8(52, 58, 72, 255));
    }
    for (u32 barIndex = 0; barIndex < timeline->barCount; ++barIndex)
    {
        debug_timeline_bar *bar = timeline->bars + barIndex;
        f32 inset = Minimum((f32)bar->depth * 2.0f * s, laneHeight - 2.0f);
        f32 y = lanesTop + (f32)bar->threadIndex * laneStep + inset;
        f32 x0 = barsLeft + bar->beginSeconds * pixelsPerSecond;
        f32 x1 = Maximum(barsLeft + bar->endSeconds * pixelsPerSecond, x0 + 1.0f);
        u32 color = DebugColorForName(debug, bar->name);
        PushScreenRect(text, V2(x0, y), V2(x1, y + laneHeight - inset), color);
        // Main-thread blocks and the game's graph jobs (on any thread) carry their names when the
        // bar is wide enough for a few letters.
        b32 named = (bar->threadIndex == 0 && bar->depth == 0) || (bar->flags & DebugBar_GraphJob);
        if (named && laneHeight >= (f32)FONT_QUAD_HEIGHT * s && x1 - x0 >= 3.0f * (f32)FONT_ADVANCE * s)
        {
            PushTextClipped(text, V2(x0 + s, y), s, PackRGBA8(0, 0, 0, 255), x1 - x0 - 2.0f * s, bar->name);
        }
    }
    f32 updateX = floorf(barsLeft + timeline->updateEndSeconds * pixelsPerSecond);
    PushScreenRect(text, V2(updateX, lanesTop - 2.0f * s), V2(updateX + s, lanesBottom + 2.0f * s), PackRGBA8(80, 240, 255, 255));
    layout->contentRight = layout->right;
    layout->y = lanesBottom + 6.0f * s;
}

//~ Per frame
internal void DebugUpdateCalibration(debug_overlay_state *debug, u64 cycles)
{
    if (!debug->haveFrameInfo || !debug->info.ticksPerSecond) return;
    u64 clock = debug->info.frameBeginClock;
    if (!debug->calibrationClock)
    {
        debug->calibrationCycles = cycles;
        debug->calibrationClock = clock;
        return;
    }
    // Both stamps are taken at a similar point of their frames; over many frames the jitter of
    // that point vanishes against the baseline, so the ratio converges on the counter's rate.
    if (clock > debug->calibrationClock && cycles > debug->calibrationCycles)
    {
        f64 seconds = (f64)(clock - debug->calibrationClock) / (f64)debug->info.ticksPerSecond;
        if (seconds > 0.05) debug->cyclesPerSecond = (f64)(cycles - debug->calibrationCycles) / seconds;
    }
}

void DebugOverlayEndFrame(debug_overlay_state *debug, memory_arena *arena, game_memory *memory, game_input *input,
                          game_render_commands *commands, debug_overlay_input *overlay)
{
    u64 startCycles = ReadCycleCounter();
    if (!debug->isInitialized) DebugInitOverlayState(debug, arena);
    DebugCollectFrame(debug, memory->debugFrame, input->frameIndex, input->dtForFrame, overlay->visible);
    if (overlay->visible) DebugBuildTimeline(debug);
    u64 collectedCycles = ReadCycleCounter();
    DebugUpdateCalibration(debug, startCycles);

    if (overlay->visible)
    {
        text_context text = BeginScreenText(commands, overlay->font, overlay->fontTextureIndex);
        debug_layout layout = {};
        // NOTE: 1x up to 1080p-ish windows: at 2x the overlay would hide the top half of a 720p
        // scene, which is where the demo's far geometry is.
        f32 minimumSide = Minimum(text.width / 960.0f, text.height / 540.0f);
        layout.scale = Maximum(1.0f, floorf(minimumSide));
        layout.left = 8.0f * layout.scale;
        layout.right = text.width - 8.0f * layout.scale;
        layout.y = 8.0f * layout.scale;
        layout.bottomLimit = floorf(DEBUG_OVERLAY_BOTTOM_FRACTION * text.height);
        DebugDrawCounters(debug, &text, &layout, overlay, memory->reloadVersion);
        DebugDrawGraph(debug, &text, &layout);
        DebugDrawTimeline(debug, &text, &layout);
        // The backdrop goes in last, once the extent is known; the renderer draws translucent
        // quads after the opaque ones whatever their order in the buffer.
        f32 margin = 4.0f * layout.scale;
        PushScreenBackdrop(&text, V2(layout.left - margin, 8.0f * layout.scale - margin),
                           V2(Minimum(layout.contentRight + margin, text.width), layout.y + margin), DEBUG_BACKDROP_COLOR);
    }
    // NOTE: the copied events and the bars name their blocks with string literals of game.dll (and
    // of the exe); they are only read while this frame is collected and drawn, so they are cleared
    // now: no address of this build is left in game memory for a reload's pointer scan to find.
    memset(debug->events, 0, (umm)debug->eventCount * sizeof(debug_event));
    memset(debug->timeline.bars, 0, (umm)debug->timeline.barCount * sizeof(debug_timeline_bar));
    u64 endCycles = ReadCycleCounter();

    debug->collectCycles = collectedCycles - startCycles;
    debug->drawCycles = endCycles - collectedCycles;
    if (overlay->visible)
    {
        ++debug->costFrames;
        debug->costCollectCyclesSum += debug->collectCycles;
        debug->costDrawCyclesSum += debug->drawCycles;
        if (debug->cyclesPerSecond > 0.0 && memory->platform.Log &&
            (debug->costFrames == DEBUG_COST_LOG_FIRST || debug->costFrames % DEBUG_COST_LOG_EVERY == 0))
        {
            memory->platform.Log(LogLevel_Info, "debug overlay: collection %.4f ms, drawing %.4f ms per frame "
                                 "(mean of %llu frames; %u events this frame)",
                                 DebugCyclesToMs(debug, debug->costCollectCyclesSum) / (f64)debug->costFrames,
                                 DebugCyclesToMs(debug, debug->costDrawCyclesSum) / (f64)debug->costFrames,
                                 (unsigned long long)debug->costFrames, debug->eventCount);
        }
    }
}
