#ifndef GAME_PLATFORM_H
#define GAME_PLATFORM_H
// The ONLY contract between win32_platform.exe and game.dll.
//
// Everything the game may use of the platform arrives as data or function pointers inside
// game_memory; the DLL links against nothing of the exe. Both sides compare
// GAME_CONTRACT_VERSION at load (the DLL exports it), and every struct that crosses the boundary
// has its size pinned by a StaticAssert at the bottom of this file, so a change to one side that
// is not made to the other fails to compile or fails to load, never silently corrupts memory.

#include "base/base_types.h"
#include "base/base_log.h"
#include "base/base_math.h"
#include "contract/game_arguments.h"

// Bump on every change to a struct or signature below.
#define GAME_CONTRACT_VERSION 11

//~ Work queues (implemented by the platform, see work_queue.h)
struct platform_work_queue;
#define PLATFORM_WORK_QUEUE_CALLBACK(name) void name(platform_work_queue *queue, void *data)
typedef PLATFORM_WORK_QUEUE_CALLBACK(platform_work_queue_callback);

// Which waits are allowed where, and what a waiting thread runs meanwhile: work_queue.h.
// Never drops work: when the ring is full the caller runs queued entries until there is room
// (under a graph job or a ParallelFor batch: only entries its own job added, or the new entry).
typedef void platform_add_work_queue_entry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data);
// Returns when every entry added so far has finished; the calling thread helps run them. Allowed
// in the game's update and other plain entries: it then returns once every other entry has
// finished, except the entries of threads themselves waiting in CompleteAllWork, DrainWorkQueues
// or CancelTaskAndWait (the update waits for the jobs it queued, not for itself). Refused (logged, assert in development builds)
// inside a job graph job or a ParallelFor batch.
typedef void platform_complete_all_work(platform_work_queue *queue);

// Runs callback(first, onePastLast) over [0, count) split into jobs of at least minBatch items.
// The caller always runs batches itself. A loop that, at the cost per item this thread measured
// for the same callback last time, would take under 8192 CPU cycles in all runs on the caller
// alone, with no helper; should it run longer, helpers are posted between batches.
#define PLATFORM_PARALLEL_FOR_CALLBACK(name) void name(void *data, u32 first, u32 onePastLast)
typedef PLATFORM_PARALLEL_FOR_CALLBACK(platform_parallel_for_callback);
typedef void platform_parallel_for(platform_work_queue *queue, u32 count, u32 minBatch,
                                   platform_parallel_for_callback *callback, void *data);

// Job graphs (job_graph.h): the game builds one in its own memory (inline builders, no platform
// call), submits it, and waits while helping. Submit refuses (logged) a cycle or a graph with no
// job free to start; it never hangs.
struct job_graph;
typedef b32 platform_submit_job_graph(platform_work_queue *queue, job_graph *graph);
typedef void platform_wait_for_job_graph(job_graph *graph);

// Tasks (task_manager.h). Flags combine: none = background, run once, as soon as possible.
struct task_manager;
enum task_flags
{
    TaskFlag_MainThread = 1 << 0,   // run by the main thread at its per-frame task point
    TaskFlag_Repeating = 1 << 1,    // at most once per frame until cancelled (task_manager.h)
    TaskFlag_FrameSync = 1 << 2,    // the end-of-frame sync point waits for it (background only)
};
// Returns a task id for CancelTask, or 0 when refused (logged: table full, bad flags, a background
// kind whose queue was not created). Ids never repeat within a run. After CancelTask returns the
// callback will not start; after CancelTaskAndWait returns it is not running either (the task's
// data may be freed), unless called on the thread that is running that callback (from the
// callback itself, or from work it runs while it waits). Repeating: see task_manager.h.
typedef u64 platform_add_task(task_manager *manager, u32 taskFlags,
                              platform_work_queue_callback *callback, void *data);
typedef void platform_cancel_task(task_manager *manager, u64 taskId);
// Reload-safe repeating tasks: the callback is named by an extern "C" export of game.dll, and the
// platform resolves that name again in every build it loads, so the task keeps running across
// reloads without the game re-adding it. A build that no longer exports the name drops the task
// with a logged line. Flags must include TaskFlag_Repeating; data must live in game memory (it is
// handed unchanged to every build). Adding a name already registered replaces its flags and data.
// Returns false (logged) when refused: flags, unknown export, table full.
typedef b32 platform_add_named_task(u32 taskFlags, const char *exportName, void *data);
typedef void platform_cancel_named_task(const char *exportName);

