//~ Writing a tunable back to the line that declares it (win32/win32_tunables.h). The text work is
// platform/platform_tune_source.h's; this reads and replaces the file.

// The file __FILE__ names, as this process can open it: the path as compiled (a Windows path
// from cl; relative ones against the DLL's folder, where build.bat runs the compiler), else a
// Linux absolute path from MinGW under Wine mapped to Wine's Z: drive ("/a/b" -> "Z:\a\b").
internal b32 Win32ResolveTunableFile(win32_tunables *tunables, const char *file, char *resolved, umm resolvedSize)
{
    b32 absolute = (file[0] && file[1] == ':') || file[0] == '\\' || file[0] == '/';
    if (absolute) FormatText(resolved, resolvedSize, "%s", file);
    else FormatText(resolved, resolvedSize, "%s%s", tunables->dllDirectory, file);
    if (Win32FileExists(resolved)) return 1;
    if (file[0] != '/') return 0;
    FormatText(resolved, resolvedSize, "Z:%s", file);
    for (char *at = resolved; *at; ++at) if (*at == '/') *at = '\\';
    return Win32FileExists(resolved);
}

// The whole file into buffer (at most capacity bytes). False when it cannot be read or is larger.
internal b32 Win32ReadTunableFile(const char *path, char *buffer, umm capacity, umm *size)
{
    HANDLE file = Win32OpenFileUtf8(path, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL);
    if (file == INVALID_HANDLE_VALUE) return 0;
    LARGE_INTEGER fileSize;
    DWORD read = 0;
    b32 ok = GetFileSizeEx(file, &fileSize) && (u64)fileSize.QuadPart <= capacity &&
             ReadFile(file, buffer, (DWORD)fileSize.QuadPart, &read, 0) && read == (DWORD)fileSize.QuadPart;
    CloseHandle(file);
    *size = read;
    return ok;
}

// The new text to PATH.tune.tmp beside it, then renamed over PATH: a reader (the compiler, an
// editor) sees the old file or the new one, never half of one.
internal b32 Win32ReplaceFileAtomically(const char *path, const char *text, umm size, char *error, umm errorSize)
{
    char temporary[WIN32_PATH_BYTES + 16];
    FormatText(temporary, sizeof(temporary), "%s.tune.tmp", path);
    HANDLE file = Win32OpenFileUtf8(temporary, GENERIC_WRITE, 0, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL);
    DWORD written = 0;
    b32 ok = file != INVALID_HANDLE_VALUE && WriteFile(file, text, (DWORD)size, &written, 0) && written == size;
    if (file != INVALID_HANDLE_VALUE) ok = CloseHandle(file) && ok;
    ok = ok && Win32MoveFileUtf8(temporary, path, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH);
    if (!ok)
    {
        Win32ErrorText(GetLastError(), error, (DWORD)errorSize);
        Win32DeleteFileUtf8(temporary);
    }
    return ok;
}

internal void Win32WriteTunableBack(win32_tunables *tunables, u32 index)
{
    win32_tunable *entry = &tunables->entries[index];
    local_persist char source[WIN32_TUNE_MAX_SOURCE_BYTES];
    local_persist char rewritten[WIN32_TUNE_MAX_SOURCE_BYTES + 4096];
    char path[WIN32_PATH_BYTES];
    umm size = 0;
    if (!Win32ResolveTunableFile(tunables, entry->file, path, sizeof(path)) ||
        !Win32ReadTunableFile(path, source, sizeof(source), &size))
    {
        Win32Log(LogLevel_Warning, "tune: %s not written back: its source '%s' cannot be read (the value stays live)",
                 entry->name, entry->file);
        return;
    }
    // Re-read fresh every time: the file may have been edited since the build. The line must still
    // hold what the engine last knew there (its last write-back, or what this build compiled).
    tune_rewrite result = RewriteTuneSource(source, size, entry->name, entry->type, entry->sourceValue, entry->live,
                                            rewritten, sizeof(rewritten));
    if (result.status == TuneRewrite_Changed && !TuneValuesEqual(entry->type, entry->sourceValue, entry->compiled))
    {
        // A build compiled before the last write-back may run meanwhile: its own value is fine too.
        tune_rewrite again = RewriteTuneSource(source, size, entry->name, entry->type, entry->compiled, entry->live,
                                               rewritten, sizeof(rewritten));
        if (again.status == TuneRewrite_Done) result = again;
    }
    char error[160] = "";
    if (result.status == TuneRewrite_Done && !Win32ReplaceFileAtomically(path, rewritten, result.outSize, error, sizeof(error)))
        FormatText(result.reason, sizeof(result.reason), "writing failed: %s", error);
    else if (result.status == TuneRewrite_Done)
    {
        memcpy(entry->sourceValue, entry->live, sizeof(entry->sourceValue));
        entry->line = result.line;
        Win32Log(LogLevel_Info, "tune: %s written back to %s:%u", entry->name, path, result.line);
        return;
    }
    Win32Log(LogLevel_Warning, "tune: %s not written back to %s: %s; the file is left as it is (the value stays live)",
             entry->name, path, result.reason);
}
