//~ Platform service checks: the bodies behind win32/win32_service_checks.h

global win32_service_checks globalServiceChecks;

#define WIN32_SERVICE_NAME(Name, Result, Parameters, Arguments, Forwarding) #Name,
global const char *globalCheckedServiceNames[] = {PLATFORM_API_SERVICES(WIN32_SERVICE_NAME)};
#undef WIN32_SERVICE_NAME

//~ What the game may hand over
internal b32 Win32InRange(const void *address, u64 size, const void *base, u64 rangeSize)
{
    u64 at = (u64)address;
    return base && at >= (u64)base && at - (u64)base <= rangeSize && size <= rangeSize - (at - (u64)base);
}

internal b32 Win32InImageOf(const win32_game_code *game, const void *address, u64 size)
{
    return game && game->moduleBase && Win32InRange(address, size, game->moduleBase, game->moduleSize);
}

internal b32 Win32InGameImage(const void *address)
{
    return Win32InImageOf(globalServiceChecks.game, address, 1) || Win32InImageOf(globalServiceChecks.pastGame, address, 1);
}

internal void Win32SetServiceCheckPastGame(const win32_game_code *pastGame)
{
    globalServiceChecks.pastGame = pastGame;
}

internal b32 Win32IsReadablePage(const void *address)
{
    MEMORY_BASIC_INFORMATION info;
    if (!VirtualQuery(address, &info, sizeof(info)) || info.State != MEM_COMMIT) return 0;
    DWORD readable = PAGE_READONLY | PAGE_READWRITE | PAGE_WRITECOPY | PAGE_EXECUTE_READ | PAGE_EXECUTE_READWRITE |
                     PAGE_EXECUTE_WRITECOPY;
    return (info.Protect & readable) && !(info.Protect & (PAGE_GUARD | PAGE_NOACCESS));
}

// Memory the game may point the platform at: game memory and the game's image at no cost, anything
// else (its stack, a heap of its own) if both ends are committed, readable pages.
internal b32 Win32GameMemoryUsable(const void *address, u64 size)
{
    if (!address) return 0;
    if (Win32InRange(address, size, globalServiceChecks.gameMemoryBase, globalServiceChecks.gameMemorySize)) return 1;
    if (Win32InImageOf(globalServiceChecks.game, address, size) || Win32InImageOf(globalServiceChecks.pastGame, address, size))
        return 1;
    if ((u64)address + size < (u64)address) return 0;
    return Win32IsReadablePage(address) && Win32IsReadablePage((const u8 *)address + (size ? size - 1 : 0));
}

// A zero-terminated name within maxLength bytes of usable memory.
internal b32 Win32GameNameUsable(const char *name, u32 maxLength)
{
    if (!Win32GameMemoryUsable(name, 1)) return 0;
    for (u32 at = 0; at < maxLength; ++at)
    {
        if (((u64)(name + at) & 4095) == 0 && !Win32GameMemoryUsable(name + at, 1)) return 0;
        if (name[at] == 0) return 1;
    }
    return 0;
}

internal b32 Win32IsValidUtf8(const char *text)
{
    const u8 *at = (const u8 *)text;
    umm remaining = strlen(text);
    while (remaining)
    {
        u32 consumed = 0;
        b32 invalid = 0;
        DecodeUtf8Character(at, remaining, &consumed, &invalid);
        if (invalid) return 0;
        at += consumed;
        remaining -= consumed;
    }
    return 1;
}

