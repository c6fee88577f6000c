//~ The layout of the game's registered state, exported as data for the platform's reload check.
// No code runs to produce it: the platform reads it right after loading the DLL, before calling
// anything, and refuses the build if a registered struct changed (see game_platform.h).

#define X(type, name, extent) STATE_LAYOUT_FIELD(game_state, name)
#define Y(type, name, extent) STATE_LAYOUT_FIELD(demo_entity, name)
#define Z(type, name, extent) STATE_LAYOUT_FIELD(demo_camera, name)
static const game_layout_field gameStateFields[] =
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

#if GAME_WITH_STATE_MIGRATION
// Optional: built with GAME_WITH_STATE_MIGRATION=1, a layout change of game_state is migrated
// instead of refused: every field whose name and size survived is carried over, new fields start
// at zero. (Entities keep their own layout here; a change to demo_entity would need more.)
extern "C" __declspec(dllexport) GAME_MIGRATE_STATE(gameMigrateState)
{
    game_state *state = (game_state *)memory->permanentStorage;
    memset(state, 0, sizeof(game_state));
    u32 carried = MigrateStateFieldsByName(&gameStateLayout, state, sizeof(game_state), oldLayout, oldState,
                                           Minimum(oldStateSize, (u64)GAME_STATE_RESERVED_SIZE));
    memory->platform.Log(LogLevel_Info, "game: migrated state, %u fields carried over, %llu frames simulated so far",
                         carried, (unsigned long long)state->framesSimulated);
    return state->isInitialized && carried > 0;
}
#endif
