// Arena tests: push alignment and zeroing, temporary scopes, sub-arenas, and overflow being a
// logged, counted refusal that never writes past the end.

#include "base/base_arena.h"
#include "test_framework.h"
#include <stdarg.h>
#include <string.h>

global int globalLogCalls;
global char globalLastLog[512];
internal PLATFORM_LOG(CaptureLog)
{
    ++globalLogCalls;
    va_list args;
    va_start(args, format);
    vsnprintf(globalLastLog, sizeof(globalLastLog), format, args);
    va_end(args);
    (void)level;
}

int main(void)
{
    static u8 storage[1024 + 64];
    memset(storage, 0xAB, sizeof(storage));
    u8 *base = (u8 *)AlignPow2((umm)storage, 16);
    memory_arena arena;
    InitializeArena(&arena, "test", 1024, base, CaptureLog);

    //- push: aligned, zeroed, advancing
    u32 *a = PushArray(&arena, 3, u32);
    CHECK(a != 0);
    CHECK(((umm)a & 15) == 0);
    CHECK(a[0] == 0 && a[1] == 0 && a[2] == 0);
    u8 *b = (u8 *)PushSize_(&arena, 1, 64);
    CHECK(((umm)b & 63) == 0);
    CHECK(b > (u8 *)(a + 2));

    //- temporary memory restores the mark
    umm usedBefore = arena.used;
    temporary_memory temp = BeginTemporaryMemory(&arena);
    CHECK(PushSize(&arena, 100) != 0);
    CHECK(arena.used > usedBefore);
    EndTemporaryMemory(temp);
    CHECK(arena.used == usedBefore);
    CHECK(arena.temporaryCount == 0);

    //- sub-arena carved from the parent
    memory_arena child;
    SubArena(&child, &arena, "child", 256);
    CHECK(child.size == 256 && child.base != 0);
    CHECK(child.log == CaptureLog);

    //- overflow: refused, logged with the arena's name, counted, nothing written beyond the end
    umm usedBeforeOverflow = arena.used;
    void *tooBig = PushSize(&arena, 4096);
    CHECK(tooBig == 0);
    CHECK(arena.used == usedBeforeOverflow);
    CHECK(arena.overflowCount == 1);
    CHECK(globalLogCalls == 1);
    CHECK(strstr(globalLastLog, "arena 'test' overflow") != 0);
    CHECK(strstr(globalLastLog, "4096") != 0);

    // Fill exactly to the end: the last byte fits, one more byte does not.
    umm remaining = ArenaRemaining(&arena);
    u8 *rest = (u8 *)PushSize(&arena, remaining);
    CHECK(rest != 0);
    CHECK(rest + remaining == base + 1024);
    CHECK(PushSize_(&arena, 1, 1) == 0);
    CHECK(arena.overflowCount == 2);
    int untouched = 1;
    for (u8 *guard = base + 1024; guard < storage + sizeof(storage); ++guard)
        if (*guard != 0xAB) untouched = 0;
    CHECK_MSG(untouched, "bytes past the arena's end stay untouched");

    //- a huge request cannot wrap the size arithmetic
    CHECK(PushSize(&child, ~(umm)0 - 8) == 0);
    CHECK(child.overflowCount == 1);

    //- count x size that wraps 64 bits is refused and counted like any overflow
    {
        alignas(16) static u8 megabyte[1024 * 1024];
        memory_arena big;
        InitializeArena(&big, "big", sizeof(megabyte), megabyte, CaptureLog);
        int logsBefore = globalLogCalls;
        u64 *wrapped = PushArray(&big, (1ull << 61) + 1, u64);   // 2^64 + 8 bytes: wraps to 8
        CHECK_MSG(wrapped == 0, "PushArray of 2^61+1 u64 is refused");
        CHECK(big.used == 0);
        CHECK(big.overflowCount == 1);
        CHECK(globalLogCalls == logsBefore + 1);
        CHECK(strstr(globalLastLog, "arena 'big' overflow") != 0);
        CHECK(PushArray(&big, ~0ull, u32) == 0);
        CHECK(PushArray(&big, 1ull << 62, u32) == 0);
        CHECK(big.overflowCount == 3);
        // A large but representable request is refused by size, not by wrapping.
        CHECK(PushArray(&big, (1ull << 20) + 1, u8) == 0);
        CHECK(big.overflowCount == 4);
        CHECK(PushArray(&big, 1ull << 17, u64) != 0);        // exactly the megabyte
        CHECK(big.used == sizeof(megabyte));
        CHECK(PushArray(&big, 0, u64) != 0 || big.overflowCount == 4);
        // Alignment padding near the end cannot wrap either.
        memory_arena tail;
        InitializeArena(&tail, "tail", 40, megabyte, CaptureLog);
        CHECK(PushSize_(&tail, 1, 1) != 0);
        CHECK(PushSize_(&tail, 32, 16) == 0);                // 15 bytes of padding + 32 > 39
        CHECK(PushSize_(&tail, 24, 16) != 0);                // 15 + 24 = 39 fits exactly
        CHECK(tail.used == 40);
        CHECK(ArenaRemaining(&tail) == 0);
        CHECK(PushSize_(&tail, ~(umm)0, 16) == 0);
    }

    //- an arena without a log still refuses cleanly
    memory_arena silent;
    InitializeArena(&silent, "silent", 16, base, 0);
    CHECK(PushSize(&silent, 32) == 0);
    CHECK(silent.overflowCount == 1);

    return TestSummary();
}
