#ifndef WIN32_POINTER_PRESCAN_H
#define WIN32_POINTER_PRESCAN_H
//~ The pointer scan of a reload, mostly beside the frames
//
// Scanning all game memory ever written for pointers into the code about to be replaced costs
// milliseconds per 10 MB; the frame would wait for it at every swap. So the scan is split:
//  1. Mark (main thread, between frames, once the new build is loaded): the targets (the running
//     code and the images the pointer guard holds) are fixed, and from now on the snapshot marks
//     every page a sync copies into its copy of game memory (Win32MarkCopiedPages).
//  2. Prescan (the reload loader's thread, while frames run): every page ever written of the
//     snapshot's copy (not of live memory: the copy changes only in syncs, which mark what they
//     change) is scanned for values inside the targets.
//  3. Finish (main thread, at the swap, right after the frame's sync, so live memory equals the
//     copy): the pages marked since step 1 and the frame scratch (never copied) are scanned again in
//     live memory; the prescan's hits on pages not marked still hold, exactly. Together: the same
//     hits as a full scan at the swap.
// A prescan is used only for the exact targets it was made for, with no live loop on, when it kept
// every hit, and while nothing rewrote game memory outside a sync (a migration or reset drops it):
// otherwise the swap scans in full, as before.
// Tested by: tests/suites/suite_reload_pointers.sh

struct win32_pointer_prescan
{
    b32 marked;                 // step 1 done; the prescan may run
    b32 valid;                  // step 2 done and still usable
    pointer_scan_target targets[WIN32_MAX_HELD_IMAGES + 1];
    u32 targetCount;
    u32 pad;
    pointer_scan_result result;
    pointer_scan_hit hits[WIN32_POINTER_HITS_KEPT];
    f64 seconds;                // the prescan's time on the loader thread
    u64 rescanBytes;            // the swap's part: bytes scanned again in step 3
    work_queue_system *queues;  // a worker takes half of step 3 (none: all on the main thread)
};

// Main thread, between frames: step 1 for the running code (and the held images). Step 3 hands
// half of its pages to a worker of queues.
internal void Win32MarkPointerPrescan(const win32_game_code *running, work_queue_system *queues);
// The loader thread, after the mark: step 2. Reads only the copy and the bitmaps.
internal void Win32RunPointerPrescan(void);
// Main thread: drops the prescan (after the swap, a refusal, or anything that rewrote game memory
// outside a sync) and stops the snapshot's marking.
internal void Win32DropPointerPrescan(void);
// Main thread, inside a scan at the swap with no live loop on (Win32ScanGameMemory): step 3 when the
// prescan fits these targets; false when it does not (then the caller scans in full). Hits land in hits[].
internal b32 Win32FinishPointerPrescan(const pointer_scan_target *targets, u32 targetCount, u64 scannedSize,
                                       pointer_scan_hit *hits, u32 maxHits, pointer_scan_result *result);
// Main thread, after a scan at the swap: true when it was made mostly beside the frames (step 3
// ran), with the bytes step 3 scanned again in *rescanBytes.
internal b32 Win32PointerPrescanUsed(u64 *rescanBytes);

#endif  // WIN32_POINTER_PRESCAN_H
