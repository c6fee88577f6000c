//~ Pointers into old game code: the bodies behind win32/reload/win32_pointer_scan.h

global win32_pointer_guard globalPointerGuard;

internal void Win32InitPointerGuard(b32 strict, win32_memory_snapshot *snapshot, u64 permanentSize,
                                    const state_layout *memoryLayout, const win32_game_code *runningCode,
                                    const char *fallbackPath, const b32 *haveFallback)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    memset(guard, 0, sizeof(*guard));
    guard->initialized = 1;
    guard->strict = strict;
    guard->snapshot = snapshot;
    guard->permanentSize = permanentSize;
    guard->memoryLayout = memoryLayout;
    guard->runningCode = runningCode;
    guard->fallbackPath = fallbackPath;
    guard->haveFallback = haveFallback;
}

internal void Win32PointerGuardFrameStep(win32_state *state)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    if (!guard->initialized)
    {
        Win32InitPointerGuard(state->options.strictPointers, &state->snapshot, state->memory.permanentStorageSize,
                              &state->reloader.memoryLayout, &state->game, state->reloader.fallbackPath,
                              &state->reloader.haveFallback);
        if (!state->snapshot.enabled)
            Win32Log(LogLevel_Warning, "pointers: no write-watch data (see snapshot above): old game code is freed "
                     "without scanning game memory for pointers into it");
    }
    guard->loopMark = (state->loop.mode != LiveLoop_Off && state->loop.available) ? state->loop.markedMemory : 0;
    Win32RescanHeldImages(0);
    if (guard->pendingNotice[0])
    {
        Win32PostNotice(state, LogLevel_Warning, "%s", guard->pendingNotice);
        guard->pendingNotice[0] = 0;
    }
    guard->swapScanSeconds = 0.0;
    guard->swapThreadScanSeconds = 0.0;
    guard->swapThreadsScanned = 0;
}

internal void Win32SetPointerGuardLayout(const state_layout *memoryLayout)
{
    globalPointerGuard.memoryLayout = memoryLayout;
}

internal void Win32GetSwapScanFigures(f64 *pointerSeconds, f64 *threadSeconds, u32 *threadsScanned)
{
    *pointerSeconds = globalPointerGuard.swapScanSeconds;
    *threadSeconds = globalPointerGuard.swapThreadScanSeconds;
    *threadsScanned = globalPointerGuard.swapThreadsScanned;
}

internal win32_memory_snapshot *Win32PointerGuardSnapshot(void)
{
    return globalPointerGuard.snapshot;
}

internal const win32_game_code *Win32PointerGuardRunningCode(void)
{
    return globalPointerGuard.runningCode;
}

internal u32 Win32HeldImageCount(void)
{
    return globalPointerGuard.heldCount;
}

internal const win32_held_image *Win32HeldImage(u32 index)
{
    return globalPointerGuard.held + index;
}

internal b32 Win32IsRunningGameCode(const win32_game_code *code)
{
    return globalPointerGuard.initialized && code == globalPointerGuard.runningCode;
}

internal b32 Win32PointerGuardIsShuttingDown(void)
{
    return globalPointerGuard.shuttingDown;
}

internal b32 Win32PointerGuardHoldsPath(const char *path)
{
    for (u32 heldIndex = 0; heldIndex < globalPointerGuard.heldCount; ++heldIndex)
        if (path[0] && strcmp(globalPointerGuard.held[heldIndex].loadedPath, path) == 0) return 1;
    return 0;
}

