// Packed page lists (platform/platform_page_list.h): what a hot restart sends of game memory comes
// back byte for byte with the same hash, only the listed pages move, the half-way step runs once,
// and pointers into a moved range move with it while every other value stays. Also base/'s hash,
// bit-count and median helpers they use.

#include "platform/platform.cpp"
#include "test_framework.h"
#include <string.h>

#define TEST_PAGE_SIZE 4096
#define TEST_PAGE_COUNT 21

global u8 globalImage[TEST_PAGE_COUNT * TEST_PAGE_SIZE];
global u8 globalCopy[TEST_PAGE_COUNT * TEST_PAGE_SIZE];
global u8 globalPacked[TEST_PAGE_COUNT * TEST_PAGE_SIZE];

internal void CountHalfway(void *context) { ++*(u32 *)context; }

internal void FillImage(void)
{
    for (u32 index = 0; index < sizeof(globalImage); ++index) globalImage[index] = (u8)(index * 7 + index / 4096);
    memset(globalImage + 5 * TEST_PAGE_SIZE, 0, TEST_PAGE_SIZE);     // a listed zero page
}

internal void TestRoundTrip(void)
{
    FillImage();
    u8 bitmap[(TEST_PAGE_COUNT + 7) / 8] = {};
    u32 listed[] = {0, 3, 5, 8, 13, 20};
    for (u32 index = 0; index < ArrayCount(listed); ++index) bitmap[listed[index] / 8] |= (u8)(1u << (listed[index] % 8));
    CHECK(CountBits(bitmap, TEST_PAGE_COUNT) == ArrayCount(listed));

    u64 packHash = 0;
    u32 halfwayCalls = 0;
    u64 bytes = PackListedPages(globalPacked, globalImage, bitmap, TEST_PAGE_COUNT, TEST_PAGE_SIZE, ArrayCount(listed),
                                CountHalfway, &halfwayCalls, &packHash);
    CHECK(bytes == ArrayCount(listed) * TEST_PAGE_SIZE);
    CHECK_MSG(halfwayCalls == 1, "the half-way step runs exactly once");
    CHECK_MSG(memcmp(globalPacked + 2 * TEST_PAGE_SIZE, globalImage + 5 * TEST_PAGE_SIZE, TEST_PAGE_SIZE) == 0,
              "pages are packed in page order (the third listed is page 5)");
    CHECK(packHash != 0);

    memset(globalCopy, 0xEE, sizeof(globalCopy));
    u64 unpackHash = UnpackListedPages(globalCopy, globalPacked, bitmap, TEST_PAGE_COUNT, TEST_PAGE_SIZE);
    CHECK_MSG(unpackHash == packHash, "the hash of the pages received equals the hash of the pages sent");
    for (u32 index = 0; index < ArrayCount(listed); ++index)
        CHECK(memcmp(globalCopy + listed[index] * TEST_PAGE_SIZE, globalImage + listed[index] * TEST_PAGE_SIZE, TEST_PAGE_SIZE) == 0);
    CHECK_MSG(globalCopy[1 * TEST_PAGE_SIZE] == 0xEE && globalCopy[19 * TEST_PAGE_SIZE + 100] == 0xEE,
              "pages the bitmap does not list are left untouched");

    // The hash sees a change to one byte of one page, and not the zero page's presence.
    globalPacked[3 * TEST_PAGE_SIZE + 17] ^= 1;
    CHECK(UnpackListedPages(globalCopy, globalPacked, bitmap, TEST_PAGE_COUNT, TEST_PAGE_SIZE) != packHash);
    u8 withoutZero[sizeof(bitmap)];
    memcpy(withoutZero, bitmap, sizeof(bitmap));
    withoutZero[0] &= (u8)~(1u << 5);
    u64 hashWithoutZero = 0;
    PackListedPages(globalPacked, globalImage, withoutZero, TEST_PAGE_COUNT, TEST_PAGE_SIZE, 0, 0, 0, &hashWithoutZero);
    CHECK_MSG(hashWithoutZero == packHash, "a zero page adds nothing to the hash");

    u64 none = 1;
    u8 empty[sizeof(bitmap)] = {};
    CHECK(PackListedPages(globalPacked, globalImage, empty, TEST_PAGE_COUNT, TEST_PAGE_SIZE, 0, 0, 0, &none) == 0);
    CHECK(none == 0);
}

internal void TestMovePointers(void)
{
    memset(globalImage, 0, sizeof(globalImage));
    u64 *page2 = (u64 *)(globalImage + 2 * TEST_PAGE_SIZE);
    u64 *page4 = (u64 *)(globalImage + 4 * TEST_PAGE_SIZE);
    u64 from = 0x180000000ull, size = 0x10000ull, to = 0x7ff600000000ull;
    page2[0] = from;                    // the range's first byte: moves
    page2[1] = from + size - 1;         // its last: moves
    page2[2] = from + size;             // one past: stays
    page2[3] = from - 1;                // one before: stays
    page4[9] = from + 0x1234;           // in a page the bitmap does not list: stays
    u8 bitmap[(TEST_PAGE_COUNT + 7) / 8] = {};
    bitmap[0] = 1u << 2;
    u64 moved = MovePointersInListedPages(globalImage, bitmap, TEST_PAGE_COUNT, TEST_PAGE_SIZE, from, size, to);
    CHECK(moved == 2);
    CHECK(page2[0] == to && page2[1] == to + size - 1);
    CHECK(page2[2] == from + size && page2[3] == from - 1);
    CHECK(page4[9] == from + 0x1234);
}

// base/'s generic helpers the page lists stand on: FNV-1a's published values, bit counts, medians.
internal void TestBaseHelpers(void)
{
    CHECK(Fnv1aText(FNV64_OFFSET_BASIS, "") == 0xcbf29ce484222325ull);
    CHECK(Fnv1aText(FNV64_OFFSET_BASIS, "a") == 0xaf63dc4c8601ec8cull);
    CHECK(Fnv1aText(FNV64_OFFSET_BASIS, "foobar") == 0x85944171f73967e8ull);
    u8 bits[3] = {0xFF, 0x81, 0x07};
    CHECK(CountBits(bits, 24) == 13);
    CHECK(CountBits(bits, 17) == 11);   // a partial last byte counts only its first bits
    CHECK(BitmapBit(bits, 8) && !BitmapBit(bits, 9) && BitmapBit(bits, 15));
    u8 zeros[64] = {};
    CHECK(HashPage(zeros, sizeof(zeros)) == 0 && MixPageHash(7, 0) == 0);
    zeros[63] = 1;
    CHECK(HashPage(zeros, sizeof(zeros)) != 0);
    f32 odd[] = {3.0f, 1.0f, 2.0f};
    f32 even[] = {4.0f, 1.0f, 3.0f, 2.0f};
    CHECK(MedianOfSamples(odd, 3) == 2.0);
    CHECK(MedianOfSamples(even, 4) == 3.0);     // the upper middle of an even count
    CHECK(MedianOfSamples(odd, 0) == 0.0);
}

int main(void)
{
    TestBaseHelpers();
    TestRoundTrip();
    TestMovePointers();
    return TestSummary();
}
