#ifndef BASE_ARENA_H
#define BASE_ARENA_H
// Linear arenas carved out of the platform's one big allocation. Push, temporary scopes, and an
// overflow that is a logged, counted error returning null: never a write past the end.

#include "base/base_types.h"
#include "base/base_log.h"
#include <string.h>

struct memory_arena
{
    u8 *base;
    umm size;
    umm used;
    // NOTE: a copy, not a pointer: an arena in game memory outlives the game.dll whose string
    // literal named it (a pointer would dangle after a reload; the reload's pointer scan reports it).
    char name[16];
    s32 temporaryCount;
    u32 overflowCount;
    // NOTE: must point into the exe (it outlives every game.dll), never into game code.
    platform_log *log;
};

struct temporary_memory
{
    memory_arena *arena;
    umm usedAtBegin;
};

inline void InitializeArena(memory_arena *arena, const char *name, umm size, void *base, platform_log *log)
{
    arena->base = (u8 *)base;
    arena->size = size;
    arena->used = 0;
    arena->name[0] = 0;
    for (u32 index = 0; name && name[index] && index + 1 < sizeof(arena->name); ++index)
    {
        arena->name[index] = name[index];
        arena->name[index + 1] = 0;
    }
    arena->temporaryCount = 0;
    arena->overflowCount = 0;
    arena->log = log;
}

inline umm ArenaRemaining(memory_arena *arena, umm alignment = 16)
{
    if (arena->used > arena->size) return 0;
    umm address = (umm)(arena->base + arena->used);
    umm misalignment = address & (alignment - 1);
    umm padding = misalignment ? alignment - misalignment : 0;
    umm available = arena->size - arena->used;
    return (padding <= available) ? available - padding : 0;
}

inline void ArenaRefuse_(memory_arena *arena, const char *what, unsigned long long amount)
{
    ++arena->overflowCount;
    if (arena->log)
    {
        arena->log(LogLevel_Error, "arena '%s' overflow: asked for %s%llu bytes, %llu of %llu used; request refused",
                   arena->name[0] ? arena->name : "?", what, amount, (unsigned long long)arena->used,
                   (unsigned long long)arena->size);
    }
}

// Returns zeroed memory, or null (logged and counted) when the arena cannot hold the request.
// NOTE: every step is checked against wrapping (alignment padding, size), so no request, however
// large, yields memory past the end. An alignment that is not a power of two is a programmer error
// (Assert) and, in builds without asserts, a refused request.
inline void *PushSize_(memory_arena *arena, umm size, umm alignment = 16)
{
    Assert(IsPow2(alignment));
    if (!IsPow2(alignment) || arena->used > arena->size)
    {
        ArenaRefuse_(arena, "a badly aligned ", (unsigned long long)size);
        return 0;
    }
    umm address = (umm)(arena->base + arena->used);
    umm misalignment = address & (alignment - 1);
    umm padding = misalignment ? alignment - misalignment : 0;
    umm available = arena->size - arena->used;
    if (padding > available || size > available - padding)
    {
        ArenaRefuse_(arena, "", (unsigned long long)size);
        return 0;
    }
    umm start = arena->used + padding;
    void *result = arena->base + start;
    arena->used = start + size;
    memset(result, 0, size);
    return result;
}

// count * elementSize bytes, refused (logged and counted like any overflow) when the product wraps.
inline void *PushArray_(memory_arena *arena, u64 count, umm elementSize, umm alignment = 16)
{
    if (elementSize && count > (u64)(~(umm)0) / elementSize)
    {
        ArenaRefuse_(arena, "more than 2^64 (count x element size wraps): count ", (unsigned long long)count);
        return 0;
    }
    return PushSize_(arena, (umm)count * elementSize, alignment);
}

#define PushStruct(arena, type) ((type *)PushSize_((arena), sizeof(type)))
#define PushArray(arena, count, type) ((type *)PushArray_((arena), (u64)(count), sizeof(type)))
#define PushSize(arena, size) PushSize_((arena), (size))

inline void SubArena(memory_arena *result, memory_arena *parent, const char *name, umm size)
{
    void *base = PushSize_(parent, size);
    InitializeArena(result, name, base ? size : 0, base, parent->log);
}

inline temporary_memory BeginTemporaryMemory(memory_arena *arena)
{
    temporary_memory result;
    result.arena = arena;
    result.usedAtBegin = arena->used;
    ++arena->temporaryCount;
    return result;
}

inline void EndTemporaryMemory(temporary_memory temp)
{
    Assert(temp.arena->used >= temp.usedAtBegin);
    Assert(temp.arena->temporaryCount > 0);
    temp.arena->used = temp.usedAtBegin;
    --temp.arena->temporaryCount;
}

// Ends the scope and zeroes what it used (PushSize_ zeroes on the way in, this on the way out):
// for per-frame scratch that held addresses inside game.dll (callbacks, string literals), so none
// of them outlives the frame and a reload never finds them in game memory (the pointer scan,
// docs/safety-net.md).
inline void EndTemporaryMemoryCleared(temporary_memory temp)
{
    Assert(temp.arena->used >= temp.usedAtBegin);
    memset(temp.arena->base + temp.usedAtBegin, 0, temp.arena->used - temp.usedAtBegin);
    EndTemporaryMemory(temp);
}

#endif // BASE_ARENA_H
