#ifndef OPENGL_LOADER_LOGIC_H
#define OPENGL_LOADER_LOGIC_H
// Every decision the WGL loader makes, with the OS calls passed in as function pointers.
// win32_opengl.cpp plugs in the real wgl* functions; tests/unit/test_gl_loader_logic.cpp plugs in fakes,
// so each branch (a refused 4.6 context, a zero-count pixel format answer, a 1/2/3/-1 sentinel from
// wglGetProcAddress) runs on Linux as well as under Wine. No OS headers here.

#include "base/base_types.h"
#include "base/base_log.h"
#include "render/opengl_functions.h"

//~ Extension strings
// True when `name` occurs in the space-separated `list` as a whole token (so "GL_ARB_foo" does
// not match "GL_ARB_foo_bar"). A null list has no tokens.
b32 OpenGLHasExtensionToken(const char *list, const char *name);

// "4.5 (Core Profile) Mesa 22.3.6", "3.3.0 NVIDIA 535", "OpenGL ES 3.2 ..." -> 4,5 / 3,3 / 3,2.
// Returns false (and 0.0) when no "digits.digits" is found.
b32 OpenGLParseVersion(const char *version, s32 *major, s32 *minor);

//~ Function loading
// NOTE: drivers return 0, 1, 2, 3 or -1 from wglGetProcAddress for names they do not export
// (older ICDs especially). Only a pointer that is none of those counts as loaded.
b32 OpenGLIsValidProcAddress(const void *address);

typedef void *opengl_get_proc_address(void *userData, const char *name);

struct opengl_proc_loader
{
    opengl_get_proc_address *getExtension;   // wglGetProcAddress
    opengl_get_proc_address *getExported;    // GetProcAddress(opengl32.dll): the GL 1.1 names
    void *userData;
};

struct opengl_load_result
{
    u32 loadedCount;
    u32 missingRequiredCount;
    u32 missingOptionalCount;
    char missingRequired[512];   // space-separated names, truncated with "..." when long
    char missingOptional[256];
};

// Fills every global GL function pointer of opengl_functions.h; an entry that cannot be found
// is left null and named in the result. GL 1.1 names come from getExported first.
void OpenGLLoadFunctions(opengl_proc_loader *loader, opengl_load_result *result);

//~ Pixel format
// The WGL pixel-format query with its out-values: success flag, chosen format, number of matches.
typedef b32 opengl_choose_pixel_format_arb(void *userData, const int *attributes, int *format, u32 *count);
// ChoosePixelFormat with a classic descriptor (32-bit colour, 24-bit depth, double buffered).
typedef int opengl_choose_pixel_format_classic(void *userData);

struct opengl_pixel_format_chooser
{
    opengl_choose_pixel_format_arb *chooseARB;        // null when wglChoosePixelFormatARB is missing
    opengl_choose_pixel_format_classic *chooseClassic;
    void *userData;
    b32 srgbSupported;                                // WGL_(ARB|EXT)_framebuffer_sRGB advertised
    b32 multisampleSupported;                         // WGL_ARB_multisample advertised
};

struct opengl_pixel_format_choice
{
    int format;          // 0 = nothing usable
    b32 viaARB;
    b32 srgb;
    u32 samples;
    u32 attemptCount;
};

// Tries ARB with sRGB (+ samples when asked), then without samples, then without sRGB, each time
// trusting only a success flag with count > 0 and a positive format; then the classic path.
opengl_pixel_format_choice OpenGLChoosePixelFormat(opengl_pixel_format_chooser *chooser, b32 wantSRGB, u32 wantSamples);

//~ Context creation
typedef void *opengl_create_context_attribs(void *userData, const int *attributes);
typedef void *opengl_create_context_legacy(void *userData);

struct opengl_context_creator
{
    opengl_create_context_attribs *createAttribs;    // null when wglCreateContextAttribsARB is missing
    opengl_create_context_legacy *createLegacy;
    void *userData;
};

struct opengl_context_choice
{
    void *context;       // 0 = no context at all
    s32 major, minor;    // version asked for (0.0 for the legacy context)
    b32 modern;          // core profile through the ARB path
    b32 debug;
    u32 attemptCount;
};

// The versions tried, best first. Whether a request worked is decided on the returned handle only:
// some drivers (Wine among them) refuse a version and leave GetLastError() at 0.
#define OPENGL_CONTEXT_VERSION_LIST(X) X(4, 6) X(4, 5) X(4, 3) X(3, 3)

opengl_context_choice OpenGLCreateContextChain(opengl_context_creator *creator, b32 debugContext);

//~ Requirements
// What the renderer needs: a core 3.3 context and every OPENGL_FUNCTIONS_REQUIRED entry.
// Returns true when satisfied; otherwise writes a human-readable list of what is missing.
b32 OpenGLCheckRequirements(b32 modernContext, s32 major, s32 minor, opengl_load_result *load,
                            char *message, u32 messageSize);

//~ What the driver gave us (logged at start)
struct opengl_info
{
    const char *vendor;
    const char *renderer;
    const char *version;
    const char *shadingLanguageVersion;
    s32 major, minor;
    b32 modernContext;
    b32 debugContext;
#define X(name) b32 GL_##name;
    OPENGL_EXTENSION_LIST(X)
#undef X
};

// Reads strings and extension flags from the current context (glGetStringi on core contexts,
// the GL_EXTENSIONS token string on legacy ones).
void OpenGLGetInfo(opengl_info *info, b32 modernContext);
void OpenGLLogInfo(opengl_info *info, platform_log *log);

#endif // OPENGL_LOADER_LOGIC_H
