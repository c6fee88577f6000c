// The recording window a hot restart hands over (platform_capsule_window.h): a window with two
// checkpoints, frames and builds in sparse slots comes back as it went, in exactly the bytes
// CapsuleWindowSize said; an empty one too; an altered, cut or foreign one is refused with a reason,
// and so is what the writer must not write; a capsule reader refuses a window, a window reader a capsule.

#include "platform/platform.cpp"
#include "test_framework.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//~ Data and files in memory
internal void FillRandom(void *bytes, u64 size, u64 *state)
{
    u8 *at = (u8 *)bytes;
    for (u64 index = 0; index < size; ++index)
    {
        *state = *state * 6364136223846793005ull + 1442695040888963407ull;
        at[index] = (u8)(*state >> 56);
    }
}

struct test_file
{
    u8 *bytes;
    u64 size;
};

internal b32 MemorySink(void *context, const void *bytes, u64 size)
{
    test_file *file = (test_file *)context;
    file->bytes = (u8 *)realloc(file->bytes, file->size + size);
    memcpy(file->bytes + file->size, bytes, size);
    file->size += size;
    return 1;
}

internal test_file CopyFile(const test_file *from)
{
    test_file file = {(u8 *)malloc(from->size), from->size};
    memcpy(file.bytes, from->bytes, from->size);
    return file;
}

internal b32 BytesEqual(const void *a, const void *b, u64 size) { return size == 0 || memcmp(a, b, size) == 0; }

static const game_layout_field sampleFields[] = {
    {"game_state", "health", "u32", 0, 4, 1, 0},
    {"game_state", "score", "u32", 4, 4, 1, 0},
    {"game_state", "(size)", "game_state", 0, 8, 1, 0},
};

//~ Windows

struct sample_window
{
    capsule_window window;
    state_layout layouts[2];
    capsule_frame frames[40];
    u32 pages[2][6];
    u8 pageData[2][6 * 4096];
    u8 dlls[2][5000];
    u8 pdb[3000];
};

internal void MakeWindow(sample_window *sample)
{
    memset(sample, 0, sizeof(*sample));
    u64 random = 77;
    capsule_window *window = &sample->window;
    capsule_window_record *record = &window->record;
    record->firstSerial = 1000;
    record->frameSerial = 1040;
    record->recordedSeconds = 123.25;
    record->loopRewinds = 3;
    record->checkpointsCompleted = 9;
    record->pageCount = 64;
    record->pageSize = 4096;
    record->currentBuild = 5;
    record->currentVersion = 7;
    for (u32 index = 0; index < 40; ++index)
    {
        FillRandom(&sample->frames[index], sizeof(capsule_frame), &random);
        sample->frames[index].buildIndex = index < 20 ? 2 : 5;
    }
    window->frames = sample->frames;

    game_state_layout source = {ArrayCount(sampleFields), 0, sampleFields};
    char error[128];
    CopyStateLayout(&sample->layouts[0], &source, error, sizeof(error));
    sample->layouts[1].present = 1;         // a build that registered an empty layout
    record->checkpointCount = 2;
    for (u32 index = 0; index < 2; ++index)
    {
        capsule_window_checkpoint_record *sent = &record->checkpoints[index];
        sent->buffer = 1 - index;
        sent->layoutPresent = sample->layouts[index].present;
        sent->frameIndex = 5000 + 20 * index;
        sent->frameSerial = 1000 + 20 * index;
        sent->recordedSecondsAtStart = 100.0 + index;
        u32 pageCount = index ? 6 : 3;
        for (u32 page = 0; page < pageCount; ++page)
        {
            sample->pages[index][page] = 7 * page + index;
            FillRandom(sample->pageData[index] + page * 4096, page == 1 ? 0 : 4096, &random);     // page 1 stays zero
        }
        window->checkpoints[index].layout = &sample->layouts[index];
        window->checkpoints[index].pageCount = pageCount;
        window->checkpoints[index].pages = sample->pages[index];
        window->checkpoints[index].data = sample->pageData[index];
    }
    record->buildCount = 2;
    u32 slots[2] = {2, 5};
    for (u32 index = 0; index < 2; ++index)
    {
        capsule_build *build = &window->builds[index];
        FillRandom(sample->dlls[index], sizeof(sample->dlls[index]), &random);
        build->record.buildIndex = slots[index];
        build->record.reloadVersion = 6 + index;
        build->record.dllSize = sizeof(sample->dlls[index]);
        build->record.pdbSize = index ? sizeof(sample->pdb) : 0;
        snprintf(build->record.dllName, sizeof(build->record.dllName), "game.dll");
        if (index) snprintf(build->record.pdbName, sizeof(build->record.pdbName), "game_1234.pdb");
        build->dll = sample->dlls[index];
        build->pdb = index ? sample->pdb : 0;
        record->builds[index].firstSerial = 900 + 120 * index;
        record->builds[index].lastSerial = index ? 1039 : 1019;
    }
    FillRandom(sample->pdb, sizeof(sample->pdb), &random);
}

