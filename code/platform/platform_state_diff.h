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

//~ The value types it knows (the timeline's field paths read them too: platform_state_path.h)
enum state_diff_kind
{
    StateDiffKind_Bytes,
    StateDiffKind_Float,        // f32 or f64, by component size
    StateDiffKind_Unsigned,
    StateDiffKind_Signed,
    StateDiffKind_Bool,
};

struct state_diff_type
{
    const char *name;
    u32 size;
    u32 components;             // v2, v3, v4: compared and named per component
    state_diff_kind kind;
};

// The known type named typeName (f32 f64 v2 v3 v4 u8..u64 s8..s64 b32; compared within
// STATE_LAYOUT_MAX_NAME bytes), when its elements have that type's size; null otherwise (a mismatch
// is a type this code does not know under a familiar name: compared bytewise). Any thread.
const state_diff_type *FindStateDiffType(const char *typeName, u32 elementSize);

// The shortest text that reads back as the same bits ("1.25", not "1.250000") of the f32 (size 4)
// or f64 (size 8) at bytes: two values that differ never print alike. NaNs show their bits
// ("nan (0x7fc00000)"), since two of them differ only there. Any thread; never allocates.
void FormatStateDiffFloat(const u8 *bytes, u32 size, char *out, umm outSize);

#endif // PLATFORM_STATE_DIFF_H