// Scans the pages ever written for values inside the targets. Hits land in guard->hits.
internal pointer_scan_result Win32ScanGameMemory(const pointer_scan_target *targets, u32 targetCount)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    pointer_scan_result result = {};
    if (!guard->snapshot || !guard->snapshot->enabled || !targetCount) return result;
    f64 start = Win32Seconds();
    win32_memory_snapshot *snapshot = guard->snapshot;
    u64 size = snapshot->pageCount * snapshot->pageSize;
    u64 scannedSize = Win32NoteScratchPages(snapshot);     // game memory and the frame scratch after it
    // At a swap whose scan was mostly made beside the frames: only what changed since (win32_pointer_prescan.h).
    if (!guard->loopMark &&
        Win32FinishPointerPrescan(targets, targetCount, scannedSize, guard->hits, WIN32_POINTER_HITS_KEPT, &result))
    {
        guard->lastScanSeconds = Win32Seconds() - start;
        guard->lastScanBytes = result.bytesScanned;
        guard->swapScanSeconds += guard->lastScanSeconds;
        return result;
    }
    result = ScanPagesForPointers(snapshot->live, scannedSize, snapshot->pageSize, snapshot->everWritten, targets,
                                  targetCount, guard->hits, WIN32_POINTER_HITS_KEPT);
    if (guard->loopMark)
    {
        // Hits in the loop's copy are marked with pad = 1.
        pointer_scan_result mark = ScanPagesForPointers(guard->loopMark, size, snapshot->pageSize, snapshot->everWritten,
                                                        targets, targetCount, guard->hits + result.hitsKept,
                                                        WIN32_POINTER_HITS_KEPT - result.hitsKept);
        for (u32 hitIndex = 0; hitIndex < mark.hitsKept; ++hitIndex) guard->hits[result.hitsKept + hitIndex].pad = 1;
        result.hitCount += mark.hitCount;
        result.hitsKept += mark.hitsKept;
        result.bytesScanned += mark.bytesScanned;
    }
    guard->lastScanSeconds = Win32Seconds() - start;
    guard->lastScanBytes = result.bytesScanned;
    guard->swapScanSeconds += guard->lastScanSeconds;
    return result;
}

// "game_state.testName (permanent+0x1f8)", "transient+0x2000010" or "frame scratch+0x40".
internal void Win32DescribeGameMemoryOffset(u64 offset, char *out, umm outSize)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    if (guard->snapshot && offset >= guard->snapshot->size)
    {
        FormatText(out, outSize, "frame scratch+0x%llx", (unsigned long long)(offset - guard->snapshot->size));
        return;
    }
    if (offset >= guard->permanentSize)
    {
        FormatText(out, outSize, "transient+0x%llx", (unsigned long long)(offset - guard->permanentSize));
        return;
    }
    char field[160] = "";
    if (guard->memoryLayout && DescribeStateLayoutOffset(guard->memoryLayout, offset, field, sizeof(field)))
        FormatText(out, outSize, "%s (permanent+0x%llx)", field, (unsigned long long)offset);
    else
        FormatText(out, outSize, "permanent+0x%llx", (unsigned long long)offset);
}

