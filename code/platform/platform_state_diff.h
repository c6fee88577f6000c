#ifndef PLATFORM_STATE_DIFF_H
#define PLATFORM_STATE_DIFF_H
// Naming the first field where two game states differ, through their state layouts, so an A/B
// replay (--compare) can say "state.entities[17].position.y: 1.25 vs 1.5" instead of "the hash
// differs". Portable: unit-tested natively (tests/unit/test_state_diff.cpp).
//
// The two states may have different layouts (the second build migrated the state): fields are
// matched by path (struct and field names, array index), not by offset. A field present in only
// one of them is not a difference in value and is skipped. Values are printed by typeName: f32,
// f64, u8..u64, s8..s64, b32, v2, v3, v4 (component by component: the path ends ".x", ".y", ...);
// any other type is compared bytewise and printed as hex bytes from the first one that differs.

#include "platform/platform_state_layout.h"

struct state_difference
{
    b32 found;
    char path[256];             // "demo_state.entities[17].position.y"
    char valueA[64];
    char valueB[64];
    u64 offsetA;                // from the start of state A's root struct
    u64 offsetB;
};

// Walks layout A's root struct in offset order (nested structs and arrays element by element) and
// reports the first leaf whose value differs from the same path in B. States are the bytes of
// permanent storage (sizeA, sizeB bytes); a field that does not fit its state is skipped. Bytes
// outside every registered field are not compared. Returns difference->found.
b32 FindFirstStateDifference(const state_layout *layoutA, const u8 *stateA, u64 sizeA,
                             const state_layout *layoutB, const u8 *stateB, u64 sizeB,
                             state_difference *difference);

// "demo_state.entities[17].position.y: 1.25 vs 1.5"; "no difference in registered fields" when none.
void FormatStateDifference(const state_difference *difference, char *out, umm outSize);

#endif // PLATFORM_STATE_DIFF_H
