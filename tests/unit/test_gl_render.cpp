// End-to-end renderer tests on a real context (Wine + Xvfb + Mesa llvmpipe, or any Windows GL):
// GL state after setup, depth precision with reverse-z against a standard-depth control,
// order-independent transparency by depth peeling, fog and alpha threshold, MSAA resolve, a
// screenshot of a demo-like scene (argv[1], default build/gl_render_demo.png), and the exe's
// overlay drawn over a frame (exact colours, glyph texels on pixel centres, blending, scaling).

#include <windows.h>
#include "render/render.cpp"
#include "game_kit/kit_render_push.h"
#include "render/image_writer.h"
#include "test_framework.h"
#include <stdarg.h>
#include <stdlib.h>
#include <math.h>

//~ Harness
global u32 testLogErrors;
global u32 testDebugMessages;
global u32 testClipControlWarnings;

internal PLATFORM_LOG(TestLog)
{
    char text[2048];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    if (level == LogLevel_Error) ++testLogErrors;
    if (strncmp(text, "GL debug", 8) == 0) ++testDebugMessages;
    if (level == LogLevel_Warning && strstr(text, "glClipControl")) ++testClipControlWarnings;
    printf("log %s: %s\n", LogLevelName(level), text);
    fflush(stdout);
}

struct gl_test_context
{
    HWND window;
    HDC dc;
    opengl_state gl;
    memory_arena arena;
    b32 ok;
};

#define TEST_SIZE 128
global u8 testPushBuffer[Megabytes(4)];
global u8 testPixels[4096 * 4096 * 4];

internal b32 OpenTestContext(gl_test_context *context, b32 forceStandardDepth, b32 giveArena = 1)
{
    memset(context, 0, sizeof(*context));
    WNDCLASSA windowClass = {};
    windowClass.style = CS_OWNDC | CS_HREDRAW | CS_VREDRAW;
    windowClass.lpfnWndProc = DefWindowProcA;
    windowClass.hInstance = GetModuleHandleA(0);
    windowClass.lpszClassName = "EngineGLTestWindow";
    RegisterClassA(&windowClass);
    context->window = CreateWindowExA(0, windowClass.lpszClassName, "gl test", WS_OVERLAPPEDWINDOW | WS_VISIBLE,
                                      0, 0, 320, 320, 0, 0, windowClass.hInstance, 0);
    if (!context->window) return 0;
    context->dc = GetDC(context->window);
    umm arenaSize = Megabytes(96);
    void *memory = VirtualAlloc(0, arenaSize, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    InitializeArena(&context->arena, "gl test", arenaSize, memory, TestLog);
    win32_opengl_config config = Win32DefaultOpenGLConfig();
    config.vsync = 0;
    config.suppressMessageBox = 1;
    config.debugContext = 1;
    config.forceStandardDepth = forceStandardDepth;
    config.arena = giveArena ? &context->arena : 0;
    context->ok = Win32InitOpenGL(context->window, &config, &context->gl, TestLog);
    return context->ok;
}

internal void CloseTestContext(gl_test_context *context)
{
    if (context->ok) Win32ShutdownOpenGL(context->window, &context->gl);
    ReleaseDC(context->window, context->dc);
    DestroyWindow(context->window);
    VirtualFree(context->arena.base, 0, MEM_RELEASE);
}

internal void BeginTestFrame(game_render_commands *commands, u32 size, v4 clearColor)
{
    BeginRenderCommands(commands, testPushBuffer, sizeof(testPushBuffer), size, size);
    commands->clearColor = clearColor;
}

internal void PushTestCamera(game_render_commands *commands, f32 nearClip, f32 farClip)
{
    // 90 degrees vertical, square: focal length 1.
    PushCamera(commands, PerspectiveReverseZ(1.0f, 1.0f, nearClip, farClip), Identity4x4(), V3(0, 0, 0),
               nearClip, farClip, RenderProjection_Perspective);
}

internal void RenderAndRead(gl_test_context *context, game_render_commands *commands)
{
    OpenGLRenderCommands(&context->gl, commands, 320, 320);
    Win32SwapOpenGLBuffers(context->dc);
    u32 w = 0, h = 0;
    OpenGLReadPresentedPixels(&context->gl, testPixels, sizeof(testPixels), &w, &h);
}

internal u8 *PixelAt(u32 size, u32 x, u32 y) { return testPixels + ((umm)y * size + x) * 4; }

internal f32 SRGBToLinear(f32 c) { return (c <= 0.04045f) ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f); }
internal f32 LinearToSRGB(f32 c)
{
    c = Clamp01(c);
    return (c <= 0.0031308f) ? c * 12.92f : 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

internal b32 PixelNear(u8 *pixel, v3 expectedSRGB, f32 tolerance255, f32 *worst)
{
    f32 e[3] = {expectedSRGB.x, expectedSRGB.y, expectedSRGB.z};
    b32 ok = 1;
    for (int i = 0; i < 3; ++i)
    {
        f32 diff = fabsf(pixel[i] - e[i] * 255.0f);
        if (worst && diff > *worst) *worst = diff;
        ok &= diff <= tolerance255;
    }
    return ok;
}

//~ GL state after setup
internal void TestGLState(gl_test_context *context)
{
    game_render_commands commands;
    BeginTestFrame(&commands, TEST_SIZE, V4(0, 0, 0, 1));
    RenderAndRead(context, &commands);

    GLint clipDepth = 0, depthFunc = 0;
    GLfloat clearDepth = -1.0f;
    glGetIntegerv(GL_CLIP_DEPTH_MODE, &clipDepth);
    glGetIntegerv(GL_DEPTH_FUNC, &depthFunc);
    glGetFloatv(GL_DEPTH_CLEAR_VALUE, &clearDepth);
    CHECK_MSG(clipDepth == GL_ZERO_TO_ONE, "clip depth mode is GL_ZERO_TO_ONE");
    CHECK_MSG(depthFunc == GL_GEQUAL, "depth func is GL_GEQUAL");
    CHECK_MSG(clearDepth == 0.0f, "depth clear value is 0");
    CHECK_MSG(context->gl.reverseZ, "renderer runs reverse-z");

    glBindFramebuffer(GL_FRAMEBUFFER, context->gl.targets.mainFramebuffer);
    GLint componentType = 0, depthBits = 0;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &componentType);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &depthBits);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLint internalFormat = 0;
    glBindTexture(GL_TEXTURE_2D, context->gl.targets.mainDepth);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &internalFormat);
    glBindTexture(GL_TEXTURE_2D, 0);
    CHECK_MSG(componentType == GL_FLOAT && depthBits == 32, "scene depth attachment is 32-bit float");
    CHECK_MSG(internalFormat == GL_DEPTH_COMPONENT32F, "scene depth texture is GL_DEPTH_COMPONENT32F");
    printf("state: clip depth 0x%x, depth func 0x%x, clear %g, depth type 0x%x %d bits, format 0x%x\n",
           clipDepth, depthFunc, (double)clearDepth, componentType, depthBits, internalFormat);
}

