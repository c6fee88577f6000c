#ifndef PLATFORM_STATE_LAYOUT_H
#define PLATFORM_STATE_LAYOUT_H
// The platform's own copy of a loaded build's state layout (the DLL's strings die with it), and
// naming an address of registered state by it. Portable: unit-tested natively
// (tests/unit/test_state_layout.cpp). The reload step compares two copies
// (platform_layout_compare.h); the pointer guard names where in game state a pointer sits.

#include "contract/state_layout.h"

//~ Platform-owned copy
#define STATE_LAYOUT_MAX_DEPTH 8        // nesting deeper than this is refused (and means a cycle)

struct state_layout_field
{
    char structName[STATE_LAYOUT_MAX_NAME];
    char fieldName[STATE_LAYOUT_MAX_NAME];
    char typeName[STATE_LAYOUT_MAX_NAME];
    u32 offset;
    u32 size;
    u32 count;
};

struct state_layout
{
    b32 present;                // false: the build registered no layout (nothing can be checked)
    u32 fieldCount;
    state_layout_field fields[STATE_LAYOUT_MAX_FIELDS];
};

// True for the "(size)" entry STATE_LAYOUT_SIZE gives every registered struct.
b32 IsStateLayoutSizeEntry(const char *fieldName);

// Copies an exported layout; false with a reason when it is malformed (too many fields, names too
// long, a field outside its struct). A null source gives an empty, not-present layout.
b32 CopyStateLayout(state_layout *destination, const game_state_layout *source,
                    char *error, umm errorSize);

// The entry of structName.fieldName, or null.
const state_layout_field *FindStateLayoutField(const state_layout *layout, const char *structName,
                                               const char *fieldName);

// The size of a registered struct, or 0 when typeName is not one (a plain type).
u32 StateLayoutStructSize(const state_layout *layout, const char *typeName);

//~ Naming an address of registered state
// Describes the byte at offset from the start of the root struct (the first entry's struct) as a
// path through nested structs and arrays, e.g. "game_state.entities[17].name" or
// "game_state.permanentArena+0x18" (inside a field of an unregistered type). False (out empty)
// when no layout is present or the offset lies outside every registered field.
b32 DescribeStateLayoutOffset(const state_layout *layout, u64 offset, char *out, umm outSize);

#endif // PLATFORM_STATE_LAYOUT_H
