// A game.dll built against another contract version: every export is present, but the platform
// must refuse it before calling any game code.
#include "game_platform.h"

extern "C" __declspec(dllexport) GAME_GET_CONTRACT_VERSION(gameGetContractVersion) { return GAME_CONTRACT_VERSION + 998; }
extern "C" __declspec(dllexport) GAME_UPDATE_AND_RENDER(gameUpdateAndRender)
{
    memory->platform.Log(LogLevel_Error, "bad game: this code must never run");
    (void)input; (void)renderCommands;
}
extern "C" __declspec(dllexport) GAME_GET_SOUND_SAMPLES(gameGetSoundSamples) { (void)memory; (void)soundBuffer; }
extern "C" __declspec(dllexport) DEBUG_GAME_END_FRAME(DEBUGGameEndFrame) { (void)memory; (void)input; (void)renderCommands; }