//~ Debug output and failure reporting
internal void TestDebugOutput(gl_test_context *context)
{
    CHECK_MSG(context->gl.info.debugContext, "development builds get a debug context");
    u32 errorsBefore = testLogErrors, messagesBefore = testDebugMessages;
    glEnable(0x7FFF);   // not a capability: the driver reports GL_INVALID_ENUM through KHR_debug
    glGetError();
    CHECK_MSG(testDebugMessages > messagesBefore, "KHR_debug messages reach the log");
    testLogErrors = errorsBefore;
}

internal void TestInitFailureIsReported(void)
{
    // No renderer memory: the init must fail cleanly with a log line, and with the message box
    // suppressed it must not block (this test would hang otherwise).
    gl_test_context failing;
    u32 errorsBefore = testLogErrors;
    b32 ok = OpenTestContext(&failing, 0, 0);
    CHECK_MSG(!ok && testLogErrors > errorsBefore, "an unusable setup fails with a logged reason, no dialog");
    CloseTestContext(&failing);
    testLogErrors = errorsBefore;
}

//~ Depth precision
// Two tilted quads, the second a copy of the first pushed out along the view rays by `separation`
// (relative). The near one (red) is drawn first; every pixel where the far one (green) shows is a
// depth-precision failure. Returns the wrong-pixel count; *covered gets the red+green count.
internal u32 CountDepthFailures(gl_test_context *context, f32 distance, f32 separation, u32 *covered)
{
    game_render_commands commands;
    BeginTestFrame(&commands, TEST_SIZE, V4(0, 0, 0, 1));
    PushTestCamera(&commands, 0.1f, 1000.0f);
    f32 half = 0.8f * distance;
    f32 tilt = 0.005f * distance;
    for (int copy = 0; copy < 2; ++copy)
    {
        f32 scale = copy ? (1.0f + separation) : 1.0f;
        render_vertex v[4];
        v3 corners[4] = {V3(-half, -half, -distance - tilt), V3(half, -half, -distance - tilt),
                         V3(half, half, -distance + tilt), V3(-half, half, -distance + tilt)};
        for (int i = 0; i < 4; ++i)
        {
            v[i].p = scale * corners[i];
            v[i].uv = V2(0, 0);
            v[i].color = copy ? PackRGBA8(0, 255, 0, 255) : PackRGBA8(255, 0, 0, 255);
        }
        PushQuadVertices(&commands, 0, 0, v);
    }
    RenderAndRead(context, &commands);
    u32 wrong = 0;
    *covered = 0;
    for (u32 y = 0; y < TEST_SIZE; ++y)
    {
        for (u32 x = 0; x < TEST_SIZE; ++x)
        {
            u8 *p = PixelAt(TEST_SIZE, x, y);
            if (p[1] > 128) ++wrong;
            if (p[0] > 128 || p[1] > 128) ++*covered;
        }
    }
    return wrong;
}

