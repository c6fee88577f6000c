// game_kit/: what any game built on this engine uses on the DLL side: render-command push
// helpers, state-layout migration, BMP/WAV readers, the sound mixer, bitmap text, the debug overlay,
// a uniform-grid broadphase, a job graph's shape as text.
// May include base/ and contract/ only; a game's unity entry includes this file once.

#include "game_kit/kit_broadphase.h"
#include "game_kit/kit_graph_shape.h"

#include "game_kit/asset_bmp.cpp"
#include "game_kit/asset_wav.cpp"
#include "game_kit/game_mixer.cpp"
#include "game_kit/game_text.cpp"
#include "game_kit/game_debug.cpp"
