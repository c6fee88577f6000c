// Tunables as text: the bodies behind platform/platform_tune_source.h.

#include "platform/platform_tune_source.h"
#include "base/base_format.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

//~ Values
u32 TuneComponentCount(u32 type)
{
    return (type == GameTunable_Color) ? 4 : (type == GameTunable_V3) ? 3 : 1;
}

const char *TuneTypeName(u32 type)
{
    switch (type)
    {
        case GameTunable_F32: return "f32";
        case GameTunable_S32: return "s32";
        case GameTunable_B32: return "bool";
        case GameTunable_Color: return "color";
        case GameTunable_V3: return "v3";
        default: return "?";
    }
}

void NormalizeTuneValue(u32 type, f64 *value)
{
    for (u32 index = 0; index < TuneComponentCount(type); ++index)
    {
        if (type == GameTunable_S32) value[index] = (f64)(s32)value[index];
        else if (type == GameTunable_B32) value[index] = (value[index] != 0.0) ? 1.0 : 0.0;
        else value[index] = (f64)(f32)value[index];
    }
    for (u32 index = TuneComponentCount(type); index < 4; ++index) value[index] = 0.0;
}

b32 TuneValuesEqual(u32 type, const f64 *a, const f64 *b)
{
    f64 left[4] = {a[0], a[1], a[2], a[3]};
    f64 right[4] = {b[0], b[1], b[2], b[3]};
    NormalizeTuneValue(type, left);
    NormalizeTuneValue(type, right);
    for (u32 index = 0; index < TuneComponentCount(type); ++index)
        if (left[index] != right[index]) return 0;
    return 1;
}

internal b32 TuneIsSpace(char c) { return c == ' ' || c == '\t'; }

// One number of a value: [start, end) trimmed, an optional trailing f/F for the real types.
internal b32 ParseTuneNumber(u32 type, const char *start, const char *end, f64 *out)
{
    while (start < end && TuneIsSpace(*start)) ++start;
    while (end > start && TuneIsSpace(end[-1])) --end;
    if (start == end || end - start > 63) return 0;
    char number[64];
    memcpy(number, start, (umm)(end - start));
    number[end - start] = 0;
    umm length = (umm)(end - start);
    if (type == GameTunable_S32)
    {
        char *stop = 0;
        long long whole = strtoll(number, &stop, 10);
        if (*stop || whole < -2147483647ll - 1 || whole > 2147483647ll) return 0;
        *out = (f64)whole;
        return 1;
    }
    if (type != GameTunable_B32 && (number[length - 1] == 'f' || number[length - 1] == 'F')) number[--length] = 0;
    if (!length || !((number[0] >= '0' && number[0] <= '9') || number[0] == '-' || number[0] == '+' || number[0] == '.'))
        return 0;     // strtod would also take "inf", "nan" and hex
    for (umm index = 0; index < length; ++index)
        if (number[index] == 'x' || number[index] == 'X') return 0;
    char *stop = 0;
    f64 real = strtod(number, &stop);
    if (*stop || real != real) return 0;
    *out = real;
    return 1;
}

internal b32 ParseTuneBool(const char *text, f64 *out)
{
    while (TuneIsSpace(*text)) ++text;
    const char *end = text + strlen(text);
    while (end > text && TuneIsSpace(end[-1])) --end;
    umm length = (umm)(end - text);
    const char *trueWords[] = {"1", "true", "on"};
    const char *falseWords[] = {"0", "false", "off"};
    for (u32 index = 0; index < 3; ++index)
    {
        if (strlen(trueWords[index]) == length && strncmp(text, trueWords[index], length) == 0) { *out = 1.0; return 1; }
        if (strlen(falseWords[index]) == length && strncmp(text, falseWords[index], length) == 0) { *out = 0.0; return 1; }
    }
    return 0;
}

