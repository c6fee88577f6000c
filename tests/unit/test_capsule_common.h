#ifndef TEST_CAPSULE_COMMON_H
#define TEST_CAPSULE_COMMON_H
// Helpers of test_capsule_format.cpp: sample capsules, a memory sink, reading with the measured
// arena, comparing contents, and taking written files apart (finding, cutting, doubling and
// rewriting sections) to make the malformed ones. Include after platform/platform.cpp.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//~ Data
struct test_random
{
    u64 state;
};

internal u32 NextRandom(test_random *random)
{
    random->state ^= random->state >> 12;
    random->state ^= random->state << 25;
    random->state ^= random->state >> 27;
    return (u32)((random->state * 2685821657736338717ull) >> 32);
}

// 0 zeros, 1 random, 2 a 3-byte period, 3 an array of 64-byte entities, 4 log-like text.
internal void FillPattern(u8 *data, u64 size, u32 kind, test_random *random)
{
    static const char text[] = "frame 1234: entity 17 moved to (1.25, 0.5, -3.0); sound mixed 800 samples\n";
    for (u64 index = 0; index < size; ++index)
    {
        switch (kind)
        {
            case 0: data[index] = 0; break;
            case 1: data[index] = (u8)NextRandom(random); break;
            case 2: data[index] = (u8)("abc"[index % 3]); break;
            case 4: data[index] = (u8)text[index % (sizeof(text) - 1)]; break;
            default:
            {
                u64 entity = index / 64, at = index % 64;
                u8 value = 0;
                if (at < 4) value = (u8)(entity >> (8 * at));                          // id
                else if (at < 16) value = (at % 4 == 3) ? 0x42 : (u8)(NextRandom(random) & 0x0F);   // position floats
                else if (at < 28) value = (at % 4 == 3) ? 0x3F : 0;                   // velocity 0.5f-ish
                else if (at < 32) value = (u8)(at == 28 ? 1 : 0);                     // flags
                data[index] = value;
            }
        }
    }
}

//~ Samples
struct sample_options
{
    u32 buildCount;
    u32 frameCount;
    u32 pageCount;
    u32 logSize;
    b32 withLayout;
    u32 bigDllBytes;    // 0: small DLLs
};

struct sample_capsule
{
    capsule_contents contents;
    state_layout *layout;
    u32 *pages;
    u8 *pageData;
    capsule_frame *frames;
    char *log;
    u8 *binaries[CAPSULE_MAX_BUILDS];
};

struct sample_state { u32 health; f32 speed[4]; u32 score; };
static const game_layout_field sampleFields[] = {
    {"game_state", "health", "u32", 0, 4, 1, 0},
    {"game_state", "speed", "f32", 4, 16, 4, 0},
    {"game_state", "score", "u32", 20, 4, 1, 0},
    {"game_state", "(size)", "game_state", 0, 24, 1, 0},
};

