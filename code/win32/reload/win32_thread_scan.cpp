//~ Threads still inside old game code: the bodies behind win32/reload/win32_thread_scan.h

global win32_thread_scan_state globalThreadScan;
// Threads that started in this process since it did (a TLS callback of the exe counts every
// DLL_THREAD_ATTACH): a change says a thread may exist that a precheck never saw.
global volatile LONG globalThreadsStarted;

// NOTE: a TLS callback of the exe runs on every new thread before its start routine (the loader
// calls it with DLL_THREAD_ATTACH), in both toolchains: MinGW's CRT and MSVC's bracket .CRT$XLA to
// .CRT$XLZ and point the image's TLS directory at it.
extern "C" void NTAPI Win32CountThreadStart(void *module, DWORD reason, void *reserved)
{
    (void)module;
    (void)reserved;
    if (reason == DLL_THREAD_ATTACH) InterlockedIncrement(&globalThreadsStarted);
}
#if defined(_MSC_VER)
#pragma comment(linker, "/INCLUDE:_tls_used")
#pragma comment(linker, "/INCLUDE:win32CountThreadStartCallback")
#pragma const_seg(".CRT$XLF")
extern "C" const PIMAGE_TLS_CALLBACK win32CountThreadStartCallback = Win32CountThreadStart;
#pragma const_seg()
#else
extern "C" __attribute__((section(".CRT$XLF"), used)) const PIMAGE_TLS_CALLBACK win32CountThreadStartCallback =
    Win32CountThreadStart;
#endif

internal void Win32InitThreadScan(work_queue_system *queues, game_memory *memory)
{
    globalThreadScan.memory = memory;
    globalThreadScan.queues = queues;
    Win32NotePlatformThread(GetCurrentThreadId(), "main thread");
    Win32NoteQueueWorkers(&queues->highQueue, "high priority");
    Win32NoteQueueWorkers(&queues->lowQueue, "low priority");
    DWORD watchdogThreadId = Win32WatchdogThreadId();
    if (watchdogThreadId) Win32NotePlatformThread(watchdogThreadId, "watchdog");
}

// The executable sections of a loaded image, from its headers (read before any thread is suspended).
internal win32_scan_image Win32ScanImageOf(pointer_scan_target target)
{
    win32_scan_image image = {};
    image.base = target.begin;
    image.end = target.end;
    win32_image_range range;
    if (!Win32ModuleImageRange((HMODULE)(umm)target.begin, &range)) return image;
    IMAGE_NT_HEADERS *headers = (IMAGE_NT_HEADERS *)(range.base + ((IMAGE_DOS_HEADER *)range.base)->e_lfanew);
    IMAGE_SECTION_HEADER *section = IMAGE_FIRST_SECTION(headers);
    for (u32 sectionIndex = 0; sectionIndex < headers->FileHeader.NumberOfSections; ++sectionIndex, ++section)
    {
        if (!Win32InImage(range, section, sizeof(*section))) break;
        if (!(section->Characteristics & IMAGE_SCN_MEM_EXECUTE) || image.sectionCount == WIN32_THREAD_SCAN_MAX_SECTIONS) continue;
        image.sectionBegin[image.sectionCount] = target.begin + section->VirtualAddress;
        image.sectionEnd[image.sectionCount] = target.begin + section->VirtualAddress + section->Misc.VirtualSize;
        ++image.sectionCount;
    }
    return image;
}

// True when value is an address in an executable section right after a call instruction: what a
// return address into that image looks like (E8 rel32, or FF /2 with any operand form).
internal b32 Win32LooksLikeReturnInto(const win32_scan_image *image, u64 value)
{
    b32 inCode = 0;
    for (u32 sectionIndex = 0; sectionIndex < image->sectionCount; ++sectionIndex)
        if (value >= image->sectionBegin[sectionIndex] + 8 && value < image->sectionEnd[sectionIndex]) inCode = 1;
    if (!inCode) return 0;
    const u8 *after = (const u8 *)(umm)value;
    if (after[-5] == 0xE8) return 1;
    static const u32 indirectLengths[] = {2, 3, 4, 6, 7};
    for (u32 lengthIndex = 0; lengthIndex < ArrayCount(indirectLengths); ++lengthIndex)
    {
        u32 length = indirectLengths[lengthIndex];
        if (after[-(s32)length] == 0xFF && ((after[1 - (s32)length] >> 3) & 7) == 2) return 1;
    }
    return 0;
}

