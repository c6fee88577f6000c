#ifndef IMAGE_WRITER_H
#define IMAGE_WRITER_H
// Our own PNG and BMP writers for screenshots: PNG with stored (uncompressed) deflate blocks, so
// the whole format is a few checksums and headers and needs no compression library.
// Portable (stdio only): the native tests use it too.

#include "base/base_types.h"

// Standard CRC-32 (PNG chunks) and Adler-32 (zlib stream); `crc`/`adler` continue a running value
// (start with 0 and 1 respectively).
u32 ImageCrc32(u32 crc, const u8 *data, umm size);
u32 ImageAdler32(u32 adler, const u8 *data, umm size);

// `rgba`: width*height*4 bytes, top row first. Returns false (file removed) on any write error.
b32 WriteImagePNG(const char *path, u32 width, u32 height, const u8 *rgba);
b32 WriteImageBMP(const char *path, u32 width, u32 height, const u8 *rgba);
// ".bmp" (any case) writes BMP, anything else PNG.
b32 WriteImageFile(const char *path, u32 width, u32 height, const u8 *rgba);

#endif // IMAGE_WRITER_H
