#ifndef STARTER_TUNING_H
#define STARTER_TUNING_H
// Values meant to be edited while the starter runs: tunables (game_kit/kit_tune.h). Change one
// live with F2 (the panel: up/down pick, left/right change), `--tune NAME=VALUE` or a tune.request
// file beside starter.dll: the running game uses it in the next frame and the engine writes it
// back to its line here (docs/tunables.md). Read one with TUNE(NAME).

#include "game_kit/kit_tune.h"

TUNE_F32(STARTER_TUNING_SPIN_SPEED, 0.50f, 0.0f, 4.0f)     // turns per second of the cube
TUNE_F32(STARTER_TUNING_MOVE_SPEED, 3.00f, 0.0f, 20.0f)    // metres per second the arrows / WASD move it

#endif // STARTER_TUNING_H
