// The capsule file: written and read back equal (several builds, an empty log, no pages, data over
// many chunks), the compressor on every kind and size of input, and every malformed file refused
// with its reason and without a crash (truncated at every byte, bad magic and versions, altered
// builds, missing builds, huge counts, sizes that overflow). Prints FIGURE lines for the
// compressor's speed and ratio. With `--write-seeds DIR` it only writes a few valid capsules into
// DIR (the fuzzer's seeds) and exits.

#include "platform/platform.cpp"
#include "test_framework.h"
#include "test_capsule_common.h"
#include <time.h>

//~ Round trips
internal void TestRoundTrip(const char *name, const sample_capsule *sample)
{
    test_file file = WriteSample(sample);
    char what[400];     // room for the name and the whole error text
    snprintf(what, sizeof(what), "%s: WriteCapsule succeeds", name);
    if (!CHECK_MSG(file.bytes != 0, what)) return;
    capsule_contents read;
    char error[256] = "";
    memory_arena arena;
    void *memory = 0;
    b32 ok = ReadWithArena(file.bytes, file.size, &arena, &memory, &read, error, sizeof(error));
    snprintf(what, sizeof(what), "%s: ReadCapsule succeeds (%s)", name, error);
    if (CHECK_MSG(ok, what))
    {
        snprintf(what, sizeof(what), "%s: everything read equals what was written", name);
        CHECK_MSG(ContentsEqual(&sample->contents, &read), what);
        snprintf(what, sizeof(what), "%s: nothing read points into the file buffer", name);
        CHECK_MSG(!PointsInto(&read, file.bytes, file.size), what);
    }
    free(memory);
    free(file.bytes);
}

internal void TestRoundTrips(void)
{
    sample_capsule small = MakeSample(sample_options{1, 10, 3, 0, 1, 0});
    TestRoundTrip("one build, empty log", &small);
    sample_capsule builds = MakeSample(sample_options{3, 40, 5, 2000, 1, 0});
    TestRoundTrip("three builds, one with a PDB", &builds);
    sample_capsule empty = MakeSample(sample_options{1, 1, 0, 10, 0, 0});
    TestRoundTrip("no checkpoint page, no layout", &empty);
    sample_capsule big = MakeSample(sample_options{2, 300, 1500, 100000, 1, 3u << 20});
    TestRoundTrip("big: many chunks of random and compressible data", &big);
    CHECK_MSG(big.contents.layout->present && !empty.contents.layout, "samples as intended");

    // A layout-free read says so with present == 0, and zero frames is a valid (if useless) capsule.
    test_file file = WriteSample(&empty);
    capsule_contents read;
    memory_arena arena;
    void *memory = 0;
    char error[256];
    CHECK(ReadWithArena(file.bytes, file.size, &arena, &memory, &read, error, sizeof(error)) && read.layout &&
          !read.layout->present && read.checkpointPageCount == 0);
    free(memory);
    // Less arena than MeasureCapsule asked for: refused with a reason, nothing written past it.
    u64 need = 0;
    MeasureCapsule(file.bytes, file.size, &need, error, sizeof(error));
    for (u64 given = 0; given < need; given += need / 7 + 1)
    {
        memory = malloc(given + 1);
        InitializeArena(&arena, "small", given, memory, 0);
        b32 accepted = ReadCapsule(file.bytes, file.size, &arena, &read, error, sizeof(error));
        // (MeasureCapsule is an upper bound: it counts a full layout's view, this sample has none.)
        CHECK_MSG(!accepted || given >= need - STATE_LAYOUT_MAX_FIELDS * sizeof(game_layout_field) - 256,
                  "a read into too small an arena is refused");
        CHECK_MSG(accepted || strstr(error, "arena too small"), error);
        free(memory);
    }
    free(file.bytes);
    FreeSample(&small);
    FreeSample(&builds);
    FreeSample(&empty);
    FreeSample(&big);
}

