//~ Pre-frame snapshot of game memory, kept current by copying only the pages written each frame
//
// NOTE: game memory is allocated with MEM_WRITE_WATCH, so Windows tracks which pages were written.
// At the start of every frame the pages written during the previous frame are copied into the
// snapshot, which then equals game memory as the new frame begins. If that frame crashes, the pages
// it wrote are copied back from the snapshot. The cost per frame is proportional to what the game
// writes, not to the size of game memory.

struct win32_memory_snapshot
{
    u8 *live;                   // game memory (allocated with MEM_WRITE_WATCH)
    u8 *copy;                   // same size: game memory as of the start of the current frame
    u64 size;
    void **dirtyPages;          // scratch for GetWriteWatch
    ULONG_PTR maxDirtyPages;
    u32 pageSize;
    b32 enabled;
    u64 pageCount;
    // One bit per page. everWritten: written at least once since start (a page never written is
    // still zero). writtenSinceMark: written since Win32ClearWrittenSinceMark (the live loop's start).
    u8 *everWritten;
    u8 *writtenSinceMark;

    // Figures
    u64 lastSyncBytes;
    f64 lastSyncSeconds;
    f64 totalSyncSeconds;
    u64 totalSyncBytes;
    u64 syncCount;
};

// Returns how many pages written since the last reset were found (all of them into dirtyPages).
internal ULONG_PTR Win32TakeWrittenPages(win32_memory_snapshot *snapshot)
{
    ULONG_PTR count = snapshot->maxDirtyPages;
    ULONG granularity = 0;
    if (GetWriteWatch(WRITE_WATCH_FLAG_RESET, snapshot->live, (SIZE_T)snapshot->size, snapshot->dirtyPages,
                      &count, &granularity) != 0)
    {
        return 0;
    }
    return count;
}

internal b32 Win32InitMemorySnapshot(win32_memory_snapshot *snapshot, void *liveMemory, u64 size)
{
    memset(snapshot, 0, sizeof(*snapshot));
    SYSTEM_INFO systemInfo;
    GetSystemInfo(&systemInfo);
    snapshot->pageSize = systemInfo.dwPageSize;
    snapshot->live = (u8 *)liveMemory;
    snapshot->size = size;
    snapshot->maxDirtyPages = (ULONG_PTR)(size / snapshot->pageSize) + 1;
    snapshot->pageCount = size / snapshot->pageSize;
    u64 bitmapBytes = (snapshot->pageCount + 7) / 8;
    snapshot->everWritten = (u8 *)VirtualAlloc(0, (SIZE_T)(2 * bitmapBytes), MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    snapshot->writtenSinceMark = snapshot->everWritten ? snapshot->everWritten + bitmapBytes : 0;
    snapshot->copy = (u8 *)VirtualAlloc(0, (SIZE_T)size, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    snapshot->dirtyPages = (void **)VirtualAlloc(0, (SIZE_T)(snapshot->maxDirtyPages * sizeof(void *)),
                                                 MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!snapshot->copy || !snapshot->dirtyPages || !snapshot->everWritten)
    {
        Win32Log(LogLevel_Warning, "snapshot: no memory for the pre-frame snapshot; crashes cannot be rolled back");
        return 0;
    }
    // Both start as zero pages; from here on, every written page is tracked.
    memcpy(snapshot->copy, snapshot->live, (size_t)size);
    Win32TakeWrittenPages(snapshot);
    snapshot->enabled = 1;
    return 1;
}

// Start of a frame, nothing running in game memory: bring the snapshot up to date.
internal void Win32SyncMemorySnapshot(win32_memory_snapshot *snapshot)
{
    if (!snapshot->enabled) return;
    f64 start = Win32Seconds();
    ULONG_PTR count = Win32TakeWrittenPages(snapshot);
    for (ULONG_PTR pageIndex = 0; pageIndex < count; ++pageIndex)
    {
        u64 offset = (u64)((u8 *)snapshot->dirtyPages[pageIndex] - snapshot->live);
        memcpy(snapshot->copy + offset, snapshot->live + offset, snapshot->pageSize);
        u64 page = offset / snapshot->pageSize;
        snapshot->everWritten[page / 8] |= (u8)(1u << (page % 8));
        snapshot->writtenSinceMark[page / 8] |= (u8)(1u << (page % 8));
    }
    snapshot->lastSyncBytes = (u64)count * snapshot->pageSize;
    snapshot->lastSyncSeconds = Win32Seconds() - start;
    snapshot->totalSyncSeconds += snapshot->lastSyncSeconds;
    snapshot->totalSyncBytes += snapshot->lastSyncBytes;
    ++snapshot->syncCount;
}

// After a crashed frame, nothing running: put back every page the frame wrote. Returns bytes restored.
internal u64 Win32RestoreMemorySnapshot(win32_memory_snapshot *snapshot)
{
    if (!snapshot->enabled) return 0;
    ULONG_PTR count = Win32TakeWrittenPages(snapshot);
    for (ULONG_PTR pageIndex = 0; pageIndex < count; ++pageIndex)
    {
        u64 offset = (u64)((u8 *)snapshot->dirtyPages[pageIndex] - snapshot->live);
        memcpy(snapshot->live + offset, snapshot->copy + offset, snapshot->pageSize);
    }
    // NOTE: the restore wrote those pages again; the next sync copies them once more, harmlessly.
    return (u64)count * snapshot->pageSize;
}

internal b32 Win32PageBit(const u8 *bitmap, u64 page)
{
    return (bitmap[page / 8] >> (page % 8)) & 1;
}

internal void Win32ClearWrittenSinceMark(win32_memory_snapshot *snapshot)
{
    memset(snapshot->writtenSinceMark, 0, (size_t)((snapshot->pageCount + 7) / 8));
}

// 64-bit FNV-1a over 8-byte words: used by tests and the live-loop log to compare memory states.
internal u64 Win32HashMemory(const void *memory, u64 size)
{
    const u64 *words = (const u64 *)memory;
    u64 wordCount = size / 8;
    u64 hash = 14695981039346656037ull;
    for (u64 wordIndex = 0; wordIndex < wordCount; ++wordIndex)
    {
        hash ^= words[wordIndex];
        hash *= 1099511628211ull;
    }
    return hash;
}
