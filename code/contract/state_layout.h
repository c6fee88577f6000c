#ifndef STATE_LAYOUT_H
#define STATE_LAYOUT_H
// Layout descriptions of the state game.dll keeps in permanent memory: the platform copies them
// out of each loaded DLL (the DLL's strings die with it), compares old and new field by field, and
// the game may migrate old state by field names. Portable: unit-tested natively.

#include "contract/game_platform.h"
#include "base/base_format.h"
#include <string.h>
#include <stdio.h>
#include <stdarg.h>
#include <stddef.h>

//~ Declaring registered state (game side)
// A registered struct is declared from one X-macro list, so the struct and its layout description
// cannot drift apart:
//     #define MY_STRUCT_FIELDS(X) X(u32, count, ) X(v3, points, [16]) X(my_item, items, [64])
//     struct my_struct { MY_STRUCT_FIELDS(STATE_DECLARE_FIELD) };
//     #define X(type, name, extent) STATE_LAYOUT_FIELD(my_struct, type, name)
//     ... MY_STRUCT_FIELDS(X) STATE_LAYOUT_SIZE(my_struct) ...
// Register my_item the same way and my_struct.items is compared and migrated element by element.
#define STATE_DECLARE_FIELD(type, name, extent) type name extent;
#define STATE_LAYOUT_FIELD(structType, type, name)                                                  \
    {#structType, #name, #type, (u32)offsetof(structType, name), (u32)sizeof(((structType *)0)->name), \
     (u32)(sizeof(((structType *)0)->name) / sizeof(type)), 0},
#define STATE_LAYOUT_SIZE(structType) {#structType, "(size)", #structType, 0, (u32)sizeof(structType), 1, 0},

//~ Platform-owned copy
#define STATE_LAYOUT_MAX_FIELDS 512
#define STATE_LAYOUT_MAX_NAME 48
#define STATE_LAYOUT_MAX_DEPTH 8        // nesting deeper than this is refused (and means a cycle)

struct state_layout_field
{
    char structName[STATE_LAYOUT_MAX_NAME];
    char fieldName[STATE_LAYOUT_MAX_NAME];
    char typeName[STATE_LAYOUT_MAX_NAME];
    u32 offset;
    u32 size;
    u32 count;
};

struct state_layout
{
    b32 present;                // false: the build registered no layout (nothing can be checked)
    u32 fieldCount;
    state_layout_field fields[STATE_LAYOUT_MAX_FIELDS];
};

inline b32 IsStateLayoutSizeEntry(const char *fieldName) { return strcmp(fieldName, "(size)") == 0; }

