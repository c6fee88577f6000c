// The platform's copy of a state layout, declared in platform_state_layout.h.

#include "platform/platform_state_layout.h"
#include "base/base_format.h"
#include <string.h>
#include <stdio.h>

//~ Platform-owned copy
b32 IsStateLayoutSizeEntry(const char *fieldName) { return strcmp(fieldName, "(size)") == 0; }

b32 CopyStateLayout(state_layout *destination, const game_state_layout *source,
                    char *error, umm errorSize)
{
    memset(destination, 0, sizeof(*destination));
    if (!source) return 1;
    if (source->fieldCount > STATE_LAYOUT_MAX_FIELDS || (source->fieldCount && !source->fields))
    {
        FormatText(error, errorSize, "layout has %u fields (at most %u)", source->fieldCount, STATE_LAYOUT_MAX_FIELDS);
        return 0;
    }
    for (u32 fieldIndex = 0; fieldIndex < source->fieldCount; ++fieldIndex)
    {
        const game_layout_field *from = source->fields + fieldIndex;
        state_layout_field *to = destination->fields + fieldIndex;
        if (!from->structName || !from->fieldName || !from->typeName ||
            strlen(from->structName) >= STATE_LAYOUT_MAX_NAME || strlen(from->fieldName) >= STATE_LAYOUT_MAX_NAME ||
            strlen(from->typeName) >= STATE_LAYOUT_MAX_NAME)
        {
            FormatText(error, errorSize, "layout field %u has a missing or too long name", fieldIndex);
            return 0;
        }
        if (from->count == 0 || from->size % from->count != 0)
        {
            FormatText(error, errorSize, "layout field %s.%s has %u bytes for %u elements", from->structName,
                     from->fieldName, from->size, from->count);
            return 0;
        }
        strcpy(to->structName, from->structName);
        strcpy(to->fieldName, from->fieldName);
        strcpy(to->typeName, from->typeName);
        to->offset = from->offset;
        to->size = from->size;
        to->count = from->count;
    }
    destination->fieldCount = source->fieldCount;
    destination->present = 1;
    return 1;
}

const state_layout_field *FindStateLayoutField(const state_layout *layout, const char *structName,
                                               const char *fieldName)
{
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = layout->fields + fieldIndex;
        if (strcmp(field->structName, structName) == 0 && strcmp(field->fieldName, fieldName) == 0) return field;
    }
    return 0;
}

u32 StateLayoutStructSize(const state_layout *layout, const char *typeName)
{
    const state_layout_field *size = FindStateLayoutField(layout, typeName, "(size)");
    return size ? size->size : 0;
}

//~ Naming an address of registered state
b32 DescribeStateLayoutOffset(const state_layout *layout, u64 offset, char *out, umm outSize)
{
    out[0] = 0;
    if (!layout->present || !layout->fieldCount) return 0;
    const char *structName = layout->fields[0].structName;
    text_buffer path = TextBufferOver(out, outSize);
    TextAppend(&path, structName);
    for (u32 depth = 0; depth < STATE_LAYOUT_MAX_DEPTH; ++depth)
    {
        const state_layout_field *hit = 0;
        for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
        {
            const state_layout_field *field = layout->fields + fieldIndex;
            if (strcmp(field->structName, structName) != 0 || IsStateLayoutSizeEntry(field->fieldName)) continue;
            if (offset >= field->offset && offset - field->offset < field->size) { hit = field; break; }
        }
        if (!hit)
        {
            if (depth == 0) { out[0] = 0; return 0; }
            TextAppendFormat(&path, "+0x%llx", (unsigned long long)offset);   // padding of a nested struct
            return 1;
        }
        u32 elementSize = hit->size / hit->count;
        u64 within = offset - hit->offset;
        u64 element = within / elementSize;
        within -= element * elementSize;
        TextAppendFormat(&path, ".%s", hit->fieldName);
        if (hit->count > 1) TextAppendFormat(&path, "[%llu]", (unsigned long long)element);
        if (!StateLayoutStructSize(layout, hit->typeName))
        {
            if (within) TextAppendFormat(&path, "+0x%llx", (unsigned long long)within);
            return 1;
        }
        structName = hit->typeName;
        offset = within;
    }
    return 1;
}
