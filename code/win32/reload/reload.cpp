// win32/reload/: the bodies of the hot-reload modules (their interfaces: reload/reload.h, included
// with every other win32 header before any body, so the order below does not matter).

#include "win32/reload/win32_game_exports.cpp"
#include "win32/reload/win32_game_threads.cpp"
#include "win32/reload/win32_game_imports.cpp"
#include "win32/reload/win32_memory_snapshot.cpp"
#include "win32/reload/win32_game_code.cpp"
#include "win32/reload/win32_thread_scan.cpp"
#include "win32/reload/win32_pointer_scan.cpp"
#include "win32/reload/win32_pointer_prescan.cpp"
#include "win32/reload/win32_reload_loader.cpp"
#include "win32/reload/win32_named_tasks.cpp"
#include "win32/reload/win32_live_loop.cpp"
#include "win32/reload/win32_reload_step.cpp"
