// CPU-side render math and the game's push helpers: reverse-z projections (near -> 1, far -> 0,
// forward * inverse = identity), the standard-depth conversion, and PushQuad/PushCube batching and
// refusal. Portable: built natively with g++ and with MinGW under Wine.

#include "game_kit/kit_render_push.h"
#include "test_framework.h"
#include <math.h>

internal b32 NearlyEqual(f32 a, f32 b, f32 tolerance)
{
    return fabsf(a - b) <= tolerance * Maximum(1.0f, Maximum(fabsf(a), fabsf(b)));
}

internal b32 IsIdentity(m4x4 m, f32 tolerance)
{
    for (int row = 0; row < 4; ++row)
        for (int col = 0; col < 4; ++col)
            if (fabsf(m.m[row][col] - ((row == col) ? 1.0f : 0.0f)) > tolerance) return 0;
    return 1;
}

internal b32 MatricesNear(m4x4 a, m4x4 b, f32 tolerance)
{
    for (int row = 0; row < 4; ++row)
        for (int col = 0; col < 4; ++col)
            if (!NearlyEqual(a.m[row][col], b.m[row][col], tolerance)) return 0;
    return 1;
}

// Unprojects clip-space depth back to the view-space point and compares.
internal b32 RoundTrips(m4x4_inv p, v3 viewPoint, f32 tolerance)
{
    v4 clip = p.forward * V4(viewPoint, 1.0f);
    v4 back = p.inverse * clip;
    return NearlyEqual(back.x / back.w, viewPoint.x, tolerance) && NearlyEqual(back.y / back.w, viewPoint.y, tolerance) &&
           NearlyEqual(back.z / back.w, viewPoint.z, tolerance);
}

//~ Projections
internal void TestPerspectiveReverseZ(void)
{
    f32 planes[][2] = {{0.1f, 1000.0f}, {0.01f, 100.0f}, {1.0f, 10.0f}, {0.5f, 50000.0f}};
    for (u32 i = 0; i < ArrayCount(planes); ++i)
    {
        f32 n = planes[i][0], f = planes[i][1];
        m4x4_inv p = PerspectiveReverseZ(16.0f / 9.0f, 1.5f, n, f);
        CHECK_MSG(NearlyEqual(ProjectedDepth(p.forward, V3(0, 0, -n)), 1.0f, 1e-6f), "reverse-z: near plane maps to depth 1");
        CHECK_MSG(fabsf(ProjectedDepth(p.forward, V3(0, 0, -f))) <= 1e-6f, "reverse-z: far plane maps to depth 0");
        CHECK_MSG(IsIdentity(p.forward * p.inverse, 1e-5f), "reverse-z: forward * inverse is identity");
        CHECK_MSG(IsIdentity(p.inverse * p.forward, 1e-5f), "reverse-z: inverse * forward is identity");
        CHECK_MSG(RoundTrips(p, V3(1.0f, -2.0f, -0.5f * (n + f)), 1e-4f), "reverse-z: a view point unprojects to itself");
        // Nearer is larger everywhere in between.
        f32 previous = 2.0f;
        b32 decreasing = 1;
        for (f32 d = n; d <= f; d *= 1.7f)
        {
            f32 depth = ProjectedDepth(p.forward, V3(0, 0, -d));
            decreasing &= (depth < previous);
            previous = depth;
        }
        CHECK_MSG(decreasing, "reverse-z: depth falls strictly with distance");
    }
}

internal void TestPerspectiveInfinite(void)
{
    f32 n = 0.1f;
    m4x4_inv p = PerspectiveReverseZInfinite(1.0f, 1.0f, n);
    CHECK_MSG(NearlyEqual(ProjectedDepth(p.forward, V3(0, 0, -n)), 1.0f, 1e-6f), "infinite: near plane maps to 1");
    CHECK_MSG(NearlyEqual(ProjectedDepth(p.forward, V3(0, 0, -1000.0f)), n / 1000.0f, 1e-6f), "infinite: depth is near / distance");
    CHECK_MSG(ProjectedDepth(p.forward, V3(0, 0, -1e30f)) < 1e-20f, "infinite: depth tends to 0 far away");
    CHECK_MSG(IsIdentity(p.forward * p.inverse, 1e-6f), "infinite: forward * inverse is identity");
    CHECK_MSG(IsIdentity(p.inverse * p.forward, 1e-6f), "infinite: inverse * forward is identity");
}

