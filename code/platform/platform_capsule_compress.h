#ifndef PLATFORM_CAPSULE_COMPRESS_H
#define PLATFORM_CAPSULE_COMPRESS_H
// A small LZ77 byte compressor for capsule chunks (platform_capsule_format.h). Game memory is
// mostly zero pages and arrays of similar structs: long runs and repeats at a short distance,
// which a greedy single-probe match finder catches at memory speed. Portable, no allocation: the
// match finder's table lives on the stack (CAPSULE_COMPRESS_TABLE_BYTES).
//
// Stored format: a sequence of commands until the input ends.
//   token       u8: bits 7..5 literal count (7: 7 + a varint follows),
//                   bits 4..0 match length - 4 (31: 35 + a varint follows)
//   [varint]    the rest of the literal count
//   literals    that many bytes, copied as they are
//   -- the stream may end here: a last command of literals only (its match bits 0) --
//   varint      match offset, 1..bytes produced so far
//   [varint]    the rest of the match length
// The stream may also end after a match; a decoder needs exactly rawSize bytes from it.
// A varint is LEB128: 7 bits per byte, least significant first, high bit set on all but the last.

#include "base/base_types.h"

#define CAPSULE_COMPRESS_HASH_BITS 14
#define CAPSULE_COMPRESS_TABLE_BYTES ((1u << CAPSULE_COMPRESS_HASH_BITS) * 4u)   // 64 KB of stack
// Larger inputs are not compressed (CapsuleCompress returns 0): positions are kept as u32.
#define CAPSULE_COMPRESS_MAX_INPUT 0x7FFFFFFFull

// Output bytes the compressor may need for rawSize input bytes in the worst case. CapsuleCompress
// never needs more than rawSize (it gives up when the result would not be smaller), so this is
// only an upper bound for callers that size one buffer for every case.
u64 CapsuleCompressBound(u64 rawSize);

// Compresses raw into out. Returns the stored size, or 0 when the result would not be smaller
// than rawSize (incompressible data, rawSize 0, an input over CAPSULE_COMPRESS_MAX_INPUT, or too
// little outCapacity): the caller then stores the raw bytes. Never writes past outCapacity.
u64 CapsuleCompress(const u8 *raw, u64 rawSize, u8 *out, u64 outCapacity);

// Decompresses untrusted stored bytes into out. Never reads past storedSize nor writes past
// rawSize; true only when the stream is well formed, consumed whole and produced exactly rawSize
// bytes.
b32 CapsuleDecompress(const u8 *stored, u64 storedSize, u8 *out, u64 rawSize);

#endif // PLATFORM_CAPSULE_COMPRESS_H
