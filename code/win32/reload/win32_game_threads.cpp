//~ Threads of the game's own: the bodies behind win32/reload/win32_game_threads.h

global win32_game_threads globalGameThreads;

//~ Records
internal platform_game_thread *Win32ClaimGameThread(u32 kind, LONG owners)
{
    for (u32 index = 0; index < PLATFORM_MAX_GAME_THREADS; ++index)
    {
        platform_game_thread *thread = globalGameThreads.threads + index;
        if (InterlockedCompareExchange(&thread->inUse, 1, 0) != 0) continue;
        thread->owners = owners;
        thread->joined = 0;
        thread->stopRequested = 0;
        thread->finished = 0;
        thread->kind = kind;
        thread->name[0] = 0;
        thread->proc = 0;
        thread->rawProc = 0;
        thread->data = 0;
        thread->module = 0;
        thread->thread = 0;
        thread->threadId = 0;
        thread->exitCode = 0;
        thread->slot = 0;
        return thread;
    }
    if (InterlockedExchange(&globalGameThreads.fullLogged, 1) == 0)
        Win32Log(LogLevel_Warning, "game threads: all %u records are in use; a thread of the game started now runs "
                 "without the guard (a crash in it ends the engine)", (u32)PLATFORM_MAX_GAME_THREADS);
    return 0;
}

// The last owner frees the record (the table is the platform's; nothing to give back but the slot).
internal void Win32ReleaseGameThread(platform_game_thread *thread)
{
    if (InterlockedDecrement(&thread->owners) != 0) return;
    if (thread->thread) CloseHandle(thread->thread);
    thread->thread = 0;
    MemoryBarrier();
    thread->inUse = 0;
}

internal HMODULE Win32ModuleOfCode(const void *address)
{
    HMODULE module = 0;
    if (!GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                            (LPCWSTR)address, &module))
        return 0;
    return module;
}

//~ The trampoline
internal void Win32RunGameThreadBody(void *data)
{
    platform_game_thread *thread = (platform_game_thread *)data;
    if (thread->kind == GameThread_Raw) thread->exitCode = thread->rawProc(thread->data);
    else thread->proc(thread, thread->data);
}

// The proc did not return: a crash (logged here, then recorded for the frame's recovery), ExitThread
// (the thread ends as asked), or the stop interruption (the stopping thread logs that).
internal void Win32EndGameThreadOnFault(platform_game_thread *thread, win32_crash_report *report)
{
    if (report->code == WIN32_GAME_THREAD_STOP_CODE) return;
    if (report->code == WIN32_EXIT_THREAD_CODE)
    {
        Win32Log(LogLevel_Info, "game threads: '%s' (thread %lu) ended by ExitThread", thread->name,
                 (unsigned long)thread->threadId);
        return;
    }
    char what[400];
    if (report->returnAddress) Win32DescribeCrashReport(report, what, sizeof(what));
    else
    {
        char where[340];
        Win32NameCodeAddress((u64)report->address, where, sizeof(where));
        FormatText(what, sizeof(what), "%s in %s", Win32ExceptionName(report->code), where);
    }
    InterlockedIncrement(&globalGameThreads.crashes);
    Win32Log(LogLevel_Error, "game threads: '%s' (thread %lu) crashed: %s; that thread has ended, the engine runs "
             "on and the frame recovers as from any crash of game code", thread->name, (unsigned long)thread->threadId,
             what);
    // NOTE: recorded after the line above, so the build is still loaded while its code is named.
    Win32RecordCrash(report);
}

internal DWORD WINAPI Win32GameThreadMain(LPVOID parameter)
{
    platform_game_thread *thread = (platform_game_thread *)parameter;
    thread->threadId = GetCurrentThreadId();
    thread->slot = Win32WatchdogSlot();
    win32_crash_report report = {};
    b32 returned = Win32GuardedCallUntimed(Win32RunGameThreadBody, thread, &report);
    if (!returned) Win32EndGameThreadOnFault(thread, &report);
    DWORD exitCode = returned ? thread->exitCode : (report.code == WIN32_EXIT_THREAD_CODE ? 0 : report.code);
    thread->slot = 0;
    Win32WatchdogReleaseSlot();
    MemoryBarrier();
    thread->finished = 1;
    Win32ReleaseGameThread(thread);
    return exitCode;
}

