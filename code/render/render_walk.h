#ifndef RENDER_WALK_H
#define RENDER_WALK_H
// Walking a frame's render commands in draw order: the main stream, with each SubBuffers entry
// replaced by the entries of its slots, slot by slot (render_entry_sub_buffers). Header-only and
// OS-free: the OpenGL renderer and the native tests walk with the very same code, so the order a
// test checks is the order the renderer draws.
//
// Every entry returned lies inside the buffer: a torn header stops the range it is in (the main
// stream or one slot) and is counted in `skippedEntries`; a slot outside the zone's reserved bytes
// is skipped whole and counted too. Sub-buffers do not nest: a SubBuffers entry inside a slot is
// skipped like an unknown type.

#include "contract/game_platform.h"
#include <string.h>

struct render_walk
{
    const game_render_commands *commands;
    u32 mainAt;                         // next main-stream offset
    const render_sub_buffer_slot *slots;// of the SubBuffers entry being walked (0: none)
    u32 slotCount;
    u32 slotIndex;
    u32 at, end;                        // the current slot's range, offsets from pushBufferBase
    u32 skippedEntries;
    u32 subBuffersWalked;               // slots entered (for tests and statistics)
};

inline void BeginRenderWalk(render_walk *walk, const game_render_commands *commands)
{
    memset(walk, 0, sizeof(*walk));
    walk->commands = commands;
}

// The entry at `at` if it is whole inside [at, end); 0 (and counted) if torn.
inline render_entry_header *RenderWalkEntryAt_(render_walk *walk, u32 at, u32 end)
{
    if (end < at || end - at < sizeof(render_entry_header)) return 0;
    render_entry_header *header = (render_entry_header *)(walk->commands->pushBufferBase + at);
    if (header->size < sizeof(render_entry_header) || (header->size & 15) || header->size > end - at)
    {
        ++walk->skippedEntries;
        return 0;
    }
    return header;
}

// Moves to the next slot with entries; false when the SubBuffers entry's slots are all walked.
inline b32 RenderWalkNextSlot_(render_walk *walk)
{
    const game_render_commands *commands = walk->commands;
    u32 zoneBegin = commands->subBufferZoneOffset;
    u32 zoneReserved = Minimum(commands->subBufferZoneUsed, commands->subBufferZoneSize);
    while (walk->slots && walk->slotIndex < walk->slotCount)
    {
        const render_sub_buffer_slot *slot = walk->slots + walk->slotIndex++;
        if (slot->size == 0) continue;
        b32 inside = slot->offset >= zoneBegin && (slot->offset & 15) == 0 && slot->size <= slot->capacity &&
                     (u64)slot->offset + slot->capacity <= (u64)zoneBegin + zoneReserved;
        if (!inside)
        {
            ++walk->skippedEntries;
            continue;
        }
        walk->at = slot->offset;
        walk->end = slot->offset + slot->size;
        ++walk->subBuffersWalked;
        return 1;
    }
    walk->slots = 0;
    return 0;
}

// Returns the next entry in draw order and its offset from pushBufferBase; 0 at the end.
inline render_entry_header *NextRenderEntry(render_walk *walk, u32 *offset)
{
    const game_render_commands *commands = walk->commands;
    for (;;)
    {
        if (walk->slots)
        {
            if (walk->at < walk->end)
            {
                render_entry_header *header = RenderWalkEntryAt_(walk, walk->at, walk->end);
                if (!header)
                {
                    walk->at = walk->end;   // the rest of this slot is unreadable
                    continue;
                }
                *offset = walk->at;
                walk->at += header->size;
                if (header->type == RenderEntry_SubBuffers)
                {
                    ++walk->skippedEntries;     // no nesting
                    continue;
                }
                return header;
            }
            RenderWalkNextSlot_(walk);
            continue;
        }
        if (!commands->pushBufferBase) return 0;
        render_entry_header *header = RenderWalkEntryAt_(walk, walk->mainAt, commands->pushBufferSize);
        if (!header) return 0;
        *offset = walk->mainAt;
        walk->mainAt += header->size;
        if (header->type != RenderEntry_SubBuffers) return header;

        const render_entry_sub_buffers *entry = (const render_entry_sub_buffers *)(header + 1);
        u32 payloadBytes = header->size - (u32)sizeof(render_entry_header);
        if (payloadBytes < sizeof(render_entry_sub_buffers) ||
            (u64)entry->slotCount * sizeof(render_sub_buffer_slot) > payloadBytes - sizeof(render_entry_sub_buffers))
        {
            ++walk->skippedEntries;
            continue;
        }
        walk->slots = (const render_sub_buffer_slot *)(entry + 1);
        walk->slotCount = entry->slotCount;
        walk->slotIndex = 0;
        walk->at = walk->end = 0;
    }
}

// The byte ranges a renderer must upload so that every walked entry is in them: the main stream
// and the zone's reserved part.
inline u32 RenderZoneBytesReserved(const game_render_commands *commands)
{
    return Minimum(commands->subBufferZoneUsed, commands->subBufferZoneSize);
}

#endif // RENDER_WALK_H
