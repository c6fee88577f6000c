// GLSL 3.30 core sources for opengl_renderer.cpp, embedded so a missing data folder cannot leave
// the renderer without shaders. Every depth comparison here is written for both conventions via
// depthSign (+1 reverse-z: larger depth is nearer; -1 standard), never with a hard-coded < or >.

#include "render/opengl_renderer.h"
#include <string.h>

#define OPENGL_GLSL_VERSION "#version 330 core\n"

// Shared by quads and cubes: exact sRGB decode of the 8-bit vertex colours.
#define OPENGL_GLSL_SRGB_DECODE                                                      \
    "vec3 SRGBToLinear(vec3 c)\n"                                                    \
    "{\n"                                                                            \
    "    vec3 lo = c / 12.92;\n"                                                     \
    "    vec3 hi = pow((c + 0.055) / 1.055, vec3(2.4));\n"                           \
    "    return mix(lo, hi, step(vec3(0.04045), c));\n"                              \
    "}\n"

// Scene fragment: depth peel test, texture, distance fade-in, alpha threshold, fog.
// NOTE: the design we started from multiplied rgb by the fade factor too, which darkens a fading
// surface under non-premultiplied blending; only alpha fades here. A start >= end turns the
// fog (or the fade) off instead of dividing by zero.
global const char openGLSceneFragment[] =
    OPENGL_GLSL_VERSION
    "uniform sampler2D textureSampler;\n"
    "uniform sampler2D peelDepth;\n"
    "uniform int peelEnabled;\n"
    "uniform float depthSign;\n"
    "uniform vec4 fogColor;\n"
    "uniform vec4 fogParams;\n"       // fogStart, fogEnd, alphaClipStart, alphaClipEnd
    "uniform float alphaThreshold;\n"
    "in vec2 fragUV;\n"
    "in vec4 fragColor;\n"
    "in vec3 viewPosition;\n"
    "out vec4 resultColor;\n"
    "void main(void)\n"
    "{\n"
    // NOTE: the distance is taken per fragment; interpolating a per-vertex length across a large
    // quad overestimates it in the middle (the corners are farther than the centre).
    "    float fogDistance = length(viewPosition);\n"
    "    if (peelEnabled != 0)\n"
    "    {\n"
    // Peel: drop everything at or in front of the layer peeled last time.
    "        float previous = texelFetch(peelDepth, ivec2(gl_FragCoord.xy), 0).r;\n"
    "        if (depthSign * (gl_FragCoord.z - previous) >= 0.0) discard;\n"
    "    }\n"
    "    vec4 color = fragColor * texture(textureSampler, fragUV);\n"
    "    float tFog = (fogParams.y > fogParams.x) ? clamp((fogDistance - fogParams.x) / (fogParams.y - fogParams.x), 0.0, 1.0) : 0.0;\n"
    "    float tAlpha = (fogParams.w > fogParams.z) ? clamp((fogDistance - fogParams.z) / (fogParams.w - fogParams.z), 0.0, 1.0) : 1.0;\n"
    "    color.a *= tAlpha;\n"
    "    if (color.a <= alphaThreshold) discard;\n"
    "    resultColor = vec4(mix(color.rgb, fogColor.rgb, tFog), color.a);\n"
    "}\n";

global const char openGLQuadsVertex[] =
    OPENGL_GLSL_VERSION
    "layout(location = 0) in vec3 position;\n"
    "layout(location = 1) in vec2 uv;\n"
    "layout(location = 2) in vec4 color;\n"
    "uniform mat4 viewProjection;\n"
    "uniform mat4 view;\n"
    "out vec2 fragUV;\n"
    "out vec4 fragColor;\n"
    "out vec3 viewPosition;\n"
    OPENGL_GLSL_SRGB_DECODE
    "void main(void)\n"
    "{\n"
    "    vec4 world = vec4(position, 1.0);\n"
    "    gl_Position = viewProjection * world;\n"
    "    viewPosition = (view * world).xyz;\n"
    "    fragUV = uv;\n"
    "    fragColor = vec4(SRGBToLinear(color.rgb), color.a);\n"
    "}\n";

