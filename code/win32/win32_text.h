#ifndef WIN32_TEXT_H
#define WIN32_TEXT_H
//~ Text at the Win32 boundary: UTF-8 inside, UTF-16 only at the ...W call.
//
// Every path or text the platform hands to Windows goes through one of these wrappers; none of
// it passes through an ...A function or the ANSI code page. Conversions use stack buffers (no
// allocation). A path whose UTF-8 is malformed fails with ERROR_NO_UNICODE_TRANSLATION, one longer
// than WIN32_PATH_BYTES bytes with ERROR_FILENAME_EXCED_RANGE: it is refused, never truncated
// into a different path. A path of MAX_PATH - 12 characters or more (the limit for a folder) is
// made absolute and given the \\?\ prefix, so the MAX_PATH limit does not apply to it. Wrappers
// set the last error exactly like the Win32 call they stand for, so callers report failures as
// before.
// Tested by: tests/suites/suite_unicode_paths.sh (plus tests/unit/test_unicode.cpp)

#include "base/base_unicode.h"
// UTF-8 path buffers inside the platform. MAX_PATH (260 bytes) held only ~86 CJK characters.
#define WIN32_PATH_BYTES 2048
// Enough UTF-16 units for any path of WIN32_PATH_BYTES UTF-8 bytes (never more units than bytes)
// plus the \\?\UNC\ prefix.
#define WIN32_WIDE_PATH_UNITS (WIN32_PATH_BYTES + 8)

struct win32_wide_path
{
    WCHAR text[WIN32_WIDE_PATH_UNITS];
};

// Text (not a path) to UTF-16. False, with the last error set, when it is malformed or too long.
internal b32 Win32Utf8ToWide(const char *utf8, WCHAR *wide, umm wideUnits);
// UTF-16 from Windows to UTF-8. False (last error set) when it does not fit; an unpaired surrogate
// (Windows allows them in file names) becomes U+FFFD and is reported with ERROR_NO_UNICODE_TRANSLATION.
internal b32 Win32WideToUtf8(const WCHAR *wide, umm wideLength, char *utf8, umm utf8Bytes);
//~ File system, by UTF-8 path
internal HANDLE Win32OpenFileUtf8(const char *path, DWORD access, DWORD share, DWORD disposition, DWORD attributes);
internal BOOL Win32GetFileAttributesUtf8(const char *path, WIN32_FILE_ATTRIBUTE_DATA *data);
internal b32 Win32IsDirectoryUtf8(const char *path);
internal BOOL Win32DeleteFileUtf8(const char *path);
internal BOOL Win32CopyFileUtf8(const char *from, const char *to, BOOL failIfExists);
// MoveFileExW by UTF-8 paths (flags: MOVEFILE_REPLACE_EXISTING and the like).
internal BOOL Win32MoveFileUtf8(const char *from, const char *to, DWORD flags);
// Loads a DLL by full path; its own dependencies are searched beside it first.
internal HMODULE Win32LoadLibraryUtf8(const char *path);
// The absolute form of a UTF-8 path, in UTF-8 (without any \\?\ prefix).
// The file name part of a path (after the last '\\' or '/'), pointing into path.
internal const char *Win32FileNamePart(const char *path);
internal b32 Win32GetFullPathUtf8(const char *path, char *fullPath, umm fullPathBytes);
// The full path of a loaded module (0: the exe), in UTF-8.
internal b32 Win32GetModulePathUtf8(HMODULE module, char *path, umm pathBytes);
// Directory listing by UTF-8 pattern; `name` is the current entry's file name in UTF-8.
struct win32_file_search
{
    HANDLE handle;
    WIN32_FIND_DATAW found;
    char name[WIN32_PATH_BYTES];
};

internal b32 Win32FindFirstUtf8(const char *pattern, win32_file_search *search);
internal b32 Win32FindNextUtf8(win32_file_search *search);
internal void Win32FindClose(win32_file_search *search);
//~ Text for people
// A message box from UTF-8 text. Returns what MessageBoxW returns (0 when the text is malformed).
internal int Win32MessageBoxUtf8(const char *text, const char *caption, UINT flags);
// One log line to an attached debugger, as UTF-16 so non-ASCII paths read correctly there.
internal void Win32DebugOutputUtf8(const char *text);
//~ Command line
// The command line as UTF-8 argv, from GetCommandLineW (split by CommandLineToArgvW), so a path
// argument reaches the options parser exactly as the user typed it. The strings live in memory
// of their own for the whole run. False only if shell32 cannot be loaded: the caller then keeps
// the CRT's ANSI argv and calls Win32NoteAnsiCommandLine, which Win32InitLog then reports.
internal void Win32NoteAnsiCommandLine(void);
internal b32 Win32CommandLineIsAnsi(void);

typedef LPWSTR *WINAPI command_line_to_argv_w(LPCWSTR commandLine, int *argc);

// WinMain, before anything else runs (the CRT's argv is used when this fails; see above).
internal b32 Win32GetUtf8CommandLine(int *argc, char ***argv);

#endif  // WIN32_TEXT_H
