// The capsule checks shared by its writer and reader, declared in platform_capsule_checks.h.

#include "platform/platform_capsule_checks.h"
#include "base/base_format.h"
#include "base/base_hash.h"
#include <string.h>

//~ Checksum
// FNV-1a's step over 64-bit words in four independent lanes (a byte at a time ran at about 750 MB/s,
// slower than the compressor on zero pages; the lanes run at several GB/s), a shift to mix high bits
// down, then the lanes, the tail bytes and the length folded together and mixed once more. Any
// change confined to one word changes the result.

void CapsuleChecksumBegin(capsule_checksum_state *state)
{
    memset(state, 0, sizeof(*state));
    for (u32 lane = 0; lane < 4; ++lane) state->lanes[lane] = FNV64_OFFSET_BASIS + lane;
}

internal inline void CapsuleChecksumBlock(u64 *lanes, const u8 *block)
{
    for (u32 lane = 0; lane < 4; ++lane)
    {
        u64 word;
        memcpy(&word, block + 8 * lane, 8);
        u64 value = (lanes[lane] ^ word) * FNV64_PRIME;
        lanes[lane] = value ^ (value >> 29);
    }
}

void CapsuleChecksumAdd(capsule_checksum_state *state, const void *bytes, u64 size)
{
    const u8 *at = (const u8 *)bytes;
    state->total += size;
    if (state->pendingCount)
    {
        u64 take = Minimum(size, (u64)(32 - state->pendingCount));
        memcpy(state->pending + state->pendingCount, at, (umm)take);
        state->pendingCount += (u32)take;
        at += take;
        size -= take;
        if (state->pendingCount < 32) return;
        CapsuleChecksumBlock(state->lanes, state->pending);
        state->pendingCount = 0;
    }
    u64 lanes[4] = {state->lanes[0], state->lanes[1], state->lanes[2], state->lanes[3]};
    for (; size >= 32; size -= 32, at += 32) CapsuleChecksumBlock(lanes, at);
    memcpy(state->lanes, lanes, sizeof(lanes));
    if (size) memcpy(state->pending, at, (umm)size);
    state->pendingCount = (u32)size;
}

u64 CapsuleChecksumEnd(capsule_checksum_state *state)
{
    u64 hash = FNV64_OFFSET_BASIS;
    for (u32 lane = 0; lane < 4; ++lane) hash = (hash ^ state->lanes[lane]) * FNV64_PRIME;
    for (u32 index = 0; index < state->pendingCount; ++index) hash = (hash ^ state->pending[index]) * FNV64_PRIME;
    hash ^= state->total;
    hash ^= hash >> 33;
    hash *= 0xff51afd7ed558ccdull;
    hash ^= hash >> 33;
    hash *= 0xc4ceb9fe1a85ec53ull;
    hash ^= hash >> 33;
    return hash;
}

//~ Checks shared by the writer and the reader
const char *CapsuleSectionName(u32 kind)
{
    switch (kind)
    {
        case CapsuleSection_End: return "End";
        case CapsuleSection_Info: return "Info";
        case CapsuleSection_Layout: return "Layout";
        case CapsuleSection_Checkpoint: return "Checkpoint";
        case CapsuleSection_Frames: return "Frames";
        case CapsuleSection_Log: return "Log";
        case CapsuleSection_Build: return "Build";
        case CapsuleSection_Tunes: return "Tunes";
        case CapsuleSection_Window: return "Window";
    }
    return "?";
}

b32 CapsuleTerminated(const char *text, umm size) { return memchr(text, 0, size) != 0; }

// Page size, memory sizes and counts of an info block (the writer's or a file's).
b32 CapsuleCheckInfo(const capsule_info *info, char *error, umm errorSize)
{
    if (!IsPow2(info->pageSize) || info->pageSize < CAPSULE_MIN_PAGE_SIZE || info->pageSize > CAPSULE_MAX_PAGE_SIZE)
    {
        FormatText(error, errorSize, "page size %u is not a power of two from %u to %u", info->pageSize,
                   CAPSULE_MIN_PAGE_SIZE, CAPSULE_MAX_PAGE_SIZE);
        return 0;
    }
    if (info->permanentSize > CAPSULE_MAX_MEMORY_BYTES || info->transientSize > CAPSULE_MAX_MEMORY_BYTES - info->permanentSize)
    {
        FormatText(error, errorSize, "game memory of %llu + %llu bytes (at most %llu)", (unsigned long long)info->permanentSize,
                   (unsigned long long)info->transientSize, (unsigned long long)CAPSULE_MAX_MEMORY_BYTES);
        return 0;
    }
    if (info->permanentSize % info->pageSize || info->transientSize % info->pageSize)
    {
        FormatText(error, errorSize, "game memory of %llu + %llu bytes is not a whole number of %u-byte pages",
                   (unsigned long long)info->permanentSize, (unsigned long long)info->transientSize, info->pageSize);
        return 0;
    }
    if (info->frameCount > CAPSULE_MAX_FRAMES)
    {
        FormatText(error, errorSize, "%u frames (at most %u)", info->frameCount, CAPSULE_MAX_FRAMES);
        return 0;
    }
    if (info->buildCount == 0 || info->buildCount > CAPSULE_MAX_BUILDS)
    {
        FormatText(error, errorSize, "%u builds (1 to %u)", info->buildCount, CAPSULE_MAX_BUILDS);
        return 0;
    }
    return 1;
}