//~ Refusals
// One refusal: logged (rate-limited per service) with the game's call site.
internal void Win32RefuseService(u32 service, void *caller, const char *format, ...)
{
    LONG count = InterlockedIncrement(&globalServiceChecks.refusals[service]);
    if (count > 10 && count % 1000 != 0) return;
    char why[400];
    va_list args;
    va_start(args, format);
    vsnprintf(why, sizeof(why), format, args);
    va_end(args);
    char module[64];
    u64 offset = 0;
    Win32DescribeCodeAddress(caller, module, sizeof(module), &offset);
    char repeated[64] = "";
    if (count > 10) FormatText(repeated, sizeof(repeated), " [%ld refusals of this service so far]", (long)count);
    // NOTE: game code that ends with the call (a tail call) leaves no call site of its own on the
    // stack: the address is then its caller's, the platform's guard.
    const char *tailCall = Win32InGameImage(caller) ? "" : ", reached by a tail call from game code";
    Win32Log(LogLevel_Error, "platform: %s refused: %s (called from %s+0x%llx%s)%s", globalCheckedServiceNames[service],
             why, module, (unsigned long long)offset, tailCall, repeated);
}

// A file name the file services can use: readable, terminated, UTF-8. Logs the refusal.
internal b32 Win32CheckFileName(u32 service, void *caller, const char *fileName)
{
    if (!Win32GameNameUsable(fileName, WIN32_PATH_BYTES))
    {
        Win32RefuseService(service, caller, "the file name (%p) is null, unreadable or longer than %u bytes",
                           (const void *)fileName, (u32)WIN32_PATH_BYTES - 1);
        return 0;
    }
    if (!Win32IsValidUtf8(fileName))
    {
        // NOTE: the log writes the name's bytes that are not UTF-8 as \xNN (win32_log.cpp).
        Win32RefuseService(service, caller, "the file name '%s' is not valid UTF-8", fileName);
        return 0;
    }
    return 1;
}

internal b32 Win32IsPlatformQueue(platform_work_queue *queue)
{
    return queue && (queue == globalServiceChecks.queues[0] || queue == globalServiceChecks.queues[1]);
}

internal const char *Win32QueueProblem(platform_work_queue *queue)
{
    if (!queue) return "the queue is null";
    return Win32IsPlatformQueue(queue) ? 0 : "the queue is not one the platform handed out "
                                             "(memory->highPriorityQueue or lowPriorityQueue)";
}

internal const char *Win32CallbackProblem(const void *callback)
{
    if (!callback) return "the callback is null";
    return Win32InGameImage(callback) ? 0 : "the callback lies outside the running game build's code";
}


// While the platform drains the queues: null for WIN32_DRAIN_ADD_SECONDS after the drain's first
// added entry, then the reason every later entry of that drain is refused.
internal const char *Win32EndlessDrainProblem(void)
{
    win32_service_checks *checks = &globalServiceChecks;
    task_manager *tasks = checks->taskManager;
    if (!tasks || !AtomicLoadU32(&tasks->drainingForReload)) return 0;
    LARGE_INTEGER now, frequency;
    QueryPerformanceCounter(&now);
    QueryPerformanceFrequency(&frequency);
    u32 drain = AtomicLoadU32(&tasks->drainCount);
    if (AtomicExchangeU32(&checks->drainSeen, drain) != drain)
    {
        AtomicStoreU64(&checks->drainSeenSince, (u64)now.QuadPart);
        return 0;
    }
    f64 seconds = (f64)((s64)((u64)now.QuadPart - AtomicLoadU64(&checks->drainSeenSince))) / (f64)frequency.QuadPart;
    if (seconds < WIN32_DRAIN_ADD_SECONDS) return 0;
    return "queue entries kept adding entries for more than 2 s while the platform drained the queues "
           "(before a reload, a rollback or exit): an entry that re-adds itself would keep it waiting forever";
}

internal void Win32CheckedAddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
{
    void *caller = WIN32_CALLER_ADDRESS();
    const char *problem = Win32QueueProblem(queue);
    if (!problem) problem = Win32CallbackProblem((const void *)callback);
    if (!problem) problem = Win32EndlessDrainProblem();
    if (problem) { Win32RefuseService(CheckedService_AddWorkQueueEntry, caller, "%s", problem); return; }
    globalServiceChecks.next.AddWorkQueueEntry(queue, callback, data);
}

