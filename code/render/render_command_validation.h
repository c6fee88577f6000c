#ifndef RENDER_COMMAND_VALIDATION_H
#define RENDER_COMMAND_VALIDATION_H
// Render commands come from game code, which may be wrong in any way: the platform checks a whole
// buffer before the renderer (and GL) sees it. Portable and OS-free: unit-tested natively.
//
// What is checked, and what happens to a bad value:
//  - pushBufferBase must be the platform's buffer (else nothing is drawn), pushBufferSize at most
//    its capacity (else cut to it), the viewport what the platform set (else restored);
//  - depthPeelLayers is clamped to RENDER_MAX_DEPTH_PEEL_LAYERS, msaaSamples to RENDER_MAX_MSAA_SAMPLES;
//  - every entry: a header whose size is below 16, not a multiple of 16 or past the end ends the
//    walk (the buffer is cut there); a known entry whose payload is smaller than its type, whose
//    count needs more bytes than the entry has, whose texture index is out of range, or a texture
//    of zero or more than RENDER_MAX_TEXTURE_DIMENSION pixels a side, or whose pixels do not lie
//    wholly inside one of the allowed memory ranges (game memory, the push buffer), is rejected:
//    its type becomes RENDER_ENTRY_REJECTED, which the renderer skips by size.
// Each problem is counted; the first one of the buffer is described, naming the field.

#include "contract/game_platform.h"
#include "base/base_format.h"
#include <stdio.h>

#define RENDER_MAX_DEPTH_PEEL_LAYERS 16
#define RENDER_MAX_MSAA_SAMPLES 16
#define RENDER_MAX_TEXTURE_DIMENSION 16384
#define RENDER_ENTRY_REJECTED 0xFFFFFFFFu
#define RENDER_VALIDATION_MAX_RANGES 4

struct render_memory_range
{
    const u8 *base;
    u64 size;
};

struct render_validation_limits
{
    const u8 *pushBufferBase;           // the platform's buffer for this frame
    u32 pushBufferCapacity;
    u32 widthInPixels;                  // the viewport the platform set
    u32 heightInPixels;
    u32 rangeCount;
    render_memory_range ranges[RENDER_VALIDATION_MAX_RANGES];   // where texture pixels may live
};

struct render_validation_result
{
    u32 rejectedEntries;                // entries skipped (a cut buffer counts as one)
    u32 clampedFields;                  // buffer-level fields corrected
    char firstProblem[192];             // empty when everything was fine
};

inline b32 RenderRangeContains(const render_memory_range *range, const void *address, u64 size)
{
    u64 at = (u64)address;
    u64 base = (u64)range->base;
    return range->base && at >= base && at - base <= range->size && size <= range->size - (at - base);
}

inline void RenderValidationProblem(render_validation_result *result, const char *format, u32 a, u64 b)
{
    if (result->firstProblem[0]) return;
    FormatText(result->firstProblem, sizeof(result->firstProblem), format, a, (unsigned long long)b);
}

// Checks one entry's payload; returns the name of the bad field, or 0 when the entry is usable.
inline const char *RenderEntryProblem(const render_validation_limits *limits, u32 type, const u8 *payload, u64 payloadBytes)
{
    switch (type)
    {
        case RenderEntry_Clear: return payloadBytes < sizeof(render_entry_clear) ? "Clear size" : 0;
        case RenderEntry_Camera: return payloadBytes < sizeof(render_entry_camera) ? "Camera size" : 0;
        case RenderEntry_Fog: return payloadBytes < sizeof(render_entry_fog) ? "Fog size" : 0;
        case RenderEntry_Texture:
        {
            if (payloadBytes < sizeof(render_entry_texture)) return "Texture size";
            const render_entry_texture *texture = (const render_entry_texture *)payload;
            if (texture->textureIndex == 0 || texture->textureIndex >= RENDER_MAX_TEXTURES) return "Texture textureIndex";
            if (texture->width == 0 || texture->width > RENDER_MAX_TEXTURE_DIMENSION) return "Texture width";
            if (texture->height == 0 || texture->height > RENDER_MAX_TEXTURE_DIMENSION) return "Texture height";
            u64 bytes = (u64)texture->width * texture->height * 4;
            for (u32 rangeIndex = 0; rangeIndex < limits->rangeCount; ++rangeIndex)
                if (RenderRangeContains(limits->ranges + rangeIndex, texture->pixels, bytes)) return 0;
            return "Texture pixels (not inside game memory or the push buffer)";
        }
        case RenderEntry_Quads:
        {
            if (payloadBytes < sizeof(render_entry_quads)) return "Quads size";
            const render_entry_quads *quads = (const render_entry_quads *)payload;
            if ((u64)quads->quadCount * 4 * sizeof(render_vertex) > payloadBytes - sizeof(render_entry_quads))
                return "Quads quadCount";
            if (quads->textureIndex >= RENDER_MAX_TEXTURES) return "Quads textureIndex";
            return 0;
        }
        case RenderEntry_Cubes:
        {
            if (payloadBytes < sizeof(render_entry_cubes)) return "Cubes size";
            const render_entry_cubes *cubes = (const render_entry_cubes *)payload;
            if ((u64)cubes->instanceCount * sizeof(render_cube_instance) > payloadBytes - sizeof(render_entry_cubes))
                return "Cubes instanceCount";
            return 0;
        }
    }
    return 0;   // unknown types are skipped by size: newer games stay drawable
}