b32 ParseTuneValue(u32 type, const char *text, f64 minimum, f64 maximum, f64 *out, char *reason, umm reasonSize)
{
    f64 parsed[4] = {};
    u32 count = TuneComponentCount(type);
    if (!text || TuneTypeName(type)[0] == '?')
    {
        FormatText(reason, reasonSize, "no value or an unknown type");
        return 0;
    }
    if (type == GameTunable_B32)
    {
        if (!ParseTuneBool(text, parsed))
        {
            FormatText(reason, reasonSize, "'%.40s' is not a bool (0, 1, true, false, on, off)", text);
            return 0;
        }
    }
    else
    {
        const char *start = text;
        for (u32 index = 0; index < count; ++index)
        {
            const char *end = start;
            while (*end && *end != ',') ++end;
            b32 last = (index + 1 == count);
            if ((last && *end) || (!last && !*end) || !ParseTuneNumber(type, start, end, parsed + index))
            {
                FormatText(reason, reasonSize, "'%.40s' is not %s%s", text,
                           count > 1 ? (count == 4 ? "four numbers r,g,b,a for a " : "three numbers x,y,z for a ") :
                           (type == GameTunable_S32 ? "a whole number for an " : "a number for an "), TuneTypeName(type));
                return 0;
            }
            start = end + 1;
        }
        for (u32 index = 0; index < count; ++index)
        {
            if (parsed[index] < minimum || parsed[index] > maximum)
            {
                FormatText(reason, reasonSize, "%.17g is outside the range [%g, %g]", parsed[index], minimum, maximum);
                return 0;
            }
        }
    }
    NormalizeTuneValue(type, parsed);
    memcpy(out, parsed, sizeof(parsed));
    return 1;
}

// The shortest %g text that reads back as the same f32.
internal void FormatTuneReal(f64 value, char *out, umm outSize)
{
    f32 target = (f32)value;
    for (int precision = 1; precision <= 9; ++precision)
    {
        snprintf(out, outSize, "%.*g", precision, (f64)target);
        if ((f32)strtod(out, 0) == target) return;
    }
}

void FormatTuneValue(u32 type, const f64 *value, char *out, umm outSize)
{
    text_buffer buffer = TextBufferOver(out, outSize);
    for (u32 index = 0; index < TuneComponentCount(type); ++index)
    {
        if (index) TextAppend(&buffer, ",");
        if (type == GameTunable_S32) TextAppendFormat(&buffer, "%d", (int)value[index]);
        else if (type == GameTunable_B32) TextAppend(&buffer, value[index] != 0.0 ? "1" : "0");
        else
        {
            char real[40];
            FormatTuneReal(value[index], real, sizeof(real));
            TextAppend(&buffer, real);
        }
    }
}

//~ Rewriting the declaring line
#define TUNE_MAX_ARGUMENTS 8

struct tune_call
{
    const char *macro;          // "TUNE_F32" ...
    umm macroLength;
    u32 line;
    b32 closed;                 // the call's ')' is on the same line
    u32 argumentCount;          // after the name
    const char *argumentStart[TUNE_MAX_ARGUMENTS];  // trimmed
    const char *argumentEnd[TUNE_MAX_ARGUMENTS];
};

internal b32 TuneIsIdentifierChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The arguments after the name, from just past its ',' to the call's ')' on this line.
internal void TuneSplitArguments(const char *at, const char *lineEnd, tune_call *call)
{
    int depth = 0;
    const char *start = at;
    for (; at < lineEnd; ++at)
    {
        b32 ends = (*at == ',' && depth == 0) || (*at == ')' && depth == 0);
        if (*at == '(' || *at == '{') ++depth;
        else if ((*at == ')' || *at == '}') && depth > 0) --depth;
        if (!ends) continue;
        if (call->argumentCount < TUNE_MAX_ARGUMENTS)
        {
            const char *trimmedStart = start, *trimmedEnd = at;
            while (trimmedStart < trimmedEnd && TuneIsSpace(*trimmedStart)) ++trimmedStart;
            while (trimmedEnd > trimmedStart && TuneIsSpace(trimmedEnd[-1])) --trimmedEnd;
            call->argumentStart[call->argumentCount] = trimmedStart;
            call->argumentEnd[call->argumentCount] = trimmedEnd;
            ++call->argumentCount;
        }
        if (*at == ')')
        {
            call->closed = 1;
            return;
        }
        start = at + 1;
    }
}

