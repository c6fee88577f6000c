// The comparison of two state layouts, declared in platform_layout_compare.h.

#include "platform/platform_layout_compare.h"
#include "base/base_format.h"
#include <string.h>
#include <stdio.h>

// Field order inside its struct, among the fields both layouts have: a field is "reordered" when
// this rank changed, merely "moved" when fields were added or removed around it.
internal s32 StateLayoutFieldRank(const state_layout *layout, const state_layout_field *field, const state_layout *other)
{
    s32 rank = 0;
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *before = layout->fields + fieldIndex;
        if (before == field) return rank;
        if (strcmp(before->structName, field->structName) == 0 && !IsStateLayoutSizeEntry(before->fieldName) &&
            FindStateLayoutField(other, before->structName, before->fieldName))
            ++rank;
    }
    return -1;
}

// Where a nested struct is used, for messages: appends " (in game_state.entities[4096])", nothing
// for the root or a struct no field uses.
internal void AppendStateStructUse(text_buffer *text, const state_layout *layout, const char *structName)
{
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = layout->fields + fieldIndex;
        if (IsStateLayoutSizeEntry(field->fieldName) || strcmp(field->typeName, structName) != 0) continue;
        if (field->count > 1)
            TextAppendFormat(text, " (in %s.%s[%u])", field->structName, field->fieldName, field->count);
        else
            TextAppendFormat(text, " (in %s.%s)", field->structName, field->fieldName);
        return;
    }
}

// "struct NAME (in WHERE): ", the start of one difference.
internal void AppendStateStructHeading(text_buffer *text, const state_layout *layout, const char *structName,
                                       const char *separator)
{
    TextAppendFormat(text, "%sstruct %s", separator, structName);
    AppendStateStructUse(text, layout, structName);
    TextAppend(text, ": ");
}

u32 CompareStateLayouts(const state_layout *oldLayout, const state_layout *newLayout,
                        char *description, umm descriptionSize)
{
    text_buffer text = TextBufferOver(description, descriptionSize);
    u32 differences = 0;
    for (u32 fieldIndex = 0; fieldIndex < newLayout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = newLayout->fields + fieldIndex;
        const state_layout_field *old = FindStateLayoutField(oldLayout, field->structName, field->fieldName);
        b32 isSize = IsStateLayoutSizeEntry(field->fieldName);
        const char *separator = differences ? "; " : "";
        if (old && old->size == field->size && old->offset == field->offset && old->count == field->count &&
            strcmp(old->typeName, field->typeName) == 0)
        {
            continue;
        }

        AppendStateStructHeading(&text, newLayout, field->structName, separator);
        if (!old && isSize)
            TextAppend(&text, "is new");
        else if (!old)
            TextAppendFormat(&text, "field '%s' added at offset %u (%u bytes)",
                             field->fieldName, field->offset, field->size);
        else if (isSize)
            TextAppendFormat(&text, "size %u -> %u bytes", old->size, field->size);
        else if (strcmp(old->typeName, field->typeName) != 0 && old->size != field->size)
            TextAppendFormat(&text, "field '%s' resized %u -> %u bytes (type %s -> %s)",
                             field->fieldName, old->size, field->size, old->typeName, field->typeName);
        else if (strcmp(old->typeName, field->typeName) != 0)
            TextAppendFormat(&text, "field '%s' changed type %s -> %s (%u bytes)",
                             field->fieldName, old->typeName, field->typeName, field->size);
        else if (old->count != field->count)
            TextAppendFormat(&text, "field '%s' resized %u -> %u elements (%u -> %u bytes)",
                             field->fieldName, old->count, field->count, old->size, field->size);
        else if (old->size != field->size)
            TextAppendFormat(&text, "field '%s' resized %u -> %u bytes",
                             field->fieldName, old->size, field->size);
        else
        {
            b32 reordered = StateLayoutFieldRank(oldLayout, old, newLayout) != StateLayoutFieldRank(newLayout, field, oldLayout);
            TextAppendFormat(&text, "field '%s' %s from offset %u to %u", field->fieldName,
                             reordered ? "reordered" : "moved", old->offset, field->offset);
        }
        ++differences;
    }
    for (u32 fieldIndex = 0; fieldIndex < oldLayout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *old = oldLayout->fields + fieldIndex;
        if (FindStateLayoutField(newLayout, old->structName, old->fieldName)) continue;
        AppendStateStructHeading(&text, oldLayout, old->structName, differences ? "; " : "");
        if (IsStateLayoutSizeEntry(old->fieldName))
            TextAppend(&text, "was removed");
        else
            TextAppendFormat(&text, "field '%s' removed (was %u bytes at offset %u)",
                             old->fieldName, old->size, old->offset);
        ++differences;
    }
    return differences;
}
