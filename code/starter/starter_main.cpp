// Unity build entry for starter.dll: the smallest complete game on this engine, the one to copy to start a new game.
// Includes contract/, base/, game_kit/ and its own folder only: never demo/, win32/ or <windows.h>.

#include "contract/game_platform.h"
#include "starter/starter_tuning.h"
#include "starter/starter.h"

#include "game_kit/game_kit.cpp"

#include "starter/starter.cpp"
