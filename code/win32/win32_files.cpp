//~ Win32 file services: the bodies behind win32/win32_files.h


internal b32 Win32IsFileMemory(void *memory)
{
    if (!memory || ((u64)memory & 4095) != WIN32_FILE_MEMORY_HEADER) return 0;
    MEMORY_BASIC_INFORMATION info;
    u8 *block = (u8 *)memory - WIN32_FILE_MEMORY_HEADER;
    if (!VirtualQuery(block, &info, sizeof(info)) || info.State != MEM_COMMIT || info.AllocationBase != block) return 0;
    return *(u64 *)block == WIN32_FILE_MEMORY_MAGIC;
}

internal void *Win32AllocateFileMemory(u32 size)
{
    u8 *block = (u8 *)VirtualAlloc(0, (SIZE_T)size + WIN32_FILE_MEMORY_HEADER, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!block) return 0;
    *(u64 *)block = WIN32_FILE_MEMORY_MAGIC;
    return block + WIN32_FILE_MEMORY_HEADER;
}

internal DEBUG_PLATFORM_FREE_FILE_MEMORY(Win32FreeFileMemory)
{
    if (!Win32IsFileMemory(memory)) return;
    u8 *block = (u8 *)memory - WIN32_FILE_MEMORY_HEADER;
    *(u64 *)block = 0;
    VirtualFree(block, 0, MEM_RELEASE);
}

global char globalDataDirectory[WIN32_PATH_BYTES];
internal const char *Win32DataDirectory(void) { return globalDataDirectory; }

internal b32 Win32IsAbsolutePath(const char *path)
{
    return path[0] == '\\' || path[0] == '/' || (path[0] && path[1] == ':');
}

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

// A name the game gave, resolved: absolute as it is, relative against the data folder. False when
// it does not fit (last error set).
internal b32 Win32ResolveGameFileName(const char *fileName, char *resolved, umm resolvedSize)
{
    int length = Win32IsAbsolutePath(fileName) ? snprintf(resolved, resolvedSize, "%s", fileName)
                                               : snprintf(resolved, resolvedSize, "%s%s", globalDataDirectory, fileName);
    if (length < 0 || length >= (int)resolvedSize)
    {
        SetLastError(ERROR_FILENAME_EXCED_RANGE);
        return 0;
    }
    for (char *at = resolved; *at; ++at)
        if (*at == '/') *at = '\\';
    return 1;
}

internal DEBUG_PLATFORM_READ_ENTIRE_FILE(Win32ReadEntireFile)
{
    debug_read_file_result result = {};
    char resolved[WIN32_PATH_BYTES] = "";
    HANDLE file = INVALID_HANDLE_VALUE;
    if (Win32ResolveGameFileName(fileName, resolved, sizeof(resolved)))
        file = Win32OpenFileUtf8(resolved, GENERIC_READ, FILE_SHARE_READ, OPEN_EXISTING, 0);
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
    void *contents = Win32AllocateFileMemory(size + 1);
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
    char resolved[WIN32_PATH_BYTES] = "";
    HANDLE file = INVALID_HANDLE_VALUE;
    if (Win32ResolveGameFileName(fileName, resolved, sizeof(resolved)))
        file = Win32OpenFileUtf8(resolved, GENERIC_WRITE, 0, CREATE_ALWAYS, 0);
    if (file != INVALID_HANDLE_VALUE)
    {
        DWORD written = 0;
        ok = WriteFile(file, memory, memorySize, &written, 0) && written == memorySize;
        CloseHandle(file);
    }
    if (!ok)
    {
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        Win32Log(LogLevel_Error, "file: writing '%s' failed: %s", resolved, reason);
    }
    return ok;
}

internal b32 Win32FileExists(const char *path)
{
    WIN32_FILE_ATTRIBUTE_DATA ignored;
    return Win32GetFileAttributesUtf8(path, &ignored) != 0;
}

internal win32_request_file_result Win32TakeRequestFile(const char *path, char *text, umm textSize, umm *length)
{
    *length = 0;
    if (!path[0] || !Win32FileExists(path)) return RequestFile_None;
    char taken[WIN32_PATH_BYTES + 32];
    FormatText(taken, sizeof(taken), "%s.taken", path);
    if (!Win32MoveFileUtf8(path, taken, MOVEFILE_REPLACE_EXISTING)) return RequestFile_None;
    HANDLE file = Win32OpenFileUtf8(taken, GENERIC_READ, FILE_SHARE_READ, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL);
    DWORD read = 0;
    b32 ok = file != INVALID_HANDLE_VALUE && ReadFile(file, text, (DWORD)(textSize - 1), &read, 0);
    if (file != INVALID_HANDLE_VALUE) CloseHandle(file);
    Win32DeleteFileUtf8(taken);
    if (!ok) return RequestFile_Unreadable;
    text[read] = 0;
    *length = read;
    return RequestFile_Taken;
}

internal void Win32KeepDirectory(char *path)
{
    umm length = strlen(path);
    while (length > 0 && path[length - 1] != '\\' && path[length - 1] != '/') --length;
    path[length] = 0;
}

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

internal b32 Win32FolderOfFileExists(const char *path)
{
    char folder[WIN32_PATH_BYTES];
    if (snprintf(folder, sizeof(folder), "%s", path) >= (int)sizeof(folder)) return 0;
    Win32KeepDirectory(folder);
    if (!folder[0]) return 1;
    return Win32IsDirectoryUtf8(folder);
}
