#ifndef BASE_HASH_H
#define BASE_HASH_H
//~ Hashes and bit counts: FNV-1a (64-bit) steps, the page hash the snapshot and the restart share,
// a bitmap's bits, and whether a page is all zero. Headers only, no OS headers. Every value here is stored or compared
// across processes and builds (capsule checksums, state hashes, the log's lock name): a change is a
// format change.

#include "base/base_types.h"
#include <string.h>

#define FNV64_OFFSET_BASIS 14695981039346656037ull     // 0xcbf29ce484222325
#define FNV64_PRIME 1099511628211ull                   // 0x100000001b3

// One FNV-1a step: a byte, or a whole 64-bit word (the word-wise variant the memory hashes use).
inline u64 Fnv1aStep(u64 hash, u64 value) { return (hash ^ value) * FNV64_PRIME; }
// FNV-1a over a zero-terminated text, from `hash` (FNV64_OFFSET_BASIS to start).
inline u64 Fnv1aText(u64 hash, const char *text)
{
    for (const char *at = text; *at; ++at) hash = Fnv1aStep(hash, (u8)*at);
    return hash;
}
// FNV-1a over 64-bit words (a tail of fewer than 8 bytes is not hashed): a fast, order-sensitive
// fingerprint of memory for comparing states.
inline u64 Fnv1aWords(u64 hash, const void *memory, u64 size)
{
    const u64 *words = (const u64 *)memory;
    for (u64 index = 0; index < size / 8; ++index) hash = Fnv1aStep(hash, words[index]);
    return hash;
}

// The engine's fingerprint of a block of memory: FNV-1a over its 64-bit words (tests and the live
// loop's log line compare states with it).
inline u64 HashMemory(const void *memory, u64 size) { return Fnv1aWords(FNV64_OFFSET_BASIS, memory, size); }

// A page's hash (pageSize a multiple of 32): 0 exactly for an all-zero page, else never 0. Four
// independent lanes so it runs at memory speed.
inline u64 HashPage(const u8 *page, u32 pageSize)
{
    const u64 *words = (const u64 *)page;
    u64 lanes[4] = {0, 0, 0, 0};
    for (u32 wordIndex = 0; wordIndex + 4 <= pageSize / 8; wordIndex += 4)
    {
        // NOTE: (0 ^ 0) * K = 0, so zeros leave a lane at zero; the rotation carries high bits down.
        for (u32 lane = 0; lane < 4; ++lane)
        {
            u64 mixed = lanes[lane] ^ words[wordIndex + lane];
            lanes[lane] = ((mixed << 29) | (mixed >> 35)) * 0x9E3779B97F4A7C15ull;
        }
    }
    if (!(lanes[0] | lanes[1] | lanes[2] | lanes[3])) return 0;
    u64 hash = lanes[0] ^ (lanes[1] * 0xC2B2AE3D27D4EB4Full) ^ (lanes[2] * 0x165667B19E3779F9ull) ^
               (lanes[3] * 0x27D4EB2F165667C5ull);
    return hash ? hash : 1;
}

// A page's hash tied to its index, for XOR-ing into a whole-memory hash (0 for a zero page, so
// zero pages need no hashing at all).
inline u64 MixPageHash(u64 page, u64 pageHash)
{
    if (!pageHash) return 0;
    u64 x = pageHash ^ (page * 0xFF51AFD7ED558CCDull);
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    x ^= x >> 29;
    return x;
}

// Bit index of bitmap (bit i is bit i % 8 of byte i / 8): a page bitmap's entry for page i.
inline b32 BitmapBit(const u8 *bitmap, u64 index) { return (bitmap[index / 8] >> (index % 8)) & 1; }
inline void BitmapSet(u8 *bitmap, u64 index) { bitmap[index / 8] |= (u8)(1u << (index % 8)); }
inline void BitmapClear(u8 *bitmap, u64 index) { bitmap[index / 8] &= (u8)~(1u << (index % 8)); }

// True when every byte of the page is zero (pageSize a multiple of 8; any alignment): a zero page
// hashes to nothing and is neither kept nor sent.
inline b32 PageIsZero(const u8 *page, u64 pageSize)
{
    u64 any = 0;
    for (u64 at = 0; at < pageSize; at += 8)
    {
        u64 word;
        memcpy(&word, page + at, 8);
        any |= word;
    }
    return any == 0;
}

// The bits set among the first bitCount bits of bitmap (bit i is bit i % 8 of byte i / 8).
inline u64 CountBits(const u8 *bitmap, u64 bitCount)
{
    u64 count = 0;
    for (u64 index = 0; index < bitCount / 8; ++index)
        for (u8 byte = bitmap[index]; byte; byte &= (u8)(byte - 1)) ++count;
    for (u64 index = bitCount & ~7ull; index < bitCount; ++index) count += (bitmap[index / 8] >> (index % 8)) & 1;
    return count;
}

#endif  // BASE_HASH_H