// A TUNE_ call declaring `name` in [lineStart, lineEnd): true with *call filled.
internal b32 TuneFindCallInLine(const char *lineStart, const char *lineEnd, const char *name, tune_call *call)
{
    const char *at = lineStart;
    while (at < lineEnd && (TuneIsSpace(*at))) ++at;
    if (lineEnd - at >= 2 && at[0] == '/' && at[1] == '/') return 0;
    umm nameLength = strlen(name);
    for (; at + 5 < lineEnd; ++at)
    {
        if (memcmp(at, "TUNE_", 5) != 0 || (at > lineStart && TuneIsIdentifierChar(at[-1]))) continue;
        const char *macroEnd = at + 5;
        while (macroEnd < lineEnd && TuneIsIdentifierChar(*macroEnd)) ++macroEnd;
        const char *cursor = macroEnd;
        while (cursor < lineEnd && TuneIsSpace(*cursor)) ++cursor;
        if (cursor >= lineEnd || *cursor != '(') continue;
        ++cursor;
        while (cursor < lineEnd && TuneIsSpace(*cursor)) ++cursor;
        if ((umm)(lineEnd - cursor) <= nameLength || memcmp(cursor, name, nameLength) != 0 ||
            TuneIsIdentifierChar(cursor[nameLength])) continue;
        cursor += nameLength;
        while (cursor < lineEnd && TuneIsSpace(*cursor)) ++cursor;
        if (cursor >= lineEnd || *cursor != ',') continue;
        memset(call, 0, sizeof(*call));
        call->macro = at;
        call->macroLength = (umm)(macroEnd - at);
        TuneSplitArguments(cursor + 1, lineEnd, call);
        return 1;
    }
    return 0;
}

internal const char *TuneMacroFor(u32 type)
{
    switch (type)
    {
        case GameTunable_F32: return "TUNE_F32";
        case GameTunable_S32: return "TUNE_S32";
        case GameTunable_B32: return "TUNE_BOOL";
        case GameTunable_Color: return "TUNE_COLOR";
        case GameTunable_V3: return "TUNE_V3";
        default: return "?";
    }
}

// The literal for one component, in the style of the one it replaces.
internal void TuneFormatLiteral(u32 type, f64 value, const char *old, umm oldLength, char *out, umm outSize)
{
    if (type == GameTunable_S32)
    {
        FormatText(out, outSize, "%d", (int)value);
        return;
    }
    if (type == GameTunable_B32)
    {
        b32 words = oldLength >= 4 && (old[0] == 't' || old[0] == 'f');
        FormatText(out, outSize, "%s", words ? (value != 0.0 ? "true" : "false") : (value != 0.0 ? "1" : "0"));
        return;
    }
    char suffix = (oldLength && (old[oldLength - 1] == 'f' || old[oldLength - 1] == 'F')) ? old[oldLength - 1] : 0;
    u32 oldDecimals = 0;
    b32 oldHasExponent = 0;
    const char *dot = 0;
    for (umm index = 0; index < oldLength; ++index)
    {
        if (old[index] == 'e' || old[index] == 'E') oldHasExponent = 1;
        if (old[index] == '.') dot = old + index;
        else if (dot && !oldHasExponent && old[index] >= '0' && old[index] <= '9') ++oldDecimals;
    }
    char real[48];
    FormatTuneReal(value, real, sizeof(real));
    text_buffer buffer = TextBufferOver(out, outSize);
    TextAppend(&buffer, real);
    if (!strchr(real, 'e'))
    {
        const char *newDot = strchr(real, '.');
        u32 decimals = newDot ? (u32)strlen(newDot + 1) : 0;
        if (!newDot && (suffix || dot)) TextAppend(&buffer, ".");
        if (!newDot && (suffix || dot) && oldDecimals == 0) TextAppend(&buffer, "0");
        for (; decimals < oldDecimals; ++decimals) TextAppend(&buffer, "0");
    }
    if (suffix) TextAppendFormat(&buffer, "%c", suffix);
}

// The one declaration of `name`: Done with *call, or the reason it cannot be used.
internal u32 TuneFindDeclaration(const char *source, umm size, const char *name, tune_call *call, u32 *line, u32 *matches)
{
    *matches = 0;
    u32 lineNumber = 1;
    for (const char *lineStart = source; lineStart < source + size; ++lineNumber)
    {
        const char *lineEnd = lineStart;
        while (lineEnd < source + size && *lineEnd != '\n' && *lineEnd != '\r') ++lineEnd;
        tune_call found;
        if (TuneFindCallInLine(lineStart, lineEnd, name, &found))
        {
            if (++*matches == 1)
            {
                *call = found;
                *line = lineNumber;
            }
        }
        if (lineEnd < source + size && *lineEnd == '\r' && lineEnd + 1 < source + size && lineEnd[1] == '\n') ++lineEnd;
        lineStart = lineEnd + 1;
    }
    return (*matches == 0) ? TuneRewrite_NotFound : (*matches > 1) ? TuneRewrite_Ambiguous : TuneRewrite_Done;
}