internal void TestDepthPrecision(gl_test_context *context)
{
    f32 distances[] = {1.0f, 100.0f, 500.0f, 990.0f};
    for (u32 i = 0; i < ArrayCount(distances); ++i)
    {
        u32 covered = 0;
        u32 wrong = CountDepthFailures(context, distances[i], 1e-6f, &covered);
        printf("depth precision reverse-z: distance %g, separation 1e-6: %u wrong of %u pixels\n", (double)distances[i], wrong, covered);
        CHECK_MSG(covered > TEST_SIZE * TEST_SIZE / 2, "depth precision quads cover the view");
        CHECK_MSG(wrong == 0, "reverse-z resolves 1e-6 relative separation without a wrong pixel");
    }
}

internal void TestDepthPrecisionControl(gl_test_context *control)
{
    CHECK_MSG(!control->gl.reverseZ, "control context runs standard depth");
    GLint depthFunc = 0;
    GLfloat clearDepth = -1.0f;
    glGetIntegerv(GL_DEPTH_FUNC, &depthFunc);
    glGetFloatv(GL_DEPTH_CLEAR_VALUE, &clearDepth);
    CHECK_MSG(depthFunc == GL_LEQUAL && clearDepth == 1.0f, "control uses LEQUAL, cleared to 1");
    u32 covered = 0;
    u32 wrong = CountDepthFailures(control, 500.0f, 1e-4f, &covered);
    printf("depth precision control (standard 24-bit): distance 500, separation 1e-4: %u wrong of %u pixels\n", wrong, covered);
    CHECK_MSG(covered > TEST_SIZE * TEST_SIZE / 2, "control quads cover the view");
    CHECK_MSG(wrong > 0, "standard 24-bit depth FAILS at 1e-4 relative separation at distance 500 (the test can see the difference)");
    u32 nearWrong = CountDepthFailures(control, 1.0f, 1e-4f, &covered);
    CHECK_MSG(nearWrong == 0, "control still resolves 1e-4 close to the camera (the setup itself is sound)");
}

// A driver without glClipControl: the renderer falls back to standard depth and says so.
internal void TestMissingClipControl(gl_test_context *context)
{
    type_glClipControl *saved = glClipControl;
    glClipControl = 0;
    opengl_info info = context->gl.info;
    OpenGLShutdown(&context->gl);
    context->arena.used = 0;
    opengl_init_options options = {};
    u32 warningsBefore = testClipControlWarnings;
    b32 ok = OpenGLInit(&context->gl, &info, &options, &context->arena, TestLog);
    glClipControl = saved;
    CHECK_MSG(ok && !context->gl.reverseZ && context->gl.depthFunc == GL_LEQUAL, "without glClipControl the renderer runs standard depth");
    CHECK_MSG(testClipControlWarnings == warningsBefore + 1, "the fallback logs a warning naming glClipControl");
    u32 covered = 0;
    u32 wrong = CountDepthFailures(context, 10.0f, 1e-3f, &covered);
    CHECK_MSG(covered > TEST_SIZE * TEST_SIZE / 2 && wrong == 0, "the fallback converts reverse-z camera entries and sorts depth right");
}

//~ Transparency: depth peeling, and its bounds (in their own file, included here)
#include "test_gl_render_transparency.cpp"

//~ Fog and alpha threshold
internal u8 *RenderFogQuad(gl_test_context *context, f32 distance, u32 color, b32 translucent, f32 threshold,
                           f32 clipStart, f32 clipEnd)
{
    game_render_commands commands;
    BeginTestFrame(&commands, TEST_SIZE, V4(0, 0, 0, 1));
    PushTestCamera(&commands, 0.1f, 1000.0f);
    PushFog(&commands, V4(0.1f, 0.3f, 0.6f, 1.0f), 10.0f, 110.0f, clipStart, clipEnd, threshold);
    PushQuad(&commands, 0, translucent, V3(0, 0, -distance), V3(distance, 0, 0), V3(0, distance, 0), color);
    RenderAndRead(context, &commands);
    return PixelAt(TEST_SIZE, TEST_SIZE / 2, TEST_SIZE / 2);
}

