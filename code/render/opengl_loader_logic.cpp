// Loader decisions (see opengl_loader_logic.h). Portable: built into the exe and the native tests.

#include "render/opengl_loader_logic.h"
#include "base/base_format.h"
#include <stdio.h>
#include <string.h>

//~ The one definition of every GL function pointer
#define OPENGL_DEFINE_FUNCTION(returnType, name, params) type_##name *name;
OPENGL_FUNCTIONS_GL11(OPENGL_DEFINE_FUNCTION)
OPENGL_FUNCTIONS_REQUIRED(OPENGL_DEFINE_FUNCTION)
OPENGL_FUNCTIONS_OPTIONAL(OPENGL_DEFINE_FUNCTION)
#undef OPENGL_DEFINE_FUNCTION

//~ Extension strings
internal b32 OpenGLIsTokenSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

b32 OpenGLHasExtensionToken(const char *list, const char *name)
{
    if (!list || !name || !name[0])
    {
        return 0;
    }
    umm nameLength = strlen(name);
    const char *at = list;
    while (*at)
    {
        while (OpenGLIsTokenSpace(*at))
        {
            ++at;
        }
        const char *end = at;
        while (*end && !OpenGLIsTokenSpace(*end))
        {
            ++end;
        }
        if ((umm)(end - at) == nameLength && memcmp(at, name, nameLength) == 0)
        {
            return 1;
        }
        at = end;
    }
    return 0;
}

b32 OpenGLParseVersion(const char *version, s32 *major, s32 *minor)
{
    *major = 0;
    *minor = 0;
    if (!version)
    {
        return 0;
    }
    for (const char *at = version; *at; ++at)
    {
        if (*at >= '0' && *at <= '9')
        {
            s32 parsedMajor = 0;
            const char *digits = at;
            while (*digits >= '0' && *digits <= '9')
            {
                parsedMajor = parsedMajor * 10 + (*digits - '0');
                ++digits;
            }
            if (digits[0] == '.' && digits[1] >= '0' && digits[1] <= '9')
            {
                s32 parsedMinor = 0;
                ++digits;
                while (*digits >= '0' && *digits <= '9')
                {
                    parsedMinor = parsedMinor * 10 + (*digits - '0');
                    ++digits;
                }
                *major = parsedMajor;
                *minor = parsedMinor;
                return 1;
            }
            at = digits - 1;
        }
    }
    return 0;
}

//~ Function loading
b32 OpenGLIsValidProcAddress(const void *address)
{
    smm value = (smm)address;
    return !(value >= 0 && value <= 3) && value != -1;
}

internal void OpenGLAppendName(char *list, umm listSize, const char *name)
{
    umm used = strlen(list);
    umm nameLength = strlen(name);
    if (used + nameLength + 2 < listSize - 4)
    {
        if (used)
        {
            list[used++] = ' ';
        }
        memcpy(list + used, name, nameLength + 1);
    }
    else if (used + 4 < listSize && strcmp(list + (used >= 3 ? used - 3 : 0), "...") != 0)
    {
        memcpy(list + used, "...", 4);
    }
}

internal void *OpenGLFindProc(opengl_proc_loader *loader, const char *name, b32 exportedFirst)
{
    opengl_get_proc_address *first = exportedFirst ? loader->getExported : loader->getExtension;
    opengl_get_proc_address *second = exportedFirst ? loader->getExtension : loader->getExported;
    void *result = first ? first(loader->userData, name) : 0;
    if (!OpenGLIsValidProcAddress(result))
    {
        result = second ? second(loader->userData, name) : 0;
    }
    return OpenGLIsValidProcAddress(result) ? result : 0;
}

