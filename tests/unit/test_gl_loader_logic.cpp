// The WGL loader's decisions against fake WGL/GL functions, so every branch runs on any machine:
// the context fallback chain (a refused 4.6 like Wine, nothing modern at all, no ARB entry point),
// pixel-format checks (success with zero matches, failure with a format written), whole-token
// extension parsing, the 0/1/2/3/-1 sentinels from wglGetProcAddress, requirements, and info.
// Portable: built natively with g++ and with MinGW under Wine.

#include "render/opengl_loader_logic.h"
#include "test_framework.h"
#include <string.h>

//~ Tokens and versions
internal void TestExtensionTokens(void)
{
    const char *wine = "WGL_ARB_create_context WGL_ARB_pixel_format WGL_EXT_framebuffer_sRGB WGL_EXT_swap_control";
    CHECK(OpenGLHasExtensionToken(wine, "WGL_EXT_framebuffer_sRGB"));
    CHECK(!OpenGLHasExtensionToken(wine, "WGL_ARB_framebuffer_sRGB"));
    CHECK_MSG(!OpenGLHasExtensionToken(wine, "WGL_EXT_swap_control_tear"), "a longer name is not matched by its prefix");
    CHECK_MSG(!OpenGLHasExtensionToken(wine, "WGL_EXT_swap"), "a prefix of a token is not a match");
    CHECK_MSG(!OpenGLHasExtensionToken("WGL_EXT_framebuffer_sRGBX", "WGL_EXT_framebuffer_sRGB"), "token must end where the name ends");
    CHECK_MSG(!OpenGLHasExtensionToken("XWGL_ARB_multisample", "WGL_ARB_multisample"), "token must start where the name starts");
    CHECK(OpenGLHasExtensionToken("  GL_A\tGL_B\nGL_C  ", "GL_C"));
    CHECK(OpenGLHasExtensionToken("GL_ARB_debug_output", "GL_ARB_debug_output"));
    CHECK(!OpenGLHasExtensionToken(0, "GL_A"));
    CHECK(!OpenGLHasExtensionToken("GL_A", ""));
    CHECK(!OpenGLHasExtensionToken("", "GL_A"));
}

internal void TestVersionParsing(void)
{
    s32 major = -1, minor = -1;
    CHECK(OpenGLParseVersion("4.5 (Core Profile) Mesa 22.3.6", &major, &minor) && major == 4 && minor == 5);
    CHECK(OpenGLParseVersion("3.3.0 NVIDIA 535.54", &major, &minor) && major == 3 && minor == 3);
    CHECK(OpenGLParseVersion("OpenGL ES 3.2 v1.r32", &major, &minor) && major == 3 && minor == 2);
    CHECK(OpenGLParseVersion("10.12", &major, &minor) && major == 10 && minor == 12);
    CHECK(!OpenGLParseVersion("unknown", &major, &minor) && major == 0 && minor == 0);
    CHECK(!OpenGLParseVersion(0, &major, &minor));
}

//~ Function loading with fake getters
internal b32 IsGL11Name(const char *name)
{
#define X(returnType, fn, params) if (strcmp(name, #fn) == 0) return 1;
    OPENGL_FUNCTIONS_GL11(X)
#undef X
    return 0;
}

struct fake_proc_table
{
    const char *sentinelNames[4];
    smm sentinelValues[4];
    u32 extensionCalls, exportedCalls;
};
global u8 fakeFunctionStorage[4096];

// Like wglGetProcAddress on Windows: NULL for GL 1.1 names, sentinels for the names listed.
internal void *FakeGetExtension(void *userData, const char *name)
{
    fake_proc_table *table = (fake_proc_table *)userData;
    ++table->extensionCalls;
    for (u32 i = 0; i < ArrayCount(table->sentinelNames); ++i)
    {
        if (table->sentinelNames[i] && strcmp(table->sentinelNames[i], name) == 0) return (void *)table->sentinelValues[i];
    }
    if (IsGL11Name(name)) return 0;
    return fakeFunctionStorage + (strlen(name) * 7) % 1024 + 16;
}

