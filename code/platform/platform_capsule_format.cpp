// The capsule file's writer and reader, declared in platform_capsule_format.h (the layout is there).

#include "platform/platform_capsule_format.h"
#include "platform/platform_capsule_compress.h"
#include "platform/platform_capsule_checks.h"
#include "base/base_format.h"
#include <string.h>

StaticAssert(sizeof(capsule_file_header) == 16, "capsule_file_header is part of the file format");
StaticAssert(sizeof(capsule_section_header) == 24, "capsule_section_header is part of the file format");
StaticAssert(sizeof(capsule_layout_field) == 3 * STATE_LAYOUT_MAX_NAME + 16, "capsule_layout_field is part of the file format");
StaticAssert(sizeof(capsule_build_record) == 288, "capsule_build_record is part of the file format");
StaticAssert(2 * CAPSULE_CHUNK_BYTES + STATE_LAYOUT_MAX_FIELDS * sizeof(capsule_layout_field) + 3 * 64 <= CAPSULE_WRITE_SCRATCH_BYTES,
             "CAPSULE_WRITE_SCRATCH_BYTES holds what WriteCapsule pushes");

u64 CapsuleChecksum(const void *bytes, u64 size)
{
    capsule_checksum_state state;
    CapsuleChecksumBegin(&state);
    CapsuleChecksumAdd(&state, bytes, size);
    return CapsuleChecksumEnd(&state);
}

//~ Writer
b32 CapsuleSinkWrite(capsule_writer *writer, const void *bytes, u64 size)
{
    if (writer->sink(writer->sinkContext, bytes, size)) return 1;
    FormatText(writer->error, writer->errorSize, "writing the capsule failed (%llu bytes refused)", (unsigned long long)size);
    return 0;
}

b32 CapsuleWriteSection(capsule_writer *writer, u32 kind, const capsule_piece *pieces, u32 pieceCount)
{
    capsule_checksum_state checksum;
    CapsuleChecksumBegin(&checksum);
    u64 rawSize = 0;
    for (u32 index = 0; index < pieceCount; ++index)
    {
        if (pieces[index].size) CapsuleChecksumAdd(&checksum, pieces[index].bytes, pieces[index].size);
        rawSize += pieces[index].size;
    }
    capsule_section_header header = {kind, (u32)((rawSize + CAPSULE_CHUNK_BYTES - 1) / CAPSULE_CHUNK_BYTES), rawSize,
                                      CapsuleChecksumEnd(&checksum)};
    if (!CapsuleSinkWrite(writer, &header, sizeof(header))) return 0;

    u32 piece = 0;
    u64 pieceOffset = 0;
    for (u64 left = rawSize; left;)
    {
        u32 chunkSize = (u32)Minimum(left, (u64)CAPSULE_CHUNK_BYTES);
        const u8 *raw = 0;
        while (pieces[piece].size == pieceOffset) { ++piece; pieceOffset = 0; }
        if (pieces[piece].size - pieceOffset >= chunkSize)
        {
            raw = (const u8 *)pieces[piece].bytes + pieceOffset;   // inside one piece: no copy
            pieceOffset += chunkSize;
        }
        else
        {
            for (u32 filled = 0; filled < chunkSize;)
            {
                while (pieces[piece].size == pieceOffset) { ++piece; pieceOffset = 0; }
                u64 take = Minimum((u64)(chunkSize - filled), pieces[piece].size - pieceOffset);
                memcpy(writer->gathered + filled, (const u8 *)pieces[piece].bytes + pieceOffset, (umm)take);
                filled += (u32)take;
                pieceOffset += take;
            }
            raw = writer->gathered;
        }
        u64 storedSize = writer->compressed ? CapsuleCompress(raw, chunkSize, writer->compressed, CAPSULE_CHUNK_BYTES) : 0;
        const u8 *stored = storedSize ? writer->compressed : raw;
        u32 chunkHeader[2] = {chunkSize, storedSize ? (u32)storedSize : chunkSize};
        if (!CapsuleSinkWrite(writer, chunkHeader, sizeof(chunkHeader)) || !CapsuleSinkWrite(writer, stored, chunkHeader[1]))
            return 0;
        left -= chunkSize;
    }
    return 1;
}

