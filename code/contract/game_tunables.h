#ifndef GAME_TUNABLES_H
#define GAME_TUNABLES_H
// Tunables: values a game reads every frame that the platform may change between frames (the
// F2 panel, --tune NAME=VALUE, the tune.request file), and writes back to the source line that
// declares them. The game declares them with game_kit/kit_tune.h's macros; game_kit exports the
// table below as data (GAME_TUNABLES_EXPORT_NAME, optional: a build without it has no tunables).
// How they behave across reloads, replays and the live loop: docs/tunables.md.
//
// Part of the contract: the platform reads this table straight from the DLL's data, so its layout
// is pinned by the StaticAsserts at the bottom (a change bumps GAME_CONTRACT_VERSION).

#include "base/base_types.h"

enum game_tunable_type
{
    GameTunable_F32 = 1,        // f32, clamped to [minimum, maximum]
    GameTunable_S32 = 2,        // s32, clamped to [minimum, maximum]
    GameTunable_B32 = 3,        // b32: 0 or 1
    GameTunable_Color = 4,      // four f32 (r, g, b, a), each in [minimum, maximum] (0..1)
    GameTunable_V3 = 5,         // three f32 (x, y, z), each in [minimum, maximum]
};

// One tunable. Every pointer points into the DLL's own image (the platform refuses a table that
// points elsewhere). Values are held as f64 here, exact for every s32 and f32.
struct game_tunable
{
    const char *name;           // the identifier in the source, e.g. "DEMO_TUNING_SPIN_SPEED"
    const char *file;           // __FILE__ of the declaring line, as the compiler spelled it
    void *value;                // the live value in the DLL's data: f32, s32, b32, f32[4] or f32[3]
    u32 type;                   // game_tunable_type
    u32 line;                   // __LINE__ of the declaring line
    f64 compiled[4];            // the value the source said when this build was compiled
    f64 minimum;                // the range (F32, S32, Color and V3 components; B32: 0 and 1)
    f64 maximum;
};

// The exported table: entries sorted by file, then line (the order does not depend on the
// order in which translation units were linked or initialised).
struct game_tunable_table
{
    u32 count;
    u32 pad;
    game_tunable *const *entries;
};

#define GAME_TUNABLES_EXPORT_NAME "gameTunables"
#define GAME_TUNABLES_MAX 256           // entries past this are refused (logged by game_kit)
#define GAME_TUNABLE_NAME_MAX 64        // a name is shorter than this (bytes, NUL excluded)

// The F2 panel lists one row per f32, s32 and b32 tunable and one per component of a colour (r, g,
// b, a) or a v3 (x, y, z), in table order; platform_edit_status.tuneSelected indexes these rows.
inline u32 GameTunableRowCount(u32 type)
{
    return (type == GameTunable_Color) ? 4 : (type == GameTunable_V3) ? 3 : 1;
}

StaticAssert(sizeof(game_tunable) == 80, "game_tunable changed: bump GAME_CONTRACT_VERSION");
StaticAssert(sizeof(game_tunable_table) == 16, "game_tunable_table changed: bump GAME_CONTRACT_VERSION");

#endif // GAME_TUNABLES_H