internal sample_capsule MakeSample(sample_options options)
{
    sample_capsule sample = {};
    test_random random = {0x9E3779B97F4A7C15ull + options.frameCount};
    capsule_contents *contents = &sample.contents;
    capsule_info *info = &contents->info;
    info->reason = CapsuleReason_Crash;
    info->pageSize = 4096;
    info->memoryBase = 0x100000000000ull;
    info->permanentSize = (u64)(2 * options.pageCount + 16) * 4096;
    info->transientSize = 16 * 4096;
    info->firstFrame = 100;
    info->frameCount = options.frameCount;
    info->buildCount = options.buildCount;
    info->haveEndHash = 1;
    info->endHash = 0x1234567890ABCDEFull;
    info->recordedSeconds = options.frameCount / 60.0;
    info->fault.frameIndex = 100 + options.frameCount - 1;
    info->fault.code = 0xC0000005u;
    info->fault.line = 42;
    strcpy(info->fault.function, "GameUpdateAndRender");
    strcpy(info->fault.file, "code/demo/demo_main.cpp");
    strcpy(info->fault.description, "access violation writing 0x0");
    info->arguments.count = 1;
    strcpy(info->arguments.entries[0].name, "entities");
    strcpy(info->arguments.entries[0].value, "65536");
    strcpy(info->gameName, "game.dll");
    strcpy(info->rootStructName, options.withLayout ? "game_state" : "");
    strcpy(info->engineBuild, "Nov 26 2026 12:00:00");

    if (options.withLayout)
    {
        sample.layout = (state_layout *)calloc(1, sizeof(state_layout));
        game_state_layout source = {ArrayCount(sampleFields), 0, sampleFields};
        char error[128];
        CopyStateLayout(sample.layout, &source, error, sizeof(error));
        contents->layout = sample.layout;
    }
    sample.pages = (u32 *)malloc(4 * (options.pageCount + 1));
    sample.pageData = (u8 *)malloc((u64)options.pageCount * 4096 + 1);
    for (u32 page = 0; page < options.pageCount; ++page)
    {
        sample.pages[page] = 2 * page + 1;
        u8 *data = sample.pageData + (u64)page * 4096;
        FillPattern(data, 4096, page % 5, &random);
        if (page % 5 == 0) data[page % 4096] = (u8)page;   // a mostly-zero page
    }
    contents->checkpointPageCount = options.pageCount;
    contents->checkpointPages = sample.pages;
    contents->checkpointData = sample.pageData;

    sample.frames = (capsule_frame *)calloc(options.frameCount + 1, sizeof(capsule_frame));
    for (u32 frame = 0; frame < options.frameCount; ++frame)
    {
        capsule_frame *record = sample.frames + frame;
        record->input.frameIndex = 100 + frame;
        record->input.dtForFrame = 1.0f / 60.0f;
        record->input.mouse.x = (s32)(NextRandom(&random) % 1280);
        record->input.keyboard.keys[frame % Key_Count].endedDown = 1;
        record->stateHash = ((u64)NextRandom(&random) << 32) | NextRandom(&random);
        record->soundSampleCount = 800;
        record->buildIndex = (u32)((u64)frame * options.buildCount / options.frameCount);
        record->reloadVersion = record->buildIndex + 1;
        record->flags = (frame && record->buildIndex != sample.frames[frame - 1].buildIndex) ? CapsuleFrame_Reloaded : 0;
        record->widthInPixels = 1280;
        record->heightInPixels = 720;
    }
    contents->frames = sample.frames;
    sample.log = (char *)malloc(options.logSize + 1);
    FillPattern((u8 *)sample.log, options.logSize, 4, &random);
    contents->log = sample.log;
    contents->logSize = options.logSize;
    // Tunables: two values at the checkpoint and a change in the middle of the window.
    capsule_tune_record *tunes = (capsule_tune_record *)calloc(3, sizeof(capsule_tune_record));
    tunes[0].kind = CapsuleTune_Value;
    tunes[0].type = GameTunable_F32;
    tunes[0].value[0] = 0.5;
    strcpy(tunes[0].name, "SPIN_SPEED");
    tunes[1].kind = CapsuleTune_Value;
    tunes[1].type = GameTunable_Color;
    tunes[1].value[0] = 0.25;
    tunes[1].value[3] = 1.0;
    strcpy(tunes[1].name, "SKY");
    tunes[2] = tunes[0];
    tunes[2].kind = CapsuleTune_Change;
    tunes[2].frameIndex = 100 + options.frameCount / 2;
    tunes[2].value[0] = 1.25;
    contents->tunes = tunes;
    contents->tuneCount = 3;

    for (u32 build = 0; build < options.buildCount; ++build)
    {
        capsule_build_record *record = &contents->builds[build].record;
        record->buildIndex = build;
        record->reloadVersion = build + 1;
        record->firstFrame = 100;
        record->dllSize = options.bigDllBytes ? options.bigDllBytes : 600 + 300 * build;
        record->pdbSize = (build == 1) ? 2000 : 0;
        snprintf(record->dllName, sizeof(record->dllName), "game_%u.dll", build);
        if (record->pdbSize) snprintf(record->pdbName, sizeof(record->pdbName), "game_%u.pdb", build);
        sample.binaries[build] = (u8 *)malloc(record->dllSize + record->pdbSize);
        FillPattern(sample.binaries[build], record->dllSize, 1, &random);
        FillPattern(sample.binaries[build] + record->dllSize, record->pdbSize, 4, &random);
        contents->builds[build].dll = sample.binaries[build];
        contents->builds[build].pdb = record->pdbSize ? sample.binaries[build] + record->dllSize : 0;
    }
    return sample;
}

