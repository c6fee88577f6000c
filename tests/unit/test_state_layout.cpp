// Layout descriptions: every kind of change to registered state is detected and named, nested
// structs and arrays of them included; addresses are named by field path; the by-name migration
// carries fields across through nested structs, converts exactly or refuses.

#include "platform/platform.cpp"
#include "game_kit/game_kit.cpp"
#include "test_framework.h"

// Successive builds of one game register their structs under the same names: the C++ type names
// differ here (one per variant), the registered names do not.
#define FIELD_AS(registeredName, structType, type, name) \
    {registeredName, #name, #type, (u32)offsetof(structType, name), (u32)sizeof(((structType *)0)->name), \
     (u32)(sizeof(((structType *)0)->name) / sizeof(type)), 0},
#define SIZE_AS(registeredName, structType) {registeredName, "(size)", registeredName, 0, (u32)sizeof(structType), 1, 0},

//~ Flat variants of game_state
#define V1_FIELDS(X) X(u32, health, ) X(u32, score, ) X(f32, speed, )
struct state_v1 { V1_FIELDS(STATE_DECLARE_FIELD) };
#define ADDED_FIELDS(X) X(u32, health, ) X(u32, score, ) X(f32, speed, ) X(u64, coins, )
struct state_added { ADDED_FIELDS(STATE_DECLARE_FIELD) };
#define REMOVED_FIELDS(X) X(u32, health, ) X(f32, speed, )
struct state_removed { REMOVED_FIELDS(STATE_DECLARE_FIELD) };
#define REORDERED_FIELDS(X) X(u32, score, ) X(u32, health, ) X(f32, speed, )
struct state_reordered { REORDERED_FIELDS(STATE_DECLARE_FIELD) };
#define RESIZED_FIELDS(X) X(u32, health, ) X(u64, score, ) X(f32, speed, )
struct state_resized { RESIZED_FIELDS(STATE_DECLARE_FIELD) };

