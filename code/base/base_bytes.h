#ifndef BASE_BYTES_H
#define BASE_BYTES_H
// Little-endian reads for file formats, byte by byte: the buffer may have any alignment.

#include "base/base_types.h"

inline u16 ReadLE16(const u8 *at)
{
    return (u16)(at[0] | (at[1] << 8));
}

inline u32 ReadLE32(const u8 *at)
{
    return (u32)at[0] | ((u32)at[1] << 8) | ((u32)at[2] << 16) | ((u32)at[3] << 24);
}

#endif // BASE_BYTES_H