// Debug timeline: records the begin or end (debug_event_type) of a named block on the calling
// thread, with debug_event_flags. The name must stay valid until the end of the frame.
typedef void platform_debug_record_event(const char *name, u32 type, u32 flags);

//~ Game threads: threads of the game's own, started and joined by the platform
// A thread the game needs beside the frame (a file watcher, a network poller, a long computation)
// is best started here. Its proc runs under the crash guard: a crash in it ends that thread only
// (not the engine), is logged with the thread's name, function and line, and the frame recovers as
// from any crash of game code (memory rolled back, the previous build runs again). The watchdog's
// hang limit does not apply (the thread may run as long as it likes), but the proc must poll
// GameThreadShouldStop and return once it says so: before the build that started it is unloaded
// (reload, rollback after a crash, F10 reset, exit) the platform asks every thread of that build
// to stop and waits up to PLATFORM_GAME_THREAD_STOP_MS; one still in game code after that is
// interrupted where it is (as the watchdog interrupts a hung call), so no thread runs code of an
// image that is gone. Start threads again once memory->executableReloaded is set: a handle from an
// earlier build is stale after that (the platform has joined it).
// proc must be code of the running build and name a readable UTF-8 string (kept, cut to 31 bytes).
// StartGameThread returns 0 when refused (logged: bad proc or name, PLATFORM_MAX_GAME_THREADS
// running). GameThreadShouldStop answers true for a handle it refuses (a stale one): stopping is
// the safe answer. JoinGameThread asks the thread to stop, waits for it (bounded as at unload,
// interrupting it past the bound), releases the handle and returns true when the proc returned
// by itself; refused (false) on the thread itself.
// Threads started with CreateThread in game.dll are contained too (the platform patches that
// import), but nobody can ask them to stop: docs/safety-net.md says what is and is not contained.
#define PLATFORM_MAX_GAME_THREADS 32
#define PLATFORM_GAME_THREAD_STOP_MS 1000
struct platform_game_thread;
#define PLATFORM_GAME_THREAD_PROC(name) void name(platform_game_thread *thread, void *data)
typedef PLATFORM_GAME_THREAD_PROC(platform_game_thread_proc);
typedef platform_game_thread *platform_start_game_thread(const char *name, platform_game_thread_proc *proc, void *data);
typedef b32 platform_game_thread_should_stop(platform_game_thread *thread);
typedef b32 platform_join_game_thread(platform_game_thread *thread);

//~ Files (development services: whole-file reads and writes)
// File names are UTF-8. A relative name is resolved against one base folder for reads and writes
// alike: the data folder the platform found at start (data\ beside the exe, one level up, or in
// the current folder; the log names it), or the current folder when there is none. A name that is
// not valid UTF-8 is refused (logged, escaped as \xNN). DEBUGFreeFileMemory takes only what
// DEBUGReadEntireFile returned; anything else is refused (logged) and left alone.
struct debug_read_file_result
{
    u32 contentsSize;
    void *contents;   // null when the read failed (the platform has logged why)
};
#define DEBUG_PLATFORM_READ_ENTIRE_FILE(name) debug_read_file_result name(const char *fileName)
typedef DEBUG_PLATFORM_READ_ENTIRE_FILE(debug_platform_read_entire_file);
#define DEBUG_PLATFORM_WRITE_ENTIRE_FILE(name) b32 name(const char *fileName, u32 memorySize, const void *memory)
typedef DEBUG_PLATFORM_WRITE_ENTIRE_FILE(debug_platform_write_entire_file);
#define DEBUG_PLATFORM_FREE_FILE_MEMORY(name) void name(void *memory)
typedef DEBUG_PLATFORM_FREE_FILE_MEMORY(debug_platform_free_file_memory);

//~ Platform services, filled by the exe before every call into the game.
// Every service checks its arguments and refuses what it did not hand out or cannot use (a queue
// or task manager not from game_memory, a null callback or one outside the running build's code,
// a null or unreadable name or graph, a wait for the graph of a job the caller itself runs): it
// then does nothing, returns 0 where it returns something, and logs one line naming the service
// and the game's call site ("platform: SERVICE refused: WHY (called from MODULE+0xOFFSET)").
// While the platform drains the queues (before a reload, a rollback or exit), AddTask is refused
// and AddWorkQueueEntry is accepted for the drain's first 2 s of added entries, then refused, so
// work that re-adds itself cannot hold a reload up: re-add repeating work once
// memory->executableReloaded is set.
struct platform_api
{
    platform_add_work_queue_entry *AddWorkQueueEntry;
    platform_complete_all_work *CompleteAllWork;
    platform_parallel_for *ParallelFor;
    platform_submit_job_graph *SubmitJobGraph;
    platform_wait_for_job_graph *WaitForJobGraph;
    platform_add_task *AddTask;
    platform_cancel_task *CancelTask;
    platform_cancel_task *CancelTaskAndWait;
    task_manager *taskManager;      // the first argument of AddTask / CancelTask
    platform_add_named_task *AddNamedTask;
    platform_cancel_named_task *CancelNamedTask;
    platform_start_game_thread *StartGameThread;
    platform_game_thread_should_stop *GameThreadShouldStop;
    platform_join_game_thread *JoinGameThread;

