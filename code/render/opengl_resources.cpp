// The renderer's GPU resources: the render targets (rebuilt when the frame size or sample count
// changes), the programs, buffers, vertex layouts and fixed state set up once by OpenGLInit, and
// their release. Included by render/render.cpp before the files that draw with them.

#include "render/opengl_renderer.h"
#include <string.h>

//~ Targets
internal GLuint OpenGLMakeTexture(GLenum internalFormat, GLenum format, GLenum type, u32 width, u32 height)
{
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    // NOTE: NEAREST and no mipmaps: render targets are read with texelFetch only, and the default
    // mipmapped minification filter would make the texture incomplete.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internalFormat, (GLsizei)width, (GLsizei)height, 0, format, type, 0);
    return texture;
}

internal GLuint OpenGLMakeMultisampleTexture(GLenum internalFormat, u32 samples, u32 width, u32 height)
{
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, texture);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, (GLsizei)samples, internalFormat, (GLsizei)width, (GLsizei)height, GL_TRUE);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
    return texture;
}

internal b32 OpenGLMakeFramebuffer(GLuint *framebuffer, GLenum textureTarget, GLuint color, GLuint depth, const char *name, platform_log *log)
{
    glGenFramebuffers(1, framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, *framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, textureTarget, color, 0);
    if (depth)
    {
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, textureTarget, depth, 0);
    }
    GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE)
    {
        if (log) log(LogLevel_Error, "OpenGL: framebuffer '%s' incomplete (status 0x%x)", name, status);
        return 0;
    }
    return 1;
}

internal void OpenGLFreeTargets(opengl_targets *t)
{
    GLuint framebuffers[] = {t->msaaFramebuffer, t->mainFramebuffer, t->peelFramebuffer, t->accumFramebuffer, t->presentFramebuffer};
    GLuint textures[] = {t->msaaColor, t->msaaDepth, t->mainColor, t->mainDepth, t->peelColor,
                         t->peelDepth[0], t->peelDepth[1], t->accumColor, t->presentColor};
    glDeleteFramebuffers(ArrayCount(framebuffers), framebuffers);
    glDeleteTextures(ArrayCount(textures), textures);
    memset(t, 0, sizeof(*t));
}

internal b32 OpenGLMakeTargets(opengl_state *gl, u32 width, u32 height, u32 samples)
{
    opengl_targets *t = &gl->targets;
    OpenGLFreeTargets(t);
    t->width = width;
    t->height = height;
    t->samples = samples;
    GLenum depthFormat = gl->depthFormat;
    b32 ok = 1;
    if (samples > 1)
    {
        t->msaaColor = OpenGLMakeMultisampleTexture(GL_RGBA16F, samples, width, height);
        t->msaaDepth = OpenGLMakeMultisampleTexture(depthFormat, samples, width, height);
        ok &= OpenGLMakeFramebuffer(&t->msaaFramebuffer, GL_TEXTURE_2D_MULTISAMPLE, t->msaaColor, t->msaaDepth, "msaa scene", gl->log);
    }
    t->mainColor = OpenGLMakeTexture(GL_RGBA16F, GL_RGBA, GL_FLOAT, width, height);
    t->mainDepth = OpenGLMakeTexture(depthFormat, GL_DEPTH_COMPONENT, GL_FLOAT, width, height);
    ok &= OpenGLMakeFramebuffer(&t->mainFramebuffer, GL_TEXTURE_2D, t->mainColor, t->mainDepth, "scene", gl->log);
    t->peelColor = OpenGLMakeTexture(GL_RGBA16F, GL_RGBA, GL_FLOAT, width, height);
    t->peelDepth[0] = OpenGLMakeTexture(depthFormat, GL_DEPTH_COMPONENT, GL_FLOAT, width, height);
    t->peelDepth[1] = OpenGLMakeTexture(depthFormat, GL_DEPTH_COMPONENT, GL_FLOAT, width, height);
    ok &= OpenGLMakeFramebuffer(&t->peelFramebuffer, GL_TEXTURE_2D, t->peelColor, t->peelDepth[0], "peel layer", gl->log);
    t->accumColor = OpenGLMakeTexture(GL_RGBA16F, GL_RGBA, GL_FLOAT, width, height);
    ok &= OpenGLMakeFramebuffer(&t->accumFramebuffer, GL_TEXTURE_2D, t->accumColor, 0, "transparency sum", gl->log);
    t->presentColor = OpenGLMakeTexture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, width, height);
    ok &= OpenGLMakeFramebuffer(&t->presentFramebuffer, GL_TEXTURE_2D, t->presentColor, 0, "present", gl->log);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!ok)
    {
        OpenGLFreeTargets(t);
    }
    return ok;
}