// Validates and repairs commands in place (see the top of this file). Returns the number of
// problems found (rejected entries + corrected fields).
inline u32 ValidateRenderCommands(game_render_commands *commands, const render_validation_limits *limits,
                                  render_validation_result *result)
{
    memset(result, 0, sizeof(*result));
    if (commands->pushBufferBase != limits->pushBufferBase)
    {
        RenderValidationProblem(result, "pushBufferBase moved off the platform's buffer (%u bytes dropped, "
                                "buffer of %llu bytes)", commands->pushBufferSize, limits->pushBufferCapacity);
        commands->pushBufferBase = (u8 *)limits->pushBufferBase;
        commands->pushBufferSize = 0;
        ++result->rejectedEntries;
    }
    if (commands->maxPushBufferSize != limits->pushBufferCapacity)
    {
        commands->maxPushBufferSize = limits->pushBufferCapacity;
        ++result->clampedFields;
    }
    if (commands->pushBufferSize > limits->pushBufferCapacity)
    {
        RenderValidationProblem(result, "pushBufferSize %u is larger than the buffer (%llu bytes)",
                                commands->pushBufferSize, limits->pushBufferCapacity);
        commands->pushBufferSize = limits->pushBufferCapacity;
        ++result->clampedFields;
    }
    if (commands->widthInPixels != limits->widthInPixels || commands->heightInPixels != limits->heightInPixels)
    {
        RenderValidationProblem(result, "widthInPixels/heightInPixels changed by the game (width %u, height %llu)",
                                commands->widthInPixels, commands->heightInPixels);
        commands->widthInPixels = limits->widthInPixels;
        commands->heightInPixels = limits->heightInPixels;
        ++result->clampedFields;
    }
    if (commands->depthPeelLayers > RENDER_MAX_DEPTH_PEEL_LAYERS)
    {
        RenderValidationProblem(result, "depthPeelLayers %u clamped to %llu", commands->depthPeelLayers,
                                RENDER_MAX_DEPTH_PEEL_LAYERS);
        commands->depthPeelLayers = RENDER_MAX_DEPTH_PEEL_LAYERS;
        ++result->clampedFields;
    }
    if (commands->msaaSamples > RENDER_MAX_MSAA_SAMPLES)
    {
        RenderValidationProblem(result, "msaaSamples %u clamped to %llu", commands->msaaSamples, RENDER_MAX_MSAA_SAMPLES);
        commands->msaaSamples = RENDER_MAX_MSAA_SAMPLES;
        ++result->clampedFields;
    }

    u32 at = 0;
    u32 size = commands->pushBufferSize;
    while (size - at >= sizeof(render_entry_header))
    {
        render_entry_header *header = (render_entry_header *)(commands->pushBufferBase + at);
        if (header->size < sizeof(render_entry_header) || (header->size & 15) || header->size > size - at)
        {
            RenderValidationProblem(result, "entry header size %u at offset %llu is torn; the buffer is cut there",
                                    header->size, at);
            commands->pushBufferSize = at;
            ++result->rejectedEntries;
            break;
        }
        const u8 *payload = (const u8 *)(header + 1);
        const char *field = RenderEntryProblem(limits, header->type, payload, header->size - sizeof(render_entry_header));
        if (field)
        {
            if (!result->firstProblem[0])
            {
                FormatText(result->firstProblem, sizeof(result->firstProblem), "bad %s in the entry at offset %u: skipped",
                         field, at);
            }
            header->type = RENDER_ENTRY_REJECTED;
            ++result->rejectedEntries;
        }
        at += header->size;
    }
    return result->rejectedEntries + result->clampedFields;
}

#endif // RENDER_COMMAND_VALIDATION_H
