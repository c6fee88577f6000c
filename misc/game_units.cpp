// Build tool for build.bat: compiles the stale translation units of one game DLL, and says whether
// the DLL must be linked again. What misc/build.sh does in shell (see its header), for cl, which
// keeps no dependency lists of its own:
//   game_units ENTRY OBJECT_DIR DLL
// with the compile flags in the environment variable GameUnitFlags (as cl takes them) and the link
// settings in GameLinkKey (any text: a change of it relinks). Run from build\, as build.bat runs cl.
//  - ENTRY is a game's unity entry one folder below the code root (..\code\demo\demo_main.cpp); its
//    `#include "X.cpp"` lines name the units, relative to the code root (an entry that includes no
//    .cpp is its own one unit). game_kit\game_kit.cpp is a unit too: one object for every game.
//  - Each unit's object is OBJECT_DIR\<path with \ as __>.obj, beside .deps (every file the compile
//    read, from cl /showIncludes, one per line) and .cmd (the flags). A unit is compiled again when
//    one of the three is missing, the flags changed, or a listed file is newer than the object or
//    gone. Stale units compile in parallel, one cl per processor; each cl's output is printed when
//    it ends, without the include notes. An object's write time is set to when its compile started,
//    so a file saved during the compile is newer and compiles again next time.
//  - With GamePrecompiledHeader set (a header as an #include names it: game_kit/kit_precompiled.h),
//    every unit starts with that header, precompiled once: OBJECT_DIR\precompiled.cpp (written here,
//    a comment only) is compiled first with /Yc /FI into precompiled.pch and precompiled.obj (stale by the same
//    rules: its .deps list every header it read), then the units with /Yu /FI and that .pch; every
//    unit older than precompiled.obj compiles again. precompiled.obj is linked too (cl's /Yc object
//    carries the header's debug types).
//  - Writes OBJECT_DIR\<DLL name>.objects (the link's response file: the objects, one per line) and
//    OBJECT_DIR\<DLL name>.link.new (GameLinkKey and the objects); build.bat renames .link.new to
//    .link once the link succeeded.
//  - With GamePdbKeepFrom (a number K) and GamePdbCopies (a wildcard, e.g. game_loaded_*.dll) set,
//    a build that is to be linked first deletes the DLL's old PDBs: NAME_N.pdb (NAME the DLL's name
//    without .dll, N digits only) with N below K, unless a file GamePdbCopies matches names it (the
//    private copies a running exe loaded: a debugger looks for their PDBs). See PruneOldPdbs.
// Exit code: 0 nothing to link (every object up to date, the DLL newer than all of them, the same
// link), 3 link (the response file is ready), 1 a compile failed, cl could not be started (the
// Win32 error and the command are printed) or bad arguments.
//   game_units --prune-pdbs NAME KEEP_FROM COPIES
// only prunes NAME's PDBs that way (build.bat's exe build: win32_platform, win32_platform*.exe) and
// exits 0 (1 on bad arguments).
// NOTE: in this program, not as one findstr per PDB in build.bat: under Wine each program start cost
// 50-100 ms, and every PDB a kept copy names was searched again at every build (a demo's timeline
// keeps a copy per build it spans: 14 findstr runs by the 15th edit).
// A plain Win32 program with no engine headers, built by build.bat before the games.
#include <windows.h>
#include <shellapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#pragma comment(lib, "shell32")

#define MAX_UNITS 64
#define PATH_CHARS 2048
#define TEXT_CHARS 32768

struct unit
{
    wchar_t source[PATH_CHARS];     // as cl gets it: ..\code\demo\demo_frame.cpp
    wchar_t object[PATH_CHARS];     // OBJECT_DIR\demo__demo_frame.obj
    wchar_t output[PATH_CHARS];     // the compiler's output while it runs (OBJECT.log)
    FILETIME started;
    HANDLE process;
    int failed;
};

static unit globalUnits[MAX_UNITS];
static int globalUnitCount;

// The precompiled prologue (GamePrecompiledHeader), when there is one: its unit, its flags, and the
// flags of every other unit, which use it.
static unit globalPrologue;
static int globalHasPrologue;
static wchar_t globalPrologueFlags[TEXT_CHARS], globalUnitFlags[TEXT_CHARS];

static void Fail(const char *message)
{
    printf("game_units: %s\n", message);
    exit(1);
}

