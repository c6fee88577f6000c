// The pages a bitmap lists, packed: the bodies behind platform_page_list.h.

#include <string.h>

u64 PackListedPages(u8 *out, const u8 *image, const u8 *bitmap, u64 pageCount, u64 pageSize, u64 listedPages,
                    page_list_halfway *halfway, void *halfwayContext, u64 *hash)
{
    u64 written = 0;
    u64 mixed = 0;
    for (u64 page = 0; page < pageCount; ++page)
    {
        if (!BitmapBit(bitmap, page)) continue;
        const u8 *source = image + page * pageSize;
        memcpy(out + written * pageSize, source, (size_t)pageSize);
        mixed ^= MixPageHash(page, HashPage(source, (u32)pageSize));
        ++written;
        if (halfway && written == listedPages / 2) halfway(halfwayContext);
    }
    *hash = mixed;
    return written * pageSize;
}

u64 UnpackListedPages(u8 *image, const u8 *packed, const u8 *bitmap, u64 pageCount, u64 pageSize)
{
    u64 read = 0;
    u64 mixed = 0;
    for (u64 page = 0; page < pageCount; ++page)
    {
        if (!BitmapBit(bitmap, page)) continue;
        u8 *target = image + page * pageSize;
        memcpy(target, packed + read * pageSize, (size_t)pageSize);
        mixed ^= MixPageHash(page, HashPage(target, (u32)pageSize));
        ++read;
    }
    return mixed;
}

u64 MovePointersInListedPages(u8 *image, const u8 *bitmap, u64 pageCount, u64 pageSize, u64 from, u64 size, u64 to)
{
    u64 moved = 0;
    for (u64 page = 0; page < pageCount; ++page)
    {
        if (!BitmapBit(bitmap, page)) continue;
        u64 *values = (u64 *)(image + page * pageSize);
        for (u64 index = 0; index < pageSize / sizeof(u64); ++index)
        {
            // NOTE: unsigned: a value below `from` wraps past `size` and is left alone.
            if (values[index] - from >= size) continue;
            values[index] = values[index] - from + to;
            ++moved;
        }
    }
    return moved;
}
