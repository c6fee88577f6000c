// State migration by field names: the rules are in kit_state_migrate.h.

#include "game_kit/kit_state_migrate.h"
#include "contract/state_layout.h"
#include "base/base_format.h"
#include <stdio.h>
#include <string.h>

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

//~ Lookups done once per migration
// A struct array of 200,000 elements used to repeat every name lookup (linear over the layout) and
// format its path for each element: seconds, and once past the watchdog's limit under load. Now
// names are matched once, and each element costs index arithmetic and a copy per field.
#define MIGRATE_NONE 0xFFFFu

struct migrate_layout_index
{
    const game_state_layout *layout;
    u16 typeStruct[STATE_LAYOUT_MAX_FIELDS];    // "(size)" entry of the registered struct the field's
                                                //   type names (a non-zero size); MIGRATE_NONE if plain
    u16 nextInStruct[STATE_LAYOUT_MAX_FIELDS];  // the next field of the same struct, "(size)" excluded
    u16 firstInStruct[STATE_LAYOUT_MAX_FIELDS]; // indexed by a struct's "(size)" entry
    u16 match[STATE_LAYOUT_MAX_FIELDS];         // the other layout's field of the same struct and name
};

internal b32 IsSizeEntry(const game_layout_field *field) { return strcmp(field->fieldName, "(size)") == 0; }

// The first "(size)" entry of structName, or MIGRATE_NONE.
internal u16 FindSizeEntry(const game_state_layout *layout, const char *structName)
{
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
        if (IsSizeEntry(layout->fields + fieldIndex) && strcmp(layout->fields[fieldIndex].structName, structName) == 0)
            return (u16)fieldIndex;
    return MIGRATE_NONE;
}

internal void IndexMigrateLayout(migrate_layout_index *index, const game_state_layout *layout)
{
    index->layout = layout;
    u16 lastInStruct[STATE_LAYOUT_MAX_FIELDS];
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
    {
        index->firstInStruct[fieldIndex] = index->nextInStruct[fieldIndex] = index->match[fieldIndex] = MIGRATE_NONE;
        lastInStruct[fieldIndex] = MIGRATE_NONE;
        u16 typeStruct = FindSizeEntry(layout, layout->fields[fieldIndex].typeName);
        index->typeStruct[fieldIndex] =
            (typeStruct != MIGRATE_NONE && layout->fields[typeStruct].size) ? typeStruct : MIGRATE_NONE;
    }
    // In layout order, so a struct's fields are visited as the layout lists them.
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
    {
        if (IsSizeEntry(layout->fields + fieldIndex)) continue;
        u16 owner = FindSizeEntry(layout, layout->fields[fieldIndex].structName);
        if (owner == MIGRATE_NONE) continue;    // its struct has no size entry: never migrated
        if (lastInStruct[owner] == MIGRATE_NONE) index->firstInStruct[owner] = (u16)fieldIndex;
        else index->nextInStruct[lastInStruct[owner]] = (u16)fieldIndex;
        lastInStruct[owner] = (u16)fieldIndex;
    }
}

// For each field of one layout, the first field of the other with the same struct and field name.
internal void MatchMigrateFields(migrate_layout_index *from, const migrate_layout_index *to)
{
    for (u32 fromIndex = 0; fromIndex < from->layout->fieldCount; ++fromIndex)
    {
        const game_layout_field *field = from->layout->fields + fromIndex;
        for (u32 toIndex = 0; toIndex < to->layout->fieldCount; ++toIndex)
        {
            const game_layout_field *other = to->layout->fields + toIndex;
            if (strcmp(field->structName, other->structName) == 0 && strcmp(field->fieldName, other->fieldName) == 0)
            {
                from->match[fromIndex] = (u16)toIndex;
                break;
            }
        }
    }
}

//~ Where a refusal happened, written out only when there is one
struct migrate_path_step
{
    const char *fieldName;
    u32 element;
    b32 indexed;                // an array field: "[element]" follows the name
};