internal void TestFog(gl_test_context *context)
{
    f32 distances[] = {5.0f, 35.0f, 60.0f, 100.0f, 200.0f};
    f32 surface = SRGBToLinear(200.0f / 255.0f);
    v3 fog = V3(0.1f, 0.3f, 0.6f);
    for (u32 i = 0; i < ArrayCount(distances); ++i)
    {
        u8 *p = RenderFogQuad(context, distances[i], PackRGBA8(200, 200, 200, 255), 0, 0.0f, 0.0f, 0.0f);
        f32 t = Clamp01((distances[i] - 10.0f) / (110.0f - 10.0f));
        v3 lin = V3(Lerp(surface, t, fog.x), Lerp(surface, t, fog.y), Lerp(surface, t, fog.z));
        v3 expected = V3(LinearToSRGB(lin.x), LinearToSRGB(lin.y), LinearToSRGB(lin.z));
        f32 worst = 0;
        PixelNear(p, expected, 255.0f, &worst);
        printf("fog at %g: pixel %u %u %u, expected %.1f %.1f %.1f, error %.2f/255\n", (double)distances[i], p[0], p[1], p[2],
               (double)(expected.x * 255), (double)(expected.y * 255), (double)(expected.z * 255), (double)worst);
        CHECK_MSG(worst <= 1.0f, "fog factor matches clamp((d - start) / (end - start)) within 1/255");
    }

    // Alpha threshold: alpha 0.3 survives a 0.2 threshold and is discarded by a 0.4 one.
    u8 *kept = RenderFogQuad(context, 5.0f, PackRGBA8(255, 255, 255, 77), 1, 0.2f, 0.0f, 0.0f);
    CHECK_MSG(kept[0] > 100, "alpha 0.3 above a 0.2 threshold is drawn");
    u8 *dropped = RenderFogQuad(context, 5.0f, PackRGBA8(255, 255, 255, 77), 1, 0.4f, 0.0f, 0.0f);
    CHECK_MSG(dropped[0] == 0 && dropped[1] == 0 && dropped[2] == 0, "alpha 0.3 below a 0.4 threshold is discarded");
    // Distance fade-in: an opaque surface at distance 5 inside a clip band 0..10 has alpha 0.5,
    // discarded with threshold 0.6, kept with 0.4.
    u8 *faded = RenderFogQuad(context, 5.0f, PackRGBA8(255, 255, 255, 255), 1, 0.6f, 0.0f, 10.0f);
    CHECK_MSG(faded[0] == 0, "fade-in band halves alpha at its middle (discarded at threshold 0.6)");
    faded = RenderFogQuad(context, 5.0f, PackRGBA8(255, 255, 255, 255), 1, 0.4f, 0.0f, 10.0f);
    f32 expectedHalf = LinearToSRGB(0.5f) * 255.0f;
    CHECK_MSG(fabsf(faded[0] - expectedHalf) <= 2.0f, "fade-in band at its middle blends at alpha 0.5");
}

//~ MSAA
internal u32 CountEdgePixels(gl_test_context *context, u32 samples)
{
    game_render_commands commands;
    BeginTestFrame(&commands, TEST_SIZE, V4(0, 0, 0, 1));
    commands.msaaSamples = samples;
    PushTestCamera(&commands, 0.1f, 100.0f);
    render_vertex v[4];
    v3 corners[4] = {V3(-1.3f, -1.0f, -2.0f), V3(1.0f, -1.2f, -2.0f), V3(1.1f, 1.0f, -2.0f), V3(-0.9f, 1.3f, -2.0f)};
    for (int i = 0; i < 4; ++i) { v[i].p = corners[i]; v[i].uv = V2(0, 0); v[i].color = 0xFFFFFFFFu; }
    PushQuadVertices(&commands, 0, 0, v);
    RenderAndRead(context, &commands);
    u32 partial = 0;
    for (u32 i = 0; i < TEST_SIZE * TEST_SIZE; ++i)
    {
        u8 value = testPixels[i * 4];
        partial += (value > 8 && value < 247);
    }
    return partial;
}

