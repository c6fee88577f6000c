// PNG (stored deflate) and BMP writers; see image_writer.h.

#include "render/image_writer.h"
#include "base/base_unicode.h"
#include <stdio.h>
#include <string.h>

//~ Files by UTF-8 path
// NOTE: on Windows fopen/remove take ANSI-code-page paths, which turn letters outside that code page
// into '?'; the engine's paths are UTF-8, so they go to _wfopen/_wremove as UTF-16. A path that is
// malformed or does not fit IMAGE_MAX_PATH_UNITS is refused (the write fails), never truncated; one
// of 248 units or more is made absolute and given the \\?\ prefix, as win32_text.cpp does.
#if OS_WINDOWS
#include <wchar.h>
#include <stdlib.h>     // _wfullpath
#define IMAGE_MAX_PATH_UNITS 2048
StaticAssert(sizeof(wchar_t) == sizeof(u16), "Windows wchar_t is UTF-16");
internal b32 ImageWidePath(const char *path, wchar_t *wide)
{
    text_conversion converted = Utf8ToUtf16(path, TEXT_ZERO_TERMINATED, (u16 *)wide, IMAGE_MAX_PATH_UNITS - 8);
    if (converted.invalid || converted.truncated) return 0;
    b32 hasPrefix = wide[0] == '\\' && wide[1] == '\\' && (wide[2] == '?' || wide[2] == '.') && wide[3] == '\\';
    if (converted.length < 248 || hasPrefix) return 1;
    wchar_t full[IMAGE_MAX_PATH_UNITS];
    if (!_wfullpath(full, wide, IMAGE_MAX_PATH_UNITS - 8)) return 0;
    b32 isNetworkPath = full[0] == '\\' && full[1] == '\\';
    const wchar_t *prefix = isNetworkPath ? L"\\\\?\\UNC\\" : L"\\\\?\\";
    const wchar_t *rest = isNetworkPath ? full + 2 : full;
    umm at = 0;
    for (; *prefix; ++prefix) wide[at++] = *prefix;
    for (; *rest; ++rest) wide[at++] = *rest;
    wide[at] = 0;
    return 1;
}
internal FILE *ImageOpenForWriting(const char *path)
{
    wchar_t wide[IMAGE_MAX_PATH_UNITS];
    return ImageWidePath(path, wide) ? _wfopen(wide, L"wb") : 0;
}
internal void ImageRemoveFile(const char *path)
{
    wchar_t wide[IMAGE_MAX_PATH_UNITS];
    if (ImageWidePath(path, wide)) _wremove(wide);
}
#else
internal FILE *ImageOpenForWriting(const char *path) { return fopen(path, "wb"); }
internal void ImageRemoveFile(const char *path) { remove(path); }
#endif

//~ Checksums
u32 ImageCrc32(u32 crc, const u8 *data, umm size)
{
    // NOTE: table built on first use; 1 KB, and screenshots are rare enough that the branch is free.
    local_persist u32 table[256];
    local_persist b32 tableReady;
    if (!tableReady)
    {
        for (u32 n = 0; n < 256; ++n)
        {
            u32 c = n;
            for (int k = 0; k < 8; ++k)
            {
                c = (c & 1) ? (0xEDB88320u ^ (c >> 1)) : (c >> 1);
            }
            table[n] = c;
        }
        tableReady = 1;
    }
    crc = ~crc;
    for (umm i = 0; i < size; ++i)
    {
        crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
    }
    return ~crc;
}

u32 ImageAdler32(u32 adler, const u8 *data, umm size)
{
    u32 a = adler & 0xFFFF, b = adler >> 16;
    while (size)
    {
        // NOTE: 5552 bytes is the longest run whose sums cannot overflow 32 bits before the modulo.
        umm run = size < 5552 ? size : 5552;
        for (umm i = 0; i < run; ++i)
        {
            a += data[i];
            b += a;
        }
        a %= 65521;
        b %= 65521;
        data += run;
        size -= run;
    }
    return (b << 16) | a;
}

//~ PNG
struct png_writer
{
    FILE *file;
    b32 failed;
    u32 chunkCrc;
    u32 adler;
    u64 rawRemaining;       // zlib payload bytes still to come
    u32 blockRemaining;     // bytes left in the current stored block
};

internal void PngPut(png_writer *w, const void *data, umm size)
{
    if (!w->failed && fwrite(data, 1, size, w->file) != size)
    {
        w->failed = 1;
    }
    w->chunkCrc = ImageCrc32(w->chunkCrc, (const u8 *)data, size);
}

internal void PngPutU32BE(png_writer *w, u32 value)
{
    u8 bytes[4] = {(u8)(value >> 24), (u8)(value >> 16), (u8)(value >> 8), (u8)value};
    PngPut(w, bytes, 4);
}

internal void PngBeginChunk(png_writer *w, const char *type, u32 length)
{
    PngPutU32BE(w, length);
    w->chunkCrc = 0;                 // the CRC covers the type and data, not the length
    PngPut(w, type, 4);
}

internal void PngEndChunk(png_writer *w)
{
    PngPutU32BE(w, w->chunkCrc);
}

