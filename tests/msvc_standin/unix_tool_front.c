// Windows-side front-end of the MSVC stand-in (test machinery only, never used by build.bat itself):
// installed as cl.exe and link.exe, it runs the Unix script of the same name beside it
// (cl.sh, link.sh) with this process's arguments and working directory, and exits with that
// script's exit code. Wine's cmd can start a Unix program directly, but then loses its exit code
// and cannot wait for it; here the script writes its exit code to a file this exe waits for.
// The tool's stdout and stderr both come back on this exe's stdout (cl.exe prints its diagnostics
// to stdout), so `cl ... >file` in a batch file captures them as it would on Windows.
// Built by MinGW: x86_64-w64-mingw32-gcc -municode -O2 unix_tool_front.c -o cl.exe -lshell32
#include <windows.h>
#include <shellapi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef char *wine_get_unix_file_name_function(const WCHAR *dosPath);
typedef WCHAR *wine_get_dos_file_name_function(const char *unixPath);
static wine_get_unix_file_name_function *GetUnixFileName;
static wine_get_dos_file_name_function *GetDosFileName;

static void Die(const char *message)
{
    fprintf(stderr, "msvc stand-in front-end: %s\n", message);
    fflush(stderr);
    ExitProcess(2);
}

static char *Utf8FromWide(const WCHAR *text)
{
    int size = WideCharToMultiByte(CP_UTF8, 0, text, -1, 0, 0, 0, 0);
    char *result = (char *)malloc(size);
    WideCharToMultiByte(CP_UTF8, 0, text, -1, result, size, 0, 0);
    return result;
}

// Writes one argument as a single-quoted shell word.
static void WriteShellWord(FILE *file, const char *word)
{
    fputc('\'', file);
    for (const char *at = word; *at; ++at)
    {
        if (*at == '\'') fputs("'\\''", file);
        else fputc(*at, file);
    }
    fputc('\'', file);
}

// A Windows argument as the Unix tool needs it: a drive-absolute path (at the start, or after an
// option prefix such as /Fe or /out:) becomes the Unix path Wine maps it to; every other
// backslash becomes a slash.
static char *UnixArgument(const WCHAR *argument)
{
    size_t length = wcslen(argument);
    for (size_t at = 0; at + 2 < length; ++at)
    {
        WCHAR letter = argument[at];
        int isDrive = ((letter >= 'A' && letter <= 'Z') || (letter >= 'a' && letter <= 'z')) &&
                      argument[at + 1] == ':' && (argument[at + 2] == '\\' || argument[at + 2] == '/');
        int atOptionValue = (at == 0) || argument[0] == '/' || argument[0] == '-';
        if (isDrive && atOptionValue)
        {
            char *unixPath = GetUnixFileName(argument + at);
            if (!unixPath) break;
            WCHAR *prefixWide = (WCHAR *)calloc(at + 1, sizeof(WCHAR));
            memcpy(prefixWide, argument, at * sizeof(WCHAR));
            char *prefix = Utf8FromWide(prefixWide);
            // NOTE: a path standing alone is written /./path: clang-cl and lld-link would read
            // /path as an option (/work/x.cpp is /w with "ork/x.cpp").
            const char *separator = (at == 0) ? "/." : "";
            char *result = (char *)malloc(strlen(prefix) + strlen(separator) + strlen(unixPath) + 1);
            strcpy(result, prefix);
            strcat(result, separator);
            strcat(result, unixPath);
            return result;
        }
    }
    char *result = Utf8FromWide(argument);
    for (char *at = result; *at; ++at)
    {
        if (*at == '\\') *at = '/';
    }
    return result;
}

static char *UnixPathOf(const WCHAR *dosPath)
{
    char *result = GetUnixFileName(dosPath);
    if (!result) Die("a path has no Unix name");
    return result;
}

static void CopyFileToStdout(const WCHAR *path)
{
    HANDLE file = CreateFileW(path, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_DELETE, 0, OPEN_EXISTING, 0, 0);
    if (file == INVALID_HANDLE_VALUE) return;
    HANDLE out = GetStdHandle(STD_OUTPUT_HANDLE);
    char buffer[16384];
    DWORD got = 0, written = 0;
    while (ReadFile(file, buffer, sizeof(buffer), &got, 0) && got)
    {
        WriteFile(out, buffer, got, &written, 0);
    }
    CloseHandle(file);
}

