#ifndef DEMO_TUNING_H
#define DEMO_TUNING_H
// Values meant to be edited while the game runs: change one, `build.bat game` (or
// `misc/build.sh game`), and the running exe picks the new code up without losing its state.

#define DEMO_TUNING_SPIN_SPEED 0.50f          // turns per second of the demo's spinning cubes
#define DEMO_TUNING_CLEAR_COLOR_R 0.05f
#define DEMO_TUNING_CLEAR_COLOR_G 0.07f
#define DEMO_TUNING_CLEAR_COLOR_B 0.10f

#endif // DEMO_TUNING_H