// Appends raw (filtered scanline) bytes to the zlib stream, opening stored blocks as needed.
internal void PngPutRaw(png_writer *w, const u8 *data, umm size)
{
    w->adler = ImageAdler32(w->adler, data, size);
    while (size)
    {
        if (w->blockRemaining == 0)
        {
            u32 blockSize = (w->rawRemaining > 65535) ? 65535 : (u32)w->rawRemaining;
            u8 header[5];
            header[0] = (w->rawRemaining == blockSize) ? 1 : 0;   // BFINAL, BTYPE = 00 (stored)
            header[1] = (u8)blockSize;
            header[2] = (u8)(blockSize >> 8);
            header[3] = (u8)~blockSize;
            header[4] = (u8)(~blockSize >> 8);
            PngPut(w, header, 5);
            w->blockRemaining = blockSize;
        }
        umm run = (size < w->blockRemaining) ? size : w->blockRemaining;
        PngPut(w, data, run);
        data += run;
        size -= run;
        w->blockRemaining -= (u32)run;
        w->rawRemaining -= run;
    }
}

b32 WriteImagePNG(const char *path, u32 width, u32 height, const u8 *rgba)
{
    u64 rowBytes = 1 + 4ull * width;
    u64 rawSize = rowBytes * height;
    u64 blockCount = (rawSize + 65534) / 65535;
    u64 idatSize = 2 + rawSize + 5 * blockCount + 4;
    if (width == 0 || height == 0 || idatSize > 0x7FFFFFFFull)
    {
        return 0;
    }
    png_writer w = {};
    w.file = ImageOpenForWriting(path);
    if (!w.file)
    {
        return 0;
    }
    static const u8 signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    PngPut(&w, signature, 8);

    PngBeginChunk(&w, "IHDR", 13);
    PngPutU32BE(&w, width);
    PngPutU32BE(&w, height);
    u8 format[5] = {8, 6, 0, 0, 0};   // 8 bits, RGBA, deflate, adaptive filters, no interlace
    PngPut(&w, format, 5);
    PngEndChunk(&w);

    PngBeginChunk(&w, "IDAT", (u32)idatSize);
    u8 zlibHeader[2] = {0x78, 0x01};  // deflate, 32K window; 0x7801 is divisible by 31
    PngPut(&w, zlibHeader, 2);
    w.adler = 1;
    w.rawRemaining = rawSize;
    for (u32 y = 0; y < height; ++y)
    {
        u8 filterNone = 0;
        PngPutRaw(&w, &filterNone, 1);
        PngPutRaw(&w, rgba + (umm)y * width * 4, (umm)width * 4);
    }
    PngPutU32BE(&w, w.adler);
    PngEndChunk(&w);

    PngBeginChunk(&w, "IEND", 0);
    PngEndChunk(&w);

    b32 ok = !w.failed && (fclose(w.file) == 0);
    if (!ok)
    {
        ImageRemoveFile(path);
    }
    return ok;
}

//~ BMP (32-bit BGRA, bottom-up)
internal void BmpPutU32(u8 *at, u32 value) { at[0] = (u8)value; at[1] = (u8)(value >> 8); at[2] = (u8)(value >> 16); at[3] = (u8)(value >> 24); }

b32 WriteImageBMP(const char *path, u32 width, u32 height, const u8 *rgba)
{
    u64 pixelBytes = 4ull * width * height;
    if (width == 0 || height == 0 || pixelBytes > 0x7FFFFFFFull)
    {
        return 0;
    }
    FILE *file = ImageOpenForWriting(path);
    if (!file)
    {
        return 0;
    }
    u8 header[54] = {};
    header[0] = 'B';
    header[1] = 'M';
    BmpPutU32(header + 2, (u32)(54 + pixelBytes));
    BmpPutU32(header + 10, 54);
    BmpPutU32(header + 14, 40);
    BmpPutU32(header + 18, width);
    BmpPutU32(header + 22, height);        // positive: rows bottom-up
    header[26] = 1;                        // planes
    header[28] = 32;                       // bits per pixel
    BmpPutU32(header + 34, (u32)pixelBytes);
    b32 ok = fwrite(header, 1, sizeof(header), file) == sizeof(header);
    u8 row[4 * 1024];
    for (u32 y = height; ok && y-- > 0;)
    {
        const u8 *source = rgba + (umm)y * width * 4;
        for (u32 x = 0; ok && x < width;)
        {
            u32 run = Minimum(width - x, (u32)(sizeof(row) / 4));
            for (u32 i = 0; i < run; ++i)
            {
                const u8 *p = source + 4 * (x + i);
                row[4 * i + 0] = p[2];
                row[4 * i + 1] = p[1];
                row[4 * i + 2] = p[0];
                row[4 * i + 3] = p[3];
            }
            ok = fwrite(row, 1, 4 * run, file) == 4 * run;
            x += run;
        }
    }
    ok = (fclose(file) == 0) && ok;
    if (!ok)
    {
        ImageRemoveFile(path);
    }
    return ok;
}

b32 WriteImageFile(const char *path, u32 width, u32 height, const u8 *rgba)
{
    umm length = strlen(path);
    if (length >= 4)
    {
        const char *ext = path + length - 4;
        if (ext[0] == '.' && (ext[1] | 0x20) == 'b' && (ext[2] | 0x20) == 'm' && (ext[3] | 0x20) == 'p')
        {
            return WriteImageBMP(path, width, height, rgba);
        }
    }
    return WriteImagePNG(path, width, height, rgba);
}
