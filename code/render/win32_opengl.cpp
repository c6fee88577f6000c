// WGL context creation and function loading (see win32_opengl.h). The decisions themselves live
// in opengl_loader_logic.cpp; this file only adapts the real wgl* calls to them.

#include "render/win32_opengl.h"
#include "base/base_format.h"
#include "base/base_unicode.h"
#include <stdio.h>
#include <string.h>

//~ WGL extension entry points (process-wide: one ICD serves every context of the process)
typedef BOOL WINAPI wgl_choose_pixel_format_arb(HDC dc, const int *intAttributes, const FLOAT *floatAttributes,
                                                UINT maxFormats, int *formats, UINT *formatCount);
typedef HGLRC WINAPI wgl_create_context_attribs_arb(HDC dc, HGLRC shareContext, const int *attributes);
typedef BOOL WINAPI wgl_swap_interval_ext(int interval);
typedef const char *WINAPI wgl_get_extensions_string_arb(HDC dc);
typedef const char *WINAPI wgl_get_extensions_string_ext(void);

struct win32_wgl_functions
{
    wgl_choose_pixel_format_arb *choosePixelFormat;
    wgl_create_context_attribs_arb *createContextAttribs;
    wgl_swap_interval_ext *swapInterval;
    win32_wgl_extensions extensions;
};
global win32_wgl_functions win32WGL;

internal void *Win32GetGLProcExtension(void *userData, const char *name)
{
    (void)userData;
    return (void *)wglGetProcAddress(name);
}

internal void *Win32GetGLProcExported(void *userData, const char *name)
{
    return (void *)GetProcAddress((HMODULE)userData, name);
}

internal void *Win32GetWGLProc(const char *name)
{
    void *address = (void *)wglGetProcAddress(name);
    return OpenGLIsValidProcAddress(address) ? address : 0;
}

//~ Pixel formats
internal int Win32ChooseClassicPixelFormat(HDC dc)
{
    PIXELFORMATDESCRIPTOR desired = {};
    desired.nSize = sizeof(desired);
    desired.nVersion = 1;
    desired.dwFlags = PFD_SUPPORT_OPENGL | PFD_DRAW_TO_WINDOW | PFD_DOUBLEBUFFER;
    desired.iPixelType = PFD_TYPE_RGBA;
    desired.cColorBits = 32;
    desired.cAlphaBits = 8;
    desired.cDepthBits = 24;
    desired.iLayerType = PFD_MAIN_PLANE;
    return ChoosePixelFormat(dc, &desired);
}

internal int Win32ChooseClassicPixelFormatAdapter(void *userData)
{
    return Win32ChooseClassicPixelFormat((HDC)userData);
}

internal b32 Win32ChoosePixelFormatARBAdapter(void *userData, const int *attributes, int *format, u32 *count)
{
    UINT formatCount = 0;
    BOOL ok = win32WGL.choosePixelFormat((HDC)userData, attributes, 0, 1, format, &formatCount);
    *count = formatCount;
    return ok ? 1 : 0;
}

internal b32 Win32SetPixelFormat(HDC dc, int format)
{
    PIXELFORMATDESCRIPTOR described = {};
    if (format <= 0 || !DescribePixelFormat(dc, format, sizeof(described), &described))
    {
        return 0;
    }
    return SetPixelFormat(dc, format, &described) ? 1 : 0;
}

