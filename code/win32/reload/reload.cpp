// win32/reload/: hot reloading of game.dll. Loading a private copy and checking its exports, the
// state layout check and migration, memory snapshots for rollback, the pointer and thread scans, named tasks
// bound by export name, the live loop, and the per-frame reload step that ties them together.
// May include base/, contract/, jobs/ and the win32/ files included before it in win32_main.cpp.

#include "win32/reload/win32_game_exports.cpp"
#include "win32/reload/win32_game_imports.cpp"
#include "win32/reload/win32_memory_snapshot.cpp"
#include "win32/reload/win32_game_code.cpp"
#include "win32/reload/win32_thread_scan.cpp"
#include "win32/reload/win32_pointer_scan.cpp"
#include "win32/reload/win32_named_tasks.cpp"
#include "win32/reload/win32_live_loop.cpp"
#include "win32/reload/win32_state.cpp"
#include "win32/reload/win32_reload_step.cpp"
