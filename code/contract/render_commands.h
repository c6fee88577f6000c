#ifndef RENDER_COMMANDS_H
#define RENDER_COMMANDS_H
// The render commands the game writes and the platform draws: typed entries in a push buffer,
// and the sub-buffers jobs fill in parallel. Part of the contract: included by
// contract/game_platform.h, whose GAME_CONTRACT_VERSION and size checks cover it.

#include "base/base_types.h"
#include "base/base_math.h"

//~ Render commands
// The game appends typed entries to a push buffer; the renderer walks it in order. Every entry
// starts with a render_entry_header whose size covers the header and its payload, so a renderer
// can skip entry types it does not know.
#define RENDER_ENTRY_TYPE_LIST(X) \
    X(Clear)                      \
    X(Camera)                     \
    X(Fog)                        \
    X(Texture)                    \
    X(Quads)                      \
    X(Cubes)                      \
    X(SubBuffers)

enum render_entry_type
{
#define X(name) RenderEntry_##name,
    RENDER_ENTRY_TYPE_LIST(X)
#undef X
    RenderEntry_Count
};

struct render_entry_header
{
    u32 type;                   // render_entry_type
    u32 size;                   // bytes, header included, multiple of 16
    u64 pad;
};

struct render_entry_clear
{
    v4 color;                   // linear colour; depth is cleared to "far" as well
};

enum render_projection_kind
{
    RenderProjection_Perspective,
    RenderProjection_PerspectiveInfinite,
    RenderProjection_Orthographic,
};

struct render_entry_camera
{
    m4x4 projection;            // reverse-z: near maps to depth 1, far to depth 0
    m4x4 inverseProjection;
    m4x4 view;
    v3 position;
    f32 nearClip;
    f32 farClip;                // ignored by infinite projections
    u32 projectionKind;         // render_projection_kind
    u32 pad[2];
};

struct render_entry_fog
{
    v4 color;
    f32 fogStart, fogEnd;               // distance from the camera where fog starts / is total
    f32 alphaClipStart, alphaClipEnd;   // distance band where geometry fades in
    f32 alphaThreshold;                 // fragments with less alpha are discarded
    u32 pad[3];
};

struct render_entry_texture
{
    u32 textureIndex;           // slot the game chose, < RENDER_MAX_TEXTURES
    u32 width, height;
    u32 pad;
    const u32 *pixels;          // RGBA8, sRGB-encoded, rows bottom-up; must stay valid one frame
    u64 pad2;
};
#define RENDER_MAX_TEXTURES 256

struct render_vertex
{
    v3 p;
    v2 uv;
    u32 color;                  // RGBA8, sRGB-encoded, multiplied with the texture
};

// Followed by quadCount * 4 render_vertex (counter-clockwise). Consecutive pushes with the same
// texture and translucency extend the same entry: that is the batching.
struct render_entry_quads
{
    u32 textureIndex;           // 0 = plain white
    u32 quadCount;
    b32 translucent;            // drawn in the depth-peeled transparency passes
    u32 pad;
};

struct render_cube_instance
{
    v3 center;
    f32 yaw;
    v3 halfExtent;              // its sign is ignored (a box is the same box mirrored)
    u32 color;                  // RGBA8, sRGB-encoded
};

// Followed by instanceCount render_cube_instance. Opaque cubes are solid boxes, drawn with their
// back faces culled (whatever way the camera turns or mirrors): seen from inside, an opaque cube
// shows none of its faces. Translucent cubes draw every face.
struct render_entry_cubes
{
    u32 instanceCount;
    b32 translucent;
    u64 pad;
};

// Parallel command building. A SubBuffers entry in the main stream holds slotCount slots (they
// follow it); each slot names a sub-buffer that one job fills while others fill theirs. The
// renderer draws the slots' entries in slot order, right where the SubBuffers entry stands, so a
// frame draws the same whatever order the jobs ran in. Sub-buffers live in the push buffer's
// sub-buffer zone and are reserved with one atomic add on subBufferZoneUsed (kit_render_push.h).
struct render_entry_sub_buffers
{
    u32 slotCount;
    u32 pad[3];
};

struct render_sub_buffer_slot
{
    u32 offset;                 // from pushBufferBase; inside the sub-buffer zone
    u32 size;                   // bytes written (0 until the job has finished its sub-buffer)
    u32 capacity;               // bytes reserved (0: the reservation did not fit)
    u32 refusedEntryCount;      // pushes that did not fit this sub-buffer
};

struct game_render_commands
{
    u32 widthInPixels;          // viewport, set by the platform
    u32 heightInPixels;
    v4 clearColor;

    u32 maxPushBufferSize;
    u32 pushBufferSize;         // bytes used
    u8 *pushBufferBase;

    u32 entryCount;
    u32 refusedEntryCount;      // pushes that did not fit; the platform logs them
    render_entry_header *lastEntry;  // batching: the entry a matching push may extend

    u32 depthPeelLayers;        // transparency layers the game asks for (0 = plain blending)
    u32 msaaSamples;            // 0/1 = off

    // The sub-buffer zone: [subBufferZoneOffset, + subBufferZoneSize) of the push buffer, set by
    // the platform; the main stream stays below subBufferZoneOffset (maxPushBufferSize).
    u32 subBufferZoneOffset;
    u32 subBufferZoneSize;
    volatile u32 subBufferZoneUsed;         // bytes reserved, by atomic adds (may pass the size)
    volatile u32 refusedSubBufferEntryCount;// pushes into sub-buffers that did not fit; logged
};

#endif // RENDER_COMMANDS_H
