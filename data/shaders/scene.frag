#version 330 core
// Scene fragment (quads and cubes): depth peel test, texture, distance fade-in, alpha threshold, fog.
// Depth comparisons use depthSign (+1 reverse-z: larger depth is nearer; -1 standard), never a
// hard-coded < or >. Only alpha fades (fading rgb too would darken a fading surface under
// non-premultiplied blending). A start >= end turns the fog (or the fade) off.
uniform sampler2D textureSampler;
uniform sampler2D peelDepth;
uniform int peelEnabled;
uniform float depthSign;
uniform vec4 fogColor;
uniform vec4 fogParams;       // fogStart, fogEnd, alphaClipStart, alphaClipEnd
uniform float alphaThreshold;
in vec2 fragUV;
in vec4 fragColor;
in vec3 viewPosition;
out vec4 resultColor;
void main(void)
{
    // Per fragment: a per-vertex length interpolated across a large quad overestimates the middle.
    float fogDistance = length(viewPosition);
    if (peelEnabled != 0)
    {
        // Peel: drop everything at or in front of the layer peeled last time.
        float previous = texelFetch(peelDepth, ivec2(gl_FragCoord.xy), 0).r;
        if (depthSign * (gl_FragCoord.z - previous) >= 0.0) discard;
    }
    vec4 color = fragColor * texture(textureSampler, fragUV);
    float tFog = (fogParams.y > fogParams.x) ? clamp((fogDistance - fogParams.x) / (fogParams.y - fogParams.x), 0.0, 1.0) : 0.0;
    float tAlpha = (fogParams.w > fogParams.z) ? clamp((fogDistance - fogParams.z) / (fogParams.w - fogParams.z), 0.0, 1.0) : 1.0;
    color.a *= tAlpha;
    if (color.a <= alphaThreshold) discard;
    resultColor = vec4(mix(color.rgb, fogColor.rgb, tFog), color.a);
}
