//~ Threads still inside old game code
//
// A game may start threads of its own (a file watcher, a network poller). Freeing its image while
// one of them still runs code of it, or will return into it, kills the process. So before an image
// that has run is freed, every thread of the process that is not the platform's own (main, queue
// workers, watchdog, quit bound: their ids are noted here at start) is looked at (enumerated with
// NtGetNextThread, or a Toolhelp snapshot where that is missing): its instruction
// pointer, and the words of its stack from its stack pointer up (at most
// WIN32_THREAD_SCAN_STACK_BYTES) that look like return addresses into the image (inside an
// executable section, right after a call instruction). A thread found there keeps the image loaded
// (the pointer guard's held images, win32_pointer_scan.cpp); it is released at a later rescan that
// finds no thread and no pointer inside it any more.
// Before that, the build's optional gameCodeUnloading export is called (guarded, under the
// watchdog) so a game can stop and join its threads itself.
// NOTE: while a thread is suspended the scan takes no lock that thread could hold (no log, no heap,
// no loader lock): only GetThreadContext, VirtualQuery and reads of its stack and of our images.

#include <tlhelp32.h>
#include "platform/platform_pointer_scan.h"

#define WIN32_MAX_PLATFORM_THREADS 80
#define WIN32_THREAD_SCAN_STACK_BYTES (256 * 1024)
#define WIN32_THREAD_SCAN_MAX_HITS 16
#define WIN32_THREAD_SCAN_MAX_SECTIONS 8
#define WIN32_THREAD_SCAN_MAX_TARGETS 9         // the image being released and the held ones

struct win32_platform_thread
{
    DWORD threadId;
    char name[40];
};

struct win32_thread_hit
{
    DWORD threadId;
    u32 targetIndex;
    u64 instructionPointer;
    u64 addressInImage;         // the instruction pointer, or the innermost return address into the image
};

struct win32_thread_scan_result
{
    u32 threadsScanned;
    u32 hitCount;               // threads inside any target (hits beyond the array are counted only)
    f64 seconds;
    win32_thread_hit hits[WIN32_THREAD_SCAN_MAX_HITS];
};

struct win32_thread_scan_state
{
    win32_platform_thread platformThreads[WIN32_MAX_PLATFORM_THREADS];
    volatile LONG platformThreadCount;
    game_memory *memory;                // handed to gameCodeUnloading
    work_queue_system *queues;          // drained again after gameCodeUnloading
    f64 swapScanSeconds;                // thread scans during the current reload step
    u32 swapThreadsScanned;
};
global win32_thread_scan_state globalThreadScan;

//~ The platform's own threads
internal void Win32NotePlatformThread(DWORD threadId, const char *name)
{
    LONG index = InterlockedIncrement(&globalThreadScan.platformThreadCount) - 1;
    if (index >= WIN32_MAX_PLATFORM_THREADS) return;
    win32_platform_thread *thread = globalThreadScan.platformThreads + index;
    snprintf(thread->name, sizeof(thread->name), "%s", name);
    thread->threadId = threadId;
}

// "low priority worker 1", or 0 for a thread that is not the platform's.
internal const char *Win32PlatformThreadName(DWORD threadId)
{
    LONG count = Minimum(globalThreadScan.platformThreadCount, (LONG)WIN32_MAX_PLATFORM_THREADS);
    for (LONG index = 0; index < count; ++index)
        if (globalThreadScan.platformThreads[index].threadId == threadId) return globalThreadScan.platformThreads[index].name;
    return 0;
}

internal void Win32NoteQueueWorkers(platform_work_queue *queue, const char *queueName)
{
    for (u32 workerIndex = 0; workerIndex < queue->workerCount; ++workerIndex)
    {
        char name[40];
        snprintf(name, sizeof(name), "%s worker %u", queueName, workerIndex + 1);
        Win32NotePlatformThread(GetThreadId((HANDLE)(umm)queue->workers[workerIndex].handle), name);
    }
}

// At start, once the queues and the watchdog run (on the main thread).
internal void Win32InitThreadScan(work_queue_system *queues, game_memory *memory)
{
    globalThreadScan.memory = memory;
    globalThreadScan.queues = queues;
    Win32NotePlatformThread(GetCurrentThreadId(), "main thread");
    Win32NoteQueueWorkers(&queues->highQueue, "high priority");
    Win32NoteQueueWorkers(&queues->lowQueue, "low priority");
    if (globalWatchdog.threadId) Win32NotePlatformThread(globalWatchdog.threadId, "watchdog");
}

