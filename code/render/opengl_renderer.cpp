// The renderer for game_render_commands (see opengl_renderer.h for the frame's passes).
//
// Frame outline:
//   1. Walk the push buffer once: upload textures, snapshot camera/fog states, list draw items.
//   2. Upload the whole push buffer into one GL buffer; draws point into it by byte offset.
//   3. Opaque items into the (multisampled) scene target, then the custom resolve.
//   4. Translucent items: N depth-peeled layers composited front to back, within the pixels they
//      can cover (opengl_peel_bounds.cpp), or plain blending.
//   5. Final composite with sRGB encoding into the present target.
//   6. The exe's overlay (render_overlay.h) over it, then the blit to the window.

// Resources live in opengl_resources.cpp, step 1 in opengl_build_items.cpp and the translucent
// items' bounds in opengl_peel_bounds.cpp; this file draws.

#include "render/opengl_renderer.h"
#include "render/image_writer.h"
#include "render/render_walk.h"
#include <string.h>

//~ Drawing
internal f32 Determinant3x3(const m4x4 *m, u32 r0, u32 r1, u32 r2, u32 c0, u32 c1, u32 c2)
{
    return m->m[r0][c0] * (m->m[r1][c1] * m->m[r2][c2] - m->m[r1][c2] * m->m[r2][c1]) -
           m->m[r0][c1] * (m->m[r1][c0] * m->m[r2][c2] - m->m[r1][c2] * m->m[r2][c0]) +
           m->m[r0][c2] * (m->m[r1][c0] * m->m[r2][c1] - m->m[r1][c1] * m->m[r2][c0]);
}

internal f32 Determinant4x4(const m4x4 *m)
{
    return m->m[0][0] * Determinant3x3(m, 1, 2, 3, 1, 2, 3) - m->m[0][1] * Determinant3x3(m, 1, 2, 3, 0, 2, 3) +
           m->m[0][2] * Determinant3x3(m, 1, 2, 3, 0, 1, 3) - m->m[0][3] * Determinant3x3(m, 1, 2, 3, 0, 1, 2);
}

// The window-space winding of an outward (counter-clockwise) face seen from outside, through
// viewProjection. Standard depth's NDC is left-handed (z into the screen), so a camera that does
// not mirror has a negative determinant; reverse-z turns NDC's z around, and with it the sign. A
// mirroring camera (a reflection, a negative scale) flips it again: its front faces are clockwise.
internal GLenum OpenGLFrontFaceOf(opengl_state *gl, const m4x4 *viewProjection)
{
    b32 mirrored = (Determinant4x4(viewProjection) > 0.0f) != (gl->reverseZ != 0);
    return mirrored ? GL_CW : GL_CCW;
}

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
            glBindBuffer(GL_ARRAY_BUFFER, gl->pushBuffers[gl->pushBufferStore]);
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
            // Opaque cubes are closed and wound outward, so their back faces are always hidden:
            // culled, they are never shaded (half the triangles; on llvmpipe ~17% of a demo
            // frame's CPU). A translucent cube's back faces show through its front: drawn.
            if (!translucent)
            {
                glEnable(GL_CULL_FACE);
                glFrontFace(OpenGLFrontFaceOf(gl, &gl->states[item->stateIndex].viewProjection));
            }
            // Six faces of four corners: the quads' index table's first 36 indices.
            glDrawElementsInstanced(GL_TRIANGLES, 36, GL_UNSIGNED_INT, 0, (GLsizei)item->count);
            if (!translucent) glDisable(GL_CULL_FACE);
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

//~ Frame steps
// (Re)builds the targets when the size or sample count changed; 0 when they could not be made.
internal b32 OpenGLPrepareTargets(opengl_state *gl, u32 width, u32 height, u32 samples)
{
    if (gl->targets.width != width || gl->targets.height != height || gl->targets.samples != samples ||
        !gl->targets.mainFramebuffer)
    {
        return OpenGLMakeTargets(gl, width, height, samples);
    }
    return 1;
}

internal b32 OpenGLAnyTranslucentItem(opengl_state *gl, u32 itemCount)
{
    b32 anyTranslucent = 0;
    for (u32 index = 0; index < itemCount; ++index)
    {
        anyTranslucent |= (gl->items[index].kind != OpenGLDraw_Clear && gl->items[index].translucent);
    }
    return anyTranslucent;
}