//~ The compressor
internal void CompressorRoundTrip(const u8 *raw, u64 size, const char *kind)
{
    u64 bound = CapsuleCompressBound(size);
    u8 *stored = (u8 *)malloc(bound + 1);
    u8 *back = (u8 *)malloc(size + 1);
    u64 storedSize = CapsuleCompress(raw, size, stored, bound);
    char what[400];     // room for the name and the whole error text
    snprintf(what, sizeof(what), "%s of %llu bytes: compressed smaller or not at all (%llu)", kind, (unsigned long long)size,
             (unsigned long long)storedSize);
    CHECK_MSG(storedSize < size || storedSize == 0, what);
    if (storedSize)
    {
        snprintf(what, sizeof(what), "%s of %llu bytes: decompresses to the same bytes", kind, (unsigned long long)size);
        CHECK_MSG(CapsuleDecompress(stored, storedSize, back, size) && memcmp(back, raw, size) == 0, what);
        snprintf(what, sizeof(what), "%s of %llu bytes: a wrong raw size or a cut stream is refused", kind, (unsigned long long)size);
        b32 refused = !CapsuleDecompress(stored, storedSize, back, size - 1) && !CapsuleDecompress(stored, storedSize - 1, back, size);
        CHECK_MSG(refused, what);
        u64 tight = CapsuleCompress(raw, size, stored, storedSize - 1);
        snprintf(what, sizeof(what), "%s of %llu bytes: too little room gives 0, not an overrun", kind, (unsigned long long)size);
        CHECK_MSG(tight == 0 || tight < storedSize, what);
    }
    free(stored);
    free(back);
}

internal void TestCompressor(void)
{
    const u64 largest = CAPSULE_CHUNK_BYTES;
    u8 *data = (u8 *)malloc(largest);
    test_random random = {12345};
    const char *kinds[] = {"zeros", "random", "period 3", "period 64 structs", "text"};
    for (u32 kind = 0; kind < ArrayCount(kinds); ++kind)
    {
        FillPattern(data, largest, kind, &random);
        u32 failedBefore = (u32)globalTestTotals.failed;
        for (u64 size = 0; size <= 80; ++size) CompressorRoundTrip(data, size, kinds[kind]);
        const u64 edges[] = {255, 256, 4095, 4096, 65535, 65536, 65537, largest - 1, largest};
        for (u32 edge = 0; edge < ArrayCount(edges); ++edge) CompressorRoundTrip(data, edges[edge], kinds[kind]);
        if ((u32)globalTestTotals.failed != failedBefore) printf("    (the failures above are for %s)\n", kinds[kind]);
    }
    FillPattern(data, largest, 1, &random);
    u8 *stored = (u8 *)malloc(CapsuleCompressBound(largest));
    CHECK_MSG(CapsuleCompress(data, largest, stored, CapsuleCompressBound(largest)) == 0, "random data is stored raw (0)");
    CHECK_MSG(CapsuleCompress(data, 0, stored, 16) == 0, "an empty input is stored raw (0)");
    CHECK_MSG(CapsuleDecompress(stored, 0, data, 0), "an empty stream is an empty chunk");
    CHECK_MSG(!CapsuleDecompress(stored, 0, data, 1), "an empty stream is not a 1-byte chunk");

    // Untrusted streams: random bytes, and every single-byte change of a real stream, never crash.
    u8 out[4096];
    for (u32 round = 0; round < 20000; ++round)
    {
        u8 garbage[64];
        u32 length = 1 + NextRandom(&random) % sizeof(garbage);
        for (u32 index = 0; index < length; ++index) garbage[index] = (u8)NextRandom(&random);
        if (round & 1) garbage[0] = (u8)(garbage[0] & 0x1F);   // starts with a match: offset past the start
        CapsuleDecompress(garbage, length, out, NextRandom(&random) % sizeof(out));
    }
    FillPattern(data, 4096, 3, &random);
    u64 storedSize = CapsuleCompress(data, 4096, stored, CapsuleCompressBound(4096));
    u32 accepted = 0;
    for (u64 at = 0; at < storedSize; ++at)
    {
        for (u32 bit = 0; bit < 8; ++bit)
        {
            stored[at] ^= (u8)(1 << bit);
            accepted += CapsuleDecompress(stored, storedSize, out, 4096) ? 1 : 0;
            stored[at] ^= (u8)(1 << bit);
        }
    }
    CHECK_MSG(storedSize > 0, "a struct array compresses");
    printf("note: %u of %llu one-bit changes of a stream still decoded to 4096 bytes (the checksum catches them)\n",
           accepted, (unsigned long long)storedSize * 8);
    free(stored);
    free(data);
}

//~ Refusals
// A well-formed file whose section (kind, ordinal) was edited by the statements given, checksum
// fixed: MeasureCapsule accepts it, ReadCapsule refuses it with expected.
#define REFUSE_EDIT(kind, ordinal, expected, ...)                                                      \
    do {                                                                                           \
        test_file edited = EditSection(good, kind, ordinal, [](u8 *raw, u64 *rawSize) {           \
            (void)raw; (void)rawSize; __VA_ARGS__;                                                 \
        });                                                                                        \
        ExpectRefusal(&edited, REFUSE_MEASURE_PASSES, edited.size, expected);                      \
    } while (0)