//~ The scan
struct win32_scan_image
{
    u64 base;
    u64 end;
    u32 sectionCount;
    u32 pad;
    u64 sectionBegin[WIN32_THREAD_SCAN_MAX_SECTIONS];  // executable sections
    u64 sectionEnd[WIN32_THREAD_SCAN_MAX_SECTIONS];
};

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

// NOTE: NtGetNextThread walks this process's threads alone (a fraction of a millisecond under
// Wine); a Toolhelp snapshot lists every thread of the system (over 10 ms there), so it is only
// the fallback for systems without it.
typedef LONG NTAPI win32_nt_get_next_thread(HANDLE process, HANDLE thread, ACCESS_MASK access, ULONG attributes,
                                            ULONG flags, HANDLE *nextThread);

// Every thread of the process but the calling one (and the platform's own, unless
// includePlatformThreads) whose instruction pointer or stack is inside one of the targets.
internal win32_thread_scan_result Win32ScanThreadsInImages(const pointer_scan_target *targets, u32 targetCount,
                                                           b32 includePlatformThreads)
{
    win32_thread_scan_result result = {};
    f64 start = Win32Seconds();
    win32_scan_image images[WIN32_THREAD_SCAN_MAX_TARGETS];
    targetCount = Minimum(targetCount, (u32)ArrayCount(images));
    for (u32 targetIndex = 0; targetIndex < targetCount; ++targetIndex) images[targetIndex] = Win32ScanImageOf(targets[targetIndex]);
    DWORD access = THREAD_SUSPEND_RESUME | THREAD_GET_CONTEXT | THREAD_QUERY_INFORMATION;
    static win32_nt_get_next_thread *getNextThread = (win32_nt_get_next_thread *)(void *)GetProcAddress(
        GetModuleHandleW(L"ntdll.dll"), "NtGetNextThread");
    if (targetCount && getNextThread)
    {
        HANDLE thread = 0;
        HANDLE next = 0;
        while (getNextThread(GetCurrentProcess(), thread, access, 0, 0, &next) == 0)
        {
            if (thread) CloseHandle(thread);
            thread = next;
            DWORD threadId = GetThreadId(thread);
            if (!Win32SkipThreadInScan(threadId, includePlatformThreads))
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

// "game_loaded_123_2.dll+0x1a2b", or "ntdll.dll+0x5c0 called from game_loaded_123_2.dll+0x1a2b".
// After the thread was resumed (naming a module takes the loader lock).
internal void Win32DescribeThreadHit(const win32_thread_hit *hit, u64 imageBase, const char *imagePath,
                                     char *text, umm textSize)
{
    const char *imageName = imagePath;
    for (const char *at = imagePath; *at; ++at)
        if (*at == '\\' || *at == '/') imageName = at + 1;
    if (hit->instructionPointer == hit->addressInImage)
    {
        snprintf(text, textSize, "%s+0x%llx", imageName, (unsigned long long)(hit->addressInImage - imageBase));
        Win32AppendCodeAddressSymbol(hit->addressInImage, text, textSize);
        return;
    }
    char moduleName[64];
    u64 offset = 0;
    Win32DescribeCodeAddress((void *)(umm)hit->instructionPointer, moduleName, sizeof(moduleName), &offset);
    snprintf(text, textSize, "%s+0x%llx called from %s+0x%llx", moduleName, (unsigned long long)offset, imageName,
             (unsigned long long)(hit->addressInImage - imageBase));
    Win32AppendCodeAddressSymbol(hit->addressInImage, text, textSize);
}

//~ gameCodeUnloading
struct win32_unloading_call
{
    game_code_unloading *function;
    game_memory *memory;
};
internal void Win32CallGameCodeUnloading(void *data)
{
    win32_unloading_call *call = (win32_unloading_call *)data;
    call->function(call->memory);
}

// Right before a build that ran is unloaded (main thread, no queued work running): its optional
// gameCodeUnloading, guarded and under the watchdog; then the queues are drained again, in case
// it queued work. Skipped after a crash this frame (none of that code runs again before rollback).
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