// Like GetProcAddress(opengl32.dll): only the GL 1.1 names.
internal void *FakeGetExported(void *userData, const char *name)
{
    fake_proc_table *table = (fake_proc_table *)userData;
    ++table->exportedCalls;
    return IsGL11Name(name) ? (void *)(fakeFunctionStorage + 2048 + strlen(name)) : 0;
}

internal void TestSentinels(void)
{
    CHECK(!OpenGLIsValidProcAddress((void *)0));
    CHECK(!OpenGLIsValidProcAddress((void *)1));
    CHECK(!OpenGLIsValidProcAddress((void *)2));
    CHECK(!OpenGLIsValidProcAddress((void *)3));
    CHECK(!OpenGLIsValidProcAddress((void *)(smm)-1));
    CHECK(OpenGLIsValidProcAddress((void *)4));
    CHECK(OpenGLIsValidProcAddress(fakeFunctionStorage));
}

internal void TestFunctionLoading(void)
{
    fake_proc_table table = {};
    table.sentinelNames[0] = "glClipControl";          table.sentinelValues[0] = 1;
    table.sentinelNames[1] = "glDebugMessageCallback"; table.sentinelValues[1] = -1;
    table.sentinelNames[2] = "glDebugMessageControl";  table.sentinelValues[2] = 3;
    opengl_proc_loader loader = {FakeGetExtension, FakeGetExported, &table};
    opengl_load_result result;
    OpenGLLoadFunctions(&loader, &result);
    CHECK_MSG((u8 *)glClear >= fakeFunctionStorage + 2048, "GL 1.1 names come from opengl32.dll's exports");
    CHECK_MSG((u8 *)glGenBuffers < fakeFunctionStorage + 2048 && glGenBuffers != 0, "newer names come from wglGetProcAddress");
    CHECK_MSG(glClipControl == 0, "sentinel 1 counts as missing");
    CHECK_MSG(glDebugMessageCallback == 0, "sentinel -1 counts as missing");
    CHECK_MSG(glDebugMessageControl == 0, "sentinel 3 counts as missing");
    CHECK(result.missingRequiredCount == 0);
    CHECK(result.missingOptionalCount == 3);
    CHECK(strstr(result.missingOptional, "glClipControl") != 0);
    char message[512];
    CHECK_MSG(OpenGLCheckRequirements(1, 4, 5, &result, message, sizeof(message)), "4.5 core with every required function passes");

    // A required function answered with sentinel 2: named in the result and in the message.
    fake_proc_table broken = {};
    broken.sentinelNames[0] = "glGenBuffers"; broken.sentinelValues[0] = 2;
    opengl_proc_loader brokenLoader = {FakeGetExtension, FakeGetExported, &broken};
    OpenGLLoadFunctions(&brokenLoader, &result);
    CHECK(glGenBuffers == 0);
    CHECK(result.missingRequiredCount == 1 && strcmp(result.missingRequired, "glGenBuffers") == 0);
    CHECK_MSG(!OpenGLCheckRequirements(1, 4, 5, &result, message, sizeof(message)) && strstr(message, "glGenBuffers"),
              "a missing required function fails the requirements and is named");

    // No exported getter at all: GL 1.1 names fall back to the extension getter, which has none.
    fake_proc_table plain = {};
    opengl_proc_loader noExports = {FakeGetExtension, 0, &plain};
    OpenGLLoadFunctions(&noExports, &result);
    CHECK(glClear == 0 && result.missingRequiredCount > 20);
    CHECK_MSG(strlen(result.missingRequired) < sizeof(result.missingRequired), "the missing list stays inside its buffer");
}

internal void TestRequirements(void)
{
    opengl_load_result none = {};
    char message[512];
    CHECK(!OpenGLCheckRequirements(0, 2, 1, &none, message, sizeof(message)) && strstr(message, "3.3 core"));
    CHECK(!OpenGLCheckRequirements(1, 3, 2, &none, message, sizeof(message)) && strstr(message, "3.3 core"));
    CHECK(OpenGLCheckRequirements(1, 3, 3, &none, message, sizeof(message)) && message[0] == 0);
    CHECK(OpenGLCheckRequirements(1, 4, 0, &none, message, sizeof(message)));
}

