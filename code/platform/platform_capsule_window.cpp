// The capsule recorder's window in transit: the bodies behind platform_capsule_window.h (the layout is there).

#include "platform/platform_capsule_window.h"
#include "platform/platform_capsule_checks.h"
#include "base/base_format.h"
#include <string.h>

StaticAssert(sizeof(capsule_window_record) == 72 + CAPSULE_WINDOW_MAX_CHECKPOINTS * 32 + CAPSULE_MAX_BUILDS * 16,
             "capsule_window_record is part of the window's layout");
StaticAssert(CAPSULE_CHUNK_BYTES + STATE_LAYOUT_MAX_FIELDS * sizeof(capsule_layout_field) + 2 * 64 <=
             CAPSULE_WINDOW_WRITE_SCRATCH_BYTES, "CAPSULE_WINDOW_WRITE_SCRATCH_BYTES holds what WriteCapsuleWindow pushes");

internal u64 CapsuleWindowFrameCount(const capsule_window_record *record)
{
    return record->frameSerial - record->firstSerial;
}

// A section of rawSize bytes stored as they are: its header, its chunks' headers and the bytes.
internal u64 CapsuleWindowSectionBytes(u64 rawSize)
{
    u64 chunks = (rawSize + CAPSULE_CHUNK_BYTES - 1) / CAPSULE_CHUNK_BYTES;
    return sizeof(capsule_section_header) + chunks * CAPSULE_CHUNK_HEADER_BYTES + rawSize;
}

u64 CapsuleWindowSize(const capsule_window *window)
{
    const capsule_window_record *record = &window->record;
    u64 size = sizeof(capsule_file_header) + CapsuleWindowSectionBytes(sizeof(*record)) +
               CapsuleWindowSectionBytes(8 + CapsuleWindowFrameCount(record) * sizeof(capsule_frame)) +
               CapsuleWindowSectionBytes(0);
    for (u32 index = 0; index < record->checkpointCount && index < CAPSULE_WINDOW_MAX_CHECKPOINTS; ++index)
    {
        const capsule_window_checkpoint *checkpoint = window->checkpoints + index;
        u64 fieldCount = checkpoint->layout ? checkpoint->layout->fieldCount : 0;
        size += CapsuleWindowSectionBytes(4 + fieldCount * sizeof(capsule_layout_field)) +
                CapsuleWindowSectionBytes(8 + (u64)checkpoint->pageCount * (4 + (u64)record->pageSize));
    }
    for (u32 index = 0; index < record->buildCount && index < CAPSULE_MAX_BUILDS; ++index)
    {
        const capsule_build_record *build = &window->builds[index].record;
        size += CapsuleWindowSectionBytes(sizeof(*build) + build->dllSize + build->pdbSize);
    }
    return size;
}