    debug_platform_read_entire_file *DEBUGReadEntireFile;
    debug_platform_write_entire_file *DEBUGWriteEntireFile;
    debug_platform_free_file_memory *DEBUGFreeFileMemory;
    platform_debug_record_event *DEBUGRecordEvent;
    platform_log *Log;
};

//~ Notices: short messages the platform posts (reloads, refused builds, crashes) and the game
// draws on screen. Owned by the platform, outside game memory, so a rollback never erases them.
#define PLATFORM_MAX_NOTICES 8
struct platform_notice
{
    char text[116];
    u32 level;                  // log_level
    f32 secondsLeft;            // the platform counts it down; drawn while > 0
    u32 pad;
};
struct platform_notices
{
    u32 nextIndex;              // ring position of the next notice
    u32 pad;
    platform_notice notices[PLATFORM_MAX_NOTICES];
};

//~ The edit loop's status: what the platform last did with a new build, a tunable and a hot restart, for
// the overlay to show. Owned by the platform, outside game memory (a rollback never erases it).
struct platform_edit_status
{
    char lastReload[128];       // the last reload's stages, one line ("" before the first reload)
    char lastTune[128];         // the last tunable change, as logged ("" before the first)
    u32 reloadCount;            // reloads since start: a change says lastReload is new
    u32 tuneCount;              // tunable changes since start
    b32 tunePanelVisible;       // the tunables panel is open (F2); the exe draws it on its overlay
    u32 tuneSelected;           // the panel's highlighted row (rows: GameTunableRowCount, game_tunables.h)
    char lastRestart[128];      // the last hot restart, one line ("" when this run never restarted)
    u32 restartCount;           // hot restarts this run has been through (the platform build is this + 1)
    u32 pad;
};

//~ Debug services: what the platform records each frame for DEBUGGameEndFrame, in platform-owned
// memory: timed blocks of its own frame phases (main thread), one begin/end pair per queue entry
// run, per thread, and the blocks the game records (platform_api.DEBUGRecordEvent: its graph
// jobs). Names of the exe stay valid for the whole run; names of game.dll until the end of the
// frame that recorded them (the overlay reads them in that frame's DEBUGGameEndFrame).
#define DEBUG_MAX_EVENTS_PER_FRAME 16384
#define DEBUG_MAX_THREADS 32

enum debug_event_type
{
    DebugEvent_BeginBlock,
    DebugEvent_EndBlock,
};

enum debug_event_flags
{
    DebugEventFlag_GraphJob = 1 << 0,   // a job of the game's frame graph: the timeline names it
};

struct debug_event
{
    u64 clock;                  // debug_frame_info.ticksPerSecond ticks
    const char *name;           // null: the slot was reserved but not written yet; skip it
    u16 threadIndex;            // 0 = main thread, then threads in order of their first event
    u8 type;                    // debug_event_type
    u8 flags;                   // debug_event_flags
    u8 pad[4];
};

struct debug_frame_info
{
    u64 frameIndex;
    u64 ticksPerSecond;
    u64 frameBeginClock;        // this frame's start, on the events' clock
    u64 updateEndClock;         // when the update (and its jobs) had finished
    f32 lastFrameSeconds;       // the previous frame, pacing sleep included
    f32 lastWorkSeconds;        // the previous frame without the pacing sleep
    f32 lastEndFrameSeconds;    // what the previous DEBUGGameEndFrame took
    u32 eventCount;             // events recorded this frame so far (some may be unwritten: name 0)
    u32 droppedEventCount;      // events that did not fit
    u32 threadCount;            // threads that have recorded events since start
    const debug_event *events;
    u32 gameCodeVersion;        // reload version of the code running
    u32 crashesContained;       // since start (hangs the watchdog interrupted included)
    u32 renderCommandProblems;  // bad render commands skipped or corrected in the last drawn buffer
    u32 hangsInterrupted;       // calls into game code the watchdog interrupted, since start
};