internal void FreeSample(sample_capsule *sample)
{
    free(sample->layout);
    free(sample->pages);
    free(sample->pageData);
    free(sample->frames);
    free(sample->log);
    free((void *)sample->contents.tunes);
    for (u32 build = 0; build < CAPSULE_MAX_BUILDS; ++build) free(sample->binaries[build]);
}

//~ Files in memory
struct test_file
{
    u8 *bytes;
    u64 size;
    u64 capacity;
    u64 refuseAfter;    // the sink fails once this many bytes were written (0: never)
};

internal b32 MemorySink(void *context, const void *bytes, u64 size)
{
    test_file *file = (test_file *)context;
    if (file->refuseAfter && file->size + size > file->refuseAfter) return 0;
    if (file->size + size > file->capacity)
    {
        file->capacity = 2 * (file->size + size);
        file->bytes = (u8 *)realloc(file->bytes, file->capacity);
    }
    memcpy(file->bytes + file->size, bytes, size);
    file->size += size;
    return 1;
}

// The sample written to memory; bytes is null (and the reason printed) when the writer refused.
internal test_file WriteSample(const sample_capsule *sample)
{
    test_file file = {};
    memory_arena scratch;
    void *memory = malloc(CAPSULE_WRITE_SCRATCH_BYTES);
    InitializeArena(&scratch, "scratch", CAPSULE_WRITE_SCRATCH_BYTES, memory, 0);   // exactly what it says it needs
    char error[256];
    if (!WriteCapsule(&sample->contents, MemorySink, &file, &scratch, error, sizeof(error)))
    {
        printf("WriteCapsule refused: %s\n", error);
        free(file.bytes);
        file.bytes = 0;
    }
    if (scratch.used != 0 || scratch.temporaryCount != 0) printf("FAIL the writer did not give its scratch back\n");
    free(memory);
    return file;
}

internal test_file CopyFile(const test_file *from)
{
    test_file file = *from;
    file.bytes = (u8 *)malloc(from->size + 1);
    memcpy(file.bytes, from->bytes, from->size);
    return file;
}

// MeasureCapsule, then ReadCapsule into exactly the measured arena (*memory is the caller's to free).
internal b32 ReadWithArena(const u8 *bytes, u64 size, memory_arena *arena, void **memory, capsule_contents *contents,
                           char *error, umm errorSize)
{
    u64 need = 0;
    *memory = 0;
    if (!MeasureCapsule(bytes, size, &need, error, errorSize)) return 0;
    if (need > (1ull << 30))
    {
        snprintf(error, errorSize, "the test refuses a %llu-byte arena", (unsigned long long)need);
        return 0;
    }
    *memory = malloc(need ? need : 1);
    InitializeArena(arena, "read", need, *memory, 0);
    return ReadCapsule(bytes, size, arena, contents, error, errorSize);
}

internal b32 BytesEqual(const void *a, const void *b, u64 size) { return size == 0 || memcmp(a, b, size) == 0; }

