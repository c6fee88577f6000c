// The timeline's script, line by line: the bodies behind platform/platform_timeline_request.h

#include "platform/platform_timeline_request.h"
#include "base/base_format.h"
#include <stdlib.h>
#include <string.h>

internal const char *TimelineSkipSpaces(const char *at)
{
    while (*at == ' ' || *at == '\t' || *at == '\r') ++at;
    return at;
}

// The word at `at` into word (lowercase as written), returning what follows it.
internal const char *TimelineTakeWord(const char *at, char *word, umm wordSize)
{
    umm length = 0;
    while (*at && *at != ' ' && *at != '\t' && *at != '\r')
    {
        if (length + 1 < wordSize) word[length++] = *at;
        ++at;
    }
    word[length] = 0;
    return TimelineSkipSpaces(at);
}

// A whole signed decimal number filling the rest of the line.
internal b32 TimelineParseNumber(const char *text, s64 *value)
{
    if (!*text) return 0;
    char *end = 0;
    long long parsed = strtoll(text, &end, 10);
    if (end == text || *TimelineSkipSpaces(end)) return 0;
    *value = (s64)parsed;
    return 1;
}

//~ watch, unwatch, find
internal const char *const timelineFindOpTexts[] = {"==", "!=", "<", "<=", ">", ">=", "changed"};

const char *TimelineFindOpText(u32 op) { return op < ArrayCount(timelineFindOpTexts) ? timelineFindOpTexts[op] : "?"; }

b32 TimelineFindMatches(u32 op, f64 value, f64 previous, f64 target)
{
    switch (op)
    {
        case TimelineFind_Equal: return value == target;
        case TimelineFind_NotEqual: return value != target;
        case TimelineFind_Less: return value < target;
        case TimelineFind_LessEqual: return value <= target;
        case TimelineFind_Greater: return value > target;
        case TimelineFind_GreaterEqual: return value >= target;
        case TimelineFind_Changed: return value != previous && (value == value || previous == previous);
    }
    return 0;
}

// A decimal number filling the whole word: optional sign, digits with an optional fraction (or a
// fraction alone), optional exponent; or true/false. No hex, inf or nan (strtod alone takes them).
internal b32 TimelineParseDecimal(const char *word, f64 *value)
{
    if (strcmp(word, "true") == 0 || strcmp(word, "false") == 0)
    {
        *value = word[0] == 't' ? 1.0 : 0.0;
        return 1;
    }
    const char *at = word;
    if (*at == '+' || *at == '-') ++at;
    u32 digits = 0;
    for (; *at >= '0' && *at <= '9'; ++at) ++digits;
    if (*at == '.')
        for (++at; *at >= '0' && *at <= '9'; ++at) ++digits;
    if (!digits) return 0;
    if (*at == 'e' || *at == 'E')
    {
        ++at;
        if (*at == '+' || *at == '-') ++at;
        if (*at < '0' || *at > '9') return 0;
        while (*at >= '0' && *at <= '9') ++at;
    }
    if (*at) return 0;
    *value = strtod(word, 0);
    return 1;
}

// The field path after watch, unwatch or find into command->fieldPath; what follows it, or null
// with error set.
internal const char *TimelineTakeFieldPath(const char *word, const char *rest, timeline_command *command,
                                           char *error, umm errorSize)
{
    umm length = 0;
    while (rest[length] && rest[length] != ' ' && rest[length] != '\t' && rest[length] != '\r') ++length;
    if (!length)
    {
        FormatText(error, errorSize, "'%s' needs a field path (e.g. %s demo_state.entities[17].position.y%s)", word, word,
                   command->kind == TimelineCommand_Find ? " > 10" : "");
        return 0;
    }
    if (length + 1 > sizeof(command->fieldPath))
    {
        FormatText(error, errorSize, "'%s': the field path is longer than %u bytes", word, (u32)sizeof(command->fieldPath) - 1);
        return 0;
    }
    memcpy(command->fieldPath, rest, length);
    command->fieldPath[length] = 0;
    return TimelineSkipSpaces(rest + length);
}

internal b32 TimelineParseWatch(const char *word, const char *rest, timeline_command *command, char *error, umm errorSize)
{
    command->kind = word[0] == 'w' ? TimelineCommand_Watch : TimelineCommand_Unwatch;
    const char *after = TimelineTakeFieldPath(word, rest, command, error, errorSize);
    if (!after) return 0;
    if (*after)
    {
        FormatText(error, errorSize, "'%s' takes one field path (a path has no spaces), not '%s'", word, rest);
        return 0;
    }
    return 1;
}