// The file's bytes with a 0 after them (0 when it cannot be read); *size gets their count.
static char *ReadWholeFile(const wchar_t *path, DWORD *size)
{
    HANDLE file = CreateFileW(path, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, 0,
                              OPEN_EXISTING, 0, 0);
    if (file == INVALID_HANDLE_VALUE) return 0;
    DWORD length = GetFileSize(file, 0), got = 0;
    char *bytes = (char *)malloc(length + 1);
    if (!bytes || !ReadFile(file, bytes, length, &got, 0) || got != length)
    {
        CloseHandle(file);
        free(bytes);
        return 0;
    }
    CloseHandle(file);
    bytes[length] = 0;
    if (size) *size = length;
    return bytes;
}

static int WriteWholeFile(const wchar_t *path, const wchar_t *text)
{
    FILE *file = _wfopen(path, L"wb");
    if (!file) return 0;
    char bytes[TEXT_CHARS * 3];
    int length = WideCharToMultiByte(CP_UTF8, 0, text, -1, bytes, sizeof(bytes), 0, 0);
    int ok = length > 0 && fwrite(bytes, 1, (size_t)(length - 1), file) == (size_t)(length - 1);
    return fclose(file) == 0 && ok;
}

// UTF-8 text as wide characters; text that is not UTF-8 (a cl writing in the console's code page)
// is read in that code page.
static void WideFromBytes(const char *bytes, int length, wchar_t *out, int outChars)
{
    int got = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, bytes, length, out, outChars - 1);
    if (got <= 0) got = MultiByteToWideChar(CP_OEMCP, 0, bytes, length, out, outChars - 1);
    out[got > 0 ? got : 0] = 0;
}

static int LastWriteTime(const wchar_t *path, ULONGLONG *time)
{
    WIN32_FILE_ATTRIBUTE_DATA data;
    if (!GetFileAttributesExW(path, GetFileExInfoStandard, &data)) return 0;
    *time = ((ULONGLONG)data.ftLastWriteTime.dwHighDateTime << 32) | data.ftLastWriteTime.dwLowDateTime;
    return 1;
}

// Reads the unit names of the entry: every `#include "X.cpp"` line.
static void ReadUnits(const wchar_t *entry, const wchar_t *objectDir)
{
    wchar_t codeRoot[PATH_CHARS];
    wcscpy(codeRoot, entry);
    for (int cut = 0; cut < 2; ++cut)
    {
        wchar_t *slash = wcsrchr(codeRoot, L'\\');
        wchar_t *other = wcsrchr(codeRoot, L'/');
        if (other > slash) slash = other;
        if (!slash) Fail("the entry must be one folder below the code root (..\\code\\demo\\demo_main.cpp)");
        *slash = 0;
    }
    char *text = ReadWholeFile(entry, 0);
    if (!text) Fail("cannot read the entry");
    for (char *line = text; line && *line;)
    {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        const char *prefix = "#include \"";
        char *end = 0;
        if (strncmp(line, prefix, strlen(prefix)) == 0) end = strchr(line + strlen(prefix), '"');
        if (end && end - line > 14 && strncmp(end - 4, ".cpp", 4) == 0)
        {
            if (globalUnitCount == MAX_UNITS) Fail("more than 64 units");
            unit *u = &globalUnits[globalUnitCount++];
            wchar_t name[PATH_CHARS];
            char *nameStart = line + strlen(prefix);
            WideFromBytes(nameStart, (int)(end - nameStart), name, PATH_CHARS);
            for (wchar_t *at = name; *at; ++at) if (*at == L'/') *at = L'\\';
            swprintf(u->source, PATH_CHARS, L"%ls\\%ls", codeRoot, name);
            wchar_t flat[PATH_CHARS];
            wcscpy(flat, name);
            flat[wcslen(flat) - 4] = 0;
            wchar_t objectName[PATH_CHARS] = L"";
            for (wchar_t *at = flat; *at; ++at)
            {
                if (*at == L'\\') wcscat(objectName, L"__");
                else wcsncat(objectName, at, 1);
            }
            swprintf(u->object, PATH_CHARS, L"%ls\\%ls.obj", objectDir, objectName);
        }
        line = next;
    }
    free(text);
    if (globalUnitCount == 0)
    {
        unit *u = &globalUnits[globalUnitCount++];
        wcscpy(u->source, entry);
        const wchar_t *name = wcsrchr(entry, L'\\') ? wcsrchr(entry, L'\\') + 1 : entry;
        swprintf(u->object, PATH_CHARS, L"%ls\\%ls.obj", objectDir, name);
    }
}

