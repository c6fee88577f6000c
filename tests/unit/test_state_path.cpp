// Field paths of the state (the timeline's watch and find): every kind of leaf resolves to its
// offset, size, components and kind; every path that names no number is refused with its reason
// and the closest registered name; values read and print as the first-difference lines print them;
// and a layout that lies (cycles, fields outside their struct, unterminated names) is refused
// without a read outside the state.

#include "platform/platform.cpp"
#include "test_framework.h"
#include <stddef.h>

#define PART_FIELDS(X) X(f32, weight, ) X(s16, tag, )
#define ENTITY_FIELDS(X) X(v3, position, ) X(f32, yaw, ) X(u32, color, ) X(b32, alive, ) X(s16, lane, ) \
    X(v2, uv, ) X(v4, tint, ) X(part, parts, [4])
#define STATE_FIELDS(X) X(u32, count, ) X(f64, seconds, ) X(char, name, [32]) X(f32, values, [8]) X(v3, camera, ) \
    X(s16, balance, ) X(b32, paused, ) X(u64, frames, ) X(u8, flags, ) X(s64, debt, ) X(demo_entity, entities, [4096])
struct part { PART_FIELDS(STATE_DECLARE_FIELD) };
struct demo_entity { ENTITY_FIELDS(STATE_DECLARE_FIELD) };
struct demo_state { STATE_FIELDS(STATE_DECLARE_FIELD) };
#define X_PART(type, name, extent) STATE_LAYOUT_FIELD(part, type, name)
#define X_ENTITY(type, name, extent) STATE_LAYOUT_FIELD(demo_entity, type, name)
#define X_STATE(type, name, extent) STATE_LAYOUT_FIELD(demo_state, type, name)
static const game_layout_field globalFields[] =
{
    STATE_FIELDS(X_STATE) STATE_LAYOUT_SIZE(demo_state)
    ENTITY_FIELDS(X_ENTITY) STATE_LAYOUT_SIZE(demo_entity)
    PART_FIELDS(X_PART) STATE_LAYOUT_SIZE(part)
};

global state_layout *globalLayout;

internal state_layout *LayoutOf(const game_layout_field *fields, u32 fieldCount)
{
    state_layout *layout = (state_layout *)calloc(1, sizeof(state_layout));
    game_state_layout source = {fieldCount, 0, fields};
    char error[256];
    CHECK(CopyStateLayout(layout, &source, error, sizeof(error)));
    return layout;
}

internal u64 EntityAt(u32 index, u64 within) { return offsetof(demo_state, entities) + index * sizeof(demo_entity) + within; }

internal b32 ResolvesTo(const char *path, const char *expectedPath, u64 offset, u32 elementSize, u32 components,
                        state_value_kind kind)
{
    state_path_leaf leaf;
    char error[512];
    if (!ResolveStatePath(globalLayout, path, &leaf, error, sizeof(error)))
    {
        printf("    \"%s\" refused: %s\n", path, error);
        return 0;
    }
    b32 ok = strcmp(leaf.path, expectedPath) == 0 && leaf.offset == offset && leaf.elementSize == elementSize &&
             leaf.componentCount == components && leaf.kind == kind;
    if (!ok)
        printf("    \"%s\" gave %s at %llu, %u x %u bytes, kind %d\n", path, leaf.path, (unsigned long long)leaf.offset,
               leaf.componentCount, leaf.elementSize, (int)leaf.kind);
    return ok;
}

internal b32 RefusedWith(const state_layout *layout, const char *path, const char *expected)
{
    state_path_leaf leaf;
    memset(&leaf, 0xab, sizeof(leaf));
    char error[512];
    b32 resolved = ResolveStatePath(layout, path, &leaf, error, sizeof(error));
    b32 ok = !resolved && strcmp(error, expected) == 0 && leaf.path[0] == 0 && leaf.componentCount == 0;
    if (!ok) printf("    \"%s\": %s \"%s\", expected \"%s\"\n", path, resolved ? "resolved, error" : "got", error, expected);
    return ok;
}