// Unit cube (+-1) scaled by halfExtent, turned by yaw about +y, moved to center. Simple key light
// so faces stay distinguishable without a lighting system.
global const char openGLCubesVertex[] =
    OPENGL_GLSL_VERSION
    "layout(location = 0) in vec3 position;\n"
    "layout(location = 1) in vec3 normal;\n"
    "layout(location = 3) in vec3 center;\n"
    "layout(location = 4) in float yaw;\n"
    "layout(location = 5) in vec3 halfExtent;\n"
    "layout(location = 6) in vec4 color;\n"
    "uniform mat4 viewProjection;\n"
    "uniform mat4 view;\n"
    "out vec2 fragUV;\n"
    "out vec4 fragColor;\n"
    "out vec3 viewPosition;\n"
    OPENGL_GLSL_SRGB_DECODE
    "vec3 TurnY(vec3 v, float c, float s) { return vec3(c * v.x + s * v.z, v.y, -s * v.x + c * v.z); }\n"
    "void main(void)\n"
    "{\n"
    "    float c = cos(yaw);\n"
    "    float s = sin(yaw);\n"
    "    vec4 world = vec4(center + TurnY(position * halfExtent, c, s), 1.0);\n"
    "    vec3 n = TurnY(normal, c, s);\n"
    "    float light = 0.55 + 0.45 * max(dot(n, normalize(vec3(0.4, 0.8, 0.45))), 0.0);\n"
    "    gl_Position = viewProjection * world;\n"
    "    viewPosition = (view * world).xyz;\n"
    "    fragUV = vec2(0.5);\n"
    "    fragColor = vec4(SRGBToLinear(color.rgb) * light, color.a);\n"
    "}\n";

// One triangle covering the viewport; no vertex buffer needed.
global const char openGLFullscreenVertex[] =
    OPENGL_GLSL_VERSION
    "void main(void)\n"
    "{\n"
    "    vec2 corner = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));\n"
    "    gl_Position = vec4(corner, 0.0, 1.0);\n"
    "}\n";

// Custom MSAA resolve: average colour; per-sample min and max depth, keeping the sample nearest
// the camera (max under reverse-z). NOTE: the design we started from wrote the midpoint of min and
// max, which for an edge pixel over the cleared background lands halfway to the far plane in
// 1/z space: a depth no surface has, which later peeling and fog would trust.
global const char openGLResolveFragment[] =
    OPENGL_GLSL_VERSION
    "uniform sampler2DMS colorSampler;\n"
    "uniform sampler2DMS depthSampler;\n"
    "uniform int sampleCount;\n"
    "uniform int reverseZ;\n"
    "out vec4 resultColor;\n"
    "void main(void)\n"
    "{\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy);\n"
    "    float depthMin = 1.0;\n"
    "    float depthMax = 0.0;\n"
    "    vec4 sum = vec4(0.0);\n"
    "    for (int i = 0; i < sampleCount; ++i)\n"
    "    {\n"
    "        float depth = texelFetch(depthSampler, p, i).r;\n"
    "        depthMin = min(depthMin, depth);\n"
    "        depthMax = max(depthMax, depth);\n"
    "        sum += texelFetch(colorSampler, p, i);\n"
    "    }\n"
    "    gl_FragDepth = (reverseZ != 0) ? depthMax : depthMin;\n"
    "    resultColor = sum / float(sampleCount);\n"
    "}\n";

// Adds one peeled layer under what was peeled before (front-to-back "under" operator with
// blending ONE_MINUS_DST_ALPHA, ONE), so the output is premultiplied.
global const char openGLPeelCompositeFragment[] =
    OPENGL_GLSL_VERSION
    "uniform sampler2D layerSampler;\n"
    "out vec4 resultColor;\n"
    "void main(void)\n"
    "{\n"
    "    vec4 layer = texelFetch(layerSampler, ivec2(gl_FragCoord.xy), 0);\n"
    "    resultColor = vec4(layer.rgb * layer.a, layer.a);\n"
    "}\n";