struct state_migration_context
{
    migrate_layout_index newIndex;
    migrate_layout_index oldIndex;
    state_migration *migration;
    const char *root;
    migrate_path_step steps[10];    // one per nesting level; MigrateStateStruct stops at depth 8
    u32 stepCount;
    u32 sameLeaves[STATE_LAYOUT_MAX_FIELDS];    // by a new struct's "(size)" entry: SameStructLeaves
    u8 sameKnown[STATE_LAYOUT_MAX_FIELDS];
};

// How many fields an instance of the struct counts as carried when it is the same in both layouts:
// the same size, no field added or removed, each at the same offset with the same type and extent,
// nested structs alike. Such an array is copied whole. 0 when the struct differs (or is malformed:
// the field by field path then says where).
internal u32 SameStructLeaves(state_migration_context *context, u16 newStruct, u16 oldStruct, u32 depth)
{
    if (context->sameKnown[newStruct]) return context->sameLeaves[newStruct];
    const migrate_layout_index *newIndex = &context->newIndex;
    const migrate_layout_index *oldIndex = &context->oldIndex;
    const game_state_layout *newLayout = newIndex->layout;
    const game_state_layout *oldLayout = oldIndex->layout;
    u32 structSize = newLayout->fields[newStruct].size;
    b32 same = structSize == oldLayout->fields[oldStruct].size && depth <= 8;
    u64 leaves = 0;
    for (u16 fieldIndex = newIndex->firstInStruct[newStruct]; same && fieldIndex != MIGRATE_NONE;
         fieldIndex = newIndex->nextInStruct[fieldIndex])
    {
        const game_layout_field *field = newLayout->fields + fieldIndex;
        u16 oldFieldIndex = newIndex->match[fieldIndex];
        const game_layout_field *old = oldFieldIndex != MIGRATE_NONE ? oldLayout->fields + oldFieldIndex : 0;
        same = old && field->count && (u64)field->offset + field->size <= structSize && old->offset == field->offset &&
               old->size == field->size && old->count == field->count && strcmp(old->typeName, field->typeName) == 0 &&
               (newIndex->typeStruct[fieldIndex] == MIGRATE_NONE) == (oldIndex->typeStruct[oldFieldIndex] == MIGRATE_NONE);
        if (!same) break;
        if (newIndex->typeStruct[fieldIndex] == MIGRATE_NONE)
        {
            ++leaves;
            continue;
        }
        u32 nested = SameStructLeaves(context, newIndex->typeStruct[fieldIndex], oldIndex->typeStruct[oldFieldIndex], depth + 1);
        same = nested != 0;
        leaves += (u64)nested * field->count;
    }
    for (u16 oldFieldIndex = oldIndex->firstInStruct[oldStruct]; same && oldFieldIndex != MIGRATE_NONE;
         oldFieldIndex = oldIndex->nextInStruct[oldFieldIndex])
        same = oldIndex->match[oldFieldIndex] != MIGRATE_NONE;
    // NOTE: a struct of no fields, or one whose count would not fit the counters, takes the field by field path.
    u32 result = (same && leaves <= 0xFFFFFFFFu) ? (u32)leaves : 0;
    context->sameLeaves[newStruct] = result;
    context->sameKnown[newStruct] = 1;
    return result;
}

// Records the first refusal only and always returns false, so a caller can return its result.
internal b32 RefuseMigration(state_migration *migration, const char *path, const char *fieldName, const char *reason)
{
    if (!migration->refused)
        FormatText(migration->refusal, sizeof(migration->refusal), "%s.%s: %s", path, fieldName, reason);
    migration->refused = 1;
    return 0;
}