//~ Memory
struct game_memory
{
    u64 permanentStorageSize;
    void *permanentStorage;     // zeroed at startup; survives reloads; the game's state lives here
    u64 transientStorageSize;
    void *transientStorage;     // zeroed at startup; scratch the game may rebuild at any time
    // Zeroed at startup; the platform never writes it, but it is outside the rollback snapshot:
    // after a crash, a hang or a live-loop rewind it keeps what the interrupted frames wrote, and it
    // is not in the state hash. Only for data every frame rebuilds before reading it (a collision
    // grid): its writes then cost no snapshot upkeep. Scanned for pointers into old code like the rest.
    u64 frameScratchSize;
    void *frameScratch;

    b32 executableReloaded;     // true for the first update after a new game.dll was loaded
    u32 reloadVersion;          // increases with every load of game code, never reused

    platform_work_queue *highPriorityQueue;
    platform_work_queue *lowPriorityQueue;
    u32 workerThreadCount;      // of the high priority queue: a hint for splitting work
    game_arguments arguments;   // read-only for the game: --game-arg NAME=VALUE, --entities N (game_arguments.h)
    platform_notices *notices;  // read-only for the game
    debug_frame_info *debugFrame;   // read-only for the game; for DEBUGGameEndFrame
    platform_edit_status *editStatus;   // read-only for the game; never 0 while an entry point runs

    platform_api platform;
};

#include "contract/game_input.h"
#include "contract/render_commands.h"

//~ Sound
struct game_sound_output_buffer
{
    s32 samplesPerSecond;
    s32 sampleCount;            // frames of stereo to produce
    s16 *samples;               // interleaved L R, sampleCount * 2 values
};                              // the game may point samples at game memory instead; a sampleCount
                                // above the one asked for or samples elsewhere: refused, logged, silence

//~ Live editing: the layout of the state the game keeps in permanent memory
// The DLL exports gameStateLayout as data (no code runs to read it). At every reload the platform
// compares the old and new layouts field by field and refuses a build whose registered structs
// changed, naming what changed, unless the build exports gameMigrateState (then it is called) or
// the user asked for a state reset. The struct of the first entry is the root: it sits at the
// start of permanent storage. A field whose typeName is another registered struct nests that
// struct (count > 1: an array of it), so changes and migration reach inside nested structs.
struct game_layout_field
{
    const char *structName;
    const char *fieldName;      // "(size)" is the whole struct's size entry
    const char *typeName;       // element type as declared ("u32", "v3", "demo_entity"); a
                                //   registered struct's name nests it; "(size)" entries: structName
    u32 offset;
    u32 size;                   // bytes of the whole field (count elements)
    u32 count;                  // array extent; 1 for a plain field
    u32 pad;
};

struct game_state_layout
{
    u32 fieldCount;
    u32 pad;
    const game_layout_field *fields;
};

#define GAME_STATE_LAYOUT_EXPORT_NAME "gameStateLayout"
#define GAME_MIGRATE_STATE_EXPORT_NAME "gameMigrateState"

// Called instead of the refusal when the layout changed: oldState is a copy of permanent storage
// as the old code left it, described by oldLayout; the function rewrites memory->permanentStorage
// for the new layout. Returning false keeps the old code running.
#define GAME_MIGRATE_STATE(name) b32 name(game_memory *memory, const game_state_layout *oldLayout, const void *oldState, u64 oldStateSize)
typedef GAME_MIGRATE_STATE(game_migrate_state);

//~ Entry points (each declared once by a signature macro)
#define GAME_UPDATE_AND_RENDER(name) void name(game_memory *memory, game_input *input, game_render_commands *renderCommands)
typedef GAME_UPDATE_AND_RENDER(game_update_and_render);

#define GAME_GET_SOUND_SAMPLES(name) void name(game_memory *memory, game_sound_output_buffer *soundBuffer)
typedef GAME_GET_SOUND_SAMPLES(game_get_sound_samples);

#define DEBUG_GAME_END_FRAME(name) void name(game_memory *memory, game_input *input, game_render_commands *renderCommands)
typedef DEBUG_GAME_END_FRAME(debug_game_end_frame);

// The DLL exports this so the platform can refuse a build made against another contract.
#define GAME_GET_CONTRACT_VERSION(name) u32 name(void)
typedef GAME_GET_CONTRACT_VERSION(game_get_contract_version);

