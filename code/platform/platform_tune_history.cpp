// Tunables' changes kept for capsules: the bodies behind platform/platform_tune_history.h.

#include "platform/platform_tune_history.h"
#include "base/base_format.h"
#include <string.h>

void NoteTuneEvent(tune_history *history, u64 frameIndex, u32 type, const char *name, const f64 *old, const f64 *value)
{
    tune_event *event = &history->events[history->eventCount++ % TUNE_HISTORY_EVENTS];
    memset(event, 0, sizeof(*event));
    event->frameIndex = frameIndex;
    event->type = type;
    memcpy(event->old, old, sizeof(event->old));
    memcpy(event->value, value, sizeof(event->value));
    FormatText(event->name, sizeof(event->name), "%s", name);
}

capsule_tune_record MakeCapsuleTuneRecord(u32 kind, u64 frameIndex, u32 type, const f64 *value, const char *name)
{
    capsule_tune_record record = {};
    record.kind = kind;
    record.frameIndex = frameIndex;
    record.type = type;
    memcpy(record.value, value, sizeof(record.value));
    FormatText(record.name, sizeof(record.name), "%s", name);
    return record;
}

u32 AddCapsuleTuneChanges(const tune_history *history, u64 firstFrame, u64 endFrame, capsule_tune_record *out,
                          u32 valueCount, u32 maxRecords, b32 *pastOldestKept)
{
    u32 count = valueCount;
    // Today's values, with every change made since the window began undone, newest first.
    u64 kept = Minimum(history->eventCount, (u64)TUNE_HISTORY_EVENTS);
    u64 oldest = history->eventCount - kept;
    u64 since = history->eventCount;
    while (since > oldest && history->events[(since - 1) % TUNE_HISTORY_EVENTS].frameIndex >= firstFrame) --since;
    *pastOldestKept = (since == oldest && oldest > 0);
    for (u64 serial = history->eventCount; serial > since; --serial)
    {
        const tune_event *event = &history->events[(serial - 1) % TUNE_HISTORY_EVENTS];
        for (u32 index = 0; index < valueCount; ++index)
            if (strcmp(out[index].name, event->name) == 0 && out[index].type == event->type)
                memcpy(out[index].value, event->old, sizeof(event->old));
    }
    for (u64 serial = since; serial < history->eventCount && count < maxRecords; ++serial)
    {
        const tune_event *event = &history->events[serial % TUNE_HISTORY_EVENTS];
        if (event->frameIndex >= endFrame) continue;
        out[count++] = MakeCapsuleTuneRecord(CapsuleTune_Change, event->frameIndex, event->type, event->value, event->name);
    }
    return count;
}