//~ Init
// Unit cube: 6 faces x 2 triangles, position then outward normal, counter-clockwise from outside.
internal void OpenGLFillCube(f32 *out)
{
    static const f32 normals[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    u32 at = 0;
    for (u32 face = 0; face < 6; ++face)
    {
        v3 n = V3(normals[face][0], normals[face][1], normals[face][2]);
        // Two axes spanning the face with Cross(u, w) == n, so the winding faces outward.
        v3 u = (face < 2) ? V3(0, 1, 0) : ((face < 4) ? V3(0, 0, 1) : V3(1, 0, 0));
        v3 w = Cross(n, u);
        v3 corners[4] = {n - u - w, n + u - w, n + u + w, n - u + w};
        if (Inner(Cross(corners[1] - corners[0], corners[2] - corners[0]), n) < 0.0f)
        {
            v3 swap = corners[1]; corners[1] = corners[3]; corners[3] = swap;
        }
        for (u32 i = 0; i < 4; ++i)
        {
            v3 p = corners[i];
            out[at++] = p.x; out[at++] = p.y; out[at++] = p.z;
            out[at++] = n.x; out[at++] = n.y; out[at++] = n.z;
        }
    }
}

// Reverse-z when glClipControl exists and the standard setup was not asked for; otherwise GL's
// standard depth, with a warning when it is forced on us.
internal void OpenGLChooseDepthConvention(opengl_state *gl, opengl_init_options *options, platform_log *log)
{
    gl->reverseZ = (glClipControl != 0) && !options->forceStandardDepth;
    if (gl->reverseZ)
    {
        glClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
        gl->depthFormat = GL_DEPTH_COMPONENT32F;
        gl->depthFunc = GL_GEQUAL;
        gl->depthClearValue = 0.0f;
    }
    else
    {
        if (log)
        {
            log(options->forceStandardDepth ? LogLevel_Info : LogLevel_Warning,
                "OpenGL: %s; using standard depth (24-bit, [-1,1], LEQUAL): distant surfaces will z-fight sooner",
                options->forceStandardDepth ? "standard depth requested" : "glClipControl (GL 4.5 / ARB_clip_control) is missing, reverse-z is off");
        }
        if (glClipControl)
        {
            // NOTE: the context may have run reverse-z before (a re-init); put back GL's default.
            glClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
        }
        gl->depthFormat = GL_DEPTH_COMPONENT24;
        gl->depthFunc = GL_LEQUAL;
        gl->depthClearValue = 1.0f;
    }
}

// The most samples a target can have: its colour and depth textures must both support them.
internal void OpenGLQueryMaxSamples(opengl_state *gl)
{
    GLint maxSamples = 1, maxDepthSamples = 1, maxColorSamples = 1;
    glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
    glGetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &maxDepthSamples);
    glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &maxColorSamples);
    gl->maxSamples = (u32)Maximum(1, Minimum(maxSamples, Minimum(maxDepthSamples, maxColorSamples)));
}

// Builds every program from the embedded copy of data/shaders/ (all of them, so the log names each
// one that failed); the platform then swaps in what the files hold, if they differ.
internal b32 OpenGLBuildPrograms(opengl_state *gl, platform_log *log)
{
    b32 ok = 1;
    for (u32 index = 0; index < OpenGLProgram_Count; ++index)
    {
        char error[1024];
        if (!OpenGLRebuildProgram(gl, index, OpenGLEmbeddedShaderText, 0, error, sizeof(error)))
        {
            if (log) log(LogLevel_Error, "OpenGL: program '%s' failed to build: %s", openGLProgramFiles[index].name, error);
            ok = 0;
        }
    }
    if (!ok)
    {
        if (log) log(LogLevel_Error, "OpenGL: the renderer's shaders did not build (errors above); nothing can be drawn");
        return 0;
    }
    return 1;
}

