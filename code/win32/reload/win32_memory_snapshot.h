#ifndef WIN32_MEMORY_SNAPSHOT_H
#define WIN32_MEMORY_SNAPSHOT_H
//~ Pre-frame snapshot of game memory, kept current by copying only the pages written each frame
//
// NOTE: game memory is allocated with MEM_WRITE_WATCH, so Windows tracks which pages were written.
// At the start of every frame the pages written during the previous frame are copied into the
// snapshot, which then equals game memory as the new frame begins. If that frame crashes, the pages
// it wrote are copied back from the snapshot. The cost per frame is proportional to what the game
// writes, not to the size of game memory.
// NOTE: re-arming a page's watch makes its next write fault (under Wine a signal and an mprotect,
// 5-25 us; a 4 KB copy costs well under 1 us). So a page written again within
// WIN32_SNAPSHOT_REWRITE_SYNCS frames (every frame, or every other: double buffers) turns hot:
// its watch is no longer re-armed, and every sync compares it with the snapshot and copies it when
// it changed. A hot page that stays unchanged for WIN32_SNAPSHOT_QUIET_SYNCS syncs turns cold
// again (re-armed). Either way the snapshot equals game memory at every frame start.
// NOTE: the frame scratch (game_memory.frameScratch) follows game memory in the same reservation and
// is none of this: never copied, never restored, its watch never re-armed. Its pages ever written
// join everWritten only for the pointer scan (Win32NoteScratchPages).
// Tested by: tests/suites/suite_live_editing.sh, tests/suites/suite_adversarial_games.sh, tests/suites/suite_misuse_games.sh

#define WIN32_SNAPSHOT_QUIET_SYNCS 16
#define WIN32_SNAPSHOT_REWRITE_SYNCS 4
#define WIN32_SNAPSHOT_RECENT_SYNCS 256    // sync times kept for the median in the run report
#define WIN32_SNAPSHOT_HOT 0x80u        // page_heat: watch not re-armed; the low bits count quiet syncs

#define WIN32_SNAPSHOT_CHANGE_BITMAPS 4           // owners' bitmaps of the pages a sync changes

struct win32_memory_snapshot
{
    u8 *live;                   // game memory (allocated with MEM_WRITE_WATCH)
    u8 *copy;                   // same size: game memory as of the start of the current frame
    u64 size;
    u64 scratchSize;            // the frame scratch, right after game memory
    void **dirtyPages;          // scratch for GetWriteWatch
    ULONG_PTR maxDirtyPages;
    u32 pageSize;
    b32 enabled;
    u64 pageCount;
    // One bit per page. everWritten: written at least once since start (a page never written is
    // still zero); it also covers the frame scratch's pages, after game memory's pageCount.
    // writtenSinceMark: written since Win32ClearWrittenSinceMark (the live loop's start).
    u8 *everWritten;
    u8 *writtenSinceMark;
    // copiedSinceMark: pages of the copy a sync overwrote since Win32MarkCopiedPages, while
    // trackCopied is set (a pointer scan of the copy made beside the frames rescans only these).
    u8 *copiedSinceMark;
    b32 trackCopied;
    // Their owners' bitmaps (Win32AddSnapshotChangeBitmap): every page a sync changes in the copy is
    // set in each (the timeline's: what changed since its newest keyframe, win32/timeline/).
    u8 *changeBitmaps[WIN32_SNAPSHOT_CHANGE_BITMAPS];
    u32 changeBitmapCount;
    u8 *pageHeat;               // per page: WIN32_SNAPSHOT_HOT and the quiet-sync count
    u32 *lastWrittenSync;       // per page: 1 + the sync that last found it written (0: never)
    u64 hotPageCount;
    // The state hash (capsules, win32/capsule/): over the copy's pages below hashPageCount (the
    // permanent storage), kept current page by page as the sync copies them, so a frame pays for
    // the pages it wrote only. stateHash is the XOR of MixPageHash(page, its hash); a zero
    // page contributes nothing, so pages never written need no hashing.
    u64 hashPageCount;
    u64 *pageHashes;            // per page below hashPageCount (0: zero page)
    u32 *changedPages;          // the pages a sync changed, rehashed in one pass at its end
    u64 changedPageCount;
    u64 stateHash;
    f64 hashSeconds;            // the last rehash's time (on the hasher thread when in the background)
    // In the background (the recording): the sync hands its changed pages to the hasher thread and
    // returns; the copy does not change until the next sync, which waits for that hash first. The
    // hashes of the last syncs are kept by sync number (syncCount after that sync).
    b32 hashInBackground;
    HANDLE hashWake;
    HANDLE hashDone;
    HANDLE hashThread;
    volatile LONG hashStopRequested;
    volatile LONG hashBusy;
    u64 hashJobSync;            // the sync whose pages the hasher is hashing
    f64 hashWaitSeconds;        // the main thread's last wait for the hasher
    u64 hashedSyncs[4];         // a ring: sync number ...
    u64 hashedValues[4];        //   ... and the state hash after it
    u64 hashedCount;

