// The page scan of platform_pointer_scan.h.

#include "platform/platform_pointer_scan.h"

//~ Scanning written pages
b32 PageBitIsSet(const u8 *bitmap, u64 page) { return (bitmap[page / 8] >> (page % 8)) & 1; }

pointer_scan_result ScanPagesForPointers(const u8 *memory, u64 size, u32 pageSize, const u8 *pageBitmap,
                                         const pointer_scan_target *targets, u32 targetCount,
                                         pointer_scan_hit *hits, u32 maxHits)
{
    pointer_scan_result result = {};
    if (!targetCount) return result;
    u64 lowest = targets[0].begin, highest = targets[0].end;
    for (u32 targetIndex = 1; targetIndex < targetCount; ++targetIndex)
    {
        if (targets[targetIndex].begin < lowest) lowest = targets[targetIndex].begin;
        if (targets[targetIndex].end > highest) highest = targets[targetIndex].end;
    }
    u64 span = highest - lowest;
    u64 pageCount = size / pageSize;
    for (u64 page = 0; page < pageCount; ++page)
    {
        if (pageBitmap[page / 8] == 0)
        {
            page += 7 - (page % 8);     // eight clear pages at once
            continue;
        }
        if (!PageBitIsSet(pageBitmap, page)) continue;
        const u64 *words = (const u64 *)(memory + page * pageSize);
        u32 wordCount = pageSize / 8;
        result.bytesScanned += pageSize;
        for (u32 wordIndex = 0; wordIndex < wordCount; ++wordIndex)
        {
            u64 value = words[wordIndex];
            if (value - lowest >= span) continue;       // the common case: one subtract, one compare
            for (u32 targetIndex = 0; targetIndex < targetCount; ++targetIndex)
            {
                if (value < targets[targetIndex].begin || value >= targets[targetIndex].end) continue;
                if (result.hitsKept < maxHits)
                {
                    pointer_scan_hit *hit = hits + result.hitsKept++;
                    hit->memoryOffset = page * pageSize + (u64)wordIndex * 8;
                    hit->value = value;
                    hit->targetIndex = targetIndex;
                    hit->pad = 0;
                }
                ++result.hitCount;
                break;
            }
        }
    }
    return result;
}