static int IsStale(unit *u, const wchar_t *flags)
{
    wchar_t path[PATH_CHARS];
    ULONGLONG objectTime, time;
    if (!LastWriteTime(u->object, &objectTime)) return 1;
    swprintf(path, PATH_CHARS, L"%ls.cmd", u->object);
    char *command = ReadWholeFile(path, 0);
    if (!command) return 1;
    wchar_t wideCommand[TEXT_CHARS];
    WideFromBytes(command, -1, wideCommand, TEXT_CHARS);
    free(command);
    if (wcscmp(wideCommand, flags) != 0) return 1;
    swprintf(path, PATH_CHARS, L"%ls.deps", u->object);
    char *deps = ReadWholeFile(path, 0);
    if (!deps) return 1;
    int stale = 0;
    for (char *line = deps; line && *line && !stale;)
    {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        wchar_t dep[PATH_CHARS];
        WideFromBytes(line, -1, dep, PATH_CHARS);
        if (!LastWriteTime(dep, &time) || time > objectTime) stale = 1;
        line = next;
    }
    free(deps);
    return stale;
}

// Prints wide text as the console shows it (its output code page; UTF-8 without a console): printf's
// %ls would stop at the first letter the C locale cannot write, as in a Unicode folder's paths.
static void PrintWide(const wchar_t *text)
{
    UINT codePage = GetConsoleOutputCP();
    static char bytes[TEXT_CHARS * 3];
    if (!WideCharToMultiByte(codePage ? codePage : CP_UTF8, 0, text, -1, bytes, sizeof(bytes), 0, 0)) return;
    fputs(bytes, stdout);
}

// cl.exe's full path, searched once where CreateProcess searches (this exe's folder, the current
// folder, the system folders, then PATH).
// NOTE: CreateProcess with no application name searches at every start, and when the cl.exe it finds
// cannot be opened at that moment it tries the command line's longer prefixes ("cl /nologo", ...) as
// file names; Wine 8 then reports error 2, a missing file, for a cl.exe another process held for a
// moment. With the path named, a missing cl is said once, here, and a failed start says why.
static wchar_t globalCompilerPath[PATH_CHARS];

static void FindCompiler(void)
{
    DWORD length = SearchPathW(0, L"cl", L".exe", PATH_CHARS, globalCompilerPath, 0);
    if (length == 0 || length >= PATH_CHARS) Fail("cl.exe is not on PATH (build.bat puts it there)");
}

// Starts cl on the unit, its output into OBJECT.log. A start that fails is tried 6 times, 0.1 to
// 1.6 s apart (a loaded machine, a scanner or an installer holding cl.exe for a moment); then the
// Win32 error, its text and the command line are printed and game_units exits 1.
static void StartCompile(unit *u, const wchar_t *flags)
{
    swprintf(u->output, PATH_CHARS, L"%ls.log", u->object);
    wchar_t path[PATH_CHARS];
    swprintf(path, PATH_CHARS, L"%ls.cmd", u->object);
    DeleteFileW(path);
    SECURITY_ATTRIBUTES inherit = {sizeof(inherit), 0, TRUE};
    HANDLE output = CreateFileW(u->output, GENERIC_WRITE, FILE_SHARE_READ, &inherit, CREATE_ALWAYS, 0, 0);
    if (output == INVALID_HANDLE_VALUE) Fail("cannot write a compile log in the object folder");
    if (!globalCompilerPath[0]) FindCompiler();
    static wchar_t commandLine[TEXT_CHARS], shownCommand[TEXT_CHARS];
    swprintf(commandLine, TEXT_CHARS, L"cl %ls /c /showIncludes \"%ls\" /Fo\"%ls\"", flags, u->source, u->object);
    wcscpy(shownCommand, commandLine);     // CreateProcessW may write into its command line
    STARTUPINFOW startup = {};
    startup.cb = sizeof(startup);
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
    startup.hStdOutput = output;
    startup.hStdError = output;
    PROCESS_INFORMATION process = {};
    const int startTries = 6;
    DWORD error = 0;
    int tries = 0;
    for (; tries < startTries; ++tries)
    {
        if (tries) Sleep(50u << tries);
        GetSystemTimeAsFileTime(&u->started);
        if (CreateProcessW(globalCompilerPath, commandLine, 0, 0, TRUE, 0, 0, 0, &startup, &process)) break;
        error = GetLastError();
    }
    if (tries == startTries)
    {
        wchar_t reason[512] = L"";
        FormatMessageW(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, 0, error, 0, reason, 512, 0);
        for (size_t end = wcslen(reason); end && (reason[end - 1] == L'\r' || reason[end - 1] == L'\n'); --end) reason[end - 1] = 0;
        static wchar_t message[TEXT_CHARS * 2];
        swprintf(message, TEXT_CHARS * 2, L"game_units: cannot start cl (%ls) for %ls: error %lu (%ls), 6 tries over 3 s; "
                 L"the command: %ls\n", globalCompilerPath, u->source, (unsigned long)error, reason, shownCommand);
        PrintWide(message);
        exit(1);
    }
    CloseHandle(output);
    CloseHandle(process.hThread);
    u->process = process.hProcess;
}

