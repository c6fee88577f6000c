// The timeline's script, line by line: the bodies behind platform/platform_timeline_request.h

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
    FormatText(error, errorSize, "unknown command '%s' (pause, resume, seek FRAME, step N, view recorded|new, save PATH)",
               word);
    return 0;
}
