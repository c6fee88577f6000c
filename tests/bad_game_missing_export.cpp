// A game.dll that forgets DEBUGGameEndFrame and gameGetSoundSamples: the platform must refuse it,
// name the missing exports, and keep running the code it already has.
#include "game_platform.h"

extern "C" __declspec(dllexport) GAME_GET_CONTRACT_VERSION(gameGetContractVersion) { return GAME_CONTRACT_VERSION; }
extern "C" __declspec(dllexport) GAME_UPDATE_AND_RENDER(gameUpdateAndRender)
{
    memory->platform.Log(LogLevel_Error, "bad game: this code must never run");
    (void)input; (void)renderCommands;
}
