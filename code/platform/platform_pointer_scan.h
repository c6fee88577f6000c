#ifndef PLATFORM_POINTER_SCAN_H
#define PLATFORM_POINTER_SCAN_H
// Finding addresses of an old game.dll left in game memory, and naming what they point at.
// Portable (no OS headers): the scan works on any byte range with a page bitmap, the PE reader on
// the bytes of a DLL file, so both are unit-tested natively. win32/reload/win32_pointer_scan.cpp
// applies them at every code swap.

#include "base/base_types.h"
#include <string.h>
#include <stdio.h>

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

inline b32 PageBitIsSet(const u8 *bitmap, u64 page) { return (bitmap[page / 8] >> (page % 8)) & 1; }

// Looks at every 8-byte-aligned word of the pages whose bit is set in pageBitmap (one bit per page
// of memory[0, size)) and reports the values that lie inside one of the targets. Pages whose bit
// is clear are never read, so the cost is that of the pages marked, plus one bitmap byte per eight
// pages. Keeps the first maxHits hits in hits[] and counts them all. pageSize is a multiple of 8.
inline pointer_scan_result ScanPagesForPointers(const u8 *memory, u64 size, u32 pageSize, const u8 *pageBitmap,
                                                const pointer_scan_target *targets, u32 targetCount,
                                                pointer_scan_hit *hits, u32 maxHits)
{
    pointer_scan_result result = {};
    if (!targetCount) return result;
    u64 lowest = targets[0].begin, highest = targets[0].end;
    for (u32 targetIndex = 1; targetIndex < targetCount; ++targetIndex)
    {
        if (targets[targetIndex].begin < lowest) lowest = targets[targetIndex].begin;
        if (targets[targetIndex].end > highest) highest = targets[targetIndex].end;
    }
    u64 span = highest - lowest;
    u64 pageCount = size / pageSize;
    for (u64 page = 0; page < pageCount; ++page)
    {
        if (pageBitmap[page / 8] == 0)
        {
            page += 7 - (page % 8);     // eight clear pages at once
            continue;
        }
        if (!PageBitIsSet(pageBitmap, page)) continue;
        const u64 *words = (const u64 *)(memory + page * pageSize);
        u32 wordCount = pageSize / 8;
        result.bytesScanned += pageSize;
        for (u32 wordIndex = 0; wordIndex < wordCount; ++wordIndex)
        {
            u64 value = words[wordIndex];
            if (value - lowest >= span) continue;       // the common case: one subtract, one compare
            for (u32 targetIndex = 0; targetIndex < targetCount; ++targetIndex)
            {
                if (value < targets[targetIndex].begin || value >= targets[targetIndex].end) continue;
                if (result.hitsKept < maxHits)
                {
                    pointer_scan_hit *hit = hits + result.hitsKept++;
                    hit->memoryOffset = page * pageSize + (u64)wordIndex * 8;
                    hit->value = value;
                    hit->targetIndex = targetIndex;
                    hit->pad = 0;
                }
                ++result.hitCount;
                break;
            }
        }
    }
    return result;
}

//~ Reading a PE image file (a DLL as it lies on disk)
// Every read is bounds-checked: a truncated or hostile file gives "unknown", never a fault.
struct pe_image_file
{
    const u8 *bytes;
    u64 size;
    b32 valid;
    u32 sectionCount;
    u64 sectionTableOffset;     // file offset of the first IMAGE_SECTION_HEADER
    u32 exportDirectoryRva;
    u32 exportDirectorySize;
    u64 symbolTableOffset;      // COFF symbol table (MinGW -g builds keep one; MSVC puts symbols in the PDB)
    u32 symbolCount;
    u32 pad;
};

struct pe_section_info
{
    char name[9];
    u32 virtualAddress;
    u32 virtualSize;
    u32 rawOffset;
    u32 rawSize;
};

inline b32 PeRead(const pe_image_file *file, u64 offset, void *destination, u64 size)
{
    if (offset > file->size || size > file->size - offset) return 0;
    memcpy(destination, file->bytes + offset, (size_t)size);
    return 1;
}
inline u32 PeU32(const pe_image_file *file, u64 offset) { u32 v = 0; PeRead(file, offset, &v, 4); return v; }
inline u16 PeU16(const pe_image_file *file, u64 offset) { u16 v = 0; PeRead(file, offset, &v, 2); return v; }

