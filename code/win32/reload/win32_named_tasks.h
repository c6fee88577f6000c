#ifndef WIN32_NAMED_TASKS_H
#define WIN32_NAMED_TASKS_H
//~ Reload-safe repeating tasks: registered by the name of a game.dll export
//
// The task manager holds plain callback pointers, and a pointer into game.dll dies with the build
// that owns it (PrepareTasksForReload cancels every repeating task before the old module is
// freed). This table keeps what survives a reload instead: the export's name, the flags and the
// data (in game memory). Once per frame, before the task point, Win32BindNamedTasks compares the
// running build with the one the table was bound to; after any change (a reload, a rollback to an
// earlier build) it cancels the old tasks, looks every name up again in the new module and re-adds
// the task with the new address. A name the new build does not export is dropped, with a log line.
// Tested by: tests/suites/suite_frame_graph.sh, tests/suites/suite_misuse_games.sh

#define WIN32_MAX_NAMED_TASKS 32
#define WIN32_NAMED_TASK_NAME_SIZE 64

struct win32_named_task
{
    char name[WIN32_NAMED_TASK_NAME_SIZE];
    u32 flags;
    u32 taskId;                 // in the task manager; 0 while not bound to a build
    void *data;
    b32 active;
    u32 pad;
};

struct win32_named_tasks
{
    spin_lock lock;             // the game may add and cancel from any thread
    task_manager *manager;
    win32_game_code *game;      // the running build (only swapped while no game code runs)
    u32 boundVersion;           // the build the task ids belong to
    u32 pad;
    win32_named_task tasks[WIN32_MAX_NAMED_TASKS];
};

// Main thread at start-up, before the game's first call: empties the table and installs
// AddNamedTask and CancelNamedTask in api.
internal void Win32FillNamedTaskApi(platform_api *api, win32_named_tasks *table, task_manager *manager,
                                    win32_game_code *game);
// Main thread, once per frame before RunMainThreadTasks, while no game code runs: re-binds every
// named task to the running build when it changed.
internal void Win32BindNamedTasks(win32_named_tasks *table, win32_game_code *game);

#endif  // WIN32_NAMED_TASKS_H
