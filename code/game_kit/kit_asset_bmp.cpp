// BMP reader. Header fields are validated before any pixel is touched; the pixel array's extent
// is computed in 64 bits against the real buffer size, so no field value can cause a read
// outside the buffer or an overflow.

#include "base/base_bytes.h"
#include "game_kit/kit_asset_bmp.h"
#include "game_kit/kit_asset_reject.h"

#define BMP_BI_RGB 0
#define BMP_BI_BITFIELDS 3
#define BMP_BI_ALPHABITFIELDS 6

// 8x8 magenta/black checker, 2x2 squares: obvious on screen, and the same in either row order.
#define M BMP_FALLBACK_MAGENTA
#define K BMP_FALLBACK_BLACK
global const u32 globalFallbackChecker[BMP_FALLBACK_SIZE * BMP_FALLBACK_SIZE] = {
    M, M, K, K, M, M, K, K,
    M, M, K, K, M, M, K, K,
    K, K, M, M, K, K, M, M,
    K, K, M, M, K, K, M, M,
    M, M, K, K, M, M, K, K,
    M, M, K, K, M, M, K, K,
    K, K, M, M, K, K, M, M,
    K, K, M, M, K, K, M, M,
};
#undef M
#undef K

loaded_bitmap FallbackBitmap(void)
{
    loaded_bitmap result;
    memset(&result, 0, sizeof(result));
    result.width = BMP_FALLBACK_SIZE;
    result.height = BMP_FALLBACK_SIZE;
    result.pixels = globalFallbackChecker;
    result.isFallback = 1;
    return result;
}

//~ Helpers

internal loaded_bitmap BmpReject(memory_arena *arena, platform_log *log, const char *name, const char *why)
{
    loaded_bitmap result = FallbackBitmap();
    result.pixels = (const u32 *)RejectAssetFile(arena, log, "bmp", name, why, "the checker texture",
                                                 globalFallbackChecker, sizeof(globalFallbackChecker));
    return result;
}

// How to pull one 8-bit channel out of a 32-bit pixel through a BI_BITFIELDS mask.
struct bmp_channel
{
    u32 mask;
    u32 shift;
    u32 maximum;                // mask >> shift; 0 = channel absent
};

internal bmp_channel BmpChannelFromMask(u32 mask)
{
    bmp_channel channel;
    channel.mask = mask;
    channel.shift = 0;
    if (mask)
    {
        while (((mask >> channel.shift) & 1u) == 0)
        {
            ++channel.shift;
        }
    }
    channel.maximum = mask >> channel.shift;
    return channel;
}

internal u32 BmpExtract(bmp_channel channel, u32 pixel, u32 absentValue)
{
    if (channel.maximum == 0)
    {
        return absentValue;
    }
    u64 value = (pixel & channel.mask) >> channel.shift;
    // Rescale any channel width to 0..255 with rounding (exact for 8-bit masks).
    return (u32)((value * 255u + channel.maximum / 2) / channel.maximum);
}

//~ Reader
// The header fields the pixel conversion needs, validated.
struct bmp_file_info
{
    u32 pixelOffset;
    u32 headerSize;
    u32 headersEnd;             // first byte after the headers and any bit-field masks
    u32 width, height;
    b32 topDown;
    u16 bitsPerPixel;
    u32 compression;
    u32 redMask, greenMask, blueMask, alphaMask;
};

// The file and DIB headers: signature, header version, dimensions, planes and pixel size. Returns
// why the file is unusable, or 0.
internal const char *BmpReadHeaders(const u8 *bytes, u32 size, bmp_file_info *info)
{
    if (!bytes || size < 14 + 40)
    {
        return "file shorter than the BMP headers";
    }
    if (bytes[0] != 'B' || bytes[1] != 'M')
    {
        return "no 'BM' signature";
    }
    info->pixelOffset = ReadLE32(bytes + 10);
    u32 headerSize = ReadLE32(bytes + 14);
    if (headerSize != 40 && headerSize != 52 && headerSize != 56 && headerSize != 108 && headerSize != 124)
    {
        return "unsupported DIB header (only BITMAPINFOHEADER and its V2-V5 successors)";
    }
    if (headerSize > size - 14)
    {
        return "DIB header runs past the end of the file (truncated?)";
    }
    s32 widthField = (s32)ReadLE32(bytes + 18);
    s32 heightField = (s32)ReadLE32(bytes + 22);
    u16 planes = ReadLE16(bytes + 26);
    u16 bitsPerPixel = ReadLE16(bytes + 28);

    // NOTE: 64-bit magnitudes: -INT_MIN does not fit in s32.
    s64 width = widthField;
    s64 height = (heightField < 0) ? -(s64)heightField : (s64)heightField;
    if (width <= 0 || height <= 0)
    {
        return "zero or negative dimensions";
    }
    if (width > BMP_MAX_DIMENSION || height > BMP_MAX_DIMENSION)
    {
        return "dimensions larger than 16384";
    }
    if (planes != 1)
    {
        return "plane count is not 1";
    }
    if (bitsPerPixel != 24 && bitsPerPixel != 32)
    {
        return "only 24- and 32-bit pixels are supported";
    }
    info->headerSize = headerSize;
    info->headersEnd = 14 + headerSize;
    info->width = (u32)width;
    info->height = (u32)height;
    info->topDown = (heightField < 0);
    info->bitsPerPixel = bitsPerPixel;
    info->compression = ReadLE32(bytes + 30);
    return 0;
}

