// Included by test_gl_render.cpp (its harness: gl_test_context, BeginTestFrame, RenderAndRead,
// PixelAt, PixelNear). Order-independent transparency by depth peeling against the back-to-front
// blend worked out here, and the peel's bounds (opengl_peel_bounds.cpp): the layers cover only the
// pixels the translucent items can reach, and the picture is the same as if they covered all.

//~ Transparency
struct test_layer { f32 z; u32 color; };

internal v3 AnalyticBlend(v3 background, test_layer *layers, u32 count)
{
    // Back to front: sort by z ascending (most negative = farthest first).
    test_layer sorted[8];
    memcpy(sorted, layers, count * sizeof(test_layer));
    for (u32 i = 0; i < count; ++i)
        for (u32 j = i + 1; j < count; ++j)
            if (sorted[j].z < sorted[i].z) { test_layer t = sorted[i]; sorted[i] = sorted[j]; sorted[j] = t; }
    v3 c = background;
    for (u32 i = 0; i < count; ++i)
    {
        u32 p = sorted[i].color;
        f32 a = (f32)((p >> 24) & 0xFF) / 255.0f;
        v3 lin = V3(SRGBToLinear((f32)(p & 0xFF) / 255.0f), SRGBToLinear((f32)((p >> 8) & 0xFF) / 255.0f),
                    SRGBToLinear((f32)((p >> 16) & 0xFF) / 255.0f));
        c = a * lin + (1.0f - a) * c;
    }
    return V3(LinearToSRGB(c.x), LinearToSRGB(c.y), LinearToSRGB(c.z));
}

// Renders the three layers in the given order; returns the worst channel error at the centre.
internal f32 RenderLayers(gl_test_context *context, test_layer *layers, u32 *order, u32 peelLayers, u32 msaa, v3 expected)
{
    game_render_commands commands;
    v3 background = V3(0.2f, 0.2f, 0.2f);
    BeginTestFrame(&commands, TEST_SIZE, V4(background, 1.0f));
    commands.depthPeelLayers = peelLayers;
    commands.msaaSamples = msaa;
    PushTestCamera(&commands, 0.1f, 100.0f);
    for (u32 i = 0; i < 3; ++i)
    {
        test_layer *layer = layers + order[i];
        f32 half = -layer->z;   // fills the 90-degree view
        PushQuad(&commands, 0, 1, V3(0, 0, layer->z), V3(half, 0, 0), V3(0, half, 0), layer->color);
    }
    RenderAndRead(context, &commands);
    f32 worst = 0;
    for (u32 y = TEST_SIZE / 2 - 4; y < TEST_SIZE / 2 + 4; ++y)
        for (u32 x = TEST_SIZE / 2 - 4; x < TEST_SIZE / 2 + 4; ++x)
            PixelNear(PixelAt(TEST_SIZE, x, y), expected, 255.0f, &worst);
    return worst;
}

internal void TestTransparency(gl_test_context *context)
{
    test_layer layers[3] = {
        {-2.0f, PackRGBA8(230, 40, 40, 128)},
        {-3.0f, PackRGBA8(40, 200, 60, 128)},
        {-4.0f, PackRGBA8(50, 60, 220, 128)},
    };
    v3 expected = AnalyticBlend(V3(0.2f, 0.2f, 0.2f), layers, 3);
    u32 orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    f32 worstPlain = 0;
    for (u32 o = 0; o < 6; ++o)
    {
        f32 worst = RenderLayers(context, layers, orders[o], 3, 0, expected);
        printf("transparency peeled, order %u%u%u: worst error %.2f/255\n", orders[o][0], orders[o][1], orders[o][2], (double)worst);
        CHECK_MSG(worst <= 2.0f, "three 50% layers, depth-peeled, match the back-to-front blend within 2/255");
        f32 worstMsaa = RenderLayers(context, layers, orders[o], 3, 4, expected);
        CHECK_MSG(worstMsaa <= 2.0f, "depth-peeled layers with 4x MSAA match within 2/255");
        f32 plain = RenderLayers(context, layers, orders[o], 0, 0, expected);
        worstPlain = Maximum(worstPlain, plain);
    }
    printf("transparency without peeling: worst error over the six orders %.2f/255\n", (double)worstPlain);
    CHECK_MSG(worstPlain > 2.0f, "control: plain blending is order-dependent (so the peel test can fail)");

    // Fewer layers than surfaces must lose the farthest one: proves the layer count is honoured.
    f32 twoLayers = RenderLayers(context, layers, orders[0], 2, 0, expected);
    CHECK_MSG(twoLayers > 2.0f, "depthPeelLayers = 2 drops the third layer");
}

