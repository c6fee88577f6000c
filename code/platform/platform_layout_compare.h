#ifndef PLATFORM_LAYOUT_COMPARE_H
#define PLATFORM_LAYOUT_COMPARE_H
// Comparing the state layouts of two builds, so the reload step can say in one line what changed
// before it refuses the build (or resets the state). Portable: unit-tested natively
// (tests/unit/test_state_layout.cpp).

#include "platform/platform_state_layout.h"

// Returns the number of differences and describes each one in description, e.g.
// "struct game_state: field 'score' added at offset 8 (4 bytes); struct game_state: size 24 -> 32".
// Every registered struct is compared, nested ones included; a change inside a nested struct names
// where it is used: "struct demo_entity (in game_state.entities[4096]): field 'mass' added ...".
u32 CompareStateLayouts(const state_layout *oldLayout, const state_layout *newLayout,
                        char *description, umm descriptionSize);

#endif // PLATFORM_LAYOUT_COMPARE_H
