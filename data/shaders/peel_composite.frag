#version 330 core
// Adds one peeled layer under what was peeled before (front-to-back "under" operator with
// blending ONE_MINUS_DST_ALPHA, ONE), so the output is premultiplied.
uniform sampler2D layerSampler;
out vec4 resultColor;
void main(void)
{
    vec4 layer = texelFetch(layerSampler, ivec2(gl_FragCoord.xy), 0);
    resultColor = vec4(layer.rgb * layer.a, layer.a);
}
