// The capsule's Tunes section: the body behind platform/platform_capsule_tunes.h.

#include "platform/platform_capsule_tunes.h"
#include "base/base_format.h"
#include <string.h>

internal b32 CapsuleTuneRecordIsValid(const capsule_tune_record *record, char *why, umm whySize)
{
    if (record->kind != CapsuleTune_Value && record->kind != CapsuleTune_Change)
        FormatText(why, whySize, "kind %u", record->kind);
    else if (record->type < GameTunable_F32 || record->type > GameTunable_V3)
        FormatText(why, whySize, "type %u", record->type);
    else if (!memchr(record->name, 0, sizeof(record->name)) || !record->name[0])
        FormatText(why, whySize, "a name that is empty or not terminated");
    else
    {
        for (u32 component = 0; component < 4; ++component)
        {
            f64 value = record->value[component];
            if (value != value || value > 1e300 || value < -1e300)
            {
                FormatText(why, whySize, "a value that is not a finite number");
                return 0;
            }
        }
        return 1;
    }
    return 0;
}

b32 CapsuleReadTunes(const u8 *raw, u64 size, capsule_contents *contents, char *error, umm errorSize)
{
    u32 header[2] = {0, 0};
    if (size < 8)
    {
        FormatText(error, errorSize, "section Tunes: %llu bytes, shorter than its counts", (unsigned long long)size);
        return 0;
    }
    memcpy(header, raw, 8);
    if (header[1] != sizeof(capsule_tune_record) || header[0] > CAPSULE_MAX_TUNE_RECORDS ||
        size != 8 + (u64)header[0] * sizeof(capsule_tune_record))
    {
        FormatText(error, errorSize, "section Tunes: %u records of %u bytes in %llu bytes (records of %u, at most %u)",
                   header[0], header[1], (unsigned long long)size, (u32)sizeof(capsule_tune_record), CAPSULE_MAX_TUNE_RECORDS);
        return 0;
    }
    // NOTE: the arena hands out 16-byte aligned blocks, so records 8 bytes in are 8-aligned.
    const capsule_tune_record *records = (const capsule_tune_record *)(raw + 8);
    u64 first = contents->info.firstFrame, last = first + contents->info.frameCount;
    u64 previousFrame = first;
    b32 changesBegan = 0;
    for (u32 index = 0; index < header[0]; ++index)
    {
        const capsule_tune_record *record = records + index;
        char why[96];
        if (!CapsuleTuneRecordIsValid(record, why, sizeof(why)))
        {
            FormatText(error, errorSize, "section Tunes, record %u: %s", index, why);
            return 0;
        }
        if (record->kind == CapsuleTune_Value && changesBegan)
        {
            FormatText(error, errorSize, "section Tunes, record %u: a checkpoint value after the changes", index);
            return 0;
        }
        if (record->kind == CapsuleTune_Change)
        {
            changesBegan = 1;
            if (record->frameIndex < previousFrame || record->frameIndex > last)
            {
                FormatText(error, errorSize, "section Tunes, record %u: frame %llu outside the window or out of order",
                           index, (unsigned long long)record->frameIndex);
                return 0;
            }
            previousFrame = record->frameIndex;
        }
    }
    contents->tunes = records;
    contents->tuneCount = header[0];
    return 1;
}
