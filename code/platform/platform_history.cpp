// The timeline's keyframes in bounded memory: the bodies behind platform/platform_history.h

#include "base/base_hash.h"
#include <string.h>

// Key index i (0 = the base, oldest) to its slot.
internal history_keyframe *HistoryKey(history_store *store, u32 index)
{
    return &store->keys[(store->firstKey + index) % HISTORY_MAX_KEYFRAMES];
}
internal const history_keyframe *HistoryKeyConst(const history_store *store, u32 index)
{
    return &store->keys[(store->firstKey + index) % HISTORY_MAX_KEYFRAMES];
}

u64 HistoryBitmapBytes(u64 pageCount)
{
    return (pageCount + 7) / 8;
}

void HistoryInit(history_store *store, u64 pageSize, u64 pageCount, u8 *base, u8 *bits, u8 *ring,
                 u64 ringCapacity, u64 capBytes)
{
    memset(store, 0, sizeof(*store));
    store->pageSize = pageSize;
    store->pageCount = pageCount;
    store->base = base;
    store->basePresent = bits;
    store->scratchBits = bits + HistoryBitmapBytes(pageCount);
    store->ring = ring;
    store->ringCapacity = ringCapacity;
    store->capBytes = capBytes;
}

void HistoryClear(history_store *store)
{
    // NOTE: the base's bytes are left as they are: a page whose present bit is clear is never read.
    memset(store->basePresent, 0, (size_t)HistoryBitmapBytes(store->pageCount));
    store->basePages = 0;
    store->firstKey = 0;
    store->keyCount = 0;
    store->ringUsed = 0;
}

// The record of a delta: its page indices, then (8-byte aligned) their contents.
internal u32 *HistoryRecordPages(const history_store *store, const history_keyframe *key)
{
    return (u32 *)(store->ring + key->dataOffset);
}
internal u8 *HistoryRecordData(const history_store *store, const history_keyframe *key)
{
    return store->ring + key->dataOffset + ((u64)key->pageCount * sizeof(u32) + 7) / 8 * 8;
}

// The oldest delta's pages go over the base's: the history starts at that delta's frame now.
void HistoryDropOldest(history_store *store)
{
    if (store->keyCount < 2) return;
    history_keyframe *oldest = HistoryKey(store, 1);
    const u32 *pages = HistoryRecordPages(store, oldest);
    const u8 *data = HistoryRecordData(store, oldest);
    for (u32 index = 0; index < oldest->pageCount; ++index)
    {
        u64 page = pages[index];
        memcpy(store->base + page * store->pageSize, data + (u64)index * store->pageSize, (size_t)store->pageSize);
        if (!BitmapBit(store->basePresent, page))
        {
            BitmapSet(store->basePresent, page);
            ++store->basePages;
        }
    }
    store->ringUsed -= oldest->dataBytes;
    // The delta's slot becomes the base's: the base's own slot is let go.
    oldest->dataBytes = 0;
    oldest->dataOffset = 0;
    oldest->pageCount = 0;
    store->firstKey = (store->firstKey + 1) % HISTORY_MAX_KEYFRAMES;
    --store->keyCount;
    ++store->foldedKeys;
}

// Where a record of `bytes` goes in the ring (after the newest delta, or at the ring's start when it
// does not fit before the end), folding the oldest deltas away until it fits and the cap holds.
internal b32 HistoryPlaceRecord(history_store *store, u64 bytes, u64 *offset)
{
    for (;;)
    {
        b32 capHolds = store->basePages * store->pageSize + store->ringUsed + bytes <= store->capBytes;
        if (store->keyCount < 2)
        {
            *offset = 0;
            return bytes <= store->ringCapacity && capHolds;
        }
        history_keyframe *oldest = HistoryKey(store, 1);
        history_keyframe *newest = HistoryKey(store, store->keyCount - 1);
        u64 head = newest->dataOffset + newest->dataBytes;
        u64 tail = oldest->dataOffset;
        b32 fits = 0;
        if (head > tail || (head == tail && store->ringUsed == 0))
        {
            // [tail, head) in use: the space after head, or else the space before tail.
            if (head + bytes <= store->ringCapacity) { *offset = head; fits = 1; }
            else if (bytes <= tail) { *offset = 0; fits = 1; }
        }
        else if (head + bytes <= tail) { *offset = head; fits = 1; }
        if (fits && capHolds) return 1;
        HistoryDropOldest(store);
    }
}