//~ Starting
internal platform_game_thread *Win32StartGameThread(const char *name, platform_game_thread_proc *proc, void *data)
{
    platform_game_thread *thread = Win32ClaimGameThread(GameThread_Service, 2);
    if (!thread)
    {
        Win32Log(LogLevel_Error, "platform: StartGameThread refused: all %u game thread records are in use (join "
                 "the threads you no longer need)", (u32)PLATFORM_MAX_GAME_THREADS);
        return 0;
    }
    FormatText(thread->name, sizeof(thread->name), "%s", name);
    thread->proc = proc;
    thread->data = data;
    thread->module = Win32ModuleOfCode((const void *)proc);
    DWORD threadId = 0;
    HANDLE handle = CreateThread(0, 0, Win32GameThreadMain, thread, CREATE_SUSPENDED, &threadId);
    if (!handle)
    {
        char reason[200];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        Win32Log(LogLevel_Error, "platform: StartGameThread '%s' failed: %s", thread->name, reason);
        thread->owners = 1;
        Win32ReleaseGameThread(thread);
        return 0;
    }
    thread->thread = handle;
    thread->threadId = threadId;
    ResumeThread(handle);
    Win32Log(LogLevel_Info, "game threads: '%s' started (thread %lu)", thread->name, (unsigned long)threadId);
    return thread;
}

internal HANDLE WINAPI Win32GameCreateThread(LPSECURITY_ATTRIBUTES attributes, SIZE_T stackSize,
                                             LPTHREAD_START_ROUTINE start, LPVOID parameter, DWORD flags,
                                             LPDWORD threadId)
{
    platform_game_thread *thread = start ? Win32ClaimGameThread(GameThread_Raw, 1) : 0;
    if (!thread) return CreateThread(attributes, stackSize, start, parameter, flags, threadId);
    FormatText(thread->name, sizeof(thread->name), "CreateThread");
    thread->rawProc = start;
    thread->data = parameter;
    thread->module = Win32ModuleOfCode((const void *)start);
    HANDLE handle = CreateThread(attributes, stackSize, Win32GameThreadMain, thread, flags, threadId);
    if (!handle)
    {
        DWORD error = GetLastError();
        Win32ReleaseGameThread(thread);
        SetLastError(error);
    }
    return handle;
}

//~ Stopping
internal b32 Win32IsGameThreadHandle(platform_game_thread *thread, b32 evenWhileJoined)
{
    umm offset = (umm)thread - (umm)globalGameThreads.threads;
    if ((umm)thread < (umm)globalGameThreads.threads || offset >= sizeof(globalGameThreads.threads) ||
        offset % sizeof(platform_game_thread) != 0)
        return 0;
    return thread->inUse && thread->kind == GameThread_Service && (evenWhileJoined || !thread->joined);
}

internal b32 Win32GameThreadShouldStop(platform_game_thread *thread)
{
    return thread->stopRequested != 0;
}

// True once the thread's proc is done (the trampoline has left game code for good) or the thread
// has ended, waiting up to 'milliseconds' for the thread to end.
// NOTE: not the thread's handle alone. After the proc returns, the OS still has to end the thread:
// DLL_THREAD_DETACH in every module under the loader lock and, under Wine, server round trips. On a
// loaded machine that once took over a second (a clean-clone run at load 8.6: the joined proc's
// last line at 8.79 s, its handle signalled at 10.11 s), and a join of a thread whose proc had
// returned by itself reported it interrupted and returned false. The handle is waited for in short
// slices so that 'finished' is seen within GAME_THREAD_FINISH_POLL_MS of being set.
#define GAME_THREAD_FINISH_POLL_MS 2
internal b32 Win32GameThreadEnded(platform_game_thread *thread, DWORD milliseconds)
{
    for (;;)
    {
        if (thread->finished) return 1;
        DWORD slice = Minimum(milliseconds, (DWORD)GAME_THREAD_FINISH_POLL_MS);
        if (WaitForSingleObject(thread->thread, slice) == WAIT_OBJECT_0) return 1;
        if (milliseconds == slice) return thread->finished != 0;
        milliseconds -= slice;
    }
}

// Waits for the thread until deadline (Win32Seconds); true once it has ended (Win32GameThreadEnded).
internal b32 Win32WaitGameThreadUntil(platform_game_thread *thread, f64 deadline)
{
    f64 left = deadline - Win32Seconds();
    DWORD milliseconds = left > 0.0 ? (DWORD)(left * 1000.0) : 0;
    return Win32GameThreadEnded(thread, milliseconds);
}

