#ifndef STATE_LAYOUT_H
#define STATE_LAYOUT_H
// Declaring the state game.dll keeps in permanent memory, so a new build can be checked against
// it: a game describes each registered struct with the macros below and exports the list as
// gameStateLayout (game_state_layout, game_platform.h). The platform copies and compares those
// lists (platform/platform_state_layout.h, platform/platform_layout_compare.h); the game may
// migrate old state by field names (game_kit/kit_state_migrate.h).

#include "contract/game_platform.h"
#include <stddef.h>

//~ Declaring registered state (game side)
// A registered struct is declared from one X-macro list, so the struct and its layout description
// cannot drift apart:
//     #define MY_STRUCT_FIELDS(X) X(u32, count, ) X(v3, points, [16]) X(my_item, items, [64])
//     struct my_struct { MY_STRUCT_FIELDS(STATE_DECLARE_FIELD) };
//     #define X(type, name, extent) STATE_LAYOUT_FIELD(my_struct, type, name)
//     ... MY_STRUCT_FIELDS(X) STATE_LAYOUT_SIZE(my_struct) ...
// Register my_item the same way and my_struct.items is compared and migrated element by element.
#define STATE_DECLARE_FIELD(type, name, extent) type name extent;
#define STATE_LAYOUT_FIELD(structType, type, name)                                                  \
    {#structType, #name, #type, (u32)offsetof(structType, name), (u32)sizeof(((structType *)0)->name), \
     (u32)(sizeof(((structType *)0)->name) / sizeof(type)), 0},
#define STATE_LAYOUT_SIZE(structType) {#structType, "(size)", #structType, 0, (u32)sizeof(structType), 1, 0},

//~ Limits of an exported layout
// The platform refuses, as malformed, a layout with more fields than this or a struct, field or
// type name of STATE_LAYOUT_MAX_NAME bytes or more.
#define STATE_LAYOUT_MAX_FIELDS 512
#define STATE_LAYOUT_MAX_NAME 48

#endif // STATE_LAYOUT_H
