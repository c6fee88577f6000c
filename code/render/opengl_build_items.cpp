// Step 1 of a frame (see opengl_renderer.cpp): one walk over the push buffer that uploads
// textures, snapshots camera/fog states and lists the draw items that point into the buffer.
// Included by render/render.cpp after opengl_resources.cpp.

#include "render/opengl_renderer.h"
#include "contract/render_projection.h"
#include "render/render_walk.h"

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

// What the walk carries from one entry to the next.
struct opengl_item_builder
{
    opengl_draw_state current;     // camera and fog as of this point in the stream
    b32 stateDirty;                // current differs from the last state stored in gl->states
    u32 itemCount;
    u32 clearCount;
    u32 stateCount;
};

internal b32 OpenGLReadClear(opengl_state *gl, opengl_item_builder *builder, void *payload, u32 payloadBytes,
                             opengl_draw_item *item)
{
    if (payloadBytes >= sizeof(render_entry_clear) && builder->clearCount < gl->maxClears)
    {
        gl->clearColors[builder->clearCount] = ((render_entry_clear *)payload)->color;
        item->kind = OpenGLDraw_Clear;
        item->count = builder->clearCount++;
        return 1;
    }
    ++gl->stats.skippedEntries;
    return 0;
}

internal void OpenGLReadCamera(opengl_state *gl, opengl_item_builder *builder, void *payload, u32 payloadBytes)
{
    if (payloadBytes < sizeof(render_entry_camera)) { ++gl->stats.skippedEntries; return; }
    render_entry_camera *camera = (render_entry_camera *)payload;
    m4x4 projection = gl->reverseZ ? camera->projection : ReverseZToStandardDepth(camera->projection);
    builder->current.viewProjection = projection * camera->view;
    builder->current.view = camera->view;
    builder->stateDirty = 1;
}

internal void OpenGLReadFog(opengl_state *gl, opengl_item_builder *builder, void *payload, u32 payloadBytes)
{
    if (payloadBytes < sizeof(render_entry_fog)) { ++gl->stats.skippedEntries; return; }
    render_entry_fog *fog = (render_entry_fog *)payload;
    builder->current.fogColor = fog->color;
    builder->current.fogParams = V4(fog->fogStart, fog->fogEnd, fog->alphaClipStart, fog->alphaClipEnd);
    builder->current.alphaThreshold = fog->alphaThreshold;
    builder->stateDirty = 1;
}

internal b32 OpenGLReadQuads(opengl_state *gl, void *payload, u32 payloadBytes, u32 payloadOffset, opengl_draw_item *item)
{
    render_entry_quads *quads = (render_entry_quads *)payload;
    if (payloadBytes < sizeof(render_entry_quads) ||
        (u64)quads->quadCount * 4 * sizeof(render_vertex) > payloadBytes - sizeof(render_entry_quads))
    {
        ++gl->stats.skippedEntries;
        return 0;
    }
    item->kind = OpenGLDraw_Quads;
    item->translucent = quads->translucent ? 1 : 0;
    item->textureIndex = (u16)((quads->textureIndex < RENDER_MAX_TEXTURES && gl->textures[quads->textureIndex]) ? quads->textureIndex : 0);
    item->payloadOffset = payloadOffset + (u32)sizeof(render_entry_quads);
    item->count = quads->quadCount;
    return quads->quadCount > 0;
}

internal b32 OpenGLReadCubes(opengl_state *gl, void *payload, u32 payloadBytes, u32 payloadOffset, opengl_draw_item *item)
{
    render_entry_cubes *cubes = (render_entry_cubes *)payload;
    if (payloadBytes < sizeof(render_entry_cubes) ||
        (u64)cubes->instanceCount * sizeof(render_cube_instance) > payloadBytes - sizeof(render_entry_cubes))
    {
        ++gl->stats.skippedEntries;
        return 0;
    }
    item->kind = OpenGLDraw_Cubes;
    item->translucent = cubes->translucent ? 1 : 0;
    item->payloadOffset = payloadOffset + (u32)sizeof(render_entry_cubes);
    item->count = cubes->instanceCount;
    return cubes->instanceCount > 0;
}

// Reads the entry at byte offset `at`. Camera, fog and texture entries change the state or upload;
// clear, quads and cubes entries fill *item and return 1 when it is to be drawn.
internal b32 OpenGLReadEntry(opengl_state *gl, opengl_item_builder *builder, render_entry_header *header, u32 at,
                             opengl_draw_item *item)
{
    u32 payloadBytes = header->size - (u32)sizeof(render_entry_header);
    u32 payloadOffset = at + (u32)sizeof(render_entry_header);
    void *payload = header + 1;
    switch (header->type)
    {
        case RenderEntry_Clear: return OpenGLReadClear(gl, builder, payload, payloadBytes, item);
        case RenderEntry_Camera: OpenGLReadCamera(gl, builder, payload, payloadBytes); break;
        case RenderEntry_Fog: OpenGLReadFog(gl, builder, payload, payloadBytes); break;
        case RenderEntry_Texture:
        {
            if (payloadBytes < sizeof(render_entry_texture)) { ++gl->stats.skippedEntries; break; }
            OpenGLUploadTexture(gl, (render_entry_texture *)payload);
        } break;
        case RenderEntry_Quads: return OpenGLReadQuads(gl, payload, payloadBytes, payloadOffset, item);
        case RenderEntry_Cubes: return OpenGLReadCubes(gl, payload, payloadBytes, payloadOffset, item);
        default:
        {
            // Unknown types are skipped by size: newer games stay drawable.
        } break;
    }
    return 0;
}

// Lists the item under the newest state, storing that state first when it changed.
internal void OpenGLAddItemWithState(opengl_state *gl, opengl_item_builder *builder, opengl_draw_item item)
{
    if (item.kind != OpenGLDraw_Clear && builder->stateDirty)
    {
        if (builder->stateCount < gl->maxStates)
        {
            gl->states[builder->stateCount++] = builder->current;
        }
        else
        {
            // Out of state slots: the last slot takes the newest state (logged via droppedItems).
            gl->states[gl->maxStates - 1] = builder->current;
            ++gl->stats.droppedItems;
        }
        builder->stateDirty = 0;
    }
    item.stateIndex = (u16)(builder->stateCount ? builder->stateCount - 1 : 0);
    OpenGLAddItem(gl, &builder->itemCount, item);
}

// Returns the number of items; fills gl->items, gl->states, gl->clearColors.
internal u32 OpenGLBuildItems(opengl_state *gl, game_render_commands *commands, u32 *stateCount)
{
    opengl_item_builder builder = {};
    builder.current.viewProjection = Identity4x4();
    builder.current.view = Identity4x4();
    builder.current.fogParams = V4(0, 0, 0, 0);    // start == end: no fog, no fade
    builder.stateDirty = 1;

    // NOTE: the walk (render_walk.h) draws sub-buffers in slot order where their SubBuffers entry
    // stands, and stops a range at a torn or corrupt entry rather than read past it.
    render_walk walk;
    BeginRenderWalk(&walk, commands);
    u32 at = 0;
    render_entry_header *header;
    while ((header = NextRenderEntry(&walk, &at)) != 0)
    {
        opengl_draw_item item = {};
        if (OpenGLReadEntry(gl, &builder, header, at, &item))
        {
            OpenGLAddItemWithState(gl, &builder, item);
        }
    }
    gl->stats.skippedEntries += walk.skippedEntries;
    if (builder.stateCount == 0)
    {
        gl->states[0] = builder.current;
        builder.stateCount = 1;
    }
    *stateCount = builder.stateCount;
    return builder.itemCount;
}