//~ Dummy context: the only way to reach wglChoosePixelFormatARB and friends
internal b32 Win32LoadWGLExtensions(platform_log *log)
{
    memset(&win32WGL, 0, sizeof(win32WGL));
    const WCHAR *className = L"EngineWGLDummyWindow";
    WNDCLASSW windowClass = {};
    windowClass.style = CS_OWNDC;
    windowClass.lpfnWndProc = DefWindowProcW;
    windowClass.hInstance = GetModuleHandleW(0);
    windowClass.lpszClassName = className;
    RegisterClassW(&windowClass);   // may already exist from an earlier init; CreateWindow tells

    HWND window = CreateWindowExW(0, className, L"wgl loader", 0, CW_USEDEFAULT, CW_USEDEFAULT, 64, 64,
                                  0, 0, windowClass.hInstance, 0);
    if (!window)
    {
        if (log) log(LogLevel_Error, "OpenGL: could not create the dummy window for the WGL extensions");
        return 0;
    }
    HDC dc = GetDC(window);
    b32 result = 0;
    if (Win32SetPixelFormat(dc, Win32ChooseClassicPixelFormat(dc)))
    {
        HGLRC context = wglCreateContext(dc);
        if (context && wglMakeCurrent(dc, context))
        {
            win32WGL.choosePixelFormat = (wgl_choose_pixel_format_arb *)Win32GetWGLProc("wglChoosePixelFormatARB");
            win32WGL.createContextAttribs = (wgl_create_context_attribs_arb *)Win32GetWGLProc("wglCreateContextAttribsARB");
            win32WGL.swapInterval = (wgl_swap_interval_ext *)Win32GetWGLProc("wglSwapIntervalEXT");
            wgl_get_extensions_string_arb *getARB = (wgl_get_extensions_string_arb *)Win32GetWGLProc("wglGetExtensionsStringARB");
            wgl_get_extensions_string_ext *getEXT = (wgl_get_extensions_string_ext *)Win32GetWGLProc("wglGetExtensionsStringEXT");
            const char *extensions = getARB ? getARB(dc) : (getEXT ? getEXT() : 0);

            win32_wgl_extensions *e = &win32WGL.extensions;
            e->hasChoosePixelFormat = win32WGL.choosePixelFormat != 0;
            e->hasCreateContextAttribs = win32WGL.createContextAttribs != 0;
            e->hasSwapInterval = win32WGL.swapInterval != 0;
            // NOTE: Wine names only the EXT variant; both mean the same attribute.
            e->framebufferSRGB = OpenGLHasExtensionToken(extensions, "WGL_ARB_framebuffer_sRGB") ||
                                 OpenGLHasExtensionToken(extensions, "WGL_EXT_framebuffer_sRGB");
            e->multisample = OpenGLHasExtensionToken(extensions, "WGL_ARB_multisample");
            if (log)
            {
                log(LogLevel_Info, "WGL: ChoosePixelFormatARB %d, CreateContextAttribsARB %d, SwapIntervalEXT %d, framebuffer sRGB %d, multisample %d",
                    e->hasChoosePixelFormat, e->hasCreateContextAttribs, e->hasSwapInterval, e->framebufferSRGB, e->multisample);
            }
            result = 1;
            wglMakeCurrent(0, 0);
        }
        if (context)
        {
            wglDeleteContext(context);
        }
    }
    if (!result && log)
    {
        log(LogLevel_Error, "OpenGL: the dummy context failed; only the classic pixel format path is left");
    }
    ReleaseDC(window, dc);
    DestroyWindow(window);
    UnregisterClassW(className, windowClass.hInstance);
    return result;
}

//~ Context chain adapters
internal void *Win32CreateContextAttribsAdapter(void *userData, const int *attributes)
{
    return (void *)win32WGL.createContextAttribs((HDC)userData, 0, attributes);
}

internal void *Win32CreateLegacyContextAdapter(void *userData)
{
    return (void *)wglCreateContext((HDC)userData);
}

//~ Debug output
internal void OPENGL_API Win32OpenGLDebugCallback(GLenum source, GLenum type, GLuint id, GLenum severity,
                                                  GLsizei length, const GLchar *message, const void *userParam)
{
    (void)source; (void)length;
    opengl_state *gl = (opengl_state *)userParam;
    if (!gl || !gl->log || severity == GL_DEBUG_SEVERITY_NOTIFICATION)
    {
        return;
    }
    log_level level = (severity == GL_DEBUG_SEVERITY_HIGH) ? LogLevel_Error : LogLevel_Warning;
    gl->log(level, "GL debug (type 0x%x, id %u): %s", type, id, message ? message : "");
}

//~ Failure reporting
internal void Win32ReportOpenGLFailure(win32_opengl_config *config, platform_log *log, const char *missing)
{
    char text[1024];
    FormatText(text, sizeof(text), "This computer cannot run the game's renderer. Missing: %s.\n"
             "Updating the graphics driver usually fixes this.", missing);
    if (log) log(LogLevel_Error, "OpenGL: cannot start, missing %s", missing);
    if (!config->suppressMessageBox)
    {
        WCHAR wideText[1024];
        Utf8ToUtf16(text, TEXT_ZERO_TERMINATED, (u16 *)wideText, ArrayCount(wideText));
        MessageBoxW(0, wideText, L"OpenGL unavailable", MB_OK | MB_ICONERROR);
    }
}

//~ Init steps
internal b32 Win32SetUpPixelFormat(HDC dc, win32_opengl_config *config, platform_log *log)
{
    opengl_pixel_format_chooser chooser = {};
    chooser.chooseARB = win32WGL.choosePixelFormat ? Win32ChoosePixelFormatARBAdapter : 0;
    chooser.chooseClassic = Win32ChooseClassicPixelFormatAdapter;
    chooser.userData = dc;
    chooser.srgbSupported = win32WGL.extensions.framebufferSRGB;
    chooser.multisampleSupported = win32WGL.extensions.multisample;
    opengl_pixel_format_choice format = OpenGLChoosePixelFormat(&chooser, config->wantSRGB, config->windowSamples);
    if (!Win32SetPixelFormat(dc, format.format))
    {
        Win32ReportOpenGLFailure(config, log, "a pixel format usable by OpenGL (SetPixelFormat failed)");
        return 0;
    }
    if (log)
    {
        log(LogLevel_Info, "OpenGL pixel format %d via %s: sRGB %s, %u samples (%u attempts)", format.format,
            format.viaARB ? "wglChoosePixelFormatARB" : "ChoosePixelFormat", format.srgb ? "yes" : "no",
            format.samples, format.attemptCount);
    }
    return 1;
}