//~ The peel's bounds: layers only over the pixels translucent items can cover
// A translucent quad facing the camera at depth z, centred on (x, y) in normalized device
// coordinates, `halfNdc` of the view wide each side (PushTestCamera: 90 degrees, focal length 1).
internal void PushPaneAt(game_render_commands *commands, f32 x, f32 y, f32 z, f32 halfNdc, u32 color)
{
    f32 d = -z;
    PushQuad(commands, 0, 1, V3(x * d, y * d, z), V3(halfNdc * d, 0, 0), V3(0, halfNdc * d, 0), color);
}

// Pixel (px, py) of the read-back image (top row first) for normalized device coordinates (x, y).
internal u8 *PixelAtNdc(f32 x, f32 y)
{
    u32 px = (u32)((x * 0.5f + 0.5f) * TEST_SIZE);
    u32 py = (u32)((0.5f - y * 0.5f) * TEST_SIZE);
    return PixelAt(TEST_SIZE, Minimum(px, TEST_SIZE - 1u), Minimum(py, TEST_SIZE - 1u));
}

// Two frames of the same panes: bounded as the renderer finds them, then with one more quad that
// crosses the eye plane and draws nothing (alpha 0 is discarded), which makes the bounds the whole
// target. Returns the differing bytes; *boundedPixels gets the first frame's peelPixels.
internal u32 CompareBoundedWithWhole(gl_test_context *context, u32 *boundedPixels)
{
    static u8 bounded[TEST_SIZE * TEST_SIZE * 4];
    u32 differing = 0;
    for (u32 pass = 0; pass < 2; ++pass)
    {
        game_render_commands commands;
        BeginTestFrame(&commands, TEST_SIZE, V4(0.2f, 0.2f, 0.2f, 1.0f));
        commands.depthPeelLayers = 3;
        PushTestCamera(&commands, 0.1f, 100.0f);
        PushQuad(&commands, 0, 0, V3(0, 0, -8), V3(1.5f, 0, 0), V3(0, 1.5f, 0), PackRGBA8(200, 180, 40, 255));
        PushPaneAt(&commands, 0.1f, 0.0f, -2.0f, 0.2f, PackRGBA8(230, 40, 40, 128));
        PushPaneAt(&commands, 0.0f, 0.1f, -3.0f, 0.2f, PackRGBA8(40, 200, 60, 128));
        PushPaneAt(&commands, -0.1f, -0.1f, -4.0f, 0.2f, PackRGBA8(50, 60, 220, 128));
        if (pass == 1)
        {
            PushQuad(&commands, 0, 1, V3(0, 0, -1), V3(1, 0, 0), V3(0, 0, 2), PackRGBA8(255, 255, 255, 0));
        }
        RenderAndRead(context, &commands);
        if (pass == 0)
        {
            *boundedPixels = context->gl.stats.peelPixels;
            memcpy(bounded, testPixels, sizeof(bounded));
        }
        else
        {
            CHECK_MSG(context->gl.stats.peelPixels == TEST_SIZE * TEST_SIZE,
                      "a translucent vertex behind the eye plane peels the whole target");
            for (u32 i = 0; i < sizeof(bounded); ++i) differing += bounded[i] != testPixels[i];
        }
    }
    return differing;
}