// Suspended thread only: where it is in the images, if anywhere. No lock may be taken here.
internal b32 Win32FindThreadInImages(HANDLE thread, const win32_scan_image *images, u32 imageCount, win32_thread_hit *hit)
{
    CONTEXT context;
    memset(&context, 0, sizeof(context));
    context.ContextFlags = CONTEXT_CONTROL | CONTEXT_INTEGER;
    if (!GetThreadContext(thread, &context)) return 0;
    hit->instructionPointer = context.Rip;
    for (u32 imageIndex = 0; imageIndex < imageCount; ++imageIndex)
    {
        if (context.Rip >= images[imageIndex].base && context.Rip < images[imageIndex].end)
        {
            hit->targetIndex = imageIndex;
            hit->addressInImage = context.Rip;
            return 1;
        }
    }
    MEMORY_BASIC_INFORMATION region;
    u64 stackPointer = context.Rsp & ~7ull;
    if (!VirtualQuery((void *)(umm)stackPointer, &region, sizeof(region)) || region.State != MEM_COMMIT ||
        (region.Protect & (PAGE_GUARD | PAGE_NOACCESS)) || !(region.Protect & (PAGE_READWRITE | PAGE_READONLY)))
        return 0;
    u64 regionEnd = (u64)(umm)region.BaseAddress + region.RegionSize;
    u64 scanEnd = Minimum(regionEnd, stackPointer + WIN32_THREAD_SCAN_STACK_BYTES);
    for (u64 at = stackPointer; at + 8 <= scanEnd; at += 8)
    {
        u64 value = *(const u64 *)(umm)at;
        for (u32 imageIndex = 0; imageIndex < imageCount; ++imageIndex)
        {
            if (value < images[imageIndex].base || value >= images[imageIndex].end) continue;
            if (!Win32LooksLikeReturnInto(images + imageIndex, value)) continue;
            hit->targetIndex = imageIndex;
            hit->addressInImage = value;
            return 1;
        }
    }
    return 0;
}

// One thread (a handle with suspend, get-context and query rights): suspended, looked at, resumed.
internal void Win32ScanOneThread(HANDLE thread, DWORD threadId, const win32_scan_image *images, u32 imageCount,
                                 win32_thread_scan_result *result)
{
    ++result->threadsScanned;
    if (SuspendThread(thread) == (DWORD)-1) return;
    win32_thread_hit hit = {};
    hit.threadId = threadId;
    b32 inside = Win32FindThreadInImages(thread, images, imageCount, &hit);
    ResumeThread(thread);
    if (!inside) return;
    if (result->hitCount < WIN32_THREAD_SCAN_MAX_HITS) result->hits[result->hitCount] = hit;
    ++result->hitCount;
}

internal b32 Win32SkipThreadInScan(DWORD threadId, b32 includePlatformThreads)
{
    return threadId == GetCurrentThreadId() || (!includePlatformThreads && Win32PlatformThreadName(threadId));
}

// True when the precheck made for this one image found the thread outside it.
internal b32 Win32ThreadPrecheckedOutside(const pointer_scan_target *targets, u32 targetCount, DWORD threadId)
{
    win32_thread_precheck *precheck = &globalThreadScan.precheck;
    if (!precheck->valid || targetCount != 1 || targets[0].begin != precheck->imageBase) return 0;
    for (u32 index = 0; index < precheck->count; ++index)
        if (precheck->threadIds[index] == threadId) return 1;
    return 0;
}