internal void TestMultisample(gl_test_context *context)
{
    u32 without = CountEdgePixels(context, 0);
    u32 with = CountEdgePixels(context, 4);
    printf("msaa: %u partially covered pixels without, %u with 4x (max samples %u)\n", without, with, context->gl.maxSamples);
    CHECK_MSG(without == 0, "no partial pixels without MSAA");
    CHECK_MSG(with > 100, "4x MSAA with the custom resolve averages edge samples");
    if (context->gl.targets.msaaDepth)
    {
        GLint componentType = 0, depthBits = 0;
        glBindFramebuffer(GL_FRAMEBUFFER, context->gl.targets.msaaFramebuffer);
        glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &componentType);
        glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &depthBits);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        CHECK_MSG(componentType == GL_FLOAT && depthBits == 32, "multisampled depth is 32-bit float too");
    }
}

//~ Back faces of opaque cubes
// Renders one cube (centre 0,0,-4 unless inside; half extent 1, or -1 on x) through a camera that
// may mirror x, and says whether the centre pixel shows it (anything but the clear colour).
internal b32 CenterShowsCube(gl_test_context *context, b32 inside, b32 mirrored, b32 negativeExtent, b32 translucent)
{
    game_render_commands commands;
    BeginTestFrame(&commands, TEST_SIZE, V4(0, 0, 0, 1));
    m4x4 view = Identity4x4();
    if (mirrored) view.m[0][0] = -1.0f;
    PushCamera(&commands, PerspectiveReverseZ(1.0f, 1.0f, 0.1f, 100.0f), view, V3(0, 0, 0), 0.1f, 100.0f,
               RenderProjection_Perspective);
    v3 center = inside ? V3(0, 0, 0) : V3(0, 0, -4);
    v3 halfExtent = negativeExtent ? V3(-1, 1, 1) : V3(1, 1, 1);
    PushCube(&commands, center, 0.3f, halfExtent, PackRGBA8(255, 200, 40, translucent ? 128 : 255), translucent);
    RenderAndRead(context, &commands);
    u8 *p = PixelAt(TEST_SIZE, TEST_SIZE / 2, TEST_SIZE / 2);
    return p[0] > 40 && p[1] > 20;
}

// Opaque cubes are drawn with their back faces culled: from inside one nothing of it shows (every
// face seen from there is a back face), while from outside it shows through a camera that mirrors
// and with a negative extent; a translucent cube keeps its back faces. Run in both depth setups.
internal void TestCubeFaces(gl_test_context *context, const char *setup)
{
    struct { b32 inside, mirrored, negativeExtent, translucent, shows; const char *what; } cases[] = {
        {0, 0, 0, 0, 1, "an opaque cube in front of the camera shows"},
        {1, 0, 0, 0, 0, "from inside an opaque cube nothing of it shows (back faces culled)"},
        {0, 1, 0, 0, 1, "through a mirroring camera the cube's front faces still show"},
        {1, 1, 0, 0, 0, "through a mirroring camera, from inside an opaque cube, nothing shows"},
        {0, 0, 1, 0, 1, "a cube with a negative extent shows its outside"},
        {1, 0, 0, 1, 1, "from inside a translucent cube its faces show (not culled)"},
    };
    for (u32 index = 0; index < ArrayCount(cases); ++index)
    {
        char message[160];
        snprintf(message, sizeof(message), "%s: %s", setup, cases[index].what);
        b32 shows = CenterShowsCube(context, cases[index].inside, cases[index].mirrored, cases[index].negativeExtent,
                                    cases[index].translucent);
        CHECK_MSG(shows == cases[index].shows, message);
    }
}

//~ Demo scene + screenshot
internal void PushDemoScene(game_render_commands *commands, u32 *checker)
{
    PushTestCamera(commands, 0.1f, 1000.0f);
    m4x4 view = RotationX4x4(0.35f) * Translation4x4(V3(0, -4, -14));
    PushCamera(commands, PerspectiveReverseZInfinite(1.0f, 1.3f, 0.1f), view, V3(0, 4, 14), 0.1f, 0.0f,
               RenderProjection_PerspectiveInfinite);
    PushFog(commands, V4(0.35f, 0.45f, 0.6f, 1), 20.0f, 80.0f, 0.0f, 0.0f, 0.01f);
    PushTexture(commands, 1, 8, 8, checker);
    PushQuad(commands, 1, 0, V3(0, 0, 0), V3(40, 0, 0), V3(0, 0, -40), 0xFFFFFFFFu, V2(0, 0), V2(20, 20));
    for (int i = 0; i < 7; ++i)
    {
        PushCube(commands, V3(-6.0f + 2.0f * (f32)i, 1.0f, -2.0f * (f32)(i % 3)), 0.3f * (f32)i, V3(0.7f, 1.0f, 0.7f),
                 PackRGBA8(60 + 25 * i, 200 - 20 * i, 90, 255), 0);
    }
    PushCube(commands, V3(0, 1.5f, 3.0f), 0.5f, V3(1.5f, 1.5f, 0.3f), PackRGBA8(80, 160, 255, 110), 1);
    PushQuad(commands, 0, 1, V3(-2, 2, 5), V3(1.5f, 0, 0), V3(0, 1.5f, 0), PackRGBA8(255, 80, 60, 128));
    PushQuad(commands, 0, 1, V3(2, 2, 1), V3(2.0f, 0, 0), V3(0, 2.0f, 0), PackRGBA8(250, 230, 60, 140));
}