// The channel masks: the default BGR(X) layout, or BI_BITFIELDS masks. Returns why they are
// unusable (or the pixels compressed), or 0.
internal const char *BmpReadMasks(const u8 *bytes, u32 size, bmp_file_info *info)
{
    // Default layout: BGR(X) in memory, i.e. these masks on the little-endian 32-bit value.
    info->redMask = 0x00FF0000u;
    info->greenMask = 0x0000FF00u;
    info->blueMask = 0x000000FFu;
    info->alphaMask = 0;      // BI_RGB: the fourth byte of 32-bit pixels is unused, alpha is opaque
    u32 compression = info->compression;
    if (compression == BMP_BI_BITFIELDS || compression == BMP_BI_ALPHABITFIELDS)
    {
        if (info->bitsPerPixel != 32)
        {
            return "bit-field masks on a pixel size other than 32 bits";
        }
        // The masks follow the 40-byte header, or sit inside V2+ headers at the same place.
        u32 maskCount = (compression == BMP_BI_ALPHABITFIELDS || info->headerSize >= 56) ? 4 : 3;
        if ((u64)14 + 40 + 4 * maskCount > size)
        {
            return "bit-field masks run past the end of the file";
        }
        info->redMask = ReadLE32(bytes + 54);
        info->greenMask = ReadLE32(bytes + 58);
        info->blueMask = ReadLE32(bytes + 62);
        info->alphaMask = (maskCount == 4) ? ReadLE32(bytes + 66) : 0;
        info->headersEnd = Maximum(info->headersEnd, 14 + 40 + 4 * maskCount);
        if ((info->redMask | info->greenMask | info->blueMask) == 0)
        {
            return "all colour masks are zero";
        }
    }
    else if (compression != BMP_BI_RGB)
    {
        return "compressed BMP (RLE, JPEG, PNG) is not supported";
    }
    return 0;
}

// Bytes per stored row, padded to 4.
internal u64 BmpStride(bmp_file_info *info)
{
    return ((u64)info->width * info->bitsPerPixel + 31) / 32 * 4;
}

// Whether the pixel array lies after the headers and inside the file. Returns why not, or 0.
internal const char *BmpCheckPixelExtent(u32 size, bmp_file_info *info)
{
    u64 bytesPerPixel = info->bitsPerPixel / 8;
    // NOTE: some writers drop the last row's padding; everything up to its last pixel must exist.
    u64 pixelBytesNeeded = BmpStride(info) * (u64)(info->height - 1) + (u64)info->width * bytesPerPixel;
    if (info->pixelOffset < info->headersEnd)
    {
        return "pixel data offset points inside the headers";
    }
    if (info->pixelOffset > size || pixelBytesNeeded > (u64)size - info->pixelOffset)
    {
        return "pixel data offset or size runs past the end of the file (truncated?)";
    }
    return 0;
}

// Converts every stored pixel to RGBA8 (red in the low byte), bottom row first.
internal void BmpConvertPixels(const u8 *bytes, bmp_file_info *info, u32 *pixels)
{
    bmp_channel red = BmpChannelFromMask(info->redMask);
    bmp_channel green = BmpChannelFromMask(info->greenMask);
    bmp_channel blue = BmpChannelFromMask(info->blueMask);
    bmp_channel alpha = BmpChannelFromMask(info->alphaMask);
    u64 bytesPerPixel = info->bitsPerPixel / 8;
    u64 stride = BmpStride(info);
    u32 outWidth = info->width;
    u32 outHeight = info->height;
    const u8 *pixelBase = bytes + info->pixelOffset;
    for (u32 y = 0; y < outHeight; ++y)
    {
        // Output row 0 is the bottom row, which is the first stored row unless top-down.
        u32 fileRow = info->topDown ? (outHeight - 1 - y) : y;
        const u8 *source = pixelBase + (u64)fileRow * stride;
        u32 *dest = pixels + (u64)y * outWidth;
        for (u32 x = 0; x < outWidth; ++x)
        {
            u32 value;
            if (bytesPerPixel == 3)
            {
                value = (u32)source[0] | ((u32)source[1] << 8) | ((u32)source[2] << 16);
            }
            else
            {
                value = ReadLE32(source);
            }
            source += bytesPerPixel;
            u32 r = BmpExtract(red, value, 0);
            u32 g = BmpExtract(green, value, 0);
            u32 b = BmpExtract(blue, value, 0);
            u32 a = BmpExtract(alpha, value, 255);
            dest[x] = r | (g << 8) | (b << 16) | (a << 24);
        }
    }
}

loaded_bitmap LoadBMP(memory_arena *arena, const void *contents, u32 size, const char *name, platform_log *log)
{
    const u8 *bytes = (const u8 *)contents;
    bmp_file_info info = {};
    const char *why = BmpReadHeaders(bytes, size, &info);
    if (!why) why = BmpReadMasks(bytes, size, &info);
    if (!why) why = BmpCheckPixelExtent(size, &info);
    if (why)
    {
        return BmpReject(arena, log, name, why);
    }
    u32 *pixels = PushArray(arena, (u64)info.width * info.height, u32);
    if (!pixels)
    {
        return BmpReject(arena, log, name, "not enough arena memory for its pixels");
    }
    BmpConvertPixels(bytes, &info, pixels);

    loaded_bitmap result;
    memset(&result, 0, sizeof(result));
    result.width = info.width;
    result.height = info.height;
    result.pixels = pixels;
    return result;
}
