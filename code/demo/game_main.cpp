// demo/: the demo game and the unity entry of its game.dll: thousands of bouncing cubes simulated,
// collided and drawn as one job graph per frame. May include base/, contract/ and game_kit/ only:
// the game never includes <windows.h>; everything it needs of the platform arrives through
// game_memory (contract/game_platform.h).

#include "contract/game_platform.h"
#include "base/base_arena.h"
#include "contract/render_projection.h"
#include "game_kit/kit_render_push.h"
#include "demo/game_tuning.h"
#include "demo/game.h"

#include "game_kit/game_kit.cpp"

#include "demo/game_layout.cpp"
#include "demo/game_world.cpp"
#include "demo/game_scene.cpp"
#include "demo/game_assets.cpp"
#include "demo/game_sound.cpp"
#include "demo/game_frame_stats.cpp"
#include "demo/game_frame.cpp"
#include "demo/game.cpp"
