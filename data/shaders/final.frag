#version 330 core
// Opaque image under the accumulated transparency, then sRGB encoding by hand: the result is the
// same whether or not the driver granted an sRGB-capable default framebuffer.
uniform sampler2D colorSampler;
uniform sampler2D accumSampler;
uniform int encodeSRGB;
out vec4 resultColor;
#include "srgb.glsl"
void main(void)
{
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec3 opaque = texelFetch(colorSampler, p, 0).rgb;
    vec4 accum = texelFetch(accumSampler, p, 0);
    vec3 c = accum.rgb + (1.0 - accum.a) * opaque;
    resultColor = vec4((encodeSRGB != 0) ? LinearToSRGB(c) : c, 1.0);
}
