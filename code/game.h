#ifndef GAME_H
#define GAME_H
// The demo game's state. game_state sits at the start of permanent storage and survives reloads;
// it is declared from an X-macro list so that its layout description (exported to the platform,
// see game_layout.cpp) can never drift from the struct. Change a field and the platform refuses
// the build until you restart, migrate or reset (see README).

#include "game_platform.h"
#include "base_arena.h"
#include "state_layout.h"
#include "state_migrate.h"
#include "asset_bmp.h"
#include "asset_wav.h"
#include "game_mixer.h"
#include "game_debug.h"

// NOTE: arenas start at a fixed offset, not right after game_state, so that a build which grows
// game_state (and migrates) does not move what the arenas hold. The entities live inside
// game_state (an array of a registered struct), so a change to demo_entity migrates by name too.
#define GAME_STATE_RESERVED_SIZE Megabytes(1)

#define DEMO_ENTITY_COUNT 4096
#define DEMO_ARENA_HALF_SIZE 40.0f

#define DEMO_ENTITY_FIELDS(X) \
    X(v3, position, )         \
    X(v3, velocity, )         \
    X(f32, yaw, )             \
    X(f32, spinRate, )        \
    X(f32, halfSize, )        \
    X(u32, color, )           \
    X(u32, bounces, )         \
    X(u32, pad, )
struct demo_entity
{
    DEMO_ENTITY_FIELDS(STATE_DECLARE_FIELD)
};

// yaw in radians, 0 looks down -z; pitch positive looks up.
#define DEMO_CAMERA_FIELDS(X) \
    X(v3, position, )         \
    X(f32, yaw, )             \
    X(f32, pitch, )
struct demo_camera
{
    DEMO_CAMERA_FIELDS(STATE_DECLARE_FIELD)
};

enum demo_texture
{
    DemoTexture_White = 0,      // slot 0 is the renderer's plain white
    DemoTexture_Grid = 1,
    DemoTexture_Font = 2,
};

struct demo_assets
{
    loaded_bitmap grid;
    loaded_bitmap font;
    loaded_sound click;
    loaded_sound chime;
    b32 texturesUploaded;       // cleared on reload: the renderer may have restarted meanwhile
    u32 pad;
};

#define GAME_STATE_FIELDS(X)                 \
    X(b32, isInitialized, )                  \
    X(u32, loadedCodeVersion, )              \
    X(u64, framesSimulated, )                \
    X(f64, secondsSimulated, )               \
    X(f32, spinAngle, )                      \
    X(u32, bounceSoundsPlayed, )             \
    X(demo_camera, camera, )                 \
    X(u32, entityCount, )                    \
    X(b32, overlayVisible, )                 \
    X(demo_assets, assets, )                 \
    X(memory_arena, permanentArena, )        \
    GAME_TEST_POINTER_FIELDS(X)              \
    X(demo_entity, entities, [DEMO_ENTITY_COUNT])

// Test builds only (see game_test_faults.cpp): fields that can hold addresses inside game.dll.
typedef u32 game_test_callback(u32 value);
#if defined(GAME_TEST_POINTERS)
#define GAME_TEST_POINTER_FIELDS(X)          \
    X(const char *, testName, )              \
    X(game_test_callback *, testCallback, )  \
    X(u32 *, testGlobal, )
#else
#define GAME_TEST_POINTER_FIELDS(X)
#endif

struct game_state
{
    GAME_STATE_FIELDS(STATE_DECLARE_FIELD)
};
StaticAssert(sizeof(game_state) <= GAME_STATE_RESERVED_SIZE, "game_state outgrew its reserved space");

// Scratch that lives in transient storage: rebuilt at will, not part of the replayable state
// (the mixer's positions depend on the audio device's timing, the debug history on the clock).
struct game_transient_state
{
    b32 isInitialized;
    u32 pad;
    game_mixer mixer;
    memory_arena arena;
    debug_overlay_state debug;  // frame history and this frame's copied events (game_debug.h)
};

#endif // GAME_H
