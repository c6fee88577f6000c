//~ The renderer's programs: which files under data/shaders/ make each one, compiling and linking
// them (a broken shader is a logged error naming our file and line, never a crash), checking that
// the renderer can feed what a program asks for, and swapping a rebuilt program in.
// The GLSL itself lives only in data/shaders/; embedded_shaders.h is its generated copy.

#include "render/opengl_renderer.h"
#include "base/base_format.h"
#include "base/base_hash.h"
#include "render/embedded_shaders.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const opengl_program_files openGLProgramFiles[OpenGLProgram_Count] =
{
    {"quads", "quads.vert", "scene.frag", "position=0 uv=1 color=2",
     "viewProjection view fogColor fogParams alphaThreshold peelEnabled depthSign peelDepth textureSampler"},
    {"cubes", "cubes.vert", "scene.frag", "position=0 normal=1 center=3 yaw=4 halfExtent=5 color=6",
     "viewProjection view fogColor fogParams alphaThreshold peelEnabled depthSign peelDepth textureSampler"},
    {"resolve", "fullscreen.vert", "resolve.frag", "", "colorSampler depthSampler sampleCount reverseZ"},
    {"peel composite", "fullscreen.vert", "peel_composite.frag", "", "layerSampler"},
    {"final", "fullscreen.vert", "final.frag", "", "colorSampler accumSampler encodeSRGB"},
    {"overlay", "overlay.vert", "overlay.frag", "position=0 uv=1 color=2", "pixelToClip fontSampler"},
};

const char *OpenGLEmbeddedShaderText(void *context, const char *fileName)
{
    (void)context;
    for (u32 index = 0; index < ArrayCount(openGLEmbeddedShaders); ++index)
        if (strcmp(openGLEmbeddedShaders[index].fileName, fileName) == 0) return openGLEmbeddedShaders[index].text;
    return 0;
}

// NOTE: main thread only (the GL context's thread); too large for its stack.
global opengl_shader_text globalVertexText;
global opengl_shader_text globalFragmentText;

u64 OpenGLProgramTextHash(u32 id, opengl_shader_lookup *lookup, void *context)
{
    const opengl_program_files *files = openGLProgramFiles + id;
    if (!OpenGLResolveShaderText(&globalVertexText, files->vertexFile, lookup, context) ||
        !OpenGLResolveShaderText(&globalFragmentText, files->fragmentFile, lookup, context)) return 0;
    return Fnv1aText(Fnv1aText(FNV64_OFFSET_BASIS, globalVertexText.text), globalFragmentText.text);
}

internal GLuint OpenGLCompileShader(GLenum type, const opengl_shader_text *source, char *error, u32 errorSize)
{
    GLuint shader = glCreateShader(type);
    const char *text = source->text;
    glShaderSource(shader, 1, &text, 0);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok)
    {
        char message[2048];
        GLsizei length = 0;
        glGetShaderInfoLog(shader, sizeof(message), &length, message);
        message[Clamp(0, length, (GLsizei)sizeof(message) - 1)] = 0;
        OpenGLTranslateShaderMessage(source, message, error, errorSize);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

// True when `name` is a word of the space-separated `list`; *value gets the number after '='.
internal b32 OpenGLListHasName(const char *list, const char *name, s32 *value)
{
    umm nameLength = strlen(name);
    for (const char *at = list; *at;)
    {
        const char *end = at;
        while (*end && *end != ' ' && *end != '=') ++end;
        b32 match = (umm)(end - at) == nameLength && memcmp(at, name, nameLength) == 0;
        if (*end == '=' && value) *value = atoi(end + 1);
        if (match) return 1;
        while (*end && *end != ' ') ++end;
        at = *end ? end + 1 : end;
    }
    return 0;
}

// A linked program asks only for what the renderer feeds it: each active vertex input at the
// location our vertex array supplies, and no uniform the renderer never sets (it would read 0).
internal b32 OpenGLCheckProgramInterface(GLuint handle, const opengl_program_files *files, char *error, u32 errorSize)
{
    GLint count = 0;
    glGetProgramiv(handle, GL_ACTIVE_ATTRIBUTES, &count);
    for (GLint index = 0; index < count; ++index)
    {
        char name[64];
        GLsizei length = 0;
        GLint size = 0;
        GLenum type = 0;
        glGetActiveAttrib(handle, (GLuint)index, sizeof(name), &length, &size, &type, name);
        if (strncmp(name, "gl_", 3) == 0) continue;
        s32 expected = -1;
        GLint location = glGetAttribLocation(handle, name);
        if (!OpenGLListHasName(files->attributes, name, &expected) || expected != location)
        {
            FormatText(error, errorSize, "vertex input '%s' at location %d is not fed by the renderer (it feeds: %s)",
                     name, location, files->attributes[0] ? files->attributes : "nothing");
            return 0;
        }
    }
    glGetProgramiv(handle, GL_ACTIVE_UNIFORMS, &count);
    for (GLint index = 0; index < count; ++index)
    {
        char name[64];
        GLsizei length = 0;
        GLint size = 0;
        GLenum type = 0;
        glGetActiveUniform(handle, (GLuint)index, sizeof(name), &length, &size, &type, name);
        if (!OpenGLListHasName(files->uniforms, name, 0))
        {
            FormatText(error, errorSize, "uniform '%s' is never set by the renderer (it sets: %s)", name, files->uniforms);
            return 0;
        }
    }
    return 1;
}

internal void OpenGLLookUpUniforms(opengl_program *program, GLuint handle)
{
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
    program->pixelToClip = glGetUniformLocation(handle, "pixelToClip");
    program->fontSampler = glGetUniformLocation(handle, "fontSampler");
}

// Links the resolved texts in globalVertexText/globalFragmentText; 0 (error filled) on failure.
internal GLuint OpenGLLinkProgram(const opengl_program_files *files, char *error, u32 errorSize)
{
    GLuint vertex = OpenGLCompileShader(GL_VERTEX_SHADER, &globalVertexText, error, errorSize);
    GLuint fragment = vertex ? OpenGLCompileShader(GL_FRAGMENT_SHADER, &globalFragmentText, error, errorSize) : 0;
    if (!vertex || !fragment)
    {
        if (vertex) glDeleteShader(vertex);
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
        char message[1024];
        GLsizei length = 0;
        glGetProgramInfoLog(handle, sizeof(message), &length, message);
        message[Clamp(0, length, (GLsizei)sizeof(message) - 1)] = 0;
        FormatText(error, errorSize, "link failed: %s", message);
    }
    else if (OpenGLCheckProgramInterface(handle, files, error, errorSize))
    {
        return handle;
    }
    glDeleteProgram(handle);
    return 0;
}

b32 OpenGLRebuildProgram(opengl_state *gl, u32 id, opengl_shader_lookup *lookup, void *context,
                         char *error, u32 errorSize)
{
    const opengl_program_files *files = openGLProgramFiles + id;
    error[0] = 0;
    u64 hash = OpenGLProgramTextHash(id, lookup, context);
    if (!hash)
    {
        FormatText(error, errorSize, "%s", globalVertexText.error[0] ? globalVertexText.error : globalFragmentText.error);
        return 0;
    }
    GLuint handle = OpenGLLinkProgram(files, error, errorSize);
    if (!handle) return 0;
    if (gl->programs[id].handle) glDeleteProgram(gl->programs[id].handle);
    OpenGLLookUpUniforms(gl->programs + id, handle);
    gl->programTextHashes[id] = hash;
    return 1;
}