tune_rewrite RewriteTuneSource(const char *source, umm size, const char *name, u32 type, const f64 *expected,
                               const f64 *value, char *out, umm outCapacity)
{
    tune_rewrite result = {};
    tune_call call = {};
    u32 matches = 0;
    result.status = TuneFindDeclaration(source, size, name, &call, &result.line, &matches);
    if (result.status == TuneRewrite_NotFound)
        FormatText(result.reason, sizeof(result.reason), "no TUNE_ line declares %s there any more", name);
    if (result.status == TuneRewrite_Ambiguous)
        FormatText(result.reason, sizeof(result.reason), "%u TUNE_ lines declare %s (lines %u, ...): which one is meant is "
                   "not clear", matches, name, result.line);
    if (result.status != TuneRewrite_Done) return result;
    const char *macro = TuneMacroFor(type);
    if (call.macroLength != strlen(macro) || memcmp(call.macro, macro, call.macroLength) != 0)
    {
        result.status = TuneRewrite_Retyped;
        FormatText(result.reason, sizeof(result.reason), "line %u declares it with %.*s now, the running build with %s",
                   result.line, (int)call.macroLength, call.macro, macro);
        return result;
    }
    u32 count = TuneComponentCount(type);
    if (!call.closed || call.argumentCount < count)
    {
        result.status = TuneRewrite_Malformed;
        FormatText(result.reason, sizeof(result.reason), "line %u: the %s call is not on one line", result.line, macro);
        return result;
    }
    for (u32 index = 0; index < count; ++index)
    {
        char literal[64] = "";
        umm length = (umm)(call.argumentEnd[index] - call.argumentStart[index]);
        f64 found = 0.0;
        if (length < sizeof(literal)) memcpy(literal, call.argumentStart[index], length);
        b32 parsed = length < sizeof(literal) &&
                     ((type == GameTunable_B32) ? ParseTuneBool(literal, &found)
                                                : ParseTuneNumber(type, literal, literal + length, &found));
        if (!parsed)
        {
            result.status = TuneRewrite_Malformed;
            FormatText(result.reason, sizeof(result.reason), "line %u: '%.40s' is not a plain literal", result.line, literal);
            return result;
        }
        // One component compared as the scalar type it is stored as (colour and v3: f32).
        u32 componentType = (count > 1) ? (u32)GameTunable_F32 : type;
        f64 foundValue[4] = {found, 0, 0, 0}, expectedValue[4] = {expected[index], 0, 0, 0};
        if (!TuneValuesEqual(componentType, foundValue, expectedValue))
        {
            result.status = TuneRewrite_Changed;
            FormatText(result.reason, sizeof(result.reason), "line %u says %s where %.17g was expected (edited since the "
                       "build or the last write-back?)", result.line, literal, expected[index]);
            return result;
        }
    }
    text_buffer buffer = TextBufferOver(out, outCapacity);
    const char *copied = source;
    for (u32 index = 0; index < count; ++index)
    {
        char literal[64];
        umm oldLength = (umm)(call.argumentEnd[index] - call.argumentStart[index]);
        TuneFormatLiteral(type, value[index], call.argumentStart[index], oldLength, literal, sizeof(literal));
        umm before = (umm)(call.argumentStart[index] - copied);
        if (buffer.length + before + strlen(literal) + 1 > outCapacity) { buffer.truncated = 1; break; }
        memcpy(buffer.data + buffer.length, copied, before);
        buffer.length += before;
        buffer.data[buffer.length] = 0;
        TextAppend(&buffer, literal);
        copied = call.argumentEnd[index];
    }
    umm rest = (umm)(source + size - copied);
    if (buffer.truncated || buffer.length + rest + 1 > outCapacity)
    {
        result.status = TuneRewrite_NoRoom;
        FormatText(result.reason, sizeof(result.reason), "the rewritten file would not fit %llu bytes",
                   (unsigned long long)outCapacity);
        return result;
    }
    memcpy(buffer.data + buffer.length, copied, rest);
    result.outSize = buffer.length + rest;
    return result;
}