// Parses the headers of a 64-bit PE file; valid stays false when it is not one.
inline pe_image_file OpenPeImageFile(const void *bytes, u64 size)
{
    pe_image_file file = {};
    file.bytes = (const u8 *)bytes;
    file.size = size;
    if (size < 0x40 || file.bytes[0] != 'M' || file.bytes[1] != 'Z') return file;
    u64 ntOffset = PeU32(&file, 0x3C);
    if (PeU32(&file, ntOffset) != 0x00004550) return file;          // "PE\0\0"
    u64 fileHeader = ntOffset + 4;
    file.sectionCount = PeU16(&file, fileHeader + 2);
    file.symbolTableOffset = PeU32(&file, fileHeader + 8);
    file.symbolCount = PeU32(&file, fileHeader + 12);
    u16 optionalSize = PeU16(&file, fileHeader + 16);
    u64 optional = fileHeader + 20;
    if (PeU16(&file, optional) != 0x20B) return file;              // PE32+ only
    if (optionalSize >= 112 + 8)
    {
        file.exportDirectoryRva = PeU32(&file, optional + 112);
        file.exportDirectorySize = PeU32(&file, optional + 116);
    }
    file.sectionTableOffset = optional + optionalSize;
    file.valid = file.sectionTableOffset + (u64)file.sectionCount * 40 <= size;
    return file;
}

inline b32 GetPeSection(const pe_image_file *file, u32 sectionIndex, pe_section_info *section)
{
    memset(section, 0, sizeof(*section));
    if (!file->valid || sectionIndex >= file->sectionCount) return 0;
    u64 header = file->sectionTableOffset + (u64)sectionIndex * 40;
    PeRead(file, header, section->name, 8);
    section->virtualSize = PeU32(file, header + 8);
    section->virtualAddress = PeU32(file, header + 12);
    section->rawSize = PeU32(file, header + 16);
    section->rawOffset = PeU32(file, header + 20);
    return 1;
}

// The section an RVA falls in (by its size in memory), or -1.
inline s32 FindPeSectionOfRva(const pe_image_file *file, u32 rva, pe_section_info *section)
{
    for (u32 sectionIndex = 0; sectionIndex < file->sectionCount; ++sectionIndex)
    {
        GetPeSection(file, sectionIndex, section);
        u32 extent = section->virtualSize ? section->virtualSize : section->rawSize;
        if (rva >= section->virtualAddress && rva - section->virtualAddress < extent) return (s32)sectionIndex;
    }
    return -1;
}

// File offset of an RVA that has bytes in the file (0 when it has none, e.g. .bss).
inline u64 PeRvaToFileOffset(const pe_image_file *file, u32 rva)
{
    pe_section_info section;
    if (FindPeSectionOfRva(file, rva, &section) < 0) return 0;
    u32 within = rva - section.virtualAddress;
    if (within >= section.rawSize) return 0;
    return (u64)section.rawOffset + within;
}

// Copies the NUL-terminated string at a file offset (truncated to fit); false when out of the file.
inline b32 PeReadString(const pe_image_file *file, u64 offset, char *out, u32 outSize)
{
    if (!outSize || offset >= file->size) return 0;
    u32 used = 0;
    while (used + 1 < outSize && offset + used < file->size && file->bytes[offset + used]) 
    {
        out[used] = (char)file->bytes[offset + used];
        ++used;
    }
    out[used] = 0;
    return 1;
}

//~ Naming an address inside the image
// Itanium C++ names (what MinGW's g++ writes) are shortened to their readable part:
// _ZL17TestPointerTargetv -> TestPointerTarget, _ZN3foo3barEv -> foo::bar. Others are kept.
inline void ShortenSymbolName(const char *symbol, char *out, u32 outSize)
{
    out[0] = 0;
    if (strncmp(symbol, "_Z", 2) != 0)
    {
        snprintf(out, outSize, "%s", symbol);
        return;
    }
    const char *at = symbol + 2;
    if (*at == 'L') ++at;
    b32 nested = (*at == 'N');
    if (nested) ++at;
    u32 used = 0;
    while (*at >= '0' && *at <= '9')
    {
        u32 length = 0;
        while (*at >= '0' && *at <= '9') length = length * 10 + (u32)(*at++ - '0');
        if (strlen(at) < length) break;
        if (used && used + 2 < outSize) { out[used++] = ':'; out[used++] = ':'; }
        for (u32 index = 0; index < length && used + 1 < outSize; ++index) out[used++] = at[index];
        out[used] = 0;
        at += length;
        if (!nested) break;
    }
    if (!out[0]) snprintf(out, outSize, "%s", symbol);
}

struct pe_address_name
{
    char section[9];            // "" when the RVA is in no section
    u32 sectionOffset;
    char symbol[96];            // nearest export or symbol at or below the RVA in that section ("" if none)
    u32 symbolOffset;           // rva - symbol's rva
    b32 fromExportTable;
};