#define INFO ((capsule_info *)raw)
#define FIELDS ((capsule_layout_field *)(raw + 4))
#define COUNTS ((u32 *)raw)
#define FRAMES ((capsule_frame *)(raw + 8))
#define RECORD ((capsule_build_record *)raw)

internal void TestContentRefusals(const test_file *good)
{
    REFUSE_EDIT(CapsuleSection_Info, 0, "recorded with a 5-byte game_input", INFO->gameInputSize = 5);
    REFUSE_EDIT(CapsuleSection_Info, 0, "page size 3000 is not a power of two", INFO->pageSize = 3000);
    REFUSE_EDIT(CapsuleSection_Info, 0, "page size 131072 is not", INFO->pageSize = 131072);
    REFUSE_EDIT(CapsuleSection_Info, 0, "game memory of 18446744073709547520 + 8192 bytes (at most",
                INFO->permanentSize = ~0ull - 4095; INFO->transientSize = 8192);
    REFUSE_EDIT(CapsuleSection_Info, 0, "not a whole number of 4096-byte pages", INFO->permanentSize = 5000);
    REFUSE_EDIT(CapsuleSection_Info, 0, "4294967295 frames (at most", INFO->frameCount = 0xFFFFFFFFu);
    REFUSE_EDIT(CapsuleSection_Info, 0, "0 builds (1 to 32)", INFO->buildCount = 0);
    REFUSE_EDIT(CapsuleSection_Info, 0, "4000000000 builds (1 to 32)", INFO->buildCount = 4000000000u);
    REFUSE_EDIT(CapsuleSection_Info, 0, "unterminated name", memset(INFO->gameName, 'A', sizeof(INFO->gameName)));
    REFUSE_EDIT(CapsuleSection_Info, 0, "unterminated name", memset(INFO->fault.description, 'A', sizeof(INFO->fault.description)));
    REFUSE_EDIT(CapsuleSection_Info, 0, "too many game arguments", INFO->arguments.count = 17);
    REFUSE_EDIT(CapsuleSection_Info, 0, "section Frames has", INFO->frameCount = 11);
    REFUSE_EDIT(CapsuleSection_Info, 0, "frame 6 names build 1 of 1", INFO->buildCount = 1);
    REFUSE_EDIT(CapsuleSection_Info, 0, "build 2 missing", INFO->buildCount = 3);
    test_file shortInfo = EditSection(good, CapsuleSection_Info, 0, [](u8 *raw, u64 *rawSize) { (void)raw; *rawSize -= 1; });
    char shortInfoReason[96];
    snprintf(shortInfoReason, sizeof(shortInfoReason), "section Info claims %u bytes (exactly %u)",
             (u32)sizeof(capsule_info) - 1, (u32)sizeof(capsule_info));
    ExpectRefusal(&shortInfo, 0, shortInfo.size, shortInfoReason);

    REFUSE_EDIT(CapsuleSection_Layout, 0, "section Layout has 644 bytes for 4294967295 fields", COUNTS[0] = 0xFFFFFFFFu);
    REFUSE_EDIT(CapsuleSection_Layout, 0, "section Layout has 644 bytes for 3 fields", COUNTS[0] = 3);
    REFUSE_EDIT(CapsuleSection_Layout, 0, "section Layout has 2 bytes", *rawSize = 2);
    REFUSE_EDIT(CapsuleSection_Layout, 0, "layout field game_state.score (4 bytes at 1000) lies outside its 24-byte struct",
                FIELDS[2].offset = 1000);
    REFUSE_EDIT(CapsuleSection_Layout, 0, "layout field game_state.score (4 bytes at 4294967294) lies outside",
                FIELDS[2].offset = 0xFFFFFFFEu);
    REFUSE_EDIT(CapsuleSection_Layout, 0, "layout field 1 has an unterminated name", memset(FIELDS[1].fieldName, 'x', STATE_LAYOUT_MAX_NAME));
    REFUSE_EDIT(CapsuleSection_Layout, 0, "has 16 bytes for 0 elements", FIELDS[1].count = 0);

    REFUSE_EDIT(CapsuleSection_Checkpoint, 0, "section Checkpoint has 8208 bytes for 4294967295 pages", COUNTS[0] = 0xFFFFFFFFu);
    REFUSE_EDIT(CapsuleSection_Checkpoint, 0, "for 2 pages of 8192 bytes (the info says pages of 4096)", COUNTS[1] = 8192);
    REFUSE_EDIT(CapsuleSection_Checkpoint, 0, "checkpoint page 1 has index 100000", COUNTS[3] = 100000);
    REFUSE_EDIT(CapsuleSection_Checkpoint, 0, "checkpoint page 1 has index 1", COUNTS[3] = COUNTS[2]);
    REFUSE_EDIT(CapsuleSection_Checkpoint, 0, "section Checkpoint has 8207 bytes for 2 pages", *rawSize -= 1);

    REFUSE_EDIT(CapsuleSection_Frames, 0, "for 12 frames of 1000 bytes", COUNTS[1] = 1000);
    REFUSE_EDIT(CapsuleSection_Frames, 0, "for 4294967295 frames", COUNTS[0] = 0xFFFFFFFFu);
    REFUSE_EDIT(CapsuleSection_Frames, 0, "frame 5 names build 5 of 2", FRAMES[5].buildIndex = 5);
    REFUSE_EDIT(CapsuleSection_Frames, 0, "frame 11 names build 4294967295 of 2", FRAMES[11].buildIndex = 0xFFFFFFFFu);

    REFUSE_EDIT(CapsuleSection_Build, 1, "section Build 1 names build 7 of 2", RECORD->buildIndex = 7);
    REFUSE_EDIT(CapsuleSection_Build, 1, "section Build 1 names build 0 again", RECORD->buildIndex = 0);
    REFUSE_EDIT(CapsuleSection_Build, 1, "build 1 has a 0-byte DLL", RECORD->dllSize = 0);
    REFUSE_EDIT(CapsuleSection_Build, 1, "build 1 has a 18446744073709551516-byte DLL and a 200-byte PDB",
                RECORD->dllSize = ~0ull - 99; RECORD->pdbSize = 200);
    REFUSE_EDIT(CapsuleSection_Build, 1, "for a 899-byte DLL and a 2000-byte PDB", RECORD->dllSize -= 1);
    REFUSE_EDIT(CapsuleSection_Build, 0, "build 0 has a 600-byte DLL and a 18446744073709551615-byte PDB (DLL 1 to", RECORD->pdbSize = ~0ull);
    REFUSE_EDIT(CapsuleSection_Build, 0, "unterminated names", memset(RECORD->dllName, 'd', sizeof(RECORD->dllName)));
    REFUSE_EDIT(CapsuleSection_Build, 0, "section Build 0 has 100 bytes, less than its record", *rawSize = 100);
}

