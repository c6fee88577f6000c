#ifndef WIN32_FILES_H
#define WIN32_FILES_H
//~ Win32 development file services handed to the game through platform_api.
// Tested by: tests/suites/suite_unicode_paths.sh, tests/suites/suite_bad_assets.sh, tests/suites/suite_misuse_games.sh

// NOTE: every block DEBUGReadEntireFile hands out starts WIN32_FILE_MEMORY_HEADER bytes into its
// own allocation, behind a header with a magic number: a free can then tell memory it handed out
// from anything else (game memory, a block freed already) with one VirtualQuery and no table.
#define WIN32_FILE_MEMORY_HEADER 16
#define WIN32_FILE_MEMORY_MAGIC 0x59524F4D454C4946ull   // "FILEMORY"

// True for a block Win32ReadEntireFile handed out and that was not freed (its header's magic).
internal b32 Win32IsFileMemory(void *memory);
// Frees only what Win32AllocateFileMemory handed out (anything else is left alone; the checked
// service in win32_service_checks.cpp logs such a call with the game's call site).
internal DEBUG_PLATFORM_FREE_FILE_MEMORY(Win32FreeFileMemory);
// data/ is found once at start-up: beside the exe, one level up (build\..\data), or in the
// current directory. Relative names the game reads or writes resolve against it (against the
// current directory itself when none exists): the same folder for both, so a file written is found
// again by the same name. Paths are UTF-8 (win32_text.cpp converts them at each call).
internal const char *Win32DataDirectory(void);

// Logs the folder found, or that there is none (then names are read from the current directory).
internal b32 Win32FindDataDirectory(const char *exeDirectory);
// platform_api.DEBUGReadEntireFile: a relative name resolves against the data folder; any thread.
internal DEBUG_PLATFORM_READ_ENTIRE_FILE(Win32ReadEntireFile);
// platform_api.DEBUGWriteEntireFile: a relative name resolves against the data folder, like a read;
// a failure is logged with the reason. Any thread.
internal DEBUG_PLATFORM_WRITE_ENTIRE_FILE(Win32WriteEntireFile);
internal b32 Win32FileExists(const char *path);

enum win32_request_file_result
{
    RequestFile_None,           // no file there, or a writer still holds it (tried again next time)
    RequestFile_Taken,          // text holds its contents, zero-terminated
    RequestFile_Unreadable,     // it was taken (and deleted) but could not be read
};
// A request file a script drops beside the game DLL (tune.request, timeline.request), taken by a
// rename first: a writer that still has it open makes the rename fail, and a new request written
// meanwhile is never deleted unread. Its text (at most textSize - 1 bytes) into text. Main thread.
internal win32_request_file_result Win32TakeRequestFile(const char *path, char *text, umm textSize, umm *length);
// Cuts a path after its last separator: "C:\\a\\b.dll" becomes "C:\\a\\" ("" without one).
internal void Win32KeepDirectory(char *path);
// The directory of the running exe (UTF-8), with a trailing backslash; "" if it cannot be had
// whole (the caller then works relative to the current directory).
internal void Win32GetExeDirectory(char *buffer, umm bufferSize);
// True when the folder a file would be written into exists ("name" alone: the current folder).
internal b32 Win32FolderOfFileExists(const char *path);

#endif  // WIN32_FILES_H
