#version 330 core
// Batched quads: world-space vertices with sRGB vertex colours.
layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 color;
uniform mat4 viewProjection;
uniform mat4 view;
out vec2 fragUV;
out vec4 fragColor;
out vec3 viewPosition;
#include "srgb.glsl"
void main(void)
{
    vec4 world = vec4(position, 1.0);
    gl_Position = viewProjection * world;
    viewPosition = (view * world).xyz;
    fragUV = uv;
    fragColor = vec4(SRGBToLinear(color.rgb), color.a);
}
