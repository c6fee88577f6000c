// The first differing field of two states: named by its path through nested structs, arrays and
// vector components, printed by type, found across a layout that gained, lost and reordered
// fields, and never a read outside either state, whatever the layouts claim.

#include "platform/platform.cpp"
#include "test_framework.h"
#include <math.h>

// A type no table knows: compared bytewise.
struct diff_blob { u8 bytes[24]; };

// Two builds of one game: the same struct names (one namespace each), so the registered names match.
#define PART_FIELDS(X) X(f32, weight, ) X(u32, tag, )
#define X_PART(type, name, extent) STATE_LAYOUT_FIELD(part, type, name)
#define X_ENTITY(type, name, extent) STATE_LAYOUT_FIELD(entity, type, name)
#define X_STATE(type, name, extent) STATE_LAYOUT_FIELD(demo_state, type, name)

//~ Build 1
namespace build1
{
#define ENTITY_FIELDS(X) X(v3, position, ) X(f32, yaw, ) X(u32, color, ) X(part, parts, [4])
#define STATE_FIELDS(X) X(b32, alive, ) X(u32, count, ) X(s32, balance, ) X(u64, frames, ) X(f64, seconds, ) \
    X(v3, camera, ) X(f32, values, [8]) X(diff_blob, blob, ) X(entity, entities, [32])
struct part { PART_FIELDS(STATE_DECLARE_FIELD) };
struct entity { ENTITY_FIELDS(STATE_DECLARE_FIELD) };
struct demo_state { STATE_FIELDS(STATE_DECLARE_FIELD) };
static const game_layout_field fields[] =
{
    STATE_FIELDS(X_STATE) STATE_LAYOUT_SIZE(demo_state)
    ENTITY_FIELDS(X_ENTITY) STATE_LAYOUT_SIZE(entity)
    PART_FIELDS(X_PART) STATE_LAYOUT_SIZE(part)
};
}

//~ Build 2: fields added, reordered, one removed (balance); the entity's fields reordered too
namespace build2
{
#define ENTITY2_FIELDS(X) X(u32, color, ) X(u32, health, ) X(part, parts, [4]) X(f32, yaw, ) X(v3, position, )
#define STATE2_FIELDS(X) X(u64, added, ) X(u32, count, ) X(b32, alive, ) X(f64, seconds, ) X(u64, frames, ) \
    X(entity, entities, [32]) X(f32, values, [8]) X(v3, camera, ) X(diff_blob, blob, )
typedef build1::part part;
struct entity { ENTITY2_FIELDS(STATE_DECLARE_FIELD) };
struct demo_state { STATE2_FIELDS(STATE_DECLARE_FIELD) };
static const game_layout_field fields[] =
{
    STATE2_FIELDS(X_STATE) STATE_LAYOUT_SIZE(demo_state)
    ENTITY2_FIELDS(X_ENTITY) STATE_LAYOUT_SIZE(entity)
    PART_FIELDS(X_PART) STATE_LAYOUT_SIZE(part)
};
}
typedef build1::demo_state state_v1;
typedef build1::entity entity_v1;
typedef build2::demo_state state_v2;

internal state_layout *LayoutOf(const game_layout_field *fields, u32 fieldCount)
{
    state_layout *layout = (state_layout *)calloc(1, sizeof(state_layout));
    game_state_layout source = {fieldCount, 0, fields};
    char error[256];
    CHECK(CopyStateLayout(layout, &source, error, sizeof(error)));
    return layout;
}

internal void FillV1(state_v1 *state)
{
    memset(state, 0, sizeof(*state));
    state->alive = 1;
    state->count = 3;
    state->balance = -5;
    state->frames = 1234567890123ull;
    state->seconds = 0.1;
    state->camera = V3(1, 2, 3);
    for (u32 i = 0; i < 8; ++i) state->values[i] = 0.5f * (f32)i;
    for (u32 i = 0; i < 24; ++i) state->blob.bytes[i] = (u8)i;
    for (u32 e = 0; e < 32; ++e)
    {
        entity_v1 *entity = state->entities + e;
        entity->position = V3((f32)e, 0.25f, -1);
        entity->yaw = 0.125f * (f32)e;
        entity->color = 0xFF00FF00u + e;
        for (u32 p = 0; p < 4; ++p) { entity->parts[p].weight = 1.25f; entity->parts[p].tag = p; }
    }
}

// The same values in build 2's layout (what a migration by name would carry).
internal void CopyToV2(const state_v1 *from, state_v2 *to)
{
    memset(to, 0, sizeof(*to));
    to->added = 77;
    to->count = from->count;
    to->alive = from->alive;
    to->seconds = from->seconds;
    to->frames = from->frames;
    to->camera = from->camera;
    memcpy(to->values, from->values, sizeof(to->values));
    to->blob = from->blob;
    for (u32 e = 0; e < 32; ++e)
    {
        to->entities[e].color = from->entities[e].color;
        to->entities[e].health = 100;
        memcpy(to->entities[e].parts, from->entities[e].parts, sizeof(to->entities[e].parts));
        to->entities[e].yaw = from->entities[e].yaw;
        to->entities[e].position = from->entities[e].position;
    }
}

