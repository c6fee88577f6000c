//~ The pointer scan of a reload, mostly beside the frames: the bodies behind win32/reload/win32_pointer_prescan.h

win32_pointer_prescan globalPointerPrescan;

internal void Win32MarkPointerPrescan(const win32_game_code *running)
{
    win32_pointer_prescan *prescan = &globalPointerPrescan;
    win32_pointer_guard *guard = &globalPointerGuard;
    Win32DropPointerPrescan();
    if (!guard->initialized || !guard->snapshot || !guard->snapshot->enabled) return;
    if (running->module) prescan->targets[prescan->targetCount++] = Win32ModuleTarget((u64)running->moduleBase, running->moduleSize);
    for (u32 heldIndex = 0; heldIndex < guard->heldCount; ++heldIndex)
        prescan->targets[prescan->targetCount++] = Win32ModuleTarget(guard->held[heldIndex].base, guard->held[heldIndex].size);
    if (!prescan->targetCount) return;
    Win32MarkCopiedPages(guard->snapshot);
    prescan->marked = 1;
}

internal void Win32RunPointerPrescan(void)
{
    win32_pointer_prescan *prescan = &globalPointerPrescan;
    if (!prescan->marked) return;
    win32_memory_snapshot *snapshot = globalPointerGuard.snapshot;
    f64 start = Win32Seconds();
    prescan->result = ScanPagesForPointers(snapshot->copy, snapshot->pageCount * snapshot->pageSize, snapshot->pageSize,
                                           snapshot->everWritten, prescan->targets, prescan->targetCount, prescan->hits,
                                           WIN32_POINTER_HITS_KEPT);
    prescan->seconds = Win32Seconds() - start;
    prescan->valid = 1;
}

internal void Win32DropPointerPrescan(void)
{
    win32_pointer_prescan *prescan = &globalPointerPrescan;
    prescan->marked = 0;
    prescan->valid = 0;
    prescan->targetCount = 0;
    if (globalPointerGuard.snapshot) Win32StopMarkingCopiedPages(globalPointerGuard.snapshot);
}

internal b32 Win32FinishPointerPrescan(const pointer_scan_target *targets, u32 targetCount, u64 scannedSize,
                                       pointer_scan_hit *hits, u32 maxHits, pointer_scan_result *result)
{
    win32_pointer_prescan *prescan = &globalPointerPrescan;
    win32_memory_snapshot *snapshot = globalPointerGuard.snapshot;
    if (!prescan->valid || globalPointerGuard.loopMark || targetCount != prescan->targetCount ||
        memcmp(targets, prescan->targets, targetCount * sizeof(*targets)) != 0 ||
        prescan->result.hitCount > prescan->result.hitsKept)
        return 0;
    // What may differ from what the prescan read: pages the syncs copied since the mark, pages game
    // code wrote since this frame's sync (drained work, gameCodeUnloading), and the frame scratch.
    u8 *rescan = snapshot->copiedSinceMark;
    if (!Win32MarkPagesChangedSinceSync(snapshot, rescan)) return 0;
    for (u64 page = snapshot->pageCount; page < scannedSize / snapshot->pageSize; ++page)
        if (Win32PageBit(snapshot->everWritten, page)) rescan[page / 8] |= (u8)(1u << (page % 8));
    *result = ScanPagesForPointers(snapshot->live, scannedSize, snapshot->pageSize, rescan, targets, targetCount, hits,
                                   maxHits);
    prescan->rescanBytes = result->bytesScanned;
    for (u32 hitIndex = 0; hitIndex < prescan->result.hitsKept; ++hitIndex)
    {
        const pointer_scan_hit *hit = prescan->hits + hitIndex;
        if (Win32PageBit(rescan, hit->memoryOffset / snapshot->pageSize)) continue;
        if (result->hitsKept < maxHits) hits[result->hitsKept++] = *hit;
        ++result->hitCount;
    }
    result->bytesScanned += prescan->result.bytesScanned;
    return 1;
}