// After the compile: prints its output without the include notes, writes .deps (the notes' files
// that exist, and the source) and .cmd, and dates the object back to the compile's start.
static void FinishCompile(unit *u, const wchar_t *flags)
{
    DWORD exitCode = 1;
    GetExitCodeProcess(u->process, &exitCode);
    CloseHandle(u->process);
    u->failed = (exitCode != 0);
    static wchar_t deps[TEXT_CHARS * 4];
    swprintf(deps, TEXT_CHARS * 4, L"%ls\n", u->source);
    char *text = ReadWholeFile(u->output, 0);
    for (char *line = text; line && *line;)
    {
        char *next = strchr(line, '\n');
        if (next) *next++ = 0;
        size_t length = strlen(line);
        if (length && line[length - 1] == '\r') line[--length] = 0;
        // NOTE: an include note is "<text>: <spaces><path>" where the text depends on cl's language;
        // a line is taken for one when what follows one of its ": " is a file that exists.
        int isNote = 0;
        for (char *colon = strstr(line, ": "); colon && !isNote; colon = strstr(colon + 1, ": "))
        {
            char *path = colon + 2;
            while (*path == ' ') ++path;
            wchar_t widePath[PATH_CHARS];
            WideFromBytes(path, -1, widePath, PATH_CHARS);
            DWORD attributes = GetFileAttributesW(widePath);
            if (*path && attributes != INVALID_FILE_ATTRIBUTES && !(attributes & FILE_ATTRIBUTE_DIRECTORY))
            {
                isNote = 1;
                if (wcslen(deps) + wcslen(widePath) + 2 < TEXT_CHARS * 4)
                {
                    wcscat(deps, widePath);
                    wcscat(deps, L"\n");
                }
            }
        }
        if (!isNote && length) printf("%s\n", line);
        line = next;
    }
    free(text);
    if (u->failed) return;
    wchar_t path[PATH_CHARS];
    HANDLE object = CreateFileW(u->object, FILE_WRITE_ATTRIBUTES, FILE_SHARE_READ, 0, OPEN_EXISTING, 0, 0);
    if (object != INVALID_HANDLE_VALUE)
    {
        SetFileTime(object, 0, 0, &u->started);
        CloseHandle(object);
    }
    swprintf(path, PATH_CHARS, L"%ls.deps", u->object);
    if (!WriteWholeFile(path, deps)) u->failed = 1;
    swprintf(path, PATH_CHARS, L"%ls.cmd", u->object);
    if (!u->failed && !WriteWholeFile(path, flags)) u->failed = 1;
}