// The window written to memory; bytes null (the reason printed unless quiet) when the writer refused.
internal test_file WriteWindow(const capsule_window *window, b32 quiet)
{
    test_file file = {};
    void *memory = malloc(CAPSULE_WINDOW_WRITE_SCRATCH_BYTES);
    memory_arena scratch;
    InitializeArena(&scratch, "scratch", CAPSULE_WINDOW_WRITE_SCRATCH_BYTES, memory, 0);
    char error[256];
    if (!WriteCapsuleWindow(window, MemorySink, &file, &scratch, error, sizeof(error)))
    {
        if (!quiet) printf("WriteCapsuleWindow refused: %s\n", error);
        free(file.bytes);
        file.bytes = 0;
    }
    CHECK(scratch.used == 0 && scratch.temporaryCount == 0);
    free(memory);
    return file;
}

// ReadCapsuleWindow into the arena CapsuleWindowArenaBytes asks for (*memory: the caller frees).
internal b32 ReadWindow(const test_file *file, capsule_window *window, void **memory, char *error, umm errorSize)
{
    u64 need = CapsuleWindowArenaBytes(file->size);
    *memory = malloc(need);
    memory_arena arena;
    InitializeArena(&arena, "read", need, *memory, 0);
    return ReadCapsuleWindow(file->bytes, file->size, &arena, window, error, errorSize);
}

internal void ExpectWindowRefusal(test_file *file, const char *expected)
{
    capsule_window read;
    void *memory = 0;
    char error[256] = "";
    b32 accepted = ReadWindow(file, &read, &memory, error, sizeof(error));
    CHECK_MSG(!accepted && strstr(error, expected), expected);
    if (accepted || !strstr(error, expected)) printf("    got: %s\n", accepted ? "accepted" : error);
    free(memory);
    free(file->bytes);
}