// Nearest name at or below rva inside the same section, from the export table and, when the file
// carries one, the COFF symbol table. Section names (".text") and compiler labels (".L...") are skipped.
inline pe_address_name NamePeAddress(const pe_image_file *file, u32 rva)
{
    pe_address_name name = {};
    pe_section_info section;
    s32 sectionIndex = FindPeSectionOfRva(file, rva, &section);
    if (sectionIndex < 0) return name;
    memcpy(name.section, section.name, 9);
    name.sectionOffset = rva - section.virtualAddress;
    u32 bestRva = 0;
    b32 found = 0;
    char bestName[96] = "";

    //- Exports
    u64 exportDirectory = PeRvaToFileOffset(file, file->exportDirectoryRva);
    if (file->exportDirectoryRva && exportDirectory)
    {
        u32 nameCount = PeU32(file, exportDirectory + 24);
        u64 functions = PeRvaToFileOffset(file, PeU32(file, exportDirectory + 28));
        u64 names = PeRvaToFileOffset(file, PeU32(file, exportDirectory + 32));
        u64 ordinals = PeRvaToFileOffset(file, PeU32(file, exportDirectory + 36));
        for (u32 nameIndex = 0; functions && names && ordinals && nameIndex < nameCount && nameIndex < 65536; ++nameIndex)
        {
            u16 ordinal = PeU16(file, ordinals + 2ull * nameIndex);
            u32 exportRva = PeU32(file, functions + 4ull * ordinal);
            if (exportRva > rva || exportRva < section.virtualAddress || (found && exportRva <= bestRva)) continue;
            u64 nameOffset = PeRvaToFileOffset(file, PeU32(file, names + 4ull * nameIndex));
            if (!nameOffset || !PeReadString(file, nameOffset, bestName, sizeof(bestName))) continue;
            bestRva = exportRva;
            found = 1;
            name.fromExportTable = 1;
        }
    }

    //- COFF symbols: 18-byte records, then the string table
    if (file->symbolTableOffset && file->symbolCount &&
        file->symbolTableOffset + (u64)file->symbolCount * 18 <= file->size)
    {
        u64 stringTable = file->symbolTableOffset + (u64)file->symbolCount * 18;
        for (u32 symbolIndex = 0; symbolIndex < file->symbolCount; ++symbolIndex)
        {
            u64 record = file->symbolTableOffset + (u64)symbolIndex * 18;
            u32 value = PeU32(file, record + 8);
            s16 symbolSection = (s16)PeU16(file, record + 12);
            u8 storageClass = file->bytes[record + 16];
            u8 auxCount = file->bytes[record + 17];
            symbolIndex += auxCount;
            // 2 = external, 3 = static; section numbers count from 1.
            if ((storageClass != 2 && storageClass != 3) || symbolSection != sectionIndex + 1) continue;
            u32 symbolRva = section.virtualAddress + value;
            if (symbolRva > rva || (found && symbolRva < bestRva)) continue;
            char symbolName[96];
            if (PeU32(file, record) == 0)
            {
                if (!PeReadString(file, stringTable + PeU32(file, record + 4), symbolName, sizeof(symbolName))) continue;
            }
            else
            {
                memcpy(symbolName, file->bytes + record, 8);
                symbolName[8] = 0;
            }
            if (symbolName[0] == '.' || symbolName[0] == 0) continue;
            // Prefer an export to a symbol at the same address (the export is the public name).
            if (found && symbolRva == bestRva && name.fromExportTable) continue;
            snprintf(bestName, sizeof(bestName), "%s", symbolName);
            bestRva = symbolRva;
            found = 1;
            name.fromExportTable = 0;
        }
    }
    if (found)
    {
        ShortenSymbolName(bestName, name.symbol, sizeof(name.symbol));
        name.symbolOffset = rva - bestRva;
    }
    return name;
}

// When the bytes at rva look like text (a string literal), copies up to outSize-1 of them quoted
// into out and returns true.
inline b32 PeStringPreview(const pe_image_file *file, u32 rva, char *out, u32 outSize)
{
    out[0] = 0;
    u64 offset = PeRvaToFileOffset(file, rva);
    if (!offset || outSize < 8) return 0;
    u32 length = 0;
    while (offset + length < file->size && file->bytes[offset + length] && length < 4096)
    {
        u8 c = file->bytes[offset + length];
        if (c < 0x20 && c != '\t' && c != '\n') return 0;
        if (c >= 0x7F) return 0;
        ++length;
    }
    if (length < 2 || offset + length >= file->size) return 0;
    u32 shown = length < outSize - 6 ? length : outSize - 6;
    out[0] = '"';
    for (u32 index = 0; index < shown; ++index)
    {
        char c = (char)file->bytes[offset + index];
        out[1 + index] = (c == '\n' || c == '\t') ? ' ' : c;
    }
    u32 end = 1 + shown;
    if (shown < length) { out[end++] = '.'; out[end++] = '.'; out[end++] = '.'; }
    out[end++] = '"';
    out[end] = 0;
    return 1;
}

#endif // PLATFORM_POINTER_SCAN_H