#define DECLARE_LAYOUT(fieldsMacro, structType, arrayName)                                  \
    static const game_layout_field arrayName[] = {fieldsMacro(X_##structType) SIZE_AS("game_state", structType)};
#define X_state_v1(type, name, extent) FIELD_AS("game_state", state_v1, type, name)
#define X_state_added(type, name, extent) FIELD_AS("game_state", state_added, type, name)
#define X_state_removed(type, name, extent) FIELD_AS("game_state", state_removed, type, name)
#define X_state_reordered(type, name, extent) FIELD_AS("game_state", state_reordered, type, name)
#define X_state_resized(type, name, extent) FIELD_AS("game_state", state_resized, type, name)
DECLARE_LAYOUT(V1_FIELDS, state_v1, v1Fields)
DECLARE_LAYOUT(ADDED_FIELDS, state_added, addedFields)
DECLARE_LAYOUT(REMOVED_FIELDS, state_removed, removedFields)
DECLARE_LAYOUT(REORDERED_FIELDS, state_reordered, reorderedFields)
DECLARE_LAYOUT(RESIZED_FIELDS, state_resized, resizedFields)

//~ Nested variants: game_state { count; item items[N]; } with item changing
#define ITEM_COUNT 4096
#define ITEM_V1(X) X(u32, id, ) X(f32, weight, ) X(u32, flags, ) X(v2, where, )
#define ITEM_ADDED(X) X(u32, id, ) X(f32, weight, ) X(u32, flags, ) X(v2, where, ) X(u64, added, )
#define ITEM_REMOVED(X) X(u32, id, ) X(u32, flags, ) X(v2, where, )
#define ITEM_REORDERED(X) X(v2, where, ) X(u32, flags, ) X(f32, weight, ) X(u32, id, )
#define ITEM_RESIZED(X) X(u64, id, ) X(f64, weight, ) X(u32, flags, ) X(v2, where, )
#define ITEM_NARROWED(X) X(u32, id, ) X(f32, weight, ) X(u8, flags, ) X(v2, where, )
#define ITEM_TO_FLOAT(X) X(f32, id, ) X(f32, weight, ) X(u32, flags, ) X(v2, where, )
#define ITEM_TO_INT(X) X(u32, id, ) X(s32, weight, ) X(u32, flags, ) X(v2, where, )
#define ITEM_RETYPED(X) X(u32, id, ) X(f32, weight, ) X(u32, flags, ) X(v3, where, )

// "item" is the registered name of every item_<tag>.
#define X_item_nv1(type, name, extent) FIELD_AS("item", item_nv1, type, name)
#define X_item_nadded(type, name, extent) FIELD_AS("item", item_nadded, type, name)
#define X_item_nremoved(type, name, extent) FIELD_AS("item", item_nremoved, type, name)
#define X_item_nreordered(type, name, extent) FIELD_AS("item", item_nreordered, type, name)
#define X_item_nresized(type, name, extent) FIELD_AS("item", item_nresized, type, name)
#define X_item_nnarrowed(type, name, extent) FIELD_AS("item", item_nnarrowed, type, name)
#define X_item_ntofloat(type, name, extent) FIELD_AS("item", item_ntofloat, type, name)
#define X_item_ntoint(type, name, extent) FIELD_AS("item", item_ntoint, type, name)
#define X_item_nretyped(type, name, extent) FIELD_AS("item", item_nretyped, type, name)
#define X_item_ngrown(type, name, extent) FIELD_AS("item", item_ngrown, type, name)
#define X_item_nshrunk(type, name, extent) FIELD_AS("item", item_nshrunk, type, name)

// The items entry is written out: its registered type name "item" is not the C++ type's name.
#define DECLARE_NESTED(itemMacro, tag, extent)                                                        \
    struct item_##tag { itemMacro(STATE_DECLARE_FIELD) };                                             \
    struct state_##tag { u32 count; u32 pad; item_##tag items[extent]; };                              \
    static const game_layout_field tag##Fields[] = {                                                  \
        FIELD_AS("game_state", state_##tag, u32, count) FIELD_AS("game_state", state_##tag, u32, pad) \
        {"game_state", "items", "item", (u32)offsetof(state_##tag, items), (u32)sizeof(item_##tag) * (extent), (extent), 0}, \
        SIZE_AS("game_state", state_##tag)                                                            \
        itemMacro(X_item_##tag) SIZE_AS("item", item_##tag)};

DECLARE_NESTED(ITEM_V1, nv1, ITEM_COUNT)
DECLARE_NESTED(ITEM_ADDED, nadded, ITEM_COUNT)
DECLARE_NESTED(ITEM_REMOVED, nremoved, ITEM_COUNT)
DECLARE_NESTED(ITEM_REORDERED, nreordered, ITEM_COUNT)
DECLARE_NESTED(ITEM_RESIZED, nresized, ITEM_COUNT)
DECLARE_NESTED(ITEM_NARROWED, nnarrowed, ITEM_COUNT)
DECLARE_NESTED(ITEM_TO_FLOAT, ntofloat, ITEM_COUNT)
DECLARE_NESTED(ITEM_TO_INT, ntoint, ITEM_COUNT)
DECLARE_NESTED(ITEM_RETYPED, nretyped, ITEM_COUNT)
DECLARE_NESTED(ITEM_V1, ngrown, ITEM_COUNT * 2)
DECLARE_NESTED(ITEM_V1, nshrunk, ITEM_COUNT / 2)

internal game_state_layout MakeLayout(const game_layout_field *fields, u32 count)
{
    game_state_layout layout = {};
    layout.fieldCount = count;
    layout.fields = fields;
    return layout;
}
#define LAYOUT(fields) MakeLayout(fields, (u32)ArrayCount(fields))

global state_layout globalOld, globalNew;
global char globalDescription[2048];

internal u32 Compare(game_state_layout oldExport, game_state_layout newExport)
{
    char error[128];
    CHECK(CopyStateLayout(&globalOld, &oldExport, error, sizeof(error)));
    CHECK(CopyStateLayout(&globalNew, &newExport, error, sizeof(error)));
    return CompareStateLayouts(&globalOld, &globalNew, globalDescription, sizeof(globalDescription));
}

global state_nv1 globalOldNested;
internal u8 globalNewNested[sizeof(state_nresized) > sizeof(state_ngrown) ? sizeof(state_nresized) : sizeof(state_ngrown)];

internal void FillOldNested(void)
{
    globalOldNested.count = ITEM_COUNT;
    for (u32 index = 0; index < ITEM_COUNT; ++index)
    {
        item_nv1 *item = globalOldNested.items + index;
        item->id = 1000 + index;
        item->weight = 0.25f * (f32)index;        // exact in f32, an integer only every 4th
        item->flags = index % 200;                 // fits a u8
        item->where = V2((f32)index, -(f32)index);
    }
}

internal b32 Migrate(game_state_layout newExport, game_state_layout oldExport, state_migration *migration)
{
    memset(globalNewNested, 0xEE, sizeof(globalNewNested));
    return MigrateStateByName(&newExport, globalNewNested, sizeof(globalNewNested), &oldExport, &globalOldNested,
                              sizeof(globalOldNested), migration);
}

internal void TestFlatLayouts(void)
{
    CHECK(Compare(LAYOUT(v1Fields), LAYOUT(v1Fields)) == 0);
    CHECK(globalDescription[0] == 0);

    CHECK(Compare(LAYOUT(v1Fields), LAYOUT(addedFields)) == 2);     // the field and the struct size
    CHECK(strstr(globalDescription, "struct game_state: field 'coins' added at offset 16 (8 bytes)") != 0);
    CHECK(strstr(globalDescription, "struct game_state: size 12 -> 24 bytes") != 0);

    CHECK(Compare(LAYOUT(v1Fields), LAYOUT(removedFields)) == 3);   // moved speed, size, removed score
    CHECK(strstr(globalDescription, "field 'score' removed (was 4 bytes at offset 4)") != 0);
    CHECK(strstr(globalDescription, "field 'speed' moved from offset 8 to 4") != 0);

    CHECK(Compare(LAYOUT(v1Fields), LAYOUT(reorderedFields)) == 2);
    CHECK(strstr(globalDescription, "field 'score' reordered from offset 4 to 0") != 0);
    CHECK(strstr(globalDescription, "field 'health' reordered from offset 0 to 4") != 0);

    CHECK(Compare(LAYOUT(v1Fields), LAYOUT(resizedFields)) >= 2);
    CHECK(strstr(globalDescription, "field 'score' resized 4 -> 8 bytes (type u32 -> u64)") != 0);

    //- A malformed export is refused, not trusted
    game_layout_field longName[] = {{"game_state", "a_field_name_that_is_far_far_too_long_to_be_kept_anywhere", "u32", 0, 4, 1, 0}};
    char error[128] = "";
    game_state_layout bad = LAYOUT(longName);
    CHECK(!CopyStateLayout(&globalNew, &bad, error, sizeof(error)));
    CHECK(strstr(error, "too long") != 0);
    game_layout_field noType[] = {{"game_state", "health", 0, 0, 4, 1, 0}};
    bad = LAYOUT(noType);
    CHECK(!CopyStateLayout(&globalNew, &bad, error, sizeof(error)));
    game_layout_field badCount[] = {{"game_state", "health", "u32", 0, 10, 3, 0}};
    bad = LAYOUT(badCount);
    CHECK(!CopyStateLayout(&globalNew, &bad, error, sizeof(error)));
    game_state_layout tooMany = {};
    tooMany.fieldCount = STATE_LAYOUT_MAX_FIELDS + 1;
    tooMany.fields = v1Fields;
    CHECK(!CopyStateLayout(&globalNew, &tooMany, error, sizeof(error)));
    CHECK(CopyStateLayout(&globalNew, 0, error, sizeof(error)) && !globalNew.present);

    //- Migration by name: unchanged fields carried over, new ones zeroed, a widened one converted
    state_v1 oldState = {77, 1234, 2.5f};
    game_state_layout oldExport = LAYOUT(v1Fields);
    state_added added;
    memset(&added, 0xAB, sizeof(added));
    state_migration migration;
    game_state_layout addedExport = LAYOUT(addedFields);
    CHECK(MigrateStateByName(&addedExport, &added, sizeof(added), &oldExport, &oldState, sizeof(oldState), &migration));
    CHECK(migration.fieldsCarried == 3 && migration.fieldsAdded == 1);
    CHECK(added.health == 77 && added.score == 1234 && added.speed == 2.5f && added.coins == 0);

    state_reordered reordered = {};
    game_state_layout reorderedExport = LAYOUT(reorderedFields);
    CHECK(MigrateStateByName(&reorderedExport, &reordered, sizeof(reordered), &oldExport, &oldState, sizeof(oldState), &migration));
    CHECK(reordered.health == 77 && reordered.score == 1234 && reordered.speed == 2.5f);

    state_resized resized = {};
    game_state_layout resizedExport = LAYOUT(resizedFields);
    CHECK(MigrateStateByName(&resizedExport, &resized, sizeof(resized), &oldExport, &oldState, sizeof(oldState), &migration));
    CHECK_MSG(resized.score == 1234 && migration.fieldsConverted == 1, "u32 -> u64 converted exactly");

    state_removed removed = {};
    game_state_layout removedExport = LAYOUT(removedFields);
    CHECK(MigrateStateByName(&removedExport, &removed, sizeof(removed), &oldExport, &oldState, sizeof(oldState), &migration));
    CHECK(removed.health == 77 && removed.speed == 2.5f && migration.fieldsRemoved == 1);

    //- Too small a destination is refused before anything is written
    CHECK(!MigrateStateByName(&addedExport, &added, 8, &oldExport, &oldState, sizeof(oldState), &migration));
    CHECK(migration.refused && migration.refusal[0]);
}

internal void TestNestedLayouts(void)
{
    //- Compare: a change inside the nested struct is named with where it is used
    CHECK(Compare(LAYOUT(nv1Fields), LAYOUT(nv1Fields)) == 0);
    CHECK(Compare(LAYOUT(nv1Fields), LAYOUT(naddedFields)) >= 3);
    CHECK(strstr(globalDescription, "struct item (in game_state.items[4096]): field 'added' added at offset 24 (8 bytes)") != 0);
    CHECK(strstr(globalDescription, "struct item (in game_state.items[4096]): size 20 -> 32 bytes") != 0);
    CHECK_MSG(strstr(globalDescription, "reordered") == 0, "a field added at the end reorders nothing");
    CHECK(strstr(globalDescription, "struct game_state: field 'items' resized 81920 -> 131072 bytes") != 0);
    CHECK(Compare(LAYOUT(nv1Fields), LAYOUT(nremovedFields)) >= 2);
    CHECK(strstr(globalDescription, "struct item (in game_state.items[4096]): field 'weight' removed") != 0);
    CHECK(Compare(LAYOUT(nv1Fields), LAYOUT(nreorderedFields)) >= 3);
    CHECK(strstr(globalDescription, "field 'where' reordered from offset 12 to 0") != 0);
    CHECK(Compare(LAYOUT(nv1Fields), LAYOUT(nresizedFields)) >= 2);
    CHECK(strstr(globalDescription, "field 'weight' resized 4 -> 8 bytes (type f32 -> f64)") != 0);
    CHECK(Compare(LAYOUT(nv1Fields), LAYOUT(ntofloatFields)) == 1);
    CHECK(strstr(globalDescription, "struct item (in game_state.items[4096]): field 'id' changed type u32 -> f32 (4 bytes)") != 0);
    CHECK(Compare(LAYOUT(nv1Fields), LAYOUT(ngrownFields)) >= 1);
    CHECK(strstr(globalDescription, "field 'items' resized 4096 -> 8192 elements") != 0);

    //- Naming an address by field path
    CHECK(Compare(LAYOUT(nv1Fields), LAYOUT(nv1Fields)) == 0);
    char path[160];
    u64 offset = offsetof(state_nv1, items) + 17 * sizeof(item_nv1) + offsetof(item_nv1, weight);
    CHECK(DescribeStateLayoutOffset(&globalNew, offset, path, sizeof(path)));
    CHECK_MSG(strcmp(path, "game_state.items[17].weight") == 0, path);
    CHECK(DescribeStateLayoutOffset(&globalNew, offsetof(state_nv1, items) + offsetof(item_nv1, where) + 4, path, sizeof(path)));
    CHECK_MSG(strcmp(path, "game_state.items[0].where+0x4") == 0, path);
    CHECK(DescribeStateLayoutOffset(&globalNew, 0, path, sizeof(path)) && strcmp(path, "game_state.count") == 0);
    CHECK(!DescribeStateLayoutOffset(&globalNew, sizeof(state_nv1) + 8, path, sizeof(path)));

    //- Migration through 4096 nested elements
    FillOldNested();
    state_migration migration;
    game_state_layout old = LAYOUT(nv1Fields);

    CHECK(Migrate(LAYOUT(naddedFields), old, &migration));
    state_nadded *added = (state_nadded *)globalNewNested;
    b32 allKept = added->count == ITEM_COUNT;
    for (u32 index = 0; index < ITEM_COUNT; ++index)
    {
        item_nadded *item = added->items + index;
        allKept = allKept && item->id == 1000 + index && item->weight == 0.25f * (f32)index &&
                  item->flags == index % 200 && item->where.x == (f32)index && item->added == 0;
    }
    CHECK_MSG(allKept, "added: every item's values kept, the new field zeroed");
    CHECK(migration.fieldsAdded == ITEM_COUNT);
    CHECK_MSG(migration.fieldsCarried == 2 + 4 * ITEM_COUNT, "added: count, pad and each item's 4 fields carried");

    CHECK(Migrate(LAYOUT(nremovedFields), old, &migration));
    state_nremoved *removed = (state_nremoved *)globalNewNested;
    allKept = 1;
    for (u32 index = 0; index < ITEM_COUNT; ++index)
        allKept = allKept && removed->items[index].id == 1000 + index && removed->items[index].where.y == -(f32)index;
    CHECK_MSG(allKept && migration.fieldsRemoved == ITEM_COUNT, "removed: the rest kept");

    CHECK(Migrate(LAYOUT(nreorderedFields), old, &migration));
    state_nreordered *reordered = (state_nreordered *)globalNewNested;
    allKept = 1;
    for (u32 index = 0; index < ITEM_COUNT; ++index)
    {
        item_nreordered *item = reordered->items + index;
        allKept = allKept && item->id == 1000 + index && item->weight == 0.25f * (f32)index && item->flags == index % 200;
    }
    CHECK_MSG(allKept, "reordered: moved by name");

    CHECK(Migrate(LAYOUT(nresizedFields), old, &migration));
    state_nresized *resized = (state_nresized *)globalNewNested;
    allKept = 1;
    for (u32 index = 0; index < ITEM_COUNT; ++index)
        allKept = allKept && resized->items[index].id == 1000u + index && resized->items[index].weight == 0.25 * index;
    CHECK_MSG(allKept && migration.fieldsConverted == 2 * ITEM_COUNT, "resized: u32 -> u64 and f32 -> f64 converted");

    CHECK_MSG(Migrate(LAYOUT(nnarrowedFields), old, &migration), "u32 -> u8 when every value fits");
    state_nnarrowed *narrowed = (state_nnarrowed *)globalNewNested;
    CHECK(narrowed->items[199].flags == 199 && narrowed->items[4095].flags == 4095 % 200);
    CHECK_MSG(Migrate(LAYOUT(ntofloatFields), old, &migration), "u32 -> f32 when every value is exact");
    CHECK(((state_ntofloat *)globalNewNested)->items[12].id == 1012.0f);

    //- Refusals, naming the element and the field
    CHECK(!Migrate(LAYOUT(ntointFields), old, &migration));
    CHECK_MSG(strstr(migration.refusal, "game_state.items[1].weight: f32 -> s32 cannot hold the value") != 0, migration.refusal);
    globalOldNested.items[300].flags = 300;
    CHECK(!Migrate(LAYOUT(nnarrowedFields), old, &migration));
    CHECK_MSG(strstr(migration.refusal, "game_state.items[300].flags: u32 -> u8") != 0, migration.refusal);
    globalOldNested.items[300].flags = 100;
    globalOldNested.items[ITEM_COUNT - 1].flags = 255 + ITEM_COUNT;
    CHECK(!Migrate(LAYOUT(nnarrowedFields), old, &migration));
    CHECK_MSG(strstr(migration.refusal, "game_state.items[4095].flags: u32 -> u8") != 0, migration.refusal);
    globalOldNested.items[ITEM_COUNT - 1].flags = (ITEM_COUNT - 1) % 200;
    CHECK(!Migrate(LAYOUT(nretypedFields), old, &migration));
    CHECK_MSG(strstr(migration.refusal, "items[0].where: changed type v2 -> v3") != 0, migration.refusal);

    game_state_layout tooMany = LAYOUT(nv1Fields);
    tooMany.fieldCount = STATE_LAYOUT_MAX_FIELDS + 1;     // refused before any field is read
    CHECK(!Migrate(tooMany, old, &migration));
    CHECK_MSG(strstr(migration.refusal, "more than STATE_LAYOUT_MAX_FIELDS") != 0, migration.refusal);

    //- Arrays: growing zeroes the new elements, shrinking refuses unless the dropped ones are zero
    CHECK(Migrate(LAYOUT(ngrownFields), old, &migration));
    state_ngrown *grown = (state_ngrown *)globalNewNested;
    CHECK(grown->items[4095].id == 5095 && grown->items[4096].id == 0 && grown->items[8191].flags == 0);
    CHECK_MSG(grown->items[17].where.y == -17.0f && grown->items[4095].weight == 0.25f * 4095,
              "an unchanged item struct is copied whole");
    CHECK_MSG(migration.fieldsCarried == 2 + 4 * ITEM_COUNT && migration.fieldsAdded == 0,
              "copied whole, the items count as carried field by field");
    CHECK(!Migrate(LAYOUT(nshrunkFields), old, &migration));
    CHECK_MSG(strstr(migration.refusal, "game_state.items: array shrinks 4096 -> 2048") != 0, migration.refusal);
    memset(globalOldNested.items + ITEM_COUNT / 2, 0, sizeof(item_nv1) * ITEM_COUNT / 2);
    CHECK_MSG(Migrate(LAYOUT(nshrunkFields), old, &migration), "shrinking drops only zero elements");
}

internal void TestNumberConversions(void)
{
    u8 out[8];
    s32 minusFive = -5;
    CHECK(ConvertStateNumber(StateNumber_Signed, 4, (const u8 *)&minusFive, StateNumber_Signed, 8, out));
    s64 wide;
    memcpy(&wide, out, 8);
    CHECK(wide == -5);
    CHECK(!ConvertStateNumber(StateNumber_Signed, 4, (const u8 *)&minusFive, StateNumber_Unsigned, 4, out));
    s64 big = 40000;
    CHECK(!ConvertStateNumber(StateNumber_Signed, 8, (const u8 *)&big, StateNumber_Signed, 2, out));
    CHECK(ConvertStateNumber(StateNumber_Signed, 8, (const u8 *)&big, StateNumber_Unsigned, 2, out));
    f64 third = 1.0 / 3.0;
    CHECK_MSG(!ConvertStateNumber(StateNumber_Float, 8, (const u8 *)&third, StateNumber_Float, 4, out), "f64 -> f32 loses bits");
    f64 half = -0.5;
    CHECK(ConvertStateNumber(StateNumber_Float, 8, (const u8 *)&half, StateNumber_Float, 4, out));
    u64 huge = (1ull << 53) + 1;
    CHECK_MSG(!ConvertStateNumber(StateNumber_Unsigned, 8, (const u8 *)&huge, StateNumber_Float, 8, out), "2^53+1 is not a double");
    f32 minusThree = -3.0f;
    CHECK(ConvertStateNumber(StateNumber_Float, 4, (const u8 *)&minusThree, StateNumber_Signed, 2, out));
    s16 narrow;
    memcpy(&narrow, out, 2);
    CHECK(narrow == -3);
}

int main(void)
{
    TestFlatLayouts();
    TestNestedLayouts();
    TestNumberConversions();
    return TestSummary();
}
