//~ The layout of the game's registered state, exported as data for the platform's reload check.
// No code runs to produce it: the platform reads it right after loading the DLL, before calling
// anything, and refuses the build if a registered struct changed (see game_platform.h).

#include "demo/demo.h"

#define X(type, name, extent) STATE_LAYOUT_FIELD(game_state, type, name)
#define Y(type, name, extent) STATE_LAYOUT_FIELD(demo_entity, type, name)
#define Z(type, name, extent) STATE_LAYOUT_FIELD(demo_camera, type, name)
global const game_layout_field gameStateFields[] =
{
    GAME_STATE_FIELDS(X) STATE_LAYOUT_SIZE(game_state)
    DEMO_ENTITY_FIELDS(Y) STATE_LAYOUT_SIZE(demo_entity)
    DEMO_CAMERA_FIELDS(Z) STATE_LAYOUT_SIZE(demo_camera)
};
#undef X
#undef Y
#undef Z

extern "C" __declspec(dllexport) const game_state_layout gameStateLayout =
{
    (u32)ArrayCount(gameStateFields), 0, gameStateFields
};

// NOTE: this switch stays in the demo: it is the demo's own example of gameMigrateState (README), and
// whether a build exports it is what decides between migrating and refusing.
#if GAME_WITH_STATE_MIGRATION
// Optional: built with GAME_WITH_STATE_MIGRATION=1, a layout change is migrated instead of refused,
// by field names through game_state and every demo_entity (kit_state_migrate.h): new fields start at
// zero, removed ones are dropped, moved and resized ones carried when every value survives
// exactly. Otherwise the build is declined with the reason, and the old code keeps running.
extern "C" __declspec(dllexport) GAME_MIGRATE_STATE(gameMigrateState)
{
    game_state *state = (game_state *)memory->permanentStorage;
    memset(state, 0, sizeof(game_state));
    state_migration migration;
    b32 migrated = MigrateStateByName(&gameStateLayout, state, sizeof(game_state), oldLayout, oldState,
                                      Minimum(oldStateSize, (u64)GAME_STATE_RESERVED_SIZE), &migration);
    if (!migrated)
    {
        memory->platform.Log(LogLevel_Error, "game: migration refused: %s", migration.refusal);
        return 0;
    }
    memory->platform.Log(LogLevel_Info, "game: migrated state by name: %u fields carried, %u converted, %u added "
                         "(zeroed), %u removed; %u entities, %llu frames simulated so far", migration.fieldsCarried,
                         migration.fieldsConverted, migration.fieldsAdded, migration.fieldsRemoved, state->entityCount,
                         (unsigned long long)state->framesSimulated);
    return state->isInitialized;
}
#endif
