//~ The frame-synchronised task: frame-time figures for the debug overlay.
//
// NOTE: why a frame-synchronised task: DEBUGGameEndFrame draws these figures right after the frame's
// sync point, so they must be done by then, every frame; yet they depend on nothing the update
// computes (only the overlay's history of earlier frames, which DEBUGGameEndFrame writes after the
// sync point), so they run beside the update on a worker instead of lengthening it. A plain
// background task could still be running (or not have started) when the overlay reads them.

#include "demo/demo.h"

internal void DemoSortFloats(f32 *values, u32 count)
{
    for (u32 index = 1; index < count; ++index)
    {
        f32 value = values[index];
        u32 at = index;
        for (; at > 0 && values[at - 1] > value; --at) values[at] = values[at - 1];
        values[at] = value;
    }
}

extern "C" __declspec(dllexport) PLATFORM_WORK_QUEUE_CALLBACK(demoFrameStatsTask)
{
    (void)queue;
    game_transient_state *transient = (game_transient_state *)data;
    debug_overlay_state *debug = &transient->debug;
    demo_frame_stats *stats = &transient->frameStats;
    ++stats->runs;
    if (!debug->isInitialized) return;
    f32 times[DEBUG_GRAPH_FRAMES];
    u32 count = 0;
    for (u32 back = 0; back < DEBUG_GRAPH_FRAMES && back <= debug->frameIndex; ++back)
    {
        const debug_frame_sample *sample = DebugHistorySample(debug, debug->frameIndex - back);
        if (sample && sample->frameSeconds > 0.0f) times[count++] = 1000.0f * sample->frameSeconds;
    }
    if (!count) return;
    DemoSortFloats(times, count);
    stats->medianFrameMs = times[count / 2];
    stats->slowFrameMs = times[Minimum(count - 1, (count * 95) / 100)];
}
