#ifndef KIT_RENDER_PUSH_H
#define KIT_RENDER_PUSH_H
// Game-side helpers that append entries to game_render_commands. Header-only and OS-free: the
// game DLL, the tests and the benchmark include it. A push that does not fit is refused whole
// (refusedEntryCount grows, nothing is written) so the renderer never sees a torn entry.

#include "contract/game_platform.h"
#include "contract/render_projection.h"
#include "base/base_atomics.h"
#include <string.h>

//~ Colours
// RGBA8 in memory order r, g, b, a (little-endian u32), sRGB-encoded like texture texels. Each
// channel is masked to 8 bits: a value over 255 never spills into its neighbour.
inline u32 PackRGBA8(u32 r, u32 g, u32 b, u32 a)
{
    return (r & 0xFF) | ((g & 0xFF) << 8) | ((b & 0xFF) << 16) | ((a & 0xFF) << 24);
}

// Channels clamped to 0..1, then rounded to the nearest of 0..255.
inline u32 PackColor(v4 srgbColor)
{
    return PackRGBA8((u32)(Clamp01(srgbColor.x) * 255.0f + 0.5f), (u32)(Clamp01(srgbColor.y) * 255.0f + 0.5f),
                     (u32)(Clamp01(srgbColor.z) * 255.0f + 0.5f), (u32)(Clamp01(srgbColor.w) * 255.0f + 0.5f));
}

//~ Buffer
inline void BeginRenderCommands(game_render_commands *commands, u8 *buffer, u32 bufferSize, u32 width, u32 height)
{
    memset(commands, 0, sizeof(*commands));
    commands->pushBufferBase = buffer;
    commands->maxPushBufferSize = bufferSize;
    commands->widthInPixels = width;
    commands->heightInPixels = height;
    commands->clearColor = V4(0, 0, 0, 1);
}

// Splits a buffer between the main stream (first mainSize bytes) and the sub-buffer zone (the
// rest). Call after BeginRenderCommands; mainSize is rounded down to 16 bytes.
inline void SetSubBufferZone(game_render_commands *commands, u32 mainSize)
{
    u32 total = commands->maxPushBufferSize;
    mainSize = Minimum(mainSize, total) & ~15u;
    commands->maxPushBufferSize = mainSize;
    commands->subBufferZoneOffset = mainSize;
    commands->subBufferZoneSize = total - mainSize;
    commands->subBufferZoneUsed = 0;
}

// The entry's zeroed payload, or 0 when it does not fit (refused and counted, nothing written).
inline void *PushRenderEntry_(game_render_commands *commands, render_entry_type type, u32 payloadSize)
{
    // NOTE: 64-bit sum: a payload near 4 GB must not wrap to a small entry size.
    u64 size = AlignPow2((u64)sizeof(render_entry_header) + payloadSize, 16);
    if (!commands->pushBufferBase || commands->pushBufferSize > commands->maxPushBufferSize ||
        size > (u64)(commands->maxPushBufferSize - commands->pushBufferSize))
    {
        ++commands->refusedEntryCount;
        return 0;
    }
    render_entry_header *header = (render_entry_header *)(commands->pushBufferBase + commands->pushBufferSize);
    memset(header, 0, (size_t)size);
    header->type = (u32)type;
    header->size = (u32)size;
    commands->pushBufferSize += (u32)size;
    ++commands->entryCount;
    commands->lastEntry = header;
    return header + 1;
}

#define PushRenderEntry(commands, Type, type) ((render_entry_##type *)PushRenderEntry_((commands), RenderEntry_##Type, sizeof(render_entry_##type)))

// Grows the last entry by `extra` bytes (a multiple of 16) if it is of `type`, the newest thing in
// the buffer and room is left; otherwise returns 0 and changes nothing.
inline void *ExtendLastEntry_(game_render_commands *commands, render_entry_type type, u32 extra)
{
    render_entry_header *last = commands->lastEntry;
    if (last && last->type == (u32)type &&
        (u8 *)last + last->size == commands->pushBufferBase + commands->pushBufferSize &&
        commands->pushBufferSize <= commands->maxPushBufferSize &&
        extra <= commands->maxPushBufferSize - commands->pushBufferSize && (extra & 15) == 0)
    {
        void *result = (u8 *)last + last->size;
        last->size += extra;
        commands->pushBufferSize += extra;
        return result;
    }
    return 0;
}

