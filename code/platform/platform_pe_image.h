#ifndef PLATFORM_PE_IMAGE_H
#define PLATFORM_PE_IMAGE_H
// Reading a PE image file (a DLL as it lies on disk) and naming an address inside it: its section,
// the nearest export or COFF symbol, the text of a string literal. Portable (it reads the file's
// bytes, no OS call), so it is unit-tested natively; the pointer guard
// (win32/reload/win32_pointer_scan.cpp) names with it what an old DLL's address points at.
// Every read is bounds-checked: a truncated or hostile file gives "unknown", never a fault.

#include "base/base_types.h"

//~ Reading the file
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

// Copies size bytes from offset; false (nothing copied) when they are not all inside the file.
b32 PeRead(const pe_image_file *file, u64 offset, void *destination, u64 size);
// The 32-bit or 16-bit value at offset, as the file stores it (little-endian, as x64 reads it);
// 0 when it is not inside the file.
u32 PeU32(const pe_image_file *file, u64 offset);
u16 PeU16(const pe_image_file *file, u64 offset);

// Parses the headers of a 64-bit PE file; valid stays false when it is not one.
pe_image_file OpenPeImageFile(const void *bytes, u64 size);

// The header of section sectionIndex; false (section zeroed) when the file has no such section.
b32 GetPeSection(const pe_image_file *file, u32 sectionIndex, pe_section_info *section);

// The section an RVA falls in (by its size in memory), or -1.
s32 FindPeSectionOfRva(const pe_image_file *file, u32 rva, pe_section_info *section);

// File offset of an RVA that has bytes in the file (0 when it has none, e.g. .bss).
u64 PeRvaToFileOffset(const pe_image_file *file, u32 rva);

// Copies the NUL-terminated string at a file offset (truncated to fit); false when out of the file.
b32 PeReadString(const pe_image_file *file, u64 offset, char *out, u32 outSize);

//~ Naming an address inside the image
// Itanium C++ names (what MinGW's g++ writes) are shortened to their readable part:
// _ZL17TestPointerTargetv -> TestPointerTarget, _ZN3foo3barEv -> foo::bar. Others are kept.
void ShortenSymbolName(const char *symbol, char *out, u32 outSize);

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
pe_address_name NamePeAddress(const pe_image_file *file, u32 rva);

// When the bytes at rva look like text (a string literal), copies up to outSize-1 of them quoted
// into out and returns true.
b32 PeStringPreview(const pe_image_file *file, u32 rva, char *out, u32 outSize);

#endif // PLATFORM_PE_IMAGE_H