// Logs up to WIN32_POINTER_HITS_LOGGED hits into one module, naming both ends.
internal void Win32LogPointerHits(log_level level, u32 targetIndex, u64 moduleBase, const char *copyPath, u32 version)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    debug_read_file_result file = Win32ReadEntireFile(copyPath);
    pe_image_file image = OpenPeImageFile(file.contents, file.contents ? file.contentsSize : 0);
    u32 logged = 0;
    for (u32 hitIndex = 0; hitIndex < WIN32_POINTER_HITS_KEPT && logged < WIN32_POINTER_HITS_LOGGED; ++hitIndex)
    {
        pointer_scan_hit *hit = guard->hits + hitIndex;
        if (hit->value == 0 || hit->targetIndex != targetIndex) continue;
        char where[224];
        Win32DescribeGameMemoryOffset(hit->memoryOffset, where, sizeof(where));
        if (hit->pad == 1)
        {
            char inMark[224];
            FormatText(inMark, sizeof(inMark), "live loop's marked copy of %s", where);
            memcpy(where, inMark, sizeof(where));
        }
        u32 rva = (u32)(hit->value - moduleBase);
        char target[224] = "";
        if (image.valid)
        {
            pe_address_name name = NamePeAddress(&image, rva);
            char preview[72] = "";
            b32 isCode = strcmp(name.section, ".text") == 0;
            if (!isCode) PeStringPreview(&image, rva, preview, sizeof(preview));
            FormatText(target, sizeof(target), "%s+0x%x", name.section[0] ? name.section : "(headers)", name.sectionOffset);
            if (preview[0])
                AppendFormat(target, sizeof(target), " %s", preview);
            else if (name.symbol[0] && name.symbolOffset)
                AppendFormat(target, sizeof(target), " %s+0x%x", name.symbol, name.symbolOffset);
            else if (name.symbol[0])
                AppendFormat(target, sizeof(target), " %s", name.symbol);
            else if (isCode)
                Win32AppendCodeAddressSymbol(hit->value, target, sizeof(target));   // MSVC: names from the PDB
        }
        else
        {
            FormatText(target, sizeof(target), "+0x%x", rva);
        }
        Win32Log(level, "pointers:   %s = 0x%llx -> game code version %u %s", where,
                 (unsigned long long)hit->value, version, target);
        ++logged;
    }
    if (file.contents) Win32FreeFileMemory(file.contents);
}

internal pointer_scan_target Win32ModuleTarget(u64 base, u64 size)
{
    pointer_scan_target target = {base, base + size};
    return target;
}

// Frees a held image whose last scan found nothing, and its copy unless the reloader still needs it.
internal void Win32ReleaseHeldImage(u32 heldIndex, const char *why)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    win32_held_image image = guard->held[heldIndex];
    guard->held[heldIndex] = guard->held[--guard->heldCount];
    Win32TraceDrain();      // --trace: names the image's code recorded are read before it goes
    FreeLibrary(image.module);
    b32 stillNeeded = (guard->fallbackPath && guard->haveFallback && *guard->haveFallback && strcmp(guard->fallbackPath, image.loadedPath) == 0) ||
                      (guard->runningCode && strcmp(guard->runningCode->loadedPath, image.loadedPath) == 0) ||
                      Win32PointerGuardHoldsPath(image.loadedPath);
    // NOTE: one a debugger holds is retried at later swaps and at exit (win32_game_code.cpp).
    if (!stillNeeded && Win32FileExists(image.loadedPath)) Win32DeleteCopy(image.loadedPath);
    if (image.heldForThreads)
        Win32Log(LogLevel_Info, "reload: game code version %u released (no thread or pointer inside any more)", image.version);
    else
        Win32Log(LogLevel_Info, "pointers: released the image of game code version %u (%s)", image.version, why);
}

// Threads inside the held images whose pointer count is 0 (the only ones that could be released):
// counts per image, from one thread scan over them (none when no image could go).
internal void Win32CountThreadsInHeldImages(const u32 *pointersPerImage, u32 *threadsPerImage)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    pointer_scan_target targets[WIN32_MAX_HELD_IMAGES];
    u32 heldIndexOfTarget[WIN32_MAX_HELD_IMAGES];
    u32 targetCount = 0;
    for (u32 heldIndex = 0; heldIndex < guard->heldCount; ++heldIndex)
    {
        threadsPerImage[heldIndex] = 0;
        if (pointersPerImage[heldIndex]) continue;
        targets[targetCount] = Win32ModuleTarget(guard->held[heldIndex].base, guard->held[heldIndex].size);
        heldIndexOfTarget[targetCount++] = heldIndex;
    }
    if (!targetCount) return;
    win32_thread_scan_result result = Win32ScanThreadsInImages(targets, targetCount, 0);
    guard->swapThreadScanSeconds += result.seconds;
    // NOTE: with more threads inside than kept, any image may have one: keep them all then.
    for (u32 targetIndex = 0; targetIndex < targetCount && result.hitCount > WIN32_THREAD_SCAN_MAX_HITS; ++targetIndex)
        threadsPerImage[heldIndexOfTarget[targetIndex]] = 1;
    for (u32 hitIndex = 0; hitIndex < Minimum(result.hitCount, (u32)WIN32_THREAD_SCAN_MAX_HITS); ++hitIndex)
        ++threadsPerImage[heldIndexOfTarget[result.hits[hitIndex].targetIndex]];
}

