// Field paths of the game's state, declared in platform_state_path.h.
//
// NOTE: the layout is not trusted (it may come from a capsule file): names are compared and printed
// within STATE_LAYOUT_MAX_NAME bytes (a name need not be terminated), a path holds at most
// STATE_LAYOUT_MAX_DEPTH fields, every field on it must lie inside its struct's registered size
// and a nested struct's elements be exactly that struct's size, so the offset resolved stays inside
// the root struct whenever the layout's sizes are; ReadStatePathValue checks it against the state.

#include "platform/platform_state_path.h"
#include "base/base_format.h"
#include <string.h>

//~ The path as typed, in steps
struct state_path_step
{
    const char *name;           // into state_path_text::text, not terminated
    u32 nameLength;
    b32 hasIndex;
    u64 index;                  // saturates: an index of 20 digits is out of range all the same
    const char *digits;         // the index as typed, without leading zeros (for messages)
    u32 digitCount;
};

struct state_path_text
{
    char text[256];             // the path without spaces
    u32 stepCount;
    state_path_step steps[STATE_LAYOUT_MAX_DEPTH + 2];  // the root, the fields, a component
};

// The index between [ and ] at *at (past the [): false, *at on the offending byte, when it is not
// all digits or not closed.
internal b32 StatePathParseIndex(const char **at, state_path_step *step)
{
    const char *cursor = *at;
    while (*cursor == '0' && cursor[1] >= '0' && cursor[1] <= '9') ++cursor;
    step->digits = cursor;
    for (; *cursor >= '0' && *cursor <= '9'; ++cursor)
    {
        u64 digit = (u64)(*cursor - '0');
        step->index = step->index > (~0ull - digit) / 10 ? ~0ull : step->index * 10 + digit;
    }
    step->digitCount = (u32)(cursor - step->digits);
    if (!step->digitCount || *cursor != ']')
    {
        *at = cursor;           // where the message points
        return 0;
    }
    step->hasIndex = 1;
    *at = cursor + 1;
    return 1;
}

// Drops spaces and splits at dots into steps; false with error when the text cannot be a path.
internal b32 StatePathSplit(const char *path, state_path_text *parsed, char *error, umm errorSize)
{
    memset(parsed, 0, sizeof(*parsed));
    umm length = 0;
    for (const char *at = path ? path : ""; *at; ++at)
    {
        if (*at == ' ' || *at == '\t' || *at == '\r' || *at == '\n') continue;
        if (length + 1 >= sizeof(parsed->text))
        {
            FormatText(error, errorSize, "the path is longer than %u bytes", (u32)sizeof(parsed->text) - 1);
            return 0;
        }
        parsed->text[length++] = *at;
    }
    if (!length)
    {
        FormatText(error, errorSize, "no path given (e.g. state.field, state.items[3].position.x)");
        return 0;
    }
    const char *at = parsed->text;
    for (;;)
    {
        if (parsed->stepCount == ArrayCount(parsed->steps))
        {
            FormatText(error, errorSize, "%s: nested deeper than %u fields", parsed->text, STATE_LAYOUT_MAX_DEPTH);
            return 0;
        }
        state_path_step *step = parsed->steps + parsed->stepCount++;
        step->name = at;
        while (*at && *at != '.' && *at != '[') ++at;
        step->nameLength = (u32)(at - step->name);
        if (!step->nameLength)
        {
            FormatText(error, errorSize, "%s: a field name is missing (at byte %u)", parsed->text,
                       (u32)(at - parsed->text) + 1);
            return 0;
        }
        if (*at == '[')
        {
            ++at;
            if (!StatePathParseIndex(&at, step))
            {
                FormatText(error, errorSize, "%s: an index is a whole number in [ ] (at byte %u)", parsed->text,
                           (u32)(at - parsed->text) + 1);
                return 0;
            }
        }
        if (!*at) return 1;
        if (*at != '.')
        {
            FormatText(error, errorSize, "%s: expected '.' or the end after ']' (at byte %u)", parsed->text,
                       (u32)(at - parsed->text) + 1);
            return 0;
        }
        ++at;
    }
}