internal b32 OpenGLAllocateDrawTables(opengl_state *gl, opengl_init_options *options, memory_arena *arena, platform_log *log)
{
    gl->maxItems = options->maxDrawItems ? options->maxDrawItems : 16384;
    gl->maxStates = 1024;
    gl->maxClears = 64;
    gl->items = arena ? PushArray(arena, gl->maxItems, opengl_draw_item) : 0;
    gl->states = arena ? PushArray(arena, gl->maxStates, opengl_draw_state) : 0;
    gl->clearColors = arena ? PushArray(arena, gl->maxClears, v4) : 0;
    if (!gl->items || !gl->states || !gl->clearColors)
    {
        if (log) log(LogLevel_Error, "OpenGL: the renderer arena is too small for its draw tables");
        return 0;
    }
    return 1;
}

// Quads: one shared index table (two triangles per quad); positions, uvs and colours are pointed
// into the push buffer per draw.
internal b32 OpenGLMakeQuadVertexArray(opengl_state *gl, memory_arena *arena, platform_log *log)
{
    glBindVertexArray(gl->quadVertexArray);
    // NOTE: built once on the CPU into the arena, inside a temporary scope.
    temporary_memory temp = BeginTemporaryMemory(arena);
    u32 *indices = PushArray(arena, OPENGL_MAX_QUADS_PER_DRAW * 6, u32);
    if (indices)
    {
        for (u32 quad = 0; quad < OPENGL_MAX_QUADS_PER_DRAW; ++quad)
        {
            u32 *q = indices + quad * 6;
            q[0] = quad * 4 + 0; q[1] = quad * 4 + 1; q[2] = quad * 4 + 2;
            q[3] = quad * 4 + 0; q[4] = quad * 4 + 2; q[5] = quad * 4 + 3;
        }
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, gl->quadIndexBuffer);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, OPENGL_MAX_QUADS_PER_DRAW * 6 * sizeof(u32), indices, GL_STATIC_DRAW);
    }
    EndTemporaryMemory(temp);
    if (!indices)
    {
        if (log) log(LogLevel_Error, "OpenGL: the renderer arena cannot hold the quad index table");
        return 0;
    }
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);
    return 1;
}

// Cubes: the unit cube's vertices, instanced; attributes 3-6 (centre, yaw, half extent, colour)
// advance once per instance and are pointed into the push buffer per draw.
internal void OpenGLMakeCubeVertexArray(opengl_state *gl)
{
    glBindVertexArray(gl->cubeVertexArray);
    f32 cube[24 * 6];
    OpenGLFillCube(cube);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, gl->quadIndexBuffer);
    glBindBuffer(GL_ARRAY_BUFFER, gl->cubeVertexBuffer);
    glBufferData(GL_ARRAY_BUFFER, sizeof(cube), cube, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(f32), (void *)0);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(f32), (void *)(3 * sizeof(f32)));
    for (GLuint attribute = 3; attribute <= 6; ++attribute)
    {
        glEnableVertexAttribArray(attribute);
        glVertexAttribDivisor(attribute, 1);
    }
}

// The overlay: its own vertex buffer (render_vertex, from offset 0) and the quads' index table.
internal void OpenGLMakeOverlayVertexArray(opengl_state *gl)
{
    glBindVertexArray(gl->overlayVertexArray);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, gl->quadIndexBuffer);
    glBindBuffer(GL_ARRAY_BUFFER, gl->overlayBuffer);
    GLsizei stride = sizeof(render_vertex);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, (void *)offsetof(render_vertex, p));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, (void *)offsetof(render_vertex, uv));
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void *)offsetof(render_vertex, color));
}

internal b32 OpenGLMakeBuffersAndVertexArrays(opengl_state *gl, memory_arena *arena, platform_log *log)
{
    // NOTE: the stores' capacities and pushBufferStore start at 0 (OpenGLInit cleared the state).
    glGenBuffers(OPENGL_PUSH_BUFFER_RING, gl->pushBuffers);
    glGenBuffers(1, &gl->quadIndexBuffer);
    glGenBuffers(1, &gl->cubeVertexBuffer);
    glGenBuffers(1, &gl->overlayBuffer);
    glGenVertexArrays(1, &gl->quadVertexArray);
    glGenVertexArrays(1, &gl->cubeVertexArray);
    glGenVertexArrays(1, &gl->emptyVertexArray);
    glGenVertexArrays(1, &gl->overlayVertexArray);
    if (!OpenGLMakeQuadVertexArray(gl, arena, log))
    {
        return 0;
    }
    OpenGLMakeCubeVertexArray(gl);
    OpenGLMakeOverlayVertexArray(gl);
    glBindVertexArray(0);
    return 1;
}