internal void TestWindowRoundTrip(void)
{
    sample_window *sample = (sample_window *)malloc(sizeof(sample_window));
    MakeWindow(sample);
    const capsule_window *window = &sample->window;
    test_file file = WriteWindow(window, 0);
    CHECK(file.bytes && file.size == CapsuleWindowSize(window));

    capsule_window read;
    void *memory = 0;
    char error[256] = "";
    CHECK_MSG(ReadWindow(&file, &read, &memory, error, sizeof(error)), error);
    CHECK(memcmp(&read.record, &window->record, sizeof(read.record)) == 0);
    CHECK(BytesEqual(read.frames, window->frames, 40 * sizeof(capsule_frame)));
    for (u32 index = 0; index < 2; ++index)
    {
        const capsule_window_checkpoint *from = &window->checkpoints[index], *to = &read.checkpoints[index];
        CHECK(to->pageCount == from->pageCount && BytesEqual(to->pages, from->pages, 4 * from->pageCount) &&
              BytesEqual(to->data, from->data, (u64)from->pageCount * 4096));
        CHECK(to->layout->present == from->layout->present && to->layout->fieldCount == from->layout->fieldCount);
        for (u32 field = 0; field < from->layout->fieldCount; ++field)
        {
            const state_layout_field *a = from->layout->fields + field, *b = to->layout->fields + field;
            CHECK(!strcmp(a->structName, b->structName) && !strcmp(a->fieldName, b->fieldName) &&
                  !strcmp(a->typeName, b->typeName) && a->offset == b->offset && a->size == b->size && a->count == b->count);
        }
    }
    for (u32 index = 0; index < 2; ++index)
    {
        const capsule_build *from = &window->builds[index], *to = &read.builds[index];
        CHECK(memcmp(&to->record, &from->record, sizeof(to->record)) == 0);
        CHECK(BytesEqual(to->dll, from->dll, from->record.dllSize) && (from->pdb ? BytesEqual(to->pdb, from->pdb, from->record.pdbSize) : !to->pdb));
    }
    free(memory);

    //- Altered, cut, foreign
    test_file altered = CopyFile(&file);
    altered.bytes[file.size / 2] ^= 0x20;
    ExpectWindowRefusal(&altered, "checksum mismatch");
    test_file cut = CopyFile(&file);
    cut.size -= 30;
    ExpectWindowRefusal(&cut, "truncated");
    test_file foreign = CopyFile(&file);
    foreign.bytes[0] = 'X';
    ExpectWindowRefusal(&foreign, "not a capsule");
    test_file longer = CopyFile(&file);
    longer.bytes = (u8 *)realloc(longer.bytes, file.size + 8);
    memset(longer.bytes + file.size, 0, 8);
    longer.size += 8;
    ExpectWindowRefusal(&longer, "after it");

    //- A capsule reader refuses a window
    u64 need = 0;
    char capsuleError[256] = "";
    CHECK(!MeasureCapsule(file.bytes, file.size, &need, capsuleError, sizeof(capsuleError)) &&
          strstr(capsuleError, "unknown section kind 64"));
    free(file.bytes);

    //- What the writer refuses
    sample->pages[1][3] = sample->pages[1][2];
    CHECK(!WriteWindow(window, 1).bytes);
    sample->pages[1][3] = 200;          // beyond the 64 pages
    CHECK(!WriteWindow(window, 1).bytes);
    sample->pages[1][3] = 22;
    sample->window.builds[1].record.buildIndex = 2;     // two builds in one slot
    CHECK(!WriteWindow(window, 1).bytes);
    sample->window.builds[1].record.buildIndex = 5;
    sample->window.record.firstSerial = 1041;
    CHECK(!WriteWindow(window, 1).bytes);
    sample->window.record.firstSerial = 1000;
    test_file again = WriteWindow(window, 0);
    CHECK(again.bytes != 0);
    free(again.bytes);
    free(sample);
}

internal void TestEmptyWindow(void)
{
    capsule_window window = {};
    window.record.frameSerial = window.record.firstSerial = 12;
    window.record.pageCount = 10;
    window.record.pageSize = 65536;
    window.record.currentBuild = -1;
    test_file file = WriteWindow(&window, 0);
    CHECK(file.bytes && file.size == CapsuleWindowSize(&window));
    capsule_window read;
    void *memory = 0;
    char error[256] = "";
    CHECK_MSG(ReadWindow(&file, &read, &memory, error, sizeof(error)), error);
    CHECK(memcmp(&read.record, &window.record, sizeof(read.record)) == 0);
    free(memory);
    free(file.bytes);

    //- A window reader refuses a capsule
    capsule_contents capsule = {};
    capsule.info.pageSize = 4096;
    capsule.info.permanentSize = 4096;
    capsule.info.buildCount = 1;
    u8 dll[64] = {1};
    capsule.builds[0].record.dllSize = sizeof(dll);
    capsule.builds[0].dll = dll;
    void *scratchMemory = malloc(CAPSULE_WRITE_SCRATCH_BYTES);
    memory_arena scratch;
    InitializeArena(&scratch, "scratch", CAPSULE_WRITE_SCRATCH_BYTES, scratchMemory, 0);
    test_file capsuleFile = {};
    CHECK(WriteCapsule(&capsule, MemorySink, &capsuleFile, &scratch, error, sizeof(error)));
    free(scratchMemory);
    ExpectWindowRefusal(&capsuleFile, "where Window belongs");
}

int main(void)
{
    TestWindowRoundTrip();
    TestEmptyWindow();
    return TestSummary();
}
