#ifndef PLATFORM_PAGE_CODEC_H
#define PLATFORM_PAGE_CODEC_H
// One page of game memory packed against another version of it (platform/platform_history.h's
// keyframes): the 4-byte words that differ, each with as few of its low bytes as hold its change, so
// an unchanged field costs nothing and a float that moved a little costs 2 or 3 bytes. The XOR of two
// versions of a page of the demo's entities keeps ~40% of its bytes (positions, one velocity and the
// yaw move every frame; sizes, colours and the rest do not). Portable, no allocation; both ways run
// at memory speed (a check per 32-byte block, no branch per word when unpacking).
//
// Packed format, for a page of pageSize bytes (a multiple of 256), all little-endian:
//   blockBits   pageSize / 256 bytes: bit k set when the 32 bytes at 32k are not all zero
//   per set bit, in order: u16 codes (2 bits per u32 word: 0 zero, 1 its low 2 bytes, 2 its low 3
//   bytes, 3 all 4), then each word's low bytes
// The words packed are page XOR reference (reference zero: the page's own words).

#include "base/base_types.h"

#define PAGE_CODEC_BLOCK_BYTES 32
// PageUnpackXor reads up to this many bytes past the packed page (and ignores them): the caller's
// buffer must extend that far.
#define PAGE_CODEC_READ_SLACK 4

// Packs page XOR reference (reference null: zeros) into out, never writing past limit bytes (though
// up to 4 bytes past the size it returns). Returns the packed size, or 0 when it would not fit in
// limit (the caller then stores the page whole).
u64 PagePack(const u8 *page, const u8 *reference, u64 pageSize, u8 *out, u64 limit);
// XORs the page packed in `packed` (packedSize bytes, as PagePack wrote them, and PAGE_CODEC_READ_SLACK
// readable bytes after them) into target: with a zeroed target it writes the page packed alone.
// Asserts that the packed bytes are consumed exactly.
void PageUnpackXor(const u8 *packed, u64 packedSize, u8 *target, u64 pageSize);

#endif // PLATFORM_PAGE_CODEC_H
