//~ Live shaders: the bodies behind win32/win32_shader_watch.h

// NOTE: a global: main thread only, and too large for win32_state's neighbours to carry around.
global win32_shader_watch globalShaderWatch;

internal void Win32StatShaderFile(win32_shader_watch *watch, win32_shader_file *file, b32 *exists, u64 *size, u64 *writeTime)
{
    char path[WIN32_PATH_BYTES];
    WIN32_FILE_ATTRIBUTE_DATA data;
    FormatText(path, sizeof(path), "%s%s", watch->folder, file->name);
    *exists = watch->folder[0] && Win32GetFileAttributesUtf8(path, &data) &&
              !(data.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY);
    *size = *exists ? (((u64)data.nFileSizeHigh << 32) | data.nFileSizeLow) : 0;
    *writeTime = *exists ? (((u64)data.ftLastWriteTime.dwHighDateTime << 32) | data.ftLastWriteTime.dwLowDateTime) : 0;
}

// Reads the file whole; false when it is gone, too large, or not the size it was seen settled at.
internal b32 Win32ReadShaderFile(win32_shader_watch *watch, win32_shader_file *file, u64 expectedSize)
{
    char path[WIN32_PATH_BYTES];
    FormatText(path, sizeof(path), "%s%s", watch->folder, file->name);
    HANDLE handle = Win32OpenFileUtf8(path, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                      OPEN_EXISTING, 0);
    if (handle == INVALID_HANDLE_VALUE) return 0;
    DWORD bytesRead = 0;
    BOOL ok = ReadFile(handle, file->text, WIN32_SHADER_FILE_BYTES - 1, &bytesRead, 0);
    CloseHandle(handle);
    if (!ok || bytesRead != expectedSize || bytesRead >= WIN32_SHADER_FILE_BYTES - 1) return 0;
    file->text[bytesRead] = 0;
    return 1;
}

internal win32_shader_file *Win32AddShaderFile(win32_shader_watch *watch, const char *name)
{
    if (watch->fileCount >= WIN32_SHADER_MAX_FILES) return 0;
    win32_shader_file *file = watch->files + watch->fileCount++;
    FormatText(file->name, sizeof(file->name), "%s", name);
    b32 exists;
    Win32StatShaderFile(watch, file, &exists, &file->seenSize, &file->seenWriteTime);
    file->seenExists = exists;
    file->onDisk = exists && Win32ReadShaderFile(watch, file, file->seenSize);
    file->pending = exists && !file->onDisk;
    file->seenAt = Win32Seconds();
    return file;
}

// opengl_shader_lookup: the settled file, else the embedded copy. A name first met here (a new
// #include) is added to the watched files.
internal const char *Win32ShaderText(void *context, const char *fileName)
{
    win32_shader_watch *watch = (win32_shader_watch *)context;
    win32_shader_file *file = 0;
    for (u32 index = 0; index < watch->fileCount && !file; ++index)
        if (strcmp(watch->files[index].name, fileName) == 0) file = watch->files + index;
    if (!file) file = Win32AddShaderFile(watch, fileName);
    if (file && file->onDisk) return file->text;
    return OpenGLEmbeddedShaderText(0, fileName);
}

// True when any file's settled contents changed (appeared, edited, or gone back to embedded).
internal b32 Win32PollShaderFileChanges(win32_shader_watch *watch)
{
    b32 changed = 0;
    f64 now = Win32Seconds();
    for (u32 index = 0; index < watch->fileCount; ++index)
    {
        win32_shader_file *file = watch->files + index;
        b32 exists;
        u64 size, writeTime;
        Win32StatShaderFile(watch, file, &exists, &size, &writeTime);
        if (exists != file->seenExists || size != file->seenSize || writeTime != file->seenWriteTime)
        {
            file->seenExists = exists;
            file->seenSize = size;
            file->seenWriteTime = writeTime;
            file->seenAt = now;
            file->pending = 1;
        }
        else if (file->pending && now - file->seenAt >= WIN32_SHADER_SETTLE_SECONDS)
        {
            if (!exists) file->onDisk = 0;
            else if (Win32ReadShaderFile(watch, file, size)) file->onDisk = 1;
            else { file->seenAt = now; continue; }     // changed under us: wait for it to settle again
            file->pending = 0;
            changed = 1;
        }
    }
    return changed;
}