internal void Win32CheckedCompleteAllWork(platform_work_queue *queue)
{
    void *caller = WIN32_CALLER_ADDRESS();
    const char *problem = Win32QueueProblem(queue);
    if (problem) { Win32RefuseService(CheckedService_CompleteAllWork, caller, "%s (%p)", problem, (void *)queue); return; }
    // NOTE: only the wait inside a job can give up (at top level nothing beneath it waits for it).
    win32_game_wait saved;
    b32 begun = Win32BeginGameWait(&saved, "CompleteAllWork", caller, GetWorkThreadContext()->depth > 0,
                                   queue->name ? queue->name : "?");
    globalServiceChecks.next.CompleteAllWork(queue);
    Win32EndGameWait(&saved, begun);
}

internal void Win32CheckedParallelFor(platform_work_queue *queue, u32 count, u32 minBatch,
                                      platform_parallel_for_callback *callback, void *data)
{
    void *caller = WIN32_CALLER_ADDRESS();
    const char *problem = Win32QueueProblem(queue);
    if (!problem) problem = Win32CallbackProblem((const void *)callback);
    if (problem) { Win32RefuseService(CheckedService_ParallelFor, caller, "%s", problem); return; }
    win32_game_wait saved;
    b32 begun = Win32BeginGameWait(&saved, "ParallelFor", caller, 0, "its batches");
    globalServiceChecks.next.ParallelFor(queue, count, minBatch, callback, data);
    Win32EndGameWait(&saved, begun);
}

// The graph and its job array must be memory the game may hand over, every job's callback game code.
internal b32 Win32CheckGraph(u32 service, void *caller, job_graph *graph, b32 checkJobs)
{
    if (!graph) { Win32RefuseService(service, caller, "the graph is null"); return 0; }
    if (((u64)graph & 7) || !Win32GameMemoryUsable(graph, sizeof(job_graph)))
    {
        Win32RefuseService(service, caller, "the graph at %p is not readable memory of the game", (void *)graph);
        return 0;
    }
    if (!checkJobs) return 1;
    u32 jobCount = graph->jobCount;
    if (jobCount > graph->maxJobCount || (jobCount && !Win32GameMemoryUsable(graph->jobs, (u64)jobCount * sizeof(job))))
    {
        Win32RefuseService(service, caller, "graph '%s' has %u jobs (capacity %u) at %p: not a graph BeginJobGraph made",
                           Win32GameNameUsable(graph->name, 128) ? graph->name : "?", jobCount, graph->maxJobCount,
                           (void *)graph->jobs);
        return 0;
    }
    for (u32 index = 0; index < jobCount; ++index)
    {
        const void *callback = (const void *)graph->jobs[index].callback;
        if (callback && !Win32InGameImage(callback))
        {
            Win32RefuseService(service, caller, "job %u of graph '%s' has a callback outside the running game "
                               "build's code (%p)", index, Win32GameNameUsable(graph->name, 128) ? graph->name : "?",
                               callback);
            return 0;
        }
    }
    return 1;
}

internal b32 Win32CheckedSubmitJobGraph(platform_work_queue *queue, job_graph *graph)
{
    void *caller = WIN32_CALLER_ADDRESS();
    const char *problem = Win32QueueProblem(queue);
    if (problem) { Win32RefuseService(CheckedService_SubmitJobGraph, caller, "%s (%p)", problem, (void *)queue); return 0; }
    if (!Win32CheckGraph(CheckedService_SubmitJobGraph, caller, graph, 1)) return 0;
    return globalServiceChecks.next.SubmitJobGraph(queue, graph);
}

