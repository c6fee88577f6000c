// State migration by field names: the rules are in kit_state_migrate.h.

#include "game_kit/kit_state_migrate.h"
#include "base/base_format.h"
#include <stdio.h>
#include <string.h>

// The field, or 0 when the layout does not export it.
internal const game_layout_field *FindExportedLayoutField(const game_state_layout *layout, const char *structName,
                                                          const char *fieldName)
{
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
    {
        const game_layout_field *field = layout->fields + fieldIndex;
        if (strcmp(field->structName, structName) == 0 && strcmp(field->fieldName, fieldName) == 0) return field;
    }
    return 0;
}

// 0 when the layout does not export the struct (a plain type, an unregistered struct).
internal u32 ExportedStructSize(const game_state_layout *layout, const char *structName)
{
    const game_layout_field *size = FindExportedLayoutField(layout, structName, "(size)");
    return size ? size->size : 0;
}

// The numeric kind of a plain type name, by the names base_types.h defines; StateNumber_None for
// anything else (a struct, a pointer, an f32 or f64 whose size does not match its name).
internal state_number_kind StateNumberKind(const char *typeName, u32 elementSize)
{
    static const char *unsignedNames[] = {"u8", "u16", "u32", "u64", "b32", "umm"};
    static const char *signedNames[] = {"s8", "s16", "s32", "s64", "smm"};
    for (u32 index = 0; index < sizeof(unsignedNames) / sizeof(unsignedNames[0]); ++index)
        if (strcmp(typeName, unsignedNames[index]) == 0) return StateNumber_Unsigned;
    for (u32 index = 0; index < sizeof(signedNames) / sizeof(signedNames[0]); ++index)
        if (strcmp(typeName, signedNames[index]) == 0) return StateNumber_Signed;
    if ((strcmp(typeName, "f32") == 0 && elementSize == 4) || (strcmp(typeName, "f64") == 0 && elementSize == 8))
        return StateNumber_Float;
    return StateNumber_None;
}

// Converts one number between kinds and sizes; false when the value would not survive exactly.
b32 ConvertStateNumber(state_number_kind fromKind, u32 fromSize, const u8 *from,
                       state_number_kind toKind, u32 toSize, u8 *to)
{
    u64 unsignedValue = 0;
    s64 signedValue = 0;
    f64 floatValue = 0.0;
    b32 negative = 0, integral = 1;
    if (fromKind == StateNumber_Float)
    {
        if (fromSize == 4) { f32 value; memcpy(&value, from, 4); floatValue = value; }
        else memcpy(&floatValue, from, 8);
    }
    else
    {
        u64 raw = 0;
        memcpy(&raw, from, fromSize);           // little-endian
        if (fromKind == StateNumber_Signed && fromSize < 8 && ((raw >> (fromSize * 8 - 1)) & 1))
            raw |= ~0ull << (fromSize * 8);     // sign-extend
        unsignedValue = raw;
        signedValue = (s64)raw;
        negative = (fromKind == StateNumber_Signed && signedValue < 0);
        floatValue = negative ? (f64)signedValue : (f64)unsignedValue;
    }
    if (toKind == StateNumber_Float)
    {
        if (fromKind != StateNumber_Float)
        {
            // Integers convert only when the float holds them exactly.
            if (negative ? (floatValue < -9.0e15 || (s64)floatValue != signedValue)
                         : (floatValue > 9.0e15 || (u64)floatValue != unsignedValue))
                return 0;
        }
        if (toSize == 4)
        {
            f32 narrow = (f32)floatValue;
            if ((f64)narrow != floatValue && floatValue == floatValue) return 0;
            memcpy(to, &narrow, 4);
        }
        else
        {
            memcpy(to, &floatValue, 8);
        }
        return 1;
    }
    if (fromKind == StateNumber_Float)
    {
        // Floats convert to integers only when they are whole numbers in range.
        if (floatValue != floatValue || floatValue < -9.0e18 || floatValue > 1.8e19) return 0;
        negative = floatValue < 0.0;
        if (negative) { signedValue = (s64)floatValue; integral = ((f64)signedValue == floatValue); }
        else { unsignedValue = (u64)floatValue; integral = ((f64)unsignedValue == floatValue); }
        if (!integral) return 0;
        if (negative) unsignedValue = (u64)signedValue;
    }
    u32 bits = toSize * 8;
    if (toKind == StateNumber_Unsigned)
    {
        if (negative) return 0;
        if (bits < 64 && unsignedValue >> bits) return 0;
    }
    else
    {
        if (negative ? (bits < 64 && signedValue < -(s64)(1ull << (bits - 1)))
                     : (unsignedValue > (bits < 64 ? (1ull << (bits - 1)) - 1 : 0x7FFFFFFFFFFFFFFFull)))
            return 0;
    }
    u64 stored = negative ? (u64)signedValue : unsignedValue;
    memcpy(to, &stored, toSize);
    return 1;
}