// Threads inside the module about to be freed: each named in a warning (once, here). Returns how many.
internal u32 Win32WarnThreadsInsideCode(const win32_game_code *code)
{
    pointer_scan_target target = Win32ModuleTarget((u64)code->moduleBase, code->moduleSize);
    win32_thread_scan_result result = Win32ScanThreadsInImages(&target, 1, 0);
    globalPointerGuard.swapThreadScanSeconds += result.seconds;
    globalPointerGuard.swapThreadsScanned = result.threadsScanned;
    if (!result.hitCount) return 0;
    for (u32 hitIndex = 0; hitIndex < Minimum(result.hitCount, (u32)WIN32_THREAD_SCAN_MAX_HITS); ++hitIndex)
    {
        char where[200];
        Win32DescribeThreadHit(result.hits + hitIndex, (u64)code->moduleBase, code->loadedPath, where, sizeof(where));
        // A thread started through the platform (win32_game_threads.h) is named: 'CreateThread' for the raw ones.
        char name[32], named[64] = "";
        Win32GameThreadName(result.hits[hitIndex].threadId, name, sizeof(name));
        if (name[0]) FormatText(named, sizeof(named), "; it is game thread '%s'", name);
        Win32Log(LogLevel_Warning, "reload: thread %lu is still inside game code version %u (%s): the old code stays "
                 "loaded until it leaves (stop and join your threads in %s, or start them with StartGameThread)%s",
                 (unsigned long)result.hits[hitIndex].threadId, code->version, where, GAME_CODE_UNLOADING_EXPORT_NAME,
                 named);
    }
    return result.hitCount;
}

internal void Win32RescanHeldImages(b32 force)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    if (!guard->heldCount) return;
    if (!force && ++guard->framesSinceRescan < WIN32_POINTER_RESCAN_FRAMES) return;
    guard->framesSinceRescan = 0;
    pointer_scan_target targets[WIN32_MAX_HELD_IMAGES];
    for (u32 heldIndex = 0; heldIndex < guard->heldCount; ++heldIndex)
        targets[heldIndex] = Win32ModuleTarget(guard->held[heldIndex].base, guard->held[heldIndex].size);
    u32 targetCount = guard->heldCount;
    memset(guard->hits, 0, sizeof(guard->hits));
    pointer_scan_result result = Win32ScanGameMemory(targets, targetCount);
    // NOTE: with more hits than kept, some images may have hits not kept: release nothing then.
    if (result.hitCount > result.hitsKept) return;
    u32 hitsPerTarget[WIN32_MAX_HELD_IMAGES] = {};
    for (u32 hitIndex = 0; hitIndex < result.hitsKept; ++hitIndex) ++hitsPerTarget[guard->hits[hitIndex].targetIndex];
    u32 threadsPerTarget[WIN32_MAX_HELD_IMAGES];
    Win32CountThreadsInHeldImages(hitsPerTarget, threadsPerTarget);
    // NOTE: walk backwards: releasing moves the last entry into the freed slot.
    for (u32 targetIndex = targetCount; targetIndex-- > 0;)
    {
        if (hitsPerTarget[targetIndex] || threadsPerTarget[targetIndex]) continue;
        Win32ReleaseHeldImage(targetIndex, "nothing in game memory points into it any more");
    }
}

internal u64 Win32CountPointersIntoCode(const win32_game_code *code)
{
    if (!code->module) return 0;
    memset(globalPointerGuard.hits, 0, sizeof(globalPointerGuard.hits));
    pointer_scan_target target = Win32ModuleTarget((u64)code->moduleBase, code->moduleSize);
    pointer_scan_result result = Win32ScanGameMemory(&target, 1);
    return result.hitCount;
}

