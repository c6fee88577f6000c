// The reload pointer scan (platform_pointer_scan.h): only the pages marked written are read, every
// aligned value inside a target is found and nothing else, random data gives no false report; the PE
// reader (platform_pe_image.h) names exports, COFF symbols and string literals of a real game.dll,
// and survives broken files.
// Usage: test_pointer_scan [path of a game.dll built from tests/fixtures/reload_game.cpp with -DGAME_TEST_POINTERS=1]

#include "platform/platform.cpp"
#include "test_framework.h"
#include <stdlib.h>

#define TEST_PAGE_SIZE 4096u

internal void MarkPage(u8 *bitmap, u64 page) { bitmap[page / 8] |= (u8)(1u << (page % 8)); }

internal void TestScan(void)
{
    const u64 pageCount = 256;
    const u64 size = pageCount * TEST_PAGE_SIZE;
    u8 *memory = (u8 *)calloc(1, size);
    u8 bitmap[256 / 8] = {};
    pointer_scan_target targets[2] = {{0x180000000ull, 0x180400000ull}, {0x7FF600000000ull, 0x7FF600100000ull}};

    // Marked pages 3, 9 (one word each, one unaligned planting) and 200; page 50 holds a hit but is
    // not marked: a page never written cannot hold one, and the scan must not read it.
    MarkPage(bitmap, 3);
    MarkPage(bitmap, 9);
    MarkPage(bitmap, 200);
    u64 value = 0x180001234ull;
    memcpy(memory + 3 * TEST_PAGE_SIZE + 16, &value, 8);
    value = 0x7FF600000010ull;
    memcpy(memory + 9 * TEST_PAGE_SIZE + 4088, &value, 8);                 // last word of the page
    value = 0x180000040ull;
    memcpy(memory + 9 * TEST_PAGE_SIZE + 100, &value, 8);                  // unaligned: not a pointer field
    value = 0x180000000ull;
    memcpy(memory + 200 * TEST_PAGE_SIZE, &value, 8);                      // the image's first byte
    value = 0x180400000ull;
    memcpy(memory + 200 * TEST_PAGE_SIZE + 8, &value, 8);                  // one past its end
    value = 0x180002000ull;
    memcpy(memory + 50 * TEST_PAGE_SIZE, &value, 8);

    pointer_scan_hit hits[8];
    pointer_scan_result result = ScanPagesForPointers(memory, size, TEST_PAGE_SIZE, bitmap, targets, 2, hits, 8);
    CHECK(result.hitCount == 3 && result.hitsKept == 3);
    CHECK(result.bytesScanned == 3 * TEST_PAGE_SIZE);
    CHECK(hits[0].memoryOffset == 3 * TEST_PAGE_SIZE + 16 && hits[0].targetIndex == 0 && hits[0].value == 0x180001234ull);
    CHECK(hits[1].memoryOffset == 9 * TEST_PAGE_SIZE + 4088 && hits[1].targetIndex == 1);
    CHECK(hits[2].memoryOffset == 200 * TEST_PAGE_SIZE && hits[2].value == 0x180000000ull);

    //- All hits are counted even when fewer are kept
    result = ScanPagesForPointers(memory, size, TEST_PAGE_SIZE, bitmap, targets, 2, hits, 1);
    CHECK(result.hitCount == 3 && result.hitsKept == 1);

    //- No target, nothing marked: nothing read, nothing found
    result = ScanPagesForPointers(memory, size, TEST_PAGE_SIZE, bitmap, targets, 0, hits, 8);
    CHECK(result.hitCount == 0 && result.bytesScanned == 0);
    u8 empty[256 / 8] = {};
    result = ScanPagesForPointers(memory, size, TEST_PAGE_SIZE, empty, targets, 2, hits, 8);
    CHECK(result.hitCount == 0 && result.bytesScanned == 0);

    //- Random data over every page, 50 rounds with different seeds: no false report. Real images sit
    // at 4 MB in a 2^64 space, so a random word hits one with odds around 2^-42.
    memset(bitmap, 0xFF, sizeof(bitmap));
    u64 seed = 0x243F6A8885A308D3ull;
    u64 falseReports = 0;
    for (u32 round = 0; round < 50; ++round)
    {
        u64 *words = (u64 *)memory;
        for (u64 wordIndex = 0; wordIndex < size / 8; ++wordIndex)
        {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            words[wordIndex] = seed;
        }
        result = ScanPagesForPointers(memory, size, TEST_PAGE_SIZE, bitmap, targets, 2, hits, 8);
        falseReports += result.hitCount;
    }
    CHECK_MSG(falseReports == 0, "random data: no false report over 50 rounds of 1 MB");
    printf("random data: %llu false reports over 50 scans of 1 MB\n", (unsigned long long)falseReports);
    free(memory);
}

internal void TestSymbolNames(void)
{
    char out[96];
    ShortenSymbolName("_ZL19TestPointerCallbackj", out, sizeof(out));
    CHECK_MSG(strcmp(out, "TestPointerCallback") == 0, out);
    ShortenSymbolName("_ZN4game5world6UpdateEv", out, sizeof(out));
    CHECK_MSG(strcmp(out, "game::world::Update") == 0, out);
    ShortenSymbolName("gameUpdateAndRender", out, sizeof(out));
    CHECK(strcmp(out, "gameUpdateAndRender") == 0);
    ShortenSymbolName("_Z999truncated", out, sizeof(out));
    CHECK(strcmp(out, "_Z999truncated") == 0);
}