// Section and chunk headers themselves: counts and sizes that overflow, point past the file or
// disagree with each other.
internal void TestHeaderRefusals(const test_file *good)
{
    struct header_case
    {
        u32 kind;
        u32 at;         // byte offset from the section header
        u32 width;      // 4 or 8
        u64 value;
        const char *expected;
    };
    const u32 chunk = sizeof(capsule_section_header);
    const header_case cases[] = {
        {CapsuleSection_Log, 8, 8, ~0ull, "section Log claims 18446744073709551615 bytes (at most 8388608)"},
        {CapsuleSection_Checkpoint, 8, 8, 1ull << 63, "section Checkpoint claims 9223372036854775808 bytes"},
        {CapsuleSection_Build, 8, 8, ~0ull - 10, "section Build claims"},
        {CapsuleSection_Info, 8, 8, 100, "section Info claims 100 bytes (exactly "},
        {CapsuleSection_Log, 0, 4, 99, "unknown section kind 99"},
        {CapsuleSection_Log, 0, 4, CapsuleSection_Info, "section Info appears twice"},
        {CapsuleSection_End, 8, 8, 1, "section End claims 1 bytes (at most 0)"},
        {CapsuleSection_End, 4, 4, 1, "truncated: section End ends past the end of the file"},
        {CapsuleSection_Frames, 4, 4, 0xFFFFFFFFu, "section Frames"},
        {CapsuleSection_Frames, 4, 4, 0, "section Frames: its chunks hold 0 of its 13448 bytes"},
        {CapsuleSection_Frames, 8, 8, 13449, "section Frames: its chunks hold 13448 of its 13449 bytes"},
        {CapsuleSection_Frames, 8, 8, 13447, "section Frames: its chunks hold more than 13448 of its 13447 bytes"},
        {CapsuleSection_Frames, chunk, 4, 0, "section Frames, chunk 0:"},
        {CapsuleSection_Frames, chunk, 4, 0xFFFFFFFFu, "section Frames, chunk 0:"},
        {CapsuleSection_Frames, chunk + 4, 4, 0, "section Frames, chunk 0:"},
        {CapsuleSection_Frames, chunk + 4, 4, 13449, "section Frames, chunk 0:"},
        {CapsuleSection_Build, chunk + 4, 4, 0x7FFFFFFFu, "section Build, chunk 0:"},
    };
    for (u32 index = 0; index < ArrayCount(cases); ++index)
    {
        const header_case *c = cases + index;
        test_file file = CopyFile(good);
        section_place place = FindSection(&file, c->kind, 0);
        if (c->width == 4) PutU32(file.bytes + place.header + c->at, (u32)c->value);
        else PutU64(file.bytes + place.header + c->at, c->value);
        ExpectRefusal(&file, 0, file.size, c->expected);
    }
    // A compressed chunk altered inside: it does not decompress, or its checksum says so.
    test_file file = CopyFile(good);
    section_place checkpoint = FindSection(&file, CapsuleSection_Checkpoint, 0);
    u32 sizes[2];
    memcpy(sizes, file.bytes + checkpoint.firstChunk, 8);
    CHECK_MSG(sizes[1] < sizes[0], "the checkpoint chunk of the sample is compressed");
    file.bytes[checkpoint.firstChunk + 8 + sizes[1] / 2] ^= 0x10;
    ExpectRefusal(&file, REFUSE_MEASURE_PASSES, file.size, "section Checkpoint");
}