void OpenGLLoadFunctions(opengl_proc_loader *loader, opengl_load_result *result)
{
    memset(result, 0, sizeof(*result));
    // NOTE: a GL 1.1 name missing from opengl32.dll cannot happen on Windows, but a driver that
    // answers one anyway is no reason to fail, so GL 1.1 names fall back to the extension getter.
#define OPENGL_LOAD(returnType, name, params, exportedFirst, missingList)              \
    name = (type_##name *)OpenGLFindProc(loader, #name, exportedFirst);                 \
    if (name) { ++result->loadedCount; }                                                \
    else { OpenGLAppendName(result->missingList, sizeof(result->missingList), #name); ++result->missingList##Count; }
#define OPENGL_LOAD_GL11(returnType, name, params) OPENGL_LOAD(returnType, name, params, 1, missingRequired)
#define OPENGL_LOAD_REQUIRED(returnType, name, params) OPENGL_LOAD(returnType, name, params, 0, missingRequired)
#define OPENGL_LOAD_OPTIONAL(returnType, name, params) OPENGL_LOAD(returnType, name, params, 0, missingOptional)
    OPENGL_FUNCTIONS_GL11(OPENGL_LOAD_GL11)
    OPENGL_FUNCTIONS_REQUIRED(OPENGL_LOAD_REQUIRED)
    OPENGL_FUNCTIONS_OPTIONAL(OPENGL_LOAD_OPTIONAL)
#undef OPENGL_LOAD_OPTIONAL
#undef OPENGL_LOAD_REQUIRED
#undef OPENGL_LOAD_GL11
#undef OPENGL_LOAD
}

//~ Pixel format
internal b32 OpenGLTryPixelFormatARB(opengl_pixel_format_chooser *chooser, b32 srgb, u32 samples, int *format)
{
    int attributes[32];
    u32 at = 0;
    attributes[at++] = WGL_DRAW_TO_WINDOW_ARB; attributes[at++] = 1;
    attributes[at++] = WGL_SUPPORT_OPENGL_ARB; attributes[at++] = 1;
    attributes[at++] = WGL_DOUBLE_BUFFER_ARB;  attributes[at++] = 1;
    attributes[at++] = WGL_ACCELERATION_ARB;   attributes[at++] = WGL_FULL_ACCELERATION_ARB;
    attributes[at++] = WGL_PIXEL_TYPE_ARB;     attributes[at++] = WGL_TYPE_RGBA_ARB;
    attributes[at++] = WGL_COLOR_BITS_ARB;     attributes[at++] = 24;
    attributes[at++] = WGL_ALPHA_BITS_ARB;     attributes[at++] = 8;
    // NOTE: the default framebuffer only receives the finished image (scenes render into our own
    // float-depth framebuffers), so it needs no depth or stencil of its own.
    if (srgb)
    {
        attributes[at++] = WGL_FRAMEBUFFER_SRGB_CAPABLE_ARB; attributes[at++] = 1;
    }
    if (samples > 1)
    {
        attributes[at++] = WGL_SAMPLE_BUFFERS_ARB; attributes[at++] = 1;
        attributes[at++] = WGL_SAMPLES_ARB;        attributes[at++] = (int)samples;
    }
    attributes[at++] = 0;
    Assert(at <= ArrayCount(attributes));

    int chosen = 0;
    u32 count = 0;
    b32 ok = chooser->chooseARB(chooser->userData, attributes, &chosen, &count);
    // NOTE: the call can succeed with zero matches and leave `chosen` untouched: trust all three.
    if (ok && count > 0 && chosen > 0)
    {
        *format = chosen;
        return 1;
    }
    return 0;
}

opengl_pixel_format_choice OpenGLChoosePixelFormat(opengl_pixel_format_chooser *chooser, b32 wantSRGB, u32 wantSamples)
{
    opengl_pixel_format_choice result = {};
    if (chooser->chooseARB)
    {
        b32 srgb = wantSRGB && chooser->srgbSupported;
        u32 samples = (chooser->multisampleSupported && wantSamples > 1) ? wantSamples : 0;
        struct attempt { b32 srgb; u32 samples; } attempts[3] = { {srgb, samples}, {srgb, 0}, {0, 0} };
        for (u32 attemptIndex = 0; attemptIndex < ArrayCount(attempts); ++attemptIndex)
        {
            attempt *a = attempts + attemptIndex;
            b32 repeat = 0;
            for (u32 earlier = 0; earlier < attemptIndex; ++earlier)
            {
                repeat |= (attempts[earlier].srgb == a->srgb && attempts[earlier].samples == a->samples);
            }
            if (repeat)
            {
                continue;
            }
            ++result.attemptCount;
            int format = 0;
            if (OpenGLTryPixelFormatARB(chooser, a->srgb, a->samples, &format))
            {
                result.format = format;
                result.viaARB = 1;
                result.srgb = a->srgb;
                result.samples = a->samples;
                return result;
            }
        }
    }
    if (chooser->chooseClassic)
    {
        ++result.attemptCount;
        int format = chooser->chooseClassic(chooser->userData);
        if (format > 0)
        {
            result.format = format;
        }
    }
    return result;
}

//~ Context creation
opengl_context_choice OpenGLCreateContextChain(opengl_context_creator *creator, b32 debugContext)
{
    opengl_context_choice result = {};
    if (creator->createAttribs)
    {
        struct version { s32 major, minor; } versions[] = {
#define X(major, minor) {major, minor},
            OPENGL_CONTEXT_VERSION_LIST(X)
#undef X
        };
        for (u32 versionIndex = 0; versionIndex < ArrayCount(versions); ++versionIndex)
        {
            int flags = WGL_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB | (debugContext ? WGL_CONTEXT_DEBUG_BIT_ARB : 0);
            int attributes[] = {
                WGL_CONTEXT_MAJOR_VERSION_ARB, versions[versionIndex].major,
                WGL_CONTEXT_MINOR_VERSION_ARB, versions[versionIndex].minor,
                WGL_CONTEXT_FLAGS_ARB, flags,
                WGL_CONTEXT_PROFILE_MASK_ARB, WGL_CONTEXT_CORE_PROFILE_BIT_ARB,
                0,
            };
            ++result.attemptCount;
            void *context = creator->createAttribs(creator->userData, attributes);
            if (context)
            {
                result.context = context;
                result.major = versions[versionIndex].major;
                result.minor = versions[versionIndex].minor;
                result.modern = 1;
                result.debug = debugContext;
                return result;
            }
        }
    }
    if (creator->createLegacy)
    {
        ++result.attemptCount;
        result.context = creator->createLegacy(creator->userData);
    }
    return result;
}

//~ Info (reads the current context through the loaded pointers, so fakes can stand in)
void OpenGLGetInfo(opengl_info *info, b32 modernContext)
{
    memset(info, 0, sizeof(*info));
    info->modernContext = modernContext;
    info->vendor = (const char *)glGetString(GL_VENDOR);
    info->renderer = (const char *)glGetString(GL_RENDERER);
    info->version = (const char *)glGetString(GL_VERSION);
    info->shadingLanguageVersion = modernContext ? (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION) : 0;
    if (!info->vendor) info->vendor = "?";
    if (!info->renderer) info->renderer = "?";
    if (!info->version) info->version = "?";
    if (!info->shadingLanguageVersion) info->shadingLanguageVersion = "(none)";
    OpenGLParseVersion(info->version, &info->major, &info->minor);

    if (modernContext && glGetStringi)
    {
        GLint count = 0;
        glGetIntegerv(GL_NUM_EXTENSIONS, &count);
        for (GLint index = 0; index < count; ++index)
        {
            const char *name = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)index);
            if (!name) continue;
#define X(ext) if (strcmp(name, "GL_" #ext) == 0) info->GL_##ext = 1;
            OPENGL_EXTENSION_LIST(X)
#undef X
        }
        GLint flags = 0;
        glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
        info->debugContext = (flags & GL_CONTEXT_FLAG_DEBUG_BIT) != 0;
    }
    else
    {
        const char *list = (const char *)glGetString(GL_EXTENSIONS);
#define X(ext) info->GL_##ext = OpenGLHasExtensionToken(list, "GL_" #ext);
        OPENGL_EXTENSION_LIST(X)
#undef X
    }
    // Core features count as present from the version that absorbed them.
    b32 at45 = info->major > 4 || (info->major == 4 && info->minor >= 5);
    b32 at32 = info->major > 3 || (info->major == 3 && info->minor >= 2);
    b32 at30 = info->major >= 3;
    info->GL_ARB_clip_control |= at45;
    info->GL_KHR_debug |= (info->major > 4 || (info->major == 4 && info->minor >= 3));
    info->GL_ARB_texture_multisample |= at32;
    info->GL_ARB_framebuffer_object |= at30;
    info->GL_ARB_depth_buffer_float |= at30;
    info->GL_EXT_texture_sRGB |= (info->major > 2 || (info->major == 2 && info->minor >= 1));
}

void OpenGLLogInfo(opengl_info *info, platform_log *log)
{
    if (!log) return;
    log(LogLevel_Info, "OpenGL: vendor '%s', renderer '%s', version '%s' (%d.%d, %s%s), GLSL '%s'",
        info->vendor, info->renderer, info->version, (int)info->major, (int)info->minor,
        info->modernContext ? "core" : "legacy", info->debugContext ? ", debug" : "",
        info->shadingLanguageVersion);
    char flags[512];
    text_buffer text = TEXT_BUFFER_ON(flags);
#define X(ext) TextAppendFormat(&text, " GL_" #ext "=%d", info->GL_##ext ? 1 : 0);
    OPENGL_EXTENSION_LIST(X)
#undef X
    log(LogLevel_Info, "OpenGL extensions:%s", flags);
}

//~ Requirements
b32 OpenGLCheckRequirements(b32 modernContext, s32 major, s32 minor, opengl_load_result *load,
                            char *message, u32 messageSize)
{
    Assert(messageSize > 0);
    message[0] = 0;
    b32 versionOk = modernContext && (major > 3 || (major == 3 && minor >= 3));
    b32 functionsOk = load->missingRequiredCount == 0;
    if (versionOk && functionsOk)
    {
        return 1;
    }
    text_buffer text = TextBufferOver(message, messageSize);
    if (!versionOk)
    {
        TextAppendFormat(&text, "an OpenGL 3.3 core context (this driver gave %s %d.%d)",
                         modernContext ? "core" : "only a legacy context,", (int)major, (int)minor);
    }
    if (!functionsOk)
    {
        TextAppendFormat(&text, "%sthe OpenGL functions: %s", text.length ? "; " : "", load->missingRequired);
    }
    return 0;
}
