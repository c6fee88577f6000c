#ifndef PLATFORM_STATE_DIFF_H
#define PLATFORM_STATE_DIFF_H
// Naming the first field where two game states differ, through their state layouts, so an A/B
// replay (--compare) can say "state.entities[17].position.y: 1.25 vs 1.5" instead of "the hash
// differs". Portable: unit-tested natively (tests/unit/test_state_diff.cpp).
//
// The two states may have different layouts (the second build migrated the state): fields are
// matched by path (struct and field names, array index), not by offset. A field present in only
// one of them is not a difference in value and is skipped, and so is one whose typeName differs,
// a plain type whose elements changed size (a nested struct may grow or shrink) and an array
// element past the end of the shorter array. Values are printed by typeName: f32, f64 (the
// shortest text that reads back exactly: "1.25"), u8..u64, s8..s64, b32 ("true", "false"), v2,
// v3, v4 (component by component: the path ends ".x", ".y", ...); any other type is compared
// bytewise, the path ending "+0x5" at the first byte that differs and the values printed as hex
// bytes from it.
//
// Both layouts may come from a capsule file and are not trusted: nesting deeper than
// STATE_LAYOUT_MAX_DEPTH is not walked; a field that overlaps an earlier one, leaves its struct
// or holds a nested struct in elements of another size than it registered is skipped; no read
// leaves either state; the walk uses a fixed amount of stack and visits each byte of state A at
// most once per nesting level.

#include "platform/platform_state_layout.h"

struct state_difference
{
    b32 found;
    char path[256];             // "demo_state.entities[17].position.y"
    char valueA[64];
    char valueB[64];
    u64 offsetA;                // of the differing component or byte, from the start of state A
    u64 offsetB;                //   (the root struct's start) and of state B
};

// Walks layout A's root struct (its first entry's struct) in offset order, nested structs and
// arrays element by element, and reports the first leaf whose value differs from the same path in
// B. States are the bytes of permanent storage (sizeA, sizeB bytes); a field that does not fit
// its state is skipped. Bytes outside every registered field (padding) are not compared. Returns
// difference->found; difference is zeroed when nothing differs.
b32 FindFirstStateDifference(const state_layout *layoutA, const u8 *stateA, u64 sizeA,
                             const state_layout *layoutB, const u8 *stateB, u64 sizeB,
                             state_difference *difference);

// "demo_state.entities[17].position.y: 1.25 vs 1.5"; "no difference in registered fields" when none.
void FormatStateDifference(const state_difference *difference, char *out, umm outSize);

#endif // PLATFORM_STATE_DIFF_H