b32 HistoryAddKeyframe(history_store *store, u64 frame, const u8 *image, const u8 *changedBits)
{
    if (store->keyCount == 0)
    {
        store->basePages = 0;
        memset(store->basePresent, 0, (size_t)HistoryBitmapBytes(store->pageCount));
        for (u64 page = 0; page < store->pageCount; ++page)
        {
            if (!changedBits[page / 8]) { page |= 7; continue; }
            if (!BitmapBit(changedBits, page)) continue;
            memcpy(store->base + page * store->pageSize, image + page * store->pageSize, (size_t)store->pageSize);
            BitmapSet(store->basePresent, page);
            ++store->basePages;
        }
        store->firstKey = 0;
        store->keyCount = 1;
        history_keyframe *base = HistoryKey(store, 0);
        memset(base, 0, sizeof(*base));
        base->frame = frame;
        if (store->basePages * store->pageSize > store->capBytes)
        {
            HistoryClear(store);
            return 0;
        }
        return 1;
    }
    if (store->keyCount == HISTORY_MAX_KEYFRAMES) HistoryDropOldest(store);
    u32 pageCount = CountBits(changedBits, store->pageCount);
    u64 indexBytes = ((u64)pageCount * sizeof(u32) + 7) / 8 * 8;
    u64 bytes = indexBytes + (u64)pageCount * store->pageSize;
    u64 offset = 0;
    if (!HistoryPlaceRecord(store, bytes, &offset))
    {
        HistoryClear(store);
        return 0;
    }
    history_keyframe *key = HistoryKey(store, store->keyCount);
    key->frame = frame;
    key->dataOffset = offset;
    key->dataBytes = bytes;
    key->pageCount = pageCount;
    u32 *pages = HistoryRecordPages(store, key);
    u8 *data = HistoryRecordData(store, key);
    u32 written = 0;
    for (u64 page = 0; page < store->pageCount && written < pageCount; ++page)
    {
        if (!changedBits[page / 8]) { page |= 7; continue; }
        if (!BitmapBit(changedBits, page)) continue;
        pages[written] = (u32)page;
        memcpy(data + (u64)written * store->pageSize, image + page * store->pageSize, (size_t)store->pageSize);
        ++written;
    }
    store->ringUsed += bytes;
    ++store->keyCount;
    return 1;
}

void HistoryDropAfter(history_store *store, u64 frame)
{
    while (store->keyCount > 1 && HistoryKey(store, store->keyCount - 1)->frame > frame)
    {
        history_keyframe *newest = HistoryKey(store, store->keyCount - 1);
        store->ringUsed -= newest->dataBytes;
        memset(newest, 0, sizeof(*newest));
        --store->keyCount;
    }
    if (store->keyCount == 1 && HistoryKey(store, 0)->frame > frame) HistoryClear(store);
}

s32 HistoryKeyAtOrBefore(const history_store *store, u64 frame)
{
    s32 found = -1;
    // NOTE: keyframes are in frame order: a binary search.
    s32 low = 0, high = (s32)store->keyCount - 1;
    while (low <= high)
    {
        s32 middle = low + (high - low) / 2;
        if (HistoryKeyConst(store, (u32)middle)->frame <= frame) { found = middle; low = middle + 1; }
        else high = middle - 1;
    }
    return found;
}

u64 HistoryKeyFrame(const history_store *store, s32 keyIndex)
{
    return HistoryKeyConst(store, (u32)keyIndex)->frame;
}

u64 HistoryOldestFrame(const history_store *store)
{
    return store->keyCount ? HistoryKeyConst(store, 0)->frame : 0;
}

u64 HistoryNewestFrame(const history_store *store)
{
    return store->keyCount ? HistoryKeyConst(store, store->keyCount - 1)->frame : 0;
}

