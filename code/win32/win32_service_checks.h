#ifndef WIN32_SERVICE_CHECKS_H
#define WIN32_SERVICE_CHECKS_H
//~ Platform services check what the game hands them
//
// The outermost layer of every platform_api service the game gets (installed over the watchdog's
// wrappers, so the return address each wrapper reads is the game's own call). Each service refuses
// what it did not hand out or cannot use: a queue or task manager that is not one of the
// platform's, a null callback or one outside the running game build's image, a null name or graph,
// memory that is not the game's to give, file memory DEBUGReadEntireFile did not allocate, a wait
// for a graph the waiting thread itself runs. A refusal does nothing else, returns the service's
// "refused" value (0, or nothing) and logs one line naming the service, what was wrong and the
// game's call site (module+offset of the caller): "platform: SERVICE refused: WHY (called from
// MODULE+0xOFFSET)". A game that repeats the same misuse every frame gets its first ten refusals
// per service logged, then one line every 1000 with the count.
//
// Queue entries added while the platform drains the queues (before a reload, a rollback or exit)
// are accepted for WIN32_DRAIN_ADD_SECONDS; after that they are refused, so an entry that re-adds
// itself forever cannot keep a reload or quit waiting.
//
// Sound: the buffer gameGetSoundSamples hands back is checked like render commands before the
// platform copies from it (samples inside the buffer it was given, or inside game memory; count
// within what was asked for).
// Tested by: tests/suites/suite_misuse_games.sh

struct win32_service_checks
{
    b32 installed;
    platform_api next;                      // what each checked service forwards to
    platform_work_queue *queues[2];
    task_manager *taskManager;
    const u8 *gameMemoryBase;
    u64 gameMemorySize;
    const win32_game_code *game;            // the running build: its image holds every callback ...
    const win32_game_code *volatile pastGame;   // ... or the older build re-running a frame of the past
    volatile LONG refusals[20];             // per service, for the log's rate limit
    u64 soundRefusals;
    volatile u32 drainSeen;                 // the drain count when an entry was last added during a drain
    volatile u64 drainSeenSince;            // when that drain was first seen adding entries (QPC ticks)
};

#if COMPILER_MSVC
#define WIN32_CALLER_ADDRESS() _ReturnAddress()
#else
#define WIN32_CALLER_ADDRESS() __builtin_return_address(0)
#endif

#define WIN32_CHECKED_SERVICE_ENUM(Name, Result, Parameters, Arguments, Forwarding) CheckedService_##Name,
enum win32_checked_service { PLATFORM_API_SERVICES(WIN32_CHECKED_SERVICE_ENUM) };
#undef WIN32_CHECKED_SERVICE_ENUM

//~ Checked services
#define WIN32_DRAIN_ADD_SECONDS 2.0
#define WIN32_MAX_SERVICE_NAME 256

// Puts the checked services over api (after Win32WatchPlatformApi: they must be the outermost).
internal void Win32CheckPlatformApi(platform_api *api, work_queue_system *queues, const void *gameMemoryBase,
                                    u64 gameMemorySize, const win32_game_code *game);
// Main thread, before an update: an older build the timeline keeps, re-running a frame of the past
// it recorded (0: none). Its image is then accepted as the running build's is (callbacks, names,
// buffers), until the next call.
internal void Win32SetServiceCheckPastGame(const win32_game_code *pastGame);
//~ Sound buffers handed back by the game
// True when the platform may copy from 'returned': samples inside the buffer it handed out
// ('handed') or inside game memory, sampleCount within what was asked for. Otherwise logged
// (the first time, then every 300 refusals) and the frame's sound is silence.
internal b32 Win32CheckSoundBuffer(const game_sound_output_buffer *handed, game_sound_output_buffer *returned,
                                   u32 gameVersion);

#endif  // WIN32_SERVICE_CHECKS_H
