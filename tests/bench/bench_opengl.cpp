// OpenGL layer figures (printed, not asserted): CPU time to turn 10,000 render commands into GL
// calls, draw calls per frame for a demo-like scene, and frame time at 1280x720 with and without
// depth peeling. Run by tests/bench/bench_opengl.sh (Wine + Xvfb + Mesa llvmpipe here).

#include <windows.h>
#include "render/render.cpp"
#include "game_kit/kit_render_push.h"
#include <stdarg.h>
#include <stdio.h>

global b32 benchVerbose;

internal PLATFORM_LOG(BenchLog)
{
    if (!benchVerbose && level == LogLevel_Info) return;
    char text[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof(text), format, args);
    va_end(args);
    printf("log %s: %s\n", LogLevelName(level), text);
}

global u8 benchPushBuffer[Megabytes(16)];
global u64 benchGLCalls;

// NOTE: stands in for every GL entry point while measuring our own command translation. Every
// function the renderer calls per frame returns void, and on x64 the caller cleans the stack, so
// an argument-ignoring stub is safe for this measurement (and only for it).
internal void OPENGL_API CountingGLStub(void) { ++benchGLCalls; }

#define BENCH_ALL_GL(X) OPENGL_FUNCTIONS_GL11(X) OPENGL_FUNCTIONS_REQUIRED(X) OPENGL_FUNCTIONS_OPTIONAL(X)
struct bench_saved_gl
{
#define X(returnType, name, params) type_##name *name;
    BENCH_ALL_GL(X)
#undef X
};

internal void StubOutGL(bench_saved_gl *saved)
{
#define X(returnType, name, params) saved->name = name; name = (type_##name *)(void *)CountingGLStub;
    BENCH_ALL_GL(X)
#undef X
}

internal void RestoreGL(bench_saved_gl *saved)
{
#define X(returnType, name, params) name = saved->name;
    BENCH_ALL_GL(X)
#undef X
}
global LARGE_INTEGER benchFrequency;

internal f64 Seconds(void)
{
    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    return (f64)now.QuadPart / (f64)benchFrequency.QuadPart;
}

internal void BeginBenchFrame(game_render_commands *commands, u32 width, u32 height)
{
    BeginRenderCommands(commands, benchPushBuffer, sizeof(benchPushBuffer), width, height);
    commands->clearColor = V4(0.35f, 0.45f, 0.6f, 1);
}

// Demo-like: textured floor, a field of 400 cubes, a few translucent panes and cubes, a HUD layer.
internal void PushBenchScene(game_render_commands *commands, u32 *checker, f32 time)
{
    m4x4 view = RotationX4x4(0.35f) * RotationY4x4(0.2f * time) * Translation4x4(V3(0, -6, -22));
    PushCamera(commands, PerspectiveReverseZInfinite(16.0f / 9.0f, 1.3f, 0.1f), view, V3(0, 6, 22), 0.1f, 0.0f,
               RenderProjection_PerspectiveInfinite);
    PushFog(commands, V4(0.35f, 0.45f, 0.6f, 1), 30.0f, 120.0f, 0.0f, 0.0f, 0.01f);
    PushTexture(commands, 1, 8, 8, checker);
    PushQuad(commands, 1, 0, V3(0, 0, 0), V3(80, 0, 0), V3(0, 0, -80), 0xFFFFFFFFu, V2(0, 0), V2(40, 40));
    for (int z = 0; z < 20; ++z)
        for (int x = 0; x < 20; ++x)
            PushCube(commands, V3(-38.0f + 4.0f * (f32)x, 1.0f, -38.0f + 4.0f * (f32)z), 0.1f * (f32)(x + z) + time, V3(0.8f, 1.0f, 0.8f),
                     PackRGBA8(60 + 9 * x, 200 - 8 * z, 90, 255), 0);
    for (int i = 0; i < 12; ++i)
        PushQuad(commands, 0, 1, V3(-12.0f + 2.0f * (f32)i, 2.5f, 6.0f - 1.5f * (f32)(i % 4)), V3(1.4f, 0, 0), V3(0, 1.4f, 0),
                 PackRGBA8(255 - 15 * i, 80 + 12 * i, 60, 120));
    for (int i = 0; i < 6; ++i)
        PushCube(commands, V3(-6.0f + 2.5f * (f32)i, 1.5f, 10.0f), 0.4f * (f32)i, V3(1.0f, 1.5f, 0.3f), PackRGBA8(80, 160, 255, 110), 1);
    PushCamera(commands, OrthographicReverseZ(0, 1280, 0, 720, 0, 10), Identity4x4(), V3(0, 0, 0), 0, 10, RenderProjection_Orthographic);
    PushFog(commands, V4(0, 0, 0, 1), 0, 0, 0, 0, 0.0f);
    for (int i = 0; i < 40; ++i)
        PushQuad(commands, 0, 0, V3(20.0f + 12.0f * (f32)i, 700, -1), V3(5, 0, 0), V3(0, 5, 0), PackRGBA8(240, 240, 240, 255));
}