internal void Win32CheckedWaitForJobGraph(job_graph *graph)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!Win32CheckGraph(CheckedService_WaitForJobGraph, caller, graph, 0)) return;
    if (IsJobGraphWaitOnItself(graph))
    {
        Win32RefuseService(CheckedService_WaitForJobGraph, caller, "the waiting thread runs a job of graph '%s' (or a "
                           "ParallelFor batch of one), so the graph could never finish: a job must not wait for its "
                           "own graph", Win32GameNameUsable(graph->name, 128) ? graph->name : "?");
        return;
    }
    char what[48];
    FormatText(what, sizeof(what), "graph '%s'", Win32GameNameUsable(graph->name, 128) ? graph->name : "?");
    win32_game_wait saved;
    b32 begun = Win32BeginGameWait(&saved, "WaitForJobGraph", caller, 1, what);
    globalServiceChecks.next.WaitForJobGraph(graph);
    Win32EndGameWait(&saved, begun);
}

internal const char *Win32TaskManagerProblem(task_manager *manager)
{
    if (!manager) return "the task manager is null";
    return manager == globalServiceChecks.taskManager ? 0 : "the task manager is not memory->platform.taskManager";
}

internal u64 Win32CheckedAddTask(task_manager *manager, u32 taskFlags, platform_work_queue_callback *callback, void *data)
{
    void *caller = WIN32_CALLER_ADDRESS();
    const char *problem = Win32TaskManagerProblem(manager);
    if (!problem) problem = Win32CallbackProblem((const void *)callback);
    u32 knownFlags = TaskFlag_MainThread | TaskFlag_Repeating | TaskFlag_FrameSync;
    if (!problem && ((taskFlags & ~knownFlags) || ((taskFlags & TaskFlag_MainThread) && (taskFlags & TaskFlag_FrameSync))))
        problem = "its flags are not a task kind (task_flags; MainThread and FrameSync exclude each other)";
    const char *draining = "the work queues are being drained (for a reload, a rollback or shutdown); re-add the task "
                           "when memory->executableReloaded is set";
    if (!problem && AtomicLoadU32(&manager->drainingForReload)) problem = draining;
    if (problem) { Win32RefuseService(CheckedService_AddTask, caller, "%s", problem); return 0; }
    u64 taskId = globalServiceChecks.next.AddTask(manager, taskFlags, callback, data);
    // NOTE: a drain that began after the check above is refused inside (logged there without the
    // call site): named here too, so the game's line is in the log however the two raced.
    if (!taskId && AtomicLoadU32(&manager->drainingForReload)) Win32RefuseService(CheckedService_AddTask, caller, "%s", draining);
    return taskId;
}

internal void Win32CheckedCancelTask(task_manager *manager, u64 taskId)
{
    void *caller = WIN32_CALLER_ADDRESS();
    const char *problem = Win32TaskManagerProblem(manager);
    if (problem) { Win32RefuseService(CheckedService_CancelTask, caller, "%s (%p)", problem, (void *)manager); return; }
    globalServiceChecks.next.CancelTask(manager, taskId);
}

internal void Win32CheckedCancelTaskAndWait(task_manager *manager, u64 taskId)
{
    void *caller = WIN32_CALLER_ADDRESS();
    const char *problem = Win32TaskManagerProblem(manager);
    if (problem) { Win32RefuseService(CheckedService_CancelTaskAndWait, caller, "%s (%p)", problem, (void *)manager); return; }
    char what[48];
    FormatText(what, sizeof(what), "task 0x%llx", (unsigned long long)taskId);
    win32_game_wait saved;
    b32 begun = Win32BeginGameWait(&saved, "CancelTaskAndWait", caller, 1, what);
    globalServiceChecks.next.CancelTaskAndWait(manager, taskId);
    Win32EndGameWait(&saved, begun);
}

internal b32 Win32CheckedAddNamedTask(u32 taskFlags, const char *exportName, void *data)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!Win32GameNameUsable(exportName, WIN32_MAX_SERVICE_NAME))
    {
        Win32RefuseService(CheckedService_AddNamedTask, caller, "the export name (%p) is null, unreadable or not "
                           "terminated within %u bytes", (const void *)exportName, (u32)WIN32_MAX_SERVICE_NAME);
        return 0;
    }
    if (!(taskFlags & TaskFlag_Repeating) || (taskFlags & ~(u32)(TaskFlag_MainThread | TaskFlag_Repeating | TaskFlag_FrameSync)))
    {
        Win32RefuseService(CheckedService_AddNamedTask, caller, "flags 0x%x for '%s': a named task must be "
                           "TaskFlag_Repeating (with MainThread or FrameSync at most)", taskFlags, exportName);
        return 0;
    }
    return globalServiceChecks.next.AddNamedTask(taskFlags, exportName, data);
}

