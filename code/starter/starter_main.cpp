// starter/: the smallest complete game on this engine and the unity entry of starter.dll; copy it
// to start a new game. May include base/, contract/, game_kit/ and its own folder only.
// It only includes the game's translation units (each compiles alone), so it is the whole DLL in one
// compiler call; misc/build.sh and build.bat compile each unit it names apart (game_kit/ once for
// every game) and after an edit recompile only what it touched. A game of more files lists each here.

#include "game_kit/game_kit.cpp"

#include "starter/starter.cpp"