internal void Win32LogPointersIntoCode(const win32_game_code *code, log_level level)
{
    Win32LogPointerHits(level, 0, (u64)code->moduleBase, code->loadedPath, code->version);
}

// Keeps the module loaded (with its copy on disk) in the held images; when the table is full the
// module is leaked rather than freed while still in use.
internal void Win32HoldModule(const win32_game_code *code, b32 forThreads)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    if (guard->heldCount == WIN32_MAX_HELD_IMAGES)
    {
        // NOTE: never free what is still referenced: past the table's size the module is leaked.
        Win32Log(LogLevel_Error, "reload: already holding %u old images; version %u stays loaded until exit",
                 (u32)WIN32_MAX_HELD_IMAGES, code->version);
        return;
    }
    win32_held_image *held = guard->held + guard->heldCount++;
    held->module = code->module;
    held->base = (u64)code->moduleBase;
    held->size = code->moduleSize;
    held->version = code->version;
    held->heldForThreads = forThreads;
    FormatText(held->loadedPath, sizeof(held->loadedPath), "%s", code->loadedPath);
    guard->framesSinceRescan = 0;
}

// The pointer half of Win32PointerGuardKeepsModule: the number of pointers into the running code
// (logged), after releasing held images that neither pointers nor threads are inside any more.
internal u64 Win32PointersIntoRunningCode(const win32_game_code *code)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    memset(guard->hits, 0, sizeof(guard->hits));
    pointer_scan_target targets[WIN32_MAX_HELD_IMAGES + 1];
    targets[0] = Win32ModuleTarget((u64)code->moduleBase, code->moduleSize);
    for (u32 heldIndex = 0; heldIndex < guard->heldCount; ++heldIndex)
        targets[1 + heldIndex] = Win32ModuleTarget(guard->held[heldIndex].base, guard->held[heldIndex].size);
    pointer_scan_result result = Win32ScanGameMemory(targets, 1 + guard->heldCount);
    u64 intoThis = 0;
    for (u32 hitIndex = 0; hitIndex < result.hitsKept; ++hitIndex)
        if (guard->hits[hitIndex].targetIndex == 0) ++intoThis;
    if (result.hitCount > result.hitsKept && intoThis == result.hitsKept) intoThis = result.hitCount;   // all counted hits may be ours

    // Held images nothing points into any more (their hits were counted in this scan) and no
    // thread is inside go now.
    u32 heldHits[WIN32_MAX_HELD_IMAGES] = {};
    for (u32 hitIndex = 0; hitIndex < result.hitsKept; ++hitIndex)
        if (guard->hits[hitIndex].targetIndex > 0) ++heldHits[guard->hits[hitIndex].targetIndex - 1];
    b32 heldHitsComplete = (result.hitsKept == result.hitCount);
    u32 heldThreads[WIN32_MAX_HELD_IMAGES] = {};
    if (heldHitsComplete) Win32CountThreadsInHeldImages(heldHits, heldThreads);
    for (u32 heldIndex = guard->heldCount; heldIndex-- > 0;)
        if (heldHitsComplete && !heldHits[heldIndex] && !heldThreads[heldIndex])
            Win32ReleaseHeldImage(heldIndex, "nothing in game memory points into it any more");

    if (!intoThis)
    {
        char besideTheFrames[96] = "";
        u64 rescanBytes = 0;
        if (Win32PointerPrescanUsed(&rescanBytes))
            FormatText(besideTheFrames, sizeof(besideTheFrames), "; %llu KB of it beside the frames",
                       (unsigned long long)((result.bytesScanned - rescanBytes) / 1024));
        Win32Log(LogLevel_Info, "pointers: none into game code version %u (scanned %llu KB written memory in %.2f ms%s)",
                 code->version, (unsigned long long)(result.bytesScanned / 1024), 1000.0 * guard->lastScanSeconds,
                 besideTheFrames);
        return 0;
    }
    Win32Log(LogLevel_Warning, "pointers: %llu pointer%s into game code version %u remain in game memory "
             "(scanned %llu KB in %.2f ms); keeping its image loaded until none is left. Store ids or offsets "
             "instead, and re-resolve addresses of game code when executableReloaded is set:",
             (unsigned long long)intoThis, intoThis == 1 ? "" : "s", code->version,
             (unsigned long long)(result.bytesScanned / 1024), 1000.0 * guard->lastScanSeconds);
    Win32LogPointerHits(LogLevel_Warning, 0, (u64)code->moduleBase, code->loadedPath, code->version);
    FormatText(guard->pendingNotice, sizeof(guard->pendingNotice), "%llu pointer%s into old code v%u: kept loaded (see log)",
             (unsigned long long)intoThis, intoThis == 1 ? "" : "s", code->version);
    return intoThis;
}

