// Where this frame's translucent items can land on the target, so that depth peeling
// (opengl_renderer.cpp, OpenGLDrawTranslucent) copies depth, clears and composites only there.
// Each peeled layer is a depth copy, a clear and a full-target composite: work per pixel of the
// target whatever the panes cover, which a software rasterizer (llvmpipe) pays in full. The
// rectangle is conservative: every pixel a translucent triangle can cover is inside it, so the
// frame is the same pixel for pixel; when that cannot be known cheaply (a vertex at or behind the
// eye plane, a value that is not finite, too many vertices) it is the whole target.
// Included by render/render.cpp after opengl_build_items.cpp.

// Above this many vertices (quad corners, 8 per cube) the walk costs more than it can save.
#define OPENGL_PEEL_BOUNDS_MAX_POINTS (1u << 16)

// Window coordinates (origin at the bottom left, as glScissor takes them); x0 <= x1, y0 <= y1,
// empty when x0 == x1 or y0 == y1.
struct opengl_pixel_rect
{
    u32 x0, y0, x1, y1;
};

// The bounds, in normalized device coordinates, of the points added so far.
struct opengl_ndc_bounds
{
    f32 minX, minY, maxX, maxY;
    b32 unbounded;     // a point was at or behind the eye plane, or not finite: the whole target
};

internal void OpenGLAddBoundsPoint(opengl_ndc_bounds *bounds, m4x4 *viewProjection, v3 p)
{
    v4 clip = (*viewProjection) * V4(p.x, p.y, p.z, 1.0f);
    // NOTE: written so that a NaN fails every test: !(w > epsilon), and x - x != 0 for inf or NaN.
    if (!(clip.w > 1e-6f))
    {
        bounds->unbounded = 1;
        return;
    }
    f32 x = clip.x / clip.w, y = clip.y / clip.w;
    if (x - x != 0.0f || y - y != 0.0f)
    {
        bounds->unbounded = 1;
        return;
    }
    bounds->minX = Minimum(bounds->minX, x);
    bounds->maxX = Maximum(bounds->maxX, x);
    bounds->minY = Minimum(bounds->minY, y);
    bounds->maxY = Maximum(bounds->maxY, y);
}

// A cube instance by the box around its bounding sphere: the vertex shader turns it by its yaw and
// takes its extents' absolute values (cubes.vert), and the sphere holds every turn.
internal void OpenGLAddCubeBounds(opengl_ndc_bounds *bounds, m4x4 *viewProjection, render_cube_instance *cube)
{
    f32 r = Length(cube->halfExtent);
    for (u32 corner = 0; corner < 8 && !bounds->unbounded; ++corner)
    {
        v3 offset = V3((corner & 1) ? r : -r, (corner & 2) ? r : -r, (corner & 4) ? r : -r);
        OpenGLAddBoundsPoint(bounds, viewProjection, cube->center + offset);
    }
}

// The pixels of a width x height target that this frame's translucent items can cover. Returns 0
// when they cover none (all off the target): peeling would add nothing.
internal b32 OpenGLTranslucentPixelRect(opengl_state *gl, game_render_commands *commands, u32 itemCount, u32 width,
                                        u32 height, opengl_pixel_rect *rect)
{
    opengl_ndc_bounds bounds = {3.0e38f, 3.0e38f, -3.0e38f, -3.0e38f, 0};
    u32 points = 0;
    for (u32 index = 0; index < itemCount && !bounds.unbounded; ++index)
    {
        opengl_draw_item *item = gl->items + index;
        if (item->kind == OpenGLDraw_Clear || !item->translucent)
        {
            continue;
        }
        u32 pointsPerEntry = (item->kind == OpenGLDraw_Quads) ? 4 : 8;
        // NOTE: the count first, so that count * 8 cannot wrap.
        points += item->count * pointsPerEntry;
        if (item->count > OPENGL_PEEL_BOUNDS_MAX_POINTS || points > OPENGL_PEEL_BOUNDS_MAX_POINTS)
        {
            bounds.unbounded = 1;
            break;
        }
        m4x4 *viewProjection = &gl->states[item->stateIndex].viewProjection;
        // NOTE: the payload was checked against its entry's size when the item was listed.
        u8 *payload = commands->pushBufferBase + item->payloadOffset;
        if (item->kind == OpenGLDraw_Quads)
        {
            render_vertex *vertices = (render_vertex *)payload;
            for (u32 vertex = 0; vertex < item->count * 4 && !bounds.unbounded; ++vertex)
            {
                OpenGLAddBoundsPoint(&bounds, viewProjection, vertices[vertex].p);
            }
        }
        else
        {
            render_cube_instance *cubes = (render_cube_instance *)payload;
            for (u32 cube = 0; cube < item->count && !bounds.unbounded; ++cube)
            {
                OpenGLAddCubeBounds(&bounds, viewProjection, cubes + cube);
            }
        }
    }
    if (bounds.unbounded)
    {
        *rect = {0, 0, width, height};
        return 1;
    }
    if (bounds.maxX < -1.0f || bounds.minX > 1.0f || bounds.maxY < -1.0f || bounds.minY > 1.0f)
    {
        *rect = {0, 0, 0, 0};
        return 0;
    }
    // A pixel more on every side: a triangle edge through a pixel's centre is drawn by the rules of
    // rasterization, which the rectangle must never cut short.
    f32 x0 = floorf((Clamp(-1.0f, bounds.minX, 1.0f) * 0.5f + 0.5f) * (f32)width) - 1.0f;
    f32 x1 = ceilf((Clamp(-1.0f, bounds.maxX, 1.0f) * 0.5f + 0.5f) * (f32)width) + 1.0f;
    f32 y0 = floorf((Clamp(-1.0f, bounds.minY, 1.0f) * 0.5f + 0.5f) * (f32)height) - 1.0f;
    f32 y1 = ceilf((Clamp(-1.0f, bounds.maxY, 1.0f) * 0.5f + 0.5f) * (f32)height) + 1.0f;
    rect->x0 = (u32)Maximum(x0, 0.0f);
    rect->y0 = (u32)Maximum(y0, 0.0f);
    rect->x1 = (u32)Minimum(x1, (f32)width);
    rect->y1 = (u32)Minimum(y1, (f32)height);
    return rect->x1 > rect->x0 && rect->y1 > rect->y0;
}