internal b32 ContentsEqual(const capsule_contents *written, const capsule_contents *read)
{
    capsule_info info = written->info;
    info.gameInputSize = sizeof(game_input);
    b32 equal = memcmp(&info, &read->info, sizeof(info)) == 0 && read->contractVersion == GAME_CONTRACT_VERSION;
    equal = equal && read->tuneCount == written->tuneCount &&
            (!written->tuneCount || memcmp(read->tunes, written->tunes, written->tuneCount * sizeof(capsule_tune_record)) == 0);
    u32 fieldCount = written->layout ? written->layout->fieldCount : 0;
    equal = equal && read->layout && read->layout->fieldCount == fieldCount && read->layout->present == (fieldCount > 0);
    for (u32 index = 0; equal && index < fieldCount; ++index)
    {
        const state_layout_field *a = written->layout->fields + index, *b = read->layout->fields + index;
        equal = !strcmp(a->structName, b->structName) && !strcmp(a->fieldName, b->fieldName) &&
                !strcmp(a->typeName, b->typeName) && a->offset == b->offset && a->size == b->size && a->count == b->count;
    }
    u32 pages = written->checkpointPageCount;
    equal = equal && read->checkpointPageCount == pages && BytesEqual(written->checkpointPages, read->checkpointPages, 4ull * pages) &&
            BytesEqual(written->checkpointData, read->checkpointData, (u64)pages * info.pageSize) &&
            BytesEqual(written->frames, read->frames, (u64)info.frameCount * sizeof(capsule_frame)) &&
            read->logSize == written->logSize && BytesEqual(written->log, read->log, written->logSize);
    for (u32 build = 0; equal && build < info.buildCount; ++build)
    {
        const capsule_build *a = written->builds + build, *b = read->builds + build;
        equal = memcmp(&a->record, &b->record, sizeof(a->record)) == 0 && BytesEqual(a->dll, b->dll, a->record.dllSize) &&
                (a->record.pdbSize ? BytesEqual(a->pdb, b->pdb, a->record.pdbSize) : b->pdb == 0);
    }
    return equal;
}

internal b32 PointsInto(const capsule_contents *read, const u8 *bytes, u64 size)
{
    const void *pointers[4 + 2 * CAPSULE_MAX_BUILDS] = {read->checkpointPages, read->checkpointData, read->frames, read->log};
    for (u32 build = 0; build < read->info.buildCount; ++build)
    {
        pointers[4 + 2 * build] = read->builds[build].dll;
        pointers[5 + 2 * build] = read->builds[build].pdb;
    }
    for (u32 index = 0; index < ArrayCount(pointers); ++index)
    {
        const u8 *at = (const u8 *)pointers[index];
        if (at >= bytes && at < bytes + size) return 1;
    }
    return 0;
}

//~ Taking a written (trusted) file apart
struct section_place
{
    u64 header;         // offset of its section header
    u64 firstChunk;     // offset of its first chunk header
    u64 end;            // offset after its last chunk
    capsule_section_header fields;
};

internal section_place FindSection(const test_file *file, u32 kind, u32 ordinal)
{
    section_place place = {};
    u64 offset = sizeof(capsule_file_header);
    while (offset + sizeof(capsule_section_header) <= file->size)
    {
        capsule_section_header header;
        memcpy(&header, file->bytes + offset, sizeof(header));
        u64 end = offset + sizeof(header);
        for (u32 chunk = 0; chunk < header.chunkCount; ++chunk)
        {
            u32 sizes[2];
            memcpy(sizes, file->bytes + end, 8);
            end += 8 + sizes[1];
        }
        if (header.kind == kind && ordinal-- == 0)
        {
            place.header = offset;
            place.firstChunk = offset + sizeof(header);
            place.end = end;
            place.fields = header;
            return place;
        }
        if (header.kind == CapsuleSection_End) break;
        offset = end;
    }
    printf("FAIL test setup: section %u not found\n", kind);
    return place;
}

// A new file: from's bytes with [cutFrom, cutTo) replaced by insert.
internal test_file SpliceFile(const test_file *from, u64 cutFrom, u64 cutTo, const void *insert, u64 insertSize)
{
    test_file file = {};
    file.size = from->size - (cutTo - cutFrom) + insertSize;
    file.bytes = (u8 *)malloc(file.size + 1);
    memcpy(file.bytes, from->bytes, cutFrom);
    if (insertSize) memcpy(file.bytes + cutFrom, insert, insertSize);
    memcpy(file.bytes + cutFrom + insertSize, from->bytes + cutTo, from->size - cutTo);
    return file;
}

internal test_file CutSection(const test_file *from, u32 kind, u32 ordinal)
{
    section_place place = FindSection(from, kind, ordinal);
    return SpliceFile(from, place.header, place.end, 0, 0);
}

internal test_file DuplicateSection(const test_file *from, u32 kind)
{
    section_place place = FindSection(from, kind, 0);
    return SpliceFile(from, place.end, place.end, from->bytes + place.header, place.end - place.header);
}