internal void Win32PrecheckThreads(pointer_scan_target image)
{
    win32_thread_precheck *precheck = &globalThreadScan.precheck;
    Assert(!precheck->valid && !precheck->count);
    local_persist win32_nt_get_next_thread *getNextThread = (win32_nt_get_next_thread *)(void *)GetProcAddress(
        GetModuleHandleW(L"ntdll.dll"), "NtGetNextThread");
    if (!getNextThread || !image.begin) return;
    f64 start = Win32Seconds();
    precheck->threadsStartedBefore = InterlockedCompareExchange(&globalThreadsStarted, 0, 0);
    // NOTE: the loader's own start was counted, unless the callback is missing: then never trust the count.
    precheck->complete = precheck->threadsStartedBefore > 0;
    win32_scan_image scanImage = Win32ScanImageOf(image);
    DWORD access = THREAD_SUSPEND_RESUME | THREAD_GET_CONTEXT | THREAD_QUERY_INFORMATION;
    HANDLE thread = 0;
    HANDLE next = 0;
    while (getNextThread(GetCurrentProcess(), thread, access, 0, 0, &next) == 0)
    {
        // NOTE: a handle kept in the precheck is not the walk's to close; the walk goes on from it.
        b32 kept = thread && precheck->count && precheck->threads[precheck->count - 1] == thread;
        if (thread && !kept) CloseHandle(thread);
        thread = next;
        DWORD threadId = GetThreadId(thread);
        if (Win32SkipThreadInScan(threadId, 0)) continue;
        ++precheck->threadsLookedAt;
        win32_thread_scan_result result = {};
        Win32ScanOneThread(thread, threadId, &scanImage, 1, &result);
        if (result.hitCount && precheck->insideCount < WIN32_THREAD_PRECHECK_MAX)
        {
            HANDLE copy = 0;
            if (DuplicateHandle(GetCurrentProcess(), thread, GetCurrentProcess(), &copy, 0, FALSE, DUPLICATE_SAME_ACCESS))
            {
                precheck->insideThreadIds[precheck->insideCount] = threadId;
                precheck->insideThreads[precheck->insideCount++] = copy;
                continue;
            }
        }
        if (result.hitCount || precheck->count == WIN32_THREAD_PRECHECK_MAX)
        {
            precheck->complete = 0;
            continue;
        }
        precheck->threadIds[precheck->count] = threadId;
        precheck->threads[precheck->count++] = thread;
    }
    b32 kept = thread && precheck->count && precheck->threads[precheck->count - 1] == thread;
    if (thread && !kept) CloseHandle(thread);
    precheck->imageBase = image.begin;
    precheck->seconds = Win32Seconds() - start;
    precheck->valid = 1;
}

internal void Win32DropThreadPrecheck(void)
{
    win32_thread_precheck *precheck = &globalThreadScan.precheck;
    for (u32 index = 0; index < precheck->count; ++index) CloseHandle(precheck->threads[index]);
    for (u32 index = 0; index < precheck->insideCount; ++index) CloseHandle(precheck->insideThreads[index]);
    memset(precheck, 0, sizeof(*precheck));
}