// What WriteCapsuleWindow refuses to write: anything ReadCapsuleWindow would refuse to read.
internal b32 CapsuleWindowCheck(const capsule_window *window, char *error, umm errorSize)
{
    const capsule_window_record *record = &window->record;
    if (record->checkpointCount > CAPSULE_WINDOW_MAX_CHECKPOINTS || record->buildCount > CAPSULE_MAX_BUILDS)
    {
        FormatText(error, errorSize, "%u checkpoints and %u builds (at most %u and %u)", record->checkpointCount,
                   record->buildCount, CAPSULE_WINDOW_MAX_CHECKPOINTS, CAPSULE_MAX_BUILDS);
        return 0;
    }
    if (record->firstSerial > record->frameSerial || CapsuleWindowFrameCount(record) > CAPSULE_MAX_FRAMES ||
        (CapsuleWindowFrameCount(record) && !window->frames))
    {
        FormatText(error, errorSize, "frames %llu up to %llu (at most %u, present)", (unsigned long long)record->firstSerial,
                   (unsigned long long)record->frameSerial, CAPSULE_MAX_FRAMES);
        return 0;
    }
    if (!IsPow2(record->pageSize) || record->pageSize < CAPSULE_MIN_PAGE_SIZE || record->pageSize > CAPSULE_MAX_PAGE_SIZE ||
        record->pageCount > CAPSULE_MAX_MEMORY_BYTES / record->pageSize)
    {
        FormatText(error, errorSize, "game memory of %llu pages of %u bytes (pages of %u to %u bytes, at most %llu bytes)",
                   (unsigned long long)record->pageCount, record->pageSize, CAPSULE_MIN_PAGE_SIZE, CAPSULE_MAX_PAGE_SIZE,
                   (unsigned long long)CAPSULE_MAX_MEMORY_BYTES);
        return 0;
    }
    for (u32 index = 0; index < record->checkpointCount; ++index)
    {
        const capsule_window_checkpoint *checkpoint = window->checkpoints + index;
        if (!checkpoint->layout || checkpoint->layout->fieldCount > STATE_LAYOUT_MAX_FIELDS ||
            (checkpoint->pageCount && (!checkpoint->pages || !checkpoint->data)))
        {
            FormatText(error, errorSize, "checkpoint %u without its layout or pages, or with over %u layout fields", index,
                       STATE_LAYOUT_MAX_FIELDS);
            return 0;
        }
        if (!CapsuleCheckPageList(checkpoint->pages, checkpoint->pageCount, record->pageCount, error, errorSize)) return 0;
    }
    b32 slotTaken[CAPSULE_MAX_BUILDS] = {};
    for (u32 index = 0; index < record->buildCount; ++index)
    {
        const capsule_build *build = window->builds + index;
        u32 slot = build->record.buildIndex;
        if (slot >= CAPSULE_MAX_BUILDS || slotTaken[slot] || !build->dll || (build->record.pdbSize && !build->pdb))
        {
            FormatText(error, errorSize, "build %u in slot %u: a slot below %u held once, with its DLL (and PDB)", index,
                       slot, CAPSULE_MAX_BUILDS);
            return 0;
        }
        slotTaken[slot] = 1;
        if (!CapsuleCheckBuildSizes(&build->record, error, errorSize)) return 0;
    }
    return 1;
}

//~ Writer
internal b32 CapsuleWriteWindowBody(capsule_writer *writer, const capsule_window *window, capsule_layout_field *fields)
{
    const capsule_window_record *record = &window->record;
    capsule_piece recordPieces[] = {{record, sizeof(*record)}};
    if (!CapsuleWriteSection(writer, CapsuleSection_Window, recordPieces, 1)) return 0;

    u32 frameCount = (u32)CapsuleWindowFrameCount(record);
    u32 recordSize = sizeof(capsule_frame);
    capsule_piece framePieces[] = {{&frameCount, 4}, {&recordSize, 4}, {window->frames, (u64)frameCount * recordSize}};
    if (!CapsuleWriteSection(writer, CapsuleSection_Frames, framePieces, 3)) return 0;

    for (u32 index = 0; index < record->checkpointCount; ++index)
    {
        const capsule_window_checkpoint *checkpoint = window->checkpoints + index;
        if (!CapsuleWriteLayout(writer, checkpoint->layout, fields)) return 0;
        u32 pageCount = checkpoint->pageCount;
        capsule_piece pagePieces[] = {{&pageCount, 4}, {&record->pageSize, 4}, {checkpoint->pages, (u64)pageCount * 4},
                                      {checkpoint->data, (u64)pageCount * record->pageSize}};
        if (!CapsuleWriteSection(writer, CapsuleSection_Checkpoint, pagePieces, 4)) return 0;
    }

    return CapsuleWriteBuildsAndEnd(writer, window->builds, record->buildCount);
}

b32 WriteCapsuleWindow(const capsule_window *window, capsule_sink *sink, void *sinkContext, memory_arena *scratch,
                       char *error, umm errorSize)
{
    FormatText(error, errorSize, "%s", "");
    if (!CapsuleWindowCheck(window, error, errorSize)) return 0;
    capsule_file_header header = CapsuleHeaderToWrite();

    temporary_memory temporary = BeginTemporaryMemory(scratch);
    // NOTE: no compression buffer: every chunk is stored as it is.
    capsule_writer writer = {sink, sinkContext, 0, 0, error, errorSize};
    writer.gathered = (u8 *)PushSize_(scratch, CAPSULE_CHUNK_BYTES, 64);
    capsule_layout_field *fields = PushArray(scratch, STATE_LAYOUT_MAX_FIELDS, capsule_layout_field);
    b32 written = 0;
    if (!writer.gathered || !fields)
    {
        FormatText(error, errorSize, "scratch arena too small for the window writer (needs %u bytes)",
                   (u32)CAPSULE_WINDOW_WRITE_SCRATCH_BYTES);
    }
    else if (CapsuleSinkWrite(&writer, &header, sizeof(header)))
    {
        written = CapsuleWriteWindowBody(&writer, window, fields);
    }
    EndTemporaryMemory(temporary);
    return written;
}

