//~ Win32 development file services handed to the game through platform_api.

internal DEBUG_PLATFORM_FREE_FILE_MEMORY(Win32FreeFileMemory)
{
    if (memory) VirtualFree(memory, 0, MEM_RELEASE);
}

// data/ is found once at start-up: beside the exe, one level up (build\..\data), or in the
// current directory. Relative names the game asks for are read from there (from the current
// directory itself when none exists). Paths are UTF-8 (win32_text.cpp converts them at each call).
global char globalDataDirectory[WIN32_PATH_BYTES];

internal b32 Win32IsAbsolutePath(const char *path)
{
    return path[0] == '\\' || path[0] == '/' || (path[0] && path[1] == ':');
}

// Logs the folder found, or that there is none (then names are read from the current directory).
internal b32 Win32FindDataDirectory(const char *exeDirectory)
{
    const char *candidates[] = {"data\\", "..\\data\\", "data\\"};
    for (u32 index = 0; index < ArrayCount(candidates); ++index)
    {
        char path[WIN32_PATH_BYTES];
        const char *base = (index < 2) ? exeDirectory : "";     // the last one: the current directory
        int length = snprintf(path, sizeof(path), "%s%s", base, candidates[index]);
        if (length > 0 && length < (int)sizeof(path) && Win32IsDirectoryUtf8(path) &&
            Win32GetFullPathUtf8(path, globalDataDirectory, sizeof(globalDataDirectory)))
        {
            Win32Log(LogLevel_Info, "files: data folder '%s'", globalDataDirectory);
            return 1;
        }
    }
    globalDataDirectory[0] = 0;
    Win32Log(LogLevel_Warning, "files: no data folder (looked beside the exe in '%s', one level up, and in the "
             "current directory); assets are looked for in the current directory", exeDirectory);
    return 0;
}

internal DEBUG_PLATFORM_READ_ENTIRE_FILE(Win32ReadEntireFile)
{
    debug_read_file_result result = {};
    char resolved[WIN32_PATH_BYTES];
    int resolvedLength = Win32IsAbsolutePath(fileName) ? snprintf(resolved, sizeof(resolved), "%s", fileName)
                                                       : snprintf(resolved, sizeof(resolved), "%s%s", globalDataDirectory, fileName);
    for (char *at = resolved; *at; ++at)
        if (*at == '/') *at = '\\';
    HANDLE file = INVALID_HANDLE_VALUE;
    if (resolvedLength < 0 || resolvedLength >= (int)sizeof(resolved)) SetLastError(ERROR_FILENAME_EXCED_RANGE);
    else file = Win32OpenFileUtf8(resolved, GENERIC_READ, FILE_SHARE_READ, OPEN_EXISTING, 0);
    if (file == INVALID_HANDLE_VALUE)
    {
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        Win32Log(LogLevel_Error, "file: cannot open '%s': %s", resolved, reason);
        return result;
    }
    LARGE_INTEGER fileSize;
    if (!GetFileSizeEx(file, &fileSize) || fileSize.QuadPart > 0x7FFFFFFF)
    {
        Win32Log(LogLevel_Error, "file: '%s' is too large or its size is unreadable", fileName);
        CloseHandle(file);
        return result;
    }
    u32 size = (u32)fileSize.QuadPart;
    // NOTE: one byte more than the file, zeroed, so text formats can be parsed as C strings.
    void *contents = VirtualAlloc(0, size + 1, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    DWORD bytesRead = 0;
    if (contents && (size == 0 || (ReadFile(file, contents, size, &bytesRead, 0) && bytesRead == size)))
    {
        result.contents = contents;
        result.contentsSize = size;
    }
    else
    {
        Win32Log(LogLevel_Error, "file: reading '%s' failed (%lu of %lu bytes)", fileName,
                 (unsigned long)bytesRead, (unsigned long)size);
        Win32FreeFileMemory(contents);
    }
    CloseHandle(file);
    return result;
}

internal DEBUG_PLATFORM_WRITE_ENTIRE_FILE(Win32WriteEntireFile)
{
    b32 ok = 0;
    HANDLE file = Win32OpenFileUtf8(fileName, GENERIC_WRITE, 0, CREATE_ALWAYS, 0);
    if (file != INVALID_HANDLE_VALUE)
    {
        DWORD written = 0;
        ok = WriteFile(file, memory, memorySize, &written, 0) && written == memorySize;
        CloseHandle(file);
    }
    if (!ok) Win32Log(LogLevel_Error, "file: writing '%s' failed", fileName);
    return ok;
}

internal b32 Win32FileExists(const char *path)
{
    WIN32_FILE_ATTRIBUTE_DATA ignored;
    return Win32GetFileAttributesUtf8(path, &ignored) != 0;
}

// Cuts a path after its last separator: "C:\\a\\b.dll" becomes "C:\\a\\" ("" without one).
internal void Win32KeepDirectory(char *path)
{
    umm length = strlen(path);
    while (length > 0 && path[length - 1] != '\\' && path[length - 1] != '/') --length;
    path[length] = 0;
}

// The directory of the running exe (UTF-8), with a trailing backslash; "" if it cannot be had
// whole (the caller then works relative to the current directory).
internal void Win32GetExeDirectory(char *buffer, umm bufferSize)
{
    if (!Win32GetModulePathUtf8(0, buffer, bufferSize))
    {
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        Win32Log(LogLevel_Error, "files: the exe's own path is unusable (%s); using the current directory", reason);
        buffer[0] = 0;
    }
    Win32KeepDirectory(buffer);
}

// True when the folder a file would be written into exists ("name" alone: the current folder).
internal b32 Win32FolderOfFileExists(const char *path)
{
    char folder[WIN32_PATH_BYTES];
    if (snprintf(folder, sizeof(folder), "%s", path) >= (int)sizeof(folder)) return 0;
    Win32KeepDirectory(folder);
    if (!folder[0]) return 1;
    return Win32IsDirectoryUtf8(folder);
}