internal win32_thread_scan_result Win32ScanThreadsInImages(const pointer_scan_target *targets, u32 targetCount,
                                                           b32 includePlatformThreads)
{
    win32_thread_scan_result result = {};
    f64 start = Win32Seconds();
    win32_scan_image images[WIN32_THREAD_SCAN_MAX_TARGETS];
    targetCount = Minimum(targetCount, (u32)ArrayCount(images));
    for (u32 targetIndex = 0; targetIndex < targetCount; ++targetIndex) images[targetIndex] = Win32ScanImageOf(targets[targetIndex]);
    DWORD access = THREAD_SUSPEND_RESUME | THREAD_GET_CONTEXT | THREAD_QUERY_INFORMATION;
    local_persist win32_nt_get_next_thread *getNextThread = (win32_nt_get_next_thread *)(void *)GetProcAddress(
        GetModuleHandleW(L"ntdll.dll"), "NtGetNextThread");
    win32_thread_precheck *precheck = &globalThreadScan.precheck;
    if (targetCount == 1 && precheck->valid && precheck->complete && targets[0].begin == precheck->imageBase &&
        InterlockedCompareExchange(&globalThreadsStarted, 0, 0) == precheck->threadsStartedBefore)
    {
        // No thread started since the precheck: only those inside the image then are looked at again.
        for (u32 index = 0; index < precheck->insideCount; ++index)
            Win32ScanOneThread(precheck->insideThreads[index], precheck->insideThreadIds[index], images, targetCount, &result);
    }
    else if (targetCount && getNextThread)
    {
        HANDLE thread = 0;
        HANDLE next = 0;
        while (getNextThread(GetCurrentProcess(), thread, access, 0, 0, &next) == 0)
        {
            if (thread) CloseHandle(thread);
            thread = next;
            DWORD threadId = GetThreadId(thread);
            if (!Win32SkipThreadInScan(threadId, includePlatformThreads) &&
                !Win32ThreadPrecheckedOutside(targets, targetCount, threadId))
                Win32ScanOneThread(thread, threadId, images, targetCount, &result);
        }
        if (thread) CloseHandle(thread);
    }
    else if (targetCount)
    {
        HANDLE snapshot = CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0);
        THREADENTRY32 entry;
        entry.dwSize = sizeof(entry);
        for (BOOL more = snapshot != INVALID_HANDLE_VALUE && Thread32First(snapshot, &entry); more;
             entry.dwSize = sizeof(entry), more = Thread32Next(snapshot, &entry))
        {
            if (entry.th32OwnerProcessID != GetCurrentProcessId() ||
                Win32SkipThreadInScan(entry.th32ThreadID, includePlatformThreads))
                continue;
            HANDLE thread = OpenThread(access, FALSE, entry.th32ThreadID);
            if (!thread) continue;
            Win32ScanOneThread(thread, entry.th32ThreadID, images, targetCount, &result);
            CloseHandle(thread);
        }
        if (snapshot != INVALID_HANDLE_VALUE) CloseHandle(snapshot);
    }
    result.seconds = Win32Seconds() - start;
    return result;
}

internal void Win32DescribeThreadHit(const win32_thread_hit *hit, u64 imageBase, const char *imagePath,
                                     char *text, umm textSize)
{
    const char *imageName = imagePath;
    for (const char *at = imagePath; *at; ++at)
        if (*at == '\\' || *at == '/') imageName = at + 1;
    if (hit->instructionPointer == hit->addressInImage)
    {
        FormatText(text, textSize, "%s+0x%llx", imageName, (unsigned long long)(hit->addressInImage - imageBase));
        Win32AppendCodeAddressSymbol(hit->addressInImage, text, textSize);
        return;
    }
    char moduleName[64];
    u64 offset = 0;
    Win32DescribeCodeAddress((void *)(umm)hit->instructionPointer, moduleName, sizeof(moduleName), &offset);
    FormatText(text, textSize, "%s+0x%llx called from %s+0x%llx", moduleName, (unsigned long long)offset, imageName,
             (unsigned long long)(hit->addressInImage - imageBase));
    Win32AppendCodeAddressSymbol(hit->addressInImage, text, textSize);
}

internal void Win32CallGameCodeUnloading(void *data)
{
    win32_unloading_call *call = (win32_unloading_call *)data;
    call->function(call->memory);
}

internal void Win32NotifyGameCodeUnloading(win32_game_code *code, b32 shuttingDown)
{
    if (!code->gameCodeUnloading || !globalThreadScan.memory || Win32CrashPending()) return;
    win32_unloading_call call = {code->gameCodeUnloading, globalThreadScan.memory};
    win32_crash_report report;
    f64 start = Win32Seconds();
    if (!Win32GuardedCallReporting(Win32CallGameCodeUnloading, &call, &report))
    {
        Win32Log(LogLevel_Error, "reload: %s of game code version %u failed: %s at %s+0x%llx; its threads may "
                 "still run (the thread scan decides when its image goes)", GAME_CODE_UNLOADING_EXPORT_NAME,
                 code->version, Win32ExceptionName(report.code), report.moduleName,
                 (unsigned long long)report.moduleOffset);
    }
    else
    {
        Win32Log(LogLevel_Info, "reload: %s of game code version %u returned in %.2f ms", GAME_CODE_UNLOADING_EXPORT_NAME,
                 code->version, 1000.0 * (Win32Seconds() - start));
    }
    if (!shuttingDown && globalThreadScan.queues) DrainWorkQueueSystem(globalThreadScan.queues);
}
