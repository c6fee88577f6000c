// The renderer for game_render_commands (see opengl_renderer.h for the frame's passes).
//
// Frame outline:
//   1. Walk the push buffer once: upload textures, snapshot camera/fog states, list draw items.
//   2. Upload the whole push buffer into one GL buffer; draws point into it by byte offset.
//   3. Opaque items into the (multisampled) scene target, then the custom resolve.
//   4. Translucent items: N depth-peeled layers composited front to back (or plain blending).
//   5. Final composite with sRGB encoding into the present target, blitted to the window.

#include "render/opengl_renderer.h"
#include "contract/render_projection.h"
#include "render/image_writer.h"
#include "render/opengl_loader_logic.h"
#include "render/render_walk.h"
#include <stdio.h>
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
        u32 order[6] = {0, 1, 2, 0, 2, 3};
        for (u32 i = 0; i < 6; ++i)
        {
            v3 p = corners[order[i]];
            out[at++] = p.x; out[at++] = p.y; out[at++] = p.z;
            out[at++] = n.x; out[at++] = n.y; out[at++] = n.z;
        }
    }
}

b32 OpenGLInit(opengl_state *gl, opengl_info *info, opengl_init_options *options, memory_arena *arena, platform_log *log)
{
    memset(gl, 0, sizeof(*gl));
    gl->log = log;
    gl->info = *info;
    gl->arena = arena;

    //~ Depth convention
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
    GLint maxSamples = 1, maxDepthSamples = 1, maxColorSamples = 1;
    glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
    glGetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &maxDepthSamples);
    glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &maxColorSamples);
    gl->maxSamples = (u32)Maximum(1, Minimum(maxSamples, Minimum(maxDepthSamples, maxColorSamples)));

    //~ Programs
    b32 ok = 1;
    for (u32 index = 0; index < OpenGLProgram_Count; ++index)
    {
        ok &= OpenGLBuildProgram(gl->programs + index, openGLShaderSources + index, log);
    }
    if (!ok)
    {
        if (log) log(LogLevel_Error, "OpenGL: the renderer's shaders did not build (errors above); nothing can be drawn");
        return 0;
    }

    //~ Fixed CPU tables
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

    //~ Buffers and vertex layouts
    glGenBuffers(1, &gl->pushBuffer);
    glGenBuffers(1, &gl->quadIndexBuffer);
    glGenBuffers(1, &gl->cubeVertexBuffer);
    glGenVertexArrays(1, &gl->quadVertexArray);
    glGenVertexArrays(1, &gl->cubeVertexArray);
    glGenVertexArrays(1, &gl->emptyVertexArray);

    glBindVertexArray(gl->quadVertexArray);
    {
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
    }
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);

    glBindVertexArray(gl->cubeVertexArray);
    {
        f32 cube[36 * 6];
        OpenGLFillCube(cube);
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
    glBindVertexArray(0);

    //~ Texture slot 0: plain white
    u32 white = 0xFFFFFFFFu;
    glGenTextures(1, &gl->textures[0]);
    glBindTexture(GL_TEXTURE_2D, gl->textures[0]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &white);
    glBindTexture(GL_TEXTURE_2D, 0);

    //~ Fixed state
    glClearDepth(gl->depthClearValue);
    glDepthFunc(gl->depthFunc);
    // NOTE: we encode sRGB ourselves in the final pass, so the default framebuffer must not.
    glDisable(GL_FRAMEBUFFER_SRGB);
    glDisable(GL_CULL_FACE);

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
    GLuint buffers[] = {gl->pushBuffer, gl->quadIndexBuffer, gl->cubeVertexBuffer};
    glDeleteBuffers(ArrayCount(buffers), buffers);
    GLuint arrays[] = {gl->quadVertexArray, gl->cubeVertexArray, gl->emptyVertexArray};
    glDeleteVertexArrays(ArrayCount(arrays), arrays);
    gl->initialized = 0;
}

