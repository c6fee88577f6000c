#ifndef KIT_TUNE_H
#define KIT_TUNE_H
// Declaring tunables: values a game reads every frame that the platform changes live (the F2 panel,
// --tune NAME=VALUE, the tune.request file) and writes back to the declaring line
// (contract/game_tunables.h; docs/tunables.md). In a game's tuning header, one per line:
//
//     TUNE_F32(DEMO_TUNING_SPIN_SPEED, 0.50f, 0.0f, 4.0f)   // turns per second
//     TUNE_S32(MY_LIVES, 3, 1, 9)
//     TUNE_BOOL(MY_SHOW_GRID, 1)
//     TUNE_COLOR(MY_SKY, 0.05f, 0.07f, 0.10f, 1.0f)
//     TUNE_V3(MY_GRAVITY, 0.0f, -9.8f, 0.0f, -50.0f, 50.0f)
//
// and read it where the game used the constant: TUNE(DEMO_TUNING_SPIN_SPEED) is an lvalue of the
// declared type (f32, s32, b32, v4 for a colour, v3). Rules, so the platform can rewrite the line:
// the whole macro call sits on one line; the values are plain literals (an optional sign, digits,
// '.', an exponent, an 'f' suffix; TUNE_BOOL: 0 or 1); no other TUNE_ call of that name exists in
// the file. The header may be included by any number of translation units: each tunable's storage
// is a static member of a class template, which C++14 defines once per DLL however many units
// include it, and each unit registers the same entry (kept once). Registration runs when the DLL
// is loaded (static initialisers), before the platform reads the table.
// Values change only between frames (the platform writes them while no game code runs); a thread
// the game runs beside the frame may see a change at any time.

#include "contract/game_tunables.h"
#include "base/base_math.h"
#include "contract/game_platform.h"

//~ Registration (kit_tune.cpp): the exported table, sorted by file and line, duplicates kept once.
// Past GAME_TUNABLES_MAX entries the rest are left out (counted in kitTuneRefused).
void KitTuneRegister(game_tunable *entry);
struct kit_tune_registrar
{
    explicit kit_tune_registrar(game_tunable *entry) { KitTuneRegister(entry); }
};
// The table as exported (also for the game's own use).
const game_tunable_table *KitTunables(void);

//~ Declaring (see the top of this file)
#define KIT_TUNE_DECLARE(name, type, storageType, storageInit, tuneType, c0, c1, c2, c3, lo, hi)          \
    template <int Unused> struct kit_tune_##name { static storageType value; static game_tunable entry; }; \
    template <int Unused> storageType kit_tune_##name<Unused>::value = storageInit;                        \
    template <int Unused> game_tunable kit_tune_##name<Unused>::entry =                                    \
        {#name, __FILE__, &kit_tune_##name<Unused>::value, tuneType, __LINE__,                             \
         {(f64)(c0), (f64)(c1), (f64)(c2), (f64)(c3)}, (f64)(lo), (f64)(hi)};                              \
    global kit_tune_registrar kitTuneRegistrar_##name(&kit_tune_##name<0>::entry);

#define TUNE_F32(name, value, lo, hi) \
    KIT_TUNE_DECLARE(name, f32, f32, value, GameTunable_F32, value, 0, 0, 0, lo, hi)
#define TUNE_S32(name, value, lo, hi) \
    KIT_TUNE_DECLARE(name, s32, s32, value, GameTunable_S32, value, 0, 0, 0, lo, hi)
#define TUNE_BOOL(name, value) \
    KIT_TUNE_DECLARE(name, b32, b32, value, GameTunable_B32, value, 0, 0, 0, 0, 1)
#define TUNE_COLOR(name, r, g, b, a) \
    KIT_TUNE_DECLARE(name, v4, v4, KIT_TUNE_BRACES(r, g, b, a), GameTunable_Color, r, g, b, a, 0, 1)
#define TUNE_V3(name, x, y, z, lo, hi) \
    KIT_TUNE_DECLARE(name, v3, v3, KIT_TUNE_BRACES(x, y, z), GameTunable_V3, x, y, z, 0, lo, hi)
#define KIT_TUNE_BRACES(...) {__VA_ARGS__}

// The live value of a declared tunable.
#define TUNE(name) (kit_tune_##name<0>::value)

#endif // KIT_TUNE_H
