// game_kit/: what any game built on this engine uses on the DLL side: render-command push
// helpers, state-layout migration, BMP/WAV readers, the sound mixer, bitmap text, the debug overlay,
// a uniform-grid broadphase, a job graph's shape as text and a model of the schedule it allows,
// tunables (values the platform changes live).
// May include base/ and contract/ only; a game's unity entry includes this file once.
// Every file of the layer is named kit_*; headers come first, so no body depends on body order.

//~ Headers
#include "game_kit/kit_render_push.h"
#include "game_kit/kit_state_migrate.h"
#include "game_kit/kit_asset_reject.h"
#include "game_kit/kit_asset_bmp.h"
#include "game_kit/kit_asset_wav.h"
#include "game_kit/kit_mixer.h"
#include "game_kit/kit_text.h"
#include "game_kit/kit_debug.h"
#include "game_kit/kit_broadphase.h"
#include "game_kit/kit_graph_shape.h"
#include "game_kit/kit_graph_model.h"
#include "game_kit/kit_tune.h"

//~ Bodies
#include "game_kit/kit_state_migrate.cpp"
#include "game_kit/kit_asset_reject.cpp"
#include "game_kit/kit_asset_bmp.cpp"
#include "game_kit/kit_asset_wav.cpp"
#include "game_kit/kit_mixer.cpp"
#include "game_kit/kit_text.cpp"
#include "game_kit/kit_debug.cpp"
#include "game_kit/kit_tune.cpp"
