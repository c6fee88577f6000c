#version 330 core
// Unit cube (+-1) scaled by halfExtent, turned by yaw about +y, moved to center. Simple key light
// so faces stay distinguishable without a lighting system.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 3) in vec3 center;
layout(location = 4) in float yaw;
layout(location = 5) in vec3 halfExtent;
layout(location = 6) in vec4 color;
uniform mat4 viewProjection;
uniform mat4 view;
out vec2 fragUV;
out vec4 fragColor;
out vec3 viewPosition;
#include "srgb.glsl"
vec3 TurnY(vec3 v, float c, float s) { return vec3(c * v.x + s * v.z, v.y, -s * v.x + c * v.z); }
void main(void)
{
    float c = cos(yaw);
    float s = sin(yaw);
    // abs: a negative extent would only turn the cube's faces inside out (it is symmetric), and
    // opaque cubes are drawn with their back faces culled.
    vec4 world = vec4(center + TurnY(position * abs(halfExtent), c, s), 1.0);
    vec3 n = TurnY(normal, c, s);
    float light = 0.55 + 0.45 * max(dot(n, normalize(vec3(0.4, 0.8, 0.45))), 0.0);
    gl_Position = viewProjection * world;
    viewPosition = (view * world).xyz;
    fragUV = vec2(0.5);
    fragColor = vec4(SRGBToLinear(color.rgb) * light, color.a);
}