internal void TestOrthographic(void)
{
    m4x4_inv p = OrthographicReverseZ(0.0f, 1280.0f, 0.0f, 720.0f, 0.0f, 100.0f);
    CHECK_MSG(NearlyEqual(ProjectedDepth(p.forward, V3(10, 10, 0.0f)), 1.0f, 1e-6f), "ortho: near maps to 1");
    CHECK_MSG(fabsf(ProjectedDepth(p.forward, V3(10, 10, -100.0f))) <= 1e-6f, "ortho: far maps to 0");
    v4 corner = p.forward * V4(1280.0f, 720.0f, -50.0f, 1.0f);
    CHECK_MSG(NearlyEqual(corner.x, 1.0f, 1e-6f) && NearlyEqual(corner.y, 1.0f, 1e-6f), "ortho: top right maps to (1, 1)");
    CHECK_MSG(IsIdentity(p.forward * p.inverse, 1e-5f), "ortho: forward * inverse is identity");
    CHECK_MSG(IsIdentity(p.inverse * p.forward, 1e-5f), "ortho: inverse * forward is identity");
}

//~ Standard OpenGL depth ([-1,1] clip range, near -> -1, far -> +1), written out directly: the
// reference the renderer's conversion for drivers without glClipControl (ReverseZToStandardDepth,
// contract/render_projection.h) must match.
internal m4x4_inv PerspectiveStandard(f32 aspect, f32 focalLength, f32 nearClip, f32 farClip)
{
    Assert(aspect > 0.0f && focalLength > 0.0f && nearClip > 0.0f && farClip > nearClip);
    f32 a = aspect, g = focalLength, n = nearClip, f = farClip;
    f32 C = -(f + n) / (f - n);
    f32 D = -(2.0f * f * n) / (f - n);
    m4x4_inv r = {};
    r.forward.m[0][0] = g / a;
    r.forward.m[1][1] = g;
    r.forward.m[2][2] = C;
    r.forward.m[2][3] = D;
    r.forward.m[3][2] = -1.0f;

    r.inverse.m[0][0] = a / g;
    r.inverse.m[1][1] = 1.0f / g;
    r.inverse.m[2][3] = -1.0f;
    r.inverse.m[3][2] = 1.0f / D;
    r.inverse.m[3][3] = C / D;
    return r;
}

internal void TestStandardDepth(void)
{
    f32 n = 0.1f, f = 1000.0f;
    m4x4_inv standard = PerspectiveStandard(1.5f, 1.2f, n, f);
    CHECK_MSG(NearlyEqual(ProjectedDepth(standard.forward, V3(0, 0, -n)), -1.0f, 1e-5f), "standard: near maps to -1");
    CHECK_MSG(NearlyEqual(ProjectedDepth(standard.forward, V3(0, 0, -f)), 1.0f, 1e-5f), "standard: far maps to +1");
    CHECK_MSG(IsIdentity(standard.forward * standard.inverse, 1e-5f), "standard: forward * inverse is identity");
    m4x4 converted = ReverseZToStandardDepth(PerspectiveReverseZ(1.5f, 1.2f, n, f).forward);
    CHECK_MSG(MatricesNear(converted, standard.forward, 1e-5f), "reverse-z converted for standard depth equals the standard matrix");
    m4x4 orthoConverted = ReverseZToStandardDepth(OrthographicReverseZ(-1, 1, -1, 1, 1.0f, 9.0f).forward);
    CHECK_MSG(NearlyEqual(ProjectedDepth(orthoConverted, V3(0, 0, -1.0f)), -1.0f, 1e-6f) &&
              NearlyEqual(ProjectedDepth(orthoConverted, V3(0, 0, -9.0f)), 1.0f, 1e-6f), "ortho converted: near -1, far +1");
}