// The refusal of a field of the struct instance the context's path leads to ("game_state.items[3]").
internal b32 RefuseMigrationHere(state_migration_context *context, const char *fieldName, const char *reason)
{
    char path[160];
    FormatText(path, sizeof(path), "%s", context->root);
    for (u32 step = 0; step < context->stepCount; ++step)
    {
        const migrate_path_step *at = context->steps + step;
        if (at->indexed) AppendFormat(path, sizeof(path), ".%s[%u]", at->fieldName, at->element);
        else AppendFormat(path, sizeof(path), ".%s", at->fieldName);
    }
    return RefuseMigration(context->migration, path, fieldName, reason);
}

//~ The migration
// Every field of one struct instance (its "(size)" entries in each layout): carried, migrated or
// zeroed. Refuses a field lying outside its struct in either layout and nesting deeper than 8 (a
// cycle in a malformed layout).
internal b32 MigrateStateStruct(state_migration_context *context, u16 newStruct, u8 *newBase, u16 oldStruct,
                                const u8 *oldBase, u32 depth);

// The elements of a field whose type is a registered struct in both layouts, each migrated.
internal b32 MigrateStructElements(state_migration_context *context, u16 newFieldIndex, u8 *newBytes,
                                   u16 oldFieldIndex, const u8 *oldBytes, u32 common, u32 depth)
{
    const game_layout_field *newField = context->newIndex.layout->fields + newFieldIndex;
    const game_layout_field *oldField = context->oldIndex.layout->fields + oldFieldIndex;
    u32 newElementSize = newField->size / newField->count;
    u32 oldElementSize = oldField->size / oldField->count;
    u16 newStruct = context->newIndex.typeStruct[newFieldIndex];
    u16 oldStruct = context->oldIndex.typeStruct[oldFieldIndex];
    u32 sameLeaves = SameStructLeaves(context, newStruct, oldStruct, depth + 1);
    if (sameLeaves && newElementSize == oldElementSize)
    {
        memmove(newBytes, oldBytes, (u64)common * newElementSize);
        context->migration->fieldsCarried += sameLeaves * common;
        return 1;
    }
    migrate_path_step *step = context->steps + context->stepCount++;
    step->fieldName = newField->fieldName;
    step->indexed = newField->count > 1;
    for (u32 element = 0; element < common; ++element)
    {
        step->element = element;
        if (!MigrateStateStruct(context, newStruct, newBytes + (u64)element * newElementSize, oldStruct,
                                oldBytes + (u64)element * oldElementSize, depth + 1))
            return 0;   // the path stays as it was: nothing formats it after a refusal
    }
    --context->stepCount;
    return 1;
}

// One field present in both layouts: elements carried, converted or migrated recursively.
internal b32 MigrateStateField(state_migration_context *context, u16 newFieldIndex, u8 *newBase,
                               u16 oldFieldIndex, const u8 *oldBase, u32 depth)
{
    const game_layout_field *newField = context->newIndex.layout->fields + newFieldIndex;
    const game_layout_field *oldField = context->oldIndex.layout->fields + oldFieldIndex;
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
        return RefuseMigrationHere(context, newField->fieldName, reason);
    }
    if (newField->count > common)
        memset(newBytes + (u64)common * newElementSize, 0, (u64)(newField->count - common) * newElementSize);

    b32 newIsStruct = context->newIndex.typeStruct[newFieldIndex] != MIGRATE_NONE;
    b32 oldIsStruct = context->oldIndex.typeStruct[oldFieldIndex] != MIGRATE_NONE;
    b32 sameType = strcmp(newField->typeName, oldField->typeName) == 0;
    if (newIsStruct || oldIsStruct)
    {
        if (!newIsStruct || !oldIsStruct || !sameType)
        {
            FormatText(reason, sizeof(reason), "changed type %s -> %s", oldField->typeName, newField->typeName);
            return RefuseMigrationHere(context, newField->fieldName, reason);
        }
        return MigrateStructElements(context, newFieldIndex, newBytes, oldFieldIndex, oldBytes, common, depth);
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
        return RefuseMigrationHere(context, newField->fieldName, reason);
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
            return RefuseMigrationHere(context, newField->fieldName, reason);
        }
    }
    ++migration->fieldsConverted;
    return 1;
}