//~ Context chain with a fake wglCreateContextAttribsARB
struct fake_context_driver
{
    s32 maxMajor, maxMinor;     // highest version granted (0.0: none)
    b32 legacyWorks;
    u32 attribCalls, legacyCalls;
    int lastFlags, lastProfile;
    s32 requested[8][2];
    u32 lastError;              // what GetLastError would say: never consulted
};
global u8 fakeContextHandle[2];

internal void *FakeCreateAttribs(void *userData, const int *attributes)
{
    fake_context_driver *driver = (fake_context_driver *)userData;
    s32 major = 0, minor = 0;
    for (const int *at = attributes; at[0]; at += 2)
    {
        if (at[0] == WGL_CONTEXT_MAJOR_VERSION_ARB) major = at[1];
        if (at[0] == WGL_CONTEXT_MINOR_VERSION_ARB) minor = at[1];
        if (at[0] == WGL_CONTEXT_FLAGS_ARB) driver->lastFlags = at[1];
        if (at[0] == WGL_CONTEXT_PROFILE_MASK_ARB) driver->lastProfile = at[1];
    }
    if (driver->attribCalls < 8)
    {
        driver->requested[driver->attribCalls][0] = major;
        driver->requested[driver->attribCalls][1] = minor;
    }
    ++driver->attribCalls;
    b32 granted = major < driver->maxMajor || (major == driver->maxMajor && minor <= driver->maxMinor);
    // NOTE: like Wine, a refusal leaves the error code at 0, and a success may leave junk in it.
    driver->lastError = granted ? 0xC0070000u : 0;
    return granted ? (void *)&fakeContextHandle[0] : 0;
}

internal void *FakeCreateLegacy(void *userData)
{
    fake_context_driver *driver = (fake_context_driver *)userData;
    ++driver->legacyCalls;
    return driver->legacyWorks ? (void *)&fakeContextHandle[1] : 0;
}

internal void TestContextChain(void)
{
    // A driver that grants everything: 4.6 on the first try.
    fake_context_driver all = {9, 9, 1};
    opengl_context_creator creator = {FakeCreateAttribs, FakeCreateLegacy, &all};
    opengl_context_choice choice = OpenGLCreateContextChain(&creator, 1);
    CHECK(choice.context == &fakeContextHandle[0] && choice.major == 4 && choice.minor == 6 && choice.modern && choice.attemptCount == 1);
    CHECK_MSG((all.lastFlags & WGL_CONTEXT_DEBUG_BIT_ARB) && (all.lastFlags & WGL_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB),
              "development builds ask for a debug, forward-compatible context");
    CHECK(all.lastProfile == WGL_CONTEXT_CORE_PROFILE_BIT_ARB);
    CHECK(all.legacyCalls == 0);

    // Wine: refuses 4.6 (error code 0), grants 4.5.
    fake_context_driver wine = {4, 5, 1};
    creator.userData = &wine;
    choice = OpenGLCreateContextChain(&creator, 0);
    CHECK_MSG(choice.major == 4 && choice.minor == 5 && choice.attemptCount == 2, "a refused 4.6 falls back to 4.5");
    CHECK_MSG(!(wine.lastFlags & WGL_CONTEXT_DEBUG_BIT_ARB), "release builds ask for no debug context");
    CHECK(wine.requested[0][0] == 4 && wine.requested[0][1] == 6 && wine.requested[1][1] == 5);

    // An old driver: 4.2 at most, so 4.6, 4.5, 4.3 fail and 3.3 is chosen.
    fake_context_driver old = {4, 2, 1};
    creator.userData = &old;
    choice = OpenGLCreateContextChain(&creator, 1);
    CHECK(choice.major == 3 && choice.minor == 3 && choice.modern && choice.attemptCount == 4);
    CHECK(old.requested[2][0] == 4 && old.requested[2][1] == 3 && old.requested[3][0] == 3 && old.requested[3][1] == 3);

    // Nothing modern: the legacy context after every core request failed.
    fake_context_driver legacy = {0, 0, 1};
    creator.userData = &legacy;
    choice = OpenGLCreateContextChain(&creator, 1);
    CHECK(choice.context == &fakeContextHandle[1] && !choice.modern && choice.attemptCount == 5 && legacy.legacyCalls == 1);

    // No wglCreateContextAttribsARB at all: straight to legacy.
    fake_context_driver noARB = {9, 9, 1};
    opengl_context_creator classicOnly = {0, FakeCreateLegacy, &noARB};
    choice = OpenGLCreateContextChain(&classicOnly, 1);
    CHECK(choice.context == &fakeContextHandle[1] && !choice.modern && choice.attemptCount == 1 && noARB.attribCalls == 0);

    // Nothing works: no context, and the caller reports it.
    fake_context_driver dead = {0, 0, 0};
    creator.userData = &dead;
    choice = OpenGLCreateContextChain(&creator, 1);
    CHECK(choice.context == 0 && !choice.modern);
}

