#ifndef WIN32_SHADER_WATCH_H
#define WIN32_SHADER_WATCH_H
//~ Live shaders: the files under data/shaders/ are polled once a frame, on the main thread right
// before drawing (the GL context's thread), like game.dll. A changed file is read only once its
// size and write time have stayed the same for WIN32_SHADER_SETTLE_SECONDS (a file being written in
// pieces is retried, never used half-way); then every program whose resolved text changed is
// rebuilt. Success swaps the new program in for this frame's drawing; failure keeps the old
// program drawing and logs the driver's message with our file and line, also shown on screen until
// a later save builds. A file missing on disk (or no data/shaders/ at all) is read from the copy
// embedded in the exe.
// Tested by: tests/suites/suite_live_shaders.sh

#define WIN32_SHADER_MAX_FILES 16
#define WIN32_SHADER_FILE_BYTES 32768
#define WIN32_SHADER_SETTLE_SECONDS 0.03

struct win32_shader_file
{
    char name[48];
    b32 onDisk;                 // text holds the file's settled contents
    b32 pending;                // seen changed; read once it has settled
    b32 seenExists;
    u64 seenSize;
    u64 seenWriteTime;
    f64 seenAt;
    char text[WIN32_SHADER_FILE_BYTES];
};

struct win32_shader_watch
{
    b32 started;
    char folder[WIN32_PATH_BYTES];          // data/shaders/ with a trailing separator, or empty
    win32_shader_file files[WIN32_SHADER_MAX_FILES];
    u32 fileCount;
    u32 failingPrograms;                    // bit per program whose latest text did not build
    u64 failedHashes[OpenGLProgram_Count];  // not retried until their text changes again
    s32 noticeIndex;                        // our on-screen error notice, -1 when none
};

// Main thread, before drawing each frame: start watching (first call), then apply settled changes.
internal void Win32PollShaderFiles(win32_state *state);
//~ Screenshots on request: with --screenshot PATH, a file PATH.request makes the engine write the
// frame it just drew to PATH and delete the request (scripts watching a live edit take pictures
// mid-run this way; the screenshot at exit is unchanged).
internal void Win32ServeScreenshotRequest(win32_state *state);

#endif  // WIN32_SHADER_WATCH_H