internal b32 TimelineParseFind(const char *word, const char *rest, timeline_command *command, char *error, umm errorSize)
{
    command->kind = TimelineCommand_Find;
    command->findBackward = strcmp(word, "find-back") == 0;
    const char *at = TimelineTakeFieldPath(word, rest, command, error, errorSize);
    if (!at) return 0;
    if (!*at)
    {
        FormatText(error, errorSize, "'%s' needs an operator and a value after the field path (%s FIELD OP VALUE, OP one "
                   "of == != < <= > >=; or %s FIELD changed)", word, word, word);
        return 0;
    }
    char op[32];
    at = TimelineTakeWord(at, op, sizeof(op));
    command->findOp = ArrayCount(timelineFindOpTexts);
    for (u32 opIndex = 0; opIndex < ArrayCount(timelineFindOpTexts); ++opIndex)
        if (strcmp(op, timelineFindOpTexts[opIndex]) == 0) command->findOp = opIndex;
    if (command->findOp == ArrayCount(timelineFindOpTexts))
    {
        FormatText(error, errorSize, "unknown operator '%s' (one of == != < <= > >=, or 'changed')", op);
        return 0;
    }
    if (command->findOp != TimelineFind_Changed)
    {
        char value[64];
        if (!*at)
        {
            FormatText(error, errorSize, "'%s' needs a value after '%s'", word, op);
            return 0;
        }
        at = TimelineTakeWord(at, value, sizeof(value));
        if (!TimelineParseDecimal(value, &command->findValue))
        {
            FormatText(error, errorSize, "'%s' is not a number", value);
            return 0;
        }
    }
    if (*at)
    {
        FormatText(error, errorSize, "'%s' takes nothing after %s: '%s'", word,
                   command->findOp == TimelineFind_Changed ? "'changed'" : "the value", at);
        return 0;
    }
    return 1;
}

//~ A line
b32 ParseTimelineCommand(const char *line, timeline_command *command, char *error, umm errorSize)
{
    memset(command, 0, sizeof(*command));
    error[0] = 0;
    const char *at = TimelineSkipSpaces(line);
    if (!*at || *at == '#') return 1;
    char word[32];
    const char *rest = TimelineTakeWord(at, word, sizeof(word));
    if (strcmp(word, "pause") == 0 || strcmp(word, "resume") == 0)
    {
        command->kind = word[0] == 'p' ? TimelineCommand_Pause : TimelineCommand_Resume;
        if (*rest) { FormatText(error, errorSize, "'%s' takes nothing after it", word); return 0; }
        return 1;
    }
    if (strcmp(word, "seek") == 0 || strcmp(word, "step") == 0)
    {
        command->kind = word[1] == 'e' ? TimelineCommand_Seek : TimelineCommand_Step;
        if (!TimelineParseNumber(rest, &command->number) || (command->kind == TimelineCommand_Seek && command->number < 0))
        {
            FormatText(error, errorSize, "'%s' needs a %s number, not '%s'", word,
                       command->kind == TimelineCommand_Seek ? "frame" : "whole", rest);
            return 0;
        }
        return 1;
    }
    if (strcmp(word, "view") == 0)
    {
        command->kind = TimelineCommand_View;
        char which[32];
        const char *after = TimelineTakeWord(rest, which, sizeof(which));
        if (*after || (strcmp(which, "recorded") != 0 && strcmp(which, "new") != 0))
        {
            FormatText(error, errorSize, "'view' needs 'recorded' or 'new', not '%s'", rest);
            return 0;
        }
        command->viewNew = strcmp(which, "new") == 0;
        return 1;
    }
    if (strcmp(word, "save") == 0)
    {
        command->kind = TimelineCommand_Save;
        umm length = strlen(rest);
        while (length && (rest[length - 1] == ' ' || rest[length - 1] == '\t' || rest[length - 1] == '\r')) --length;
        if (!length || length + 1 > sizeof(command->path))
        {
            FormatText(error, errorSize, "'save' needs a path (up to %u bytes)", (u32)sizeof(command->path) - 1);
            return 0;
        }
        memcpy(command->path, rest, length);
        command->path[length] = 0;
        return 1;
    }
    if (strcmp(word, "watch") == 0 || strcmp(word, "unwatch") == 0)
        return TimelineParseWatch(word, rest, command, error, errorSize);
    if (strcmp(word, "find") == 0 || strcmp(word, "find-back") == 0)
        return TimelineParseFind(word, rest, command, error, errorSize);
    FormatText(error, errorSize, "unknown command '%s' (pause, resume, seek FRAME, step N, view recorded|new, save PATH, "
               "watch FIELD, unwatch FIELD, find FIELD OP VALUE, find-back FIELD OP VALUE)", word);
    return 0;
}