int main(int argc, char **argv)
{
    benchVerbose = (argc > 1);
    QueryPerformanceFrequency(&benchFrequency);
    WNDCLASSA windowClass = {};
    windowClass.style = CS_OWNDC;
    windowClass.lpfnWndProc = DefWindowProcA;
    windowClass.hInstance = GetModuleHandleA(0);
    windowClass.lpszClassName = "EngineGLBench";
    RegisterClassA(&windowClass);
    RECT rect = {0, 0, 1280, 720};
    AdjustWindowRect(&rect, WS_OVERLAPPEDWINDOW, FALSE);
    HWND window = CreateWindowExA(0, windowClass.lpszClassName, "gl bench", WS_OVERLAPPEDWINDOW | WS_VISIBLE, 0, 0,
                                  rect.right - rect.left, rect.bottom - rect.top, 0, 0, windowClass.hInstance, 0);
    HDC dc = GetDC(window);
    memory_arena arena;
    umm arenaSize = Megabytes(64);
    InitializeArena(&arena, "gl bench", arenaSize, VirtualAlloc(0, arenaSize, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE), BenchLog);
    win32_opengl_config config = Win32DefaultOpenGLConfig();
    config.vsync = 0;
    config.debugContext = 0;       // measure the release configuration
    config.suppressMessageBox = 1;
    config.arena = &arena;
    static opengl_state gl;
    if (!Win32InitOpenGL(window, &config, &gl, BenchLog))
    {
        printf("bench: OpenGL init failed\n");
        return 1;
    }
    printf("renderer: %s | %s\n", gl.info.renderer, gl.info.version);
    static u32 checker[64];
    for (u32 i = 0; i < 64; ++i) checker[i] = (((i & 7) ^ (i >> 3)) & 1) ? PackRGBA8(200, 200, 200, 255) : PackRGBA8(90, 90, 100, 255);
    static u32 tiny[4][16];
    for (u32 t = 0; t < 4; ++t) for (u32 i = 0; i < 16; ++i) tiny[t][i] = PackRGBA8(60 * t, 255 - 60 * t, 128, 255);

    //~ 1. 10,000 render commands -> GL calls (CPU time of OpenGLRenderCommands)
    {
        game_render_commands commands;
        struct variant { const char *name; u32 textures; } variants[2] = {{"batched (1 texture)", 1}, {"unbatched (texture alternates)", 4}};
        // NOTE: llvmpipe rasterises inside the GL calls (at framebuffer switches), so a 16x16 target
        // isolates our command translation plus driver call overhead from fill cost.
        u32 sizes[2][2] = {{16, 16}, {640, 360}};
        for (u32 run = 0; run < 4; ++run)
        {
            u32 v = run & 1;
            u32 *size = sizes[run >> 1];
            f64 best = 1e9, bestFinish = 1e9;
            u32 entries = 0, drawCalls = 0;
            for (int repeat = 0; repeat < 7; ++repeat)
            {
                BeginBenchFrame(&commands, size[0], size[1]);
                PushCamera(&commands, PerspectiveReverseZ(16.0f / 9.0f, 1.3f, 0.1f, 1000.0f), Identity4x4(), V3(0, 0, 0), 0.1f, 1000.0f, RenderProjection_Perspective);
                for (u32 t = 0; t < 4; ++t) PushTexture(&commands, 2 + t, 4, 4, tiny[t]);
                for (u32 i = 0; i < 10000 - 5; ++i)
                {
                    f32 x = -20.0f + 0.4f * (f32)(i % 100), y = -12.0f + 0.25f * (f32)(i / 100);
                    PushQuad(&commands, 2 + (i % variants[v].textures), 0, V3(x, y, -30.0f), V3(0.15f, 0, 0), V3(0, 0.1f, 0), 0xFFFFFFFFu);
                }
                entries = commands.entryCount;
                glFinish();
                f64 start = Seconds();
                OpenGLRenderCommands(&gl, &commands, size[0], size[1]);
                f64 submitted = Seconds();
                glFinish();
                f64 finished = Seconds();
                drawCalls = gl.stats.drawCalls;
                Win32SwapOpenGLBuffers(dc);
                if (repeat > 0)   // the first frame builds the render targets
                {
                    best = Minimum(best, submitted - start);
                    bestFinish = Minimum(bestFinish, finished - start);
                }
            }
            printf("10,000 commands, %s, target %ux%u: %u entries, %u draw calls, %.3f ms in OpenGLRenderCommands (%.3f ms until the GPU finished)\n",
                   variants[v].name, size[0], size[1], entries, drawCalls, best * 1000.0, bestFinish * 1000.0);
        }
    }

    //~ 1b. The same with every GL call stubbed out: our translation alone, and how many GL calls it makes
    {
        game_render_commands commands;
        for (u32 textures = 1; textures <= 4; textures += 3)
        {
            BeginBenchFrame(&commands, 640, 360);
            PushCamera(&commands, PerspectiveReverseZ(16.0f / 9.0f, 1.3f, 0.1f, 1000.0f), Identity4x4(), V3(0, 0, 0), 0.1f, 1000.0f, RenderProjection_Perspective);
            for (u32 i = 0; i < 10000 - 1; ++i)
            {
                f32 x = -20.0f + 0.4f * (f32)(i % 100), y = -12.0f + 0.25f * (f32)(i / 100);
                PushQuad(&commands, 2 + (i % textures), 0, V3(x, y, -30.0f), V3(0.15f, 0, 0), V3(0, 0.1f, 0), 0xFFFFFFFFu);
            }
            OpenGLRenderCommands(&gl, &commands, 640, 360);   // real run: textures and targets exist
            glFinish();
            static bench_saved_gl saved;
            StubOutGL(&saved);
            f64 best = 1e9;
            u64 calls = 0;
            for (int repeat = 0; repeat < 20; ++repeat)
            {
                benchGLCalls = 0;
                f64 start = Seconds();
                OpenGLRenderCommands(&gl, &commands, 640, 360);
                best = Minimum(best, Seconds() - start);
                calls = benchGLCalls;
            }
            RestoreGL(&saved);
            printf("10,000 commands, %s, GL stubbed: %u entries -> %llu GL calls, %.1f us of our CPU time (%.1f ns per command)\n",
                   textures == 1 ? "batched" : "unbatched", commands.entryCount, (unsigned long long)calls, best * 1e6,
                   best * 1e9 / 10000.0);
        }
    }

    //~ 2-3. Demo-like scene: draw calls, and frame time at 1280x720 with and without peeling
    {
        game_render_commands commands;
        {
            f64 total = 0;
            for (int frame = -2; frame < 20; ++frame)
            {
                BeginBenchFrame(&commands, 1280, 720);
                f64 start = Seconds();
                OpenGLRenderCommands(&gl, &commands, 1280, 720);
                Win32SwapOpenGLBuffers(dc);
                glFinish();
                if (frame >= 0) total += Seconds() - start;
            }
            printf("empty frame 1280x720 (clear, composite, present): %.2f ms\n", total * 1000.0 / 20);
        }
        u32 layerCounts[] = {0, 4};
        u32 msaaCounts[] = {0, 4};
        for (u32 m = 0; m < ArrayCount(msaaCounts); ++m)
        {
            for (u32 l = 0; l < ArrayCount(layerCounts); ++l)
            {
                const int frames = 20;
                f64 total = 0, cpu = 0;
                u32 drawCalls = 0, batches = 0, peelPixels = 0;
                for (int frame = -2; frame < frames; ++frame)
                {
                    BeginBenchFrame(&commands, 1280, 720);
                    commands.depthPeelLayers = layerCounts[l];
                    commands.msaaSamples = msaaCounts[m];
                    PushBenchScene(&commands, checker, 0.05f * (f32)frame);
                    f64 start = Seconds();
                    OpenGLRenderCommands(&gl, &commands, 1280, 720);
                    f64 submitted = Seconds();
                    Win32SwapOpenGLBuffers(dc);
                    glFinish();
                    f64 end = Seconds();
                    if (frame >= 0)
                    {
                        total += end - start;
                        cpu += submitted - start;
                    }
                    drawCalls = gl.stats.drawCalls;
                    batches = gl.stats.opaqueBatches + gl.stats.translucentBatches;
                    peelPixels = gl.stats.peelPixels;
                }
                printf("demo scene 1280x720, peel layers %u, MSAA %ux: %u draw calls/frame (%u geometry batches, %u entries), "
                       "frame %.2f ms (CPU submit %.3f ms), avg of %d; peeled over %u%% of the pixels\n",
                       layerCounts[l], msaaCounts[m] ? msaaCounts[m] : 1, drawCalls, batches, commands.entryCount,
                       total * 1000.0 / frames, cpu * 1000.0 / frames, frames, peelPixels * 100 / (1280 * 720));
            }
        }
        if (argc > 1)
        {
            OpenGLWriteScreenshot(&gl, argv[1]);
        }
    }
    Win32ShutdownOpenGL(window, &gl);
    return 0;
}