// Sets up the prologue's unit in OBJECT_DIR and both flag sets; compiles the prologue when it is
// stale (or its .pch is gone). False when that compile failed.
static int BuildPrologue(const wchar_t *objectDir, const wchar_t *header, const wchar_t *flags)
{
    globalHasPrologue = 1;
    swprintf(globalPrologue.source, PATH_CHARS, L"%ls\\precompiled.cpp", objectDir);
    swprintf(globalPrologue.object, PATH_CHARS, L"%ls\\precompiled.obj", objectDir);
    wchar_t pch[PATH_CHARS];
    swprintf(pch, PATH_CHARS, L"%ls\\precompiled.pch", objectDir);
    swprintf(globalPrologueFlags, TEXT_CHARS, L"%ls /Yc\"%ls\" /FI\"%ls\" /Fp\"%ls\"", flags, header, header, pch);
    swprintf(globalUnitFlags, TEXT_CHARS, L"%ls /Yu\"%ls\" /FI\"%ls\" /Fp\"%ls\"", flags, header, header, pch);
    // NOTE: written only when missing: a new write time would make the prologue stale every build.
    const wchar_t *sourceText = L"// Written by game_units: the precompiled prologue's own unit (/Yc over the /FI header).\n";
    ULONGLONG time;
    if (!LastWriteTime(globalPrologue.source, &time) && !WriteWholeFile(globalPrologue.source, sourceText))
    {
        Fail("cannot write the precompiled prologue's unit in the object folder");
    }
    if (LastWriteTime(pch, &time) && !IsStale(&globalPrologue, globalPrologueFlags)) return 1;
    StartCompile(&globalPrologue, globalPrologueFlags);
    WaitForSingleObject(globalPrologue.process, INFINITE);
    FinishCompile(&globalPrologue, globalPrologueFlags);
    return !globalPrologue.failed;
}

// A unit compiles again when IsStale says so, or when the prologue it starts with is newer.
static int UnitIsStale(unit *u, const wchar_t *flags)
{
    if (IsStale(u, flags)) return 1;
    if (!globalHasPrologue) return 0;
    ULONGLONG unitTime, prologueTime;
    return !LastWriteTime(u->object, &unitTime) || !LastWriteTime(globalPrologue.object, &prologueTime) ||
           prologueTime > unitTime;
}

// Compiles the stale units, at most one per processor at a time. False when one failed.
static int CompileStaleUnits(const wchar_t *flags)
{
    SYSTEM_INFO system;
    GetSystemInfo(&system);
    int parallel = system.dwNumberOfProcessors > 0 ? (int)system.dwNumberOfProcessors : 1;
    if (parallel > MAXIMUM_WAIT_OBJECTS) parallel = MAXIMUM_WAIT_OBJECTS;
    int running[MAXIMUM_WAIT_OBJECTS], runningCount = 0, ok = 1;
    for (int index = 0; index <= globalUnitCount; ++index)
    {
        if (index < globalUnitCount && UnitIsStale(&globalUnits[index], flags))
        {
            StartCompile(&globalUnits[index], flags);
            running[runningCount++] = index;
        }
        // Wait for one when every slot is taken, for all after the last unit.
        while (runningCount == parallel || (index == globalUnitCount && runningCount > 0))
        {
            HANDLE handles[MAXIMUM_WAIT_OBJECTS];
            for (int at = 0; at < runningCount; ++at) handles[at] = globalUnits[running[at]].process;
            DWORD done = WaitForMultipleObjects((DWORD)runningCount, handles, FALSE, INFINITE) - WAIT_OBJECT_0;
            if (done >= (DWORD)runningCount) Fail("waiting for cl failed");
            unit *u = &globalUnits[running[done]];
            FinishCompile(u, flags);
            if (u->failed) ok = 0;
            running[done] = running[--runningCount];
        }
    }
    return ok;
}

// The bytes of NEEDLE (LENGTH of them) somewhere in HAYSTACK (SIZE bytes, which may hold zeros).
static int ContainsBytes(const char *haystack, DWORD size, const char *needle, size_t length)
{
    if (length == 0 || length > size) return 0;
    for (const char *at = haystack, *last = haystack + (size - length); at <= last; ++at)
    {
        at = (const char *)memchr(at, needle[0], (size_t)(last - at) + 1);
        if (!at) return 0;
        if (memcmp(at, needle, length) == 0) return 1;
    }
    return 0;
}

#define MAX_PDB_FILES 1024