// Creates the newest context the driver gives and makes it current; context.context is 0 (and the
// failure reported) when none could be made current.
internal opengl_context_choice Win32CreateCurrentContext(HDC dc, win32_opengl_config *config, platform_log *log)
{
    opengl_context_creator creator = {};
    creator.createAttribs = win32WGL.createContextAttribs ? Win32CreateContextAttribsAdapter : 0;
    creator.createLegacy = Win32CreateLegacyContextAdapter;
    creator.userData = dc;
    opengl_context_choice context = OpenGLCreateContextChain(&creator, config->debugContext);
    if (!context.context || !wglMakeCurrent(dc, (HGLRC)context.context))
    {
        if (context.context) wglDeleteContext((HGLRC)context.context);
        context.context = 0;
        Win32ReportOpenGLFailure(config, log, "an OpenGL context (none could be created)");
        return context;
    }
    if (log)
    {
        if (context.modern) log(LogLevel_Info, "OpenGL: %d.%d core context%s after %u attempt(s)", (int)context.major,
                                (int)context.minor, context.debug ? " (debug)" : "", context.attemptCount);
        else log(LogLevel_Warning, "OpenGL: fell back to a legacy context after %u attempt(s)", context.attemptCount);
    }
    return context;
}

internal void Win32DropCurrentContext(HGLRC context)
{
    wglMakeCurrent(0, 0);
    wglDeleteContext(context);
}

// Loads every GL function and checks the version and the required ones; on a shortfall it drops
// the context and reports what is missing.
internal b32 Win32LoadOpenGLFunctions(opengl_context_choice *context, win32_opengl_config *config, opengl_info *info,
                                      platform_log *log)
{
    opengl_proc_loader loader = {};
    loader.getExtension = Win32GetGLProcExtension;
    loader.getExported = Win32GetGLProcExported;
    loader.userData = (void *)GetModuleHandleW(L"opengl32.dll");
    opengl_load_result load;
    OpenGLLoadFunctions(&loader, &load);

    if (glGetString && glGetIntegerv)
    {
        OpenGLGetInfo(info, context->modern);
        OpenGLLogInfo(info, log);
    }
    if (log && load.missingOptionalCount)
    {
        log(LogLevel_Warning, "OpenGL: optional functions missing: %s", load.missingOptional);
    }
    char missing[768];
    if (!OpenGLCheckRequirements(context->modern, info->major, info->minor, &load, missing, sizeof(missing)))
    {
        Win32DropCurrentContext((HGLRC)context->context);
        Win32ReportOpenGLFailure(config, log, missing);
        return 0;
    }
    return 1;
}

internal void Win32EnableOpenGLDebugOutput(win32_opengl_config *config, opengl_state *gl)
{
    if (config->debugContext && glDebugMessageCallback)
    {
        glEnable(GL_DEBUG_OUTPUT);
        // NOTE: synchronous so a message arrives inside the GL call that caused it (a breakpoint
        // in the callback then shows the culprit on the stack).
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
        glDebugMessageCallback(Win32OpenGLDebugCallback, gl);
        if (glDebugMessageControl)
        {
            glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION, 0, 0, GL_FALSE);
        }
    }
}

internal void Win32SetSwapInterval(win32_opengl_config *config, platform_log *log)
{
    if (win32WGL.swapInterval)
    {
        BOOL ok = win32WGL.swapInterval(config->vsync ? 1 : 0);
        if (log) log(ok ? LogLevel_Info : LogLevel_Warning, "OpenGL: swap interval %d %s", config->vsync ? 1 : 0, ok ? "set" : "refused");
    }
    else if (log)
    {
        log(LogLevel_Warning, "OpenGL: WGL_EXT_swap_control missing; vsync is whatever the driver defaults to");
    }
}

//~ API
b32 Win32InitOpenGL(HWND window, win32_opengl_config *config, opengl_state *gl, platform_log *log)
{
    Win32LoadWGLExtensions(log);
    HDC dc = GetDC(window);
    if (!Win32SetUpPixelFormat(dc, config, log))
    {
        return 0;
    }
    opengl_context_choice context = Win32CreateCurrentContext(dc, config, log);
    if (!context.context)
    {
        return 0;
    }
    opengl_info info = {};
    if (!Win32LoadOpenGLFunctions(&context, config, &info, log))
    {
        return 0;
    }
    Win32EnableOpenGLDebugOutput(config, gl);
    Win32SetSwapInterval(config, log);

    opengl_init_options options = {};
    options.forceStandardDepth = config->forceStandardDepth;
    if (!config->arena || !OpenGLInit(gl, &info, &options, config->arena, log))
    {
        Win32DropCurrentContext((HGLRC)context.context);
        Win32ReportOpenGLFailure(config, log, config->arena ? "a working renderer setup (shaders or buffers failed, see the log)"
                                                             : "renderer memory (no arena given)");
        return 0;
    }
    return 1;
}

void Win32SwapOpenGLBuffers(HDC deviceContext)
{
    SwapBuffers(deviceContext);
}

void Win32ShutdownOpenGL(HWND window, opengl_state *gl)
{
    (void)window;
    OpenGLShutdown(gl);
    HGLRC context = wglGetCurrentContext();
    if (context)
    {
        wglMakeCurrent(0, 0);
        wglDeleteContext(context);
    }
}
