#ifndef WIN32_OPENGL_H
#define WIN32_OPENGL_H
// The WGL side of OpenGL: a dummy window/context to reach the WGL extensions, the sRGB (and
// optionally multisampled) pixel format, the core-context fallback chain, function loading,
// info logging, the KHR_debug route into the log, vsync, and then OpenGLInit for the renderer.
//
// API for the platform layer (window class must use CS_OWNDC):
//   win32_opengl_config config = Win32DefaultOpenGLConfig();   // then adjust fields
//   b32 ok = Win32InitOpenGL(window, &config, &gl, log);       // false: logged (+ message box)
//   each frame: OpenGLRenderCommands(&gl, commands, clientWidth, clientHeight);
//               Win32SwapOpenGLBuffers(GetDC(window));        // CS_OWNDC: the same DC every time
//   --screenshot: OpenGLWriteScreenshot(&gl, path);            // the frame last rendered
//   at exit: Win32ShutdownOpenGL(window, &gl);

#include <windows.h>
#include "render/opengl_renderer.h"
#include "render/opengl_loader_logic.h"

struct win32_opengl_config
{
    b32 vsync;                     // swap interval 1 (0 = off); logged when unavailable
    b32 wantSRGB;                  // ask for an sRGB-capable default framebuffer
    u32 windowSamples;             // multisampled default framebuffer (0 = no); the scene's own
                                   // MSAA comes from game_render_commands.msaaSamples instead
    b32 debugContext;              // GL debug context + KHR_debug messages into the log
    b32 suppressMessageBox;        // tests and headless runs: log only, never block on a dialog
    b32 forceStandardDepth;        // control runs: 24-bit standard depth instead of reverse-z
    memory_arena *arena;           // renderer tables + screenshot scratch (about 1 MB + w*h*4)
};

inline win32_opengl_config Win32DefaultOpenGLConfig(void)
{
    win32_opengl_config config = {};
    config.vsync = 1;
    config.wantSRGB = 1;
    config.debugContext = ENGINE_DEVELOPMENT;
    return config;
}

// What the dummy context found out (kept for logging and tests).
struct win32_wgl_extensions
{
    b32 hasChoosePixelFormat;
    b32 hasCreateContextAttribs;
    b32 hasSwapInterval;
    b32 framebufferSRGB;           // WGL_EXT_framebuffer_sRGB or WGL_ARB_framebuffer_sRGB
    b32 multisample;               // WGL_ARB_multisample
};

// Creates the real context on `window`, loads the GL functions, logs opengl_info, installs the
// debug callback, sets vsync, and initialises the renderer in `gl`. On failure the context is
// released, a log line (and, unless suppressed, a message box) names what is missing.
b32 Win32InitOpenGL(HWND window, win32_opengl_config *config, opengl_state *gl, platform_log *log);
void Win32SwapOpenGLBuffers(HDC deviceContext);
void Win32ShutdownOpenGL(HWND window, opengl_state *gl);

#endif // WIN32_OPENGL_H