global state_layout *globalV1;
global state_layout *globalV2;

// Diffs a against b (both build 1) and checks the formatted line.
internal b32 DiffIs(const state_v1 *a, const state_v1 *b, const char *expected)
{
    state_difference difference;
    b32 found = FindFirstStateDifference(globalV1, (const u8 *)a, sizeof(*a), globalV1, (const u8 *)b, sizeof(*b), &difference);
    char line[512];
    FormatStateDifference(&difference, line, sizeof(line));
    if (strcmp(line, expected) != 0) printf("    got \"%s\", expected \"%s\"\n", line, expected);
    return found == difference.found && strcmp(line, expected) == 0;
}

internal void TestSameLayout(void)
{
    state_v1 *a = (state_v1 *)malloc(sizeof(state_v1));
    state_v1 *b = (state_v1 *)malloc(sizeof(state_v1));
    FillV1(a);
    FillV1(b);
    CHECK_MSG(DiffIs(a, b, "no difference in registered fields"), "equal states: no difference");

    b->entities[17].parts[2].weight = 1.5f;
    state_difference difference;
    CHECK(FindFirstStateDifference(globalV1, (const u8 *)a, sizeof(*a), globalV1, (const u8 *)b, sizeof(*b), &difference));
    CHECK(strcmp(difference.path, "demo_state.entities[17].parts[2].weight") == 0);
    CHECK(strcmp(difference.valueA, "1.25") == 0 && strcmp(difference.valueB, "1.5") == 0);
    u64 weightOffset = (u64)((u8 *)&a->entities[17].parts[2].weight - (u8 *)a);
    CHECK(difference.offsetA == weightOffset && difference.offsetB == weightOffset);
    CHECK_MSG(DiffIs(a, b, "demo_state.entities[17].parts[2].weight: 1.25 vs 1.5"), "float deep in nested arrays");

    // The first in offset order wins: entity 17's position lies before its parts.
    b->entities[17].position.y = 0.5f;
    CHECK_MSG(DiffIs(a, b, "demo_state.entities[17].position.y: 0.25 vs 0.5"), "v3 component, first by offset");
    FillV1(b);
    b->entities[3].position.z = 2;
    CHECK_MSG(DiffIs(a, b, "demo_state.entities[3].position.z: -1 vs 2"), "v3 z");
    FillV1(b);
    b->camera.x = 1.0000001f;
    CHECK_MSG(DiffIs(a, b, "demo_state.camera.x: 1 vs 1.0000001"), "floats one bit apart print apart");
    FillV1(b);
    b->values[3] = -0.0f;
    a->values[3] = 0.0f;
    CHECK_MSG(DiffIs(a, b, "demo_state.values[3]: 0 vs -0"), "plain array element, signed zero");
    FillV1(a);
    FillV1(b);
    b->count = 7;
    CHECK_MSG(DiffIs(a, b, "demo_state.count: 3 vs 7"), "unsigned integer");
    FillV1(b);
    b->balance = 4;
    CHECK_MSG(DiffIs(a, b, "demo_state.balance: -5 vs 4"), "signed integer");
    FillV1(b);
    b->frames = 18446744073709551615ull;
    CHECK_MSG(DiffIs(a, b, "demo_state.frames: 1234567890123 vs 18446744073709551615"), "u64");
    FillV1(b);
    b->alive = 0;
    CHECK_MSG(DiffIs(a, b, "demo_state.alive: true vs false"), "bool");
    FillV1(b);
    b->seconds = 0.30000000000000004;
    CHECK_MSG(DiffIs(a, b, "demo_state.seconds: 0.1 vs 0.30000000000000004"), "f64 shortest round trip");
    FillV1(b);
    b->blob.bytes[5] = 0xAB;
    CHECK_MSG(DiffIs(a, b, "demo_state.blob+0x5: 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11 12 13 14 ... vs "
                           "ab 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11 12 13 14 ..."), "unknown type: bytes from the first that differs");
    FillV1(b);
    b->entities[31].parts[3].tag = 9;
    CHECK_MSG(DiffIs(a, b, "demo_state.entities[31].parts[3].tag: 3 vs 9"), "last element of the last array");

    // A state cut short: fields past its end are skipped, those before it still compared.
    FillV1(b);
    b->entities[10].yaw = 8;
    u64 shortSize = (u64)((u8 *)&a->entities[5] - (u8 *)a);
    CHECK_MSG(!FindFirstStateDifference(globalV1, (const u8 *)a, shortSize, globalV1, (const u8 *)b, sizeof(*b),
                                        &difference), "a field past the end of state A is skipped");
    CHECK_MSG(!FindFirstStateDifference(globalV1, (const u8 *)a, sizeof(*a), globalV1, (const u8 *)b, shortSize,
                                        &difference), "a field past the end of state B is skipped");
    b->entities[2].color = 1;
    CHECK(FindFirstStateDifference(globalV1, (const u8 *)a, shortSize, globalV1, (const u8 *)b, shortSize, &difference));
    CHECK(strcmp(difference.path, "demo_state.entities[2].color") == 0);

    // Padding (between balance and frames) is in no registered field: not compared.
    FillV1(b);
    u64 padding = offsetof(state_v1, balance) + sizeof(s32);
    CHECK(padding < offsetof(state_v1, frames));
    ((u8 *)b)[padding] = 0x5A;
    CHECK_MSG(!FindFirstStateDifference(globalV1, (const u8 *)a, sizeof(*a), globalV1, (const u8 *)b,
                                        sizeof(*b), &difference), "padding is not compared");
    free(a);
    free(b);
}