// What WriteCapsule refuses to write: anything ReadCapsule would refuse to read.
internal b32 CapsuleCheckContents(const capsule_contents *contents, char *error, umm errorSize)
{
    const capsule_info *info = &contents->info;
    if (!CapsuleCheckInfo(info, error, errorSize)) return 0;
    if ((contents->checkpointPageCount && (!contents->checkpointPages || !contents->checkpointData)) ||
        (info->frameCount && !contents->frames) || (contents->logSize && !contents->log))
    {
        FormatText(error, errorSize, "%s", "contents without the checkpoint, frames or log they count");
        return 0;
    }
    if (!CapsuleCheckPages(info, contents->checkpointPages, contents->checkpointPageCount, error, errorSize) ||
        !CapsuleCheckFrames(info, contents->frames, error, errorSize))
    {
        return 0;
    }
    if (contents->logSize > CAPSULE_MAX_LOG_BYTES)
    {
        FormatText(error, errorSize, "log of %llu bytes (at most %u)", (unsigned long long)contents->logSize, CAPSULE_MAX_LOG_BYTES);
        return 0;
    }
    if (contents->layout && contents->layout->fieldCount > STATE_LAYOUT_MAX_FIELDS)
    {
        FormatText(error, errorSize, "layout has %u fields (at most %u)", contents->layout->fieldCount, STATE_LAYOUT_MAX_FIELDS);
        return 0;
    }
    for (u32 index = 0; index < info->buildCount; ++index)
    {
        const capsule_build *build = contents->builds + index;
        if (build->record.buildIndex != index || !build->dll || (build->record.pdbSize && !build->pdb))
        {
            FormatText(error, errorSize, "build %u is recorded as build %u%s", index, build->record.buildIndex,
                       build->dll ? (build->record.pdbSize && !build->pdb ? " and has no PDB bytes" : "") : " and has no DLL");
            return 0;
        }
        if (!CapsuleCheckBuildSizes(&build->record, error, errorSize)) return 0;
    }
    return 1;
}

b32 CapsuleWriteLayout(capsule_writer *writer, const state_layout *layout, capsule_layout_field *fields)
{
    u32 fieldCount = layout ? layout->fieldCount : 0;
    for (u32 index = 0; index < fieldCount; ++index)
    {
        const state_layout_field *from = layout->fields + index;
        capsule_layout_field *to = fields + index;
        memcpy(to->structName, from->structName, STATE_LAYOUT_MAX_NAME);
        memcpy(to->fieldName, from->fieldName, STATE_LAYOUT_MAX_NAME);
        memcpy(to->typeName, from->typeName, STATE_LAYOUT_MAX_NAME);
        CapsuleForceTerminated(to->structName);
        CapsuleForceTerminated(to->fieldName);
        CapsuleForceTerminated(to->typeName);
        to->offset = from->offset;
        to->size = from->size;
        to->count = from->count;
    }
    capsule_piece layoutPieces[] = {{&fieldCount, 4}, {fields, (u64)fieldCount * sizeof(capsule_layout_field)}};
    return CapsuleWriteSection(writer, CapsuleSection_Layout, layoutPieces, 2);
}