// Marks in `need` every page held by the deltas after keyIndex (their pages differ from its state).
internal void HistoryMarkPagesAfter(const history_store *store, s32 keyIndex, u8 *need)
{
    for (u32 index = (u32)keyIndex + 1; index < store->keyCount; ++index)
    {
        const history_keyframe *key = HistoryKeyConst(store, index);
        const u32 *pages = HistoryRecordPages(store, key);
        for (u32 at = 0; at < key->pageCount; ++at) BitmapSet(need, pages[at]);
    }
}

u64 HistoryRestore(history_store *store, s32 keyIndex, u8 *memory, const u8 *changedBits)
{
    if (keyIndex < 0 || (u32)keyIndex >= store->keyCount) return 0;
    u64 bitmapBytes = HistoryBitmapBytes(store->pageCount);
    // scratchBits: first the pages to write, then cleared page by page as they are written.
    u8 *need = store->scratchBits;
    memcpy(need, changedBits, (size_t)bitmapBytes);
    HistoryMarkPagesAfter(store, keyIndex, need);
    u64 written = 0;
    for (s32 index = keyIndex; index >= 1; --index)
    {
        const history_keyframe *key = HistoryKeyConst(store, (u32)index);
        const u32 *pages = HistoryRecordPages(store, key);
        const u8 *data = HistoryRecordData(store, key);
        for (u32 at = 0; at < key->pageCount; ++at)
        {
            u64 page = pages[at];
            if (!BitmapBit(need, page)) continue;
            memcpy(memory + page * store->pageSize, data + (u64)at * store->pageSize, (size_t)store->pageSize);
            need[page / 8] &= (u8)~(1u << (page % 8));
            ++written;
        }
    }
    for (u64 page = 0; page < store->pageCount; ++page)
    {
        if (!need[page / 8]) { page |= 7; continue; }
        if (!BitmapBit(need, page)) continue;
        u8 *target = memory + page * store->pageSize;
        if (BitmapBit(store->basePresent, page)) memcpy(target, store->base + page * store->pageSize, (size_t)store->pageSize);
        else memset(target, 0, (size_t)store->pageSize);
        ++written;
    }
    memset(need, 0, (size_t)bitmapBytes);
    return written;
}

void HistoryMaterialize(const history_store *store, s32 keyIndex, u8 *out, u64 pageLimit)
{
    pageLimit = Minimum(pageLimit, store->pageCount);
    for (u64 page = 0; page < pageLimit; ++page)
    {
        u8 *target = out + page * store->pageSize;
        if (BitmapBit(store->basePresent, page)) memcpy(target, store->base + page * store->pageSize, (size_t)store->pageSize);
        else memset(target, 0, (size_t)store->pageSize);
    }
    for (s32 index = 1; index <= keyIndex && (u32)index < store->keyCount; ++index)
    {
        const history_keyframe *key = HistoryKeyConst(store, (u32)index);
        const u32 *pages = HistoryRecordPages(store, key);
        const u8 *data = HistoryRecordData(store, key);
        for (u32 at = 0; at < key->pageCount; ++at)
            if (pages[at] < pageLimit)
                memcpy(out + (u64)pages[at] * store->pageSize, data + (u64)at * store->pageSize, (size_t)store->pageSize);
    }
}

u64 HistoryBytesUsed(const history_store *store)
{
    return store->basePages * store->pageSize + store->ringUsed;
}

//~ Transfer (a hot restart)
struct history_transfer_header
{
    u64 magic;
    u64 pageSize;
    u64 pageCount;
    u64 basePages;
    u64 ringUsed;
    u64 ringEnd;                // one past the last ring byte a record uses
    u64 foldedKeys;
    u32 keyCount;
    u32 pad;
};
#define HISTORY_TRANSFER_MAGIC 0x3152545948495453ull   // "STIHYTR1"

