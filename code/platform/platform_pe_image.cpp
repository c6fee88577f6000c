// The PE reader of platform_pe_image.h.

#include "platform/platform_pe_image.h"
#include "base/base_format.h"
#include <string.h>
#include <stdio.h>

//~ Reading the file
b32 PeRead(const pe_image_file *file, u64 offset, void *destination, u64 size)
{
    if (offset > file->size || size > file->size - offset) return 0;
    memcpy(destination, file->bytes + offset, (size_t)size);
    return 1;
}
u32 PeU32(const pe_image_file *file, u64 offset) { u32 v = 0; PeRead(file, offset, &v, 4); return v; }
u16 PeU16(const pe_image_file *file, u64 offset) { u16 v = 0; PeRead(file, offset, &v, 2); return v; }

pe_image_file OpenPeImageFile(const void *bytes, u64 size)
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

b32 GetPeSection(const pe_image_file *file, u32 sectionIndex, pe_section_info *section)
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

s32 FindPeSectionOfRva(const pe_image_file *file, u32 rva, pe_section_info *section)
{
    for (u32 sectionIndex = 0; sectionIndex < file->sectionCount; ++sectionIndex)
    {
        GetPeSection(file, sectionIndex, section);
        u32 extent = section->virtualSize ? section->virtualSize : section->rawSize;
        if (rva >= section->virtualAddress && rva - section->virtualAddress < extent) return (s32)sectionIndex;
    }
    return -1;
}

u64 PeRvaToFileOffset(const pe_image_file *file, u32 rva)
{
    pe_section_info section;
    if (FindPeSectionOfRva(file, rva, &section) < 0) return 0;
    u32 within = rva - section.virtualAddress;
    if (within >= section.rawSize) return 0;
    return (u64)section.rawOffset + within;
}

b32 PeReadString(const pe_image_file *file, u64 offset, char *out, u32 outSize)
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
void ShortenSymbolName(const char *symbol, char *out, u32 outSize)
{
    out[0] = 0;
    if (strncmp(symbol, "_Z", 2) != 0)
    {
        FormatText(out, outSize, "%s", symbol);
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
    if (!out[0]) FormatText(out, outSize, "%s", symbol);
}

pe_address_name NamePeAddress(const pe_image_file *file, u32 rva)
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
            FormatText(bestName, sizeof(bestName), "%s", symbolName);
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

b32 PeStringPreview(const pe_image_file *file, u32 rva, char *out, u32 outSize)
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
