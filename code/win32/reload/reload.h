// win32/reload/: the interfaces of the hot-reload modules (bodies: reload/reload.cpp). Loading a
// private copy of game.dll and checking its exports, the state layout check and migration, memory
// snapshots for rollback, the pointer and thread scans (and their halves that run beside the
// frames), the reload loader thread, named tasks bound by export name, the live loop, and the
// per-frame reload step that ties them together.
// May include base/, contract/, jobs/, guard/ and the win32/ headers included before it in
// win32/win32.h.

#include "win32/reload/win32_game_exports.h"
#include "win32/reload/win32_game_threads.h"
#include "win32/reload/win32_game_imports.h"
#include "win32/reload/win32_memory_snapshot.h"
#include "win32/reload/win32_game_code.h"
#include "win32/reload/win32_thread_scan.h"
#include "win32/reload/win32_pointer_scan.h"
#include "win32/reload/win32_pointer_prescan.h"
#include "win32/reload/win32_reload_loader.h"
#include "win32/reload/win32_named_tasks.h"
#include "win32/reload/win32_live_loop.h"
#include "win32/reload/win32_reload_step.h"