internal b32 CapsuleWriteBody(capsule_writer *writer, const capsule_contents *contents, capsule_layout_field *fields)
{
    capsule_info info = contents->info;
    info.gameInputSize = sizeof(game_input);
    CapsuleForceTerminated(info.gameName);
    CapsuleForceTerminated(info.rootStructName);
    CapsuleForceTerminated(info.engineBuild);
    CapsuleForceTerminated(info.fault.function);
    CapsuleForceTerminated(info.fault.file);
    CapsuleForceTerminated(info.fault.description);
    for (u32 index = 0; index < GAME_MAX_ARGUMENTS; ++index)
    {
        CapsuleForceTerminated(info.arguments.entries[index].name);
        CapsuleForceTerminated(info.arguments.entries[index].value);
    }
    capsule_piece infoPieces[] = {{&info, sizeof(info)}};
    if (!CapsuleWriteSection(writer, CapsuleSection_Info, infoPieces, 1)) return 0;

    if (!CapsuleWriteLayout(writer, contents->layout, fields)) return 0;

    u32 pageCount = contents->checkpointPageCount;
    capsule_piece checkpointPieces[] = {{&pageCount, 4}, {&info.pageSize, 4}, {contents->checkpointPages, (u64)pageCount * 4},
                                        {contents->checkpointData, (u64)pageCount * info.pageSize}};
    if (!CapsuleWriteSection(writer, CapsuleSection_Checkpoint, checkpointPieces, 4)) return 0;

    u32 recordSize = sizeof(capsule_frame);
    capsule_piece framePieces[] = {{&info.frameCount, 4}, {&recordSize, 4}, {contents->frames, (u64)info.frameCount * recordSize}};
    if (!CapsuleWriteSection(writer, CapsuleSection_Frames, framePieces, 3)) return 0;

    capsule_piece logPieces[] = {{contents->log, contents->logSize}};
    if (!CapsuleWriteSection(writer, CapsuleSection_Log, logPieces, 1)) return 0;

    u32 tuneCount = contents->tunes ? contents->tuneCount : 0;
    if (tuneCount > CAPSULE_MAX_TUNE_RECORDS) return 0;
    u32 tuneSize = sizeof(capsule_tune_record);
    capsule_piece tunePieces[] = {{&tuneCount, 4}, {&tuneSize, 4}, {contents->tunes, (u64)tuneCount * tuneSize}};
    if (!CapsuleWriteSection(writer, CapsuleSection_Tunes, tunePieces, 3)) return 0;

    return CapsuleWriteBuildsAndEnd(writer, contents->builds, info.buildCount);
}

b32 CapsuleWriteBuildsAndEnd(capsule_writer *writer, const capsule_build *builds, u32 buildCount)
{
    for (u32 index = 0; index < buildCount; ++index)
    {
        const capsule_build *build = builds + index;
        capsule_build_record record = build->record;
        CapsuleForceTerminated(record.dllName);
        CapsuleForceTerminated(record.pdbName);
        capsule_piece buildPieces[] = {{&record, sizeof(record)}, {build->dll, record.dllSize}, {build->pdb, record.pdbSize}};
        if (!CapsuleWriteSection(writer, CapsuleSection_Build, buildPieces, 3)) return 0;
    }
    return CapsuleWriteSection(writer, CapsuleSection_End, 0, 0);
}

capsule_file_header CapsuleHeaderToWrite(void)
{
    capsule_file_header header;
    memcpy(header.magic, CAPSULE_MAGIC, sizeof(header.magic));
    header.formatVersion = CAPSULE_FORMAT_VERSION;
    header.contractVersion = GAME_CONTRACT_VERSION;
    return header;
}

b32 WriteCapsule(const capsule_contents *contents, capsule_sink *sink, void *sinkContext, memory_arena *scratch,
                 char *error, umm errorSize)
{
    FormatText(error, errorSize, "%s", "");
    if (!CapsuleCheckContents(contents, error, errorSize)) return 0;
    capsule_file_header header = CapsuleHeaderToWrite();

    temporary_memory temporary = BeginTemporaryMemory(scratch);
    capsule_writer writer = {sink, sinkContext, 0, 0, error, errorSize};
    writer.gathered = (u8 *)PushSize_(scratch, CAPSULE_CHUNK_BYTES, 64);
    writer.compressed = (u8 *)PushSize_(scratch, CAPSULE_CHUNK_BYTES, 64);
    capsule_layout_field *fields = PushArray(scratch, STATE_LAYOUT_MAX_FIELDS, capsule_layout_field);
    b32 written = 0;
    if (!writer.gathered || !writer.compressed || !fields)
    {
        FormatText(error, errorSize, "scratch arena too small for the capsule writer (needs %u bytes)", CAPSULE_WRITE_SCRATCH_BYTES);
    }
    else if (CapsuleSinkWrite(&writer, &header, sizeof(header)))
    {
        written = CapsuleWriteBody(&writer, contents, fields);
    }
    EndTemporaryMemory(temporary);
    return written;
}

//~ Reader
b32 MeasureCapsule(const u8 *file, u64 fileSize, u64 *arenaBytesNeeded, char *error, umm errorSize)
{
    capsule_scan scan;
    *arenaBytesNeeded = 0;
    if (!CapsuleScan(file, fileSize, &scan, error, errorSize)) return 0;
    *arenaBytesNeeded = scan.arenaBytes;
    return 1;
}

