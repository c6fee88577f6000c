// A page packed against another version of it: the bodies behind platform/platform_page_codec.h

#include <string.h>

u64 PagePack(const u8 *page, const u8 *reference, u64 pageSize, u8 *out, u64 limit)
{
    Assert(pageSize % 64 == 0);
    u64 groupBytes = pageSize / 64;
    if (limit < groupBytes) return 0;
    memset(out, 0, (size_t)groupBytes);
    u8 *at = out + groupBytes;
    u8 *end = out + limit;
    for (u64 group = 0; group < pageSize / 8; ++group)
    {
        u64 value;
        memcpy(&value, page + 8 * group, 8);
        if (reference)
        {
            u64 old;
            memcpy(&old, reference + 8 * group, 8);
            value ^= old;
        }
        if (!value) continue;
        // NOTE: 9 bytes at most for this group: one check per group, none per byte.
        if (end - at < 9) return 0;
        out[group / 8] |= (u8)(1u << (group % 8));
        u8 *mask = at++;
        u8 bits = 0;
        for (u32 byte = 0; byte < 8; ++byte)
        {
            u8 b = (u8)(value >> (8 * byte));
            if (!b) continue;
            bits |= (u8)(1u << byte);
            *at++ = b;
        }
        *mask = bits;
    }
    return (u64)(at - out);
}

void PageUnpackXor(const u8 *packed, u64 packedSize, u8 *target, u64 pageSize)
{
    u64 groupBytes = pageSize / 64;
    const u8 *at = packed + groupBytes;
    for (u64 index = 0; index < groupBytes; ++index)
    {
        u32 groups = packed[index];
        for (u32 bit = 0; groups >> bit; ++bit)
        {
            if (!((groups >> bit) & 1)) continue;
            u8 *group = target + 8 * (8 * index + bit);
            u32 bits = *at++;
            for (u32 byte = 0; bits >> byte; ++byte)
                if ((bits >> byte) & 1) group[byte] ^= *at++;
        }
    }
    Assert((u64)(at - packed) == packedSize);
}
