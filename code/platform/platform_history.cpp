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

u64 HistoryPackingBytes(u64 pageSize, u64 pageCount)
{
    return pageCount * pageSize + pageCount + HistoryBitmapBytes(pageCount);
}

void HistoryPackAgainstPrevious(history_store *store, u8 *memory)
{
    Assert(store->keyCount == 0 && store->pageSize % 64 == 0);
    store->reference = memory;
    store->chain = memory + store->pageCount * store->pageSize;
    store->startedBits = store->chain + store->pageCount;
    memset(store->chain, 0xff, (size_t)store->pageCount);
}

// Every page's reference is forgotten: its next version is stored on its own.
internal void HistoryForgetReferences(history_store *store)
{
    if (store->chain) memset(store->chain, 0xff, (size_t)store->pageCount);
}

// target ^= source, pageSize bytes.
internal void HistoryXorPage(u8 *target, const u8 *source, u64 pageSize)
{
    for (u64 at = 0; at < pageSize; at += 8)
    {
        u64 a, b;
        memcpy(&a, target + at, 8);
        memcpy(&b, source + at, 8);
        a ^= b;
        memcpy(target + at, &a, 8);
    }
}

void HistoryClear(history_store *store)
{
    Assert(!store->pending);
    HistoryForgetReferences(store);
    // NOTE: the base's bytes are left as they are: a page whose present bit is clear is never read.
    memset(store->basePresent, 0, (size_t)HistoryBitmapBytes(store->pageCount));
    store->basePages = 0;
    store->firstKey = 0;
    store->keyCount = 0;
    store->ringUsed = 0;
}

// The record of a delta: its page indices, their stored sizes, then (8-byte aligned) their contents.
internal u32 *HistoryRecordPages(const history_store *store, const history_keyframe *key)
{
    return (u32 *)(store->ring + key->dataOffset);
}
internal u32 *HistoryRecordSizes(const history_store *store, const history_keyframe *key)
{
    return (u32 *)(store->ring + key->dataOffset) + key->pageCount;
}
internal u64 HistoryRecordIndexBytes(u64 pageCount)
{
    return (pageCount * 2 * sizeof(u32) + 7) / 8 * 8;
}
internal u8 *HistoryRecordData(const history_store *store, const history_keyframe *key)
{
    return store->ring + key->dataOffset + HistoryRecordIndexBytes(key->pageCount);
}

// Decodes one stored page version into target: whole or packed alone, it replaces target; a XOR
// version is XORed into it (target must hold the version before).
internal void HistoryApplyPage(const u8 *data, u32 sizeWord, u8 *target, u64 pageSize)
{
    u64 bytes = sizeWord & ~HISTORY_XOR_PAGE;
    if (sizeWord & HISTORY_XOR_PAGE) PageUnpackXor(data, bytes, target, pageSize);
    else if (bytes == pageSize) memcpy(target, data, (size_t)pageSize);
    else
    {
        memset(target, 0, (size_t)pageSize);
        PageUnpackXor(data, bytes, target, pageSize);
    }
}

