// libFuzzer target for the capsule reader and the chunk decompressor. Built twice by suite_platform:
//     clang++ -fsanitize=fuzzer,address,undefined -DFUZZ_CAPSULE_READER=1 ...       (and -DFUZZ_CAPSULE_DECOMPRESS=1)
// seeded with the capsules and streams `test_capsule_format --write-seeds DIR` writes. Beyond "no
// crash under the sanitizers", what is accepted must be consistent: a capsule read is checked
// against its own counts and limits (a reader that returned garbage is caught too), and a stream
// that decompresses must survive compressing and decompressing its output again unchanged.
//
// Reader input: a capsule file. Decompress input: u32 rawSize (taken modulo 65537), then the stream.

// Neither chosen: one target that feeds every input to both.
#if !defined(FUZZ_CAPSULE_READER) && !defined(FUZZ_CAPSULE_DECOMPRESS)
#define FUZZ_CAPSULE_READER 1
#define FUZZ_CAPSULE_DECOMPRESS 1
#endif

#include "platform/platform.cpp"
#include <stdlib.h>

// Capsules that would need more arena than this are not read (a real reader refuses them as too
// big for the machine the same way; the measure is what is fuzzed there).
#define FUZZ_ARENA_LIMIT (256ull << 20)

// Reads every output byte so that a bad pointer or length faults here, under the sanitizer.
internal u32 Touch(const void *memory, u64 size)
{
    const u8 *bytes = (const u8 *)memory;
    u32 sum = 0;
    for (u64 index = 0; index < size; ++index) sum += bytes[index];
    return sum;
}

#define FUZZ_EXPECT(condition) do { if (!(condition)) abort(); } while (0)

internal void FuzzReader(const u8 *data, u64 size)
{
    u64 need = 0;
    char error[256];
    if (!MeasureCapsule(data, size, &need, error, sizeof(error)) || need > FUZZ_ARENA_LIMIT) return;
    void *memory = malloc(need ? need : 1);
    memory_arena arena;
    InitializeArena(&arena, "fuzz", need, memory, 0);
    capsule_contents contents;
    if (ReadCapsule(data, size, &arena, &contents, error, sizeof(error)))
    {
        const capsule_info *info = &contents.info;
        volatile u32 sink = 0;
        u64 totalPages = (info->permanentSize + info->transientSize) / info->pageSize;
        FUZZ_EXPECT(info->buildCount >= 1 && info->buildCount <= CAPSULE_MAX_BUILDS && info->frameCount <= CAPSULE_MAX_FRAMES);
        FUZZ_EXPECT(contents.layout && contents.layout->fieldCount <= STATE_LAYOUT_MAX_FIELDS);
        FUZZ_EXPECT(contents.checkpointPageCount <= totalPages);
        for (u32 page = 0; page < contents.checkpointPageCount; ++page)
        {
            FUZZ_EXPECT(contents.checkpointPages[page] < totalPages);
        }
        sink = sink + Touch(contents.checkpointData, (u64)contents.checkpointPageCount * info->pageSize);
        for (u32 frame = 0; frame < info->frameCount; ++frame) FUZZ_EXPECT(contents.frames[frame].buildIndex < info->buildCount);
        sink = sink + Touch(contents.frames, (u64)info->frameCount * sizeof(capsule_frame));
        sink = sink + Touch(contents.log, contents.logSize);
        FUZZ_EXPECT(contents.tuneCount <= CAPSULE_MAX_TUNE_RECORDS);
        for (u32 tune = 0; tune < contents.tuneCount; ++tune)
        {
            const capsule_tune_record *record = contents.tunes + tune;
            FUZZ_EXPECT(memchr(record->name, 0, sizeof(record->name)) != 0 && record->name[0]);
            FUZZ_EXPECT(record->kind != CapsuleTune_Change || (record->frameIndex >= info->firstFrame &&
                                                               record->frameIndex <= info->firstFrame + info->frameCount));
        }
        for (u32 build = 0; build < info->buildCount; ++build)
        {
            const capsule_build *embedded = contents.builds + build;
            FUZZ_EXPECT(embedded->record.buildIndex == build && embedded->dll && embedded->record.dllSize > 0);
            FUZZ_EXPECT(memchr(embedded->record.dllName, 0, sizeof(embedded->record.dllName)) != 0);
            sink = sink + Touch(embedded->dll, embedded->record.dllSize) + Touch(embedded->pdb, embedded->record.pdbSize);
        }
        // What the replay does with the layout: name the fields of a state that differs.
        char path[256];
        for (u64 offset = 0; offset < 256; offset += 7) DescribeStateLayoutOffset(contents.layout, offset, path, sizeof(path));
        (void)sink;
    }
    free(memory);
}

internal void FuzzDecompress(const u8 *data, u64 size)
{
    if (size < 4) return;
    u32 rawSize;
    memcpy(&rawSize, data, 4);
    rawSize %= 65537;
    // An exact-size buffer: a write one byte past rawSize is a heap overflow ASan reports.
    u8 *out = (u8 *)malloc(rawSize ? rawSize : 1);
    if (CapsuleDecompress(data + 4, size - 4, out, rawSize))
    {
        u64 bound = CapsuleCompressBound(rawSize);
        u8 *stored = (u8 *)malloc(bound);
        u8 *back = (u8 *)malloc(rawSize ? rawSize : 1);
        u64 storedSize = CapsuleCompress(out, rawSize, stored, bound);
        FUZZ_EXPECT(storedSize < rawSize || storedSize == 0);
        FUZZ_EXPECT(!storedSize || (CapsuleDecompress(stored, storedSize, back, rawSize) && memcmp(back, out, rawSize) == 0));
        free(stored);
        free(back);
    }
    free(out);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
#if FUZZ_CAPSULE_READER
    FuzzReader(data, size);
#endif
#if FUZZ_CAPSULE_DECOMPRESS
    FuzzDecompress(data, size);
#endif
    return 0;
}
