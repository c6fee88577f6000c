#ifndef RENDER_PROJECTION_H
#define RENDER_PROJECTION_H
// Projection matrices for render_entry_camera, each with its inverse computed in closed form
// (no general 4x4 inversion, so unprojecting a pixel costs one multiply and loses no precision).
//
// Convention: right-handed view space looking down -z, y up, column vectors (p' = M * p).
// Reverse-z: after the divide by w, the near plane lands on depth 1 and the far plane on 0, for a
// [0,1] clip range (glClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE)). Floats are densest near 0, and
// the 1/z distribution is densest near the camera: reversing puts the two where they cancel out.

#include "base/base_math.h"

struct m4x4_inv
{
    m4x4 forward;
    m4x4 inverse;
};

//~ Reverse-z perspective: depth = n/(f-n) * (f/d - 1) for a point at distance d along -z.
// aspect = width / height; focalLength = 1 / tan(verticalFov / 2).
inline m4x4_inv PerspectiveReverseZ(f32 aspect, f32 focalLength, f32 nearClip, f32 farClip)
{
    Assert(aspect > 0.0f && focalLength > 0.0f && nearClip > 0.0f && farClip > nearClip);
    f32 a = aspect, g = focalLength, n = nearClip, f = farClip;
    // clip.z = A*z + B and clip.w = -z; solving depth(-n) = 1 and depth(-f) = 0 gives:
    f32 A = n / (f - n);
    f32 B = (f * n) / (f - n);

    m4x4_inv r = {};
    r.forward.m[0][0] = g / a;
    r.forward.m[1][1] = g;
    r.forward.m[2][2] = A;
    r.forward.m[2][3] = B;
    r.forward.m[3][2] = -1.0f;

    r.inverse.m[0][0] = a / g;
    r.inverse.m[1][1] = 1.0f / g;
    r.inverse.m[2][3] = -1.0f;
    r.inverse.m[3][2] = 1.0f / B;
    r.inverse.m[3][3] = A / B;
    return r;
}

//~ Reverse-z perspective with the far plane at infinity: the limit f -> inf, depth = n/d exactly.
// No far clipping at all and no cancellation between two nearly equal terms far from the camera.
inline m4x4_inv PerspectiveReverseZInfinite(f32 aspect, f32 focalLength, f32 nearClip)
{
    Assert(aspect > 0.0f && focalLength > 0.0f && nearClip > 0.0f);
    f32 a = aspect, g = focalLength, n = nearClip;
    m4x4_inv r = {};
    r.forward.m[0][0] = g / a;
    r.forward.m[1][1] = g;
    r.forward.m[2][3] = n;
    r.forward.m[3][2] = -1.0f;

    r.inverse.m[0][0] = a / g;
    r.inverse.m[1][1] = 1.0f / g;
    r.inverse.m[2][3] = -1.0f;
    r.inverse.m[3][2] = 1.0f / n;
    return r;
}

//~ Reverse-z orthographic: view-space box [left,right] x [bottom,top] x [-near,-far] to clip,
// with z = -near at depth 1 and z = -far at depth 0 (linear in between).
inline m4x4_inv OrthographicReverseZ(f32 left, f32 right, f32 bottom, f32 top, f32 nearClip, f32 farClip)
{
    Assert(right != left && top != bottom && farClip > nearClip);
    f32 n = nearClip, f = farClip;
    m4x4_inv r = {};
    r.forward.m[0][0] = 2.0f / (right - left);
    r.forward.m[0][3] = -(right + left) / (right - left);
    r.forward.m[1][1] = 2.0f / (top - bottom);
    r.forward.m[1][3] = -(top + bottom) / (top - bottom);
    r.forward.m[2][2] = 1.0f / (f - n);
    r.forward.m[2][3] = f / (f - n);
    r.forward.m[3][3] = 1.0f;

    r.inverse.m[0][0] = (right - left) / 2.0f;
    r.inverse.m[0][3] = (right + left) / 2.0f;
    r.inverse.m[1][1] = (top - bottom) / 2.0f;
    r.inverse.m[1][3] = (top + bottom) / 2.0f;
    r.inverse.m[2][2] = f - n;
    r.inverse.m[2][3] = -f;
    r.inverse.m[3][3] = 1.0f;
    return r;
}

// Turns any reverse-z [0,1] projection into the standard [-1,1] one: z_std = w - 2 * z_rev, so
// depth 1 (near) goes to -1 and depth 0 (far) to +1. Camera entries always carry reverse-z; the
// renderer applies this when it runs with standard depth.
inline m4x4 ReverseZToStandardDepth(m4x4 reverse)
{
    m4x4 r = reverse;
    for (int col = 0; col < 4; ++col)
    {
        r.m[2][col] = reverse.m[3][col] - 2.0f * reverse.m[2][col];
    }
    return r;
}

// Depth after the divide, for tests and for reasoning about precision.
inline f32 ProjectedDepth(m4x4 projection, v3 viewPoint)
{
    v4 clip = projection * V4(viewPoint, 1.0f);
    return clip.z / clip.w;
}

#endif // RENDER_PROJECTION_H