//~ Entries
inline void PushClear(game_render_commands *commands, v4 linearColor)
{
    render_entry_clear *entry = PushRenderEntry(commands, Clear, clear);
    if (entry)
    {
        entry->color = linearColor;
    }
}

inline void PushCamera(game_render_commands *commands, m4x4_inv projection, m4x4 view, v3 position,
                       f32 nearClip, f32 farClip, render_projection_kind kind)
{
    render_entry_camera *entry = PushRenderEntry(commands, Camera, camera);
    if (entry)
    {
        entry->projection = projection.forward;
        entry->inverseProjection = projection.inverse;
        entry->view = view;
        entry->position = position;
        entry->nearClip = nearClip;
        entry->farClip = farClip;
        entry->projectionKind = (u32)kind;
    }
}

// fogStart >= fogEnd turns fog off; alphaClipStart >= alphaClipEnd turns the fade-in off.
inline void PushFog(game_render_commands *commands, v4 linearColor, f32 fogStart, f32 fogEnd,
                    f32 alphaClipStart, f32 alphaClipEnd, f32 alphaThreshold)
{
    render_entry_fog *entry = PushRenderEntry(commands, Fog, fog);
    if (entry)
    {
        entry->color = linearColor;
        entry->fogStart = fogStart;
        entry->fogEnd = fogEnd;
        entry->alphaClipStart = alphaClipStart;
        entry->alphaClipEnd = alphaClipEnd;
        entry->alphaThreshold = alphaThreshold;
    }
}

// The pixels must stay valid until the renderer has consumed this buffer (it uploads them then).
inline void PushTexture(game_render_commands *commands, u32 textureIndex, u32 width, u32 height, const u32 *pixels)
{
    render_entry_texture *entry = PushRenderEntry(commands, Texture, texture);
    if (entry)
    {
        entry->textureIndex = textureIndex;
        entry->width = width;
        entry->height = height;
        entry->pixels = pixels;
    }
}

// Four corners counter-clockwise as seen from the front. Extends the previous Quads entry when
// texture and translucency match: one draw call per run of compatible quads.
inline void PushQuadVertices(game_render_commands *commands, u32 textureIndex, b32 translucent, const render_vertex *vertices)
{
    u32 bytes = 4 * sizeof(render_vertex);
    render_entry_header *last = commands->lastEntry;
    render_vertex *destination = 0;
    if (last && last->type == RenderEntry_Quads)
    {
        render_entry_quads *quads = (render_entry_quads *)(last + 1);
        if (quads->textureIndex == textureIndex && (quads->translucent != 0) == (translucent != 0))
        {
            destination = (render_vertex *)ExtendLastEntry_(commands, RenderEntry_Quads, bytes);
            if (destination)
            {
                ++quads->quadCount;
            }
        }
    }
    if (!destination)
    {
        render_entry_quads *quads = (render_entry_quads *)PushRenderEntry_(commands, RenderEntry_Quads, sizeof(render_entry_quads) + bytes);
        if (!quads)
        {
            return;
        }
        quads->textureIndex = textureIndex;
        quads->translucent = translucent ? 1 : 0;
        quads->quadCount = 1;
        destination = (render_vertex *)(quads + 1);
    }
    memcpy(destination, vertices, bytes);
}

// A rectangle centred at `center` spanning +-xAxis and +-yAxis, facing along Cross(xAxis, yAxis).
inline void PushQuad(game_render_commands *commands, u32 textureIndex, b32 translucent, v3 center,
                     v3 xAxis, v3 yAxis, u32 color, v2 uvMin = V2(0, 0), v2 uvMax = V2(1, 1))
{
    render_vertex v[4];
    v[0].p = center - xAxis - yAxis; v[0].uv = V2(uvMin.x, uvMin.y);
    v[1].p = center + xAxis - yAxis; v[1].uv = V2(uvMax.x, uvMin.y);
    v[2].p = center + xAxis + yAxis; v[2].uv = V2(uvMax.x, uvMax.y);
    v[3].p = center - xAxis + yAxis; v[3].uv = V2(uvMin.x, uvMax.y);
    v[0].color = v[1].color = v[2].color = v[3].color = color;
    PushQuadVertices(commands, textureIndex, translucent, v);
}