internal void ExpectWriteRefusal(const capsule_contents *contents, test_file *sink, u64 scratchBytes, const char *expected)
{
    void *memory = malloc(scratchBytes);
    memory_arena scratch;
    InitializeArena(&scratch, "scratch", scratchBytes, memory, 0);
    char error[256] = "";
    b32 written = WriteCapsule(contents, MemorySink, sink, &scratch, error, sizeof(error));
    char what[512];
    snprintf(what, sizeof(what), "WriteCapsule refuses with \"%s\" (got %s \"%s\")", expected, written ? "written" : "refused", error);
    CHECK_MSG(!written && strstr(error, expected), what);
    CHECK_MSG(scratch.used == 0 && scratch.temporaryCount == 0, "WriteCapsule gives its scratch back");
    free(memory);
    free(sink->bytes);
}

internal void TestWriterRefusals(const sample_capsule *sample)
{
    test_file sink = {};
    capsule_contents contents = sample->contents;
    contents.builds[1].record.buildIndex = 0;
    ExpectWriteRefusal(&contents, &sink, 4u << 20, "build 1 is recorded as build 0");
    contents = sample->contents;
    contents.info.pageSize = 1000;
    ExpectWriteRefusal(&contents, &sink, 4u << 20, "page size 1000");
    contents = sample->contents;
    contents.info.buildCount = 1;
    ExpectWriteRefusal(&contents, &sink, 4u << 20, "frame 6 names build 1 of 1");
    contents = sample->contents;
    contents.logSize = CAPSULE_MAX_LOG_BYTES + 1;
    ExpectWriteRefusal(&contents, &sink, 4u << 20, "log of 8388609 bytes");
    contents = sample->contents;
    contents.frames = 0;
    ExpectWriteRefusal(&contents, &sink, 4u << 20, "contents without the checkpoint, frames or log");
    ExpectWriteRefusal(&sample->contents, &sink, 1u << 20, "scratch arena too small");
    sink = test_file{};
    sink.refuseAfter = 5000;
    ExpectWriteRefusal(&sample->contents, &sink, 4u << 20, "writing the capsule failed");
}

