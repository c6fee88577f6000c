#ifndef BASE_MATH_H
#define BASE_MATH_H
// Small vector/matrix types that cross the exe/DLL boundary inside render commands.
// Matrices are row-major in memory (m[row][column]) and multiply column vectors: p' = M * p.

#include "base/base_types.h"
#include <math.h>

#define Pi32 3.14159265358979323846f
#define Tau32 6.28318530717958647692f

// NOTE: plain structs, no anonymous unions: those are a nonstandard extension that /W4 and
// clang's -Wgnu both reject. Colours use v4 as (x,y,z,w) = (r,g,b,a).
struct v2 { f32 x, y; };
struct v3 { f32 x, y, z; };
struct v4 { f32 x, y, z, w; };
struct m4x4 { f32 m[4][4]; };

inline v2 V2(f32 x, f32 y) { v2 r; r.x = x; r.y = y; return r; }
inline v3 V3(f32 x, f32 y, f32 z) { v3 r; r.x = x; r.y = y; r.z = z; return r; }
inline v4 V4(f32 x, f32 y, f32 z, f32 w) { v4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
inline v4 V4(v3 xyz, f32 w) { return V4(xyz.x, xyz.y, xyz.z, w); }

inline v2 operator+(v2 a, v2 b) { return V2(a.x + b.x, a.y + b.y); }
inline v2 operator-(v2 a, v2 b) { return V2(a.x - b.x, a.y - b.y); }
inline v2 operator*(f32 s, v2 a) { return V2(s * a.x, s * a.y); }
inline v3 operator+(v3 a, v3 b) { return V3(a.x + b.x, a.y + b.y, a.z + b.z); }
inline v3 operator-(v3 a, v3 b) { return V3(a.x - b.x, a.y - b.y, a.z - b.z); }
inline v3 operator-(v3 a) { return V3(-a.x, -a.y, -a.z); }
inline v3 operator*(f32 s, v3 a) { return V3(s * a.x, s * a.y, s * a.z); }
inline v3 &operator+=(v3 &a, v3 b) { a = a + b; return a; }
inline v4 operator+(v4 a, v4 b) { return V4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
inline v4 operator*(f32 s, v4 a) { return V4(s * a.x, s * a.y, s * a.z, s * a.w); }

inline f32 Inner(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline v3 Cross(v3 a, v3 b) { return V3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
inline f32 Length(v3 a) { return sqrtf(Inner(a, a)); }
inline f32 Lerp(f32 a, f32 t, f32 b) { return a + t * (b - a); }
inline f32 Clamp01(f32 v) { return (v < 0.0f) ? 0.0f : ((v > 1.0f) ? 1.0f : v); }

inline m4x4 Identity4x4(void)
{
    m4x4 r = {};
    r.m[0][0] = r.m[1][1] = r.m[2][2] = r.m[3][3] = 1.0f;
    return r;
}

inline m4x4 operator*(m4x4 a, m4x4 b)
{
    m4x4 r = {};
    for (int row = 0; row < 4; ++row)
        for (int col = 0; col < 4; ++col)
            for (int k = 0; k < 4; ++k)
                r.m[row][col] += a.m[row][k] * b.m[k][col];
    return r;
}

inline v4 operator*(m4x4 a, v4 p)
{
    f32 e[4];
    for (int row = 0; row < 4; ++row)
        e[row] = a.m[row][0] * p.x + a.m[row][1] * p.y + a.m[row][2] * p.z + a.m[row][3] * p.w;
    return V4(e[0], e[1], e[2], e[3]);
}

inline m4x4 Translation4x4(v3 t)
{
    m4x4 r = Identity4x4();
    r.m[0][3] = t.x; r.m[1][3] = t.y; r.m[2][3] = t.z;
    return r;
}

inline m4x4 RotationY4x4(f32 angle)
{
    m4x4 r = Identity4x4();
    f32 c = cosf(angle), s = sinf(angle);
    r.m[0][0] = c;  r.m[0][2] = s;
    r.m[2][0] = -s; r.m[2][2] = c;
    return r;
}

inline m4x4 RotationX4x4(f32 angle)
{
    m4x4 r = Identity4x4();
    f32 c = cosf(angle), s = sinf(angle);
    r.m[1][1] = c; r.m[1][2] = -s;
    r.m[2][1] = s; r.m[2][2] = c;
    return r;
}

//~ Figures
// The median of up to MEDIAN_MAX_SAMPLES samples (later ones are left out), 0 for none: the upper
// middle one of an even count.
#define MEDIAN_MAX_SAMPLES 512
inline f64 MedianOfSamples(const f32 *samples, u32 count)
{
    if (!count) return 0.0;
    f32 sorted[MEDIAN_MAX_SAMPLES];
    count = count < MEDIAN_MAX_SAMPLES ? count : MEDIAN_MAX_SAMPLES;
    for (u32 index = 0; index < count; ++index)
    {
        f32 value = samples[index];
        u32 at = index;
        for (; at > 0 && sorted[at - 1] > value; --at) sorted[at] = sorted[at - 1];
        sorted[at] = value;
    }
    return (f64)sorted[count / 2];
}

// The median of a ring of f64 figures written at [count % capacity]: the last min(count, capacity,
// MEDIAN_MAX_SAMPLES) of them, whatever their order.
inline f64 MedianOfRing(const f64 *samples, u64 count, u64 capacity)
{
    f32 copy[MEDIAN_MAX_SAMPLES];
    u64 used = count < capacity ? count : capacity;
    used = used < MEDIAN_MAX_SAMPLES ? used : MEDIAN_MAX_SAMPLES;
    for (u64 index = 0; index < used; ++index) copy[index] = (f32)samples[index];
    return MedianOfSamples(copy, (u32)used);
}

#endif // BASE_MATH_H
