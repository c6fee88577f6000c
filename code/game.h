#ifndef GAME_H
#define GAME_H
// The game's own state. It lives at the start of permanent storage and survives reloads; its
// layout may only change together with a restart (or, later, a migration).

#include "game_platform.h"
#include "base_arena.h"

struct game_state
{
    b32 isInitialized;
    u32 loadedCodeVersion;      // reloadVersion of the code that last ran an update
    u64 framesSimulated;
    f64 secondsSimulated;
    memory_arena permanentArena;   // everything after game_state in permanent storage
    memory_arena transientArena;
};

#endif // GAME_H
