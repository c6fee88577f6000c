//~ Shader text: our own #include resolver and the translation of driver messages to our file
// names. Portable (no GL, no OS): the sources come from a lookup the caller gives (files under
// data/shaders/, or the copies embedded in the exe), so the same code runs for both.

#include "render/opengl_renderer.h"
#include "base/base_format.h"
#include <stdio.h>
#include <string.h>

// Appends `line` (without its newline) to the resolved text, remembering where it came from.
internal b32 OpenGLAppendShaderLine(opengl_shader_text *out, const char *line, u32 length, u32 fileSlot, u32 lineNumber)
{
    if (out->length + length + 2 > sizeof(out->text) || out->lineCount >= OPENGL_SHADER_MAX_LINES)
    {
        FormatText(out->error, sizeof(out->error), "%s: the resolved text is longer than %u bytes or %u lines",
                 out->fileNames[0], (u32)sizeof(out->text), (u32)OPENGL_SHADER_MAX_LINES);
        return 0;
    }
    memcpy(out->text + out->length, line, length);
    out->length += length;
    out->text[out->length++] = '\n';
    out->text[out->length] = 0;
    out->lineFile[out->lineCount] = (u16)fileSlot;
    out->lineNumber[out->lineCount] = (u16)lineNumber;
    ++out->lineCount;
    return 1;
}

internal u32 OpenGLShaderFileSlot(opengl_shader_text *out, const char *fileName)
{
    for (u32 slot = 0; slot < out->fileCount; ++slot)
        if (strcmp(out->fileNames[slot], fileName) == 0) return slot;
    if (out->fileCount >= OPENGL_SHADER_MAX_FILES) return OPENGL_SHADER_MAX_FILES;
    FormatText(out->fileNames[out->fileCount], sizeof(out->fileNames[0]), "%s", fileName);
    return out->fileCount++;
}

// `#include "name"` (spaces allowed around the #) -> name in includeName; false for any other line.
internal b32 OpenGLParseInclude(const char *line, u32 length, char *includeName, u32 includeNameSize)
{
    u32 at = 0;
    while (at < length && (line[at] == ' ' || line[at] == '\t')) ++at;
    if (at + 8 > length || memcmp(line + at, "#include", 8) != 0) return 0;
    at += 8;
    while (at < length && (line[at] == ' ' || line[at] == '\t')) ++at;
    if (at >= length || line[at] != '"') return 0;
    u32 start = ++at;
    while (at < length && line[at] != '"') ++at;
    if (at >= length || at - start + 1 > includeNameSize) return 0;
    memcpy(includeName, line + start, at - start);
    includeName[at - start] = 0;
    return 1;
}

internal b32 OpenGLResolveFile(opengl_shader_text *out, const char *fileName, opengl_shader_lookup *lookup,
                               void *context, u32 depth)
{
    u32 slot = OpenGLShaderFileSlot(out, fileName);
    const char *text = lookup(context, fileName);
    if (slot >= OPENGL_SHADER_MAX_FILES || depth > 4 || !text)
    {
        FormatText(out->error, sizeof(out->error), "%s: %s", fileName,
                 !text ? "no such shader file (neither in data/shaders/ nor embedded)"
                       : "includes nested too deeply (more than 4 levels or 8 files)");
        return 0;
    }
    u32 lineNumber = 1;
    for (const char *line = text; *line; ++lineNumber)
    {
        const char *end = line;
        while (*end && *end != '\n') ++end;
        u32 length = (u32)(end - line);
        if (length && line[length - 1] == '\r') --length;
        char includeName[64];
        if (OpenGLParseInclude(line, length, includeName, sizeof(includeName)))
        {
            if (!OpenGLResolveFile(out, includeName, lookup, context, depth + 1)) return 0;
        }
        else if (!OpenGLAppendShaderLine(out, line, length, slot, lineNumber))
        {
            return 0;
        }
        line = *end ? end + 1 : end;
    }
    return 1;
}

b32 OpenGLResolveShaderText(opengl_shader_text *out, const char *fileName, opengl_shader_lookup *lookup, void *context)
{
    out->length = 0;
    out->lineCount = 0;
    out->fileCount = 0;
    out->text[0] = 0;
    out->error[0] = 0;
    return OpenGLResolveFile(out, fileName, lookup, context, 0);
}

// A driver message line's source location: Mesa "0:12(3): ...", NVIDIA "0(12) : ...", and
// "ERROR: 0:12: ..." (AMD, Intel). Returns the resolved line and where the rest of the text starts.
internal b32 OpenGLParseDriverLocation(const char *line, u32 *resolvedLine, const char **rest)
{
    const char *at = line;
    if (strncmp(at, "ERROR: ", 7) == 0) at += 7;
    else if (strncmp(at, "WARNING: ", 9) == 0) at += 9;
    if (*at < '0' || *at > '9') return 0;
    while (*at >= '0' && *at <= '9') ++at;            // source string number
    char open = *at++;
    if (open != ':' && open != '(') return 0;
    if (*at < '0' || *at > '9') return 0;
    u32 number = 0;
    while (*at >= '0' && *at <= '9') number = number * 10 + (u32)(*at++ - '0');
    if (open == '(' && *at++ != ')') return 0;
    *resolvedLine = number;
    *rest = at;
    return 1;
}

void OpenGLTranslateShaderMessage(const opengl_shader_text *source, const char *message, char *out, u32 outSize)
{
    text_buffer text = TextBufferOver(out, outSize);
    for (const char *line = message; *line && text.length + 1 < outSize;)
    {
        const char *end = line;
        while (*end && *end != '\n') ++end;
        char lineText[1024];
        u32 length = (u32)Minimum((umm)(end - line), sizeof(lineText) - 1);
        memcpy(lineText, line, length);
        lineText[length] = 0;
        u32 resolvedLine = 0;
        const char *rest = lineText;
        const char *separator = text.length ? " | " : "";
        if (length && OpenGLParseDriverLocation(lineText, &resolvedLine, &rest) && resolvedLine >= 1 &&
            resolvedLine <= source->lineCount)
        {
            u32 index = resolvedLine - 1;
            TextAppendFormat(&text, "%sdata/shaders/%s:%u%s", separator, source->fileNames[source->lineFile[index]],
                             (u32)source->lineNumber[index], rest);
        }
        else if (length)
        {
            TextAppendFormat(&text, "%s%s", separator, lineText);
        }
        line = *end ? end + 1 : end;
    }
}
