#ifndef PLATFORM_STATE_PATH_H
#define PLATFORM_STATE_PATH_H
// Naming one number of the game's state by its path through the state layout, as the first
// difference lines print it ("demo_state.entities[17].position.y", "starter_state.cubeYaw"), so the
// timeline can plot it over the history (watch PATH) and find the frame where a condition on it
// holds (find PATH OP VALUE). Portable: unit-tested natively (tests/unit/test_state_path.cpp).
//
// Grammar: root(.field([index])?)*(.x|.y|.z|.w)? where root is the name of the layout's first
// entry's struct. Every field but the last is a registered struct (or an element of an array of
// one, which needs its [index]); the last has a type watch and find read: f32, f64, u8..u64,
// s8..s64, b32, or v2/v3/v4 (all components, or one with a .x .y .z .w suffix). An array of those
// needs its [index] too. Spaces inside the path are ignored.
//
// The layout may come from a capsule file and is not trusted, as for platform_state_diff.h: a path
// goes at most STATE_LAYOUT_MAX_DEPTH fields deep, names are compared within STATE_LAYOUT_MAX_NAME
// bytes, a field that leaves its struct or holds a nested struct in elements of another size than
// it registered is refused, and no read leaves the state.

#include "platform/platform_state_diff.h"

enum state_value_kind
{
    StateValue_F32,
    StateValue_F64,
    StateValue_Unsigned,
    StateValue_Signed,
    StateValue_Bool,
};

struct state_path_leaf
{
    char path[256];             // the path as resolved (normalised: no spaces)
    u64 offset;                 // of the leaf (first component) from the root struct's start
    u32 elementSize;            // bytes of one component (4 for f32, 8 for u64 ...)
    u32 componentCount;         // 1; 2/3/4 for a v2/v3/v4 named without a component
    state_value_kind kind;
};

// Resolves path against layout into leaf. False with error set (one line, no trailing period) when
// it names nothing watch and find can read, e.g.
//   "no field demo_state.entitys in the state layout (closest: demo_state.entities)"
//   "demo_state.entities[17] is a struct (demo_entity), not a leaf: name one of its fields, e.g. demo_state.entities[17].position"
//   "demo_state.entities[5000]: index out of range (the array has 4096 elements)"
//   "demo_state.name is of type char[32], not a number (watch and find read f32, f64, integers, b32, v2/v3/v4)"
//   "no state layout (the game registers none)"
// The closest name is the registered one nearest by edit distance to the name typed, among the
// fields of the struct reached so far (and the root's name, at the root). Any thread; reads only
// the layout; uses a fixed amount of stack.
b32 ResolveStatePath(const state_layout *layout, const char *path, state_path_leaf *leaf, char *error, umm errorSize);

// Component `component` of the leaf in a state image of stateSize bytes (the root struct's start at
// state), as f64 (b32: 0 or 1); false when the component does not exist or does not fit the state.
b32 ReadStatePathValue(const state_path_leaf *leaf, u32 component, const u8 *state, u64 stateSize, f64 *value);

// The value as the first-difference lines print it: "1.25" (the shortest text that reads back as
// the same f32 or f64), "17", "-3", "true".
void FormatStatePathValue(const state_path_leaf *leaf, f64 value, char *out, umm outSize);

#endif // PLATFORM_STATE_PATH_H