//~ The layout, read with care
internal u32 StatePathFieldCount(const state_layout *layout)
{
    if (!layout || !layout->present) return 0;
    return layout->fieldCount < STATE_LAYOUT_MAX_FIELDS ? layout->fieldCount : STATE_LAYOUT_MAX_FIELDS;
}

internal u32 StatePathNameLength(const char *name)
{
    u32 length = 0;
    while (length < STATE_LAYOUT_MAX_NAME && name[length]) ++length;
    return length;
}

// A registered name (STATE_LAYOUT_MAX_NAME bytes, maybe unterminated) against a typed one.
internal b32 StatePathNameIs(const char *registered, const char *typed, u32 typedLength)
{
    return typedLength < STATE_LAYOUT_MAX_NAME && memcmp(registered, typed, typedLength) == 0 &&
           StatePathNameLength(registered) == typedLength;
}

internal b32 StatePathNamesEqual(const char *a, const char *b) { return strncmp(a, b, STATE_LAYOUT_MAX_NAME) == 0; }

// A field that names state: not the "(size)" entry, with elements.
internal b32 StatePathIsMember(const state_layout_field *field)
{
    return field->count != 0 && !StatePathNamesEqual(field->fieldName, "(size)");
}

// The registered size of struct name, 0 when it is no registered struct.
internal u32 StatePathStructSize(const state_layout *layout, const char *name)
{
    u32 fieldCount = StatePathFieldCount(layout);
    for (u32 fieldIndex = 0; fieldIndex < fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = layout->fields + fieldIndex;
        if (StatePathNamesEqual(field->fieldName, "(size)") && StatePathNamesEqual(field->structName, name)) return field->size;
    }
    return 0;
}

internal const state_layout_field *StatePathFindField(const state_layout *layout, const char *structName,
                                                      const state_path_step *step)
{
    u32 fieldCount = StatePathFieldCount(layout);
    for (u32 fieldIndex = 0; fieldIndex < fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = layout->fields + fieldIndex;
        if (StatePathIsMember(field) && StatePathNamesEqual(field->structName, structName) &&
            StatePathNameIs(field->fieldName, step->name, step->nameLength))
            return field;
    }
    return 0;
}

//~ Messages
// Levenshtein distance between a registered name and a typed one (cut at 255 bytes).
internal u32 StatePathEditDistance(const char *registered, const char *typed, u32 typedLength)
{
    u32 length = StatePathNameLength(registered);
    if (typedLength > 255) typedLength = 255;
    u32 row[STATE_LAYOUT_MAX_NAME + 1];
    for (u32 at = 0; at <= length; ++at) row[at] = at;
    for (u32 typedAt = 1; typedAt <= typedLength; ++typedAt)
    {
        u32 diagonal = row[0];
        row[0] = typedAt;
        for (u32 at = 1; at <= length; ++at)
        {
            u32 above = row[at];
            u32 best = diagonal + (registered[at - 1] != typed[typedAt - 1]);
            if (above + 1 < best) best = above + 1;
            if (row[at - 1] + 1 < best) best = row[at - 1] + 1;
            row[at] = best;
            diagonal = above;
        }
    }
    return row[length];
}

// Appends ".field[i]" to a suggestion: the index typed when the field is an array, else [0].
internal void StatePathAppendField(text_buffer *text, const state_layout_field *field, const state_path_step *step)
{
    TextAppendFormat(text, ".%.*s", STATE_LAYOUT_MAX_NAME, field->fieldName);
    if (field->count <= 1) return;
    if (step && step->hasIndex) TextAppendFormat(text, "[%.*s]", (int)step->digitCount, step->digits);
    else TextAppend(text, "[0]");
}