internal b32 StateBytesAreZero(const u8 *bytes, u64 size)
{
    for (u64 index = 0; index < size; ++index)
        if (bytes[index]) return 0;
    return 1;
}

// Records the first refusal only and always returns false, so a caller can return its result.
internal b32 RefuseMigration(state_migration *migration, const char *path, const char *fieldName, const char *reason)
{
    if (!migration->refused)
        FormatText(migration->refusal, sizeof(migration->refusal), "%s.%s: %s", path, fieldName, reason);
    migration->refused = 1;
    return 0;
}

struct state_migration_context
{
    const game_state_layout *newLayout;
    const game_state_layout *oldLayout;
    state_migration *migration;
};

// Every field of one struct instance: carried, migrated or zeroed. Refuses a field lying outside its
// struct in either layout and nesting deeper than 8 (a cycle in a malformed layout).
internal b32 MigrateStateStruct(state_migration_context *context, const char *structName, u8 *newBase,
                                const u8 *oldBase, const char *path, u32 depth);

// One field present in both layouts: elements carried, converted or migrated recursively.
internal b32 MigrateStateField(state_migration_context *context, const game_layout_field *newField, u8 *newBase,
                               const game_layout_field *oldField, const u8 *oldBase, const char *path, u32 depth)
{
    state_migration *migration = context->migration;
    char reason[160];
    u32 newElementSize = newField->size / newField->count;
    u32 oldElementSize = oldField->size / oldField->count;
    u8 *newBytes = newBase + newField->offset;
    const u8 *oldBytes = oldBase + oldField->offset;
    u32 common = newField->count < oldField->count ? newField->count : oldField->count;

    if (oldField->count > newField->count &&
        !StateBytesAreZero(oldBytes + (u64)common * oldElementSize, (u64)(oldField->count - common) * oldElementSize))
    {
        FormatText(reason, sizeof(reason), "array shrinks %u -> %u elements and the dropped ones hold data",
                 oldField->count, newField->count);
        return RefuseMigration(migration, path, newField->fieldName, reason);
    }
    if (newField->count > common)
        memset(newBytes + (u64)common * newElementSize, 0, (u64)(newField->count - common) * newElementSize);

    b32 newIsStruct = ExportedStructSize(context->newLayout, newField->typeName) != 0;
    b32 oldIsStruct = ExportedStructSize(context->oldLayout, oldField->typeName) != 0;
    b32 sameType = strcmp(newField->typeName, oldField->typeName) == 0;
    if (newIsStruct || oldIsStruct)
    {
        if (!newIsStruct || !oldIsStruct || !sameType)
        {
            FormatText(reason, sizeof(reason), "changed type %s -> %s", oldField->typeName, newField->typeName);
            return RefuseMigration(migration, path, newField->fieldName, reason);
        }
        for (u32 element = 0; element < common; ++element)
        {
            char elementPath[160];
            if (newField->count > 1)
                FormatText(elementPath, sizeof(elementPath), "%s.%s[%u]", path, newField->fieldName, element);
            else
                FormatText(elementPath, sizeof(elementPath), "%s.%s", path, newField->fieldName);
            if (!MigrateStateStruct(context, newField->typeName, newBytes + (u64)element * newElementSize,
                                    oldBytes + (u64)element * oldElementSize, elementPath, depth + 1))
                return 0;
        }
        return 1;
    }
    if (sameType && newElementSize == oldElementSize)
    {
        memmove(newBytes, oldBytes, (u64)common * newElementSize);
        ++migration->fieldsCarried;
        return 1;
    }
    state_number_kind newKind = StateNumberKind(newField->typeName, newElementSize);
    state_number_kind oldKind = StateNumberKind(oldField->typeName, oldElementSize);
    if (newKind == StateNumber_None || oldKind == StateNumber_None || newElementSize > 8 || oldElementSize > 8)
    {
        FormatText(reason, sizeof(reason), "changed type %s -> %s (%u -> %u bytes), which has no exact conversion",
                 oldField->typeName, newField->typeName, oldElementSize, newElementSize);
        return RefuseMigration(migration, path, newField->fieldName, reason);
    }
    for (u32 element = 0; element < common; ++element)
    {
        const u8 *from = oldBytes + (u64)element * oldElementSize;
        if (!ConvertStateNumber(oldKind, oldElementSize, from, newKind, newElementSize,
                                newBytes + (u64)element * newElementSize))
        {
            u64 raw = 0;
            memcpy(&raw, from, oldElementSize);
            FormatText(reason, sizeof(reason), "%s -> %s cannot hold the value at element %u (bits 0x%llx) exactly",
                     oldField->typeName, newField->typeName, element, (unsigned long long)raw);
            return RefuseMigration(migration, path, newField->fieldName, reason);
        }
    }
    ++migration->fieldsConverted;
    return 1;
}