internal void Win32CheckedCancelNamedTask(const char *exportName)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!Win32GameNameUsable(exportName, WIN32_MAX_SERVICE_NAME))
    {
        Win32RefuseService(CheckedService_CancelNamedTask, caller, "the export name (%p) is null, unreadable or not "
                           "terminated within %u bytes", (const void *)exportName, (u32)WIN32_MAX_SERVICE_NAME);
        return;
    }
    globalServiceChecks.next.CancelNamedTask(exportName);
}

internal void Win32CheckedDEBUGRecordEvent(const char *name, u32 type, u32 flags)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!Win32GameNameUsable(name, WIN32_MAX_SERVICE_NAME) || type > DebugEvent_EndBlock)
    {
        Win32RefuseService(CheckedService_DEBUGRecordEvent, caller, "the name (%p) is null or unreadable, or the type (%u) "
                           "is not a debug_event_type", (const void *)name, type);
        return;
    }
    globalServiceChecks.next.DEBUGRecordEvent(name, type, flags);
}

internal platform_game_thread *Win32CheckedStartGameThread(const char *name, platform_game_thread_proc *proc, void *data)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!Win32GameNameUsable(name, WIN32_MAX_SERVICE_NAME) || !Win32IsValidUtf8(name))
    {
        Win32RefuseService(CheckedService_StartGameThread, caller, "the name (%p) is null, unreadable, not UTF-8 or "
                           "not terminated within %u bytes", (const void *)name, (u32)WIN32_MAX_SERVICE_NAME);
        return 0;
    }
    const char *problem = Win32CallbackProblem((const void *)proc);
    if (problem)
    {
        Win32RefuseService(CheckedService_StartGameThread, caller, "%s (thread '%s')", problem, name);
        return 0;
    }
    return globalServiceChecks.next.StartGameThread(name, proc, data);
}

// NOTE: a refused handle reads as "stop": a thread polling a stale handle then ends.
internal b32 Win32CheckedGameThreadShouldStop(platform_game_thread *thread)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!Win32IsGameThreadHandle(thread, 1))
    {
        Win32RefuseService(CheckedService_GameThreadShouldStop, caller, "%p is not a game thread StartGameThread "
                           "returned, or it was joined (answered: stop)", (void *)thread);
        return 1;
    }
    return globalServiceChecks.next.GameThreadShouldStop(thread);
}

internal b32 Win32CheckedJoinGameThread(platform_game_thread *thread)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!Win32IsGameThreadHandle(thread, 0))
    {
        Win32RefuseService(CheckedService_JoinGameThread, caller, "%p is not a game thread StartGameThread returned, "
                           "or it was joined already", (void *)thread);
        return 0;
    }
    return globalServiceChecks.next.JoinGameThread(thread);
}

internal DEBUG_PLATFORM_READ_ENTIRE_FILE(Win32CheckedDEBUGReadEntireFile)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!Win32CheckFileName(CheckedService_DEBUGReadEntireFile, caller, fileName))
    {
        debug_read_file_result none = {};
        return none;
    }
    return globalServiceChecks.next.DEBUGReadEntireFile(fileName);
}

internal DEBUG_PLATFORM_WRITE_ENTIRE_FILE(Win32CheckedDEBUGWriteEntireFile)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!Win32CheckFileName(CheckedService_DEBUGWriteEntireFile, caller, fileName)) return 0;
    if (memorySize && !Win32GameMemoryUsable(memory, memorySize))
    {
        Win32RefuseService(CheckedService_DEBUGWriteEntireFile, caller, "the %u bytes at %p to write to '%s' are not "
                           "readable memory of the game", memorySize, memory, fileName);
        return 0;
    }
    return globalServiceChecks.next.DEBUGWriteEntireFile(fileName, memorySize, memory);
}