//~ Pixel format with a fake wglChoosePixelFormatARB
struct fake_pixel_driver
{
    int mode;                   // 0 honest, 1 "success" with zero matches, 2 failure that writes a format
    b32 allowSamples;
    b32 allowSRGB;
    u32 calls, classicCalls;
    b32 sawSRGB[4], sawSamples[4];
};

internal b32 FakeChooseARB(void *userData, const int *attributes, int *format, u32 *count)
{
    fake_pixel_driver *driver = (fake_pixel_driver *)userData;
    b32 srgb = 0, samples = 0;
    for (const int *at = attributes; at[0]; at += 2)
    {
        if (at[0] == WGL_FRAMEBUFFER_SRGB_CAPABLE_ARB && at[1]) srgb = 1;
        if (at[0] == WGL_SAMPLES_ARB && at[1] > 1) samples = 1;
    }
    if (driver->calls < 4) { driver->sawSRGB[driver->calls] = srgb; driver->sawSamples[driver->calls] = samples; }
    ++driver->calls;
    if (driver->mode == 1) { *format = 0; *count = 0; return 1; }
    if (driver->mode == 2) { *format = 42; *count = 1; return 0; }
    b32 match = (!samples || driver->allowSamples) && (!srgb || driver->allowSRGB);
    *format = match ? (srgb ? 7 : 3) : 0;
    *count = match ? 1 : 0;
    return 1;
}

internal int FakeChooseClassic(void *userData)
{
    ++((fake_pixel_driver *)userData)->classicCalls;
    return 1;
}

internal void TestPixelFormat(void)
{
    fake_pixel_driver honest = {0, 1, 1};
    opengl_pixel_format_chooser chooser = {FakeChooseARB, FakeChooseClassic, &honest, 1, 1};
    opengl_pixel_format_choice choice = OpenGLChoosePixelFormat(&chooser, 1, 4);
    CHECK(choice.format == 7 && choice.viaARB && choice.srgb && choice.samples == 4 && honest.calls == 1);
    CHECK(honest.sawSRGB[0] && honest.sawSamples[0]);

    // Multisampling refused: sRGB without samples.
    fake_pixel_driver noSamples = {0, 0, 1};
    chooser.userData = &noSamples;
    choice = OpenGLChoosePixelFormat(&chooser, 1, 4);
    CHECK(choice.format == 7 && choice.srgb && choice.samples == 0 && noSamples.calls == 2);

    // sRGB not advertised (neither EXT nor ARB): the attribute is never sent.
    fake_pixel_driver plain = {0, 1, 0};
    chooser.userData = &plain;
    chooser.srgbSupported = 0;
    choice = OpenGLChoosePixelFormat(&chooser, 1, 0);
    CHECK(choice.format == 3 && !choice.srgb && plain.calls == 1 && !plain.sawSRGB[0]);
    chooser.srgbSupported = 1;

    // "Success" with zero matches must not be trusted: every ARB attempt, then ChoosePixelFormat.
    fake_pixel_driver zero = {1, 1, 1};
    chooser.userData = &zero;
    choice = OpenGLChoosePixelFormat(&chooser, 1, 4);
    CHECK_MSG(choice.format == 1 && !choice.viaARB && zero.calls == 3 && zero.classicCalls == 1,
              "a zero match count falls through to ChoosePixelFormat");

    // Failure that still wrote a format must not be trusted either.
    fake_pixel_driver liar = {2, 1, 1};
    chooser.userData = &liar;
    choice = OpenGLChoosePixelFormat(&chooser, 1, 0);
    CHECK_MSG(choice.format == 1 && !choice.viaARB && liar.calls == 2, "a failed call's format is ignored (and duplicate attempts skipped)");

    // No wglChoosePixelFormatARB: classic only.
    fake_pixel_driver classic = {0, 1, 1};
    opengl_pixel_format_chooser classicOnly = {0, FakeChooseClassic, &classic, 1, 1};
    choice = OpenGLChoosePixelFormat(&classicOnly, 1, 4);
    CHECK(choice.format == 1 && !choice.viaARB && classic.classicCalls == 1 && choice.attemptCount == 1);
}