b32 CapsuleCheckPages(const capsule_info *info, const u32 *pages, u32 pageCount, char *error, umm errorSize)
{
    return CapsuleCheckPageList(pages, pageCount, (info->permanentSize + info->transientSize) / info->pageSize, error,
                                errorSize);
}

b32 CapsuleCheckPageList(const u32 *pages, u32 pageCount, u64 totalPages, char *error, umm errorSize)
{
    if (pageCount > totalPages)
    {
        FormatText(error, errorSize, "checkpoint holds %u pages of a %llu-page memory", pageCount, (unsigned long long)totalPages);
        return 0;
    }
    for (u32 index = 0; index < pageCount; ++index)
    {
        if (pages[index] >= totalPages || (index && pages[index] <= pages[index - 1]))
        {
            FormatText(error, errorSize, "checkpoint page %u has index %u (increasing, below %llu)", index, pages[index],
                       (unsigned long long)totalPages);
            return 0;
        }
    }
    return 1;
}

b32 CapsuleCheckFrames(const capsule_info *info, const capsule_frame *frames, char *error, umm errorSize)
{
    for (u32 index = 0; index < info->frameCount; ++index)
    {
        if (frames[index].buildIndex >= info->buildCount)
        {
            FormatText(error, errorSize, "frame %u names build %u of %u", index, frames[index].buildIndex, info->buildCount);
            return 0;
        }
    }
    return 1;
}

b32 CapsuleCheckBuildSizes(const capsule_build_record *record, char *error, umm errorSize)
{
    if (record->dllSize == 0 || record->dllSize > CAPSULE_MAX_BUILD_BYTES || record->pdbSize > CAPSULE_MAX_BUILD_BYTES)
    {
        FormatText(error, errorSize, "build %u has a %llu-byte DLL and a %llu-byte PDB (DLL 1 to %u bytes, PDB at most that)",
                   record->buildIndex, (unsigned long long)record->dllSize, (unsigned long long)record->pdbSize,
                   CAPSULE_MAX_BUILD_BYTES);
        return 0;
    }
    return 1;
}


//~ The structural pass
// The most raw bytes a section of each kind can hold within the limits.
internal u64 CapsuleSectionLimit(u32 kind)
{
    switch (kind)
    {
        case CapsuleSection_Info: return sizeof(capsule_info);
        case CapsuleSection_Layout: return 4 + (u64)STATE_LAYOUT_MAX_FIELDS * sizeof(capsule_layout_field);
        case CapsuleSection_Checkpoint: return 8 + 4 * CAPSULE_MAX_PAGES + CAPSULE_MAX_MEMORY_BYTES;
        case CapsuleSection_Frames: return 8 + (u64)CAPSULE_MAX_FRAMES * sizeof(capsule_frame);
        case CapsuleSection_Log: return CAPSULE_MAX_LOG_BYTES;
        case CapsuleSection_Build: return sizeof(capsule_build_record) + 2 * (u64)CAPSULE_MAX_BUILD_BYTES;
        case CapsuleSection_Tunes: return 8 + (u64)CAPSULE_MAX_TUNE_RECORDS * sizeof(capsule_tune_record);
    }
    return 0;
}

// The chunks of the section at *offset: each raw size 1..CAPSULE_CHUNK_BYTES, stored size 1..raw
// size and inside the file, raw sizes adding up to the section's.
b32 CapsuleScanChunks(const u8 *file, u64 fileSize, u64 *offset, const capsule_section_header *header,
                      const char *name, char *error, umm errorSize)
{
    u64 sum = 0;
    for (u32 chunk = 0; chunk < header->chunkCount; ++chunk)
    {
        u32 sizes[2] = {0, 0};
        b32 headerFits = fileSize - *offset >= CAPSULE_CHUNK_HEADER_BYTES;
        if (headerFits)
        {
            memcpy(sizes, file + *offset, sizeof(sizes));
            *offset += CAPSULE_CHUNK_HEADER_BYTES;
            if (sizes[0] == 0 || sizes[0] > CAPSULE_CHUNK_BYTES || sizes[1] == 0 || sizes[1] > sizes[0])
            {
                FormatText(error, errorSize, "section %s, chunk %u: %u bytes stored for %u (1 to %u, stored at most raw)",
                           name, chunk, sizes[1], sizes[0], CAPSULE_CHUNK_BYTES);
                return 0;
            }
        }
        if (!headerFits || sizes[1] > fileSize - *offset)
        {
            FormatText(error, errorSize, "truncated: section %s ends past the end of the file", name);
            return 0;
        }
        *offset += sizes[1];
        sum += sizes[0];
        if (sum > header->rawSize) break;
    }
    if (sum != header->rawSize)
    {
        FormatText(error, errorSize, "section %s: its chunks hold %s%llu of its %llu bytes", name,
                   sum > header->rawSize ? "more than " : "", (unsigned long long)sum, (unsigned long long)header->rawSize);
        return 0;
    }
    return 1;
}