// Extends the previous Cubes entry when translucency matches (one instanced draw per run).
inline void PushCube(game_render_commands *commands, v3 center, f32 yaw, v3 halfExtent, u32 color, b32 translucent)
{
    render_cube_instance *destination = 0;
    render_entry_header *last = commands->lastEntry;
    if (last && last->type == RenderEntry_Cubes)
    {
        render_entry_cubes *cubes = (render_entry_cubes *)(last + 1);
        if ((cubes->translucent != 0) == (translucent != 0))
        {
            destination = (render_cube_instance *)ExtendLastEntry_(commands, RenderEntry_Cubes, sizeof(render_cube_instance));
            if (destination)
            {
                ++cubes->instanceCount;
            }
        }
    }
    if (!destination)
    {
        render_entry_cubes *cubes = (render_entry_cubes *)PushRenderEntry_(commands, RenderEntry_Cubes, sizeof(render_entry_cubes) + sizeof(render_cube_instance));
        if (!cubes)
        {
            return;
        }
        cubes->instanceCount = 1;
        cubes->translucent = translucent ? 1 : 0;
        destination = (render_cube_instance *)(cubes + 1);
    }
    destination->center = center;
    destination->yaw = yaw;
    destination->halfExtent = halfExtent;
    destination->color = color;
}

//~ Sub-buffers (parallel command building, see render_entry_sub_buffers)
// Main stream, by one thread: appends a SubBuffers entry with slotCount empty slots and returns
// them (0 when the entry did not fit: refused and counted like any push).
inline render_sub_buffer_slot *PushSubBufferSlots(game_render_commands *commands, u32 slotCount)
{
    u32 payload = (u32)sizeof(render_entry_sub_buffers) + slotCount * (u32)sizeof(render_sub_buffer_slot);
    render_entry_sub_buffers *entry = (render_entry_sub_buffers *)PushRenderEntry_(commands, RenderEntry_SubBuffers, payload);
    if (!entry) return 0;
    entry->slotCount = slotCount;
    commands->lastEntry = 0;    // nothing extends across a SubBuffers entry
    return (render_sub_buffer_slot *)(entry + 1);
}

// Any thread, once per slot: reserves `capacity` bytes of the zone with one atomic add and returns
// a game_render_commands that writes into them, so every Push* helper works on it unchanged and no
// push takes a lock. A reservation that does not fit gets no space: its pushes are refused and
// counted (EndRenderSubBuffer adds them to frame->refusedSubBufferEntryCount).
inline game_render_commands BeginRenderSubBuffer(game_render_commands *frame, render_sub_buffer_slot *slot, u32 capacity)
{
    game_render_commands sub = {};
    sub.widthInPixels = frame->widthInPixels;
    sub.heightInPixels = frame->heightInPixels;
    capacity = (u32)AlignPow2(capacity, 16);
    slot->size = 0;
    slot->refusedEntryCount = 0;
    slot->capacity = 0;
    slot->offset = frame->subBufferZoneOffset;
    u32 end = (capacity && frame->pushBufferBase) ? AtomicAddU32(&frame->subBufferZoneUsed, capacity) : 0;
    // NOTE: the zone counter only grows, so a refused reservation stays refused; "end < capacity"
    // catches a counter that wrapped after very many refusals.
    if (end >= capacity && end <= frame->subBufferZoneSize)
    {
        slot->offset = frame->subBufferZoneOffset + (end - capacity);
        slot->capacity = capacity;
        sub.pushBufferBase = frame->pushBufferBase + slot->offset;
        sub.maxPushBufferSize = capacity;
    }
    return sub;
}

// The job that filled `sub` publishes it: the renderer reads the slot after the frame's jobs are done.
inline void EndRenderSubBuffer(game_render_commands *frame, render_sub_buffer_slot *slot, game_render_commands *sub)
{
    slot->size = sub->pushBufferSize;
    slot->refusedEntryCount = sub->refusedEntryCount;
    if (sub->refusedEntryCount) AtomicAddU32(&frame->refusedSubBufferEntryCount, sub->refusedEntryCount);
}

#endif // KIT_RENDER_PUSH_H
