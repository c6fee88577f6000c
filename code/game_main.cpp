// Unity build entry for game.dll. The game never includes <windows.h>: everything it needs of the
// platform arrives through game_memory (see game_platform.h).

#include "game_platform.h"
#include "base_arena.h"
#include "game_tuning.h"
#include "game.h"

#include "game.cpp"