b32 CapsuleScanHeader(const u8 *file, u64 fileSize, char *error, umm errorSize)
{
    capsule_file_header header;
    if (fileSize < sizeof(header) || memcmp(file, CAPSULE_MAGIC, 8) != 0)
    {
        FormatText(error, errorSize, "not a capsule (%s)", fileSize < 8 ? "shorter than its magic" : "bad magic");
        return 0;
    }
    memcpy(&header, file, sizeof(header));
    if (header.formatVersion != CAPSULE_FORMAT_VERSION)
    {
        FormatText(error, errorSize, "capsule format version %u, this engine reads %u", header.formatVersion, CAPSULE_FORMAT_VERSION);
        return 0;
    }
    if (header.contractVersion != GAME_CONTRACT_VERSION)
    {
        FormatText(error, errorSize, "recorded by contract version %u, this engine speaks %u", header.contractVersion,
                   GAME_CONTRACT_VERSION);
        return 0;
    }
    return 1;
}

b32 CapsuleScan(const u8 *file, u64 fileSize, capsule_scan *scan, char *error, umm errorSize)
{
    memset(scan, 0, sizeof(*scan));
    FormatText(error, errorSize, "%s", "");
    if (!CapsuleScanHeader(file, fileSize, error, errorSize)) return 0;
    u64 offset = sizeof(capsule_file_header);
    for (;;)
    {
        capsule_section_spot spot;
        if (fileSize - offset < sizeof(spot.header))
        {
            FormatText(error, errorSize, "truncated: %s", offset == fileSize ? "no End section" : "a section header ends past the end of the file");
            return 0;
        }
        memcpy(&spot.header, file + offset, sizeof(spot.header));
        spot.offset = offset + sizeof(spot.header);
        u32 kind = spot.header.kind;
        const char *name = CapsuleSectionName(kind);
        if (kind >= CapsuleSection_KindCount)
        {
            FormatText(error, errorSize, "unknown section kind %u at byte %llu", kind, (unsigned long long)offset);
            return 0;
        }
        if (kind == CapsuleSection_Build && scan->buildSections == CAPSULE_MAX_BUILDS)
        {
            FormatText(error, errorSize, "more than %u Build sections", CAPSULE_MAX_BUILDS);
            return 0;
        }
        if (kind != CapsuleSection_Build && scan->have[kind])
        {
            FormatText(error, errorSize, "section %s appears twice", name);
            return 0;
        }
        u64 limit = CapsuleSectionLimit(kind);
        if (spot.header.rawSize > limit || (kind == CapsuleSection_Info && spot.header.rawSize != limit))
        {
            FormatText(error, errorSize, "section %s claims %llu bytes (%s %llu)", name, (unsigned long long)spot.header.rawSize,
                       kind == CapsuleSection_Info ? "exactly" : "at most", (unsigned long long)limit);
            return 0;
        }
        offset = spot.offset;
        if (!CapsuleScanChunks(file, fileSize, &offset, &spot.header, name, error, errorSize)) return 0;
        scan->arenaBytes += AlignPow2(spot.header.rawSize, 16) + 16;
        if (kind == CapsuleSection_Build)
        {
            scan->builds[scan->buildSections++] = spot;
            continue;
        }
        scan->sections[kind] = spot;
        scan->have[kind] = 1;
        if (kind == CapsuleSection_End) break;
    }
    if (offset != fileSize)
    {
        FormatText(error, errorSize, "trailing bytes: %llu after the End section", (unsigned long long)(fileSize - offset));
        return 0;
    }
    const u32 required[] = {CapsuleSection_Info, CapsuleSection_Layout, CapsuleSection_Checkpoint, CapsuleSection_Frames};
    for (u32 index = 0; index < ArrayCount(required); ++index)
    {
        if (scan->have[required[index]]) continue;
        FormatText(error, errorSize, "section %s missing", CapsuleSectionName(required[index]));
        return 0;
    }
    // The layout's copy and, while it is made, the view CopyStateLayout reads.
    // (ReadCapsule pushes fieldCount + 1 view entries; 128 covers that one and both alignments.)
    scan->arenaBytes += sizeof(state_layout) + STATE_LAYOUT_MAX_FIELDS * sizeof(game_layout_field) + 128;
    return 1;
}

b32 CapsuleSameFault(const capsule_fault *recorded, const capsule_fault *now)
{
    if (recorded->frameIndex != now->frameIndex || recorded->code != now->code) return 0;
    if (recorded->function[0] && now->function[0])
    {
        if (strcmp(recorded->function, now->function) != 0) return 0;
        return recorded->code == CAPSULE_HANG_CODE || recorded->line == now->line;
    }
    return recorded->code == CAPSULE_HANG_CODE || recorded->moduleOffset == now->moduleOffset;
}