u64 HistoryTransferBytes(const history_store *store)
{
    u64 bytes = sizeof(history_transfer_header) + (u64)store->keyCount * sizeof(history_keyframe) +
                (HistoryBitmapBytes(store->pageCount) + 7) / 8 * 8 + store->basePages * store->pageSize;
    for (u32 index = 1; index < store->keyCount; ++index) bytes += HistoryKeyConst(store, index)->dataBytes;
    return bytes;
}

u64 HistoryWriteTransfer(const history_store *store, u8 *out)
{
    history_transfer_header *header = (history_transfer_header *)out;
    memset(header, 0, sizeof(*header));
    header->magic = HISTORY_TRANSFER_MAGIC;
    header->pageSize = store->pageSize;
    header->pageCount = store->pageCount;
    header->basePages = store->basePages;
    header->ringUsed = store->ringUsed;
    header->foldedKeys = store->foldedKeys;
    header->keyCount = store->keyCount;
    u8 *at = out + sizeof(*header);
    for (u32 index = 0; index < store->keyCount; ++index)
    {
        const history_keyframe *key = HistoryKeyConst(store, index);
        memcpy(at, key, sizeof(*key));
        at += sizeof(*key);
        header->ringEnd = Maximum(header->ringEnd, key->dataOffset + key->dataBytes);
    }
    u64 bitmapBytes = HistoryBitmapBytes(store->pageCount);
    memcpy(at, store->basePresent, (size_t)bitmapBytes);
    at += (bitmapBytes + 7) / 8 * 8;
    for (u64 page = 0; page < store->pageCount && store->keyCount; ++page)
    {
        if (!BitmapBit(store->basePresent, page)) continue;
        memcpy(at, store->base + page * store->pageSize, (size_t)store->pageSize);
        at += store->pageSize;
    }
    for (u32 index = 1; index < store->keyCount; ++index)
    {
        const history_keyframe *key = HistoryKeyConst(store, index);
        memcpy(at, store->ring + key->dataOffset, (size_t)key->dataBytes);
        at += key->dataBytes;
    }
    return (u64)(at - out);
}

b32 HistoryReadTransfer(history_store *store, const u8 *in, u64 bytes)
{
    HistoryClear(store);
    const history_transfer_header *header = (const history_transfer_header *)in;
    if (bytes < sizeof(*header) || header->magic != HISTORY_TRANSFER_MAGIC || header->pageSize != store->pageSize ||
        header->pageCount != store->pageCount || header->ringEnd > store->ringCapacity ||
        header->keyCount > HISTORY_MAX_KEYFRAMES)
        return 0;
    const u8 *at = in + sizeof(*header);
    const u8 *end = in + bytes;
    u64 bitmapBytes = HistoryBitmapBytes(store->pageCount);
    if ((u64)(end - at) < (u64)header->keyCount * sizeof(history_keyframe) + (bitmapBytes + 7) / 8 * 8) return 0;
    store->firstKey = 0;
    for (u32 index = 0; index < header->keyCount; ++index)
    {
        memcpy(&store->keys[index], at, sizeof(history_keyframe));
        at += sizeof(history_keyframe);
    }
    memcpy(store->basePresent, at, (size_t)bitmapBytes);
    at += (bitmapBytes + 7) / 8 * 8;
    u64 basePages = 0;
    for (u64 page = 0; page < store->pageCount && header->keyCount; ++page)
    {
        if (!BitmapBit(store->basePresent, page)) continue;
        if ((u64)(end - at) < store->pageSize) break;
        memcpy(store->base + page * store->pageSize, at, (size_t)store->pageSize);
        at += store->pageSize;
        ++basePages;
    }
    b32 whole = basePages == header->basePages;
    for (u32 index = 1; whole && index < header->keyCount; ++index)
    {
        const history_keyframe *key = &store->keys[index];
        whole = (u64)(end - at) >= key->dataBytes;
        if (!whole) break;
        memcpy(store->ring + key->dataOffset, at, (size_t)key->dataBytes);
        at += key->dataBytes;
    }
    if (!whole)
    {
        HistoryClear(store);
        return 0;
    }
    store->basePages = basePages;
    store->keyCount = header->keyCount;
    store->ringUsed = header->ringUsed;
    store->foldedKeys = header->foldedKeys;
    return 1;
}