internal void TestLeaves(void)
{
    u64 position = offsetof(demo_entity, position);
    CHECK(ResolvesTo("demo_state.entities[17].position.y", "demo_state.entities[17].position.y", EntityAt(17, position + 4),
                     4, 1, StateValue_F32));
    CHECK(ResolvesTo("demo_state.entities[17].position", "demo_state.entities[17].position", EntityAt(17, position), 4, 3,
                     StateValue_F32));
    CHECK_MSG(ResolvesTo(" demo_state . entities[ 0017 ]\t.position.z ", "demo_state.entities[17].position.z",
                         EntityAt(17, position + 8), 4, 1, StateValue_F32), "spaces and leading zeros are normalised");
    CHECK(ResolvesTo("demo_state.entities[4095].uv.y", "demo_state.entities[4095].uv.y",
                     EntityAt(4095, offsetof(demo_entity, uv) + 4), 4, 1, StateValue_F32));
    CHECK(ResolvesTo("demo_state.entities[0].tint.w", "demo_state.entities[0].tint.w",
                     EntityAt(0, offsetof(demo_entity, tint) + 12), 4, 1, StateValue_F32));
    CHECK(ResolvesTo("demo_state.entities[0].tint", "demo_state.entities[0].tint", EntityAt(0, offsetof(demo_entity, tint)),
                     4, 4, StateValue_F32));
    CHECK(ResolvesTo("demo_state.entities[3].parts[2].weight", "demo_state.entities[3].parts[2].weight",
                     EntityAt(3, offsetof(demo_entity, parts) + 2 * sizeof(part)), 4, 1, StateValue_F32));
    CHECK(ResolvesTo("demo_state.entities[3].parts[3].tag", "demo_state.entities[3].parts[3].tag",
                     EntityAt(3, offsetof(demo_entity, parts) + 3 * sizeof(part) + offsetof(part, tag)), 2, 1, StateValue_Signed));
    CHECK(ResolvesTo("demo_state.entities[9].alive", "demo_state.entities[9].alive", EntityAt(9, offsetof(demo_entity, alive)),
                     4, 1, StateValue_Bool));
    CHECK(ResolvesTo("demo_state.entities[9].color", "demo_state.entities[9].color", EntityAt(9, offsetof(demo_entity, color)),
                     4, 1, StateValue_Unsigned));
    CHECK(ResolvesTo("demo_state.count", "demo_state.count", offsetof(demo_state, count), 4, 1, StateValue_Unsigned));
    CHECK(ResolvesTo("demo_state.seconds", "demo_state.seconds", offsetof(demo_state, seconds), 8, 1, StateValue_F64));
    CHECK(ResolvesTo("demo_state.values[7]", "demo_state.values[7]", offsetof(demo_state, values) + 28, 4, 1, StateValue_F32));
    CHECK(ResolvesTo("demo_state.camera.x", "demo_state.camera.x", offsetof(demo_state, camera), 4, 1, StateValue_F32));
    CHECK(ResolvesTo("demo_state.balance", "demo_state.balance", offsetof(demo_state, balance), 2, 1, StateValue_Signed));
    CHECK(ResolvesTo("demo_state.paused", "demo_state.paused", offsetof(demo_state, paused), 4, 1, StateValue_Bool));
    CHECK(ResolvesTo("demo_state.frames", "demo_state.frames", offsetof(demo_state, frames), 8, 1, StateValue_Unsigned));
    CHECK(ResolvesTo("demo_state.flags", "demo_state.flags", offsetof(demo_state, flags), 1, 1, StateValue_Unsigned));
    CHECK(ResolvesTo("demo_state.debt", "demo_state.debt", offsetof(demo_state, debt), 8, 1, StateValue_Signed));
}