// Optional export. Called on a build that ran, right before its code is unloaded: at a reload (on
// the old build, after all its queued work has finished, before the new build's first update), at
// the rollback after a crash (on the build that crashed), and at exit (not when the shutdown had
// to interrupt game code); guarded and under the watchdog like every call into game code, and no
// work it queues outlives it (the queues are drained again). Threads from StartGameThread need
// nothing here (the platform stops them right after). The pattern for the others: every thread the
// game started itself (CreateThread) keeps its handle and a stop flag in the DLL's own globals;
// this signals them to stop and joins them (WaitForSingleObject), so no thread runs code of this
// build once it returns. Reach them through the DLL's globals, not game state: when the reload
// changes the state layout, memory already holds the new build's layout. Without it (or when a
// thread is still inside afterwards), the platform keeps the old image loaded, logs a warning
// naming the thread and where it is, and releases the image once no thread is inside any more.
// Adding an optional export needs no GAME_CONTRACT_VERSION bump: a build without one loads as before.
#define GAME_CODE_UNLOADING(name) void name(game_memory *memory)
typedef GAME_CODE_UNLOADING(game_code_unloading);
#define GAME_CODE_UNLOADING_EXPORT_NAME "gameCodeUnloading"

// Stubs: what the platform calls while no valid game code is loaded.
inline GAME_UPDATE_AND_RENDER(gameUpdateAndRenderStub) { (void)memory; (void)input; (void)renderCommands; }
inline GAME_GET_SOUND_SAMPLES(gameGetSoundSamplesStub) { (void)memory; (void)soundBuffer; }
inline DEBUG_GAME_END_FRAME(DEBUGGameEndFrameStub) { (void)memory; (void)input; (void)renderCommands; }

#define GAME_EXPORT_NAMES(X)                      \
    X(gameUpdateAndRender, game_update_and_render) \
    X(gameGetSoundSamples, game_get_sound_samples) \
    X(DEBUGGameEndFrame, debug_game_end_frame)     \
    X(gameGetContractVersion, game_get_contract_version)

//~ Contract checks: a size change here must come with a GAME_CONTRACT_VERSION bump.
StaticAssert(sizeof(void *) == 8, "the contract is defined for 64-bit builds only");
StaticAssert(sizeof(platform_api) == 19 * 8, "platform_api changed: bump GAME_CONTRACT_VERSION");
StaticAssert(sizeof(game_memory) == 100 + sizeof(game_arguments) + sizeof(platform_api), "game_memory changed: bump GAME_CONTRACT_VERSION");
StaticAssert(sizeof(platform_notices) == 8 + PLATFORM_MAX_NOTICES * 128, "platform_notices changed");
StaticAssert(sizeof(platform_edit_status) == 408, "platform_edit_status changed: bump GAME_CONTRACT_VERSION");
StaticAssert(sizeof(debug_event) == 24, "debug_event changed");
StaticAssert(sizeof(debug_frame_info) == 80, "debug_frame_info changed");
StaticAssert(sizeof(game_button_state) == 8, "game_button_state changed: bump GAME_CONTRACT_VERSION");
StaticAssert(sizeof(game_keyboard_input) == Key_Count * 8 + 8, "game_keyboard_input changed");
StaticAssert(sizeof(game_mouse_input) == 24 + MouseButton_Count * 8, "game_mouse_input changed");
StaticAssert(sizeof(game_controller_input) == 32 + ControllerButton_Count * 8, "game_controller_input changed");
StaticAssert(sizeof(game_input) == 16 + sizeof(game_keyboard_input) + sizeof(game_mouse_input) +
             GAME_MAX_CONTROLLERS * sizeof(game_controller_input) + 8, "game_input changed");
StaticAssert(sizeof(render_entry_header) == 16, "render_entry_header changed");
StaticAssert(sizeof(render_entry_camera) % 16 == 0 && sizeof(render_entry_fog) % 16 == 0 &&
             sizeof(render_entry_quads) % 16 == 0 && sizeof(render_entry_cubes) % 16 == 0 &&
             sizeof(render_entry_texture) % 16 == 0 && sizeof(render_entry_clear) % 16 == 0,
             "render entries keep 16-byte multiples so entries stay aligned in the push buffer");
StaticAssert(sizeof(render_vertex) == 24, "render_vertex changed");
StaticAssert(sizeof(render_cube_instance) == 32, "render_cube_instance changed");
StaticAssert(sizeof(game_render_commands) == 80, "game_render_commands changed");
StaticAssert(sizeof(render_entry_sub_buffers) % 16 == 0 && sizeof(render_sub_buffer_slot) == 16,
             "sub-buffer slots keep entries 16-byte aligned");
StaticAssert(sizeof(game_sound_output_buffer) == 16, "game_sound_output_buffer changed");
StaticAssert(sizeof(game_layout_field) == 40 && sizeof(game_state_layout) == 16, "layout export changed: bump GAME_CONTRACT_VERSION");

#endif // GAME_PLATFORM_H