// "no field PREFIX.NAME in the state layout (closest: ...)": the nearest field of structName (at the
// root, where prefix is empty, the root's own name too). Ties go to the first registered.
internal void StatePathNoField(const state_layout *layout, const char *structName, const char *prefix,
                               const state_path_step *step, char *error, umm errorSize)
{
    const char *rootName = layout->fields[0].structName;
    char closest[256];
    text_buffer text = TEXT_BUFFER_ON(closest);
    u32 best = ~0u;
    if (!prefix[0])
    {
        TextAppendFormat(&text, "%.*s", STATE_LAYOUT_MAX_NAME, rootName);
        best = StatePathEditDistance(rootName, step->name, step->nameLength);
    }
    u32 fieldCount = StatePathFieldCount(layout);
    for (u32 fieldIndex = 0; fieldIndex < fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = layout->fields + fieldIndex;
        if (!StatePathIsMember(field) || !StatePathNamesEqual(field->structName, structName)) continue;
        u32 distance = StatePathEditDistance(field->fieldName, step->name, step->nameLength);
        if (distance >= best) continue;
        best = distance;
        text = TEXT_BUFFER_ON(closest);
        if (prefix[0]) TextAppend(&text, prefix);
        else TextAppendFormat(&text, "%.*s", STATE_LAYOUT_MAX_NAME, rootName);
        StatePathAppendField(&text, field, step);
    }
    text_buffer out = TextBufferOver(error, errorSize);
    TextAppendFormat(&out, "no field %s%s%.*s in the state layout", prefix, prefix[0] ? "." : "",
                     (int)step->nameLength, step->name);
    if (!prefix[0]) TextAppendFormat(&out, " (paths start with %.*s; closest: %s)", STATE_LAYOUT_MAX_NAME, rootName, closest);
    else if (best != ~0u) TextAppendFormat(&out, " (closest: %s)", closest);
}

// "PATH is a struct (TYPE), not a leaf: name one of its fields, e.g. PATH.first".
internal void StatePathIsStruct(const state_layout *layout, const char *structName, const char *path, char *error,
                                umm errorSize)
{
    text_buffer out = TextBufferOver(error, errorSize);
    TextAppendFormat(&out, "%s is a struct (%.*s), not a leaf: name one of its fields", path, STATE_LAYOUT_MAX_NAME,
                     structName);
    u32 fieldCount = StatePathFieldCount(layout);
    for (u32 fieldIndex = 0; fieldIndex < fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = layout->fields + fieldIndex;
        if (!StatePathIsMember(field) || !StatePathNamesEqual(field->structName, structName)) continue;
        TextAppendFormat(&out, ", e.g. %s", path);
        StatePathAppendField(&out, field, 0);
        return;
    }
}

internal void StatePathNotNumber(const state_layout_field *field, b32 indexed, const char *path, char *error, umm errorSize)
{
    text_buffer out = TextBufferOver(error, errorSize);
    TextAppendFormat(&out, "%s is of type %.*s", path, STATE_LAYOUT_MAX_NAME, field->typeName);
    if (field->count > 1 && !indexed) TextAppendFormat(&out, "[%u]", field->count);
    TextAppend(&out, ", not a number (watch and find read f32, f64, integers, b32, v2/v3/v4)");
}

