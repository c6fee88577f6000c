// platform/: the portable logic of the exe: command-line options, the sound ring's cursor, the
// pointer scan, the PE reader, the state layout's copy and comparison, the first difference
// between two states, a field of the state named by its path, the capsule file and its compressor,
// the recording window a hot restart hands over in the capsule's sections, tunables as text, packed
// page lists, the trace's rings and JSON, the timeline's keyframes (and their page packing) and its request file.
// No OS headers, so the unit tests build it natively; may include base/ and contract/ only. The exe
// (win32/win32_main.cpp) and the unit tests include this file once: every header, then every body,
// so the order of the bodies does not matter. The guard makes a second include harmless.

#ifndef PLATFORM_PLATFORM_CPP
#define PLATFORM_PLATFORM_CPP

#include "platform/platform_options.h"
#include "platform/platform_sound_cursor.h"
#include "platform/platform_pointer_scan.h"
#include "platform/platform_pe_image.h"
#include "platform/platform_state_layout.h"
#include "platform/platform_layout_compare.h"
#include "platform/platform_state_diff.h"
#include "platform/platform_state_path.h"
#include "platform/platform_capsule_compress.h"
#include "platform/platform_capsule_format.h"
#include "platform/platform_capsule_checks.h"
#include "platform/platform_capsule_window.h"
#include "platform/platform_tune_source.h"
#include "platform/platform_capsule_tunes.h"
#include "platform/platform_page_list.h"
#include "platform/platform_tune_history.h"
#include "platform/platform_trace.h"
#include "platform/platform_page_codec.h"
#include "platform/platform_history.h"
#include "platform/platform_timeline_request.h"
#include "platform/platform_timeline_strip.h"

#include "platform/platform_options.cpp"
#include "platform/platform_sound_cursor.cpp"
#include "platform/platform_pointer_scan.cpp"
#include "platform/platform_pe_image.cpp"
#include "platform/platform_state_layout.cpp"
#include "platform/platform_layout_compare.cpp"
#include "platform/platform_state_diff.cpp"
#include "platform/platform_state_path.cpp"
#include "platform/platform_capsule_compress.cpp"
#include "platform/platform_capsule_format.cpp"
#include "platform/platform_capsule_checks.cpp"
#include "platform/platform_capsule_window.cpp"
#include "platform/platform_tune_source.cpp"
#include "platform/platform_capsule_tunes.cpp"
#include "platform/platform_page_list.cpp"
#include "platform/platform_tune_history.cpp"
#include "platform/platform_trace.cpp"
#include "platform/platform_page_codec.cpp"
#include "platform/platform_history.cpp"
#include "platform/platform_timeline_request.cpp"
#include "platform/platform_timeline_strip.cpp"

#endif // PLATFORM_PLATFORM_CPP