internal b32 MigrateStateStruct(state_migration_context *context, u16 newStruct, u8 *newBase, u16 oldStruct,
                                const u8 *oldBase, u32 depth)
{
    const game_state_layout *newLayout = context->newIndex.layout;
    const game_state_layout *oldLayout = context->oldIndex.layout;
    state_migration *migration = context->migration;
    if (depth > 8) return RefuseMigrationHere(context, newLayout->fields[newStruct].structName, "nested too deep (a cycle?)");
    u32 newStructSize = newLayout->fields[newStruct].size;
    u32 oldStructSize = oldLayout->fields[oldStruct].size;
    for (u16 fieldIndex = context->newIndex.firstInStruct[newStruct]; fieldIndex != MIGRATE_NONE;
         fieldIndex = context->newIndex.nextInStruct[fieldIndex])
    {
        const game_layout_field *field = newLayout->fields + fieldIndex;
        if (!field->count || (u64)field->offset + field->size > newStructSize)
            return RefuseMigrationHere(context, field->fieldName, "malformed new layout (field outside its struct)");
        u16 oldIndex = context->newIndex.match[fieldIndex];
        if (oldIndex == MIGRATE_NONE)
        {
            memset(newBase + field->offset, 0, field->size);
            ++migration->fieldsAdded;
            continue;
        }
        const game_layout_field *old = oldLayout->fields + oldIndex;
        if (!old->count || (u64)old->offset + old->size > oldStructSize)
            return RefuseMigrationHere(context, field->fieldName, "malformed old layout (field outside its struct)");
        if (!MigrateStateField(context, fieldIndex, newBase, oldIndex, oldBase, depth)) return 0;
    }
    for (u16 oldIndex = context->oldIndex.firstInStruct[oldStruct]; oldIndex != MIGRATE_NONE;
         oldIndex = context->oldIndex.nextInStruct[oldIndex])
        if (context->oldIndex.match[oldIndex] == MIGRATE_NONE) ++migration->fieldsRemoved;
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
    if (newLayout->fieldCount > STATE_LAYOUT_MAX_FIELDS || oldLayout->fieldCount > STATE_LAYOUT_MAX_FIELDS)
        return RefuseMigration(migration, "(layout)", "(root)", "a layout has more than STATE_LAYOUT_MAX_FIELDS fields");
    const char *root = newLayout->fields[0].structName;
    if (strcmp(root, oldLayout->fields[0].structName) != 0)
        return RefuseMigration(migration, root, "(root)", "the root struct was renamed");
    // About 10 KB of tables: on the stack, since this runs once per reload and a kit owns no arena.
    state_migration_context context = {};
    context.migration = migration;
    context.root = root;
    IndexMigrateLayout(&context.newIndex, newLayout);
    IndexMigrateLayout(&context.oldIndex, oldLayout);
    MatchMigrateFields(&context.newIndex, &context.oldIndex);
    MatchMigrateFields(&context.oldIndex, &context.newIndex);
    u16 newRoot = FindSizeEntry(newLayout, root);
    u16 oldRoot = FindSizeEntry(oldLayout, root);
    u32 newSize = newRoot != MIGRATE_NONE ? newLayout->fields[newRoot].size : 0;
    u32 oldSize = oldRoot != MIGRATE_NONE ? oldLayout->fields[oldRoot].size : 0;
    if (!newSize || !oldSize || newSize > newStateSize || oldSize > oldStateSize)
        return RefuseMigration(migration, root, "(size)", "the root struct does not fit the state memory");
    return MigrateStateStruct(&context, newRoot, (u8 *)newState, oldRoot, (const u8 *)oldState, 0);
}