    // Figures
    u64 lastSyncBytes;
    f64 lastSyncSeconds;
    f64 totalSyncSeconds;
    u64 totalSyncBytes;
    u64 syncCount;
    u64 totalArmedPages;        // pages whose watch a sync re-armed (each costs a fault when written again)
    f32 recentSyncSeconds[WIN32_SNAPSHOT_RECENT_SYNCS];     // a ring, by syncCount
};

// A run of contiguous pages whose watch is re-armed and which are then copied one way.
struct win32_page_run
{
    u64 firstPage;
    u64 pageCount;
};

// Main thread at start-up, before the game first runs: the copy of game memory and its per-page
// bookkeeping; false (logged) when there is no memory for it (then no rollback).
internal b32 Win32InitMemorySnapshot(win32_memory_snapshot *snapshot, void *liveMemory, u64 size, u64 scratchSize);
// Start of a frame, nothing running in game code: bring the snapshot up to date.
internal void Win32SyncMemorySnapshot(win32_memory_snapshot *snapshot);
// After a crashed frame, nothing running: put back every page the frame wrote (every cold page
// whose watch fired, every hot page that differs). Returns bytes restored.
internal u64 Win32RestoreMemorySnapshot(win32_memory_snapshot *snapshot);
// Before a pointer scan, nothing running: marks the frame scratch's pages ever written in everWritten
// (after pageCount). Its watch is never re-armed, so every page written since start is listed.
// Returns the bytes from snapshot->live that the scan must cover.
internal u64 Win32NoteScratchPages(win32_memory_snapshot *snapshot);
// The median of the last WIN32_SNAPSHOT_RECENT_SYNCS syncs' times (the run report).
internal f64 Win32MedianSyncSeconds(win32_memory_snapshot *snapshot);
// Main thread, when the live loop marks or restores memory: no page counts as written since.
internal void Win32ClearWrittenSinceMark(win32_memory_snapshot *snapshot);
// Main thread, between frames: from now on every page a sync copies into snapshot->copy is marked in
// copiedSinceMark (cleared here), until Win32StopMarkingCopiedPages. So a reader of the copy on
// another thread knows which pages may have changed under it.
internal void Win32MarkCopiedPages(win32_memory_snapshot *snapshot);
internal void Win32StopMarkingCopiedPages(win32_memory_snapshot *snapshot);
// Main thread, between syncs: sets in bitmap the pages of game memory whose live contents may differ
// from the copy (a cold page whose watch fired since the last sync, and every hot page), e.g. what
// game code wrote after this frame's sync. False when the watch cannot be read.
internal b32 Win32MarkPagesChangedSinceSync(win32_memory_snapshot *snapshot, u8 *bitmap);
// Main thread at start-up: from now on every page a sync (or a restore into the copy) changes in the
// copy is set in bits (a bitmap of pageCount pages its owner keeps and clears). False when
// WIN32_SNAPSHOT_CHANGE_BITMAPS are registered already.
internal b32 Win32AddSnapshotChangeBitmap(win32_memory_snapshot *snapshot, u8 *bits);
// Main thread at start-up (after Win32InitMemorySnapshot): keeps stateHash over the first
// hashPageCount pages, on a thread of its own when inBackground. False (logged) without memory for it.
internal b32 Win32EnableStateHash(win32_memory_snapshot *snapshot, u64 hashPageCount, b32 inBackground);
// Main thread, when no sync follows (the old process of a hot restart): the hasher thread ends,
// once done with the last sync; the state hash is then kept on the main thread.
internal void Win32StopStateHasher(win32_memory_snapshot *snapshot);
// Main thread, between syncs: the state hash is kept on the main thread (onMainThread) or, when the
// hasher thread exists, back on it. Runs of many short syncs (the timeline re-running frames) keep it
// on the main thread: a hasher's wake and wait per sync would cost more than hashing the few pages.
internal void Win32HashStateOnMainThread(win32_memory_snapshot *snapshot, b32 onMainThread);
// Main thread: the state hash as of the last sync (waits for the hasher when it is still at it).
internal u64 Win32CurrentStateHash(win32_memory_snapshot *snapshot);
// Main thread: the state hash right after sync number `sync` (a recent one); false when no longer kept.
internal b32 Win32StateHashOfSync(win32_memory_snapshot *snapshot, u64 sync, u64 *hash);

#endif  // WIN32_MEMORY_SNAPSHOT_H