internal void OpenGLUploadPushBuffer(opengl_state *gl, game_render_commands *commands)
{
    // This frame's store (OPENGL_PUSH_BUFFER_RING), the one after last frame's: the draws read it.
    u32 store = (gl->pushBufferStore + 1) % OPENGL_PUSH_BUFFER_RING;
    gl->pushBufferStore = store;
    glBindBuffer(GL_ARRAY_BUFFER, gl->pushBuffers[store]);
    // The main stream and the reserved part of the sub-buffer zone, at their offsets in the push
    // buffer (items address payloads by offset from its start).
    u32 zoneBytes = RenderZoneBytesReserved(commands);
    u32 uploadEnd = zoneBytes ? commands->subBufferZoneOffset + zoneBytes : commands->pushBufferSize;
    if (uploadEnd > gl->pushBufferCapacities[store])
    {
        gl->pushBufferCapacities[store] = (u32)AlignPow2(uploadEnd, 65536);
        glBufferData(GL_ARRAY_BUFFER, gl->pushBufferCapacities[store], 0, GL_STREAM_DRAW);
    }
    if (commands->pushBufferSize)
    {
        glBufferSubData(GL_ARRAY_BUFFER, 0, commands->pushBufferSize, commands->pushBufferBase);
    }
    if (zoneBytes)
    {
        glBufferSubData(GL_ARRAY_BUFFER, commands->subBufferZoneOffset, zoneBytes,
                        commands->pushBufferBase + commands->subBufferZoneOffset);
    }
}

internal void OpenGLDrawOpaque(opengl_state *gl, game_render_commands *commands, u32 itemCount, u32 width, u32 height, u32 samples)
{
    opengl_targets *t = &gl->targets;
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
}

// Our own resolve of the multisampled scene (colour and depth) into the main target.
internal void OpenGLResolveMultisampledScene(opengl_state *gl, u32 samples)
{
    opengl_targets *t = &gl->targets;
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

// Plain blending in submission order: correct only when the game sorted back to front.
internal void OpenGLDrawTranslucentBlended(opengl_state *gl, u32 itemCount)
{
    glBindFramebuffer(GL_FRAMEBUFFER, gl->targets.mainFramebuffer);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    OpenGLDrawItems(gl, itemCount, 1, 0);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
}

// Draws the nearest translucent layer behind the previous one, then adds it under the layers in
// front of it in the transparency sum; only inside `rect` (the scissor the caller set).
internal void OpenGLDrawPeelLayer(opengl_state *gl, u32 itemCount, u32 layer, opengl_pixel_rect *rect)
{
    opengl_targets *t = &gl->targets;
    GLuint depth = t->peelDepth[layer & 1];
    GLuint previous = t->peelDepth[(layer + 1) & 1];
    // Start from the opaque depth so hidden translucent fragments lose the depth test.
    glBindFramebuffer(GL_FRAMEBUFFER, t->peelFramebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth, 0);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, t->mainFramebuffer);
    // NOTE: the rectangle by the blit's coordinates with the scissor off: an unscissored blit of
    // one format to the same is a plain copy in Mesa, a scissored one is drawn by a shader.
    glDisable(GL_SCISSOR_TEST);
    glBlitFramebuffer((GLint)rect->x0, (GLint)rect->y0, (GLint)rect->x1, (GLint)rect->y1, (GLint)rect->x0,
                      (GLint)rect->y0, (GLint)rect->x1, (GLint)rect->y1, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
    glEnable(GL_SCISSOR_TEST);
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

// Clears the transparency sum, then peels `layers` layers into it, or blends straight into the
// scene when the game asked for no peeling. Peeling is scissored to the pixels the translucent
// items can cover (opengl_peel_bounds.cpp): the depth copies, clears and composites of every layer
// touch only those. Outside them the sum stays clear, which is what peeling would have left there.
internal void OpenGLDrawTranslucent(opengl_state *gl, game_render_commands *commands, u32 itemCount, b32 anyTranslucent,
                                    u32 layers, u32 width, u32 height)
{
    glBindFramebuffer(GL_FRAMEBUFFER, gl->targets.accumFramebuffer);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    opengl_pixel_rect rect;
    if (anyTranslucent && layers == 0)
    {
        OpenGLDrawTranslucentBlended(gl, itemCount);
    }
    else if (anyTranslucent && OpenGLTranslucentPixelRect(gl, commands, itemCount, width, height, &rect))
    {
        glEnable(GL_SCISSOR_TEST);
        glScissor((GLint)rect.x0, (GLint)rect.y0, (GLsizei)(rect.x1 - rect.x0), (GLsizei)(rect.y1 - rect.y0));
        for (u32 layer = 0; layer < layers; ++layer)
        {
            OpenGLDrawPeelLayer(gl, itemCount, layer, &rect);
        }
        glDisable(GL_SCISSOR_TEST);
        gl->stats.peelPixels = (rect.x1 - rect.x0) * (rect.y1 - rect.y0);
    }
}

// Scene plus transparency sum, sRGB-encoded into the present target.
internal void OpenGLComposite(opengl_state *gl)
{
    opengl_targets *t = &gl->targets;
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
}

// The overlay's vertices into their own buffer, orphaning last frame's store (never a wait on the
// GPU), then one draw over the present target; the overlay's pixel space stretches over the target.
internal void OpenGLDrawOverlay(opengl_state *gl, const render_overlay *overlay, u32 width, u32 height)
{
    if (!overlay || !overlay->quadCount || !overlay->vertices)
    {
        return;
    }
    u32 quadCount = Minimum(overlay->quadCount, overlay->maxQuads);
    umm bytes = (umm)quadCount * 4 * sizeof(render_vertex);
    glBindBuffer(GL_ARRAY_BUFFER, gl->overlayBuffer);
    if (bytes > gl->overlayBufferCapacity)
    {
        gl->overlayBufferCapacity = (umm)AlignPow2(bytes, 65536);
    }
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)gl->overlayBufferCapacity, 0, GL_STREAM_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)bytes, overlay->vertices);

    glBindFramebuffer(GL_FRAMEBUFFER, gl->targets.presentFramebuffer);
    glViewport(0, 0, (GLsizei)width, (GLsizei)height);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glEnable(GL_BLEND);
    // NOTE: colour blends over the frame; the target's alpha (1, as the composite wrote it) stays,
    // so a screenshot never turns see-through where the overlay is.
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
    opengl_program *program = gl->programs + OpenGLProgram_Overlay;
    glUseProgram(program->handle);
    f32 spaceWidth = (f32)(overlay->width ? overlay->width : width);
    f32 spaceHeight = (f32)(overlay->height ? overlay->height : height);
    glUniform2f(program->pixelToClip, 2.0f / spaceWidth, -2.0f / spaceHeight);
    glUniform1i(program->fontSampler, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, gl->overlayFont);
    glBindVertexArray(gl->overlayVertexArray);
    for (u32 first = 0; first < quadCount; first += OPENGL_MAX_QUADS_PER_DRAW)
    {
        u32 count = Minimum(quadCount - first, (u32)OPENGL_MAX_QUADS_PER_DRAW);
        glDrawElementsBaseVertex(GL_TRIANGLES, (GLsizei)(count * 6), GL_UNSIGNED_INT, 0, (GLint)(first * 4));
        ++gl->stats.drawCalls;
    }
    gl->stats.overlayQuads = quadCount;
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
    glDisable(GL_BLEND);
}