//~ Command walk
internal void OpenGLUploadTexture(opengl_state *gl, render_entry_texture *entry)
{
    if (entry->textureIndex == 0 || entry->textureIndex >= RENDER_MAX_TEXTURES || !entry->pixels ||
        entry->width == 0 || entry->height == 0 || entry->width > 16384 || entry->height > 16384)
    {
        ++gl->stats.skippedEntries;
        return;
    }
    GLuint *texture = gl->textures + entry->textureIndex;
    if (!*texture)
    {
        glGenTextures(1, texture);
    }
    glBindTexture(GL_TEXTURE_2D, *texture);
    // NOTE: mipmapped: a tiled floor minified without them shimmers into moire at a distance.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    // The pixels are read here, during the call: the game may overwrite them next frame.
    glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, (GLsizei)entry->width, (GLsizei)entry->height, 0,
                 GL_RGBA, GL_UNSIGNED_BYTE, entry->pixels);
    glGenerateMipmap(GL_TEXTURE_2D);
    glBindTexture(GL_TEXTURE_2D, 0);
}

internal void OpenGLAddItem(opengl_state *gl, u32 *itemCount, opengl_draw_item item)
{
    if (*itemCount < gl->maxItems)
    {
        gl->items[(*itemCount)++] = item;
    }
    else
    {
        ++gl->stats.droppedItems;
    }
}

// Returns the number of items; fills gl->items, gl->states, gl->clearColors.
internal u32 OpenGLBuildItems(opengl_state *gl, game_render_commands *commands, u32 *stateCount)
{
    u32 itemCount = 0, clearCount = 0;
    opengl_draw_state current = {};
    current.viewProjection = Identity4x4();
    current.view = Identity4x4();
    current.fogParams = V4(0, 0, 0, 0);    // start == end: no fog, no fade
    b32 stateDirty = 1;
    *stateCount = 0;

    // NOTE: the walk (render_walk.h) draws sub-buffers in slot order where their SubBuffers entry
    // stands, and stops a range at a torn or corrupt entry rather than read past it.
    render_walk walk;
    BeginRenderWalk(&walk, commands);
    u32 at = 0;
    render_entry_header *header;
    while ((header = NextRenderEntry(&walk, &at)) != 0)
    {
        u32 payloadBytes = header->size - (u32)sizeof(render_entry_header);
        u32 payloadOffset = at + (u32)sizeof(render_entry_header);
        void *payload = header + 1;
        opengl_draw_item item = {};
        b32 addItem = 0;
        switch (header->type)
        {
            case RenderEntry_Clear:
            {
                if (payloadBytes >= sizeof(render_entry_clear) && clearCount < gl->maxClears)
                {
                    gl->clearColors[clearCount] = ((render_entry_clear *)payload)->color;
                    item.kind = OpenGLDraw_Clear;
                    item.count = clearCount++;
                    addItem = 1;
                }
                else
                {
                    ++gl->stats.skippedEntries;
                }
            } break;
            case RenderEntry_Camera:
            {
                if (payloadBytes < sizeof(render_entry_camera)) { ++gl->stats.skippedEntries; break; }
                render_entry_camera *camera = (render_entry_camera *)payload;
                m4x4 projection = gl->reverseZ ? camera->projection : ReverseZToStandardDepth(camera->projection);
                current.viewProjection = projection * camera->view;
                current.view = camera->view;
                stateDirty = 1;
            } break;
            case RenderEntry_Fog:
            {
                if (payloadBytes < sizeof(render_entry_fog)) { ++gl->stats.skippedEntries; break; }
                render_entry_fog *fog = (render_entry_fog *)payload;
                current.fogColor = fog->color;
                current.fogParams = V4(fog->fogStart, fog->fogEnd, fog->alphaClipStart, fog->alphaClipEnd);
                current.alphaThreshold = fog->alphaThreshold;
                stateDirty = 1;
            } break;
            case RenderEntry_Texture:
            {
                if (payloadBytes < sizeof(render_entry_texture)) { ++gl->stats.skippedEntries; break; }
                OpenGLUploadTexture(gl, (render_entry_texture *)payload);
            } break;
            case RenderEntry_Quads:
            {
                render_entry_quads *quads = (render_entry_quads *)payload;
                if (payloadBytes < sizeof(render_entry_quads) ||
                    (u64)quads->quadCount * 4 * sizeof(render_vertex) > payloadBytes - sizeof(render_entry_quads))
                {
                    ++gl->stats.skippedEntries;
                    break;
                }
                item.kind = OpenGLDraw_Quads;
                item.translucent = quads->translucent ? 1 : 0;
                item.textureIndex = (u16)((quads->textureIndex < RENDER_MAX_TEXTURES && gl->textures[quads->textureIndex]) ? quads->textureIndex : 0);
                item.payloadOffset = payloadOffset + (u32)sizeof(render_entry_quads);
                item.count = quads->quadCount;
                addItem = quads->quadCount > 0;
            } break;
            case RenderEntry_Cubes:
            {
                render_entry_cubes *cubes = (render_entry_cubes *)payload;
                if (payloadBytes < sizeof(render_entry_cubes) ||
                    (u64)cubes->instanceCount * sizeof(render_cube_instance) > payloadBytes - sizeof(render_entry_cubes))
                {
                    ++gl->stats.skippedEntries;
                    break;
                }
                item.kind = OpenGLDraw_Cubes;
                item.translucent = cubes->translucent ? 1 : 0;
                item.payloadOffset = payloadOffset + (u32)sizeof(render_entry_cubes);
                item.count = cubes->instanceCount;
                addItem = cubes->instanceCount > 0;
            } break;
            default:
            {
                // Unknown types are skipped by size: newer games stay drawable.
            } break;
        }
        if (addItem)
        {
            if (item.kind != OpenGLDraw_Clear && stateDirty)
            {
                if (*stateCount < gl->maxStates)
                {
                    gl->states[(*stateCount)++] = current;
                }
                else
                {
                    // Out of state slots: the last slot takes the newest state (logged via droppedItems).
                    gl->states[gl->maxStates - 1] = current;
                    ++gl->stats.droppedItems;
                }
                stateDirty = 0;
            }
            item.stateIndex = (u16)(*stateCount ? *stateCount - 1 : 0);
            OpenGLAddItem(gl, &itemCount, item);
        }
    }
    gl->stats.skippedEntries += walk.skippedEntries;
    if (*stateCount == 0)
    {
        gl->states[0] = current;
        *stateCount = 1;
    }
    return itemCount;
}

