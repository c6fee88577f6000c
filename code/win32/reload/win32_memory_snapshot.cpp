//~ Pre-frame snapshot of game memory: the bodies behind win32/reload/win32_memory_snapshot.h

// Pages written since their watch was last re-armed (hot pages always count as written), in
// address order into dirtyPages. Nothing is re-armed here.
internal ULONG_PTR Win32ListWatchedPages(win32_memory_snapshot *snapshot)
{
    ULONG_PTR count = snapshot->maxDirtyPages;
    ULONG granularity = 0;
    if (GetWriteWatch(0, snapshot->live, (SIZE_T)snapshot->size, snapshot->dirtyPages, &count, &granularity) != 0)
    {
        return 0;
    }
    return count;
}

internal DWORD WINAPI Win32StateHashThread(void *parameter);

internal b32 Win32EnableStateHash(win32_memory_snapshot *snapshot, u64 hashPageCount, b32 inBackground)
{
    if (!snapshot->enabled) return 0;
    hashPageCount = Minimum(hashPageCount, snapshot->pageCount);
    snapshot->pageHashes = (u64 *)VirtualAlloc(0, (SIZE_T)(hashPageCount * (sizeof(u64) + sizeof(u32))),
                                               MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    snapshot->changedPages = snapshot->pageHashes ? (u32 *)(snapshot->pageHashes + hashPageCount) : 0;
    if (!snapshot->pageHashes)
    {
        Win32Log(LogLevel_Warning, "snapshot: no memory for the state hash; capsules are off");
        return 0;
    }
    snapshot->hashPageCount = hashPageCount;
    snapshot->stateHash = 0;
    if (inBackground)
    {
        snapshot->hashWake = CreateEventW(0, FALSE, FALSE, 0);
        snapshot->hashDone = CreateEventW(0, FALSE, FALSE, 0);
        snapshot->hashThread = (snapshot->hashWake && snapshot->hashDone) ?
                               CreateThread(0, 0, Win32StateHashThread, snapshot, 0, 0) : 0;
        if (snapshot->hashThread)
        {
            Win32NotePlatformThread(GetThreadId(snapshot->hashThread), "state hasher");
            snapshot->hashInBackground = 1;
        }
        else Win32Log(LogLevel_Warning, "snapshot: no state hasher thread; the state hash is kept on the main thread");
    }
    return 1;
}

// The copy's page changed: listed, and rehashed at the end of the sync (one timed pass).
internal void Win32NoteCopyPageChanged(win32_memory_snapshot *snapshot, u64 page)
{
    if (page < snapshot->hashPageCount) snapshot->changedPages[snapshot->changedPageCount++] = (u32)page;
}

// Every page the sync changed below hashPageCount: its share of the state hash follows. The hash
// of this sync is then kept by its number.
internal void Win32RehashChangedPages(win32_memory_snapshot *snapshot)
{
    f64 start = Win32Seconds();
    for (u64 index = 0; index < snapshot->changedPageCount; ++index)
    {
        u64 page = snapshot->changedPages[index];
        u64 pageHash = HashPage(snapshot->copy + page * snapshot->pageSize, snapshot->pageSize);
        snapshot->stateHash ^= MixPageHash(page, snapshot->pageHashes[page]) ^ MixPageHash(page, pageHash);
        snapshot->pageHashes[page] = pageHash;
    }
    snapshot->changedPageCount = 0;
    snapshot->hashSeconds = Win32Seconds() - start;
    u64 slot = snapshot->hashedCount++ % ArrayCount(snapshot->hashedSyncs);
    snapshot->hashedSyncs[slot] = snapshot->hashJobSync;
    snapshot->hashedValues[slot] = snapshot->stateHash;
}

internal DWORD WINAPI Win32StateHashThread(void *parameter)
{
    win32_memory_snapshot *snapshot = (win32_memory_snapshot *)parameter;
    for (;;)
    {
        WaitForSingleObject(snapshot->hashWake, INFINITE);
        if (InterlockedCompareExchange(&snapshot->hashStopRequested, 0, 0)) return 0;
        Win32RehashChangedPages(snapshot);
        InterlockedExchange(&snapshot->hashBusy, 0);
        SetEvent(snapshot->hashDone);
    }
}

// Main thread: the hasher is done with the last sync's pages (the copy may change again).
internal void Win32WaitForStateHash(win32_memory_snapshot *snapshot)
{
    snapshot->hashWaitSeconds = 0.0;
    if (!snapshot->hashBusy) return;
    f64 start = Win32Seconds();
    while (snapshot->hashBusy) WaitForSingleObject(snapshot->hashDone, 100);
    snapshot->hashWaitSeconds = Win32Seconds() - start;
}

internal void Win32HashStateOnMainThread(win32_memory_snapshot *snapshot, b32 onMainThread)
{
    Win32WaitForStateHash(snapshot);
    snapshot->hashInBackground = !onMainThread && snapshot->hashThread != 0;
}

internal void Win32StopStateHasher(win32_memory_snapshot *snapshot)
{
    if (!snapshot->hashThread) return;
    Win32WaitForStateHash(snapshot);
    InterlockedExchange(&snapshot->hashStopRequested, 1);
    SetEvent(snapshot->hashWake);
    WaitForSingleObject(snapshot->hashThread, INFINITE);
    CloseHandle(snapshot->hashThread);
    snapshot->hashThread = 0;
    snapshot->hashInBackground = 0;
}

internal u64 Win32CurrentStateHash(win32_memory_snapshot *snapshot)
{
    Win32WaitForStateHash(snapshot);
    return snapshot->stateHash;
}

internal b32 Win32StateHashOfSync(win32_memory_snapshot *snapshot, u64 sync, u64 *hash)
{
    if (snapshot->hashBusy && snapshot->hashJobSync == sync) Win32WaitForStateHash(snapshot);
    for (u32 slot = 0; slot < ArrayCount(snapshot->hashedSyncs); ++slot)
    {
        if (slot < snapshot->hashedCount && snapshot->hashedSyncs[slot] == sync)
        {
            *hash = snapshot->hashedValues[slot];
            return 1;
        }
    }
    return 0;
}

// Copies the run (from live into the snapshot, or back with toLive) and re-arms its watch. Into the
// snapshot, the watch is re-armed first: a write racing with the copy (a background task) marks the
// page again for the next sync. Back into live (a restore, nothing running), it is re-armed after,
// so that the restore's own writes do not count as written by the next frame.
internal void Win32RearmAndCopyRun(win32_memory_snapshot *snapshot, win32_page_run *run, b32 toLive)
{
    if (!run->pageCount) return;
    u64 offset = run->firstPage * snapshot->pageSize;
    u64 bytes = run->pageCount * snapshot->pageSize;
    if (toLive)
    {
        memcpy(snapshot->live + offset, snapshot->copy + offset, (size_t)bytes);
        ResetWriteWatch(snapshot->live + offset, (SIZE_T)bytes);
    }
    else
    {
        ResetWriteWatch(snapshot->live + offset, (SIZE_T)bytes);
        if (snapshot->trackCopied)
            for (u64 page = run->firstPage; page < run->firstPage + run->pageCount; ++page)
                snapshot->copiedSinceMark[page / 8] |= (u8)(1u << (page % 8));
        for (u32 owner = 0; owner < snapshot->changeBitmapCount; ++owner)
            for (u64 page = run->firstPage; page < run->firstPage + run->pageCount; ++page)
                BitmapSet(snapshot->changeBitmaps[owner], page);
        memcpy(snapshot->copy + offset, snapshot->live + offset, (size_t)bytes);
        if (snapshot->hashPageCount)
            for (u64 page = run->firstPage; page < run->firstPage + run->pageCount; ++page)
                Win32NoteCopyPageChanged(snapshot, page);
    }
    snapshot->totalArmedPages += run->pageCount;
    run->pageCount = 0;
}

internal void Win32AddPageToRun(win32_memory_snapshot *snapshot, win32_page_run *run, u64 page, b32 toLive)
{
    if (run->pageCount && run->firstPage + run->pageCount == page)
    {
        ++run->pageCount;
        return;
    }
    Win32RearmAndCopyRun(snapshot, run, toLive);
    run->firstPage = page;
    run->pageCount = 1;
}

internal b32 Win32InitMemorySnapshot(win32_memory_snapshot *snapshot, void *liveMemory, u64 size, u64 scratchSize)
{
    memset(snapshot, 0, sizeof(*snapshot));
    SYSTEM_INFO systemInfo;
    GetSystemInfo(&systemInfo);
    snapshot->pageSize = systemInfo.dwPageSize;
    snapshot->live = (u8 *)liveMemory;
    snapshot->size = size;
    snapshot->scratchSize = scratchSize;
    snapshot->maxDirtyPages = (ULONG_PTR)(Maximum(size, scratchSize) / snapshot->pageSize) + 1;
    snapshot->pageCount = size / snapshot->pageSize;
    u64 bitmapBytes = (snapshot->pageCount + scratchSize / snapshot->pageSize + 7) / 8;
    u64 perPageBytes = 3 * bitmapBytes + snapshot->pageCount * (sizeof(u8) + sizeof(u32));
    snapshot->lastWrittenSync = (u32 *)VirtualAlloc(0, (SIZE_T)perPageBytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    snapshot->pageHeat = snapshot->lastWrittenSync ? (u8 *)(snapshot->lastWrittenSync + snapshot->pageCount) : 0;
    snapshot->everWritten = snapshot->pageHeat ? snapshot->pageHeat + snapshot->pageCount : 0;
    snapshot->writtenSinceMark = snapshot->everWritten ? snapshot->everWritten + bitmapBytes : 0;
    snapshot->copiedSinceMark = snapshot->writtenSinceMark ? snapshot->writtenSinceMark + bitmapBytes : 0;
    // NOTE: committed, not touched: pages the game never writes are never copied, so they cost
    // nothing at start-up (the system zero-fills a page on its first touch).
    snapshot->copy = (u8 *)VirtualAlloc(0, (SIZE_T)size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    snapshot->dirtyPages = (void **)VirtualAlloc(0, (SIZE_T)(snapshot->maxDirtyPages * sizeof(void *)),
                                                 MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!snapshot->copy || !snapshot->dirtyPages || !snapshot->lastWrittenSync)
    {
        Win32Log(LogLevel_Warning, "snapshot: no memory for the pre-frame snapshot; crashes cannot be rolled back");
        return 0;
    }
    // Both start as zero pages; a page written before the first sync is copied by it.
    snapshot->enabled = 1;
    return 1;
}

internal b32 Win32AddSnapshotChangeBitmap(win32_memory_snapshot *snapshot, u8 *bits)
{
    if (snapshot->changeBitmapCount == WIN32_SNAPSHOT_CHANGE_BITMAPS) return 0;
    snapshot->changeBitmaps[snapshot->changeBitmapCount++] = bits;
    return 1;
}

// A hot page's copy: the change bitmaps mark it, the state hash follows.
internal void Win32CopyPageIntoSnapshot(win32_memory_snapshot *snapshot, u64 page)
{
    u64 offset = page * snapshot->pageSize;
    if (snapshot->trackCopied) snapshot->copiedSinceMark[page / 8] |= (u8)(1u << (page % 8));
    for (u32 owner = 0; owner < snapshot->changeBitmapCount; ++owner) BitmapSet(snapshot->changeBitmaps[owner], page);
    memcpy(snapshot->copy + offset, snapshot->live + offset, snapshot->pageSize);
    Win32NoteCopyPageChanged(snapshot, page);
}

// One written page at sync: copy it (hot: only when it changed) and decide its heat. Cold pages and
// pages turning cold go into the run to re-arm; the caller flushes the run.
internal u64 Win32SyncWrittenPage(win32_memory_snapshot *snapshot, u64 page, win32_page_run *rearm)
{
    u64 offset = page * snapshot->pageSize;
    u32 syncNumber = (u32)snapshot->syncCount + 1;
    u32 lastWritten = snapshot->lastWrittenSync[page];
    b32 writtenRecently = lastWritten && (syncNumber - lastWritten <= WIN32_SNAPSHOT_REWRITE_SYNCS);
    u8 heat = snapshot->pageHeat[page];
    b32 changed = 1;
    if (heat & WIN32_SNAPSHOT_HOT)
    {
        changed = memcmp(snapshot->copy + offset, snapshot->live + offset, snapshot->pageSize) != 0;
        heat = changed ? (u8)WIN32_SNAPSHOT_HOT : (u8)(heat + 1);
        if (changed) Win32CopyPageIntoSnapshot(snapshot, page);
        if ((heat & ~WIN32_SNAPSHOT_HOT) >= WIN32_SNAPSHOT_QUIET_SYNCS)
        {
            heat = 0;
            --snapshot->hotPageCount;
            Win32AddPageToRun(snapshot, rearm, page, 0);
        }
    }
    else if (writtenRecently)
    {
        // Written again soon: from now on copied without faulting.
        heat = WIN32_SNAPSHOT_HOT;
        ++snapshot->hotPageCount;
        Win32CopyPageIntoSnapshot(snapshot, page);
    }
    else
    {
        Win32AddPageToRun(snapshot, rearm, page, 0);
    }
    snapshot->pageHeat[page] = heat;
    if (!changed) return 0;
    snapshot->lastWrittenSync[page] = syncNumber;
    snapshot->everWritten[page / 8] |= (u8)(1u << (page % 8));
    snapshot->writtenSinceMark[page / 8] |= (u8)(1u << (page % 8));
    return snapshot->pageSize;
}

internal void Win32SyncMemorySnapshot(win32_memory_snapshot *snapshot)
{
    if (!snapshot->enabled) return;
    // NOTE: the hasher reads the copy: it must be done with the last sync before this one writes it.
    Win32WaitForStateHash(snapshot);
    f64 start = Win32Seconds();
    ULONG_PTR count = Win32ListWatchedPages(snapshot);
    win32_page_run rearm = {};
    u64 copiedBytes = 0;
    for (ULONG_PTR pageIndex = 0; pageIndex < count; ++pageIndex)
    {
        u64 page = (u64)((u8 *)snapshot->dirtyPages[pageIndex] - snapshot->live) / snapshot->pageSize;
        copiedBytes += Win32SyncWrittenPage(snapshot, page, &rearm);
    }
    Win32RearmAndCopyRun(snapshot, &rearm, 0);
    snapshot->lastSyncBytes = copiedBytes;
    snapshot->lastSyncSeconds = Win32Seconds() - start;
    snapshot->totalSyncSeconds += snapshot->lastSyncSeconds;
    snapshot->totalSyncBytes += snapshot->lastSyncBytes;
    snapshot->recentSyncSeconds[snapshot->syncCount % WIN32_SNAPSHOT_RECENT_SYNCS] = (f32)snapshot->lastSyncSeconds;
    ++snapshot->syncCount;
    if (snapshot->hashPageCount)
    {
        snapshot->hashJobSync = snapshot->syncCount;
        if (snapshot->hashInBackground)
        {
            InterlockedExchange(&snapshot->hashBusy, 1);
            SetEvent(snapshot->hashWake);
        }
        else Win32RehashChangedPages(snapshot);
    }
}

internal u64 Win32RestoreMemorySnapshot(win32_memory_snapshot *snapshot)
{
    if (!snapshot->enabled) return 0;
    ULONG_PTR count = Win32ListWatchedPages(snapshot);
    win32_page_run rearm = {};
    u64 restored = 0;
    for (ULONG_PTR pageIndex = 0; pageIndex < count; ++pageIndex)
    {
        u64 offset = (u64)((u8 *)snapshot->dirtyPages[pageIndex] - snapshot->live);
        u64 page = offset / snapshot->pageSize;
        if (snapshot->pageHeat[page] & WIN32_SNAPSHOT_HOT)
        {
            if (memcmp(snapshot->live + offset, snapshot->copy + offset, snapshot->pageSize) == 0) continue;
            memcpy(snapshot->live + offset, snapshot->copy + offset, snapshot->pageSize);
        }
        else
        {
            Win32AddPageToRun(snapshot, &rearm, page, 1);
        }
        restored += snapshot->pageSize;
    }
    Win32RearmAndCopyRun(snapshot, &rearm, 1);
    return restored;
}

internal u64 Win32NoteScratchPages(win32_memory_snapshot *snapshot)
{
    if (!snapshot->enabled || !snapshot->scratchSize) return snapshot->size;
    u8 *scratch = snapshot->live + snapshot->size;
    ULONG_PTR count = snapshot->maxDirtyPages;
    ULONG granularity = 0;
    if (GetWriteWatch(0, scratch, (SIZE_T)snapshot->scratchSize, snapshot->dirtyPages, &count, &granularity) != 0)
    {
        // NOTE: unknown pages: scan all of the scratch rather than miss one.
        u64 scratchPages = snapshot->scratchSize / snapshot->pageSize;
        for (u64 page = snapshot->pageCount; page < snapshot->pageCount + scratchPages; ++page)
            snapshot->everWritten[page / 8] |= (u8)(1u << (page % 8));
        return snapshot->size + snapshot->scratchSize;
    }
    for (ULONG_PTR pageIndex = 0; pageIndex < count; ++pageIndex)
    {
        u64 page = (u64)((u8 *)snapshot->dirtyPages[pageIndex] - snapshot->live) / snapshot->pageSize;
        snapshot->everWritten[page / 8] |= (u8)(1u << (page % 8));
    }
    return snapshot->size + snapshot->scratchSize;
}

internal void Win32MarkCopiedPages(win32_memory_snapshot *snapshot)
{
    if (!snapshot->enabled) return;
    u64 bitmapBytes = (snapshot->pageCount + snapshot->scratchSize / snapshot->pageSize + 7) / 8;
    memset(snapshot->copiedSinceMark, 0, (size_t)bitmapBytes);
    snapshot->trackCopied = 1;
}

internal void Win32StopMarkingCopiedPages(win32_memory_snapshot *snapshot)
{
    snapshot->trackCopied = 0;
}

internal b32 Win32MarkPagesChangedSinceSync(win32_memory_snapshot *snapshot, u8 *bitmap)
{
    ULONG_PTR count = snapshot->maxDirtyPages;
    ULONG granularity = 0;
    if (GetWriteWatch(0, snapshot->live, (SIZE_T)snapshot->size, snapshot->dirtyPages, &count, &granularity) != 0)
        return 0;
    for (ULONG_PTR pageIndex = 0; pageIndex < count; ++pageIndex)
    {
        // NOTE: a hot page is always listed (its watch is never re-armed), so it is marked whether or
        // not it changed: comparing it with the copy would read twice what scanning it reads.
        u64 page = (u64)((u8 *)snapshot->dirtyPages[pageIndex] - snapshot->live) / snapshot->pageSize;
        bitmap[page / 8] |= (u8)(1u << (page % 8));
    }
    return 1;
}

internal f64 Win32MedianSyncSeconds(win32_memory_snapshot *snapshot)
{
    return MedianOfSamples(snapshot->recentSyncSeconds,
                                (u32)Minimum(snapshot->syncCount, (u64)WIN32_SNAPSHOT_RECENT_SYNCS));
}

internal void Win32ClearWrittenSinceMark(win32_memory_snapshot *snapshot)
{
    memset(snapshot->writtenSinceMark, 0, (size_t)((snapshot->pageCount + 7) / 8));
}

