// A page packed against another version of it: the bodies behind platform/platform_page_codec.h

#include <string.h>

// A word's code: how many of its low bytes are stored (0, 2, 3 or 4: what the others hold is zero).
global const u32 pageCodeBytes[4] = {0, 2, 3, 4};
global const u32 pageCodeMasks[4] = {0, 0xffffu, 0xffffffu, 0xffffffffu};

internal inline u32 PageWordCode(u32 word)
{
    return word == 0 ? 0 : word <= 0xffffu ? 1 : word <= 0xffffffu ? 2 : 3;
}

u64 PagePack(const u8 *page, const u8 *reference, u64 pageSize, u8 *out, u64 limit)
{
    Assert(pageSize % (8 * PAGE_CODEC_BLOCK_BYTES) == 0);
    u64 blockBytes = pageSize / (8 * PAGE_CODEC_BLOCK_BYTES);
    if (limit < blockBytes) return 0;
    memset(out, 0, (size_t)blockBytes);
    u8 *at = out + blockBytes;
    u8 *end = out + limit;
    for (u64 block = 0; block < pageSize / PAGE_CODEC_BLOCK_BYTES; ++block)
    {
        u32 words[8];
        memcpy(words, page + PAGE_CODEC_BLOCK_BYTES * block, sizeof(words));
        if (reference)
        {
            u32 old[8];
            memcpy(old, reference + PAGE_CODEC_BLOCK_BYTES * block, sizeof(old));
            for (u32 index = 0; index < 8; ++index) words[index] ^= old[index];
        }
        u32 codes = 0;
        for (u32 index = 0; index < 8; ++index) codes |= PageWordCode(words[index]) << (2 * index);
        if (!codes) continue;
        // NOTE: 2 + 32 bytes at most for this block, and each word is stored 4 bytes wide (the next
        // one overwrites what is not its): one check per block.
        if (end - at < 2 + PAGE_CODEC_BLOCK_BYTES + 4) return 0;
        out[block / 8] |= (u8)(1u << (block % 8));
        u16 codes16 = (u16)codes;
        memcpy(at, &codes16, 2);
        at += 2;
        for (u32 index = 0; index < 8; ++index)
        {
            memcpy(at, &words[index], 4);
            at += pageCodeBytes[(codes >> (2 * index)) & 3];
        }
    }
    return (u64)(at - out);
}

void PageUnpackXor(const u8 *packed, u64 packedSize, u8 *target, u64 pageSize)
{
    u64 blockBytes = pageSize / (8 * PAGE_CODEC_BLOCK_BYTES);
    const u8 *at = packed + blockBytes;
    for (u64 index = 0; index < blockBytes; ++index)
    {
        for (u32 bit = 0; bit < 8; ++bit)
        {
            if (!((packed[index] >> bit) & 1)) continue;
            u8 *block = target + PAGE_CODEC_BLOCK_BYTES * (8 * index + bit);
            u16 codes;
            memcpy(&codes, at, 2);
            at += 2;
            u32 words[8];
            memcpy(words, block, sizeof(words));
            // NOTE: no branch per word: each loads 4 bytes (PAGE_CODEC_READ_SLACK) and keeps its own.
            for (u32 word = 0; word < 8; ++word, codes >>= 2)
            {
                u32 value;
                memcpy(&value, at, 4);
                words[word] ^= value & pageCodeMasks[codes & 3];
                at += pageCodeBytes[codes & 3];
            }
            memcpy(block, words, sizeof(words));
        }
    }
    Assert((u64)(at - packed) == packedSize);
}