internal b32 MigrateStateStruct(state_migration_context *context, const char *structName, u8 *newBase,
                                const u8 *oldBase, const char *path, u32 depth)
{
    state_migration *migration = context->migration;
    if (depth > 8) return RefuseMigration(migration, path, structName, "nested too deep (a cycle?)");
    u32 newStructSize = ExportedStructSize(context->newLayout, structName);
    u32 oldStructSize = ExportedStructSize(context->oldLayout, structName);
    for (u32 fieldIndex = 0; fieldIndex < context->newLayout->fieldCount; ++fieldIndex)
    {
        const game_layout_field *field = context->newLayout->fields + fieldIndex;
        if (strcmp(field->structName, structName) != 0 || strcmp(field->fieldName, "(size)") == 0) continue;
        if (!field->count || (u64)field->offset + field->size > newStructSize)
            return RefuseMigration(migration, path, field->fieldName, "malformed new layout (field outside its struct)");
        const game_layout_field *old = FindExportedLayoutField(context->oldLayout, structName, field->fieldName);
        if (!old)
        {
            memset(newBase + field->offset, 0, field->size);
            ++migration->fieldsAdded;
            continue;
        }
        if (!old->count || (u64)old->offset + old->size > oldStructSize)
            return RefuseMigration(migration, path, field->fieldName, "malformed old layout (field outside its struct)");
        if (!MigrateStateField(context, field, newBase, old, oldBase, path, depth)) return 0;
    }
    for (u32 fieldIndex = 0; fieldIndex < context->oldLayout->fieldCount; ++fieldIndex)
    {
        const game_layout_field *old = context->oldLayout->fields + fieldIndex;
        if (strcmp(old->structName, structName) != 0 || strcmp(old->fieldName, "(size)") == 0) continue;
        if (!FindExportedLayoutField(context->newLayout, structName, old->fieldName)) ++migration->fieldsRemoved;
    }
    return 1;
}

// Rewrites newState (the new layout's root struct) from oldState (the old layout's root) by the
// rules above. True when every field could be carried exactly; false with migration->refusal set.
b32 MigrateStateByName(const game_state_layout *newLayout, void *newState, u64 newStateSize,
                       const game_state_layout *oldLayout, const void *oldState, u64 oldStateSize,
                       state_migration *migration)
{
    memset(migration, 0, sizeof(*migration));
    if (!newLayout->fieldCount || !oldLayout->fieldCount)
        return RefuseMigration(migration, "(layout)", "(root)", "a layout is empty");
    const char *root = newLayout->fields[0].structName;
    if (strcmp(root, oldLayout->fields[0].structName) != 0)
        return RefuseMigration(migration, root, "(root)", "the root struct was renamed");
    u32 newSize = ExportedStructSize(newLayout, root);
    u32 oldSize = ExportedStructSize(oldLayout, root);
    if (!newSize || !oldSize || newSize > newStateSize || oldSize > oldStateSize)
        return RefuseMigration(migration, root, "(size)", "the root struct does not fit the state memory");
    state_migration_context context = {newLayout, oldLayout, migration};
    return MigrateStateStruct(&context, root, (u8 *)newState, (const u8 *)oldState, root, 0);
}