//~ Resolving
// One field step inside structName at *offset: checks it against the layout and the index, then
// moves *offset and appends to path. Returns the field, or null with error set.
internal const state_layout_field *StatePathStepInto(const state_layout *layout, const char *structName,
                                                     const state_path_step *step, u64 *offset, text_buffer *path,
                                                     char *error, umm errorSize)
{
    const state_layout_field *field = StatePathFindField(layout, structName, step);
    if (!field)
    {
        StatePathNoField(layout, structName, path->data, step, error, errorSize);
        return 0;
    }
    u32 elementSize = field->size / field->count;
    u32 structSize = StatePathStructSize(layout, structName);
    u32 nestedSize = StatePathStructSize(layout, field->typeName);
    if ((structSize && (u64)field->offset + field->size > structSize) || (nestedSize && nestedSize != elementSize))
    {
        FormatText(error, errorSize, "%s.%.*s is malformed in the state layout (it leaves its struct or its elements "
                   "are not its type's size)", path->data, STATE_LAYOUT_MAX_NAME, field->fieldName);
        return 0;
    }
    TextAppendFormat(path, ".%.*s", STATE_LAYOUT_MAX_NAME, field->fieldName);
    if (field->count == 1 && step->hasIndex)
    {
        FormatText(error, errorSize, "%s is not an array: drop the [%.*s]", path->data, (int)step->digitCount, step->digits);
        return 0;
    }
    if (step->hasIndex) TextAppendFormat(path, "[%.*s]", (int)step->digitCount, step->digits);
    if (step->hasIndex && step->index >= field->count)
    {
        FormatText(error, errorSize, "%s: index out of range (the array has %u elements)", path->data, field->count);
        return 0;
    }
    if (field->count > 1 && !step->hasIndex && (nestedSize || FindStateDiffType(field->typeName, elementSize)))
    {
        FormatText(error, errorSize, "%s is an array (%.*s[%u]), not a leaf: name one element, e.g. %s[0]", path->data,
                   STATE_LAYOUT_MAX_NAME, field->typeName, field->count, path->data);
        return 0;
    }
    *offset += field->offset + (step->hasIndex ? step->index : 0) * elementSize;
    return field;
}

// The steps after a plain field: none, or one component of a vector.
internal b32 StatePathComponent(const state_diff_type *type, const state_path_text *parsed, u32 stepIndex,
                                text_buffer *path, state_path_leaf *leaf, char *error, umm errorSize)
{
    leaf->elementSize = type->size / type->components;
    leaf->componentCount = type->components;
    if (stepIndex == parsed->stepCount) return 1;
    const state_path_step *step = parsed->steps + stepIndex;
    const char *names = "xyzw";
    const char *component = step->nameLength == 1 ? strchr(names, step->name[0]) : 0;
    if (type->components == 1 || !component || (u32)(component - names) >= type->components || step->hasIndex ||
        stepIndex + 1 != parsed->stepCount)
    {
        if (type->components == 1)
            FormatText(error, errorSize, "%s is of type %s, not a struct or a vector: nothing can follow it (.%.*s)",
                       path->data, type->name, (int)step->nameLength, step->name);
        else
            FormatText(error, errorSize, "%s is of type %s: only one of its components can follow it (%s)", path->data,
                       type->name, type->components == 2 ? ".x .y" : type->components == 3 ? ".x .y .z" : ".x .y .z .w");
        return 0;
    }
    u32 componentIndex = (u32)(component - names);
    TextAppendFormat(path, ".%c", names[componentIndex]);
    leaf->offset += (u64)componentIndex * leaf->elementSize;
    leaf->componentCount = 1;
    return 1;
}