//~ Drawing
internal void OpenGLApplyState(opengl_program *program, opengl_draw_state *state)
{
    // NOTE: our matrices are row-major with column vectors; GL wants column-major, hence transpose.
    glUniformMatrix4fv(program->viewProjection, 1, GL_TRUE, &state->viewProjection.m[0][0]);
    glUniformMatrix4fv(program->view, 1, GL_TRUE, &state->view.m[0][0]);
    glUniform4f(program->fogColor, state->fogColor.x, state->fogColor.y, state->fogColor.z, state->fogColor.w);
    glUniform4f(program->fogParams, state->fogParams.x, state->fogParams.y, state->fogParams.z, state->fogParams.w);
    glUniform1f(program->alphaThreshold, state->alphaThreshold);
}

// Draws every item whose translucency matches; `peel` enables the peel-depth discard.
internal void OpenGLDrawItems(opengl_state *gl, u32 itemCount, b32 translucent, b32 peel)
{
    opengl_program *bound = 0;
    u32 boundState = 0xFFFFFFFFu;
    u32 boundTexture = 0xFFFFFFFFu;
    for (u32 index = 0; index < itemCount; ++index)
    {
        opengl_draw_item *item = gl->items + index;
        if (item->kind == OpenGLDraw_Clear)
        {
            if (!translucent)
            {
                v4 c = gl->clearColors[item->count];
                glClearColor(c.x, c.y, c.z, c.w);
                glDepthMask(GL_TRUE);
                glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
            }
            continue;
        }
        if ((item->translucent != 0) != (translucent != 0))
        {
            continue;
        }
        opengl_program *program = gl->programs + ((item->kind == OpenGLDraw_Quads) ? OpenGLProgram_Quads : OpenGLProgram_Cubes);
        if (program != bound)
        {
            glUseProgram(program->handle);
            glUniform1i(program->textureSampler, 0);
            glUniform1i(program->peelDepth, 1);
            glUniform1i(program->peelEnabled, peel ? 1 : 0);
            glUniform1f(program->depthSign, gl->reverseZ ? 1.0f : -1.0f);
            glBindVertexArray(item->kind == OpenGLDraw_Quads ? gl->quadVertexArray : gl->cubeVertexArray);
            glBindBuffer(GL_ARRAY_BUFFER, gl->pushBuffer);
            bound = program;
            boundState = 0xFFFFFFFFu;
        }
        if (item->stateIndex != boundState)
        {
            OpenGLApplyState(program, gl->states + item->stateIndex);
            boundState = item->stateIndex;
        }
        u32 texture = (item->kind == OpenGLDraw_Quads) ? item->textureIndex : 0;
        if (texture != boundTexture)
        {
            glActiveTexture(GL_TEXTURE0);
            glBindTexture(GL_TEXTURE_2D, gl->textures[texture]);
            boundTexture = texture;
        }
        if (item->kind == OpenGLDraw_Quads)
        {
            for (u32 first = 0; first < item->count; first += OPENGL_MAX_QUADS_PER_DRAW)
            {
                u32 count = Minimum(item->count - first, (u32)OPENGL_MAX_QUADS_PER_DRAW);
                umm base = item->payloadOffset + (umm)first * 4 * sizeof(render_vertex);
                GLsizei stride = sizeof(render_vertex);
                glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, (void *)(base + offsetof(render_vertex, p)));
                glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, (void *)(base + offsetof(render_vertex, uv)));
                glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void *)(base + offsetof(render_vertex, color)));
                glDrawElements(GL_TRIANGLES, (GLsizei)(count * 6), GL_UNSIGNED_INT, 0);
                ++gl->stats.drawCalls;
            }
        }
        else
        {
            umm base = item->payloadOffset;
            GLsizei stride = sizeof(render_cube_instance);
            glVertexAttribPointer(3, 3, GL_FLOAT, GL_FALSE, stride, (void *)(base + offsetof(render_cube_instance, center)));
            glVertexAttribPointer(4, 1, GL_FLOAT, GL_FALSE, stride, (void *)(base + offsetof(render_cube_instance, yaw)));
            glVertexAttribPointer(5, 3, GL_FLOAT, GL_FALSE, stride, (void *)(base + offsetof(render_cube_instance, halfExtent)));
            glVertexAttribPointer(6, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void *)(base + offsetof(render_cube_instance, color)));
            glDrawArraysInstanced(GL_TRIANGLES, 0, 36, (GLsizei)item->count);
            ++gl->stats.drawCalls;
        }
        if (translucent) ++gl->stats.translucentBatches; else ++gl->stats.opaqueBatches;
    }
    glBindVertexArray(0);
}

