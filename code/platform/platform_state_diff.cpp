// The first differing field of two game states, declared in platform_state_diff.h.
//
// NOTE: both layouts may come from a capsule file, so neither is trusted. The walk is a loop over a
// fixed stack of STATE_LAYOUT_MAX_DEPTH frames (no recursion a layout could deepen), names are
// compared and printed within STATE_LAYOUT_MAX_NAME bytes (a name need not be terminated), every
// read is checked against its state's size, and A's fields are first reduced to a tree whose
// leaves cannot overlap: fields of one struct sorted by offset, inside the struct's registered
// size, each past the end of the one before, a nested struct's elements exactly its registered
// size. The walk then visits each byte of state A at most once per nesting level, whatever the
// layout claims.

#include "platform/platform_state_diff.h"
#include "base/base_format.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

//~ Layout A as a walkable tree
#define STATE_DIFF_NO_FIELD 0xFFFF

struct state_diff_field
{
    u16 layoutIndex;            // into layout A's fields
    u16 matchB;                 // the same struct and field in layout B, or STATE_DIFF_NO_FIELD
    u16 childBegin;             // a nested struct: its fields' range in state_diff_tree::fields
    u16 childEnd;               //   (begin == end for a plain type)
    b32 isStruct;
};

struct state_diff_tree
{
    u32 fieldCount;
    state_diff_field fields[STATE_LAYOUT_MAX_FIELDS];   // grouped by struct, each group by offset
    u32 rootBegin;
    u32 rootEnd;
};

internal b32 StateDiffNamesEqual(const char *a, const char *b) { return strncmp(a, b, STATE_LAYOUT_MAX_NAME) == 0; }

internal u32 StateDiffFieldCount(const state_layout *layout)
{
    if (!layout || !layout->present) return 0;
    return layout->fieldCount < STATE_LAYOUT_MAX_FIELDS ? layout->fieldCount : STATE_LAYOUT_MAX_FIELDS;
}

// Bytes of one element, 0 for an entry that cannot be walked (no elements, a "(size)" entry).
internal u32 StateDiffElementSize(const state_layout_field *field)
{
    if (field->count == 0 || IsStateLayoutSizeEntry(field->fieldName)) return 0;
    return field->size / field->count;
}

// The registered size of the struct named name (its "(size)" entry), 0 when it is not one.
internal u32 StateDiffStructSize(const state_layout *layout, const char *name)
{
    u32 fieldCount = StateDiffFieldCount(layout);
    for (u32 fieldIndex = 0; fieldIndex < fieldCount; ++fieldIndex)
    {
        const state_layout_field *field = layout->fields + fieldIndex;
        if (IsStateLayoutSizeEntry(field->fieldName) && StateDiffNamesEqual(field->structName, name)) return field->size;
    }
    return 0;
}

// Struct name, then offset, then position in the layout: a total order, so equal offsets sort the
// same way on every run.
internal b32 StateDiffFieldBefore(const state_layout *layout, u16 a, u16 b)
{
    const state_layout_field *fieldA = layout->fields + a;
    const state_layout_field *fieldB = layout->fields + b;
    int names = strncmp(fieldA->structName, fieldB->structName, STATE_LAYOUT_MAX_NAME);
    if (names != 0) return names < 0;
    if (fieldA->offset != fieldB->offset) return fieldA->offset < fieldB->offset;
    return a < b;
}

// Keeps, per struct of A, the fields that fit the struct and do not overlap the one before them.
internal void StateDiffCollectFields(const state_layout *layout, state_diff_tree *tree)
{
    u16 sorted[STATE_LAYOUT_MAX_FIELDS];
    u32 sortedCount = 0;
    u32 fieldCount = StateDiffFieldCount(layout);
    for (u32 fieldIndex = 0; fieldIndex < fieldCount; ++fieldIndex)
    {
        if (!StateDiffElementSize(layout->fields + fieldIndex)) continue;
        u32 at = sortedCount++;
        for (; at > 0 && StateDiffFieldBefore(layout, (u16)fieldIndex, sorted[at - 1]); --at) sorted[at] = sorted[at - 1];
        sorted[at] = (u16)fieldIndex;
    }

    tree->fieldCount = 0;
    const char *structName = 0;
    u32 structSize = 0;
    u64 previousEnd = 0;
    for (u32 sortedIndex = 0; sortedIndex < sortedCount; ++sortedIndex)
    {
        const state_layout_field *field = layout->fields + sorted[sortedIndex];
        if (!structName || !StateDiffNamesEqual(structName, field->structName))
        {
            structName = field->structName;
            structSize = StateDiffStructSize(layout, structName);
            previousEnd = 0;
        }
        u64 end = (u64)field->offset + field->size;
        if (field->offset < previousEnd || (structSize && end > structSize)) continue;
        u32 nestedSize = StateDiffStructSize(layout, field->typeName);
        if (nestedSize && nestedSize != StateDiffElementSize(field)) continue;
        state_diff_field *kept = tree->fields + tree->fieldCount++;
        memset(kept, 0, sizeof(*kept));
        kept->layoutIndex = sorted[sortedIndex];
        kept->isStruct = nestedSize != 0;
        previousEnd = end;
    }
}