internal void TestRefusals(void)
{
    const char *readable = ", not a number (watch and find read f32, f64, integers, b32, v2/v3/v4)";
    char expected[512];
    CHECK(RefusedWith(globalLayout, "demo_state.entitys", "no field demo_state.entitys in the state layout (closest: demo_state.entities[0])"));
    CHECK_MSG(RefusedWith(globalLayout, "demo_state.entitys[17].position",
                          "no field demo_state.entitys in the state layout (closest: demo_state.entities[17])"),
              "the closest name keeps the index typed");
    CHECK(RefusedWith(globalLayout, "demo_state.entities[2].parts[1].wieght",
                      "no field demo_state.entities[2].parts[1].wieght in the state layout (closest: demo_state.entities[2].parts[1].weight)"));
    CHECK(RefusedWith(globalLayout, "demo_state.entities[2].postion.x",
                      "no field demo_state.entities[2].postion in the state layout (closest: demo_state.entities[2].position)"));
    CHECK(RefusedWith(globalLayout, "demo_state.cameras", "no field demo_state.cameras in the state layout (closest: demo_state.camera)"));
    CHECK_MSG(RefusedWith(globalLayout, "demo_stat.count",
                          "no field demo_stat in the state layout (paths start with demo_state; closest: demo_state)"),
              "a misspelt root: the root's name is the closest");
    CHECK_MSG(RefusedWith(globalLayout, "entities[3].yaw",
                          "no field entities in the state layout (paths start with demo_state; closest: demo_state.entities[3])"),
              "a path without its root: the root's field is the closest");
    CHECK(RefusedWith(globalLayout, "demo_state.entities[17]",
                      "demo_state.entities[17] is a struct (demo_entity), not a leaf: name one of its fields, e.g. demo_state.entities[17].position"));
    CHECK(RefusedWith(globalLayout, "demo_state.entities[1].parts[0]",
                      "demo_state.entities[1].parts[0] is a struct (part), not a leaf: name one of its fields, e.g. demo_state.entities[1].parts[0].weight"));
    CHECK(RefusedWith(globalLayout, "demo_state",
                      "demo_state is a struct (demo_state), not a leaf: name one of its fields, e.g. demo_state.count"));
    CHECK(RefusedWith(globalLayout, "demo_state.entities[5000]",
                      "demo_state.entities[5000]: index out of range (the array has 4096 elements)"));
    CHECK(RefusedWith(globalLayout, "demo_state.entities[4096].yaw",
                      "demo_state.entities[4096]: index out of range (the array has 4096 elements)"));
    CHECK(RefusedWith(globalLayout, "demo_state.values[99999999999999999999999]",
                      "demo_state.values[99999999999999999999999]: index out of range (the array has 8 elements)"));
    FormatText(expected, sizeof(expected), "demo_state.name is of type char[32]%s", readable);
    CHECK(RefusedWith(globalLayout, "demo_state.name", expected));
    FormatText(expected, sizeof(expected), "demo_state.name[3] is of type char%s", readable);
    CHECK(RefusedWith(globalLayout, "demo_state.name[3]", expected));
    CHECK(RefusedWith(globalLayout, "demo_state.entities",
                      "demo_state.entities is an array (demo_entity[4096]), not a leaf: name one element, e.g. demo_state.entities[0]"));
    CHECK(RefusedWith(globalLayout, "demo_state.values.x",
                      "demo_state.values is an array (f32[8]), not a leaf: name one element, e.g. demo_state.values[0]"));
    CHECK(RefusedWith(globalLayout, "demo_state.count[0]", "demo_state.count is not an array: drop the [0]"));
    CHECK(RefusedWith(globalLayout, "demo_state[0].count", "demo_state is the root struct, not an array: drop the [0]"));
    CHECK(RefusedWith(globalLayout, "demo_state.count.x",
                      "demo_state.count is of type u32, not a struct or a vector: nothing can follow it (.x)"));
    CHECK(RefusedWith(globalLayout, "demo_state.entities[1].uv.z",
                      "demo_state.entities[1].uv is of type v2: only one of its components can follow it (.x .y)"));
    CHECK(RefusedWith(globalLayout, "demo_state.camera.x.y",
                      "demo_state.camera is of type v3: only one of its components can follow it (.x .y .z)"));
    CHECK(RefusedWith(globalLayout, "demo_state.camera.x[1]",
                      "demo_state.camera is of type v3: only one of its components can follow it (.x .y .z)"));
    CHECK(RefusedWith(globalLayout, "", "no path given (e.g. state.field, state.items[3].position.x)"));
    CHECK(RefusedWith(globalLayout, "demo_state..count", "demo_state..count: a field name is missing (at byte 12)"));
    CHECK(RefusedWith(globalLayout, "demo_state.count.", "demo_state.count.: a field name is missing (at byte 18)"));
    CHECK(RefusedWith(globalLayout, "demo_state.entities[x].yaw",
                      "demo_state.entities[x].yaw: an index is a whole number in [ ] (at byte 21)"));
    CHECK(RefusedWith(globalLayout, "demo_state.entities[3", "demo_state.entities[3: an index is a whole number in [ ] (at byte 22)"));
    CHECK(RefusedWith(globalLayout, "demo_state.entities[]", "demo_state.entities[]: an index is a whole number in [ ] (at byte 21)"));
    CHECK(RefusedWith(globalLayout, "demo_state.entities[3]x",
                      "demo_state.entities[3]x: expected '.' or the end after ']' (at byte 23)"));
    char longPath[400];
    memset(longPath, 'a', sizeof(longPath) - 1);
    longPath[sizeof(longPath) - 1] = 0;
    CHECK(RefusedWith(globalLayout, longPath, "the path is longer than 255 bytes"));
    CHECK(RefusedWith(0, "demo_state.count", "no state layout (the game registers none)"));
    state_layout *empty = (state_layout *)calloc(1, sizeof(state_layout));
    CHECK(RefusedWith(empty, "demo_state.count", "no state layout (the game registers none)"));
    empty->present = 1;
    CHECK(RefusedWith(empty, "demo_state.count", "no state layout (the game registers none)"));
    free(empty);
}