int wmain(void)
{
    HMODULE kernel32 = GetModuleHandleW(L"kernel32.dll");
    GetUnixFileName = (wine_get_unix_file_name_function *)(void *)GetProcAddress(kernel32, "wine_get_unix_file_name");
    GetDosFileName = (wine_get_dos_file_name_function *)(void *)GetProcAddress(kernel32, "wine_get_dos_file_name");
    if (!GetUnixFileName || !GetDosFileName) Die("needs Wine (wine_get_unix_file_name)");

    // The script beside this exe: <dir>\cl.exe runs <dir>/cl.sh.
    WCHAR selfPath[MAX_PATH * 4];
    DWORD selfLength = GetModuleFileNameW(0, selfPath, MAX_PATH * 4);
    if (selfLength < 5) Die("no module name");
    wcscpy(selfPath + selfLength - 4, L".sh");
    char *scriptPath = UnixPathOf(selfPath);

    WCHAR currentDir[MAX_PATH * 4];
    GetCurrentDirectoryW(MAX_PATH * 4, currentDir);
    char *unixCurrentDir = UnixPathOf(currentDir);

    // Job files in the Windows temp folder, unique per process.
    WCHAR tempDir[MAX_PATH * 4];
    GetTempPathW(MAX_PATH * 4, tempDir);
    WCHAR jobBase[MAX_PATH * 4];
    swprintf(jobBase, MAX_PATH * 4, L"%lsmsvc_standin_%lu_%lu", tempDir, GetCurrentProcessId(), GetTickCount());
    WCHAR jobScript[MAX_PATH * 4], outputPath[MAX_PATH * 4], exitPath[MAX_PATH * 4];
    swprintf(jobScript, MAX_PATH * 4, L"%ls.sh", jobBase);
    swprintf(outputPath, MAX_PATH * 4, L"%ls.out", jobBase);
    swprintf(exitPath, MAX_PATH * 4, L"%ls.exit", jobBase);

    FILE *job = _wfopen(jobScript, L"wb");
    if (!job) Die("cannot write the job script");
    char *unixOutput = UnixPathOf(outputPath);
    char *unixExit = UnixPathOf(exitPath);
    fputs("cd ", job); WriteShellWord(job, unixCurrentDir); fputs(" || exit 1\n", job);
    fputs("/bin/sh ", job); WriteShellWord(job, scriptPath);
    int argumentCount = 0;
    WCHAR **arguments = CommandLineToArgvW(GetCommandLineW(), &argumentCount);
    for (int index = 1; index < argumentCount; ++index)
    {
        fputc(' ', job);
        WriteShellWord(job, UnixArgument(arguments[index]));
    }
    fputs(" >", job); WriteShellWord(job, unixOutput); fputs(" 2>&1\n", job);
    fputs("echo $? >", job); WriteShellWord(job, unixExit); fputs(".tmp\n", job);
    fputs("mv -f ", job); WriteShellWord(job, unixExit); fputs(".tmp ", job); WriteShellWord(job, unixExit); fputc('\n', job);
    fclose(job);

    // Start /bin/sh (an ELF file: Wine runs it as a Unix process) on the job script.
    WCHAR *shell = GetDosFileName("/bin/sh");
    if (!shell) Die("no /bin/sh");
    WCHAR commandLine[MAX_PATH * 8];
    WCHAR *jobScriptForShell = (WCHAR *)calloc(MAX_PATH * 4, sizeof(WCHAR));
    MultiByteToWideChar(CP_UTF8, 0, UnixPathOf(jobScript), -1, jobScriptForShell, MAX_PATH * 4);
    swprintf(commandLine, MAX_PATH * 8, L"\"%ls\" \"%ls\"", shell, jobScriptForShell);
    STARTUPINFOW startup = {0};
    startup.cb = sizeof(startup);
    PROCESS_INFORMATION process = {0};
    if (!CreateProcessW(shell, commandLine, 0, 0, FALSE, 0, 0, 0, &startup, &process)) Die("cannot start /bin/sh");

    // NOTE: the process handle of a Unix child is never signalled under Wine: wait for the file.
    DWORD waitedMs = 0;
    const DWORD limitMs = 30 * 60 * 1000;
    while (GetFileAttributesW(exitPath) == INVALID_FILE_ATTRIBUTES)
    {
        Sleep(5);
        waitedMs += 5;
        if (waitedMs > limitMs) Die("the Unix tool did not finish within 30 minutes");
    }
    int exitCode = 1;
    FILE *exitFile = _wfopen(exitPath, L"rb");
    if (exitFile)
    {
        if (fscanf(exitFile, "%d", &exitCode) != 1) exitCode = 1;
        fclose(exitFile);
    }
    CopyFileToStdout(outputPath);
    DeleteFileW(outputPath);
    DeleteFileW(exitPath);
    DeleteFileW(jobScript);
    return exitCode;
}
