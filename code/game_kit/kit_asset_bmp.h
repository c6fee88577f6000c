#ifndef KIT_ASSET_BMP_H
#define KIT_ASSET_BMP_H
// BMP reader for textures: 24/32-bit uncompressed (BI_RGB, BI_BITFIELDS), bottom-up or top-down,
// parsed from a memory buffer into RGBA8 (sRGB, rows bottom-up: what render_entry_texture takes).
// A malformed or truncated file is logged and gives the fallback checker texture: never a
// crash, never a read outside the buffer, no overflow in size arithmetic.

#include "base/base_types.h"
#include "base/base_arena.h"
#include "base/base_log.h"

// Larger than any texture we upload; also keeps width * height * 4 far from 32-bit overflow.
#define BMP_MAX_DIMENSION 16384

struct loaded_bitmap
{
    u32 width;
    u32 height;
    const u32 *pixels;          // RGBA8: byte 0 red .. byte 3 alpha; row 0 is the bottom row
    b32 isFallback;             // true: the file was rejected and this is the checker texture
    u32 pad;
};

// Decodes into the arena (the file's memory may be freed afterwards). 'name' is for the log only (0
// prints as "?"), log may be 0, the arena may not. Never returns a bitmap without pixels: null
// contents, a malformed file or an arena too small for the pixels give the checker (isFallback set)
// and an error line naming the reason.
loaded_bitmap LoadBMP(memory_arena *arena, const void *contents, u32 size, const char *name, platform_log *log);

// The magenta/black checker from constant memory: always valid, never fails. LoadBMP hands out an
// arena copy of it when the arena has room (constant memory vanishes with a reloaded game.dll).
loaded_bitmap FallbackBitmap(void);

#define BMP_FALLBACK_SIZE 8
#define BMP_FALLBACK_MAGENTA 0xFFFF00FFu
#define BMP_FALLBACK_BLACK 0xFF000000u

#endif // KIT_ASSET_BMP_H