// The range of tree fields belonging to struct name (groups are contiguous).
internal void StateDiffFindGroup(const state_layout *layout, const state_diff_tree *tree, const char *name,
                                 u16 *begin, u16 *end)
{
    *begin = *end = 0;
    for (u32 treeIndex = 0; treeIndex < tree->fieldCount; ++treeIndex)
    {
        if (!StateDiffNamesEqual(layout->fields[tree->fields[treeIndex].layoutIndex].structName, name)) continue;
        *begin = (u16)treeIndex;
        while (treeIndex < tree->fieldCount &&
               StateDiffNamesEqual(layout->fields[tree->fields[treeIndex].layoutIndex].structName, name))
            ++treeIndex;
        *end = (u16)treeIndex;
        return;
    }
}

// The field of B with A's struct and field name, when its type is A's and (for a plain type) its
// elements are as large: anything else is a field A has and B does not, and is skipped.
internal u16 StateDiffMatchField(const state_layout *layoutA, const state_diff_field *field, const state_layout *layoutB)
{
    const state_layout_field *a = layoutA->fields + field->layoutIndex;
    u32 fieldCountB = StateDiffFieldCount(layoutB);
    for (u32 fieldIndex = 0; fieldIndex < fieldCountB; ++fieldIndex)
    {
        const state_layout_field *b = layoutB->fields + fieldIndex;
        if (!StateDiffNamesEqual(a->structName, b->structName) || !StateDiffNamesEqual(a->fieldName, b->fieldName)) continue;
        u32 elementSizeB = StateDiffElementSize(b);
        if (!elementSizeB || !StateDiffNamesEqual(a->typeName, b->typeName)) return STATE_DIFF_NO_FIELD;
        if (!field->isStruct && elementSizeB != StateDiffElementSize(a)) return STATE_DIFF_NO_FIELD;
        return (u16)fieldIndex;
    }
    return STATE_DIFF_NO_FIELD;
}

internal void BuildStateDiffTree(const state_layout *layoutA, const state_layout *layoutB, state_diff_tree *tree)
{
    StateDiffCollectFields(layoutA, tree);
    for (u32 treeIndex = 0; treeIndex < tree->fieldCount; ++treeIndex)
    {
        state_diff_field *field = tree->fields + treeIndex;
        field->matchB = StateDiffMatchField(layoutA, field, layoutB);
        if (field->isStruct)
            StateDiffFindGroup(layoutA, tree, layoutA->fields[field->layoutIndex].typeName, &field->childBegin, &field->childEnd);
    }
    u16 rootBegin, rootEnd;
    StateDiffFindGroup(layoutA, tree, layoutA->fields[0].structName, &rootBegin, &rootEnd);
    tree->rootBegin = rootBegin;
    tree->rootEnd = rootEnd;
}

//~ Values
internal const state_diff_type stateDiffTypes[] =
{
    {"f32", 4, 1, StateDiffKind_Float},    {"f64", 8, 1, StateDiffKind_Float},
    {"v2", 8, 2, StateDiffKind_Float},     {"v3", 12, 3, StateDiffKind_Float},   {"v4", 16, 4, StateDiffKind_Float},
    {"u8", 1, 1, StateDiffKind_Unsigned},  {"u16", 2, 1, StateDiffKind_Unsigned},
    {"u32", 4, 1, StateDiffKind_Unsigned}, {"u64", 8, 1, StateDiffKind_Unsigned},
    {"s8", 1, 1, StateDiffKind_Signed},    {"s16", 2, 1, StateDiffKind_Signed},
    {"s32", 4, 1, StateDiffKind_Signed},   {"s64", 8, 1, StateDiffKind_Signed},
    {"b32", 4, 1, StateDiffKind_Bool},
};

const state_diff_type *FindStateDiffType(const char *typeName, u32 elementSize)
{
    for (u32 typeIndex = 0; typeIndex < ArrayCount(stateDiffTypes); ++typeIndex)
    {
        const state_diff_type *type = stateDiffTypes + typeIndex;
        if (StateDiffNamesEqual(typeName, type->name)) return type->size == elementSize ? type : 0;
    }
    return 0;
}

