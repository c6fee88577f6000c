#ifndef PLATFORM_POINTER_SCAN_H
#define PLATFORM_POINTER_SCAN_H
// Finding addresses of an old game.dll left in game memory. Portable (no OS headers): the scan
// works on any byte range with a page bitmap, so it is unit-tested natively.
// win32/reload/win32_pointer_scan.cpp applies it at every code swap and names what it finds with
// the PE reader (platform_pe_image.h).

#include "base/base_types.h"

//~ Scanning written pages
struct pointer_scan_target
{
    u64 begin;                  // [begin, end): a module image
    u64 end;
};

struct pointer_scan_hit
{
    u64 memoryOffset;           // where the value sits, from the start of the scanned memory
    u64 value;                  // the address found
    u32 targetIndex;            // which target it points into
    u32 pad;
};

struct pointer_scan_result
{
    u64 hitCount;               // all hits, also those that did not fit in hits[]
    u64 bytesScanned;
    u32 hitsKept;
    u32 pad;
};

// True when the bit of page is set (one bit per page, the lowest bit of each byte first).
b32 PageBitIsSet(const u8 *bitmap, u64 page);

// Looks at every 8-byte-aligned word of the pages whose bit is set in pageBitmap (one bit per page
// of memory[0, size)) and reports the values that lie inside one of the targets. Pages whose bit
// is clear are never read, so the cost is that of the pages marked, plus one bitmap byte per eight
// pages. Keeps the first maxHits hits in hits[] and counts them all. pageSize is a multiple of 8.
pointer_scan_result ScanPagesForPointers(const u8 *memory, u64 size, u32 pageSize, const u8 *pageBitmap,
                                         const pointer_scan_target *targets, u32 targetCount,
                                         pointer_scan_hit *hits, u32 maxHits);

#endif // PLATFORM_POINTER_SCAN_H
