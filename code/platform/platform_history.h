#ifndef PLATFORM_HISTORY_H
#define PLATFORM_HISTORY_H
// The timeline's memory of game state: keyframes of game memory at frame starts, in bounded memory,
// from which any recent frame is reached by re-simulating at most a keyframe interval of frames
// (win32/timeline/). Portable: unit-tested natively (tests/unit/test_history.cpp).
//
// The oldest keyframe is a full image (the base: every nonzero page written by then, at its offset).
// Every later keyframe holds only the pages that changed since the keyframe before it (what the
// pre-frame snapshot copied in between), packed in a byte ring: [page indices (u32)][each page's
// stored size (u32), padded to 8 bytes][their contents][PAGE_CODEC_READ_SLACK bytes, padded to 8]. A
// page is stored whole (its size is the page size), packed alone (platform/platform_page_codec.h: its
// nonzero words; only in a packing store), or, in a store that packs
// against the previous keyframe (HistoryPackAgainstPrevious), packed as its XOR with its version at
// the keyframe before (the size's top bit, HISTORY_XOR_PAGE): a page of which a few bytes changed
// costs those bytes. Such a chain of XOR versions of one page is at most HISTORY_MAX_CHAIN - 1 long
// before a version stored on its own, so a restore decodes at most HISTORY_MAX_CHAIN versions of a
// page. When the ring is full, or the total passes the cap, the oldest delta is folded into the base
// (its pages decoded over the base's), so the history loses its oldest keyframe and never its newest.
// A keyframe is given room for its pages whole while it is packed, then shrinks: the cap holds at
// every moment, and near it the history folds as if the newest keyframe were whole.
// A page of the base that is all zero is not kept (it costs nothing and restores as zeros). Nothing
// here allocates: the caller hands in the memory (HistoryBitmapBytes, HistoryPackingBytes).
//
// Restoring keyframe K into game memory writes only the pages that may differ from it: those in a
// delta after K, and those the caller says changed since the newest keyframe. Each is written from
// the newest delta at or before K that holds it (with the older versions its XOR chain needs), else
// from the base (a page the base does not hold was zero then).

#include "base/base_types.h"

#define HISTORY_MAX_KEYFRAMES 16384
#define HISTORY_MAX_CHAIN 8             // versions of a page a restore decodes at most (packing stores)
#define HISTORY_XOR_PAGE 0x80000000u    // a stored size's flag: the XOR with the page's previous version

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
    // Packing against the previous keyframe (HistoryPackAgainstPrevious); all null otherwise.
    u8 *reference;              // pageCount * pageSize: each page as of the newest keyframe (valid where chain < 0xff)
    u8 *chain;                  // per page: XOR versions since the last one stored alone (0xff: reference not valid)
    u8 *startedBits;            // bit per page: the restore's "memory holds part of its XOR chain" marks
    u64 rawBytes;               // what the deltas packed since start would have taken whole (for the figures)
    u64 packedBytes;            //   ... and what they took
    u32 lastXorPages;           // pages of the newest keyframe packed as XORs (the others had no previous version)
    b32 pending;                // the newest keyframe is begun and not yet ended (HistoryBeginKeyframe)
    u32 pendingSlot;            //   ... its slot in keys (fixed: the packing thread never reads firstKey or keyCount,
                                //   which a fold on the caller's thread changes meanwhile)
    u64 pendingReserved;        // the bytes its record holds in the ring until it ends
};

// The bytes of one bitmap of pageCount pages (HistoryInit takes two).
u64 HistoryBitmapBytes(u64 pageCount);
// base: pageCount * pageSize bytes (zeroed); bits: 2 * HistoryBitmapBytes zeroed bytes; ring: ringCapacity
// bytes. capBytes bounds base pages plus ring bytes in use.
void HistoryInit(history_store *store, u64 pageSize, u64 pageCount, u8 *base, u8 *bits, u8 *ring,
                 u64 ringCapacity, u64 capBytes);
// The bytes HistoryPackAgainstPrevious takes for pageCount pages of pageSize.
u64 HistoryPackingBytes(u64 pageSize, u64 pageCount);
// From now on (call it on an empty store) every delta packs each page against its version at the
// keyframe before: memory is HistoryPackingBytes zeroed bytes (committed, touched as pages are).
void HistoryPackAgainstPrevious(history_store *store, u8 *memory);
// Forgets every keyframe (the base's pages are dropped too: a new base is taken whole).
void HistoryClear(history_store *store);
// Adds the keyframe of `frame` (later than the newest): image is game memory at its start, and
// changedBits marks the pages that changed since the newest keyframe. The first keyframe (an empty
// store) is the base and must be given every page written so far. Older keyframes are folded away to
// make room. False when the record cannot fit even in an empty ring (the store is then cleared).
// HistoryBeginKeyframe, HistoryPackKeyframe and HistoryEndKeyframe in one.
b32 HistoryAddKeyframe(history_store *store, u64 frame, const u8 *image, const u8 *changedBits);
// The same in three steps, so that the packing runs on another thread. Begin (the caller's thread)
// takes a base whole and returns with nothing pending; otherwise it makes room for every changed
// page whole (folding older keyframes), lists the pages and leaves the keyframe pending. Pack (any one
// thread, once) packs the pending keyframe's pages from image, which must not change until it
// returns; it touches only that record, reference and chain. End (the caller's thread, after Pack
// returned) shrinks the record to what it took. While a keyframe is pending, the caller's thread may
// call HistoryKeyAtOrBefore, HistoryKeyFrame, HistoryOldestFrame, HistoryNewestFrame, HistoryBytesUsed
// (the whole reservation counted) and HistoryDropOldest (which never folds the pending keyframe);
// anything else asserts. Begin returns false as Add does.
b32 HistoryBeginKeyframe(history_store *store, u64 frame, const u8 *image, const u8 *changedBits);
void HistoryPackKeyframe(history_store *store, const u8 *image);
void HistoryEndKeyframe(history_store *store);
// Folds the oldest delta into the base: the history starts at the next keyframe (none with one key,
// nor when the oldest delta is the pending one).
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
// The same image, written only where the history holds a page at keys[keyIndex] (the base's pages and
// every page of a delta up to it): those pages are set in heldBits (HistoryBitmapBytes, zeroed by the
// caller); every other page of out is left as it was (it was zero then). Returns the pages written.
// What a capsule's checkpoint is cut from (win32/capsule/): it costs the pages held, not the memory.
u64 HistoryMaterializeHeld(const history_store *store, s32 keyIndex, u8 *out, u8 *heldBits);
// What the history holds now, in bytes (base pages + ring in use).
u64 HistoryBytesUsed(const history_store *store);

// The store as one flat image, for another process (a hot restart hands the history over): its keys
// (oldest first), the base's present bits and pages, and every delta's record. HistoryTransferBytes
// is exactly what HistoryWriteTransfer writes. HistoryReadTransfer rebuilds it into a store made by
// HistoryInit with the same page size and count and a ring at least as large (each record goes back
// at its own place in the ring): every keyframe then restores the same bytes it did in the writer.
// False when the image does not fit that store or is not one (the store is left empty). No keyframe
// may be pending in the writer; a packing reader starts its pages' XOR chains afresh (its next
// keyframe stores each page on its own), the records it read decoding as they did.
u64 HistoryTransferBytes(const history_store *store);
u64 HistoryWriteTransfer(const history_store *store, u8 *out);
b32 HistoryReadTransfer(history_store *store, const u8 *in, u64 bytes);

#endif // PLATFORM_HISTORY_H