internal void TestMigratedLayout(void)
{
    state_v1 *a = (state_v1 *)malloc(sizeof(state_v1));
    state_v2 *b = (state_v2 *)malloc(sizeof(state_v2));
    FillV1(a);
    CopyToV2(a, b);
    state_difference difference;
    CHECK_MSG(!FindFirstStateDifference(globalV1, (const u8 *)a, sizeof(*a), globalV2, (const u8 *)b, sizeof(*b), &difference),
              "same values across layouts: no difference (added field and moved fields ignored)");

    b->entities[17].parts[2].weight = 1.5f;
    CHECK(FindFirstStateDifference(globalV1, (const u8 *)a, sizeof(*a), globalV2, (const u8 *)b, sizeof(*b), &difference));
    CHECK(strcmp(difference.path, "demo_state.entities[17].parts[2].weight") == 0);
    CHECK(difference.offsetA == (u64)((u8 *)&a->entities[17].parts[2].weight - (u8 *)a));
    CHECK(difference.offsetB == (u64)((u8 *)&b->entities[17].parts[2].weight - (u8 *)b));
    CHECK(difference.offsetA != difference.offsetB);

    // In A's offset order: A's camera comes before A's entities, though B has it after them.
    b->camera.z = 5;
    CHECK(FindFirstStateDifference(globalV1, (const u8 *)a, sizeof(*a), globalV2, (const u8 *)b, sizeof(*b), &difference));
    CHECK(strcmp(difference.path, "demo_state.camera.z") == 0);
    CopyToV2(a, b);

    // balance is only in A: a change there is no difference; health only in B.
    a->balance = 99;
    b->entities[4].health = 1;
    b->added = 1;
    CHECK_MSG(!FindFirstStateDifference(globalV1, (const u8 *)a, sizeof(*a), globalV2, (const u8 *)b, sizeof(*b), &difference),
              "fields in only one layout are skipped");
    b->entities[4].yaw = 3;
    char line[256];
    FindFirstStateDifference(globalV1, (const u8 *)a, sizeof(*a), globalV2, (const u8 *)b, sizeof(*b), &difference);
    FormatStateDifference(&difference, line, sizeof(line));
    CHECK(strcmp(line, "demo_state.entities[4].yaw: 0.5 vs 3") == 0);

    // The other way round: B walked as the first state.
    CHECK(FindFirstStateDifference(globalV2, (const u8 *)b, sizeof(*b), globalV1, (const u8 *)a, sizeof(*a), &difference));
    CHECK(strcmp(difference.path, "demo_state.entities[4].yaw") == 0 && strcmp(difference.valueA, "3") == 0);
    free(a);
    free(b);
}

//~ Layouts that lie
internal void SetField(state_layout *layout, const char *structName, const char *fieldName, const char *typeName,
                       u32 offset, u32 size, u32 count)
{
    state_layout_field *field = layout->fields + layout->fieldCount++;
    FormatText(field->structName, sizeof(field->structName), "%s", structName);
    FormatText(field->fieldName, sizeof(field->fieldName), "%s", fieldName);
    FormatText(field->typeName, sizeof(field->typeName), "%s", typeName);
    field->offset = offset;
    field->size = size;
    field->count = count;
    layout->present = 1;
}

