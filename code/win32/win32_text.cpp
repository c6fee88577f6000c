//~ Text at the Win32 boundary: the bodies behind win32/win32_text.h


internal b32 Win32Utf8ToWide(const char *utf8, WCHAR *wide, umm wideUnits)
{
    text_conversion converted = Utf8ToUtf16(utf8, TEXT_ZERO_TERMINATED, (u16 *)wide, wideUnits);
    if (converted.invalid) { SetLastError(ERROR_NO_UNICODE_TRANSLATION); return 0; }
    if (converted.truncated) { SetLastError(ERROR_INSUFFICIENT_BUFFER); return 0; }
    return 1;
}

internal b32 Win32WideToUtf8(const WCHAR *wide, umm wideLength, char *utf8, umm utf8Bytes)
{
    text_conversion converted = Utf16ToUtf8((const u16 *)wide, wideLength, utf8, utf8Bytes);
    if (converted.truncated) { SetLastError(ERROR_INSUFFICIENT_BUFFER); return 0; }
    if (converted.invalid) { SetLastError(ERROR_NO_UNICODE_TRANSLATION); return 0; }
    return 1;
}

internal b32 Win32HasLongPathPrefix(const WCHAR *path)
{
    return path[0] == '\\' && path[1] == '\\' && (path[2] == '?' || path[2] == '.') && path[3] == '\\';
}

// A UTF-8 path as Windows wants it. False (last error set) when it cannot be represented exactly.
internal b32 Win32WidePath(const char *utf8, win32_wide_path *wide)
{
    text_conversion converted = Utf8ToUtf16(utf8, TEXT_ZERO_TERMINATED, (u16 *)wide->text, WIN32_WIDE_PATH_UNITS - 8);
    if (converted.invalid) { SetLastError(ERROR_NO_UNICODE_TRANSLATION); return 0; }
    if (converted.truncated) { SetLastError(ERROR_FILENAME_EXCED_RANGE); return 0; }
    if (converted.length < MAX_PATH - 12 || Win32HasLongPathPrefix(wide->text)) return 1;

    // NOTE: \\?\ turns off Windows' own path normalization, so the path must be absolute with
    // backslashes and no . or .. parts first: that is what GetFullPathNameW produces.
    WCHAR full[WIN32_WIDE_PATH_UNITS];
    DWORD fullLength = GetFullPathNameW(wide->text, WIN32_WIDE_PATH_UNITS - 8, full, 0);
    if (fullLength == 0) return 0;
    if (fullLength >= WIN32_WIDE_PATH_UNITS - 8) { SetLastError(ERROR_FILENAME_EXCED_RANGE); return 0; }
    b32 isNetworkPath = full[0] == '\\' && full[1] == '\\';
    const WCHAR *prefix = isNetworkPath ? L"\\\\?\\UNC\\" : L"\\\\?\\";
    const WCHAR *rest = isNetworkPath ? full + 2 : full;
    umm at = 0;
    for (; *prefix; ++prefix) wide->text[at++] = *prefix;
    for (; *rest; ++rest) wide->text[at++] = *rest;
    wide->text[at] = 0;
    return 1;
}

internal HANDLE Win32OpenFileUtf8(const char *path, DWORD access, DWORD share, DWORD disposition, DWORD attributes)
{
    win32_wide_path wide;
    if (!Win32WidePath(path, &wide)) return INVALID_HANDLE_VALUE;
    return CreateFileW(wide.text, access, share, 0, disposition, attributes, 0);
}

internal BOOL Win32GetFileAttributesUtf8(const char *path, WIN32_FILE_ATTRIBUTE_DATA *data)
{
    win32_wide_path wide;
    if (!Win32WidePath(path, &wide)) return FALSE;
    return GetFileAttributesExW(wide.text, GetFileExInfoStandard, data);
}

internal b32 Win32IsDirectoryUtf8(const char *path)
{
    WIN32_FILE_ATTRIBUTE_DATA data;
    return Win32GetFileAttributesUtf8(path, &data) && (data.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY);
}

internal BOOL Win32DeleteFileUtf8(const char *path)
{
    win32_wide_path wide;
    if (!Win32WidePath(path, &wide)) return FALSE;
    return DeleteFileW(wide.text);
}

internal BOOL Win32CopyFileUtf8(const char *from, const char *to, BOOL failIfExists)
{
    win32_wide_path wideFrom, wideTo;
    if (!Win32WidePath(from, &wideFrom) || !Win32WidePath(to, &wideTo)) return FALSE;
    return CopyFileW(wideFrom.text, wideTo.text, failIfExists);
}

internal BOOL Win32MoveFileUtf8(const char *from, const char *to, DWORD flags)
{
    win32_wide_path wideFrom, wideTo;
    if (!Win32WidePath(from, &wideFrom) || !Win32WidePath(to, &wideTo)) return FALSE;
    return MoveFileExW(wideFrom.text, wideTo.text, flags);
}

internal HMODULE Win32LoadLibraryUtf8(const char *path)
{
    win32_wide_path wide;
    if (!Win32WidePath(path, &wide)) return 0;
    return LoadLibraryExW(wide.text, 0, LOAD_WITH_ALTERED_SEARCH_PATH);
}

