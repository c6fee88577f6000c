//~ The platform's own threads: the bodies behind win32/win32_platform_threads.h

// NOTE: a global, not part of win32_state: the watchdog and quit-bound threads note themselves, and
// the thread scan reads it with other threads suspended.
global win32_platform_threads globalPlatformThreads;

internal void Win32NotePlatformThread(DWORD threadId, const char *name)
{
    LONG index = InterlockedIncrement(&globalPlatformThreads.count) - 1;
    if (index >= WIN32_MAX_PLATFORM_THREADS) return;
    win32_platform_thread *thread = globalPlatformThreads.threads + index;
    FormatText(thread->name, sizeof(thread->name), "%s", name);
    thread->threadId = threadId;
}

internal void Win32NoteQueueWorkers(platform_work_queue *queue, const char *queueName)
{
    for (u32 workerIndex = 0; workerIndex < queue->workerCount; ++workerIndex)
    {
        char name[40];
        FormatText(name, sizeof(name), "%s worker %u", queueName, workerIndex + 1);
        Win32NotePlatformThread(GetThreadId((HANDLE)(umm)queue->workers[workerIndex].handle), name);
    }
}

internal const char *Win32PlatformThreadName(DWORD threadId)
{
    LONG count = Minimum(globalPlatformThreads.count, (LONG)WIN32_MAX_PLATFORM_THREADS);
    for (LONG index = 0; index < count; ++index)
        if (globalPlatformThreads.threads[index].threadId == threadId) return globalPlatformThreads.threads[index].name;
    return 0;
}