// Test helpers: find a COFF symbol's RVA by its (shortened) name, and the RVA of file bytes.
internal u32 FindSymbolRva(const pe_image_file *file, const char *wanted)
{
    u64 stringTable = file->symbolTableOffset + (u64)file->symbolCount * 18;
    for (u32 symbolIndex = 0; symbolIndex < file->symbolCount; ++symbolIndex)
    {
        u64 record = file->symbolTableOffset + (u64)symbolIndex * 18;
        char name[96] = "", shortName[96];
        if (PeU32(file, record) == 0) PeReadString(file, stringTable + PeU32(file, record + 4), name, sizeof(name));
        else { memcpy(name, file->bytes + record, 8); name[8] = 0; }
        s16 section = (s16)PeU16(file, record + 12);
        ShortenSymbolName(name, shortName, sizeof(shortName));
        pe_section_info info;
        if (section > 0 && strcmp(shortName, wanted) == 0 && GetPeSection(file, (u32)section - 1, &info))
            return info.virtualAddress + PeU32(file, record + 8);
        symbolIndex += file->bytes[record + 17];
    }
    return 0;
}

internal u32 FileOffsetToRva(const pe_image_file *file, u64 offset)
{
    for (u32 sectionIndex = 0; sectionIndex < file->sectionCount; ++sectionIndex)
    {
        pe_section_info section;
        GetPeSection(file, sectionIndex, &section);
        if (offset >= section.rawOffset && offset - section.rawOffset < section.rawSize)
            return section.virtualAddress + (u32)(offset - section.rawOffset);
    }
    return 0;
}

internal void TestPeReader(const char *dllPath)
{
    //- Garbage and truncated inputs: never valid, never a fault (run under ASan natively)
    u8 garbage[512];
    for (u32 index = 0; index < sizeof(garbage); ++index) garbage[index] = (u8)(index * 37);
    garbage[0] = 'M';
    garbage[1] = 'Z';
    pe_image_file bad = OpenPeImageFile(garbage, sizeof(garbage));
    CHECK(!bad.valid);
    pe_address_name nothing = NamePeAddress(&bad, 0x1000);
    CHECK(nothing.section[0] == 0 && nothing.symbol[0] == 0);

    if (!dllPath)
    {
        printf("no game.dll given: PE reader checked on broken input only\n");
        return;
    }
    unsigned int size = 0;
    u8 *bytes = (u8 *)TestReadWholeFile(dllPath, &size);
    CHECK_MSG(bytes != 0, "the game.dll given can be read");
    if (!bytes) return;
    pe_image_file file = OpenPeImageFile(bytes, size);
    CHECK(file.valid && file.sectionCount >= 3 && file.exportDirectoryRva != 0);
    CHECK_MSG(file.symbolCount > 0, "a MinGW -g build carries a COFF symbol table");

    //- A function: named by its symbol, also a few bytes in
    u32 callback = FindSymbolRva(&file, "TestPointerCallback");
    CHECK_MSG(callback != 0, "TestPointerCallback is in the symbol table");
    pe_address_name name = NamePeAddress(&file, callback);
    CHECK_MSG(strcmp(name.section, ".text") == 0 && strcmp(name.symbol, "TestPointerCallback") == 0 && name.symbolOffset == 0, name.symbol);
    name = NamePeAddress(&file, callback + 2);
    CHECK(strcmp(name.symbol, "TestPointerCallback") == 0 && name.symbolOffset == 2);

    //- An exported function and exported data: named from the export table
    u32 update = FindSymbolRva(&file, "gameUpdateAndRender");
    name = NamePeAddress(&file, update);
    CHECK_MSG(strcmp(name.symbol, "gameUpdateAndRender") == 0 && name.fromExportTable, name.symbol);
    u32 layout = FindSymbolRva(&file, "gameStateLayout");
    name = NamePeAddress(&file, layout);
    CHECK_MSG(strcmp(name.symbol, "gameStateLayout") == 0, name.symbol);

    //- A global in .bss (no bytes in the file): its section and symbol
    u32 globalRva = FindSymbolRva(&file, "globalTestPointerTarget");
    name = NamePeAddress(&file, globalRva);
    CHECK_MSG(strcmp(name.section, ".bss") == 0 && strcmp(name.symbol, "globalTestPointerTarget") == 0, name.section);

    //- A string literal: its text
    const char *literal = "test pointer: a string literal inside game.dll";
    u64 literalOffset = 0;
    for (u64 offset = 0; offset + strlen(literal) < size && !literalOffset; ++offset)
        if (memcmp(bytes + offset, literal, strlen(literal)) == 0) literalOffset = offset;
    CHECK(literalOffset != 0);
    u32 literalRva = FileOffsetToRva(&file, literalOffset);
    char preview[72];
    CHECK(PeStringPreview(&file, literalRva, preview, sizeof(preview)));
    CHECK_MSG(strcmp(preview, "\"test pointer: a string literal inside game.dll\"") == 0, preview);
    CHECK_MSG(!PeStringPreview(&file, callback, preview, sizeof(preview)) || strlen(preview) < 8, "code is not text");

    //- The same file cut short anywhere: names degrade, nothing faults
    for (u32 cut = 64; cut < size; cut = cut * 2 + 7)
    {
        pe_image_file truncated = OpenPeImageFile(bytes, cut);
        NamePeAddress(&truncated, callback);
        NamePeAddress(&truncated, literalRva);
        PeStringPreview(&truncated, literalRva, preview, sizeof(preview));
    }
    CHECK_MSG(1, "truncated files read without a fault");
    free(bytes);
}

int main(int argc, char **argv)
{
    TestScan();
    TestSymbolNames();
    TestPeReader(argc > 1 ? argv[1] : 0);
    return TestSummary();
}
