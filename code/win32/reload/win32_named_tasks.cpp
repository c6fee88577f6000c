//~ Reload-safe repeating tasks: the bodies behind win32/reload/win32_named_tasks.h

global win32_named_tasks *globalNamedTasks;

internal platform_work_queue_callback *Win32ResolveTaskExport(win32_game_code *game, const char *name)
{
    if (!game->module) return 0;
    return (platform_work_queue_callback *)(void *)GetProcAddress(game->module, name);
}

// platform_api.AddNamedTask (game_platform.h).
internal b32 Win32AddNamedTask(u32 taskFlags, const char *exportName, void *data)
{
    win32_named_tasks *table = globalNamedTasks;
    umm nameLength = exportName ? strlen(exportName) : 0;
    if (!table || nameLength == 0 || nameLength >= WIN32_NAMED_TASK_NAME_SIZE || !(taskFlags & TaskFlag_Repeating))
    {
        Win32Log(LogLevel_Error, "tasks: named task '%s' refused: it needs a name of 1 to %u characters and "
                 "TaskFlag_Repeating (flags 0x%x)", exportName ? exportName : "(null)",
                 WIN32_NAMED_TASK_NAME_SIZE - 1, taskFlags);
        return 0;
    }
    platform_work_queue_callback *callback = Win32ResolveTaskExport(table->game, exportName);
    if (!callback)
    {
        Win32Log(LogLevel_Error, "tasks: named task '%s' refused: game code version %u does not export it",
                 exportName, table->game->version);
        return 0;
    }

    // NOTE: the lock is held across the task manager calls (they never call back into this table),
    // so two threads adding the same name cannot both add a task.
    BeginSpinLock(&table->lock);
    win32_named_task *task = 0;
    for (u32 index = 0; index < WIN32_MAX_NAMED_TASKS && !task; ++index)
        if (table->tasks[index].active && strcmp(table->tasks[index].name, exportName) == 0) task = table->tasks + index;
    for (u32 index = 0; index < WIN32_MAX_NAMED_TASKS && !task; ++index)
        if (!table->tasks[index].active) task = table->tasks + index;
    u32 taskId = 0;
    if (task)
    {
        if (task->active && task->taskId) CancelTask(table->manager, task->taskId);
        memcpy(task->name, exportName, nameLength + 1);
        task->flags = taskFlags;
        task->data = data;
        task->taskId = taskId = AddTask(table->manager, taskFlags, callback, data);
        task->active = taskId != 0;
    }
    EndSpinLock(&table->lock);
    if (!task)
    {
        Win32Log(LogLevel_Error, "tasks: named task '%s' refused: all %u named task slots in use", exportName,
                 WIN32_MAX_NAMED_TASKS);
    }
    return taskId != 0;
}

// platform_api.CancelNamedTask.
internal void Win32CancelNamedTask(const char *exportName)
{
    win32_named_tasks *table = globalNamedTasks;
    if (!table || !exportName) return;
    u32 taskId = 0;
    BeginSpinLock(&table->lock);
    for (u32 index = 0; index < WIN32_MAX_NAMED_TASKS; ++index)
    {
        win32_named_task *task = table->tasks + index;
        if (task->active && strcmp(task->name, exportName) == 0)
        {
            taskId = task->taskId;
            task->active = 0;
            task->taskId = 0;
        }
    }
    EndSpinLock(&table->lock);
    if (taskId) CancelTask(table->manager, taskId);
}

internal void Win32FillNamedTaskApi(platform_api *api, win32_named_tasks *table, task_manager *manager,
                                    win32_game_code *game)
{
    memset(table, 0, sizeof(*table));
    table->manager = manager;
    table->game = game;
    globalNamedTasks = table;
    api->AddNamedTask = Win32AddNamedTask;
    api->CancelNamedTask = Win32CancelNamedTask;
}

internal void Win32BindNamedTasks(win32_named_tasks *table, win32_game_code *game)
{
    if (game->version == table->boundVersion) return;
    u32 previousVersion = table->boundVersion;
    table->boundVersion = game->version;
    BeginSpinLock(&table->lock);
    for (u32 index = 0; index < WIN32_MAX_NAMED_TASKS; ++index)
    {
        win32_named_task *task = table->tasks + index;
        if (!task->active) continue;
        // NOTE: PrepareTasksForReload has already cancelled the old run; cancelling again by id is
        // harmless (a stale id never matches) and covers a module change that did not go through it.
        if (task->taskId) CancelTask(table->manager, task->taskId);
        task->taskId = 0;
        if (!game->module) continue;    // no game code loaded: bound again once a build is
        platform_work_queue_callback *callback = Win32ResolveTaskExport(game, task->name);
        if (!callback)
        {
            Win32Log(LogLevel_Warning, "tasks: named task '%s' dropped: game code version %u does not export it",
                     task->name, game->version);
            task->active = 0;
            continue;
        }
        task->taskId = AddTask(table->manager, task->flags, callback, task->data);
        if (task->taskId)
        {
            Win32Log(LogLevel_Info, "tasks: named task '%s' bound to game code version %u (was %u)", task->name,
                     game->version, previousVersion);
        }
        else
        {
            task->active = 0;   // AddTask has logged why
        }
    }
    EndSpinLock(&table->lock);
}