// Deletes NAME_N.pdb (in the current folder; N digits only) when N < keepFrom and no file matching
// the wildcard COPIES holds its file name (as the link's /PDBALTPATH wrote it: the name alone, in
// UTF-8). The copies are read once, only when there is an old PDB to check. A PDB that cannot be
// deleted (a debugger holds it) stays until a later build. Returns how many were deleted.
static int PruneOldPdbs(const wchar_t *name, unsigned long keepFrom, const wchar_t *copies)
{
    static wchar_t candidates[MAX_PDB_FILES][MAX_PATH];
    int candidateCount = 0;
    wchar_t pattern[PATH_CHARS];
    swprintf(pattern, PATH_CHARS, L"%ls_*.pdb", name);
    size_t prefixLength = wcslen(name) + 1;
    WIN32_FIND_DATAW found;
    HANDLE search = FindFirstFileW(pattern, &found);
    if (search == INVALID_HANDLE_VALUE) return 0;
    do
    {
        // NOTE: the wildcard also matches NAME_build.pdb, NAME_x_3.pdb: only NAME_<digits>.pdb counts.
        size_t nameLength = wcslen(found.cFileName);
        if (nameLength < prefixLength + 5 || nameLength > prefixLength + 13) continue;
        const wchar_t *digits = found.cFileName + prefixLength;
        size_t digitCount = nameLength - prefixLength - 4;
        unsigned long number = 0;
        size_t at = 0;
        for (; at < digitCount && digits[at] >= L'0' && digits[at] <= L'9'; ++at) number = number * 10 + (digits[at] - L'0');
        if (at != digitCount || number >= keepFrom || candidateCount == MAX_PDB_FILES) continue;
        wcscpy(candidates[candidateCount++], found.cFileName);
    } while (FindNextFileW(search, &found));
    FindClose(search);
    if (candidateCount == 0) return 0;

    // The copies' bytes, each read once. Their folder is the wildcard's (FindFirstFile gives names).
    static char *copyBytes[MAX_PDB_FILES];
    static DWORD copySizes[MAX_PDB_FILES];
    int copyCount = 0;
    wchar_t folder[PATH_CHARS];
    wcscpy(folder, copies);
    wchar_t *slash = wcsrchr(folder, L'\\'), *other = wcsrchr(folder, L'/');
    if (other > slash) slash = other;
    if (slash) slash[1] = 0;
    else folder[0] = 0;
    search = FindFirstFileW(copies, &found);
    if (search != INVALID_HANDLE_VALUE)
    {
        do
        {
            if (found.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY || copyCount == MAX_PDB_FILES) continue;
            wchar_t path[PATH_CHARS];
            swprintf(path, PATH_CHARS, L"%ls%ls", folder, found.cFileName);
            copyBytes[copyCount] = ReadWholeFile(path, &copySizes[copyCount]);
            // NOTE: a copy that cannot be read might name any PDB: keep them all this time.
            if (!copyBytes[copyCount])
            {
                candidateCount = 0;
                break;
            }
            ++copyCount;
        } while (FindNextFileW(search, &found));
        FindClose(search);
    }

    int deleted = 0;
    for (int index = 0; index < candidateCount; ++index)
    {
        char needle[MAX_PATH * 3];
        int length = WideCharToMultiByte(CP_UTF8, 0, candidates[index], -1, needle, sizeof(needle), 0, 0) - 1;
        int named = length <= 0;
        for (int copy = 0; copy < copyCount && !named; ++copy)
        {
            named = ContainsBytes(copyBytes[copy], copySizes[copy], needle, (size_t)length);
        }
        if (!named && DeleteFileW(candidates[index])) ++deleted;
    }
    for (int copy = 0; copy < copyCount; ++copy) free(copyBytes[copy]);
    return deleted;
}

// True, with *value set, when TEXT is a whole number of 1 to 9 digits.
static int ParseCount(const wchar_t *text, unsigned long *value)
{
    size_t length = wcslen(text);
    if (length == 0 || length > 9 || wcsspn(text, L"0123456789") != length) return 0;
    *value = wcstoul(text, 0, 10);
    return 1;
}

