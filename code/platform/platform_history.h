#ifndef PLATFORM_HISTORY_H
#define PLATFORM_HISTORY_H
// The timeline's memory of game state: keyframes of game memory at frame starts, in bounded memory,
// from which any recent frame is reached by re-simulating at most a keyframe interval of frames
// (win32/timeline/). Portable: unit-tested natively (tests/unit/test_history.cpp).
//
// The oldest keyframe is a full image (the base: every page written by then, at its offset). Every
// later keyframe holds only the pages that changed since the keyframe before it (what the pre-frame
// snapshot copied in between), packed in a byte ring: [page indices (u32, padded to 8 bytes)]
// [their contents]. When the ring is full, or the total passes the cap, the oldest delta is folded
// into the base (its pages copied over the base's), so the history loses its oldest keyframe and
// never its newest. Nothing here allocates: the caller hands in the memory (history_memory_needed).
//
// Restoring keyframe K into game memory writes only the pages that may differ from it: those in a
// delta after K, and those the caller says changed since the newest keyframe. Each is written once,
// from the newest delta at or before K that holds it, else from the base (a page the base never saw
// was zero then).

#include "base/base_types.h"

#define HISTORY_MAX_KEYFRAMES 16384

struct history_keyframe
{
    u64 frame;                  // the frame whose start state it holds
    u64 dataOffset;             // its record's place in the ring (unused for the base)
    u64 dataBytes;              // the record's size in the ring (0 for the base)
    u32 pageCount;              // pages in its record
    u32 pad;
};

struct history_store
{
    u64 pageSize;
    u64 pageCount;              // pages of the memory the keyframes image
    u8 *base;                   // pageCount * pageSize: the oldest keyframe's image (untouched pages stay uncommitted)
    u8 *basePresent;            // bit per page: the base holds it (else it was zero)
    u64 basePages;
    u8 *ring;
    u64 ringCapacity;
    u64 capBytes;               // base pages + ring bytes in use stay under this
    u8 *scratchBits;            // bit per page: the restore's "already written" marks
    history_keyframe keys[HISTORY_MAX_KEYFRAMES];   // keys[firstKey] is the base once there is one
    u32 firstKey;
    u32 keyCount;               // 0: empty (no base)
    u64 ringUsed;               // bytes of the ring the deltas hold
    u64 foldedKeys;             // keyframes folded into the base since start (the history's oldest dropped)
};

// The bytes of one bitmap of pageCount pages (HistoryInit takes two).
u64 HistoryBitmapBytes(u64 pageCount);
// base: pageCount * pageSize bytes (zeroed); bits: 2 * HistoryBitmapBytes zeroed bytes; ring: ringCapacity
// bytes. capBytes bounds base pages plus ring bytes in use.
void HistoryInit(history_store *store, u64 pageSize, u64 pageCount, u8 *base, u8 *bits, u8 *ring,
                 u64 ringCapacity, u64 capBytes);
// Forgets every keyframe (the base's pages are dropped too: a new base is taken whole).
void HistoryClear(history_store *store);
// Adds the keyframe of `frame` (later than the newest): image is game memory at its start, and
// changedBits marks the pages that changed since the newest keyframe. The first keyframe (an empty
// store) is the base and must be given every page written so far. Older keyframes are folded away to
// make room. False when the record cannot fit even in an empty ring (the store is then cleared).
b32 HistoryAddKeyframe(history_store *store, u64 frame, const u8 *image, const u8 *changedBits);
// Folds the oldest delta into the base: the history starts at the next keyframe (none with one key).
void HistoryDropOldest(history_store *store);
// Drops every keyframe after `frame` (a resume in the past). The base stays.
void HistoryDropAfter(history_store *store, u64 frame);
// The newest keyframe at or before frame (an index into keys), or -1 when frame is before the base.
s32 HistoryKeyAtOrBefore(const history_store *store, u64 frame);
u64 HistoryOldestFrame(const history_store *store);
// The frame of keys[keyIndex] (0: the oldest); the one place the ring of keyframes is indexed outside
// this module.
u64 HistoryKeyFrame(const history_store *store, s32 keyIndex);
u64 HistoryNewestFrame(const history_store *store);
// Writes into memory (pageCount pages) the state of keys[keyIndex], given changedBits: the pages that
// may differ from the newest keyframe's state. Returns the pages written.
u64 HistoryRestore(history_store *store, s32 keyIndex, u8 *memory, const u8 *changedBits);
// Builds the image of keys[keyIndex]'s first pageLimit pages into out (every page written: zeros for
// those it never held). For naming a field that differs (slow: it walks every delta up to the key).
void HistoryMaterialize(const history_store *store, s32 keyIndex, u8 *out, u64 pageLimit);
// What the history holds now, in bytes (base pages + ring in use).
u64 HistoryBytesUsed(const history_store *store);

// The store as one flat image, for another process (a hot restart hands the history over): its keys
// (oldest first), the base's present bits and pages, and every delta's record. HistoryTransferBytes
// is exactly what HistoryWriteTransfer writes. HistoryReadTransfer rebuilds it into a store made by
// HistoryInit with the same page size and count and a ring at least as large (each record goes back
// at its own place in the ring): every keyframe then restores the same bytes it did in the writer.
// False when the image does not fit that store or is not one (the store is left empty).
u64 HistoryTransferBytes(const history_store *store);
u64 HistoryWriteTransfer(const history_store *store, u8 *out);
b32 HistoryReadTransfer(history_store *store, const u8 *in, u64 bytes);

#endif // PLATFORM_HISTORY_H