// Runs the diff both ways on exactly-sized heap copies (the sanitizers see any read past them).
internal b32 DiffHostile(const state_layout *layout, u64 stateSize, const char *label)
{
    u8 *a = (u8 *)malloc(stateSize ? stateSize : 1);
    u8 *b = (u8 *)malloc(stateSize ? stateSize : 1);
    for (u64 i = 0; i < stateSize; ++i) { a[i] = (u8)i; b[i] = (u8)(i * 7); }
    state_difference difference;
    b32 found = FindFirstStateDifference(layout, a, stateSize, layout, b, stateSize, &difference);
    FindFirstStateDifference(layout, b, stateSize, layout, a, stateSize, &difference);
    char line[64];
    FormatStateDifference(&difference, line, sizeof(line));
    CHECK_MSG(strlen(line) < sizeof(line), label);
    free(a);
    free(b);
    return found;
}

internal void TestHostileLayouts(void)
{
    state_layout *layout = (state_layout *)calloc(1, sizeof(state_layout));

    SetField(layout, "s", "far", "u32", 0xFFFFFFF0u, 16, 4);
    SetField(layout, "s", "edge", "u64", 60, 8, 1);
    CHECK_MSG(!DiffHostile(layout, 64, "fields past the state"), "fields past the end of the state are skipped");
    SetField(layout, "s", "inside", "u32", 4, 4, 1);
    CHECK_MSG(DiffHostile(layout, 64, "a field inside the state"), "the field inside the state is still compared");
    memset(layout, 0, sizeof(*layout));
    SetField(layout, "s", "huge", "u8", 0, 0xFFFFFFFFu, 1);
    CHECK_MSG(!DiffHostile(layout, 64, "a 4 GiB field"), "a field larger than the state is skipped");

    memset(layout, 0, sizeof(*layout));
    SetField(layout, "s", "loop", "s", 0, 64, 1);       // a struct containing itself
    SetField(layout, "s", "(size)", "s", 0, 64, 1);
    DiffHostile(layout, 64, "a struct containing itself");
    SetField(layout, "s", "word", "u32", 0, 4, 1);      // overlaps loop: dropped
    DiffHostile(layout, 64, "overlapping fields");

    memset(layout, 0, sizeof(*layout));
    SetField(layout, "s", "many", "t", 0, 0xFFFFFFF0u, 0x0FFFFFFFu);     // 16-byte elements, far past the state
    SetField(layout, "t", "value", "f32", 12, 4, 1);
    SetField(layout, "t", "(size)", "t", 0, 16, 1);
    CHECK_MSG(DiffHostile(layout, 100, "huge array of structs in a small state"), "huge array: a difference still found inside");

    memset(layout, 0, sizeof(*layout));
    for (u32 level = 0; level < 20; ++level)            // deeper than STATE_LAYOUT_MAX_DEPTH
    {
        char name[16], child[16];
        FormatText(name, sizeof(name), "t%u", level);
        FormatText(child, sizeof(child), "t%u", level + 1);
        SetField(layout, name, "inner", child, 0, 32, 1);
        SetField(layout, name, "(size)", name, 0, 32, 1);
    }
    SetField(layout, "t20", "leaf", "u32", 0, 4, 1);
    SetField(layout, "t20", "(size)", "t20", 0, 32, 1);
    CHECK_MSG(!DiffHostile(layout, 32, "nesting past the depth limit"), "nesting past the depth limit is not walked");

    memset(layout, 0, sizeof(*layout));
    SetField(layout, "s", "a", "v3", 0, 12, 1);
    SetField(layout, "s", "b", "f64", 12, 3, 1);        // a known name at the wrong size: bytes
    SetField(layout, "s", "c", "u8", 15, 9, 0);         // no elements
    memset(layout->fields[0].structName, 'x', sizeof(layout->fields[0].structName));    // unterminated names
    memset(layout->fields[1].structName, 'x', sizeof(layout->fields[1].structName));
    memset(layout->fields[0].fieldName, 'y', sizeof(layout->fields[0].fieldName));
    layout->fieldCount = 0xFFFFFFFFu;                   // more than the array holds: clamped
    DiffHostile(layout, 24, "unterminated names, a count past the array");
    DiffHostile(layout, 5, "a state shorter than its first field");
    DiffHostile(layout, 0, "an empty state");

    state_difference difference;
    state_layout empty = {};
    CHECK(!FindFirstStateDifference(&empty, 0, 0, &empty, 0, 0, &difference));
    char tiny[8];
    difference.found = 1;
    FormatText(difference.path, sizeof(difference.path), "demo_state.a.long.path");
    FormatStateDifference(&difference, tiny, sizeof(tiny));
    CHECK(strlen(tiny) == sizeof(tiny) - 1);
    free(layout);
}

int main(void)
{
    globalV1 = LayoutOf(build1::fields, (u32)ArrayCount(build1::fields));
    globalV2 = LayoutOf(build2::fields, (u32)ArrayCount(build2::fields));
    TestSameLayout();
    TestMigratedLayout();
    TestHostileLayouts();
    free(globalV1);
    free(globalV2);
    return TestSummary();
}