void FormatStateDiffFloat(const u8 *bytes, u32 size, char *out, umm outSize)
{
    f64 value;
    u64 bits = 0;
    memcpy(&bits, bytes, size);
    if (size == 4)
    {
        f32 single;
        memcpy(&single, bytes, 4);
        value = single;
    }
    else
    {
        memcpy(&value, bytes, 8);
    }
    if (value != value)
    {
        FormatText(out, outSize, "nan (0x%0*llx)", (int)size * 2, (unsigned long long)bits);
        return;
    }
    // NOTE: a whole number reads best whole ("100", not "1e+02", the shortest %g).
    if (value == floor(value) && fabs(value) < 1.0e15)
    {
        FormatText(out, outSize, "%.0f", value);
        return;
    }
    int mostDigits = size == 4 ? 9 : 17;
    for (int digits = 1; digits <= mostDigits; ++digits)
    {
        FormatText(out, outSize, "%.*g", digits, value);
        if (size == 4)
        {
            f32 back = strtof(out, 0);
            if (memcmp(&back, bytes, 4) == 0) return;
        }
        else
        {
            f64 back = strtod(out, 0);
            if (memcmp(&back, bytes, 8) == 0) return;
        }
    }
}

internal void FormatStateDiffValue(state_diff_kind kind, const u8 *bytes, u32 size, char *out, umm outSize)
{
    u64 bits = 0;
    if (kind != StateDiffKind_Bytes && size <= sizeof(bits)) memcpy(&bits, bytes, size);  // little-endian, as every target is
    switch (kind)
    {
        case StateDiffKind_Float: FormatStateDiffFloat(bytes, size, out, outSize); break;
        case StateDiffKind_Unsigned: FormatText(out, outSize, "%llu", (unsigned long long)bits); break;
        case StateDiffKind_Signed:
        {
            u32 unusedBits = 64 - 8 * size;
            s64 value = (s64)(bits << unusedBits) >> unusedBits;
            FormatText(out, outSize, "%lld", (long long)value);
        } break;
        case StateDiffKind_Bool:
        {
            s32 value = (s32)(u32)bits;
            if (value == 0 || value == 1) FormatText(out, outSize, "%s", value ? "true" : "false");
            else FormatText(out, outSize, "true (%d)", value);
        } break;
        case StateDiffKind_Bytes:
        {
            text_buffer text = TextBufferOver(out, outSize);
            u32 shown = size < 16 ? size : 16;
            for (u32 byteIndex = 0; byteIndex < shown; ++byteIndex)
                TextAppendFormat(&text, byteIndex ? " %02x" : "%02x", bytes[byteIndex]);
            if (shown < size) TextAppend(&text, " ...");
        } break;
    }
}

//~ The walk
struct state_diff_frame
{
    u32 cursor;                 // the tree field being compared
    u32 end;                    // past this frame's struct's last field
    u32 element;                // of the field at cursor
    u64 baseA;                  // where this struct instance starts in each state
    u64 baseB;
};

// "game_state.entities[17].position" from the frames' current fields, then suffix.
internal void FormatStateDiffPath(const state_layout *layoutA, const state_diff_tree *tree, const state_diff_frame *frames,
                                  u32 frameCount, const char *suffix, char *out, umm outSize)
{
    text_buffer path = TextBufferOver(out, outSize);
    TextAppendFormat(&path, "%.*s", STATE_LAYOUT_MAX_NAME, layoutA->fields[0].structName);
    for (u32 frameIndex = 0; frameIndex < frameCount; ++frameIndex)
    {
        const state_layout_field *field = layoutA->fields + tree->fields[frames[frameIndex].cursor].layoutIndex;
        TextAppendFormat(&path, ".%.*s", STATE_LAYOUT_MAX_NAME, field->fieldName);
        if (field->count > 1) TextAppendFormat(&path, "[%u]", frames[frameIndex].element);
    }
    TextAppend(&path, suffix);
}