//~ Layouts that lie
internal void TestUntrustedLayouts(void)
{
    // A struct that holds itself: a cycle only the depth limit ends.
    static const game_layout_field loop[] =
    {
        {"loop", "self", "loop", 0, 16, 1, 0}, {"loop", "v", "f32", 0, 4, 1, 0}, {"loop", "(size)", "loop", 0, 16, 1, 0},
    };
    state_layout *layout = LayoutOf(loop, ArrayCount(loop));
    state_path_leaf leaf;
    char error[512];
    CHECK_MSG(ResolveStatePath(layout, "loop.self.self.self.self.self.self.self.v", &leaf, error, sizeof(error)) &&
              leaf.offset == 0 && leaf.kind == StateValue_F32, "a path 8 fields deep resolves");
    CHECK(RefusedWith(layout, "loop.self.self.self.self.self.self.self.self.v",
                      "loop.self.self.self.self.self.self.self.self.v: nested deeper than 8 fields"));
    CHECK(RefusedWith(layout, "loop.self.self.self.self.self.self.self.self.self.self.self.v",
                      "loop.self.self.self.self.self.self.self.self.self.self.self.v: nested deeper than 8 fields"));
    free(layout);

    // A field past its struct's end, and a nested struct whose elements are not its size.
    static const game_layout_field lies[] =
    {
        {"root", "inside", "f32", 0, 4, 1, 0}, {"root", "outside", "f32", 14, 4, 1, 0}, {"root", "nested", "inner", 4, 8, 1, 0},
        {"root", "wide", "f32", 8, 8, 1, 0}, {"root", "(size)", "root", 0, 16, 1, 0},
        {"inner", "a", "f32", 0, 4, 1, 0}, {"inner", "(size)", "inner", 0, 4, 1, 0},
    };
    layout = LayoutOf(lies, ArrayCount(lies));
    CHECK(ResolveStatePath(layout, "root.inside", &leaf, error, sizeof(error)));
    CHECK(RefusedWith(layout, "root.outside", "root.outside is malformed in the state layout (it leaves its struct or its "
                      "elements are not its type's size)"));
    CHECK(RefusedWith(layout, "root.nested.a", "root.nested is malformed in the state layout (it leaves its struct or its "
                      "elements are not its type's size)"));
    char expected[256];
    FormatText(expected, sizeof(expected), "root.wide is of type f32, not a number (watch and find read f32, f64, integers, b32, v2/v3/v4)");
    CHECK_MSG(RefusedWith(layout, "root.wide", expected), "a familiar type name of another size is no number");

    // Names that fill STATE_LAYOUT_MAX_NAME bytes with no terminator: compared and printed within it.
    memset(layout->fields[1].fieldName, 'n', STATE_LAYOUT_MAX_NAME);
    char typed[STATE_LAYOUT_MAX_NAME + 16];
    FormatText(typed, sizeof(typed), "root.%.*s", STATE_LAYOUT_MAX_NAME, layout->fields[1].fieldName);
    CHECK_MSG(!ResolveStatePath(layout, typed, &leaf, error, sizeof(error)) && strstr(error, "(closest: root.nnnn") &&
              strlen(strstr(error, "(closest: ")) == strlen("(closest: root.)") + STATE_LAYOUT_MAX_NAME,
              "an unterminated name never matches and prints within its bytes");
    free(layout);
}