//~ Info with a fake GL
global const char *fakeVersion;
global const char *fakeExtensionString;
global const char *fakeIndexedExtensions[] = {"GL_KHR_debug", "GL_ARB_clip_control_extra", "GL_EXT_texture_sRGB"};

internal const GLubyte *OPENGL_API FakeGetString(GLenum name)
{
    switch (name)
    {
        case GL_VENDOR: return (const GLubyte *)"Fake Vendor";
        case GL_RENDERER: return (const GLubyte *)"Fake Renderer";
        case GL_VERSION: return (const GLubyte *)fakeVersion;
        case GL_SHADING_LANGUAGE_VERSION: return (const GLubyte *)"3.30";
        case GL_EXTENSIONS: return (const GLubyte *)fakeExtensionString;
    }
    return 0;
}

internal const GLubyte *OPENGL_API FakeGetStringi(GLenum name, GLuint index)
{
    return (name == GL_EXTENSIONS && index < ArrayCount(fakeIndexedExtensions)) ? (const GLubyte *)fakeIndexedExtensions[index] : 0;
}

internal void OPENGL_API FakeGetIntegerv(GLenum name, GLint *value)
{
    *value = (name == GL_NUM_EXTENSIONS) ? (GLint)ArrayCount(fakeIndexedExtensions) : ((name == GL_CONTEXT_FLAGS) ? GL_CONTEXT_FLAG_DEBUG_BIT : 0);
}

internal void TestInfo(void)
{
    glGetString = FakeGetString;
    glGetStringi = FakeGetStringi;
    glGetIntegerv = FakeGetIntegerv;
    opengl_info info;
    fakeVersion = "3.3.0 Fake";
    OpenGLGetInfo(&info, 1);
    CHECK(info.major == 3 && info.minor == 3 && info.modernContext && info.debugContext);
    CHECK(strcmp(info.renderer, "Fake Renderer") == 0 && strcmp(info.shadingLanguageVersion, "3.30") == 0);
    CHECK_MSG(info.GL_KHR_debug && info.GL_EXT_texture_sRGB, "indexed extensions are read on core contexts");
    CHECK_MSG(!info.GL_ARB_clip_control, "a longer extension name does not set clip control on a 3.3 context");
    fakeVersion = "4.5 (Core Profile) Fake";
    OpenGLGetInfo(&info, 1);
    CHECK_MSG(info.GL_ARB_clip_control, "4.5 has clip control in core");

    fakeVersion = "2.1 Fake";
    fakeExtensionString = "GL_EXT_framebuffer_sRGB GL_ARB_framebuffer_objectX";
    OpenGLGetInfo(&info, 0);
    CHECK(!info.modernContext && strcmp(info.shadingLanguageVersion, "(none)") == 0);
    CHECK_MSG(info.GL_EXT_framebuffer_sRGB && !info.GL_ARB_framebuffer_object && !info.GL_KHR_debug,
              "legacy contexts parse the GL_EXTENSIONS string by whole tokens");
    glGetString = 0;
    glGetStringi = 0;
    glGetIntegerv = 0;
}

int main(void)
{
    TestExtensionTokens();
    TestVersionParsing();
    TestSentinels();
    TestFunctionLoading();
    TestRequirements();
    TestContextChain();
    TestPixelFormat();
    TestInfo();
    return TestSummary();
}
