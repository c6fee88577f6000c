// Stand-in findstr.exe (Wine 8's ignores /C: and always exits 0, so build.bat's log checks would
// not be real): `findstr [/I] [/L] [/M] [/C:"text"]... [words] [file...]` prints each line of the
// files (or of stdin) that contains one of the search texts (with /M only the names of the files
// that do) and exits 0 when a line matched, 1 when none did, 2 on a missing file. Like findstr, a
// file argument may hold wildcards and a file may be binary (build.bat looks for a PDB's name in
// DLLs). Literal search only (/L); /R regular expressions are not supported.
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_NEEDLES 32
static const char *needles[MAX_NEEDLES];
static int needleCount;
static int ignoreCase;
static int namesOnly;

// Whether line[0, length) contains needle (NUL bytes in the line are ordinary bytes).
static int Contains(const char *line, size_t length, const char *needle)
{
    size_t needleLength = strlen(needle);
    for (size_t start = 0; start + needleLength <= length; ++start)
    {
        size_t index = 0;
        while (index < needleLength &&
               (ignoreCase ? tolower((unsigned char)line[start + index]) == tolower((unsigned char)needle[index])
                           : line[start + index] == needle[index]))
        {
            ++index;
        }
        if (index == needleLength) return 1;
    }
    return needleLength == 0;
}

static int SearchStream(FILE *file, const char *prefix, const char *name)
{
    static char line[65536];
    int matched = 0;
    size_t length = 0;
    int character;
    do
    {
        character = fgetc(file);
        if (character != EOF && character != '\n' && length < sizeof(line) - 1)
        {
            line[length++] = (char)character;
            continue;
        }
        if (character != EOF || length)
        {
            for (int index = 0; index < needleCount; ++index)
            {
                if (!Contains(line, length, needles[index])) continue;
                matched = 1;
                if (namesOnly)
                {
                    printf("%s\n", name);
                    return 1;
                }
                if (prefix) printf("%s:", prefix);
                fwrite(line, 1, length, stdout);
                putchar('\n');
                break;
            }
        }
        length = 0;
        if (character != EOF && character != '\n') line[length++] = (char)character;
    } while (character != EOF);
    return matched;
}

// Searches one file argument, expanding wildcards in its last part: 1 matched, 0 not, -1 no file.
static int SearchArgument(const char *argument, int prefixNames)
{
    if (!strpbrk(argument, "*?"))
    {
        FILE *file = fopen(argument, "rb");
        if (!file) return -1;
        int matched = SearchStream(file, prefixNames ? argument : 0, argument);
        fclose(file);
        return matched;
    }
    WIN32_FIND_DATAA found;
    HANDLE search = FindFirstFileA(argument, &found);
    if (search == INVALID_HANDLE_VALUE) return -1;
    const char *slash = strrchr(argument, '\\');
    int folderLength = slash ? (int)(slash - argument + 1) : 0;
    int matched = 0;
    do
    {
        if (found.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) continue;
        char path[MAX_PATH * 2];
        snprintf(path, sizeof(path), "%.*s%s", folderLength, argument, found.cFileName);
        FILE *file = fopen(path, "rb");
        if (!file) continue;
        matched |= SearchStream(file, path, path);
        fclose(file);
    } while (FindNextFileA(search, &found));
    FindClose(search);
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
        else if (argument[0] == '/' && (argument[1] == 'M' || argument[1] == 'm') && !argument[2]) namesOnly = 1;
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
    if (firstFile == argumentCount) matched = SearchStream(stdin, 0, "(standard input)");
    for (int index = firstFile; index < argumentCount; ++index)
    {
        int result = SearchArgument(arguments[index], argumentCount - firstFile > 1);
        if (result < 0)
        {
            fprintf(stderr, "FINDSTR: Cannot open %s\n", arguments[index]);
            missing = 1;
            continue;
        }
        matched |= result;
    }
    if (missing && !matched) return 2;
    return matched ? 0 : 1;
}