// Copies an exported layout; false with a reason when it is malformed (too many fields, names too
// long, a field outside its struct). A null source gives an empty, not-present layout.
inline b32 CopyStateLayout(state_layout *destination, const game_state_layout *source,
                             char *error, umm errorSize)
{
    memset(destination, 0, sizeof(*destination));
    if (!source) return 1;
    if (source->fieldCount > STATE_LAYOUT_MAX_FIELDS || (source->fieldCount && !source->fields))
    {
        snprintf(error, errorSize, "layout has %u fields (at most %u)", source->fieldCount, STATE_LAYOUT_MAX_FIELDS);
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
            snprintf(error, errorSize, "layout field %u has a missing or too long name", fieldIndex);
            return 0;
        }
        if (from->count == 0 || from->size % from->count != 0)
        {
            snprintf(error, errorSize, "layout field %s.%s has %u bytes for %u elements", from->structName,
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

inline const state_layout_field *FindStateLayoutField(const state_layout *layout, const char *structName,
                                                        const char *fieldName)
{
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = layout->fields + fieldIndex;
        if (strcmp(field->structName, structName) == 0 && strcmp(field->fieldName, fieldName) == 0) return field;
    }
    return 0;
}

// The size of a registered struct, or 0 when typeName is not one (a plain type).
inline u32 StateLayoutStructSize(const state_layout *layout, const char *typeName)
{
    const state_layout_field *size = FindStateLayoutField(layout, typeName, "(size)");
    return size ? size->size : 0;
}

// Field order inside its struct, among the fields both layouts have: a field is "reordered" when
// this rank changed, merely "moved" when fields were added or removed around it.
inline s32 StateLayoutFieldRank(const state_layout *layout, const state_layout_field *field, const state_layout *other)
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

// Where a nested struct is used, for messages: " (in game_state.entities[4096])", "" for the root
// or a struct no field uses.
inline void DescribeStateStructUse(const state_layout *layout, const char *structName, char *out, umm outSize)
{
    out[0] = 0;
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = layout->fields + fieldIndex;
        if (IsStateLayoutSizeEntry(field->fieldName) || strcmp(field->typeName, structName) != 0) continue;
        if (field->count > 1)
            snprintf(out, outSize, " (in %s.%s[%u])", field->structName, field->fieldName, field->count);
        else
            snprintf(out, outSize, " (in %s.%s)", field->structName, field->fieldName);
        return;
    }
}

// Returns the number of differences and describes each one in description, e.g.
// "struct game_state: field 'score' added at offset 8 (4 bytes); struct game_state: size 24 -> 32".
// Every registered struct is compared, nested ones included; a change inside a nested struct names
// where it is used: "struct demo_entity (in game_state.entities[4096]): field 'mass' added ...".
inline u32 CompareStateLayouts(const state_layout *oldLayout, const state_layout *newLayout,
                                 char *description, umm descriptionSize)
{
    description[0] = 0;
    u32 differences = 0;
    char use[128];
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

        DescribeStateStructUse(newLayout, field->structName, use, sizeof(use));
        AppendFormat(description, descriptionSize, "%sstruct %s%s: ", separator, field->structName, use);
        if (!old && isSize)
            AppendFormat(description, descriptionSize, "is new");
        else if (!old)
            AppendFormat(description, descriptionSize, "field '%s' added at offset %u (%u bytes)",
                         field->fieldName, field->offset, field->size);
        else if (isSize)
            AppendFormat(description, descriptionSize, "size %u -> %u bytes", old->size, field->size);
        else if (strcmp(old->typeName, field->typeName) != 0 && old->size != field->size)
            AppendFormat(description, descriptionSize, "field '%s' resized %u -> %u bytes (type %s -> %s)",
                         field->fieldName, old->size, field->size, old->typeName, field->typeName);
        else if (strcmp(old->typeName, field->typeName) != 0)
            AppendFormat(description, descriptionSize, "field '%s' changed type %s -> %s (%u bytes)",
                         field->fieldName, old->typeName, field->typeName, field->size);
        else if (old->count != field->count)
            AppendFormat(description, descriptionSize, "field '%s' resized %u -> %u elements (%u -> %u bytes)",
                         field->fieldName, old->count, field->count, old->size, field->size);
        else if (old->size != field->size)
            AppendFormat(description, descriptionSize, "field '%s' resized %u -> %u bytes",
                         field->fieldName, old->size, field->size);
        else
        {
            b32 reordered = StateLayoutFieldRank(oldLayout, old, newLayout) != StateLayoutFieldRank(newLayout, field, oldLayout);
            AppendFormat(description, descriptionSize, "field '%s' %s from offset %u to %u", field->fieldName,
                         reordered ? "reordered" : "moved", old->offset, field->offset);
        }
        ++differences;
    }
    for (u32 fieldIndex = 0; fieldIndex < oldLayout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *old = oldLayout->fields + fieldIndex;
        if (FindStateLayoutField(newLayout, old->structName, old->fieldName)) continue;
        DescribeStateStructUse(oldLayout, old->structName, use, sizeof(use));
        AppendFormat(description, descriptionSize, "%sstruct %s%s: ", differences ? "; " : "", old->structName, use);
        if (IsStateLayoutSizeEntry(old->fieldName))
            AppendFormat(description, descriptionSize, "was removed");
        else
            AppendFormat(description, descriptionSize, "field '%s' removed (was %u bytes at offset %u)",
                         old->fieldName, old->size, old->offset);
        ++differences;
    }
    return differences;
}

//~ Naming an address of registered state
// Describes the byte at offset from the start of the root struct (the first entry's struct) as a
// path through nested structs and arrays, e.g. "game_state.entities[17].name" or
// "game_state.permanentArena+0x18" (inside a field of an unregistered type). False (out empty)
// when no layout is present or the offset lies outside every registered field.
inline b32 DescribeStateLayoutOffset(const state_layout *layout, u64 offset, char *out, umm outSize)
{
    out[0] = 0;
    if (!layout->present || !layout->fieldCount) return 0;
    const char *structName = layout->fields[0].structName;
    snprintf(out, outSize, "%s", structName);
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
            AppendFormat(out, outSize, "+0x%llx", (unsigned long long)offset);   // padding of a nested struct
            return 1;
        }
        u32 elementSize = hit->size / hit->count;
        u64 within = offset - hit->offset;
        u64 element = within / elementSize;
        within -= element * elementSize;
        AppendFormat(out, outSize, ".%s", hit->fieldName);
        if (hit->count > 1) AppendFormat(out, outSize, "[%llu]", (unsigned long long)element);
        if (!StateLayoutStructSize(layout, hit->typeName))
        {
            if (within) AppendFormat(out, outSize, "+0x%llx", (unsigned long long)within);
            return 1;
        }
        structName = hit->typeName;
        offset = within;
    }
    return 1;
}

#endif // STATE_LAYOUT_H
