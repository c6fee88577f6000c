// win32/: every interface of the platform layer, in dependency order (a header uses only the
// headers above it). win32/win32_main.cpp includes this before any body of the layer, so no body
// depends on another body or on the order of bodies.
// To add a module x: write win32/x.h (types, constants, the functions other modules call, each
// with what it promises) and win32/x.cpp (the bodies); include x.h below and x.cpp in
// win32_main.cpp (or in guard/ or reload/'s pair of entries).

// The platform's state holds a part of nearly every module (win32_state.h, near the end); headers
// above it name it only through a pointer.
struct win32_state;

#include "win32/win32_platform_api_list.h"
#include "win32/win32_sound.h"
#include "win32/win32_text.h"
#include "win32/win32_log.h"
#include "win32/win32_platform_threads.h"
#include "win32/win32_memory.h"
#include "win32/win32_files.h"
#include "win32/win32_input.h"
#include "win32/win32_window.h"
#include "win32/win32_trace.h"
#include "win32/win32_debug_events.h"
#include "win32/win32_render_validation.h"
#include "win32/guard/guard.h"
#include "win32/reload/reload.h"
#include "win32/win32_tunables.h"
#include "win32/win32_tune_input.h"
#include "win32/win32_tune_write.h"
#include "win32/win32_tune_capsule.h"
#include "win32/capsule/capsule.h"
#include "win32/timeline/timeline.h"
#include "win32/win32_overlay.h"
#include "win32/restart/restart.h"
#include "win32/win32_state.h"
#include "win32/win32_quit_bound.h"
#include "win32/win32_service_checks.h"
#include "win32/win32_shader_watch.h"
#include "win32/win32_frame_pacing.h"
#include "win32/win32_frame_loop.h"
#include "win32/win32_engine_lifetime.h"
