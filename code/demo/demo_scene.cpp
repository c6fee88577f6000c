//~ The demo scene as render commands: what the engine is for, on one screen.
// - a textured ground to the horizon and towers out to 900 m: reverse-z keeps them stable;
// - far "billboards" with a stripe 5 cm in front of them: z-fighting with standard depth;
// - three overlapping translucent panes: depth-peeled transparency, any submission order;
// - distance fog; bouncing cubes (4096 by default, --entities N) that collide with each other,
//   drawn from per-batch sub-buffers that render jobs fill in parallel (demo_frame.cpp).

#include "demo/demo.h"
#include "contract/render_projection.h"
#include "game_kit/kit_text.h"
#include "demo/demo_tuning.h"

m4x4 DemoCameraViewMatrix(demo_camera *camera)
{
    return RotationX4x4(-camera->pitch) * RotationY4x4(-camera->yaw) * Translation4x4(-camera->position);
}

internal void DemoPushSceneCamera(game_render_commands *commands, demo_camera *camera)
{
    f32 aspect = (f32)commands->widthInPixels / (f32)Maximum(commands->heightInPixels, 1u);
    f32 focalLength = 1.0f / tanf(0.5f * 1.1f);    // about 63 degrees vertically
    m4x4_inv projection = PerspectiveReverseZ(aspect, focalLength, DEMO_NEAR_CLIP, DEMO_FAR_CLIP);
    PushCamera(commands, projection, DemoCameraViewMatrix(camera), camera->position, DEMO_NEAR_CLIP, DEMO_FAR_CLIP,
               RenderProjection_Perspective);
}

internal void DemoPushGround(game_render_commands *commands, b32 gridReady)
{
    // One quad to the horizon; the grid texture repeats every 4 m (plain grey until it arrived).
    f32 halfSize = 1800.0f;
    PushQuad(commands, gridReady ? DemoTexture_Grid : DemoTexture_White, 0, V3(0.0f, 0.0f, -halfSize + 50.0f), V3(halfSize, 0.0f, 0.0f),
             V3(0.0f, 0.0f, -halfSize), PackRGBA8(200, 200, 200, 255), V2(0.0f, 0.0f),
             V2(halfSize / 2.0f, halfSize / 2.0f));
}

internal void DemoPushFarGeometry(game_render_commands *commands)
{
    f32 distances[] = {120.0f, 300.0f, 600.0f, 900.0f};
    for (u32 index = 0; index < ArrayCount(distances); ++index)
    {
        f32 z = -distances[index];
        f32 x = (index % 2 ? 1.0f : -1.0f) * (25.0f + 0.08f * distances[index]);
        // A billboard and a stripe 5 cm in front of it: one part in 10^4 of the distance.
        PushQuad(commands, DemoTexture_White, 0, V3(x, 18.0f, z), V3(16.0f, 0.0f, 0.0f), V3(0.0f, 12.0f, 0.0f),
                 PackRGBA8(40, 48, 64, 255));
        PushQuad(commands, DemoTexture_White, 0, V3(x, 18.0f, z + 0.05f), V3(14.0f, 0.0f, 0.0f), V3(0.0f, 2.0f, 0.0f),
                 PackRGBA8(250, 180, 40, 255));
        PushCube(commands, V3(-x, 30.0f, z), 0.3f * (f32)index, V3(6.0f, 30.0f, 6.0f), PackRGBA8(90, 110, 140, 255), 0);
    }
}

internal void DemoPushTranslucentPanes(game_render_commands *commands, f32 angle)
{
    v4 colors[] = {V4(0.95f, 0.2f, 0.2f, 0.5f), V4(0.2f, 0.9f, 0.3f, 0.5f), V4(0.25f, 0.4f, 1.0f, 0.5f)};
    for (u32 paneIndex = 0; paneIndex < ArrayCount(colors); ++paneIndex)
    {
        f32 paneAngle = angle + (f32)paneIndex * (Tau32 / 3.0f);
        v3 center = V3(2.5f * cosf(paneAngle), 4.0f, -22.0f + 2.5f * sinf(paneAngle));
        PushQuad(commands, DemoTexture_White, 1, center, V3(3.0f, 0.0f, 0.0f), V3(0.0f, 3.0f, 0.0f),
                 PackColor(colors[paneIndex]));
    }
}

// The main stream of the scene; the cubes go into the sub-buffer slots it returns (one per render
// batch, drawn where they stand: after the opaque world, before the panes).
render_sub_buffer_slot *DemoPushScene(game_render_commands *commands, game_state *state, b32 gridReady,
                                      u32 slotCount)
{
    v4 sky = TUNE(DEMO_TUNING_CLEAR_COLOR);
    commands->depthPeelLayers = 4;
    PushClear(commands, sky);
    DemoPushSceneCamera(commands, &state->camera);
    PushFog(commands, sky, 150.0f, 1400.0f, 0.0f, 0.0f, 0.01f);
    DemoPushGround(commands, gridReady);
    DemoPushFarGeometry(commands);
    render_sub_buffer_slot *slots = PushSubBufferSlots(commands, slotCount);
    DemoPushTranslucentPanes(commands, state->spinAngle);
    return slots;
}

// The loading state: a bar across the top of the screen, one amber segment per asset, green once
// the asset is published. Plain quads (the font may be one of the assets still loading).
void DemoPushLoadingBar(game_render_commands *commands, demo_assets *assets)
{
    text_context screen = BeginScreenText(commands, 0, 0);
    f32 width = screen.width, segment = (width - 40.0f) / (f32)DemoAsset_Count;
    PushScreenRect(&screen, V2(16.0f, 16.0f), V2(width - 16.0f, 40.0f), PackRGBA8(20, 24, 32, 255));
    for (u32 id = 0; id < DemoAsset_Count; ++id)
    {
        b32 ready = assets->slots[id].state == DemoAssetState_Ready;
        f32 x = 20.0f + segment * (f32)id;
        PushScreenRect(&screen, V2(x + 2.0f, 20.0f), V2(x + segment - 2.0f, 36.0f),
                       ready ? PackRGBA8(90, 220, 120, 255) : PackRGBA8(220, 150, 40, 255));
    }
}
