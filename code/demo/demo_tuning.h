#ifndef DEMO_TUNING_H
#define DEMO_TUNING_H
// Values meant to be edited while the game runs: tunables (game_kit/kit_tune.h). Change one live
// with F2 (the panel), `--tune NAME=VALUE` or a tune.request file beside game.dll: the running game
// uses it in the next frame and the engine writes it back to its line here (docs/tunables.md).
// Editing a line by hand and rebuilding (`build.bat game`, `misc/build.sh game`) works as before.
// Read one with TUNE(NAME). One TUNE_ call per line: the engine rewrites the values in place.

#include "game_kit/kit_tune.h"

TUNE_F32(DEMO_TUNING_SPIN_SPEED, 0.50f, 0.0f, 4.0f)          // turns per second of the demo's spinning cubes
TUNE_COLOR(DEMO_TUNING_CLEAR_COLOR, 0.05f, 0.07f, 0.10f, 1.0f) // the sky behind the fog

#endif // DEMO_TUNING_H