internal b32 Win32PointerGuardKeepsModule(const win32_game_code *code)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    if (!code->module) return 0;
    u32 threadsInside = Win32WarnThreadsInsideCode(code);
    u64 pointersInside = 0;
    if (!guard->shuttingDown && code == guard->runningCode) pointersInside = Win32PointersIntoRunningCode(code);
    if (!threadsInside && !pointersInside) return 0;
    if (threadsInside && !pointersInside)
        FormatText(guard->pendingNotice, sizeof(guard->pendingNotice), "a thread is inside old code v%u: kept loaded (see log)",
                 code->version);
    Win32HoldModule(code, threadsInside != 0);
    return 1;
}

internal b32 Win32PointerGuardKeepsPastModule(const win32_game_code *code)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    if (!code->module || !guard->initialized) return 0;
    // NOTE: a rollback runs an older build's copy again: the running build may be this very module.
    if (guard->runningCode && guard->runningCode->module == code->module) return 0;
    // Held already (a thread or a pointer was inside when the swap retired it): that reference stays,
    // and the guard lets it go when nothing is inside any more.
    for (u32 heldIndex = 0; heldIndex < guard->heldCount; ++heldIndex)
        if (guard->held[heldIndex].module == code->module) return 0;
    u32 threadsInside = Win32WarnThreadsInsideCode(code);
    u64 pointersInside = guard->shuttingDown ? 0 : Win32CountPointersIntoCode(code);
    if (!threadsInside && !pointersInside) return 0;
    if (pointersInside) Win32LogPointersIntoCode(code, LogLevel_Warning);
    Win32HoldModule(code, threadsInside != 0);
    return 1;
}

internal void Win32BeginPointerGuardShutdown(void)
{
    globalPointerGuard.shuttingDown = 1;
}

internal void Win32ReleaseAllHeldImages(void)
{
    win32_pointer_guard *guard = &globalPointerGuard;
    guard->shuttingDown = 1;
    guard->fallbackPath = 0;
    guard->runningCode = 0;
    u32 noPointers[WIN32_MAX_HELD_IMAGES] = {};
    u32 threadsInside[WIN32_MAX_HELD_IMAGES] = {};
    Win32CountThreadsInHeldImages(noPointers, threadsInside);
    for (u32 heldIndex = guard->heldCount; heldIndex-- > 0;)
    {
        if (!threadsInside[heldIndex]) continue;
        // NOTE: freeing it would pull the code from under that thread: the process end takes both.
        Win32Log(LogLevel_Warning, "reload: game code version %u stays loaded until the process ends: a thread is "
                 "still inside it", guard->held[heldIndex].version);
        guard->held[heldIndex] = guard->held[--guard->heldCount];
    }
    while (guard->heldCount) Win32ReleaseHeldImage(guard->heldCount - 1, "exit");
}