// NOTE: main, not wmain (not every CRT links wmain's start-up): the wide arguments come from the
// command line itself.
int main(void)
{
    int argumentCount = 0;
    wchar_t **arguments = CommandLineToArgvW(GetCommandLineW(), &argumentCount);
    if (!arguments) Fail("cannot read the command line");
    if (argumentCount == 5 && wcscmp(arguments[1], L"--prune-pdbs") == 0)
    {
        unsigned long keepFrom = 0;
        if (!ParseCount(arguments[3], &keepFrom)) Fail("--prune-pdbs: KEEP_FROM must be a whole number");
        PruneOldPdbs(arguments[2], keepFrom, arguments[4]);
        return 0;
    }
    if (argumentCount != 4)
    {
        Fail("usage: game_units ENTRY OBJECT_DIR DLL (flags in GameUnitFlags, link in GameLinkKey, "
             "the precompiled header in GamePrecompiledHeader, old PDBs in GamePdbKeepFrom and GamePdbCopies), "
             "or game_units --prune-pdbs NAME KEEP_FROM COPIES");
    }
    static wchar_t flags[TEXT_CHARS], linkKey[TEXT_CHARS], header[PATH_CHARS];
    if (!GetEnvironmentVariableW(L"GameUnitFlags", flags, TEXT_CHARS)) Fail("GameUnitFlags is not set");
    if (!GetEnvironmentVariableW(L"GamePrecompiledHeader", header, PATH_CHARS)) header[0] = 0;
    if (!GetEnvironmentVariableW(L"GameLinkKey", linkKey, TEXT_CHARS)) linkKey[0] = 0;
    const wchar_t *objectDir = arguments[2], *dll = arguments[3];
    wchar_t folder[PATH_CHARS];
    wcscpy(folder, objectDir);
    for (wchar_t *at = folder; ; ++at)
    {
        wchar_t separator = *at;
        if (separator != 0 && separator != L'\\' && separator != L'/') continue;
        *at = 0;
        CreateDirectoryW(folder, 0);      // fails harmlessly when it exists
        if (!separator) break;
        *at = separator;
    }
    ReadUnits(arguments[1], objectDir);
    fflush(stdout);
    if (header[0] && !BuildPrologue(objectDir, header, flags)) return 1;
    if (!CompileStaleUnits(header[0] ? globalUnitFlags : flags)) return 1;

    // The link: needed when the DLL is missing or older than an object, or the link changed.
    static wchar_t objects[TEXT_CHARS * 4], link[TEXT_CHARS * 5];
    objects[0] = 0;
    ULONGLONG dllTime = 0, time;
    int relink = !LastWriteTime(dll, &dllTime);
    for (int index = globalHasPrologue ? -1 : 0; index < globalUnitCount; ++index)
    {
        const unit *u = index < 0 ? &globalPrologue : &globalUnits[index];
        if (!LastWriteTime(u->object, &time) || time > dllTime) relink = 1;
        // NOTE: with forward slashes, which every link reads, lld-link on a Unix host too.
        wchar_t *start = objects + wcslen(objects);
        wcscat(objects, L"\"");
        wcscat(objects, u->object);
        wcscat(objects, L"\"\n");
        for (wchar_t *at = start; *at; ++at) if (*at == L'\\') *at = L'/';
    }
    swprintf(link, TEXT_CHARS * 5, L"%ls\n%ls", linkKey, objects);
    wchar_t path[PATH_CHARS];
    swprintf(path, PATH_CHARS, L"%ls\\%ls.link", objectDir, dll);
    char *previous = ReadWholeFile(path, 0);
    static wchar_t widePrevious[TEXT_CHARS * 5];
    if (previous) WideFromBytes(previous, -1, widePrevious, TEXT_CHARS * 5);
    if (!previous || wcscmp(widePrevious, link) != 0) relink = 1;
    free(previous);
    if (!relink) return 0;
    swprintf(path, PATH_CHARS, L"%ls\\%ls.objects", objectDir, dll);
    if (!WriteWholeFile(path, objects)) Fail("cannot write the link's response file");
    swprintf(path, PATH_CHARS, L"%ls\\%ls.link.new", objectDir, dll);
    if (!WriteWholeFile(path, link)) Fail("cannot write the link stamp");
    static wchar_t keepFromText[32], copies[PATH_CHARS];
    unsigned long keepFrom = 0;
    if (GetEnvironmentVariableW(L"GamePdbKeepFrom", keepFromText, 32) && ParseCount(keepFromText, &keepFrom) &&
        GetEnvironmentVariableW(L"GamePdbCopies", copies, PATH_CHARS))
    {
        wchar_t name[PATH_CHARS];
        wcscpy(name, dll);
        size_t length = wcslen(name);
        if (length > 4 && _wcsicmp(name + length - 4, L".dll") == 0) name[length - 4] = 0;
        PruneOldPdbs(name, keepFrom, copies);
    }
    return 3;
}
