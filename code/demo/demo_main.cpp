// demo/: the demo game and the unity entry of its game.dll: thousands of bouncing cubes simulated,
// collided and drawn as one job graph per frame. May include base/, contract/ and game_kit/ only:
// the game never includes <windows.h>; everything it needs of the platform arrives through
// game_memory (contract/game_platform.h).
//
// This file only includes the game's translation units, each of which compiles alone (it includes
// what it uses; demo.h declares what one unit calls in another), so it is the whole game.dll in one
// compiler call. misc/build.sh and build.bat instead compile each unit it names on its own,
// game_kit/game_kit.cpp once for every game, and after an edit recompile only the units it touched.

#include "game_kit/game_kit.cpp"

#include "demo/demo_layout.cpp"
#include "demo/demo_world.cpp"
#include "demo/demo_scene.cpp"
#include "demo/demo_assets.cpp"
#include "demo/demo_sound.cpp"
#include "demo/demo_frame_stats.cpp"
#include "demo/demo_frame_jobs.cpp"
#include "demo/demo_frame.cpp"
#include "demo/demo_exports.cpp"
