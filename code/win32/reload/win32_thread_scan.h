#ifndef WIN32_THREAD_SCAN_H
#define WIN32_THREAD_SCAN_H
//~ Threads still inside old game code
//
// A game may start threads of its own (a file watcher, a network poller). Freeing its image while
// one of them still runs code of it, or will return into it, kills the process. So before an image
// that has run is freed, every thread of the process that is not the platform's own (main, queue
// workers, watchdog, quit bound: win32_platform_threads.h) is looked at (enumerated with
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
// Tested by: tests/suites/suite_misuse_games.sh

#include <tlhelp32.h>
#include "platform/platform_pointer_scan.h"
#include "platform/platform_pe_image.h"
#define WIN32_THREAD_SCAN_STACK_BYTES (256 * 1024)
#define WIN32_THREAD_SCAN_MAX_HITS 16
#define WIN32_THREAD_SCAN_MAX_SECTIONS 8
#define WIN32_THREAD_SCAN_MAX_TARGETS 9         // the image being released and the held ones

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

// A look at the threads beside the frames, before a swap (the reload loader's thread): the threads
// found outside the image then are not suspended again at the swap. Their handles stay open until
// it is dropped, so no thread started later can come with a reused id.
// NOTE: what this gives up: a thread outside the image at the precheck that enters it before the
// swap without starting there or being called from it (a system thread calling a callback of the
// game) is not seen. Threads started by game code, and any thread with a frame of the image on its
// stack, are in it at the precheck and looked at again at the swap. The scan at the swap already
// resumes each thread before the image is freed, so that kind of entry was never excluded.
#define WIN32_THREAD_PRECHECK_MAX 32

struct win32_thread_precheck
{
    b32 valid;
    u32 count;
    u64 imageBase;                      // the image the precheck was made for
    DWORD threadIds[WIN32_THREAD_PRECHECK_MAX];     // outside it then
    HANDLE threads[WIN32_THREAD_PRECHECK_MAX];
    // Every thread not the platform's, when all fit: those outside above, those inside here. Then,
    // while no thread has started since (globalThreadsStarted unchanged), the swap looks at the ones
    // inside only, without walking the process's threads (a system call per thread under Wine).
    b32 complete;
    u32 insideCount;
    HANDLE insideThreads[WIN32_THREAD_PRECHECK_MAX];
    DWORD insideThreadIds[WIN32_THREAD_PRECHECK_MAX];
    LONG threadsStartedBefore;          // globalThreadsStarted when the precheck began
    u32 threadsLookedAt;
    f64 seconds;
};

struct win32_thread_scan_state
{
    win32_thread_precheck precheck;     // written by the loader thread before it publishes a build
    game_memory *memory;                // handed to gameCodeUnloading
    work_queue_system *queues;          // drained again after gameCodeUnloading
};

// At start, once the queues and the watchdog run (on the main thread).
internal void Win32InitThreadScan(work_queue_system *queues, game_memory *memory);
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

// NOTE: NtGetNextThread walks this process's threads alone (a fraction of a millisecond under
// Wine); a Toolhelp snapshot lists every thread of the system (over 10 ms there), so it is only
// the fallback for systems without it.
typedef LONG NTAPI win32_nt_get_next_thread(HANDLE process, HANDLE thread, ACCESS_MASK access, ULONG attributes,
                                            ULONG flags, HANDLE *nextThread);

// Every thread of the process but the calling one (and the platform's own, unless
// includePlatformThreads) whose instruction pointer or stack is inside one of the targets.
internal win32_thread_scan_result Win32ScanThreadsInImages(const pointer_scan_target *targets, u32 targetCount,
                                                           b32 includePlatformThreads);
// The reload loader's thread, before it publishes a build: the precheck of image (one target).
internal void Win32PrecheckThreads(pointer_scan_target image);
// Main thread, after the swap or a refusal: the precheck's handles closed, the precheck unused.
internal void Win32DropThreadPrecheck(void);
// "game_loaded_123_2.dll+0x1a2b", or "ntdll.dll+0x5c0 called from game_loaded_123_2.dll+0x1a2b".
// After the thread was resumed (naming a module takes the loader lock).
internal void Win32DescribeThreadHit(const win32_thread_hit *hit, u64 imageBase, const char *imagePath,
                                     char *text, umm textSize);
//~ gameCodeUnloading
struct win32_unloading_call
{
    game_code_unloading *function;
    game_memory *memory;
};

// Right before a build that ran is unloaded (main thread, no queued work running): its optional
// gameCodeUnloading, guarded and under the watchdog; then the queues are drained again, in case
// it queued work. Skipped after a crash this frame (none of that code runs again before rollback).
internal void Win32NotifyGameCodeUnloading(win32_game_code *code, b32 shuttingDown);

#endif  // WIN32_THREAD_SCAN_H
