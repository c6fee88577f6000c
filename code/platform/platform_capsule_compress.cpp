// The capsule chunk compressor, declared in platform_capsule_compress.h (the format is there).

#include "platform/platform_capsule_compress.h"
#include <string.h>

#define CAPSULE_MIN_MATCH 4u
// Room one command may need beyond its literals: token, three varints of up to 10 bytes.
#define CAPSULE_COMMAND_OVERHEAD 32u

// NOTE: unaligned loads through memcpy: one instruction on x86-64 with every compiler, and no
// undefined behaviour for the sanitizers to report.
internal inline u32 CapsuleLoad32(const u8 *at)
{
    u32 value;
    memcpy(&value, at, 4);
    return value;
}

internal inline u64 CapsuleLoad64(const u8 *at)
{
    u64 value;
    memcpy(&value, at, 8);
    return value;
}

internal inline u32 CapsuleHash4(u32 bytes) { return (bytes * 2654435761u) >> (32 - CAPSULE_COMPRESS_HASH_BITS); }

// Index of the lowest differing byte in a non-zero XOR of two little-endian loads.
internal inline u32 CapsuleFirstDifferentByte(u64 difference)
{
#if COMPILER_MSVC
    unsigned long bit;
    _BitScanForward64(&bit, difference);
    return (u32)bit >> 3;
#else
    return (u32)__builtin_ctzll(difference) >> 3;
#endif
}

// Bytes from `at` on that equal those from `earlier` on, at most up to end. Eight at a time: a
// zero page extends at memory speed.
internal u64 CapsuleMatchLength(const u8 *earlier, const u8 *at, const u8 *end)
{
    const u8 *start = at;
    while (end - at >= 8)
    {
        u64 difference = CapsuleLoad64(earlier) ^ CapsuleLoad64(at);
        if (difference) return (u64)(at - start) + CapsuleFirstDifferentByte(difference);
        earlier += 8;
        at += 8;
    }
    while (at < end && *earlier == *at)
    {
        ++earlier;
        ++at;
    }
    return (u64)(at - start);
}

internal inline u8 *CapsulePutVarint(u8 *at, u64 value)
{
    while (value >= 0x80)
    {
        *at++ = (u8)(value | 0x80);
        value >>= 7;
    }
    *at++ = (u8)value;
    return at;
}

struct capsule_compress_output
{
    u8 *at;
    u8 *end;
};

// One command: literals, then a match unless matchLength is 0 (the last command). False when the
// output has no room for it (the caller then stores the chunk raw).
internal b32 CapsuleEmitCommand(capsule_compress_output *output, const u8 *literals, u64 literalCount,
                                u64 offset, u64 matchLength)
{
    if ((u64)(output->end - output->at) < literalCount + CAPSULE_COMMAND_OVERHEAD) return 0;
    u64 matchCode = matchLength ? matchLength - CAPSULE_MIN_MATCH : 0;
    u8 *at = output->at;
    *at++ = (u8)(((literalCount < 7 ? literalCount : 7) << 5) | (matchCode < 31 ? matchCode : 31));
    if (literalCount >= 7) at = CapsulePutVarint(at, literalCount - 7);
    if (literalCount) memcpy(at, literals, literalCount);
    at += literalCount;
    if (matchLength)
    {
        at = CapsulePutVarint(at, offset);
        if (matchCode >= 31) at = CapsulePutVarint(at, matchCode - 31);
    }
    output->at = at;
    return 1;
}

u64 CapsuleCompressBound(u64 rawSize) { return rawSize + rawSize / 255 + CAPSULE_COMMAND_OVERHEAD; }