// Opaque image under the accumulated transparency, then sRGB encoding by hand: the result is the
// same whether or not the driver granted an sRGB-capable default framebuffer.
global const char openGLFinalFragment[] =
    OPENGL_GLSL_VERSION
    "uniform sampler2D colorSampler;\n"
    "uniform sampler2D accumSampler;\n"
    "uniform int encodeSRGB;\n"
    "out vec4 resultColor;\n"
    "vec3 LinearToSRGB(vec3 c)\n"
    "{\n"
    "    c = clamp(c, 0.0, 1.0);\n"
    "    vec3 lo = c * 12.92;\n"
    "    vec3 hi = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;\n"
    "    return mix(lo, hi, step(vec3(0.0031308), c));\n"
    "}\n"
    "void main(void)\n"
    "{\n"
    "    ivec2 p = ivec2(gl_FragCoord.xy);\n"
    "    vec3 opaque = texelFetch(colorSampler, p, 0).rgb;\n"
    "    vec4 accum = texelFetch(accumSampler, p, 0);\n"
    "    vec3 c = accum.rgb + (1.0 - accum.a) * opaque;\n"
    "    resultColor = vec4((encodeSRGB != 0) ? LinearToSRGB(c) : c, 1.0);\n"
    "}\n";

const opengl_shader_source openGLShaderSources[OpenGLProgram_Count] =
{
    {"quads", openGLQuadsVertex, openGLSceneFragment},
    {"cubes", openGLCubesVertex, openGLSceneFragment},
    {"resolve", openGLFullscreenVertex, openGLResolveFragment},
    {"peel composite", openGLFullscreenVertex, openGLPeelCompositeFragment},
    {"final", openGLFullscreenVertex, openGLFinalFragment},
};

//~ Compiling and linking (a broken shader is a logged error naming it, never a crash)
internal GLuint OpenGLCompileShader(GLenum type, const char *source, const char *name, platform_log *log)
{
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, 0);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok)
    {
        char message[2048];
        GLsizei length = 0;
        glGetShaderInfoLog(shader, sizeof(message), &length, message);
        message[Clamp(0, length, (GLsizei)sizeof(message) - 1)] = 0;
        if (log) log(LogLevel_Error, "OpenGL: %s shader '%s' failed to compile: %s",
                     type == GL_VERTEX_SHADER ? "vertex" : "fragment", name, message);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

b32 OpenGLBuildProgram(opengl_program *program, const opengl_shader_source *source, platform_log *log)
{
    memset(program, 0, sizeof(*program));
    GLuint vertex = OpenGLCompileShader(GL_VERTEX_SHADER, source->vertex, source->name, log);
    GLuint fragment = OpenGLCompileShader(GL_FRAGMENT_SHADER, source->fragment, source->name, log);
    if (!vertex || !fragment)
    {
        if (vertex) glDeleteShader(vertex);
        if (fragment) glDeleteShader(fragment);
        return 0;
    }
    GLuint handle = glCreateProgram();
    glAttachShader(handle, vertex);
    glAttachShader(handle, fragment);
    glLinkProgram(handle);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    GLint ok = 0;
    glGetProgramiv(handle, GL_LINK_STATUS, &ok);
    if (!ok)
    {
        char message[2048];
        GLsizei length = 0;
        glGetProgramInfoLog(handle, sizeof(message), &length, message);
        message[Clamp(0, length, (GLsizei)sizeof(message) - 1)] = 0;
        if (log) log(LogLevel_Error, "OpenGL: program '%s' failed to link: %s", source->name, message);
        glDeleteProgram(handle);
        return 0;
    }
    program->handle = handle;
    program->viewProjection = glGetUniformLocation(handle, "viewProjection");
    program->view = glGetUniformLocation(handle, "view");
    program->fogColor = glGetUniformLocation(handle, "fogColor");
    program->fogParams = glGetUniformLocation(handle, "fogParams");
    program->alphaThreshold = glGetUniformLocation(handle, "alphaThreshold");
    program->peelEnabled = glGetUniformLocation(handle, "peelEnabled");
    program->depthSign = glGetUniformLocation(handle, "depthSign");
    program->peelDepth = glGetUniformLocation(handle, "peelDepth");
    program->textureSampler = glGetUniformLocation(handle, "textureSampler");
    program->colorSampler = glGetUniformLocation(handle, "colorSampler");
    program->depthSampler = glGetUniformLocation(handle, "depthSampler");
    program->sampleCount = glGetUniformLocation(handle, "sampleCount");
    program->reverseZ = glGetUniformLocation(handle, "reverseZ");
    program->layerSampler = glGetUniformLocation(handle, "layerSampler");
    program->accumSampler = glGetUniformLocation(handle, "accumSampler");
    program->encodeSRGB = glGetUniformLocation(handle, "encodeSRGB");
    return 1;
}