// The present target blitted (scaled when the window size differs) to the window's back buffer.
internal void OpenGLPresent(opengl_state *gl, u32 width, u32 height, u32 windowWidth, u32 windowHeight)
{
    opengl_targets *t = &gl->targets;
    glBindFramebuffer(GL_READ_FRAMEBUFFER, t->presentFramebuffer);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    u32 outWidth = windowWidth ? windowWidth : width;
    u32 outHeight = windowHeight ? windowHeight : height;
    glBlitFramebuffer(0, 0, (GLint)width, (GLint)height, 0, 0, (GLint)outWidth, (GLint)outHeight, GL_COLOR_BUFFER_BIT,
                      (outWidth == width && outHeight == height) ? GL_NEAREST : GL_LINEAR);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

//~ Frame
void OpenGLRenderCommands(opengl_state *gl, game_render_commands *commands, u32 windowWidth, u32 windowHeight)
{
    OpenGLRenderFrame(gl, commands, 0, windowWidth, windowHeight);
}

void OpenGLRenderFrame(opengl_state *gl, game_render_commands *commands, const render_overlay *overlay, u32 windowWidth, u32 windowHeight)
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
    if (!OpenGLPrepareTargets(gl, width, height, samples))
    {
        return;
    }

    //~ 1-2. Walk, then upload the push buffer in one go
    u32 stateCount = 0;
    u32 itemCount = OpenGLBuildItems(gl, commands, &stateCount);
    b32 anyTranslucent = OpenGLAnyTranslucentItem(gl, itemCount);
    OpenGLUploadPushBuffer(gl, commands);

    //~ 3. Opaque
    OpenGLDrawOpaque(gl, commands, itemCount, width, height, samples);
    if (samples > 1)
    {
        OpenGLResolveMultisampledScene(gl, samples);
    }

    //~ 4. Translucent
    OpenGLDrawTranslucent(gl, commands, itemCount, anyTranslucent, commands->depthPeelLayers, width, height);

    //~ 5. Final composite
    OpenGLComposite(gl);

    //~ 6. The overlay over the finished frame, then present
    OpenGLDrawOverlay(gl, overlay, width, height);
    OpenGLPresent(gl, width, height, windowWidth, windowHeight);

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

void OpenGLWaitForDrawing(void)
{
    glFinish();
}
