#version 330 core
// The overlay's font atlas (plain RGBA8, nearest): glyph texels and the solid block are opaque
// white, so a colour times a lit texel is the colour's own bytes; the rest is transparent.
uniform sampler2D fontSampler;
in vec2 fragUV;
in vec4 fragColor;
out vec4 resultColor;
void main(void)
{
    resultColor = fragColor * texture(fontSampler, fragUV);
}