//~ Reader
u64 CapsuleWindowArenaBytes(u64 size)
{
    // Every section's raw bytes (at most what is stored, chunks being stored as they are) and its
    // alignment, the layouts' copies and the view CopyStateLayout reads while one is made.
    u64 sections = 4 + 2 * CAPSULE_WINDOW_MAX_CHECKPOINTS + CAPSULE_MAX_BUILDS;
    return size + sections * 16 + CAPSULE_WINDOW_MAX_CHECKPOINTS * (sizeof(state_layout) + 16) +
           (STATE_LAYOUT_MAX_FIELDS + 1) * sizeof(game_layout_field) + 64;
}

struct capsule_window_reader
{
    const u8 *bytes;
    u64 size;
    u64 offset;                     // of the next section's header
    memory_arena *arena;
    char *error;
    umm errorSize;
};

// The next section, which must be of this kind: its raw bytes (in the arena, checksum checked) and
// their size, or 0 (error set).
internal const u8 *CapsuleWindowSection(capsule_window_reader *reader, u32 kind, u64 *rawSize)
{
    capsule_section_spot spot;
    const char *name = CapsuleSectionName(kind);
    if (reader->size - reader->offset < sizeof(spot.header))
    {
        FormatText(reader->error, reader->errorSize, "truncated: section %s missing", name);
        return 0;
    }
    memcpy(&spot.header, reader->bytes + reader->offset, sizeof(spot.header));
    spot.offset = reader->offset + sizeof(spot.header);
    if (spot.header.kind != kind)
    {
        FormatText(reader->error, reader->errorSize, "section %s (kind %u) where %s belongs",
                   CapsuleSectionName(spot.header.kind), spot.header.kind, name);
        return 0;
    }
    reader->offset = spot.offset;
    if (!CapsuleScanChunks(reader->bytes, reader->size, &reader->offset, &spot.header, name, reader->error,
                           reader->errorSize))
        return 0;
    *rawSize = spot.header.rawSize;
    if (kind == CapsuleSection_End) return reader->bytes;      // nothing to read: a non-null answer
    return CapsuleReadSection(reader->bytes, &spot, reader->arena, name, reader->error, reader->errorSize);
}

internal b32 CapsuleWindowReadFrames(capsule_window_reader *reader, capsule_window *window)
{
    u64 rawSize = 0;
    const u8 *raw = CapsuleWindowSection(reader, CapsuleSection_Frames, &rawSize);
    if (!raw) return 0;
    u32 counts[2] = {0, 0};     // frameCount, recordSize
    if (rawSize >= 8) memcpy(counts, raw, 8);
    u64 frameCount = CapsuleWindowFrameCount(&window->record);
    if (rawSize < 8 || counts[0] != frameCount || counts[1] != sizeof(capsule_frame) ||
        rawSize != 8 + (u64)counts[0] * counts[1])
    {
        FormatText(reader->error, reader->errorSize, "section Frames has %llu bytes for %u frames of %u bytes (expected "
                   "%llu of %u)", (unsigned long long)rawSize, counts[0], counts[1], (unsigned long long)frameCount,
                   (u32)sizeof(capsule_frame));
        return 0;
    }
    // NOTE: the section starts 16-aligned in the arena, so the records after the two counts are 8-aligned.
    window->frames = (const capsule_frame *)(raw + 8);
    return 1;
}

internal b32 CapsuleWindowReadCheckpoint(capsule_window_reader *reader, capsule_window *window, u32 index)
{
    capsule_window_checkpoint *checkpoint = window->checkpoints + index;
    u64 rawSize = 0;
    const u8 *raw = CapsuleWindowSection(reader, CapsuleSection_Layout, &rawSize);
    state_layout *layout = 0;
    if (!raw || !CapsuleReadLayout(raw, rawSize, reader->arena, &layout, reader->error, reader->errorSize)) return 0;
    layout->present = window->record.checkpoints[index].layoutPresent != 0;
    checkpoint->layout = layout;

    raw = CapsuleWindowSection(reader, CapsuleSection_Checkpoint, &rawSize);
    if (!raw) return 0;
    u32 counts[2] = {0, 0};     // pageCount, pageSize
    if (rawSize >= 8) memcpy(counts, raw, 8);
    if (rawSize < 8 || counts[1] != window->record.pageSize || rawSize != 8 + (u64)counts[0] * (4 + (u64)counts[1]))
    {
        FormatText(reader->error, reader->errorSize, "section Checkpoint has %llu bytes for %u pages of %u bytes (the "
                   "window has pages of %u)", (unsigned long long)rawSize, counts[0], counts[1], window->record.pageSize);
        return 0;
    }
    checkpoint->pageCount = counts[0];
    checkpoint->pages = (const u32 *)(raw + 8);
    checkpoint->data = raw + 8 + 4 * (u64)counts[0];
    return 1;
}

