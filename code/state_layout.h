#ifndef STATE_LAYOUT_H
#define STATE_LAYOUT_H
// Layout descriptions of the state game.dll keeps in permanent memory: the platform copies them
// out of each loaded DLL (the DLL's strings die with it), compares old and new field by field, and
// the game may migrate old state by field names. Portable: unit-tested natively.

#include "game_platform.h"
#include <string.h>
#include <stdio.h>
#include <stdarg.h>
#include <stddef.h>

//~ Declaring registered state (game side)
// A registered struct is declared from one X-macro list, so the struct and its layout description
// cannot drift apart:
//     #define MY_STRUCT_FIELDS(X) X(u32, count, ) X(v3, points, [16])
//     struct my_struct { MY_STRUCT_FIELDS(STATE_DECLARE_FIELD) };
//     #define X(type, name, extent) STATE_LAYOUT_FIELD(my_struct, name)
//     ... MY_STRUCT_FIELDS(X) STATE_LAYOUT_SIZE(my_struct) ...
#define STATE_DECLARE_FIELD(type, name, extent) type name extent;
#define STATE_LAYOUT_FIELD(structType, name) \
    {#structType, #name, (u32)offsetof(structType, name), (u32)sizeof(((structType *)0)->name)},
#define STATE_LAYOUT_SIZE(structType) {#structType, "(size)", 0, (u32)sizeof(structType)},

//~ Platform-owned copy
#define STATE_LAYOUT_MAX_FIELDS 512
#define STATE_LAYOUT_MAX_NAME 48

struct state_layout_field
{
    char structName[STATE_LAYOUT_MAX_NAME];
    char fieldName[STATE_LAYOUT_MAX_NAME];
    u32 offset;
    u32 size;
};

struct state_layout
{
    b32 present;                // false: the build registered no layout (nothing can be checked)
    u32 fieldCount;
    state_layout_field fields[STATE_LAYOUT_MAX_FIELDS];
};

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
        if (!from->structName || !from->fieldName || strlen(from->structName) >= STATE_LAYOUT_MAX_NAME ||
            strlen(from->fieldName) >= STATE_LAYOUT_MAX_NAME)
        {
            snprintf(error, errorSize, "layout field %u has a missing or too long name", fieldIndex);
            return 0;
        }
        strcpy(to->structName, from->structName);
        strcpy(to->fieldName, from->fieldName);
        to->offset = from->offset;
        to->size = from->size;
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

// Field order inside its struct (reordering shows as changed offsets, but naming the move helps).
inline s32 StateLayoutFieldRank(const state_layout *layout, const state_layout_field *field)
{
    s32 rank = 0;
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *other = layout->fields + fieldIndex;
        if (other == field) return rank;
        if (strcmp(other->structName, field->structName) == 0 && strcmp(other->fieldName, "(size)") != 0) ++rank;
    }
    return -1;
}

inline void AppendFormat(char *buffer, umm bufferSize, const char *format, ...)
{
    umm used = strlen(buffer);
    if (used + 1 >= bufferSize) return;
    va_list args;
    va_start(args, format);
    vsnprintf(buffer + used, bufferSize - used, format, args);
    va_end(args);
}

// Returns the number of differences and describes each one in description, e.g.
// "struct game_state: field 'score' added at offset 8 (4 bytes); struct game_state: size 24 -> 32".
inline u32 CompareStateLayouts(const state_layout *oldLayout, const state_layout *newLayout,
                                 char *description, umm descriptionSize)
{
    description[0] = 0;
    u32 differences = 0;
    for (u32 fieldIndex = 0; fieldIndex < newLayout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = newLayout->fields + fieldIndex;
        const state_layout_field *old = FindStateLayoutField(oldLayout, field->structName, field->fieldName);
        b32 isSize = strcmp(field->fieldName, "(size)") == 0;
        const char *separator = differences ? "; " : "";
        if (old && old->size == field->size && old->offset == field->offset) continue;

        AppendFormat(description, descriptionSize, "%sstruct %s: ", separator, field->structName);
        if (!old && isSize)
            AppendFormat(description, descriptionSize, "is new");
        else if (!old)
            AppendFormat(description, descriptionSize, "field '%s' added at offset %u (%u bytes)",
                         field->fieldName, field->offset, field->size);
        else if (isSize)
            AppendFormat(description, descriptionSize, "size %u -> %u bytes", old->size, field->size);
        else if (old->size != field->size)
            AppendFormat(description, descriptionSize, "field '%s' resized %u -> %u bytes",
                         field->fieldName, old->size, field->size);
        else
        {
            b32 reordered = StateLayoutFieldRank(oldLayout, old) != StateLayoutFieldRank(newLayout, field);
            AppendFormat(description, descriptionSize, "field '%s' %s from offset %u to %u", field->fieldName,
                         reordered ? "reordered" : "moved", old->offset, field->offset);
        }
        ++differences;
    }
    for (u32 fieldIndex = 0; fieldIndex < oldLayout->fieldCount; ++fieldIndex)
    {
        const state_layout_field *old = oldLayout->fields + fieldIndex;
        if (FindStateLayoutField(newLayout, old->structName, old->fieldName)) continue;
        AppendFormat(description, descriptionSize, "%sstruct %s: ", differences ? "; " : "", old->structName);
        if (strcmp(old->fieldName, "(size)") == 0)
            AppendFormat(description, descriptionSize, "was removed");
        else
            AppendFormat(description, descriptionSize, "field '%s' removed (was %u bytes at offset %u)",
                         old->fieldName, old->size, old->offset);
        ++differences;
    }
    return differences;
}

//~ Migration helper (game side): copy every field whose name and size did not change.
// Returns how many fields were carried over; new fields are left as the caller initialised them.
inline u32 MigrateStateFieldsByName(const game_state_layout *newLayout, void *newState, u64 newStateSize,
                                      const game_state_layout *oldLayout, const void *oldState, u64 oldStateSize)
{
    u32 carried = 0;
    for (u32 newIndex = 0; newIndex < newLayout->fieldCount; ++newIndex)
    {
        const game_layout_field *field = newLayout->fields + newIndex;
        if (strcmp(field->fieldName, "(size)") == 0) continue;
        for (u32 oldIndex = 0; oldIndex < oldLayout->fieldCount; ++oldIndex)
        {
            const game_layout_field *old = oldLayout->fields + oldIndex;
            if (strcmp(old->structName, field->structName) != 0 || strcmp(old->fieldName, field->fieldName) != 0)
                continue;
            if (old->size == field->size && (u64)old->offset + old->size <= oldStateSize &&
                (u64)field->offset + field->size <= newStateSize)
            {
                memmove((u8 *)newState + field->offset, (const u8 *)oldState + old->offset, field->size);
                ++carried;
            }
            break;
        }
    }
    return carried;
}

#endif // STATE_LAYOUT_H
