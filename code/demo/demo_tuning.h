#ifndef GAME_TUNING_H
#define GAME_TUNING_H
// Values meant to be edited while the game runs: change one, `build.bat game` (or
// `misc/build.sh game`), and the running exe picks the new code up without losing its state.

#define GAME_TUNING_SPIN_SPEED 0.50f          // turns per second of the demo's spinning cubes
#define GAME_TUNING_CLEAR_COLOR_R 0.05f
#define GAME_TUNING_CLEAR_COLOR_G 0.07f
#define GAME_TUNING_CLEAR_COLOR_B 0.10f

#endif // GAME_TUNING_H
