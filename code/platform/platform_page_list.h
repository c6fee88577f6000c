#ifndef PLATFORM_PAGE_LIST_H
#define PLATFORM_PAGE_LIST_H
// The pages a bitmap lists (bit i: page i of an image), packed one after another in page order:
// how a hot restart sends game memory and the live loop's mark (win32/restart/). Portable:
// unit-tested natively (tests/unit/test_page_list.cpp).
//
// The hash of a set of pages is the XOR over them of MixPageHash(page, HashPage(contents))
// (base/base_hash.h): independent of the order they are hashed in, and a zero page adds nothing,
// so the side that packs and the side that unpacks can compare what crossed, page for page.

#include "base/base_hash.h"

// Called once, when half of the listed pages have been packed (a hot restart's fault injection).
typedef void page_list_halfway(void *context);

// Copies the pages of image that bitmap lists into out, in page order; returns the bytes written
// (listedPages * pageSize when listedPages is their count) and sets *hash over them. halfway may be 0.
u64 PackListedPages(u8 *out, const u8 *image, const u8 *bitmap, u64 pageCount, u64 pageSize, u64 listedPages,
                    page_list_halfway *halfway, void *halfwayContext, u64 *hash);
// Puts packed (as PackListedPages wrote it) back into the listed pages of image; returns their hash.
// Pages the bitmap does not list are left as they are.
u64 UnpackListedPages(u8 *image, const u8 *packed, const u8 *bitmap, u64 pageCount, u64 pageSize);
// Every aligned 8-byte value in the listed pages of image that lies in [from, from + size) moves by
// (to - from), the same offset into the range; returns how many moved. Other values stay untouched.
u64 MovePointersInListedPages(u8 *image, const u8 *bitmap, u64 pageCount, u64 pageSize, u64 from, u64 size, u64 to);

#endif  // PLATFORM_PAGE_LIST_H