internal b32 CapsuleWindowReadBuild(capsule_window_reader *reader, capsule_window *window, u32 index)
{
    u64 rawSize = 0;
    const u8 *raw = CapsuleWindowSection(reader, CapsuleSection_Build, &rawSize);
    if (!raw) return 0;
    capsule_build *build = window->builds + index;
    if (rawSize < sizeof(build->record))
    {
        FormatText(reader->error, reader->errorSize, "section Build %u has %llu bytes, less than its record", index,
                   (unsigned long long)rawSize);
        return 0;
    }
    memcpy(&build->record, raw, sizeof(build->record));
    const capsule_build_record *record = &build->record;
    if (!CapsuleCheckBuildSizes(record, reader->error, reader->errorSize)) return 0;
    if (rawSize != sizeof(*record) + record->dllSize + record->pdbSize ||
        !CapsuleTerminated(record->dllName, sizeof(record->dllName)) || !CapsuleTerminated(record->pdbName, sizeof(record->pdbName)))
    {
        FormatText(reader->error, reader->errorSize, "section Build %u has %llu bytes for a %llu-byte DLL and a %llu-byte "
                   "PDB, or unterminated names", index, (unsigned long long)rawSize, (unsigned long long)record->dllSize,
                   (unsigned long long)record->pdbSize);
        return 0;
    }
    build->dll = raw + sizeof(*record);
    build->pdb = record->pdbSize ? build->dll + record->dllSize : 0;
    return 1;
}

b32 ReadCapsuleWindow(const u8 *bytes, u64 size, memory_arena *arena, capsule_window *window, char *error,
                      umm errorSize)
{
    memset(window, 0, sizeof(*window));
    FormatText(error, errorSize, "%s", "");
    if (!CapsuleScanHeader(bytes, size, error, errorSize)) return 0;
    capsule_window_reader reader = {bytes, size, sizeof(capsule_file_header), arena, error, errorSize};
    u64 rawSize = 0;
    const u8 *raw = CapsuleWindowSection(&reader, CapsuleSection_Window, &rawSize);
    if (!raw) return 0;
    if (rawSize != sizeof(window->record))
    {
        FormatText(error, errorSize, "section Window has %llu bytes, not %u", (unsigned long long)rawSize,
                   (u32)sizeof(window->record));
        return 0;
    }
    memcpy(&window->record, raw, sizeof(window->record));
    capsule_window_record *record = &window->record;
    if (record->checkpointCount > CAPSULE_WINDOW_MAX_CHECKPOINTS || record->buildCount > CAPSULE_MAX_BUILDS ||
        record->firstSerial > record->frameSerial || CapsuleWindowFrameCount(record) > CAPSULE_MAX_FRAMES)
    {
        FormatText(error, errorSize, "the window claims %u checkpoints, %u builds and frames %llu up to %llu",
                   record->checkpointCount, record->buildCount, (unsigned long long)record->firstSerial,
                   (unsigned long long)record->frameSerial);
        return 0;
    }
    if (!CapsuleWindowReadFrames(&reader, window)) return 0;
    for (u32 index = 0; index < record->checkpointCount; ++index)
        if (!CapsuleWindowReadCheckpoint(&reader, window, index)) return 0;
    for (u32 index = 0; index < record->buildCount; ++index)
        if (!CapsuleWindowReadBuild(&reader, window, index)) return 0;
    if (!CapsuleWindowSection(&reader, CapsuleSection_End, &rawSize)) return 0;
    if (rawSize || reader.offset != size)
    {
        FormatText(error, errorSize, "an End section of %llu bytes, or %llu bytes after it", (unsigned long long)rawSize,
                   (unsigned long long)(size - reader.offset));
        return 0;
    }
    return CapsuleWindowCheck(window, error, errorSize);
}