//~ Push helpers
internal void TestPushBatching(void)
{
    static u8 buffer[4096];
    game_render_commands commands;
    BeginRenderCommands(&commands, buffer, sizeof(buffer), 64, 64);
    PushClear(&commands, V4(0, 0, 0, 1));
    for (int i = 0; i < 5; ++i) PushQuad(&commands, 0, 0, V3(0, 0, -1), V3(1, 0, 0), V3(0, 1, 0), 0xFFFFFFFFu);
    CHECK_MSG(commands.entryCount == 2, "five matching quads share one Quads entry");
    render_entry_quads *quads = (render_entry_quads *)(commands.lastEntry + 1);
    CHECK(quads->quadCount == 5);
    CHECK(commands.lastEntry->size == 16 + 16 + 5 * 4 * 24);
    PushQuad(&commands, 0, 1, V3(0, 0, -1), V3(1, 0, 0), V3(0, 1, 0), 0xFFFFFFFFu);
    CHECK_MSG(commands.entryCount == 3, "a translucent quad starts a new entry");
    PushQuad(&commands, 2, 1, V3(0, 0, -1), V3(1, 0, 0), V3(0, 1, 0), 0xFFFFFFFFu);
    CHECK_MSG(commands.entryCount == 4, "another texture starts a new entry");
    PushCube(&commands, V3(0, 0, 0), 0, V3(1, 1, 1), 0xFFFFFFFFu, 0);
    PushCube(&commands, V3(1, 0, 0), 0, V3(1, 1, 1), 0xFFFFFFFFu, 0);
    CHECK_MSG(commands.entryCount == 5, "matching cubes share one Cubes entry");
    CHECK(((render_entry_cubes *)(commands.lastEntry + 1))->instanceCount == 2);

    // Every entry size stays a multiple of 16 and the walk lands exactly on pushBufferSize.
    u32 at = 0, walked = 0;
    b32 aligned = 1;
    while (at < commands.pushBufferSize)
    {
        render_entry_header *header = (render_entry_header *)(buffer + at);
        aligned &= (header->size % 16) == 0 && header->size >= 16;
        if (!header->size) break;
        at += header->size;
        ++walked;
    }
    CHECK(aligned && at == commands.pushBufferSize && walked == commands.entryCount);

    // Refusal: fill the buffer, then a push that does not fit changes nothing but the counter.
    while (commands.refusedEntryCount == 0) PushQuad(&commands, 3, 0, V3(0, 0, -1), V3(1, 0, 0), V3(0, 1, 0), 0xFFFFFFFFu);
    u32 sizeBefore = commands.pushBufferSize, entriesBefore = commands.entryCount;
    u8 tailBefore = buffer[sizeof(buffer) - 1];
    PushCube(&commands, V3(0, 0, 0), 0, V3(1, 1, 1), 0xFFFFFFFFu, 1);
    PushCamera(&commands, PerspectiveReverseZ(1, 1, 0.1f, 10.0f), Identity4x4(), V3(0, 0, 0), 0.1f, 10.0f, RenderProjection_Perspective);
    CHECK_MSG(commands.refusedEntryCount == 3, "pushes that do not fit are counted");
    CHECK_MSG(commands.pushBufferSize == sizeBefore && commands.entryCount == entriesBefore &&
              buffer[sizeof(buffer) - 1] == tailBefore, "a refused push writes nothing");
    CHECK(commands.pushBufferSize <= commands.maxPushBufferSize);
}

int main(void)
{
    TestPerspectiveReverseZ();
    TestPerspectiveInfinite();
    TestOrthographic();
    TestStandardDepth();
    TestPushBatching();
    return TestSummary();
}