//~ Values
internal void TestValues(void)
{
    demo_state *state = (demo_state *)calloc(1, sizeof(demo_state));
    state->count = 17;
    state->seconds = 0.1;
    state->camera = V3(1.25f, -2, 0.1f);
    state->balance = -5;
    state->paused = 7;
    state->frames = 12345678901234ull;
    state->debt = -9000000000ll;
    state->entities[17].position = V3(3, 1.5f, -0.25f);
    state_path_leaf leaf;
    char error[512], text[64];
    f64 value = 0;

    struct { const char *path; u32 component; f64 value; const char *text; } cases[] =
    {
        {"demo_state.count", 0, 17, "17"}, {"demo_state.seconds", 0, 0.1, "0.1"}, {"demo_state.camera.z", 0, (f64)0.1f, "0.1"},
        {"demo_state.camera", 1, -2, "-2"}, {"demo_state.balance", 0, -5, "-5"}, {"demo_state.paused", 0, 1, "true"},
        {"demo_state.flags", 0, 0, "0"}, {"demo_state.frames", 0, 12345678901234.0, "12345678901234"},
        {"demo_state.debt", 0, -9000000000.0, "-9000000000"}, {"demo_state.entities[17].position.y", 0, 1.5, "1.5"},
        {"demo_state.entities[17].position", 2, -0.25, "-0.25"}, {"demo_state.entities[16].alive", 0, 0, "false"},
    };
    for (u32 index = 0; index < ArrayCount(cases); ++index)
    {
        b32 resolved = ResolveStatePath(globalLayout, cases[index].path, &leaf, error, sizeof(error));
        b32 read = resolved && ReadStatePathValue(&leaf, cases[index].component, (const u8 *)state, sizeof(*state), &value);
        if (read) FormatStatePathValue(&leaf, value, text, sizeof(text));
        if (!CHECK_MSG(read && value == cases[index].value && strcmp(text, cases[index].text) == 0, "a value reads and prints"))
            printf("    %s[%u]: %s read %d, %.17g \"%s\"\n", cases[index].path, cases[index].component, error, read, value, text);
    }

    CHECK(ResolveStatePath(globalLayout, "demo_state.camera", &leaf, error, sizeof(error)));
    CHECK_MSG(!ReadStatePathValue(&leaf, 3, (const u8 *)state, sizeof(*state), &value), "a v3 has no fourth component");
    CHECK(ResolveStatePath(globalLayout, "demo_state.camera.y", &leaf, error, sizeof(error)));
    CHECK_MSG(!ReadStatePathValue(&leaf, 1, (const u8 *)state, sizeof(*state), &value), "a component path reads one value");
    CHECK(ResolveStatePath(globalLayout, "demo_state.entities[4095].tint.w", &leaf, error, sizeof(error)));
    CHECK_MSG(ReadStatePathValue(&leaf, 0, (const u8 *)state, leaf.offset + 4, &value), "the last bytes of a state read");
    CHECK_MSG(!ReadStatePathValue(&leaf, 0, (const u8 *)state, leaf.offset + 3, &value), "a value past the state's end does not");
    CHECK(!ReadStatePathValue(&leaf, 0, (const u8 *)state, 2, &value));
    CHECK(!ReadStatePathValue(&leaf, 0, 0, sizeof(*state), &value));
    state_path_leaf forged = leaf;
    forged.offset = ~0ull - 1;
    CHECK_MSG(!ReadStatePathValue(&forged, 0, (const u8 *)state, sizeof(*state), &value), "an offset that wraps does not read");
    forged = leaf;
    forged.elementSize = 3;
    CHECK(!ReadStatePathValue(&forged, 0, (const u8 *)state, sizeof(*state), &value));
    forged.kind = StateValue_F64;
    forged.elementSize = 4;
    CHECK(!ReadStatePathValue(&forged, 0, (const u8 *)state, sizeof(*state), &value));

    // Printing: the shortest text that reads back as the same f32 or f64.
    leaf.kind = StateValue_F32;
    FormatStatePathValue(&leaf, (f64)(1.0f / 3.0f), text, sizeof(text));
    CHECK(strcmp(text, "0.33333334") == 0);
    leaf.kind = StateValue_F64;
    FormatStatePathValue(&leaf, 1.0 / 3.0, text, sizeof(text));
    CHECK(strcmp(text, "0.3333333333333333") == 0);
    FormatStatePathValue(&leaf, 1e300, text, sizeof(text));
    CHECK(strcmp(text, "1e+300") == 0);
    leaf.kind = StateValue_Unsigned;
    FormatStatePathValue(&leaf, 18446744073709549568.0, text, sizeof(text));
    CHECK(strcmp(text, "18446744073709549568") == 0);
    free(state);
}

int main(void)
{
    globalLayout = LayoutOf(globalFields, ArrayCount(globalFields));
    TestLeaves();
    TestRefusals();
    TestUntrustedLayouts();
    TestValues();
    free(globalLayout);
    return TestSummary();
}