internal b32 Win32GetFullPathUtf8(const char *path, char *fullPath, umm fullPathBytes)
{
    win32_wide_path wide;
    text_conversion converted = Utf8ToUtf16(path, TEXT_ZERO_TERMINATED, (u16 *)wide.text, WIN32_WIDE_PATH_UNITS);
    if (converted.invalid) { SetLastError(ERROR_NO_UNICODE_TRANSLATION); return 0; }
    if (converted.truncated) { SetLastError(ERROR_FILENAME_EXCED_RANGE); return 0; }
    WCHAR full[WIN32_WIDE_PATH_UNITS];
    DWORD length = GetFullPathNameW(wide.text, WIN32_WIDE_PATH_UNITS, full, 0);
    if (length == 0) return 0;
    if (length >= WIN32_WIDE_PATH_UNITS) { SetLastError(ERROR_FILENAME_EXCED_RANGE); return 0; }
    return Win32WideToUtf8(full, length, fullPath, fullPathBytes);
}

internal b32 Win32GetModulePathUtf8(HMODULE module, char *path, umm pathBytes)
{
    WCHAR wide[WIN32_WIDE_PATH_UNITS];
    DWORD length = GetModuleFileNameW(module, wide, WIN32_WIDE_PATH_UNITS);
    if (length == 0) return 0;
    if (length >= WIN32_WIDE_PATH_UNITS) { SetLastError(ERROR_FILENAME_EXCED_RANGE); return 0; }
    return Win32WideToUtf8(wide, length, path, pathBytes);
}

internal b32 Win32FindFirstUtf8(const char *pattern, win32_file_search *search)
{
    win32_wide_path wide;
    search->handle = INVALID_HANDLE_VALUE;
    if (!Win32WidePath(pattern, &wide)) return 0;
    search->handle = FindFirstFileW(wide.text, &search->found);
    if (search->handle == INVALID_HANDLE_VALUE) return 0;
    if (!Win32WideToUtf8(search->found.cFileName, TEXT_ZERO_TERMINATED, search->name, sizeof(search->name)))
        search->name[0] = 0;
    return 1;
}

internal b32 Win32FindNextUtf8(win32_file_search *search)
{
    if (!FindNextFileW(search->handle, &search->found)) return 0;
    if (!Win32WideToUtf8(search->found.cFileName, TEXT_ZERO_TERMINATED, search->name, sizeof(search->name)))
        search->name[0] = 0;
    return 1;
}

internal void Win32FindClose(win32_file_search *search)
{
    if (search->handle != INVALID_HANDLE_VALUE) FindClose(search->handle);
    search->handle = INVALID_HANDLE_VALUE;
}

internal int Win32MessageBoxUtf8(const char *text, const char *caption, UINT flags)
{
    WCHAR wideText[2048];
    WCHAR wideCaption[256];
    if (!Win32Utf8ToWide(caption, wideCaption, ArrayCount(wideCaption))) return 0;
    text_conversion converted = Utf8ToUtf16(text, TEXT_ZERO_TERMINATED, (u16 *)wideText, ArrayCount(wideText));
    (void)converted;    // NOTE: a message cut short (or with a U+FFFD) still tells the user something
    return MessageBoxW(0, wideText, wideCaption, flags);
}

internal void Win32DebugOutputUtf8(const char *text)
{
    WCHAR wide[2304];
    Utf8ToUtf16(text, TEXT_ZERO_TERMINATED, (u16 *)wide, ArrayCount(wide));
    OutputDebugStringW(wide);
}

global b32 globalCommandLineIsAnsi;
internal void Win32NoteAnsiCommandLine(void) { globalCommandLineIsAnsi = 1; }
internal b32 Win32CommandLineIsAnsi(void) { return globalCommandLineIsAnsi; }

internal b32 Win32GetUtf8CommandLine(int *argc, char ***argv)
{
    // NOTE: shell32 is loaded at run time so neither build script needs another import library.
    HMODULE shell = LoadLibraryW(L"shell32.dll");
    command_line_to_argv_w *split = shell ? (command_line_to_argv_w *)(void *)GetProcAddress(shell, "CommandLineToArgvW") : 0;
    int count = 0;
    LPWSTR *wideArgs = split ? split(GetCommandLineW(), &count) : 0;
    if (!wideArgs) return 0;

    umm textBytes = 0;
    for (int index = 0; index < count; ++index)
        textBytes += Utf16ToUtf8((const u16 *)wideArgs[index], TEXT_ZERO_TERMINATED, 0, 0).needed + 1;
    umm pointerBytes = sizeof(char *) * (umm)(count + 1);
    u8 *memory = (u8 *)VirtualAlloc(0, pointerBytes + textBytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!memory)
    {
        LocalFree(wideArgs);
        return 0;
    }
    char **args = (char **)memory;
    char *text = (char *)(memory + pointerBytes);
    char *textEnd = text + textBytes;
    for (int index = 0; index < count; ++index)
    {
        args[index] = text;
        // NOTE: an unpaired surrogate (not typeable, but possible) becomes U+FFFD; the file it
        // names then cannot be found, which the engine reports like any missing file.
        text_conversion converted = Utf16ToUtf8((const u16 *)wideArgs[index], TEXT_ZERO_TERMINATED, text,
                                                (umm)(textEnd - text));
        text += converted.length + 1;
    }
    args[count] = 0;
    LocalFree(wideArgs);
    *argc = count;
    *argv = args;
    return 1;
}

internal const char *Win32FileNamePart(const char *path)
{
    const char *name = path;
    for (const char *at = path; *at; ++at)
        if (*at == '\\' || *at == '/') name = at + 1;
    return name;
}