internal void TestRefusals(void)
{
    sample_capsule sample = MakeSample(sample_options{2, 12, 2, 300, 1, 0});
    test_file good = WriteSample(&sample);
    CHECK_MSG(good.bytes != 0, "the sample for the refusals is written");
    if (!good.bytes) return;

    // Truncated at every byte: refused by both passes, nothing read out of bounds (ASan watches).
    u32 truncatedAccepted = 0;
    for (u64 size = 0; size < good.size; ++size)
    {
        u8 *cut = (u8 *)malloc(size ? size : 1);
        memcpy(cut, good.bytes, size);
        u64 need;
        char error[256];
        capsule_contents read;
        memory_arena arena;
        void *memory = 0;
        if (MeasureCapsule(cut, size, &need, error, sizeof(error))) ++truncatedAccepted;
        if (ReadWithArena(cut, size, &arena, &memory, &read, error, sizeof(error))) ++truncatedAccepted;
        free(memory);
        free(cut);
    }
    CHECK_MSG(truncatedAccepted == 0, "a capsule cut at any byte is refused");
    ExpectRefusal(&good, REFUSE_KEEP, good.size - 1, "truncated: ");
    ExpectRefusal(&good, REFUSE_KEEP, 4, "not a capsule (shorter than its magic)");

    test_file file = CopyFile(&good);
    file.bytes[0] = 'X';
    ExpectRefusal(&file, 0, file.size, "not a capsule (bad magic)");
    file = CopyFile(&good);
    PutU32(file.bytes + 8, 7);
    ExpectRefusal(&file, 0, file.size, "capsule format version 7, this engine reads 2");
    file = CopyFile(&good);
    PutU32(file.bytes + 12, GAME_CONTRACT_VERSION + 1);
    char expected[128];
    snprintf(expected, sizeof(expected), "recorded by contract version %u, this engine speaks %u", GAME_CONTRACT_VERSION + 1,
             GAME_CONTRACT_VERSION);
    ExpectRefusal(&file, 0, file.size, expected);

    // An altered byte of an embedded DLL (stored raw: random bytes do not compress).
    file = CopyFile(&good);
    section_place build1 = FindSection(&file, CapsuleSection_Build, 1);
    file.bytes[build1.firstChunk + CAPSULE_CHUNK_HEADER_BYTES + sizeof(capsule_build_record) + 100] ^= 0x40;
    ExpectRefusal(&file, REFUSE_MEASURE_PASSES, file.size, "checksum mismatch in section Build 1 (the embedded build was altered)");

    // A build removed, a section removed, sections doubled, bytes after the end.
    file = CutSection(&good, CapsuleSection_Build, 1);
    ExpectRefusal(&file, 0, file.size, "build 1 missing");
    file = CutSection(&good, CapsuleSection_Frames, 0);
    ExpectRefusal(&file, 0, file.size, "section Frames missing");
    file = CutSection(&good, CapsuleSection_End, 0);
    ExpectRefusal(&file, 0, file.size, "truncated: no End section");
    file = DuplicateSection(&good, CapsuleSection_Info);
    ExpectRefusal(&file, 0, file.size, "section Info appears twice");
    file = DuplicateSection(&good, CapsuleSection_Build);
    ExpectRefusal(&file, 0, file.size, "section Build 1 names build 0 again");
    file = CutSection(&good, CapsuleSection_Log, 0);
    capsule_contents read;
    memory_arena arena;
    void *memory = 0;
    char error[256] = "";
    b32 readWithoutLog = ReadWithArena(file.bytes, file.size, &arena, &memory, &read, error, sizeof(error));
    CHECK_MSG(readWithoutLog && read.logSize == 0 && read.log && read.frames, "the Log section is optional");
    free(memory);
    free(file.bytes);
    file = CopyFile(&good);
    for (u32 copy = 0; copy < CAPSULE_MAX_BUILDS; ++copy)
    {
        test_file more = DuplicateSection(&file, CapsuleSection_Build);
        free(file.bytes);
        file = more;
    }
    ExpectRefusal(&file, 0, file.size, "more than 32 Build sections");
    file = CopyFile(&good);
    file.bytes = (u8 *)realloc(file.bytes, file.size + 3);
    memset(file.bytes + file.size, 0, 3);
    file.size += 3;
    ExpectRefusal(&file, 0, file.size, "trailing bytes: 3 after the End section");

    TestContentRefusals(&good);
    TestHeaderRefusals(&good);
    TestWriterRefusals(&sample);
    free(good.bytes);
    FreeSample(&sample);
}

//~ Figures and seeds
global volatile u64 globalBenchSink;     // keeps the timed results alive

// NOTE: clock() is processor time, which is what a single-threaded compression loop costs.
internal f64 NowSeconds(void) { return (f64)clock() / CLOCKS_PER_SEC; }