// NOTE: the scan has checked every chunk's sizes against the file and the section.
u8 *CapsuleReadSection(const u8 *file, const capsule_section_spot *spot, memory_arena *arena,
                                const char *label, char *error, umm errorSize)
{
    u64 rawSize = spot->header.rawSize;
    u8 *raw = (u8 *)PushSize_(arena, (umm)rawSize, 16);
    if (!raw)
    {
        FormatText(error, errorSize, "arena too small: section %s needs %llu bytes (MeasureCapsule says how many)", label,
                   (unsigned long long)rawSize);
        return 0;
    }
    capsule_checksum_state checksum;
    CapsuleChecksumBegin(&checksum);
    u64 offset = spot->offset, produced = 0;
    for (u32 chunk = 0; chunk < spot->header.chunkCount; ++chunk)
    {
        u32 sizes[2];
        memcpy(sizes, file + offset, sizeof(sizes));
        offset += CAPSULE_CHUNK_HEADER_BYTES;
        if (sizes[1] == sizes[0]) memcpy(raw + produced, file + offset, sizes[0]);
        else if (!CapsuleDecompress(file + offset, sizes[1], raw + produced, sizes[0]))
        {
            FormatText(error, errorSize, "section %s, chunk %u does not decompress to its %u bytes", label, chunk, sizes[0]);
            return 0;
        }
        CapsuleChecksumAdd(&checksum, raw + produced, sizes[0]);
        offset += sizes[1];
        produced += sizes[0];
    }
    if (CapsuleChecksumEnd(&checksum) != spot->header.checksum)
    {
        FormatText(error, errorSize, "checksum mismatch in section %s%s", label,
                   spot->header.kind == CapsuleSection_Build ? " (the embedded build was altered)" : "");
        return 0;
    }
    return raw;
}

internal b32 CapsuleReadInfo(const u8 *raw, capsule_info *info, char *error, umm errorSize)
{
    memcpy(info, raw, sizeof(*info));
    if (info->gameInputSize != sizeof(game_input))
    {
        FormatText(error, errorSize, "recorded with a %u-byte game_input, this engine's has %u bytes", info->gameInputSize,
                   (u32)sizeof(game_input));
        return 0;
    }
    if (!CapsuleCheckInfo(info, error, errorSize)) return 0;
    b32 terminated = CapsuleTerminated(info->gameName, sizeof(info->gameName)) &&
                     CapsuleTerminated(info->rootStructName, sizeof(info->rootStructName)) &&
                     CapsuleTerminated(info->engineBuild, sizeof(info->engineBuild)) &&
                     CapsuleTerminated(info->fault.function, sizeof(info->fault.function)) &&
                     CapsuleTerminated(info->fault.file, sizeof(info->fault.file)) &&
                     CapsuleTerminated(info->fault.description, sizeof(info->fault.description)) &&
                     info->arguments.count <= GAME_MAX_ARGUMENTS;
    for (u32 index = 0; index < GAME_MAX_ARGUMENTS; ++index)
    {
        terminated = terminated && CapsuleTerminated(info->arguments.entries[index].name, GAME_ARGUMENT_NAME_SIZE) &&
                     CapsuleTerminated(info->arguments.entries[index].value, GAME_ARGUMENT_VALUE_SIZE);
    }
    if (!terminated) FormatText(error, errorSize, "%s", "section Info holds an unterminated name or too many game arguments");
    return terminated;
}

