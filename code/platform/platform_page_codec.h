#ifndef PLATFORM_PAGE_CODEC_H
#define PLATFORM_PAGE_CODEC_H
// One page of game memory packed against another version of it (platform/platform_history.h's
// keyframes): the bytes that differ, found a u64 at a time, so an unchanged field costs nothing and a
// float that moved a little costs its changed bytes. The XOR of two versions of a page of the demo's
// entities keeps ~a third of its bytes nonzero (positions, one velocity, the yaw move every frame;
// sizes, colours and the rest do not), so a page packs to ~40% of its size. Portable, no allocation.
//
// Packed format, for a page of pageSize bytes (a multiple of 64):
//   groupBits   pageSize / 64 bytes: bit g set when the 8 bytes at 8g are not all zero
//   per set bit, in order: one byte mask (bit b: byte 8g + b is nonzero), then those nonzero bytes
// The bytes packed are page XOR reference (reference zero: the page's own bytes).

#include "base/base_types.h"

// Packs page XOR reference (reference null: zeros) into out, which holds at most limit bytes. Returns
// the packed size, or 0 when it would not fit in limit (the caller then stores the page whole).
u64 PagePack(const u8 *page, const u8 *reference, u64 pageSize, u8 *out, u64 limit);
// XORs the page packed in `packed` (packedSize bytes, as PagePack wrote them) into target: with a
// zeroed target it writes the packed bytes themselves. Asserts that the packed bytes are consumed exactly.
void PageUnpackXor(const u8 *packed, u64 packedSize, u8 *target, u64 pageSize);

#endif // PLATFORM_PAGE_CODEC_H
