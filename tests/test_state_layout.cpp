// Layout descriptions: every kind of change to registered state is detected and named, and the
// by-name migration helper carries unchanged fields across.

#include "state_layout.h"
#include "test_framework.h"

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

// Each variant is registered under the same struct name, as successive builds of one game would.
#define FIELD_AS_STATE(structType, name) {"game_state", #name, (u32)offsetof(structType, name), (u32)sizeof(((structType *)0)->name)},
#define SIZE_AS_STATE(structType) {"game_state", "(size)", 0, (u32)sizeof(structType)},

#define X(type, name, extent) FIELD_AS_STATE(state_v1, name)
static const game_layout_field v1Fields[] = { V1_FIELDS(X) SIZE_AS_STATE(state_v1) };
#undef X
#define X(type, name, extent) FIELD_AS_STATE(state_added, name)
static const game_layout_field addedFields[] = { ADDED_FIELDS(X) SIZE_AS_STATE(state_added) };
#undef X
#define X(type, name, extent) FIELD_AS_STATE(state_removed, name)
static const game_layout_field removedFields[] = { REMOVED_FIELDS(X) SIZE_AS_STATE(state_removed) };
#undef X
#define X(type, name, extent) FIELD_AS_STATE(state_reordered, name)
static const game_layout_field reorderedFields[] = { REORDERED_FIELDS(X) SIZE_AS_STATE(state_reordered) };
#undef X
#define X(type, name, extent) FIELD_AS_STATE(state_resized, name)
static const game_layout_field resizedFields[] = { RESIZED_FIELDS(X) SIZE_AS_STATE(state_resized) };
#undef X

static game_state_layout MakeLayout(const game_layout_field *fields, u32 count)
{
    game_state_layout layout = {};
    layout.fieldCount = count;
    layout.fields = fields;
    return layout;
}
#define LAYOUT(fields) MakeLayout(fields, (u32)ArrayCount(fields))

static state_layout globalOld, globalNew;
static char globalDescription[1024];

static u32 Compare(game_state_layout oldExport, game_state_layout newExport)
{
    char error[128];
    CHECK(CopyStateLayout(&globalOld, &oldExport, error, sizeof(error)));
    CHECK(CopyStateLayout(&globalNew, &newExport, error, sizeof(error)));
    return CompareStateLayouts(&globalOld, &globalNew, globalDescription, sizeof(globalDescription));
}

int main(void)
{
    CHECK(Compare(LAYOUT(v1Fields), LAYOUT(v1Fields)) == 0);
    CHECK(globalDescription[0] == 0);

    CHECK(Compare(LAYOUT(v1Fields), LAYOUT(addedFields)) == 2);     // the field and the struct size
    CHECK(strstr(globalDescription, "struct game_state: field 'coins' added at offset 16 (8 bytes)") != 0);
    CHECK(strstr(globalDescription, "struct game_state: size 12 -> 24 bytes") != 0);

    CHECK(Compare(LAYOUT(v1Fields), LAYOUT(removedFields)) == 3);   // moved speed, size, removed score
    CHECK(strstr(globalDescription, "field 'score' removed (was 4 bytes at offset 4)") != 0);

    CHECK(Compare(LAYOUT(v1Fields), LAYOUT(reorderedFields)) == 2);
    CHECK(strstr(globalDescription, "field 'score' reordered from offset 4 to 0") != 0);
    CHECK(strstr(globalDescription, "field 'health' reordered from offset 0 to 4") != 0);

    CHECK(Compare(LAYOUT(v1Fields), LAYOUT(resizedFields)) >= 2);
    CHECK(strstr(globalDescription, "field 'score' resized 4 -> 8 bytes") != 0);

    //- A malformed export is refused, not trusted
    game_layout_field longName[] = {{"game_state", "a_field_name_that_is_far_far_too_long_to_be_kept_anywhere", 0, 4}};
    char error[128] = "";
    game_state_layout bad = LAYOUT(longName);
    CHECK(!CopyStateLayout(&globalNew, &bad, error, sizeof(error)));
    CHECK(strstr(error, "too long") != 0);
    game_state_layout tooMany = {};
    tooMany.fieldCount = STATE_LAYOUT_MAX_FIELDS + 1;
    tooMany.fields = v1Fields;
    CHECK(!CopyStateLayout(&globalNew, &tooMany, error, sizeof(error)));
    CHECK(CopyStateLayout(&globalNew, 0, error, sizeof(error)) && !globalNew.present);

    //- Migration by name: unchanged fields carried over, new ones untouched
    state_v1 oldState = {};
    oldState.health = 77;
    oldState.score = 1234;
    oldState.speed = 2.5f;
    state_added newState = {};
    newState.coins = 9;
    game_state_layout oldExport = LAYOUT(v1Fields);
    game_state_layout newExport = LAYOUT(addedFields);
    u32 carried = MigrateStateFieldsByName(&newExport, &newState, sizeof(newState), &oldExport, &oldState, sizeof(oldState));
    CHECK(carried == 3);
    CHECK(newState.health == 77 && newState.score == 1234 && newState.speed == 2.5f && newState.coins == 9);

    state_reordered reordered = {};
    game_state_layout reorderedExport = LAYOUT(reorderedFields);
    carried = MigrateStateFieldsByName(&reorderedExport, &reordered, sizeof(reordered), &oldExport, &oldState, sizeof(oldState));
    CHECK(carried == 3 && reordered.health == 77 && reordered.score == 1234);

    state_resized resized = {};
    game_state_layout resizedExport = LAYOUT(resizedFields);
    carried = MigrateStateFieldsByName(&resizedExport, &resized, sizeof(resized), &oldExport, &oldState, sizeof(oldState));
    CHECK_MSG(carried == 2 && resized.score == 0, "a resized field is not copied blindly");

    return TestSummary();
}