// The game's handle is given up (the caller won the 'joined' flag): the thread is asked to stop,
// waited for, interrupted past the bound, logged, and its record released. True when the proc
// returned by itself within the bound.
internal b32 Win32StopJoinedGameThreads(platform_game_thread **threads, u32 count, const char *why)
{
    f64 start = Win32Seconds();
    b32 endedBefore[PLATFORM_MAX_GAME_THREADS];
    for (u32 index = 0; index < count; ++index)
    {
        endedBefore[index] = threads[index]->finished != 0;
        threads[index]->stopRequested = 1;
    }
    b32 allReturned = 1;
    for (u32 index = 0; index < count; ++index)
    {
        platform_game_thread *thread = threads[index];
        if (endedBefore[index])
        {
            Win32Log(LogLevel_Info, "game threads: '%s' (thread %lu) had already ended (%s)", thread->name,
                     (unsigned long)thread->threadId, why);
            continue;
        }
        if (Win32WaitGameThreadUntil(thread, start + PLATFORM_GAME_THREAD_STOP_MS / 1000.0))
        {
            Win32Log(LogLevel_Info, "game threads: '%s' (thread %lu) stopped when asked (%s) in %.1f ms", thread->name,
                     (unsigned long)thread->threadId, why, 1000.0 * (Win32Seconds() - start));
            continue;
        }
        allReturned = 0;
        win32_crash_report report = {};
        u64 gameCaller = 0;
        b32 interrupted = 0, ended = 0;
        f64 interruptDeadline = Win32Seconds() + WIN32_GAME_THREAD_INTERRUPT_MS / 1000.0;
        // NOTE: each interruption unwinds to the innermost guard (a queue entry the thread runs inside a
        // platform wait is one): repeat until the outermost, the trampoline's, has been left.
        while (!ended && Win32Seconds() < interruptDeadline)
        {
            win32_crash_report found;
            u64 foundCaller = 0;
            win32_watchdog_slot *slot = thread->slot;
            if (slot && slot->threadId == thread->threadId &&
                Win32InterruptGameCodeNow(slot, WIN32_GAME_THREAD_STOP_CODE, &found, &foundCaller))
            {
                if (!interrupted)
                {
                    report = found;
                    gameCaller = foundCaller;
                }
                interrupted = 1;
            }
            ended = Win32GameThreadEnded(thread, 10);
        }
        char where[700] = "?";
        if (interrupted) Win32NameCodeAddress((u64)report.address, where, sizeof(where));
        if (gameCaller)
        {
            char caller[340];
            Win32NameCodeAddress(gameCaller, caller, sizeof(caller));
            AppendFormat(where, sizeof(where), " called from %s", caller);
        }
        if (ended)
            Win32Log(LogLevel_Warning, "game threads: '%s' (thread %lu) did not stop within %u ms of being asked (%s); "
                     "interrupted at %s", thread->name, (unsigned long)thread->threadId,
                     (u32)PLATFORM_GAME_THREAD_STOP_MS, why, where);
        else
            Win32Log(LogLevel_Error, "game threads: '%s' (thread %lu) did not stop (%s) and could not be interrupted "
                     "(inside a platform service or the OS, or the watchdog is off); the thread scan keeps its code "
                     "loaded while it is inside", thread->name, (unsigned long)thread->threadId, why);
    }
    for (u32 index = 0; index < count; ++index) Win32ReleaseGameThread(threads[index]);
    return allReturned;
}

internal b32 Win32JoinGameThread(platform_game_thread *thread)
{
    if (thread->threadId == GetCurrentThreadId())
    {
        Win32Log(LogLevel_Error, "platform: JoinGameThread refused: game thread '%s' cannot join itself", thread->name);
        return 0;
    }
    if (InterlockedCompareExchange(&thread->joined, 1, 0) != 0) return 0;
    return Win32StopJoinedGameThreads(&thread, 1, "JoinGameThread");
}

internal void Win32StopGameThreadsOf(HMODULE module, u32 version)
{
    if (!module) return;
    platform_game_thread *threads[PLATFORM_MAX_GAME_THREADS];
    u32 count = 0;
    for (u32 index = 0; index < PLATFORM_MAX_GAME_THREADS; ++index)
    {
        platform_game_thread *thread = globalGameThreads.threads + index;
        if (!thread->inUse || thread->kind != GameThread_Service || thread->module != module) continue;
        if (InterlockedCompareExchange(&thread->joined, 1, 0) == 0) threads[count++] = thread;
    }
    if (!count) return;
    char why[80];
    FormatText(why, sizeof(why), "game code version %u is unloaded", version);
    Win32StopJoinedGameThreads(threads, count, why);
}

internal void Win32GameThreadName(DWORD threadId, char *out, umm outSize)
{
    out[0] = 0;
    for (u32 index = 0; index < PLATFORM_MAX_GAME_THREADS; ++index)
    {
        platform_game_thread *thread = globalGameThreads.threads + index;
        if (thread->inUse && thread->threadId == threadId) FormatText(out, outSize, "%.31s", thread->name);
    }
}

internal void Win32FillGameThreadApi(platform_api *api)
{
    api->StartGameThread = Win32StartGameThread;
    api->GameThreadShouldStop = Win32GameThreadShouldStop;
    api->JoinGameThread = Win32JoinGameThread;
}