internal void OpenGLFullscreenPass(opengl_state *gl)
{
    glBindVertexArray(gl->emptyVertexArray);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    ++gl->stats.drawCalls;
}

void OpenGLRenderCommands(opengl_state *gl, game_render_commands *commands, u32 windowWidth, u32 windowHeight)
{
    if (!gl->initialized || !commands)
    {
        return;
    }
    opengl_frame_stats previousStats = gl->stats;
    memset(&gl->stats, 0, sizeof(gl->stats));

    u32 width = commands->widthInPixels ? commands->widthInPixels : windowWidth;
    u32 height = commands->heightInPixels ? commands->heightInPixels : windowHeight;
    if (width == 0 || height == 0)
    {
        return;   // minimised
    }
    u32 samples = (commands->msaaSamples > 1) ? Minimum(commands->msaaSamples, gl->maxSamples) : 1;
    if (gl->targets.width != width || gl->targets.height != height || gl->targets.samples != samples ||
        !gl->targets.mainFramebuffer)
    {
        if (!OpenGLMakeTargets(gl, width, height, samples))
        {
            return;
        }
    }
    opengl_targets *t = &gl->targets;

    //~ 1-2. Walk, then upload the push buffer in one go
    u32 stateCount = 0;
    u32 itemCount = OpenGLBuildItems(gl, commands, &stateCount);
    b32 anyTranslucent = 0;
    for (u32 index = 0; index < itemCount; ++index)
    {
        anyTranslucent |= (gl->items[index].kind != OpenGLDraw_Clear && gl->items[index].translucent);
    }
    glBindBuffer(GL_ARRAY_BUFFER, gl->pushBuffer);
    // The main stream and the reserved part of the sub-buffer zone, at their offsets in the push
    // buffer (items address payloads by offset from its start).
    u32 zoneBytes = RenderZoneBytesReserved(commands);
    u32 uploadEnd = zoneBytes ? commands->subBufferZoneOffset + zoneBytes : commands->pushBufferSize;
    if (uploadEnd > gl->pushBufferCapacity)
    {
        gl->pushBufferCapacity = (u32)AlignPow2(uploadEnd, 65536);
    }
    // NOTE: re-specifying the store orphans last frame's copy, so the upload never waits on the GPU.
    glBufferData(GL_ARRAY_BUFFER, gl->pushBufferCapacity, 0, GL_STREAM_DRAW);
    if (commands->pushBufferSize)
    {
        glBufferSubData(GL_ARRAY_BUFFER, 0, commands->pushBufferSize, commands->pushBufferBase);
    }
    if (zoneBytes)
    {
        glBufferSubData(GL_ARRAY_BUFFER, commands->subBufferZoneOffset, zoneBytes,
                        commands->pushBufferBase + commands->subBufferZoneOffset);
    }

    //~ 3. Opaque
    glViewport(0, 0, (GLsizei)width, (GLsizei)height);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_BLEND);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(gl->depthFunc);
    glDepthMask(GL_TRUE);
    glClearDepth(gl->depthClearValue);
    glBindFramebuffer(GL_FRAMEBUFFER, (samples > 1) ? t->msaaFramebuffer : t->mainFramebuffer);
    glClearColor(commands->clearColor.x, commands->clearColor.y, commands->clearColor.z, commands->clearColor.w);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    OpenGLDrawItems(gl, itemCount, 0, 0);

    if (samples > 1)
    {
        opengl_program *resolve = gl->programs + OpenGLProgram_Resolve;
        glBindFramebuffer(GL_FRAMEBUFFER, t->mainFramebuffer);
        glUseProgram(resolve->handle);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t->msaaColor);
        glActiveTexture(GL_TEXTURE0 + 1);
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t->msaaDepth);
        glUniform1i(resolve->colorSampler, 0);
        glUniform1i(resolve->depthSampler, 1);
        glUniform1i(resolve->sampleCount, (GLint)samples);
        glUniform1i(resolve->reverseZ, gl->reverseZ ? 1 : 0);
        glDepthFunc(GL_ALWAYS);
        OpenGLFullscreenPass(gl);
        glDepthFunc(gl->depthFunc);
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
        glActiveTexture(GL_TEXTURE0);
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
    }

    //~ 4. Translucent
    glBindFramebuffer(GL_FRAMEBUFFER, t->accumFramebuffer);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    u32 layers = commands->depthPeelLayers;
    if (anyTranslucent && layers == 0)
    {
        // Plain blending in submission order: correct only when the game sorted back to front.
        glBindFramebuffer(GL_FRAMEBUFFER, t->mainFramebuffer);
        glEnable(GL_BLEND);
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        glDepthMask(GL_FALSE);
        OpenGLDrawItems(gl, itemCount, 1, 0);
        glDepthMask(GL_TRUE);
        glDisable(GL_BLEND);
    }
    else if (anyTranslucent)
    {
        for (u32 layer = 0; layer < layers; ++layer)
        {
            GLuint depth = t->peelDepth[layer & 1];
            GLuint previous = t->peelDepth[(layer + 1) & 1];
            // Start from the opaque depth so hidden translucent fragments lose the depth test.
            glBindFramebuffer(GL_FRAMEBUFFER, t->peelFramebuffer);
            glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth, 0);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, t->mainFramebuffer);
            glBlitFramebuffer(0, 0, (GLint)width, (GLint)height, 0, 0, (GLint)width, (GLint)height, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
            glBindFramebuffer(GL_FRAMEBUFFER, t->peelFramebuffer);
            glClearColor(0, 0, 0, 0);
            glClear(GL_COLOR_BUFFER_BIT);

            glEnable(GL_DEPTH_TEST);
            glDepthMask(GL_TRUE);
            glActiveTexture(GL_TEXTURE0 + 1);
            glBindTexture(GL_TEXTURE_2D, (layer > 0) ? previous : 0);
            glActiveTexture(GL_TEXTURE0);
            OpenGLDrawItems(gl, itemCount, 1, layer > 0);
            glActiveTexture(GL_TEXTURE0 + 1);
            glBindTexture(GL_TEXTURE_2D, 0);
            glActiveTexture(GL_TEXTURE0);

            // Add this layer under the layers in front of it.
            glBindFramebuffer(GL_FRAMEBUFFER, t->accumFramebuffer);
            glDisable(GL_DEPTH_TEST);
            glEnable(GL_BLEND);
            glBlendFuncSeparate(GL_ONE_MINUS_DST_ALPHA, GL_ONE, GL_ONE_MINUS_DST_ALPHA, GL_ONE);
            opengl_program *composite = gl->programs + OpenGLProgram_PeelComposite;
            glUseProgram(composite->handle);
            glBindTexture(GL_TEXTURE_2D, t->peelColor);
            glUniform1i(composite->layerSampler, 0);
            OpenGLFullscreenPass(gl);
            glDisable(GL_BLEND);
            ++gl->stats.peelLayersDrawn;
        }
    }

    //~ 5. Final composite and present
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glBindFramebuffer(GL_FRAMEBUFFER, t->presentFramebuffer);
    opengl_program *finalProgram = gl->programs + OpenGLProgram_Final;
    glUseProgram(finalProgram->handle);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, t->mainColor);
    glActiveTexture(GL_TEXTURE0 + 1);
    glBindTexture(GL_TEXTURE_2D, t->accumColor);
    glUniform1i(finalProgram->colorSampler, 0);
    glUniform1i(finalProgram->accumSampler, 1);
    glUniform1i(finalProgram->encodeSRGB, 1);
    OpenGLFullscreenPass(gl);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);

    glBindFramebuffer(GL_READ_FRAMEBUFFER, t->presentFramebuffer);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    u32 outWidth = windowWidth ? windowWidth : width;
    u32 outHeight = windowHeight ? windowHeight : height;
    glBlitFramebuffer(0, 0, (GLint)width, (GLint)height, 0, 0, (GLint)outWidth, (GLint)outHeight, GL_COLOR_BUFFER_BIT,
                      (outWidth == width && outHeight == height) ? GL_NEAREST : GL_LINEAR);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    // Leave the depth state as set up, so it can be inspected between frames.
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(gl->depthFunc);
    glDepthMask(GL_TRUE);
    glClearDepth(gl->depthClearValue);
    gl->hasPresentedFrame = 1;

    if (gl->log && (gl->stats.droppedItems || gl->stats.skippedEntries) &&
        !(previousStats.droppedItems || previousStats.skippedEntries))
    {
        gl->log(LogLevel_Warning, "OpenGL: %u draw items beyond the fixed tables were dropped and %u malformed entries skipped this frame",
                gl->stats.droppedItems, gl->stats.skippedEntries);
    }
}