internal void TestPeelBounds(gl_test_context *context)
{
    u32 boundedPixels = 0;
    u32 differing = CompareBoundedWithWhole(context, &boundedPixels);
    printf("peel bounds: three panes near the centre peeled over %u of %u pixels; %u bytes differ from the whole-target peel\n",
           boundedPixels, TEST_SIZE * TEST_SIZE, differing);
    // The panes span 0.6 of the view's 2 across (38 of 128 pixels) each way, a pixel more each side.
    CHECK_MSG(boundedPixels >= 38 * 38 && boundedPixels <= 44 * 44, "panes near the centre peel only the rectangle around them");
    CHECK_MSG(differing == 0, "the bounded peel draws exactly the whole-target peel's picture");

    // Two stacks of panes in opposite corners: one rectangle spans both, and both blend right.
    test_layer stack[2] = {{-2.0f, PackRGBA8(230, 40, 40, 128)}, {-3.0f, PackRGBA8(50, 60, 220, 128)}};
    v3 background = V3(0.2f, 0.2f, 0.2f);
    v3 expected = AnalyticBlend(background, stack, 2);
    game_render_commands commands;
    BeginTestFrame(&commands, TEST_SIZE, V4(background, 1.0f));
    commands.depthPeelLayers = 2;
    PushTestCamera(&commands, 0.1f, 100.0f);
    for (u32 corner = 0; corner < 2; ++corner)
    {
        f32 at = corner ? 0.7f : -0.7f;
        for (u32 i = 0; i < 2; ++i) PushPaneAt(&commands, at, at, stack[i].z, 0.1f, stack[i].color);
    }
    RenderAndRead(context, &commands);
    f32 worst = 0;
    b32 bothNear = PixelNear(PixelAtNdc(-0.7f, -0.7f), expected, 2.0f, &worst) & PixelNear(PixelAtNdc(0.7f, 0.7f), expected, 2.0f, &worst);
    u32 cornerPixels = context->gl.stats.peelPixels;
    printf("peel bounds: two corner stacks peeled over %u pixels, worst error %.2f/255\n", cornerPixels, (double)worst);
    CHECK_MSG(bothNear, "stacks in opposite corners both blend as back-to-front within 2/255");
    CHECK_MSG(cornerPixels >= 96 * 96 && cornerPixels < TEST_SIZE * TEST_SIZE, "one rectangle spans both corners, not the whole target");
    CHECK_MSG(PixelNear(PixelAtNdc(0.7f, -0.7f), V3(LinearToSRGB(0.2f), LinearToSRGB(0.2f), LinearToSRGB(0.2f)), 1.0f, 0),
              "between the stacks the background stays");

    // Translucent items all off the target: nothing to peel, no layer drawn.
    BeginTestFrame(&commands, TEST_SIZE, V4(background, 1.0f));
    commands.depthPeelLayers = 4;
    PushTestCamera(&commands, 0.1f, 100.0f);
    PushPaneAt(&commands, 3.0f, 0.0f, -2.0f, 0.5f, PackRGBA8(230, 40, 40, 128));
    RenderAndRead(context, &commands);
    CHECK_MSG(context->gl.stats.peelLayersDrawn == 0 && context->gl.stats.peelPixels == 0,
              "translucent items off the target peel no layer");

    // A translucent cube: bounded by the box around its bounding sphere, drawn inside it.
    BeginTestFrame(&commands, TEST_SIZE, V4(background, 1.0f));
    commands.depthPeelLayers = 2;
    PushTestCamera(&commands, 0.1f, 100.0f);
    PushCube(&commands, V3(0, 0, -6), 0.6f, V3(0.5f, 0.4f, 0.3f), PackRGBA8(240, 240, 240, 160), 1);
    RenderAndRead(context, &commands);
    u32 cubePixels = context->gl.stats.peelPixels;
    u8 *centre = PixelAtNdc(0, 0);
    printf("peel bounds: a translucent cube peeled over %u pixels, centre %u %u %u\n", cubePixels, centre[0], centre[1], centre[2]);
    CHECK_MSG(cubePixels > 0 && cubePixels <= 32 * 32, "a translucent cube peels the rectangle around it");
    CHECK_MSG(centre[0] > 150, "the translucent cube is drawn inside its rectangle");
}