// Compares one element of a plain field, both already known to lie inside their states; fills
// difference (but its path) and the path's suffix when they differ.
internal b32 CompareStateDiffLeaf(const char *typeName, const u8 *a, const u8 *b, u32 size, u64 offsetA, u64 offsetB,
                                  state_difference *difference, char *suffix, umm suffixSize)
{
    if (memcmp(a, b, size) == 0) return 0;
    const state_diff_type *type = FindStateDiffType(typeName, size);
    if (type)
    {
        const char *componentNames = "xyzw";
        u32 componentSize = size / type->components;
        for (u32 component = 0; component < type->components; ++component)
        {
            u32 at = component * componentSize;
            if (memcmp(a + at, b + at, componentSize) == 0) continue;
            if (type->components > 1) FormatText(suffix, suffixSize, ".%c", componentNames[component]);
            else FormatText(suffix, suffixSize, "%s", "");
            FormatStateDiffValue(type->kind, a + at, componentSize, difference->valueA, sizeof(difference->valueA));
            FormatStateDiffValue(type->kind, b + at, componentSize, difference->valueB, sizeof(difference->valueB));
            difference->offsetA = offsetA + at;
            difference->offsetB = offsetB + at;
            return 1;
        }
    }
    u32 at = 0;
    while (a[at] == b[at]) ++at;        // memcmp found a difference: stops inside the element
    FormatText(suffix, suffixSize, "+0x%x", at);
    FormatStateDiffValue(StateDiffKind_Bytes, a + at, size - at, difference->valueA, sizeof(difference->valueA));
    FormatStateDiffValue(StateDiffKind_Bytes, b + at, size - at, difference->valueB, sizeof(difference->valueB));
    difference->offsetA = offsetA + at;
    difference->offsetB = offsetB + at;
    return 1;
}

// True when size bytes at offset lie inside a state of stateSize bytes (no overflow).
internal b32 StateDiffFits(u64 offset, u64 size, u64 stateSize) { return size <= stateSize && offset <= stateSize - size; }

b32 FindFirstStateDifference(const state_layout *layoutA, const u8 *stateA, u64 sizeA,
                             const state_layout *layoutB, const u8 *stateB, u64 sizeB,
                             state_difference *difference)
{
    memset(difference, 0, sizeof(*difference));
    if (!StateDiffFieldCount(layoutA) || !StateDiffFieldCount(layoutB)) return 0;
    if (!stateA) sizeA = 0;
    if (!stateB) sizeB = 0;
    // NOTE: about 8 KiB of stack, so the walk needs no arena and works inside a fault handler too.
    state_diff_tree tree;
    BuildStateDiffTree(layoutA, layoutB, &tree);

    state_diff_frame frames[STATE_LAYOUT_MAX_DEPTH];
    u32 frameCount = 1;
    memset(frames, 0, sizeof(frames));
    frames[0].cursor = tree.rootBegin;
    frames[0].end = tree.rootEnd;
    while (frameCount)
    {
        state_diff_frame *frame = frames + frameCount - 1;
        if (frame->cursor >= frame->end)
        {
            if (--frameCount) ++frames[frameCount - 1].element;     // that struct element is done
            continue;
        }
        const state_diff_field *node = tree.fields + frame->cursor;
        const state_layout_field *fieldA = layoutA->fields + node->layoutIndex;
        const state_layout_field *fieldB = node->matchB == STATE_DIFF_NO_FIELD ? 0 : layoutB->fields + node->matchB;
        u32 elementSizeA = StateDiffElementSize(fieldA);
        u32 elementSizeB = fieldB ? StateDiffElementSize(fieldB) : 0;
        u64 startA = frame->baseA + fieldA->offset + (u64)frame->element * elementSizeA;
        u64 startB = fieldB ? frame->baseB + fieldB->offset + (u64)frame->element * elementSizeB : 0;
        // Elements lie at increasing offsets: once one starts past either state, so do the rest.
        if (!fieldB || frame->element >= fieldA->count || frame->element >= fieldB->count || startA >= sizeA || startB >= sizeB)
        {
            ++frame->cursor;
            frame->element = 0;
            continue;
        }
        if (node->isStruct)
        {
            if (frameCount == STATE_LAYOUT_MAX_DEPTH || node->childBegin == node->childEnd)
            {
                ++frame->cursor;        // too deep (or a cycle), or a struct with no fields
                frame->element = 0;
                continue;
            }
            state_diff_frame *child = frames + frameCount++;
            child->cursor = node->childBegin;
            child->end = node->childEnd;
            child->element = 0;
            child->baseA = startA;
            child->baseB = startB;
            continue;
        }
        char suffix[32];
        if (StateDiffFits(startA, elementSizeA, sizeA) && StateDiffFits(startB, elementSizeA, sizeB) &&
            CompareStateDiffLeaf(fieldA->typeName, stateA + startA, stateB + startB, elementSizeA, startA, startB,
                                 difference, suffix, sizeof(suffix)))
        {
            FormatStateDiffPath(layoutA, &tree, frames, frameCount, suffix, difference->path, sizeof(difference->path));
            difference->found = 1;
            return 1;
        }
        ++frame->element;
    }
    return 0;
}

void FormatStateDifference(const state_difference *difference, char *out, umm outSize)
{
    if (difference->found)
        FormatText(out, outSize, "%s: %s vs %s", difference->path, difference->valueA, difference->valueB);
    else
        FormatText(out, outSize, "no difference in registered fields");
}
