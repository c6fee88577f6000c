#ifndef WIN32_PLATFORM_API_LIST_H
#define WIN32_PLATFORM_API_LIST_H
//~ Every service of platform_api (contract/game_platform.h), once, for the layers that wrap them all
//
// X(Name, Result, Parameters, Arguments, Forwarding): in the struct's order. The watchdog's
// wrappers (guard/win32_watchdog.cpp) and the service checks (win32_service_checks.cpp) generate
// their tables, names and (where Forwarding is Plain) their wrappers from it. Forwarding ByHand:
// the wrapper is written out (ParallelFor wraps the game's callback; Log is variadic).
// A service added to platform_api without a line here fails to compile (the size check below).

#define PLATFORM_API_SERVICES(X) \
    X(AddWorkQueueEntry, void, (platform_work_queue *queue, platform_work_queue_callback *callback, void *data), \
      (queue, callback, data), Plain) \
    X(CompleteAllWork, void, (platform_work_queue *queue), (queue), Plain) \
    X(ParallelFor, void, (platform_work_queue *queue, u32 count, u32 minBatch, platform_parallel_for_callback *callback, \
                          void *data), (queue, count, minBatch, callback, data), ByHand) \
    X(SubmitJobGraph, b32, (platform_work_queue *queue, job_graph *graph), (queue, graph), Plain) \
    X(WaitForJobGraph, void, (job_graph *graph), (graph), Plain) \
    X(AddTask, u64, (task_manager *manager, u32 taskFlags, platform_work_queue_callback *callback, void *data), \
      (manager, taskFlags, callback, data), Plain) \
    X(CancelTask, void, (task_manager *manager, u64 taskId), (manager, taskId), Plain) \
    X(CancelTaskAndWait, void, (task_manager *manager, u64 taskId), (manager, taskId), Plain) \
    X(AddNamedTask, b32, (u32 taskFlags, const char *exportName, void *data), (taskFlags, exportName, data), Plain) \
    X(CancelNamedTask, void, (const char *exportName), (exportName), Plain) \
    X(StartGameThread, platform_game_thread *, (const char *name, platform_game_thread_proc *proc, void *data), \
      (name, proc, data), Plain) \
    X(GameThreadShouldStop, b32, (platform_game_thread *thread), (thread), Plain) \
    X(JoinGameThread, b32, (platform_game_thread *thread), (thread), Plain) \
    X(DEBUGReadEntireFile, debug_read_file_result, (const char *fileName), (fileName), Plain) \
    X(DEBUGWriteEntireFile, b32, (const char *fileName, u32 memorySize, const void *memory), \
      (fileName, memorySize, memory), Plain) \
    X(DEBUGFreeFileMemory, void, (void *memory), (memory), Plain) \
    X(DEBUGRecordEvent, void, (const char *name, u32 type, u32 flags), (name, type, flags), Plain) \
    X(Log, void, (log_level level, const char *format, ...), (level, format), ByHand)

#define PLATFORM_API_COUNT_ONE(Name, Result, Parameters, Arguments, Forwarding) +1
enum { PlatformApiServiceCount = 0 PLATFORM_API_SERVICES(PLATFORM_API_COUNT_ONE) };
#undef PLATFORM_API_COUNT_ONE
// Every member of platform_api is a listed service but taskManager (data, not a service).
static_assert(sizeof(platform_api) == (PlatformApiServiceCount + 1) * sizeof(void *),
              "a platform_api service is missing from PLATFORM_API_SERVICES");

#endif  // WIN32_PLATFORM_API_LIST_H