// The layout through CopyStateLayout (names, element sizes), then every field inside its struct.
b32 CapsuleReadLayout(const u8 *raw, u64 rawSize, memory_arena *arena, state_layout **result, char *error,
                      umm errorSize)
{
    u32 fieldCount = 0;
    if (rawSize >= 4) memcpy(&fieldCount, raw, 4);
    if (rawSize < 4 || fieldCount > STATE_LAYOUT_MAX_FIELDS || rawSize != 4 + (u64)fieldCount * sizeof(capsule_layout_field))
    {
        FormatText(error, errorSize, "section Layout has %llu bytes for %u fields (at most %u)", (unsigned long long)rawSize,
                   fieldCount, STATE_LAYOUT_MAX_FIELDS);
        return 0;
    }
    state_layout *layout = PushStruct(arena, state_layout);
    temporary_memory temporary = BeginTemporaryMemory(arena);
    game_layout_field *view = PushArray(arena, fieldCount + 1, game_layout_field);
    b32 copied = 0;
    if (!layout || !view)
    {
        FormatText(error, errorSize, "%s", "arena too small for the state layout (MeasureCapsule says how much)");
        fieldCount = 0;
    }
    for (u32 index = 0; index < fieldCount; ++index)
    {
        const capsule_layout_field *field = (const capsule_layout_field *)(raw + 4) + index;
        if (!CapsuleTerminated(field->structName, STATE_LAYOUT_MAX_NAME) || !CapsuleTerminated(field->fieldName, STATE_LAYOUT_MAX_NAME) ||
            !CapsuleTerminated(field->typeName, STATE_LAYOUT_MAX_NAME))
        {
            FormatText(error, errorSize, "layout field %u has an unterminated name", index);
            layout = 0;
            break;
        }
        view[index].structName = field->structName;
        view[index].fieldName = field->fieldName;
        view[index].typeName = field->typeName;
        view[index].offset = field->offset;
        view[index].size = field->size;
        view[index].count = field->count;
    }
    if (layout && view)
    {
        game_state_layout source = {fieldCount, 0, view};
        copied = CopyStateLayout(layout, &source, error, errorSize);
    }
    EndTemporaryMemory(temporary);
    if (!copied) return 0;
    layout->present = fieldCount > 0;
    for (u32 index = 0; index < fieldCount; ++index)
    {
        const state_layout_field *field = layout->fields + index;
        u32 structSize = StateLayoutStructSize(layout, field->structName);
        if (structSize && (u64)field->offset + field->size > structSize)
        {
            FormatText(error, errorSize, "layout field %s.%s (%u bytes at %u) lies outside its %u-byte struct", field->structName,
                       field->fieldName, field->size, field->offset, structSize);
            return 0;
        }
    }
    *result = layout;
    return 1;
}

internal b32 CapsuleReadCheckpoint(const u8 *raw, u64 rawSize, capsule_contents *contents, char *error, umm errorSize)
{
    u32 counts[2] = {0, 0};     // pageCount, pageSize
    if (rawSize >= 8) memcpy(counts, raw, 8);
    if (rawSize < 8 || counts[1] != contents->info.pageSize || rawSize != 8 + (u64)counts[0] * (4 + (u64)counts[1]))
    {
        FormatText(error, errorSize, "section Checkpoint has %llu bytes for %u pages of %u bytes (the info says pages of %u)",
                   (unsigned long long)rawSize, counts[0], counts[1], contents->info.pageSize);
        return 0;
    }
    const u32 *pages = (const u32 *)(raw + 8);
    if (!CapsuleCheckPages(&contents->info, pages, counts[0], error, errorSize)) return 0;
    contents->checkpointPageCount = counts[0];
    contents->checkpointPages = pages;
    contents->checkpointData = raw + 8 + 4 * (u64)counts[0];
    return 1;
}

internal b32 CapsuleReadFrames(const u8 *raw, u64 rawSize, capsule_contents *contents, char *error, umm errorSize)
{
    u32 counts[2] = {0, 0};     // frameCount, recordSize
    if (rawSize >= 8) memcpy(counts, raw, 8);
    if (rawSize < 8 || counts[1] != sizeof(capsule_frame) || counts[0] != contents->info.frameCount ||
        rawSize != 8 + (u64)counts[0] * counts[1])
    {
        FormatText(error, errorSize, "section Frames has %llu bytes for %u frames of %u bytes (expected %u of %u)",
                   (unsigned long long)rawSize, counts[0], counts[1], contents->info.frameCount, (u32)sizeof(capsule_frame));
        return 0;
    }
    // NOTE: the section starts 16-aligned in the arena, so the records after the two counts are 8-aligned.
    const capsule_frame *frames = (const capsule_frame *)(raw + 8);
    if (!CapsuleCheckFrames(&contents->info, frames, error, errorSize)) return 0;
    contents->frames = frames;
    return 1;
}

