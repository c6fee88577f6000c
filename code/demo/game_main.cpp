// Unity build entry for game.dll. The game never includes <windows.h>: everything it needs of the
// platform arrives through game_memory (see game_platform.h).

#include "game_platform.h"
#include "base_arena.h"
#include "render_projection.h"
#include "render_push.h"
#include "game_tuning.h"
#include "game.h"

#include "asset_bmp.cpp"
#include "asset_wav.cpp"
#include "game_mixer.cpp"
#include "game_text.cpp"
#include "game_debug.cpp"

#include "game_test_faults.cpp"
#include "game_layout.cpp"
#include "game_world.cpp"
#include "game_scene.cpp"
#include "game_assets.cpp"
#include "game_sound.cpp"
#include "game_frame_stats.cpp"
#include "game_frame.cpp"
#include "game.cpp"