internal void Win32ShowShaderError(win32_state *state, const char *error)
{
    win32_shader_watch *watch = &globalShaderWatch;
    if (watch->noticeIndex >= 0) state->notices.notices[watch->noticeIndex].secondsLeft = 0.0f;
    watch->noticeIndex = (s32)(state->notices.nextIndex % PLATFORM_MAX_NOTICES);
    Win32PostNotice(state, LogLevel_Error, "shader: %s", error);
    state->notices.notices[watch->noticeIndex].secondsLeft = 1.0e9f;     // until a later save builds
}

// Rebuilds each program whose resolved text is not the one it runs, unless that text failed before.
internal void Win32RebuildChangedPrograms(win32_state *state, s64 frameIndex)
{
    win32_shader_watch *watch = &globalShaderWatch;
    opengl_state *gl = &state->gl;
    for (u32 id = 0; id < OpenGLProgram_Count; ++id)
    {
        const char *name = openGLProgramFiles[id].name;
        u64 hash = OpenGLProgramTextHash(id, Win32ShaderText, watch);
        if (hash && (hash == gl->programTextHashes[id] || hash == watch->failedHashes[id])) continue;
        char error[1024];
        f64 start = Win32Seconds();
        if (OpenGLRebuildProgram(gl, id, Win32ShaderText, watch, error, sizeof(error)))
        {
            watch->failingPrograms &= ~(1u << id);
            Win32Log(LogLevel_Info, "shaders: program '%s' rebuilt from %s + %s in %.1f ms; drawing with it from "
                     "frame %lld at walltime %.6f", name, openGLProgramFiles[id].vertexFile,
                     openGLProgramFiles[id].fragmentFile, 1000.0 * (Win32Seconds() - start), (long long)frameIndex,
                     Win32WallClockSeconds());
            continue;
        }
        watch->failingPrograms |= 1u << id;
        watch->failedHashes[id] = hash;
        Win32Log(LogLevel_Error, "shaders: program '%s' not rebuilt, the previous one keeps drawing: %s", name, error);
        Win32ShowShaderError(state, error);
    }
    if (!watch->failingPrograms && watch->noticeIndex >= 0)
    {
        state->notices.notices[watch->noticeIndex].secondsLeft = 0.0f;
        watch->noticeIndex = -1;
    }
}

internal void Win32PollShaderFiles(win32_state *state)
{
    win32_shader_watch *watch = &globalShaderWatch;
    if (!state->haveRenderer) return;
    if (!watch->started)
    {
        watch->started = 1;
        watch->noticeIndex = -1;
        if (Win32DataDirectory()[0])
        {
            FormatText(watch->folder, sizeof(watch->folder), "%sshaders\\", Win32DataDirectory());
            if (!Win32IsDirectoryUtf8(watch->folder)) watch->folder[0] = 0;
        }
        for (u32 index = 0; index < ArrayCount(openGLEmbeddedShaders); ++index)
            Win32AddShaderFile(watch, openGLEmbeddedShaders[index].fileName);
        if (watch->folder[0]) Win32Log(LogLevel_Info, "shaders: watching '%s'", watch->folder);
        else Win32Log(LogLevel_Info, "shaders: no data/shaders/ folder; drawing with the copies embedded in the exe");
        Win32RebuildChangedPrograms(state, state->frames.frameCount);
        return;
    }
    if (Win32PollShaderFileChanges(watch)) Win32RebuildChangedPrograms(state, state->frames.frameCount);
}

internal void Win32ServeScreenshotRequest(win32_state *state)
{
    const char *path = state->options.screenshotPath;
    if (!path) return;
    char requestPath[WIN32_PATH_BYTES];
    int length = snprintf(requestPath, sizeof(requestPath), "%s.request", path);
    if (length <= 0 || length >= (int)sizeof(requestPath) || !Win32FileExists(requestPath)) return;
    if (OpenGLWriteScreenshot(&state->gl, path))
        Win32Log(LogLevel_Info, "screenshot: written on request at frame %lld", (long long)state->frames.frameCount);
    Win32DeleteFileUtf8(requestPath);
}