internal void TestDemoScreenshot(gl_test_context *context, const char *path)
{
    static u32 checker[64];
    for (u32 i = 0; i < 64; ++i) checker[i] = (((i & 7) ^ (i >> 3)) & 1) ? PackRGBA8(200, 200, 200, 255) : PackRGBA8(90, 90, 100, 255);
    game_render_commands commands;
    BeginTestFrame(&commands, 320, V4(0.35f, 0.45f, 0.6f, 1));
    commands.depthPeelLayers = 4;
    commands.msaaSamples = 4;
    PushDemoScene(&commands, checker);
    CHECK(commands.refusedEntryCount == 0);
    OpenGLRenderCommands(&context->gl, &commands, 320, 320);
    Win32SwapOpenGLBuffers(context->dc);
    // Scribble over the command buffer: the renderer must not have kept pointers into it.
    memset(testPushBuffer, 0xCD, commands.pushBufferSize);
    printf("demo scene: %u draw calls, %u opaque + %u translucent batches, %u peel layers\n",
           context->gl.stats.drawCalls, context->gl.stats.opaqueBatches, context->gl.stats.translucentBatches,
           context->gl.stats.peelLayersDrawn);
    CHECK_MSG(context->gl.stats.opaqueBatches == 2, "demo: quads and cubes batch into one draw each");
    CHECK(OpenGLWriteScreenshot(&context->gl, path));
    u32 w = 0, h = 0;
    OpenGLReadPresentedPixels(&context->gl, testPixels, sizeof(testPixels), &w, &h);
    CHECK(w == 320 && h == 320);
    u32 distinct = 0;
    u32 previous = 0;
    for (u32 i = 0; i < w * h; i += 97)
    {
        u32 value = ((u32 *)testPixels)[i] & 0xFFFFFF;
        distinct += (value != previous);
        previous = value;
    }
    CHECK_MSG(distinct > 50, "demo scene draws something varied");
}

//~ Double-buffered commands: nothing may be read from a buffer after its call returned
internal void TestNoPointersKept(gl_test_context *context)
{
    static u32 green[16];
    static u8 otherBuffer[Kilobytes(64)];
    for (u32 i = 0; i < 16; ++i) green[i] = PackRGBA8(0, 255, 0, 255);
    game_render_commands frameA;
    BeginTestFrame(&frameA, TEST_SIZE, V4(0, 0, 0, 1));
    PushTexture(&frameA, 5, 4, 4, green);
    RenderAndRead(context, &frameA);
    // The game now refills buffer A and reuses the pixel memory while frame N+1 draws from B.
    memset(testPushBuffer, 0xCD, frameA.pushBufferSize);
    for (u32 i = 0; i < 16; ++i) green[i] = PackRGBA8(255, 0, 0, 255);
    game_render_commands frameB;
    BeginRenderCommands(&frameB, otherBuffer, sizeof(otherBuffer), TEST_SIZE, TEST_SIZE);
    PushTestCamera(&frameB, 0.1f, 100.0f);
    PushQuad(&frameB, 5, 0, V3(0, 0, -2), V3(2, 0, 0), V3(0, 2, 0), 0xFFFFFFFFu);
    RenderAndRead(context, &frameB);
    u8 *p = PixelAt(TEST_SIZE, TEST_SIZE / 2, TEST_SIZE / 2);
    CHECK_MSG(p[1] == 255 && p[0] == 0, "texture pixels were uploaded during the call that carried them");
}

//~ Image writer (the screenshot's file format; tests/suites/suite_opengl.sh also decodes the PNG with
// an independent decoder)
internal void TestImageWriter(gl_test_context *context, const char *pngPath)
{
    const u8 digits[] = "123456789";
    CHECK_MSG(ImageCrc32(0, digits, 9) == 0xCBF43926u, "CRC-32 check value");
    CHECK_MSG(ImageAdler32(1, (const u8 *)"Wikipedia", 9) == 0x11E60398u, "Adler-32 check value");
    CHECK(ImageCrc32(ImageCrc32(0, digits, 4), digits + 4, 5) == 0xCBF43926u);

    char bmpPath[512];
    snprintf(bmpPath, sizeof(bmpPath), "%s.bmp", pngPath);
    CHECK(OpenGLWriteScreenshot(&context->gl, bmpPath));
    FILE *file = fopen(bmpPath, "rb");
    u8 header[54] = {};
    b32 read = file && fread(header, 1, 54, file) == 54;
    if (file) fclose(file);
    CHECK_MSG(read && header[0] == 'B' && header[1] == 'M' && header[18] == (320 & 0xFF) && header[28] == 32, "BMP screenshot by extension");
    CHECK_MSG(!OpenGLWriteScreenshot(&context->gl, "Z:/nonexistent-dir/x/y.png"), "an unwritable path is a logged failure");
    --testLogErrors;   // that one error line was expected
}

