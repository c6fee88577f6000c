// Adversarial game builds: each one is written only against game_platform.h and the game-side
// headers, and misuses the contract in exactly one way, chosen by ADVERSARY (see the list below
// and tests/suite_adversarial_games.sh, which says what the engine must do about each).
//   1 gameGetContractVersion crashes          2 gameGetContractVersion never returns
//   3 a layout field name pointer of 0x10     4 a layout claiming 0x7FFFFFFF fields
//   5 a layout name without a terminator      6 a lying pushBufferSize (0xFFFFFFF0)
//   7 a 16384x16384 texture over 64 bytes     8 depthPeelLayers = 0xFFFFFFFF
//   9 PushArray of 2^61+1 u64 from a 1 MB arena
//  10 pushBufferBase pointed at the game's own data   11 a Quads entry whose quadCount lies
//  12 a layout whose fields pointer lies outside the DLL
//  13 ExitThread found with GetProcAddress, called from the update (the import stubs cannot see it)
//  14 ExitProcess called from the update
//  15 gameUpdateAndRender forwarded to kernel32.Sleep (built with tests/adversarial_forwarder.def)
#include "game_platform.h"
#include "base_arena.h"
#include "render_push.h"
#include "state_layout.h"

#ifndef ADVERSARY
#error "build with -DADVERSARY=N"
#endif

#if ADVERSARY == 13 || ADVERSARY == 14
extern "C" __declspec(dllimport) void *__stdcall GetModuleHandleA(const char *name);
extern "C" __declspec(dllimport) void *__stdcall GetProcAddress(void *module, const char *name);
extern "C" __declspec(dllimport) void __stdcall ExitProcess(unsigned int exitCode);
typedef void __stdcall exit_thread_function(unsigned long exitCode);
#endif

global volatile u32 *volatile globalNowhere;
global volatile u32 globalNeverSet;
#if ADVERSARY != 15
global u32 globalFrames;
#endif

extern "C" __declspec(dllexport) GAME_GET_CONTRACT_VERSION(gameGetContractVersion)
{
#if ADVERSARY == 1
    *globalNowhere = 1;
#elif ADVERSARY == 2
    while (!globalNeverSet) {}
#endif
    return GAME_CONTRACT_VERSION;
}

#if ADVERSARY == 3
static const game_layout_field globalFields[] = {{(const char *)0x10, "x", 0, 4}};
extern "C" __declspec(dllexport) const game_state_layout gameStateLayout = {1, 0, globalFields};
#elif ADVERSARY == 4
static const game_layout_field globalFields[] = {{"adversary_state", "x", 0, 4}};
extern "C" __declspec(dllexport) const game_state_layout gameStateLayout = {0x7FFFFFFF, 0, globalFields};
#elif ADVERSARY == 5
// 64 letters and no terminator; the next field's bytes are not zero either.
struct unterminated_names { char name[64]; u64 notZero; };
static const unterminated_names globalNames = {
    {'A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A',
     'A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A','A'},
    0x4141414141414141ull};
static const game_layout_field globalFields[] = {{globalNames.name, "x", 0, 4}};
extern "C" __declspec(dllexport) const game_state_layout gameStateLayout = {1, 0, globalFields};
#elif ADVERSARY == 12
extern "C" __declspec(dllexport) const game_state_layout gameStateLayout = {4, 0, (const game_layout_field *)0x1000};
#endif

#if ADVERSARY != 15
extern "C" __declspec(dllexport) GAME_UPDATE_AND_RENDER(gameUpdateAndRender)
{
    (void)input;
    ++globalFrames;
    if (globalFrames == 1) memory->platform.Log(LogLevel_Info, "adversary %d: running", ADVERSARY);
    PushClear(renderCommands, V4(0.1f, 0.2f, 0.3f, 1.0f));
    render_vertex vertices[4] = {};
    PushQuadVertices(renderCommands, 0, 0, vertices);
#if ADVERSARY == 6
    renderCommands->pushBufferSize = 0xFFFFFFF0u;
#elif ADVERSARY == 7
    u8 *last64 = (u8 *)memory->transientStorage + memory->transientStorageSize - 64;
    PushTexture(renderCommands, 5, 16384, 16384, (const u32 *)last64);
#elif ADVERSARY == 8
    renderCommands->depthPeelLayers = 0xFFFFFFFFu;
    PushQuadVertices(renderCommands, 0, 1, vertices);
#elif ADVERSARY == 9
    if (globalFrames == 2)
    {
        memory_arena arena;
        InitializeArena(&arena, "adversary", Megabytes(1), memory->transientStorage, memory->platform.Log);
        u64 *huge = PushArray(&arena, (1ull << 61) + 1, u64);
        memory->platform.Log(LogLevel_Info, "adversary 9: PushArray of 2^61+1 u64 gave %s, %llu bytes used, %u overflows",
                             huge ? "memory" : "null", (unsigned long long)arena.used, arena.overflowCount);
    }
#elif ADVERSARY == 10
    static u8 elsewhere[256];
    renderCommands->pushBufferBase = elsewhere;
#elif ADVERSARY == 13
    if (globalFrames == 3)
    {
        exit_thread_function *exitThread = (exit_thread_function *)GetProcAddress(GetModuleHandleA("kernel32.dll"), "ExitThread");
        exitThread(0);
    }
#elif ADVERSARY == 14
    if (globalFrames == 3)
    {
        ExitProcess(7);
        memory->platform.Log(LogLevel_Error, "adversary 14: still here");   // not a tail call: the call site stays ours
    }
#elif ADVERSARY == 11
    render_entry_quads *quads = (render_entry_quads *)(renderCommands->lastEntry + 1);
    quads->quadCount = 0x7FFFFFFF;
#endif
}
#endif
extern "C" __declspec(dllexport) GAME_GET_SOUND_SAMPLES(gameGetSoundSamples) { (void)memory; (void)soundBuffer; }
extern "C" __declspec(dllexport) DEBUG_GAME_END_FRAME(DEBUGGameEndFrame) { (void)memory; (void)input; (void)renderCommands; }