internal DEBUG_PLATFORM_FREE_FILE_MEMORY(Win32CheckedDEBUGFreeFileMemory)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!memory) return;
    if (!Win32IsFileMemory(memory))
    {
        const char *where = Win32InRange(memory, 1, globalServiceChecks.gameMemoryBase, globalServiceChecks.gameMemorySize)
                                ? "it lies in game memory (permanent or transient storage)" : "it was never handed out, or was freed already";
        Win32RefuseService(CheckedService_DEBUGFreeFileMemory, caller, "%p is not memory DEBUGReadEntireFile returned: %s",
                           memory, where);
        return;
    }
    globalServiceChecks.next.DEBUGFreeFileMemory(memory);
}

internal PLATFORM_LOG(Win32CheckedLog)
{
    void *caller = WIN32_CALLER_ADDRESS();
    if (!Win32GameNameUsable(format, 4096))
    {
        Win32RefuseService(CheckedService_Log, caller, "the format (%p) is null, unreadable or longer than 4096 bytes",
                           (const void *)format);
        return;
    }
    char message[2048];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof(message), format, args);
    va_end(args);
    globalServiceChecks.next.Log((u32)level < LogLevel_Count ? level : LogLevel_Error, "%s", message);
}

internal void Win32CheckPlatformApi(platform_api *api, work_queue_system *queues, const void *gameMemoryBase,
                                    u64 gameMemorySize, const win32_game_code *game)
{
    globalServiceChecks.next = *api;
    globalServiceChecks.queues[0] = &queues->highQueue;
    globalServiceChecks.queues[1] = &queues->lowQueue;
    globalServiceChecks.taskManager = &queues->tasks;
    globalServiceChecks.gameMemoryBase = (const u8 *)gameMemoryBase;
    globalServiceChecks.gameMemorySize = gameMemorySize;
    globalServiceChecks.game = game;
    globalServiceChecks.installed = 1;
    Win32StartStallDetector(queues);
#define WIN32_CHECK_SERVICE(Name, Result, Parameters, Arguments, Forwarding) api->Name = Win32Checked##Name;
    PLATFORM_API_SERVICES(WIN32_CHECK_SERVICE)
#undef WIN32_CHECK_SERVICE
}

internal b32 Win32CheckSoundBuffer(const game_sound_output_buffer *handed, game_sound_output_buffer *returned,
                                   u32 gameVersion)
{
    const char *problem = 0;
    u64 bytes = (u64)(returned->sampleCount > 0 ? returned->sampleCount : 0) * 2 * sizeof(s16);
    if (returned->sampleCount < 0 || returned->sampleCount > handed->sampleCount)
        problem = "its sampleCount is beyond what the platform asked for";
    else if (returned->sampleCount && !returned->samples)
        problem = "its samples pointer is null";
    else if (returned->sampleCount && !Win32InRange(returned->samples, bytes, handed->samples,
                                                   (u64)handed->sampleCount * 2 * sizeof(s16)) &&
             !Win32InRange(returned->samples, bytes, globalServiceChecks.gameMemoryBase, globalServiceChecks.gameMemorySize))
        problem = "its samples lie neither in the buffer the platform handed out nor in game memory";
    if (!problem) return 1;
    if (globalServiceChecks.soundRefusals++ % 300 == 0)
    {
        Win32Log(LogLevel_Error, "sound: the buffer gameGetSoundSamples (game code version %u) returned is refused: %s "
                 "(samples %p, sampleCount %d, asked for %d); this frame is silent [%llu refused so far]", gameVersion,
                 problem, (void *)returned->samples, returned->sampleCount, handed->sampleCount,
                 (unsigned long long)globalServiceChecks.soundRefusals);
    }
    return 0;
}