// Texture slot 0: plain white, so untextured quads sample 1 and keep their vertex colour.
internal void OpenGLMakeWhiteTexture(opengl_state *gl)
{
    u32 white = 0xFFFFFFFFu;
    glGenTextures(1, &gl->textures[0]);
    glBindTexture(GL_TEXTURE_2D, gl->textures[0]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &white);
    glBindTexture(GL_TEXTURE_2D, 0);
}

// The overlay's atlas: plain RGBA8 (its bytes are sRGB-encoded and reach the RGBA8 present target
// as they are, so no sRGB decode), nearest so glyph texels stay whole pixels.
internal void OpenGLUploadOverlayFont(GLuint texture, const u32 *pixels, u32 width, u32 height)
{
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, (GLsizei)width, (GLsizei)height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    glBindTexture(GL_TEXTURE_2D, 0);
}

b32 OpenGLSetOverlayFont(opengl_state *gl, const u32 *pixels, u32 width, u32 height)
{
    if (!gl->initialized || !pixels || width == 0 || height == 0 || width > 16384 || height > 16384)
    {
        if (gl->log) gl->log(LogLevel_Error, "OpenGL: overlay font refused (%ux%u%s)", width, height,
                             gl->initialized ? "" : ", renderer not initialised");
        return 0;
    }
    OpenGLUploadOverlayFont(gl->overlayFont, pixels, width, height);
    return 1;
}

internal void OpenGLSetFixedState(opengl_state *gl)
{
    glClearDepth(gl->depthClearValue);
    glDepthFunc(gl->depthFunc);
    // NOTE: we encode sRGB ourselves in the final pass, so the default framebuffer must not.
    glDisable(GL_FRAMEBUFFER_SRGB);
    glDisable(GL_CULL_FACE);
}

b32 OpenGLInit(opengl_state *gl, opengl_info *info, opengl_init_options *options, memory_arena *arena, platform_log *log)
{
    memset(gl, 0, sizeof(*gl));
    gl->log = log;
    gl->info = *info;
    gl->arena = arena;

    OpenGLChooseDepthConvention(gl, options, log);
    OpenGLQueryMaxSamples(gl);
    if (!OpenGLBuildPrograms(gl, log) ||
        !OpenGLAllocateDrawTables(gl, options, arena, log) ||
        !OpenGLMakeBuffersAndVertexArrays(gl, arena, log))
    {
        return 0;
    }
    OpenGLMakeWhiteTexture(gl);
    u32 white = 0xFFFFFFFFu;
    glGenTextures(1, &gl->overlayFont);
    OpenGLUploadOverlayFont(gl->overlayFont, &white, 1, 1);
    OpenGLSetFixedState(gl);

    if (log)
    {
        log(LogLevel_Info, "OpenGL renderer: %s depth (%s, %s, cleared to %g), MSAA up to %u samples",
            gl->reverseZ ? "reverse-z" : "standard",
            gl->depthFormat == GL_DEPTH_COMPONENT32F ? "32F" : "24-bit",
            gl->depthFunc == GL_GEQUAL ? "GEQUAL" : "LEQUAL", (double)gl->depthClearValue, gl->maxSamples);
    }
    gl->initialized = 1;
    return 1;
}

void OpenGLShutdown(opengl_state *gl)
{
    if (!gl->initialized) return;
    OpenGLFreeTargets(&gl->targets);
    for (u32 index = 0; index < OpenGLProgram_Count; ++index)
    {
        glDeleteProgram(gl->programs[index].handle);
    }
    glDeleteTextures(RENDER_MAX_TEXTURES, gl->textures);
    glDeleteTextures(1, &gl->overlayFont);
    glDeleteBuffers(OPENGL_PUSH_BUFFER_RING, gl->pushBuffers);
    GLuint buffers[] = {gl->quadIndexBuffer, gl->cubeVertexBuffer, gl->overlayBuffer};
    glDeleteBuffers(ArrayCount(buffers), buffers);
    GLuint arrays[] = {gl->quadVertexArray, gl->cubeVertexArray, gl->emptyVertexArray, gl->overlayVertexArray};
    glDeleteVertexArrays(ArrayCount(arrays), arrays);
    gl->initialized = 0;
}
