//~ The pointer scan of a reload, mostly beside the frames: the bodies behind win32/reload/win32_pointer_prescan.h

global win32_pointer_prescan globalPointerPrescan;

internal void Win32MarkPointerPrescan(const win32_game_code *running, work_queue_system *queues)
{
    win32_pointer_prescan *prescan = &globalPointerPrescan;
    Win32DropPointerPrescan();
    win32_memory_snapshot *snapshot = Win32PointerGuardSnapshot();     // null until the guard started
    if (!snapshot || !snapshot->enabled) return;
    prescan->queues = queues;
    if (running->module) prescan->targets[prescan->targetCount++] = Win32ModuleTarget((u64)running->moduleBase, running->moduleSize);
    for (u32 heldIndex = 0; heldIndex < Win32HeldImageCount(); ++heldIndex)
    {
        const win32_held_image *held = Win32HeldImage(heldIndex);
        prescan->targets[prescan->targetCount++] = Win32ModuleTarget(held->base, held->size);
    }
    if (!prescan->targetCount) return;
    Win32MarkCopiedPages(snapshot);
    prescan->marked = 1;
}

internal void Win32RunPointerPrescan(void)
{
    win32_pointer_prescan *prescan = &globalPointerPrescan;
    if (!prescan->marked) return;
    win32_memory_snapshot *snapshot = Win32PointerGuardSnapshot();
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
    win32_memory_snapshot *snapshot = Win32PointerGuardSnapshot();
    if (snapshot) Win32StopMarkingCopiedPages(snapshot);
}

// One half of the swap's rescan, so a worker (idle at the frame boundary) takes the other.
struct win32_rescan_half
{
    const u8 *memory;
    u64 size;
    u32 pageSize;
    u32 targetCount;
    const u8 *bitmap;
    const pointer_scan_target *targets;
    pointer_scan_hit hits[WIN32_POINTER_HITS_KEPT];
    pointer_scan_result result;
};

internal PLATFORM_WORK_QUEUE_CALLBACK(Win32RescanHalf)
{
    (void)queue;
    win32_rescan_half *half = (win32_rescan_half *)data;
    half->result = ScanPagesForPointers(half->memory, half->size, half->pageSize, half->bitmap, half->targets,
                                        half->targetCount, half->hits, WIN32_POINTER_HITS_KEPT);
}

// Scans the pages marked in bitmap of live memory [0, scannedSize), the upper half on a worker.
internal pointer_scan_result Win32RescanMarkedPages(const u8 *bitmap, u64 scannedSize, const pointer_scan_target *targets,
                                                    u32 targetCount, pointer_scan_hit *hits, u32 maxHits)
{
    win32_memory_snapshot *snapshot = Win32PointerGuardSnapshot();
    // NOTE: the split is on an 8-page boundary, so the upper half's bitmap starts at a whole byte.
    u64 lowerPages = (scannedSize / snapshot->pageSize / 2) & ~7ull;
    u64 lowerSize = lowerPages * snapshot->pageSize;
    local_persist win32_rescan_half upper;
    upper.memory = snapshot->live + lowerSize;
    upper.size = scannedSize - lowerSize;
    upper.pageSize = snapshot->pageSize;
    upper.targetCount = targetCount;
    upper.bitmap = bitmap + lowerPages / 8;
    upper.targets = targets;
    work_queue_system *queues = globalPointerPrescan.queues;
    if (queues) AddWorkQueueEntry(&queues->highQueue, Win32RescanHalf, &upper);
    else Win32RescanHalf(0, &upper);
    pointer_scan_result result = ScanPagesForPointers(snapshot->live, lowerSize, snapshot->pageSize, bitmap, targets,
                                                      targetCount, hits, maxHits);
    if (queues) CompleteAllWork(&queues->highQueue);
    for (u32 hitIndex = 0; hitIndex < upper.result.hitsKept; ++hitIndex)
    {
        if (result.hitsKept == maxHits) break;
        hits[result.hitsKept] = upper.hits[hitIndex];
        hits[result.hitsKept++].memoryOffset += lowerSize;
    }
    result.hitCount += upper.result.hitCount;
    result.bytesScanned += upper.result.bytesScanned;
    return result;
}

internal b32 Win32FinishPointerPrescan(const pointer_scan_target *targets, u32 targetCount, u64 scannedSize,
                                       pointer_scan_hit *hits, u32 maxHits, pointer_scan_result *result)
{
    win32_pointer_prescan *prescan = &globalPointerPrescan;
    win32_memory_snapshot *snapshot = Win32PointerGuardSnapshot();
    if (!prescan->valid || targetCount != prescan->targetCount ||
        memcmp(targets, prescan->targets, targetCount * sizeof(*targets)) != 0 ||
        prescan->result.hitCount > prescan->result.hitsKept)
        return 0;
    // What may differ from what the prescan read: pages the syncs copied since the mark, pages game
    // code wrote since this frame's sync (drained work, gameCodeUnloading), and the frame scratch.
    u8 *rescan = snapshot->copiedSinceMark;
    if (!Win32MarkPagesChangedSinceSync(snapshot, rescan)) return 0;
    for (u64 page = snapshot->pageCount; page < scannedSize / snapshot->pageSize; ++page)
        if (BitmapBit(snapshot->everWritten, page)) rescan[page / 8] |= (u8)(1u << (page % 8));
    *result = Win32RescanMarkedPages(rescan, scannedSize, targets, targetCount, hits, maxHits);
    prescan->rescanBytes = result->bytesScanned;
    for (u32 hitIndex = 0; hitIndex < prescan->result.hitsKept; ++hitIndex)
    {
        const pointer_scan_hit *hit = prescan->hits + hitIndex;
        if (BitmapBit(rescan, hit->memoryOffset / snapshot->pageSize)) continue;
        if (result->hitsKept < maxHits) hits[result->hitsKept++] = *hit;
        ++result->hitCount;
    }
    result->bytesScanned += prescan->result.bytesScanned;
    return 1;
}

internal b32 Win32PointerPrescanUsed(u64 *rescanBytes)
{
    *rescanBytes = globalPointerPrescan.rescanBytes;
    return globalPointerPrescan.valid;
}