u64 CapsuleCompress(const u8 *raw, u64 rawSize, u8 *out, u64 outCapacity)
{
    if (rawSize < 2 * CAPSULE_MIN_MATCH || rawSize > CAPSULE_COMPRESS_MAX_INPUT) return 0;
    // Smaller than raw or not worth it: the output may use at most rawSize - 1 bytes.
    capsule_compress_output output = {out, out + Minimum(outCapacity, rawSize - 1)};
    // The match finder: for each hash of 4 bytes, the last position that had it (0 at first, a
    // candidate that the comparison below simply rejects).
    u32 table[1u << CAPSULE_COMPRESS_HASH_BITS];
    memset(table, 0, sizeof(table));

    const u8 *end = raw + rawSize;
    const u8 *lastLoad = end - CAPSULE_MIN_MATCH;    // the last position a 4-byte load may start
    const u8 *anchor = raw;                          // first byte not yet emitted
    const u8 *at = raw + 1;
    u32 misses = 0;
    while (at <= lastLoad)
    {
        u32 bytes = CapsuleLoad32(at);
        u32 *slot = table + CapsuleHash4(bytes);
        const u8 *candidate = raw + *slot;
        *slot = (u32)(at - raw);
        if (candidate >= at || CapsuleLoad32(candidate) != bytes)
        {
            // Data without repeats is skipped ever faster, so incompressible chunks cost little.
            ++misses;
            u64 step = 1 + (misses >> 5);
            if (step > (u64)(end - at)) break;
            at += step;
            if ((u64)(at - anchor) + CAPSULE_COMMAND_OVERHEAD > (u64)(output.end - output.at)) return 0;
            continue;
        }
        while (at > anchor && candidate > raw && at[-1] == candidate[-1])
        {
            --at;
            --candidate;
        }
        u64 length = CapsuleMatchLength(candidate, at, end);
        if (!CapsuleEmitCommand(&output, anchor, (u64)(at - anchor), (u64)(at - candidate), length)) return 0;
        at += length;
        anchor = at;
        misses = 0;
        // The position just before the next search: repeats of a struct array find their match.
        if (at <= lastLoad) table[CapsuleHash4(CapsuleLoad32(at - 2))] = (u32)(at - 2 - raw);
    }
    // A stream that ends with a match needs no closing command: one byte cut from its end then
    // leaves a cut varint, which the decoder refuses.
    if (anchor < end && !CapsuleEmitCommand(&output, anchor, (u64)(end - anchor), 0, 0)) return 0;
    return (u64)(output.at - out);
}

// LEB128 of at most 9 bytes (63 bits: every valid length or offset is far smaller).
internal b32 CapsuleReadVarint(const u8 **at, const u8 *end, u64 *value)
{
    u64 result = 0;
    for (u32 shift = 0; shift < 63; shift += 7)
    {
        if (*at >= end) return 0;
        u8 byte = *(*at)++;
        result |= (u64)(byte & 0x7F) << shift;
        if (!(byte & 0x80))
        {
            *value = result;
            return 1;
        }
    }
    return 0;
}

// Copies a match of length bytes from offset bytes back, both checked by the caller.
internal void CapsuleCopyMatch(u8 *destination, u64 offset, u64 length)
{
    const u8 *source = destination - offset;
    if (offset == 1)
    {
        memset(destination, source[0], length);
    }
    else if (offset >= length)
    {
        memcpy(destination, source, length);
    }
    else
    {
        // Overlapping: the first period is copied, then the copied part doubles (each copy reads
        // only bytes already written, a whole number of periods back).
        memcpy(destination, source, offset);
        u64 copied = offset;
        while (copied < length)
        {
            u64 step = Minimum(copied, length - copied);
            memcpy(destination + copied, destination, step);
            copied += step;
        }
    }
}

b32 CapsuleDecompress(const u8 *stored, u64 storedSize, u8 *out, u64 rawSize)
{
    const u8 *at = stored;
    const u8 *end = stored + storedSize;
    u64 produced = 0;
    while (at < end)
    {
        u8 token = *at++;
        u64 literalCount = token >> 5;
        if (literalCount == 7)
        {
            u64 more;
            if (!CapsuleReadVarint(&at, end, &more) || more > rawSize) return 0;
            literalCount += more;
        }
        if (literalCount > (u64)(end - at) || literalCount > rawSize - produced) return 0;
        // Short copies as one fixed 16-byte move where both sides have the room (most commands of
        // struct data are short): a variable-length memcpy per command halves the speed.
        if (literalCount <= 16 && end - at >= 16 && rawSize - produced >= 16) memcpy(out + produced, at, 16);
        else if (literalCount) memcpy(out + produced, at, literalCount);
        at += literalCount;
        produced += literalCount;
        if (at == end) break;

        u64 offset, matchLength = token & 31;
        if (!CapsuleReadVarint(&at, end, &offset) || offset == 0 || offset > produced) return 0;
        if (matchLength == 31)
        {
            u64 more;
            if (!CapsuleReadVarint(&at, end, &more) || more > rawSize) return 0;
            matchLength += more;
        }
        matchLength += CAPSULE_MIN_MATCH;
        if (matchLength > rawSize - produced) return 0;
        u8 *destination = out + produced;
        if (offset >= 8 && matchLength <= 16 && rawSize - produced >= 16)
        {
            // Two 8-byte moves, the second reading what the first may have written (offset < 16).
            memcpy(destination, destination - offset, 8);
            memcpy(destination + 8, destination + 8 - offset, 8);
        }
        else
        {
            CapsuleCopyMatch(destination, offset, matchLength);
        }
        produced += matchLength;
    }
    return produced == rawSize;
}