//~ The exe's overlay (render_overlay.h): drawn over the finished frame, exact colours, whole texels
global render_vertex testOverlayVertices[256 * 4];
global u32 testFontPixels[FONT_ATLAS_WIDTH * FONT_ATLAS_HEIGHT];

internal void RenderOverlayFrame(gl_test_context *context, game_render_commands *commands, const render_overlay *overlay)
{
    OpenGLRenderFrame(&context->gl, commands, overlay, 320, 320);
    Win32SwapOpenGLBuffers(context->dc);
    u32 w = 0, h = 0;
    OpenGLReadPresentedPixels(&context->gl, testPixels, sizeof(testPixels), &w, &h);
}

internal b32 PixelIs(u32 x, u32 y, u32 r, u32 g, u32 b)
{
    u8 *p = PixelAt(TEST_SIZE, x, y);
    return p[0] == r && p[1] == g && p[2] == b && p[3] == 255;
}

// Every pixel of a glyph's quad at scale 1 from (left, top): lit exactly where its design has '#',
// the background elsewhere (a texel off the pixel centre would shift or smear the design).
internal u32 GlyphPixelMismatches(char character, u32 left, u32 top, u8 *background)
{
    const font_glyph_design *design = fontGlyphDesigns + FontSlotForChar((u8)character);
    u32 mismatches = 0;
    for (u32 row = 0; row < FONT_QUAD_HEIGHT; ++row)
    {
        for (u32 column = 0; column < FONT_QUAD_WIDTH; ++column)
        {
            const char *rowText = (row < FONT_GLYPH_HEIGHT) ? design->rows[row] : 0;
            b32 lit = rowText && column < FONT_GLYPH_WIDTH && rowText[column] == '#';
            b32 ok = lit ? PixelIs(left + column, top + row, 255, 255, 255)
                         : PixelIs(left + column, top + row, background[0], background[1], background[2]);
            mismatches += !ok;
        }
    }
    return mismatches;
}

internal void TestOverlayFont(gl_test_context *context)
{
    u32 errorsBefore = testLogErrors;
    CHECK_MSG(!OpenGLSetOverlayFont(&context->gl, testFontPixels, 0, FONT_ATLAS_HEIGHT), "an empty overlay font is refused");
    testLogErrors = errorsBefore;   // that error line was expected
    CHECK(FontBuildAtlas(testFontPixels));
    CHECK_MSG(OpenGLSetOverlayFont(&context->gl, testFontPixels, FONT_ATLAS_WIDTH, FONT_ATLAS_HEIGHT), "the overlay font uploads");
    b32 ownTexture = context->gl.overlayFont != 0;
    for (u32 slot = 0; slot < RENDER_MAX_TEXTURES; ++slot) ownTexture &= (context->gl.textures[slot] != context->gl.overlayFont);
    CHECK_MSG(ownTexture, "the overlay font is its own texture, none of the game's slots");
}