// A section's raw bytes (malloc'd), decompressed from a trusted file.
internal u8 *SectionRaw(const test_file *file, const section_place *place)
{
    u8 *raw = (u8 *)malloc(place->fields.rawSize + 1);
    u64 offset = place->firstChunk, produced = 0;
    for (u32 chunk = 0; chunk < place->fields.chunkCount; ++chunk)
    {
        u32 sizes[2];
        memcpy(sizes, file->bytes + offset, 8);
        offset += 8;
        if (sizes[0] == sizes[1]) memcpy(raw + produced, file->bytes + offset, sizes[0]);
        else if (!CapsuleDecompress(file->bytes + offset, sizes[1], raw + produced, sizes[0])) printf("FAIL test setup: decompress\n");
        offset += sizes[1];
        produced += sizes[0];
    }
    return raw;
}

// The file with one section's raw bytes changed by edit (given the raw bytes and their size, may
// change both; raw has room for 64 more bytes), written back stored raw with a correct checksum: a
// well-formed file whose contents say something the reader must refuse.
typedef void section_edit(u8 *raw, u64 *rawSize);
internal test_file EditSection(const test_file *from, u32 kind, u32 ordinal, section_edit *edit)
{
    section_place place = FindSection(from, kind, ordinal);
    u8 *raw = SectionRaw(from, &place);
    raw = (u8 *)realloc(raw, place.fields.rawSize + 64);
    u64 rawSize = place.fields.rawSize;
    edit(raw, &rawSize);
    capsule_section_header header = {kind, (u32)((rawSize + CAPSULE_CHUNK_BYTES - 1) / CAPSULE_CHUNK_BYTES), rawSize,
                                      CapsuleChecksum(raw, rawSize)};
    u64 encodedSize = sizeof(header) + rawSize + 8ull * header.chunkCount;
    u8 *encoded = (u8 *)malloc(encodedSize);
    memcpy(encoded, &header, sizeof(header));
    u64 at = sizeof(header);
    for (u64 done = 0; done < rawSize;)
    {
        u32 chunk = (u32)Minimum(rawSize - done, (u64)CAPSULE_CHUNK_BYTES);
        u32 sizes[2] = {chunk, chunk};
        memcpy(encoded + at, sizes, 8);
        memcpy(encoded + at + 8, raw + done, chunk);
        at += 8 + chunk;
        done += chunk;
    }
    test_file file = SpliceFile(from, place.header, place.end, encoded, encodedSize);
    free(encoded);
    free(raw);
    return file;
}

internal void PutU32(u8 *at, u32 value) { memcpy(at, &value, 4); }
internal void PutU64(u8 *at, u64 value) { memcpy(at, &value, 8); }

#define REFUSE_KEEP 1               // the file is the caller's (else freed here)
#define REFUSE_MEASURE_PASSES 2     // the structure is intact: MeasureCapsule must accept it

// The first size bytes of file are refused by MeasureCapsule and ReadCapsule together with a reason
// containing expected.
internal void ExpectRefusal(test_file *file, u32 flags, u64 size, const char *expected)
{
    char error[256] = "";
    char what[512];
    u64 need;
    if (flags & REFUSE_MEASURE_PASSES)
    {
        snprintf(what, sizeof(what), "MeasureCapsule accepts the structure (%s)", expected);
        CHECK_MSG(MeasureCapsule(file->bytes, size, &need, error, sizeof(error)), what);
    }
    memory_arena arena;
    void *memory = 0;
    capsule_contents read;
    b32 accepted = ReadWithArena(file->bytes, size, &arena, &memory, &read, error, sizeof(error));
    snprintf(what, sizeof(what), "refused with \"%s\" (got %s \"%s\")", expected, accepted ? "accepted" : "refused", error);
    CHECK_MSG(!accepted && strstr(error, expected) && !strchr(error, '\n'), what);
    free(memory);
    if (!(flags & REFUSE_KEEP))
    {
        free(file->bytes);
        file->bytes = 0;
    }
}

#endif // TEST_CAPSULE_COMMON_H