// Every build section names a distinct index below buildCount and holds what its record says;
// then no index may be missing.
internal b32 CapsuleReadBuilds(const u8 *file, const capsule_scan *scan, memory_arena *arena, capsule_contents *contents,
                               char *error, umm errorSize)
{
    b32 seen[CAPSULE_MAX_BUILDS] = {};
    u32 buildCount = contents->info.buildCount;
    for (u32 ordinal = 0; ordinal < scan->buildSections; ++ordinal)
    {
        char label[32];
        FormatText(label, sizeof(label), "Build %u", ordinal);
        u64 rawSize = scan->builds[ordinal].header.rawSize;
        const u8 *raw = CapsuleReadSection(file, scan->builds + ordinal, arena, label, error, errorSize);
        if (!raw) return 0;
        capsule_build_record record;
        if (rawSize < sizeof(record))
        {
            FormatText(error, errorSize, "section %s has %llu bytes, less than its record", label, (unsigned long long)rawSize);
            return 0;
        }
        memcpy(&record, raw, sizeof(record));
        if (record.buildIndex >= buildCount || seen[record.buildIndex])
        {
            if (record.buildIndex >= buildCount) FormatText(error, errorSize, "section %s names build %u of %u", label, record.buildIndex, buildCount);
            else FormatText(error, errorSize, "section %s names build %u again", label, record.buildIndex);
            return 0;
        }
        if (!CapsuleCheckBuildSizes(&record, error, errorSize)) return 0;
        if (rawSize != sizeof(record) + record.dllSize + record.pdbSize || !CapsuleTerminated(record.dllName, sizeof(record.dllName)) ||
            !CapsuleTerminated(record.pdbName, sizeof(record.pdbName)))
        {
            FormatText(error, errorSize, "section %s has %llu bytes for a %llu-byte DLL and a %llu-byte PDB, or unterminated names",
                       label, (unsigned long long)rawSize, (unsigned long long)record.dllSize, (unsigned long long)record.pdbSize);
            return 0;
        }
        seen[record.buildIndex] = 1;
        capsule_build *build = contents->builds + record.buildIndex;
        build->record = record;
        build->dll = raw + sizeof(record);
        build->pdb = record.pdbSize ? build->dll + record.dllSize : 0;
    }
    for (u32 index = 0; index < buildCount; ++index)
    {
        if (seen[index]) continue;
        FormatText(error, errorSize, "build %u missing", index);
        return 0;
    }
    return 1;
}

b32 ReadCapsule(const u8 *file, u64 fileSize, memory_arena *arena, capsule_contents *contents,
                char *error, umm errorSize)
{
    memset(contents, 0, sizeof(*contents));
    capsule_scan scan;
    if (!CapsuleScan(file, fileSize, &scan, error, errorSize)) return 0;
    contents->contractVersion = GAME_CONTRACT_VERSION;     // the scan refused any other

    const u8 *raw[CapsuleSection_KindCount] = {};
    const u32 kinds[] = {CapsuleSection_Info, CapsuleSection_Layout, CapsuleSection_Checkpoint, CapsuleSection_Frames,
                         CapsuleSection_Log, CapsuleSection_Tunes};
    for (u32 index = 0; index < ArrayCount(kinds); ++index)
    {
        u32 kind = kinds[index];
        if (!scan.have[kind]) continue;
        raw[kind] = CapsuleReadSection(file, scan.sections + kind, arena, CapsuleSectionName(kind), error, errorSize);
        if (!raw[kind]) return 0;
    }
    u64 sizes[CapsuleSection_KindCount];
    for (u32 kind = 0; kind < CapsuleSection_KindCount; ++kind) sizes[kind] = scan.sections[kind].header.rawSize;
    if (!CapsuleReadInfo(raw[CapsuleSection_Info], &contents->info, error, errorSize) ||
        !CapsuleReadLayout(raw[CapsuleSection_Layout], sizes[CapsuleSection_Layout], arena, &contents->layout, error, errorSize) ||
        !CapsuleReadCheckpoint(raw[CapsuleSection_Checkpoint], sizes[CapsuleSection_Checkpoint], contents, error, errorSize) ||
        !CapsuleReadFrames(raw[CapsuleSection_Frames], sizes[CapsuleSection_Frames], contents, error, errorSize) ||
        !CapsuleReadBuilds(file, &scan, arena, contents, error, errorSize) ||
        (scan.have[CapsuleSection_Tunes] &&
         !CapsuleReadTunes(raw[CapsuleSection_Tunes], sizes[CapsuleSection_Tunes], contents, error, errorSize)))
    {
        return 0;
    }
    contents->log = scan.have[CapsuleSection_Log] ? (const char *)raw[CapsuleSection_Log] : "";
    contents->logSize = scan.have[CapsuleSection_Log] ? sizes[CapsuleSection_Log] : 0;
    return 1;
}
