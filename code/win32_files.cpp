//~ Win32 development file services handed to the game through platform_api.

internal DEBUG_PLATFORM_FREE_FILE_MEMORY(Win32FreeFileMemory)
{
    if (memory) VirtualFree(memory, 0, MEM_RELEASE);
}

// data/ is found once at start-up: beside the exe, one level up (build\..\data), or in the
// current directory. Relative names the game asks for are read from there.
global char globalDataDirectory[MAX_PATH];

internal b32 Win32IsAbsolutePath(const char *path)
{
    return path[0] == '\\' || path[0] == '/' || (path[0] && path[1] == ':');
}

internal void Win32FindDataDirectory(const char *exeDirectory)
{
    const char *candidates[] = {"data\\", "..\\data\\"};
    for (u32 index = 0; index < ArrayCount(candidates); ++index)
    {
        char path[MAX_PATH];
        snprintf(path, sizeof(path), "%s%s", exeDirectory, candidates[index]);
        DWORD attributes = GetFileAttributesA(path);
        if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY))
        {
            GetFullPathNameA(path, MAX_PATH, globalDataDirectory, 0);
            return;
        }
    }
    snprintf(globalDataDirectory, sizeof(globalDataDirectory), "data\\");
}

internal DEBUG_PLATFORM_READ_ENTIRE_FILE(Win32ReadEntireFile)
{
    debug_read_file_result result = {};
    char resolved[MAX_PATH * 2];
    if (Win32IsAbsolutePath(fileName)) snprintf(resolved, sizeof(resolved), "%s", fileName);
    else snprintf(resolved, sizeof(resolved), "%s%s", globalDataDirectory, fileName);
    for (char *at = resolved; *at; ++at)
        if (*at == '/') *at = '\\';
    HANDLE file = CreateFileA(resolved, GENERIC_READ, FILE_SHARE_READ, 0, OPEN_EXISTING, 0, 0);
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
    HANDLE file = CreateFileA(fileName, GENERIC_WRITE, 0, 0, CREATE_ALWAYS, 0, 0);
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
    return GetFileAttributesExA(path, GetFileExInfoStandard, &ignored) != 0;
}

// Cuts a path after its last separator: "C:\\a\\b.dll" becomes "C:\\a\\" ("" without one).
internal void Win32KeepDirectory(char *path)
{
    umm length = strlen(path);
    while (length > 0 && path[length - 1] != '\\' && path[length - 1] != '/') --length;
    path[length] = 0;
}

// The directory of the running exe, with a trailing backslash.
internal void Win32GetExeDirectory(char *buffer, DWORD bufferSize)
{
    DWORD length = GetModuleFileNameA(0, buffer, bufferSize);
    buffer[Minimum(length, bufferSize - 1)] = 0;
    Win32KeepDirectory(buffer);
}