// Compresses and decompresses data chunk by chunk as the writer and reader do, repeatedly for at
// least a quarter second each; prints throughput in MB/s of raw bytes and the ratio.
internal void BenchData(const char *name, const u8 *data, u64 size)
{
    u64 chunkCount = (size + CAPSULE_CHUNK_BYTES - 1) / CAPSULE_CHUNK_BYTES;
    u64 slot = CapsuleCompressBound(CAPSULE_CHUNK_BYTES);
    u8 *stored = (u8 *)malloc(chunkCount * slot);
    u64 *storedSizes = (u64 *)calloc(chunkCount, sizeof(u64));
    u8 *back = (u8 *)malloc(size);
    u64 total = 0, rounds = 0;
    f64 start = NowSeconds(), compressSeconds = 0;
    for (; compressSeconds < 0.25; ++rounds, compressSeconds = NowSeconds() - start)
    {
        total = 0;
        for (u64 chunk = 0; chunk < chunkCount; ++chunk)
        {
            u64 raw = Minimum(size - chunk * CAPSULE_CHUNK_BYTES, (u64)CAPSULE_CHUNK_BYTES);
            storedSizes[chunk] = CapsuleCompress(data + chunk * CAPSULE_CHUNK_BYTES, raw, stored + chunk * slot, slot);
            total += storedSizes[chunk] ? storedSizes[chunk] : raw;
        }
    }
    f64 compressRate = (f64)size * rounds / compressSeconds / 1e6;
    b32 equal = 1;
    rounds = 0;
    f64 decompressSeconds = 0;
    for (start = NowSeconds(); decompressSeconds < 0.25; ++rounds, decompressSeconds = NowSeconds() - start)
    {
        for (u64 chunk = 0; chunk < chunkCount; ++chunk)
        {
            u64 raw = Minimum(size - chunk * CAPSULE_CHUNK_BYTES, (u64)CAPSULE_CHUNK_BYTES);
            u8 *to = back + chunk * CAPSULE_CHUNK_BYTES;
            if (storedSizes[chunk]) equal &= CapsuleDecompress(stored + chunk * slot, storedSizes[chunk], to, raw);
            else memcpy(to, data + chunk * CAPSULE_CHUNK_BYTES, raw);
        }
    }
    f64 decompressRate = (f64)size * rounds / decompressSeconds / 1e6;
    CHECK_MSG(equal && memcmp(back, data, size) == 0, name);
    u64 checksum = 0;
    rounds = 0;
    f64 checksumSeconds = 0;
    for (start = NowSeconds(); checksumSeconds < 0.1; ++rounds, checksumSeconds = NowSeconds() - start) checksum += CapsuleChecksum(data, size);
    u64 fnv = FNV64_OFFSET_BASIS;    // the byte-at-a-time FNV-1a the checksum's lanes replace
    f64 fnvStart = NowSeconds();
    for (u64 index = 0; index < size; ++index) fnv = Fnv1aStep(fnv, data[index]);
    f64 fnvSeconds = NowSeconds() - fnvStart;
    printf("FIGURE capsule %s: %.1f MB -> %.2f MB (ratio %.1f:1), compress %.0f MB/s, decompress %.0f MB/s, "
           "checksum %.0f MB/s (byte FNV-1a %.0f MB/s)\n", name, size / 1e6, total / 1e6, (f64)size / (f64)total,
           compressRate, decompressRate, (f64)size * rounds / checksumSeconds / 1e6, size / fnvSeconds / 1e6);
    globalBenchSink = checksum ^ fnv;
    free(stored);
    free(storedSizes);
    free(back);
}

internal void PrintFigures(void)
{
    test_random random = {777};
    // (a) Game memory as a checkpoint sees it: 32 MB of pages, one in eight holding entities, the
    // rest zero.
    u64 size = 32u << 20;
    u8 *data = (u8 *)calloc(size, 1);
    for (u64 page = 0; page < size / 4096; page += 8) FillPattern(data + page * 4096, 4096, 3, &random);
    BenchData("zero-heavy pages", data, size);
    free(data);

    // (b) 65,536 entities of 64 bytes: random positions and velocities, a few radii and colours.
    struct bench_entity { f32 position[3], velocity[3], radius; u32 color, id, flags; f32 health, age; u8 pad[16]; };
    StaticAssert(sizeof(bench_entity) == 64, "64-byte entities");
    const u32 count = 65536;
    bench_entity *entities = (bench_entity *)calloc(count, sizeof(bench_entity));
    for (u32 index = 0; index < count; ++index)
    {
        bench_entity *entity = entities + index;
        for (u32 axis = 0; axis < 3; ++axis)
        {
            entity->position[axis] = (f32)(NextRandom(&random) % 20000) / 100.0f - 100.0f;
            entity->velocity[axis] = (f32)(NextRandom(&random) % 200) / 100.0f - 1.0f;
        }
        entity->radius = 0.25f * (f32)(1 + NextRandom(&random) % 4);
        entity->color = 0xFF000000u | (0x203040u * (NextRandom(&random) % 8));
        entity->id = index;
        entity->flags = NextRandom(&random) % 3;
        entity->health = 100.0f;
        entity->age = (f32)(NextRandom(&random) % 600) / 60.0f;
    }
    BenchData("65536 entities x 64 bytes", (const u8 *)entities, (u64)count * sizeof(bench_entity));
    free(entities);
}

