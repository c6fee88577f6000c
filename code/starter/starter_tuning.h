#ifndef STARTER_TUNING_H
#define STARTER_TUNING_H
// Values meant to be edited while the starter runs: change one, `build.bat starter` (or
// `misc/build.sh starter`), and the running exe picks the new code up without losing its state.

#define STARTER_TUNING_SPIN_SPEED 0.50f     // turns per second of the cube
#define STARTER_TUNING_MOVE_SPEED 3.00f     // metres per second the arrows / WASD move it

#endif // STARTER_TUNING_H