internal void TestOverlay(gl_test_context *context)
{
    TestOverlayFont(context);
    game_render_commands commands;
    BeginTestFrame(&commands, TEST_SIZE, V4(0.2f, 0.3f, 0.05f, 1));
    commands.msaaSamples = 4;
    commands.depthPeelLayers = 2;
    RenderOverlayFrame(context, &commands, 0);
    u32 baseDrawCalls = context->gl.stats.drawCalls;
    u8 background[4];
    memcpy(background, PixelAt(TEST_SIZE, 100, 100), 4);

    render_overlay overlay;
    BeginRenderOverlay(&overlay, testOverlayVertices, 256, TEST_SIZE, TEST_SIZE);
    RenderOverlayFrame(context, &commands, &overlay);
    CHECK_MSG(context->gl.stats.drawCalls == baseDrawCalls && context->gl.stats.overlayQuads == 0, "an empty overlay draws nothing");
    PushOverlayRect(&overlay, 10, 10, 30, 20, OverlayColor(200, 40, 90, 255));
    PushOverlayText(&overlay, 40, 10, 1.0f, OverlayColor(255, 255, 255, 255), "H%g");
    PushOverlayRect(&overlay, 60, 30, 80, 40, OverlayColor(255, 0, 0, 128));
    RenderOverlayFrame(context, &commands, &overlay);
    CHECK_MSG(context->gl.stats.drawCalls == baseDrawCalls + 1 && context->gl.stats.overlayQuads == 5,
              "the whole overlay is one draw call");
    CHECK_MSG(PixelIs(10, 10, 200, 40, 90) && PixelIs(29, 19, 200, 40, 90), "an opaque rect reads back exactly its bytes");
    CHECK_MSG(PixelIs(30, 15, background[0], background[1], background[2]) && PixelIs(20, 20, background[0], background[1], background[2]) &&
              PixelIs(9, 10, background[0], background[1], background[2]), "the rect covers [x0,x1) x [y0,y1), no more");
    CHECK_MSG(PixelIs(40, 10, 255, 255, 255) && PixelIs(41, 10, background[0], background[1], background[2]),
              "H's top left pixel is lit and its right neighbour is not");
    u32 mismatches = GlyphPixelMismatches('H', 40, 10, background) + GlyphPixelMismatches('%', 40 + FONT_ADVANCE, 10, background) +
                     GlyphPixelMismatches('g', 40 + 2 * FONT_ADVANCE, 10, background);
    CHECK_MSG(mismatches == 0, "glyph texels land on pixel centres: every pixel of 'H', '%' and 'g' as designed");
    if (mismatches) printf("  %u glyph pixels differ from the design\n", mismatches);
    u8 *blend = PixelAt(TEST_SIZE, 70, 35);
    f32 a = 128.0f / 255.0f;
    f32 expected[3] = {255.0f * a + background[0] * (1 - a), background[1] * (1 - a), background[2] * (1 - a)};
    b32 blended = blend[3] == 255;
    for (u32 i = 0; i < 3; ++i) blended &= fabsf((f32)blend[i] - expected[i]) <= 1.0f;
    CHECK_MSG(blended, "a half-transparent rect blends over the frame in its sRGB bytes, and the frame stays opaque");
    printf("overlay: background %u %u %u, blended %u %u %u\n", background[0], background[1], background[2], blend[0], blend[1], blend[2]);

    // A smaller pixel space is stretched over the frame: (10, 10)-(20, 20) of 64 x 64 covers 20..39.
    BeginRenderOverlay(&overlay, testOverlayVertices, 256, TEST_SIZE / 2, TEST_SIZE / 2);
    PushOverlayRect(&overlay, 10, 10, 20, 20, OverlayColor(0, 255, 0, 255));
    RenderOverlayFrame(context, &commands, &overlay);
    CHECK_MSG(PixelIs(20, 20, 0, 255, 0) && PixelIs(39, 39, 0, 255, 0) && !PixelIs(19, 19, 0, 255, 0) && !PixelIs(40, 40, 0, 255, 0),
              "an overlay of another size is scaled to the frame");
    RenderOverlayFrame(context, &commands, 0);
    CHECK_MSG(context->gl.stats.drawCalls == baseDrawCalls && PixelIs(25, 25, background[0], background[1], background[2]),
              "without an overlay the frame is the game's alone");
}

//~ Main
int main(int argc, char **argv)
{
    const char *screenshotPath = (argc > 1) ? argv[1] : "build/gl_render_demo.png";
    gl_test_context context;
    if (!CHECK_MSG(OpenTestContext(&context, 0), "Win32InitOpenGL succeeds"))
    {
        return TestSummary();
    }
    TestGLState(&context);
    TestDebugOutput(&context);
    TestDepthPrecision(&context);
    TestTransparency(&context);
    TestPeelBounds(&context);
    TestFog(&context);
    TestMultisample(&context);
    TestNoPointersKept(&context);
    TestCubeFaces(&context, "reverse-z");
    TestDemoScreenshot(&context, screenshotPath);
    TestImageWriter(&context, screenshotPath);
    TestOverlay(&context);
    GLenum error = glGetError();
    CHECK_MSG(error == GL_NO_ERROR, "no GL error after the reverse-z tests");
    CloseTestContext(&context);

    gl_test_context control;
    if (CHECK_MSG(OpenTestContext(&control, 1), "Win32InitOpenGL succeeds with standard depth"))
    {
        TestDepthPrecisionControl(&control);
        TestCubeFaces(&control, "standard depth");
        TestMissingClipControl(&control);
        CloseTestContext(&control);
    }
    TestInitFailureIsReported();
    CHECK_MSG(testLogErrors == 0, "no error lines in the log (GL debug errors included)");
    return TestSummary();
}
