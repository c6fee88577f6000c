#ifndef KIT_STATE_MIGRATE_H
#define KIT_STATE_MIGRATE_H
// Migrating registered state by field names (game side, called from gameMigrateState), through
// nested structs and arrays of them. Portable: unit-tested natively (tests/unit/test_state_layout.cpp).
//
// The rules, applied recursively from the root struct (the first layout entry's struct):
//  - a field with the same name in the old layout is carried over, wherever it moved;
//  - a field of a registered struct type is migrated field by field, element by element;
//  - a field whose plain type changed (u32 -> u64, f32 -> f64, u32 -> f32, ...) is converted value
//    by value, and only when every value survives exactly: otherwise the whole migration is refused;
//  - an array that grows gets zeroed elements; one that shrinks is refused unless the elements it
//    drops are all zero;
//  - a new field is zeroed, a removed one dropped;
//  - anything else (a plain type that changed into an unrelated one, an unregistered struct that
//    changed size) is refused, naming the field.
// A refusal leaves newState partly written: the caller must then keep the old state (the platform
// restores it when gameMigrateState returns false).
// Cost: names are matched once per migration (a layout has at most STATE_LAYOUT_MAX_FIELDS fields;
// more is refused); then each element costs a copy per field, and an array of a registered struct
// that is the same in both layouts is copied whole (262,144 demo-sized entities: ~9 ms natively).

#include "contract/game_platform.h"

struct state_migration
{
    u32 fieldsCarried;          // copied unchanged (each field of each element counts once)
    u32 fieldsConverted;        // carried with a type conversion
    u32 fieldsAdded;            // new, zeroed
    u32 fieldsRemoved;          // in the old layout only, dropped
    b32 refused;
    char refusal[256];          // why, naming the field path, when refused
};

enum state_number_kind
{
    StateNumber_None,
    StateNumber_Unsigned,
    StateNumber_Signed,
    StateNumber_Float,
};

// Converts one number between kinds and sizes; false when the value would not survive exactly.
b32 ConvertStateNumber(state_number_kind fromKind, u32 fromSize, const u8 *from,
                       state_number_kind toKind, u32 toSize, u8 *to);

// Rewrites newState (the new layout's root struct) from oldState (the old layout's root) by the
// rules above. True when every field could be carried exactly; false with migration->refusal set.
b32 MigrateStateByName(const game_state_layout *newLayout, void *newState, u64 newStateSize,
                       const game_state_layout *oldLayout, const void *oldState, u64 oldStateSize,
                       state_migration *migration);

#endif // KIT_STATE_MIGRATE_H