b32 ResolveStatePath(const state_layout *layout, const char *path, state_path_leaf *leaf, char *error, umm errorSize)
{
    memset(leaf, 0, sizeof(*leaf));
    if (errorSize) error[0] = 0;
    if (!StatePathFieldCount(layout))
    {
        FormatText(error, errorSize, "no state layout (the game registers none)");
        return 0;
    }
    state_path_text parsed;
    if (!StatePathSplit(path, &parsed, error, errorSize)) return 0;
    char resolved[256];
    text_buffer text = TEXT_BUFFER_ON(resolved);
    const char *structName = layout->fields[0].structName;
    if (!StatePathNameIs(structName, parsed.steps[0].name, parsed.steps[0].nameLength))
    {
        StatePathNoField(layout, structName, "", parsed.steps, error, errorSize);
        return 0;
    }
    TextAppendFormat(&text, "%.*s", STATE_LAYOUT_MAX_NAME, structName);
    if (parsed.steps[0].hasIndex)
    {
        FormatText(error, errorSize, "%s is the root struct, not an array: drop the [%.*s]", resolved,
                   (int)parsed.steps[0].digitCount, parsed.steps[0].digits);
        return 0;
    }
    u64 offset = 0;
    for (u32 stepIndex = 1; stepIndex < parsed.stepCount; ++stepIndex)
    {
        if (stepIndex > STATE_LAYOUT_MAX_DEPTH)
        {
            FormatText(error, errorSize, "%s: nested deeper than %u fields", parsed.text, STATE_LAYOUT_MAX_DEPTH);
            return 0;
        }
        const state_path_step *step = parsed.steps + stepIndex;
        const state_layout_field *field = StatePathStepInto(layout, structName, step, &offset, &text, error, errorSize);
        if (!field) return 0;
        if (StatePathStructSize(layout, field->typeName))
        {
            structName = field->typeName;
            continue;
        }
        const state_diff_type *type = FindStateDiffType(field->typeName, field->size / field->count);
        if (!type)
        {
            StatePathNotNumber(field, step->hasIndex, resolved, error, errorSize);
            return 0;
        }
        leaf->offset = offset;
        leaf->kind = type->kind == StateDiffKind_Float ? (type->size / type->components == 8 ? StateValue_F64 : StateValue_F32)
                   : type->kind == StateDiffKind_Signed ? StateValue_Signed
                   : type->kind == StateDiffKind_Bool ? StateValue_Bool : StateValue_Unsigned;
        if (!StatePathComponent(type, &parsed, stepIndex + 1, &text, leaf, error, errorSize))
        {
            memset(leaf, 0, sizeof(*leaf));
            return 0;
        }
        FormatText(leaf->path, sizeof(leaf->path), "%s", resolved);
        return 1;
    }
    StatePathIsStruct(layout, structName, resolved, error, errorSize);
    return 0;
}

//~ Values
b32 ReadStatePathValue(const state_path_leaf *leaf, u32 component, const u8 *state, u64 stateSize, f64 *value)
{
    u32 size = leaf->elementSize;
    if (!state || component >= leaf->componentCount || leaf->componentCount > 4) return 0;
    if (size != 1 && size != 2 && size != 4 && size != 8) return 0;
    if ((leaf->kind == StateValue_F32 && size != 4) || (leaf->kind == StateValue_F64 && size != 8)) return 0;
    u64 at = leaf->offset + (u64)component * size;
    if (at < leaf->offset || size > stateSize || at > stateSize - size) return 0;
    u64 bits = 0;
    memcpy(&bits, state + at, size);    // little-endian, as every target is
    switch (leaf->kind)
    {
        case StateValue_F32: { f32 single; memcpy(&single, state + at, 4); *value = single; } break;
        case StateValue_F64: memcpy(value, state + at, 8); break;
        case StateValue_Unsigned: *value = (f64)bits; break;
        case StateValue_Signed:
        {
            u32 unusedBits = 64 - 8 * size;
            *value = (f64)((s64)(bits << unusedBits) >> unusedBits);
        } break;
        case StateValue_Bool: *value = bits != 0 ? 1.0 : 0.0; break;
        default: return 0;
    }
    return 1;
}

void FormatStatePathValue(const state_path_leaf *leaf, f64 value, char *out, umm outSize)
{
    switch (leaf->kind)
    {
        case StateValue_F32:
        {
            f32 single = (f32)value;
            FormatStateDiffFloat((const u8 *)&single, 4, out, outSize);
        } break;
        case StateValue_F64: FormatStateDiffFloat((const u8 *)&value, 8, out, outSize); break;
        case StateValue_Bool: FormatText(out, outSize, "%s", value != 0 ? "true" : "false"); break;
        default:
        {
            // Integers read back exactly up to 2^53; past that (a huge u64) the nearest f64 shows.
            if (value >= -9223372036854775808.0 && value < 9223372036854775808.0)
                FormatText(out, outSize, "%lld", (long long)value);
            else if (value >= 0 && value < 18446744073709551616.0) FormatText(out, outSize, "%llu", (unsigned long long)value);
            else FormatText(out, outSize, "%.17g", value);
        } break;
    }
}
