#ifndef KIT_PRECOMPILED_H
#define KIT_PRECOMPILED_H
// Every engine header a game may include (base/, contract/, game_kit/) and the C headers they use:
// the precompiled prologue of every game unit. The builds put it before each unit's first line
// (misc/build.sh: GCC's -include with a .gch beside it; build.bat: /FI with /Yu, see :BuildGameCode),
// so a change to one line of a game parses these headers once per build of the header, not once per
// unit: starter.cpp at -O1 compiled in ~160 ms of CPU with it and ~210 ms without.
// NOTE: a unit still includes what it uses itself (its own includes are then cheap no-ops): the
// unit must compile without this file too (tests/suites/suite_layout.sh compiles each game unit alone
// without it). A game's own headers stay out: a change to them must not rebuild this header.
// suite_layout checks that every header of the three folders is listed here.

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/base_types.h"
#include "base/base_arena.h"
#include "base/base_atomics.h"
#include "base/base_bytes.h"
#include "base/base_font.h"
#include "base/base_format.h"
#include "base/base_hash.h"
#include "base/base_log.h"
#include "base/base_math.h"
#include "base/base_unicode.h"

#include "contract/game_arguments.h"
#include "contract/game_input.h"
#include "contract/game_platform.h"
#include "contract/game_tunables.h"
#include "contract/job_graph.h"
#include "contract/render_commands.h"
#include "contract/render_projection.h"
#include "contract/state_layout.h"

#include "game_kit/kit_asset_bmp.h"
#include "game_kit/kit_asset_reject.h"
#include "game_kit/kit_asset_wav.h"
#include "game_kit/kit_broadphase.h"
#include "game_kit/kit_debug.h"
#include "game_kit/kit_graph_model.h"
#include "game_kit/kit_graph_shape.h"
#include "game_kit/kit_mixer.h"
#include "game_kit/kit_render_push.h"
#include "game_kit/kit_state_migrate.h"
#include "game_kit/kit_text.h"
#include "game_kit/kit_tune.h"

#endif