// The oldest delta's pages go over the base's: the history starts at that delta's frame now.
void HistoryDropOldest(history_store *store)
{
    if (store->keyCount < 2 || (store->pending && store->keyCount == 2)) return;
    history_keyframe *oldest = HistoryKey(store, 1);
    const u32 *pages = HistoryRecordPages(store, oldest);
    const u32 *sizes = HistoryRecordSizes(store, oldest);
    const u8 *data = HistoryRecordData(store, oldest);
    for (u32 index = 0; index < oldest->pageCount; ++index)
    {
        u64 page = pages[index];
        u8 *target = store->base + page * store->pageSize;
        b32 present = BitmapBit(store->basePresent, page);
        // NOTE: a page the base does not hold was zero (its bytes there are stale): a XOR applies to zeros.
        if (!present && (sizes[index] & HISTORY_XOR_PAGE)) memset(target, 0, (size_t)store->pageSize);
        HistoryApplyPage(data, sizes[index], target, store->pageSize);
        data += sizes[index] & ~HISTORY_XOR_PAGE;
        b32 zero = PageIsZero(target, store->pageSize);
        if (!present && !zero)
        {
            BitmapSet(store->basePresent, page);
            ++store->basePages;
        }
        else if (present && zero)
        {
            BitmapClear(store->basePresent, page);
            --store->basePages;
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

// The base: every nonzero page of changedBits, copied whole (and made the packing's reference).
internal b32 HistoryTakeBase(history_store *store, u64 frame, const u8 *image, const u8 *changedBits)
{
    store->basePages = 0;
    memset(store->basePresent, 0, (size_t)HistoryBitmapBytes(store->pageCount));
    HistoryForgetReferences(store);
    for (u64 page = 0; page < store->pageCount; ++page)
    {
        if (!changedBits[page / 8]) { page |= 7; continue; }
        if (!BitmapBit(changedBits, page)) continue;
        const u8 *source = image + page * store->pageSize;
        if (PageIsZero(source, store->pageSize)) continue;
        memcpy(store->base + page * store->pageSize, source, (size_t)store->pageSize);
        BitmapSet(store->basePresent, page);
        ++store->basePages;
        if (!store->reference) continue;
        memcpy(store->reference + page * store->pageSize, source, (size_t)store->pageSize);
        // NOTE: staggered, so that the pages of a state that all change are not stored whole at once.
        store->chain[page] = (u8)(page % HISTORY_MAX_CHAIN);
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

b32 HistoryBeginKeyframe(history_store *store, u64 frame, const u8 *image, const u8 *changedBits)
{
    Assert(!store->pending);
    if (store->keyCount == 0) return HistoryTakeBase(store, frame, image, changedBits);
    if (store->keyCount == HISTORY_MAX_KEYFRAMES) HistoryDropOldest(store);
    u32 pageCount = CountBits(changedBits, store->pageCount);
    // NOTE: room for every page whole: what packing saves is given back at the end.
    u64 bytes = HistoryRecordIndexBytes(pageCount) + ((u64)pageCount * store->pageSize + PAGE_CODEC_READ_SLACK + 7) / 8 * 8;
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
    u32 written = 0;
    for (u64 page = 0; page < store->pageCount && written < pageCount; ++page)
    {
        if (!changedBits[page / 8]) { page |= 7; continue; }
        if (BitmapBit(changedBits, page)) pages[written++] = (u32)page;
    }
    store->ringUsed += bytes;
    store->pendingSlot = (store->firstKey + store->keyCount) % HISTORY_MAX_KEYFRAMES;
    ++store->keyCount;
    store->pending = 1;
    store->pendingReserved = bytes;
    return 1;
}

void HistoryPackKeyframe(history_store *store, const u8 *image)
{
    Assert(store->pending);
    history_keyframe *key = &store->keys[store->pendingSlot];
    const u32 *pages = HistoryRecordPages(store, key);
    u32 *sizes = HistoryRecordSizes(store, key);
    u8 *data = HistoryRecordData(store, key);
    u64 pageSize = store->pageSize;
    u32 xorPages = 0;
    for (u32 index = 0; index < key->pageCount; ++index)
    {
        u64 page = pages[index];
        const u8 *source = image + page * pageSize;
        u64 bytes = 0;
        u32 flag = 0;
        if (store->reference)
        {
            u8 *reference = store->reference + page * pageSize;
            u8 *chain = store->chain + page;
            if (*chain + 1 < HISTORY_MAX_CHAIN && (bytes = PagePack(source, reference, pageSize, data, pageSize - 1)) != 0)
            {
                flag = HISTORY_XOR_PAGE;
                ++*chain;
                ++xorPages;
            }
            // NOTE: a page with no previous version starts at a staggered place in its chain (as the
            // base's do), so that after a resume the pages do not all stand alone again at once.
            else *chain = *chain == 0xff ? (u8)(page % HISTORY_MAX_CHAIN) : 0;
            memcpy(reference, source, (size_t)pageSize);
        }
        // NOTE: only a packing store tries packing a page alone: the others stay as cheap as a copy.
        if (!bytes && store->reference) bytes = PagePack(source, 0, pageSize, data, pageSize - 1);
        if (!bytes)
        {
            memcpy(data, source, (size_t)pageSize);
            bytes = pageSize;
        }
        sizes[index] = (u32)bytes | flag;
        data += bytes;
    }
    store->lastXorPages = xorPages;
}

void HistoryEndKeyframe(history_store *store)
{
    Assert(store->pending && HistoryKey(store, store->keyCount - 1) == &store->keys[store->pendingSlot]);
    history_keyframe *key = &store->keys[store->pendingSlot];
    const u32 *sizes = HistoryRecordSizes(store, key);
    u64 bytes = HistoryRecordIndexBytes(key->pageCount);
    for (u32 index = 0; index < key->pageCount; ++index) bytes += sizes[index] & ~HISTORY_XOR_PAGE;
    // NOTE: unpacking reads a few bytes past a packed page: the record keeps them its own.
    bytes = (bytes + PAGE_CODEC_READ_SLACK + 7) / 8 * 8;
    Assert(bytes <= key->dataBytes);
    store->rawBytes += key->dataBytes;
    store->packedBytes += bytes;
    store->ringUsed -= key->dataBytes - bytes;
    key->dataBytes = bytes;
    store->pending = 0;
    store->pendingReserved = 0;
}

b32 HistoryAddKeyframe(history_store *store, u64 frame, const u8 *image, const u8 *changedBits)
{
    if (!HistoryBeginKeyframe(store, frame, image, changedBits)) return 0;
    if (!store->pending) return 1;
    HistoryPackKeyframe(store, image);
    HistoryEndKeyframe(store);
    return 1;
}

void HistoryDropAfter(history_store *store, u64 frame)
{
    Assert(!store->pending);
    // NOTE: the references are the newest keyframe's pages: after a drop, the next versions stand alone.
    HistoryForgetReferences(store);
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
    Assert(!store->pending);
    if (keyIndex < 0 || (u32)keyIndex >= store->keyCount) return 0;
    u64 bitmapBytes = HistoryBitmapBytes(store->pageCount);
    u64 pageSize = store->pageSize;
    // scratchBits: first the pages to write, then cleared page by page as they are written.
    // startedBits (packing stores): memory holds the XOR of the page's newer versions, older ones to come.
    u8 *need = store->scratchBits;
    u8 *started = store->startedBits;
    memcpy(need, changedBits, (size_t)bitmapBytes);
    HistoryMarkPagesAfter(store, keyIndex, need);
    u64 written = 0;
    for (s32 index = keyIndex; index >= 1; --index)
    {
        const history_keyframe *key = HistoryKeyConst(store, (u32)index);
        const u32 *pages = HistoryRecordPages(store, key);
        const u32 *sizes = HistoryRecordSizes(store, key);
        const u8 *data = HistoryRecordData(store, key);
        for (u32 at = 0; at < key->pageCount; data += sizes[at] & ~HISTORY_XOR_PAGE, ++at)
        {
            u64 page = pages[at];
            if (!BitmapBit(need, page)) continue;
            u8 *target = memory + page * pageSize;
            b32 isXor = (sizes[at] & HISTORY_XOR_PAGE) != 0;
            if (started && BitmapBit(started, page))
            {
                // NOTE: memory holds the XOR of the newer versions: this older one completes or extends it.
                if (!isXor && (sizes[at] & ~HISTORY_XOR_PAGE) == pageSize) HistoryXorPage(target, data, pageSize);
                else PageUnpackXor(data, sizes[at] & ~HISTORY_XOR_PAGE, target, pageSize);
            }
            else
            {
                // A XOR version on its own: memory starts from zeros, the older versions are XORed in.
                if (isXor) memset(target, 0, (size_t)pageSize);
                HistoryApplyPage(data, sizes[at], target, pageSize);
                if (isXor) BitmapSet(started, page);
            }
            if (isXor) continue;
            BitmapClear(need, page);
            ++written;
        }
    }
    for (u64 page = 0; page < store->pageCount; ++page)
    {
        if (!need[page / 8]) { page |= 7; continue; }
        if (!BitmapBit(need, page)) continue;
        u8 *target = memory + page * pageSize;
        b32 present = BitmapBit(store->basePresent, page);
        if (started && BitmapBit(started, page)) { if (present) HistoryXorPage(target, store->base + page * pageSize, pageSize); }
        else if (present) memcpy(target, store->base + page * pageSize, (size_t)pageSize);
        else memset(target, 0, (size_t)pageSize);
        ++written;
    }
    memset(need, 0, (size_t)bitmapBytes);
    if (started) memset(started, 0, (size_t)bitmapBytes);
    return written;
}

// Every delta up to keys[keyIndex] applied over out (its first pageLimit pages), oldest first: a XOR
// version applies to the version before it, which out holds by then. With heldBits, a page no earlier
// keyframe held is zeroed first (it was zero before its first version) and marked.
internal void HistoryApplyDeltasUpTo(const history_store *store, s32 keyIndex, u8 *out, u64 pageLimit, u8 *heldBits)
{
    for (s32 index = 1; index <= keyIndex && (u32)index < store->keyCount; ++index)
    {
        const history_keyframe *key = HistoryKeyConst(store, (u32)index);
        const u32 *pages = HistoryRecordPages(store, key);
        const u32 *sizes = HistoryRecordSizes(store, key);
        const u8 *data = HistoryRecordData(store, key);
        for (u32 at = 0; at < key->pageCount; data += sizes[at] & ~HISTORY_XOR_PAGE, ++at)
        {
            if (pages[at] >= pageLimit) continue;
            u8 *target = out + (u64)pages[at] * store->pageSize;
            if (heldBits && !BitmapBit(heldBits, pages[at])) memset(target, 0, (size_t)store->pageSize);
            if (heldBits) BitmapSet(heldBits, pages[at]);
            HistoryApplyPage(data, sizes[at], target, store->pageSize);
        }
    }
}

void HistoryMaterialize(const history_store *store, s32 keyIndex, u8 *out, u64 pageLimit)
{
    Assert(!store->pending);
    pageLimit = Minimum(pageLimit, store->pageCount);
    for (u64 page = 0; page < pageLimit; ++page)
    {
        u8 *target = out + page * store->pageSize;
        if (BitmapBit(store->basePresent, page)) memcpy(target, store->base + page * store->pageSize, (size_t)store->pageSize);
        else memset(target, 0, (size_t)store->pageSize);
    }
    HistoryApplyDeltasUpTo(store, keyIndex, out, pageLimit, 0);
}

u64 HistoryMaterializeHeld(const history_store *store, s32 keyIndex, u8 *out, u8 *heldBits)
{
    Assert(!store->pending);
    for (u64 page = 0; page < store->pageCount; ++page)
    {
        if (!store->basePresent[page / 8]) { page |= 7; continue; }
        if (!BitmapBit(store->basePresent, page)) continue;
        memcpy(out + page * store->pageSize, store->base + page * store->pageSize, (size_t)store->pageSize);
        BitmapSet(heldBits, page);
    }
    HistoryApplyDeltasUpTo(store, keyIndex, out, store->pageCount, heldBits);
    return CountBits(heldBits, store->pageCount);
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
    Assert(!store->pending);
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
