#ifndef STARTER_H
#define STARTER_H
// The starter game's state. starter_state sits at the start of permanent storage and survives
// reloads; it is declared from an X-macro list so that its exported layout (gameStateLayout) can
// never drift from the struct, and a build that changes it is refused until you restart, migrate
// or reset (F10). Add a field: append it to the list, that is all.

#include "contract/game_platform.h"
#include "contract/state_layout.h"
#include "contract/job_graph.h"
#include "base/base_arena.h"
#include "game_kit/kit_render_push.h"
#include "game_kit/kit_asset_wav.h"
#include "game_kit/kit_mixer.h"
#include "game_kit/kit_text.h"

#define STARTER_STATE_FIELDS(X)  \
    X(b32, isInitialized, )      \
    X(u32, loadedCodeVersion, )  \
    X(u64, framesSimulated, )    \
    X(v3, cubePosition, )        \
    X(f32, cubeYaw, )            \
    X(u32, chimesPlayed, )
struct starter_state
{
    STARTER_STATE_FIELDS(STATE_DECLARE_FIELD)
};

// Rebuilt whenever it is found zeroed: nothing here has to survive a restart.
struct starter_transient_state
{
    b32 isInitialized;
    u32 tuneCountSeen;          // memory->editStatus->tuneCount when the starter last logged its tunables
    memory_arena arena;
    game_mixer mixer;
    loaded_sound chime;         // generated once; its samples live in this arena, not in the DLL
};

// What the frame's jobs share; lives on the update's stack while the graph runs.
struct starter_frame
{
    game_memory *memory;
    game_input *input;
    game_render_commands *commands;
    starter_state *state;
    starter_transient_state *transient;
};

#endif // STARTER_H