internal int WriteSeeds(const char *folder)
{
    const sample_options seeds[] = {{1, 2, 1, 20, 1, 0}, {2, 12, 2, 300, 1, 0}, {3, 5, 0, 0, 0, 0}};
    for (u32 index = 0; index < ArrayCount(seeds); ++index)
    {
        sample_capsule sample = MakeSample(seeds[index]);
        test_file file = WriteSample(&sample);
        char path[1024];
        snprintf(path, sizeof(path), "%s/seed_%u.capsule", folder, index);
        FILE *out = fopen(path, "wb");
        b32 written = out && file.bytes && fwrite(file.bytes, 1, file.size, out) == file.size;
        if (out) fclose(out);
        free(file.bytes);
        FreeSample(&sample);
        if (!written)
        {
            printf("could not write %s\n", path);
            return 1;
        }
    }
    // Streams for the decompressor's fuzzer: u32 rawSize, then the compressed bytes.
    test_random random = {99};
    const u32 kinds[] = {0, 2, 3, 4};
    for (u32 index = 0; index < ArrayCount(kinds); ++index)
    {
        u32 rawSize = 500u << index;
        u8 raw[4096];
        u8 stored[4 + 4096];
        FillPattern(raw, rawSize, kinds[index], &random);
        memcpy(stored, &rawSize, 4);
        u64 storedSize = CapsuleCompress(raw, rawSize, stored + 4, 4096);
        char path[1024];
        snprintf(path, sizeof(path), "%s/stream_%u.lz", folder, index);
        FILE *out = fopen(path, "wb");
        b32 written = out && storedSize && fwrite(stored, 1, 4 + storedSize, out) == 4 + storedSize;
        if (out) fclose(out);
        if (!written)
        {
            printf("could not write %s\n", path);
            return 1;
        }
    }
    printf("wrote %u capsules and %u streams into %s\n", (u32)ArrayCount(seeds), (u32)ArrayCount(kinds), folder);
    return 0;
}

// A replay's verdict on a fault: the recorded one again, or another.
internal void TestSameFault(void)
{
    capsule_fault recorded = {};
    recorded.frameIndex = 120;
    recorded.code = 0xC0000005u;
    recorded.line = 42;
    recorded.moduleOffset = 0x1234;
    FormatText(recorded.function, sizeof(recorded.function), "DemoUpdateEntities");
    capsule_fault now = recorded;
    CHECK(CapsuleSameFault(&recorded, &now));
    now.line = 43;
    CHECK_MSG(!CapsuleSameFault(&recorded, &now), "a crash on another line is another fault");
    now = recorded;
    now.frameIndex = 121;
    CHECK(!CapsuleSameFault(&recorded, &now));
    now = recorded;
    now.code = 0xC0000094u;
    CHECK(!CapsuleSameFault(&recorded, &now));
    now = recorded;
    FormatText(now.function, sizeof(now.function), "DemoCollide");
    CHECK(!CapsuleSameFault(&recorded, &now));
    // Without a symbol on either side: the module offset decides.
    now = recorded;
    now.function[0] = 0;
    now.line = 0;
    CHECK(CapsuleSameFault(&recorded, &now));
    now.moduleOffset = 0x1238;
    CHECK(!CapsuleSameFault(&recorded, &now));
    // A hang is the same where the function is, whatever line the loop was interrupted on.
    recorded.code = now.code = CAPSULE_HANG_CODE;
    now = recorded;
    now.line = 77;
    now.moduleOffset = 0x9999;
    CHECK_MSG(CapsuleSameFault(&recorded, &now), "a hang interrupted on another line of the same function is the same");
}

int main(int argumentCount, char **arguments)
{
    if (argumentCount == 3 && strcmp(arguments[1], "--write-seeds") == 0) return WriteSeeds(arguments[2]);
    TestCompressor();
    TestRoundTrips();
    TestRefusals();
    TestSameFault();
    PrintFigures();
    return TestSummary();
}
