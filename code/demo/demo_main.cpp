// demo/: the demo game and the unity entry of its game.dll: thousands of bouncing cubes simulated,
// collided and drawn as one job graph per frame. May include base/, contract/ and game_kit/ only:
// the game never includes <windows.h>; everything it needs of the platform arrives through
// game_memory (contract/game_platform.h).

#include "contract/game_platform.h"
#include "base/base_arena.h"
#include "contract/render_projection.h"
#include "game_kit/kit_render_push.h"
#include "demo/demo_tuning.h"
#include "demo/demo.h"

#include "game_kit/game_kit.cpp"

#include "demo/demo_layout.cpp"
#include "demo/demo_world.cpp"
#include "demo/demo_scene.cpp"
#include "demo/demo_assets.cpp"
#include "demo/demo_sound.cpp"
#include "demo/demo_frame_stats.cpp"
#include "demo/demo_frame.cpp"
#include "demo/demo_exports.cpp"
