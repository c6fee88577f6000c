#ifndef KIT_GRAPH_SHAPE_H
#define KIT_GRAPH_SHAPE_H
// A job graph's shape as one line of text, for a log: each distinct job name once, with how many
// jobs bear it and the distinct names they wait for, in order of first addition:
//   " [camera+input x1 after:] [simulate x8 after: camera+input, grid: clear,] ..."
// A game logs it to show what graph it really built (the demo does with --game-arg log-frame-graph=1).
// Call it after the graph was built and before it is cleared; it only reads the graph.

#include "base/base_format.h"
#include "contract/job_graph.h"

#define KIT_GRAPH_SHAPE_MAX_NAMES 16       // distinct job names listed; more are left out
#define KIT_GRAPH_SHAPE_MAX_WAITS 8        // distinct names listed per job name

inline b32 KitNameListed(const char *const *names, u32 count, const char *name)
{
    for (u32 index = 0; index < count; ++index)
        if (strcmp(names[index], name) == 0) return 1;
    return 0;
}

inline void AppendJobGraphShape(text_buffer *text, const job_graph *graph)
{
    const char *seen[KIT_GRAPH_SHAPE_MAX_NAMES];
    u32 seenCount = 0;
    for (u32 jobIndex = 0; jobIndex < graph->jobCount; ++jobIndex)
    {
        const char *name = graph->jobs[jobIndex].name ? graph->jobs[jobIndex].name : "(unnamed)";
        if (KitNameListed(seen, seenCount, name) || seenCount == KIT_GRAPH_SHAPE_MAX_NAMES) continue;
        seen[seenCount++] = name;
        u32 count = 0;
        for (u32 index = 0; index < graph->jobCount; ++index)
            count += graph->jobs[index].name && strcmp(graph->jobs[index].name, name) == 0;
        TextAppendFormat(text, " [%s x%u after:", name, count);
        const char *waits[KIT_GRAPH_SHAPE_MAX_WAITS];
        u32 waitCount = 0;
        for (u32 edge = 0; edge < graph->edgeCount; ++edge)
        {
            if (graph->edges[edge].after != jobIndex) continue;
            const char *before = graph->jobs[graph->edges[edge].before].name;
            if (!before) before = "(unnamed)";
            if (KitNameListed(waits, waitCount, before) || waitCount == KIT_GRAPH_SHAPE_MAX_WAITS) continue;
            waits[waitCount++] = before;
            TextAppendFormat(text, " %s,", before);
        }
        TextAppend(text, "]");
    }
}

#endif // KIT_GRAPH_SHAPE_H
