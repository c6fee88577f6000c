#version 330 core
// The exe's overlay (render/render_overlay.h): quads in pixels, origin top left, y down, mapped onto
// the present target whatever its size. Colours stay sRGB-encoded: the present target holds encoded
// bytes, so they land there unchanged.
layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 color;
uniform vec2 pixelToClip;     // (2 / overlay width, -2 / overlay height)
out vec2 fragUV;
out vec4 fragColor;
void main(void)
{
    gl_Position = vec4(position.xy * pixelToClip + vec2(-1.0, 1.0), 0.0, 1.0);
    fragUV = uv;
    fragColor = color;
}
