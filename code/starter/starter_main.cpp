// starter/: the smallest complete game on this engine and the unity entry of starter.dll; copy it
// to start a new game. May include base/, contract/, game_kit/ and its own folder only.

#include "contract/game_platform.h"
#include "starter/starter_tuning.h"
#include "starter/starter.h"

#include "game_kit/game_kit.cpp"

#include "starter/starter.cpp"
