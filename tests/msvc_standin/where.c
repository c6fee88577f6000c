// Stand-in where.exe (Wine 8's always succeeds, so build.bat's "is cl on PATH" check would not be
// real): `where NAME...` prints the full path of each NAME found in the current folder or on PATH
// (trying the PATHEXT extensions when NAME has none) and exits 0 when every NAME was found, 1
// otherwise. Only the plain form build.bat uses; no /R, /Q or $ENV:pattern.
#include <windows.h>
#include <stdio.h>
#include <wchar.h>

static int FileExists(const WCHAR *path)
{
    DWORD attributes = GetFileAttributesW(path);
    return attributes != INVALID_FILE_ATTRIBUTES && !(attributes & FILE_ATTRIBUTE_DIRECTORY);
}

static int FindIn(const WCHAR *folder, size_t folderLength, const WCHAR *name, const WCHAR *extensions)
{
    WCHAR candidate[4 * MAX_PATH];
    if (folderLength + wcslen(name) + 16 >= 4 * MAX_PATH) return 0;
    wmemcpy(candidate, folder, folderLength);
    size_t length = folderLength;
    if (length && candidate[length - 1] != L'\\' && candidate[length - 1] != L'/') candidate[length++] = L'\\';
    wcscpy(candidate + length, name);
    int found = 0;
    if (wcschr(name, L'.') && FileExists(candidate))
    {
        wprintf(L"%ls\n", candidate);
        found = 1;
    }
    size_t nameEnd = wcslen(candidate);
    for (const WCHAR *extension = extensions; *extension;)
    {
        const WCHAR *end = wcschr(extension, L';');
        size_t extensionLength = end ? (size_t)(end - extension) : wcslen(extension);
        if (extensionLength && nameEnd + extensionLength < 4 * MAX_PATH)
        {
            wmemcpy(candidate + nameEnd, extension, extensionLength);
            candidate[nameEnd + extensionLength] = 0;
            if (FileExists(candidate))
            {
                wprintf(L"%ls\n", candidate);
                found = 1;
            }
        }
        extension += extensionLength + (end ? 1 : 0);
    }
    return found;
}

int wmain(int argumentCount, WCHAR **arguments)
{
    static WCHAR path[32768], extensions[4096], current[4 * MAX_PATH];
    if (!GetEnvironmentVariableW(L"PATH", path, 32768)) path[0] = 0;
    if (!GetEnvironmentVariableW(L"PATHEXT", extensions, 4096)) wcscpy(extensions, L".COM;.EXE;.BAT;.CMD");
    GetCurrentDirectoryW(4 * MAX_PATH, current);
    int missing = 0, names = 0;
    for (int index = 1; index < argumentCount; ++index)
    {
        const WCHAR *name = arguments[index];
        if (name[0] == L'/') continue; // options are not supported; ignore rather than search
        ++names;
        int found = FindIn(current, wcslen(current), name, extensions);
        for (const WCHAR *folder = path; *folder;)
        {
            const WCHAR *end = wcschr(folder, L';');
            size_t folderLength = end ? (size_t)(end - folder) : wcslen(folder);
            if (folderLength) found |= FindIn(folder, folderLength, name, extensions);
            folder += folderLength + (end ? 1 : 0);
        }
        if (!found)
        {
            fwprintf(stderr, L"INFO: Could not find files for the given pattern(s).\n");
            missing = 1;
        }
    }
    return (missing || names == 0) ? 1 : 0;
}
