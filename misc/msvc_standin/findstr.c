// Stand-in findstr.exe (Wine 8's ignores /C: and always exits 0, so build.bat's log checks would
// not be real): `findstr [/I] [/L] [/C:"text"]... [words] [file...]` prints each line of the files
// (or of stdin) that contains one of the search texts and exits 0 when a line matched, 1 when none
// did, 2 on a missing file. Literal search only (/L); /R regular expressions are not supported.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_NEEDLES 32
static const char *needles[MAX_NEEDLES];
static int needleCount;
static int ignoreCase;

static int Contains(const char *line, const char *needle)
{
    size_t needleLength = strlen(needle);
    for (const char *at = line; *at; ++at)
    {
        size_t index = 0;
        while (index < needleLength && at[index] &&
               (ignoreCase ? tolower((unsigned char)at[index]) == tolower((unsigned char)needle[index])
                           : at[index] == needle[index]))
        {
            ++index;
        }
        if (index == needleLength) return 1;
    }
    return needleLength == 0;
}

static int SearchStream(FILE *file, const char *prefix)
{
    static char line[65536];
    int matched = 0;
    while (fgets(line, sizeof(line), file))
    {
        for (int index = 0; index < needleCount; ++index)
        {
            if (Contains(line, needles[index]))
            {
                if (prefix) printf("%s:", prefix);
                fputs(line, stdout);
                if (!strchr(line, '\n')) putchar('\n');
                matched = 1;
                break;
            }
        }
    }
    return matched;
}

int main(int argumentCount, char **arguments)
{
    int firstFile = argumentCount, sawWords = 0;
    for (int index = 1; index < argumentCount; ++index)
    {
        const char *argument = arguments[index];
        if (argument[0] == '/' && (argument[1] == 'C' || argument[1] == 'c') && argument[2] == ':')
        {
            if (needleCount < MAX_NEEDLES) needles[needleCount++] = argument + 3;
        }
        else if (argument[0] == '/' && (argument[1] == 'I' || argument[1] == 'i') && !argument[2]) ignoreCase = 1;
        else if (argument[0] == '/' && (argument[1] == 'L' || argument[1] == 'l') && !argument[2]) {}
        else if (argument[0] == '/')
        {
            fprintf(stderr, "findstr stand-in: option %s is not supported\n", argument);
            return 2;
        }
        else if (needleCount == 0 && !sawWords)
        {
            // Plain search words: space-separated, any of them matches.
            sawWords = 1;
            char *words = strdup(argument);
            for (char *word = strtok(words, " "); word && needleCount < MAX_NEEDLES; word = strtok(0, " ")) needles[needleCount++] = word;
        }
        else
        {
            firstFile = index;
            break;
        }
    }
    if (needleCount == 0)
    {
        fprintf(stderr, "findstr stand-in: no search string\n");
        return 2;
    }
    int matched = 0, missing = 0;
    if (firstFile == argumentCount) matched = SearchStream(stdin, 0);
    for (int index = firstFile; index < argumentCount; ++index)
    {
        FILE *file = fopen(arguments[index], "rb");
        if (!file)
        {
            fprintf(stderr, "FINDSTR: Cannot open %s\n", arguments[index]);
            missing = 1;
            continue;
        }
        matched |= SearchStream(file, (argumentCount - firstFile > 1) ? arguments[index] : 0);
        fclose(file);
    }
    if (missing && !matched) return 2;
    return matched ? 0 : 1;
}