//~ Readback
b32 OpenGLReadPresentedPixels(opengl_state *gl, u8 *pixels, umm pixelsSize, u32 *width, u32 *height)
{
    *width = gl->targets.width;
    *height = gl->targets.height;
    umm rowBytes = (umm)gl->targets.width * 4;
    if (!gl->initialized || !gl->hasPresentedFrame || !pixels || pixelsSize < rowBytes * gl->targets.height)
    {
        return 0;
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, gl->targets.presentFramebuffer);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, (GLsizei)gl->targets.width, (GLsizei)gl->targets.height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    // GL rows start at the bottom; images and tests want the top row first.
    for (u32 y = 0; y < gl->targets.height / 2; ++y)
    {
        u8 *a = pixels + (umm)y * rowBytes;
        u8 *b = pixels + (umm)(gl->targets.height - 1 - y) * rowBytes;
        for (umm i = 0; i < rowBytes; ++i)
        {
            u8 swap = a[i]; a[i] = b[i]; b[i] = swap;
        }
    }
    return 1;
}

b32 OpenGLWriteScreenshot(opengl_state *gl, const char *path)
{
    if (!gl->initialized || !gl->hasPresentedFrame || !gl->arena)
    {
        if (gl->log) gl->log(LogLevel_Error, "screenshot '%s': no frame has been drawn yet", path);
        return 0;
    }
    temporary_memory temp = BeginTemporaryMemory(gl->arena);
    umm size = (umm)gl->targets.width * gl->targets.height * 4;
    u8 *pixels = (u8 *)PushSize(gl->arena, size);
    u32 width = 0, height = 0;
    b32 ok = pixels && OpenGLReadPresentedPixels(gl, pixels, size, &width, &height) &&
             WriteImageFile(path, width, height, pixels);
    EndTemporaryMemory(temp);
    if (gl->log)
    {
        if (ok) gl->log(LogLevel_Info, "screenshot written: %s (%ux%u)", path, width, height);
        else gl->log(LogLevel_Error, "screenshot '%s' failed (%s)", path, pixels ? "could not write the file" : "renderer arena too small for the readback");
    }
    return ok;
}
