// Build tool: writes code/render/embedded_shaders.h from every file in data/shaders/.
//
// The files are the one source of the renderer's GLSL; the header is their copy inside the exe,
// used when the data folder or a file cannot be read. Both builds run this before compiling the
// exe (build.bat with cl, misc/build.sh with the host g++), so the copy can never drift from the
// files; suite_layout and suite_live_shaders run it with --check.
//   embed_shaders ENGINE_ROOT            rewrite the header when it differs (else leave it alone,
//                                        so its write time does not force a rebuild)
//   embed_shaders ENGINE_ROOT --check    exit 1, saying so, when the header differs
// A plain C++ program with no engine headers: it must build before anything else does, with
// either compiler, and needs nothing but the C library (and FindFirstFile on Windows).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <dirent.h>
#include <sys/stat.h>
#endif

#define MAX_SHADER_FILES 256
#define MAX_PATH_BYTES 4096

struct text_buffer
{
    char *bytes;
    size_t used;
    size_t capacity;
};

static void Append(text_buffer *buffer, const char *bytes, size_t count)
{
    if (buffer->used + count + 1 > buffer->capacity)
    {
        size_t capacity = (buffer->capacity ? buffer->capacity * 2 : 65536);
        while (capacity < buffer->used + count + 1) capacity *= 2;
        buffer->bytes = (char *)realloc(buffer->bytes, capacity);
        if (!buffer->bytes) { fprintf(stderr, "embed_shaders: out of memory\n"); exit(2); }
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->used, bytes, count);
    buffer->used += count;
    buffer->bytes[buffer->used] = 0;
}

static void AppendText(text_buffer *buffer, const char *text) { Append(buffer, text, strlen(text)); }

// The whole file, or 0 when it cannot be read. *size excludes the terminating zero added here.
static char *ReadWholeFile(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    if (!file) return 0;
    text_buffer buffer = {};
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof(chunk), file)) > 0) Append(&buffer, chunk, got);
    fclose(file);
    if (!buffer.bytes) Append(&buffer, "", 0);
    *size = buffer.used;
    return buffer.bytes;
}

// FOLDER/NAME into out; a path too long for it stops the tool (the build then fails, saying why).
static void JoinPath(char *out, size_t size, const char *folder, const char *name)
{
    size_t folderLength = strlen(folder), nameLength = strlen(name);
    if (folderLength + 1 + nameLength + 1 > size) { fprintf(stderr, "embed_shaders: path too long: %s/%s\n", folder, name); exit(2); }
    memcpy(out, folder, folderLength);
    out[folderLength] = '/';
    memcpy(out + folderLength + 1, name, nameLength + 1);
}

static int CompareNames(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

// The plain files of FOLDER (names not starting with '.'), sorted bytewise so the header is the
// same on every machine. Returns the count, or -1 when the folder cannot be listed.
static int ListShaderFiles(const char *folder, char **names)
{
    int count = 0;
#ifdef _WIN32
    char pattern[MAX_PATH_BYTES];
    JoinPath(pattern, sizeof(pattern), folder, "*");
    WIN32_FIND_DATAA found;
    HANDLE search = FindFirstFileA(pattern, &found);
    if (search == INVALID_HANDLE_VALUE) return -1;
    do
    {
        if (found.cFileName[0] == '.' || (found.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)) continue;
        if (count < MAX_SHADER_FILES) names[count++] = _strdup(found.cFileName);
    } while (FindNextFileA(search, &found));
    FindClose(search);
#else
    DIR *directory = opendir(folder);
    if (!directory) return -1;
    while (struct dirent *entry = readdir(directory))
    {
        if (entry->d_name[0] == '.') continue;
        char path[MAX_PATH_BYTES];
        JoinPath(path, sizeof(path), folder, entry->d_name);
        struct stat info;
        if (stat(path, &info) != 0 || !S_ISREG(info.st_mode)) continue;
        if (count < MAX_SHADER_FILES) names[count++] = strdup(entry->d_name);
    }
    closedir(directory);
#endif
    qsort(names, (size_t)count, sizeof(char *), CompareNames);
    return count;
}

// One C string literal per source line, so the header reads like the file and diffs line by line.
// Carriage returns are dropped: a checkout with CRLF endings embeds the same text as one with LF.
static void AppendLiteralLines(text_buffer *out, const char *text, size_t size)
{
    if (size == 0) { AppendText(out, "\n    \"\""); return; }
    size_t at = 0;
    while (at < size)
    {
        AppendText(out, "\n    \"");
        for (; at < size; ++at)
        {
            char c = text[at];
            if (c == '\r') continue;
            if (c == '\\') AppendText(out, "\\\\");
            else if (c == '"') AppendText(out, "\\\"");
            else if (c == '\n') { AppendText(out, "\\n"); ++at; break; }
            else Append(out, &c, 1);
        }
        AppendText(out, "\"");
    }
}

static int RenderHeader(const char *root, text_buffer *out)
{
    char folder[MAX_PATH_BYTES];
    JoinPath(folder, sizeof(folder), root, "data/shaders");
    char *names[MAX_SHADER_FILES];
    int count = ListShaderFiles(folder, names);
    if (count < 0) { fprintf(stderr, "embed_shaders: cannot list %s\n", folder); return 0; }
    AppendText(out, "// Generated by misc/embed_shaders.cpp from data/shaders/: do not edit; edit the files and\n"
                    "// build (build.bat or misc/build.sh rewrite this). The exe compiles these when a file cannot be read.\n"
                    "#ifndef EMBEDDED_SHADERS_H\n#define EMBEDDED_SHADERS_H\n\n"
                    "struct opengl_embedded_shader\n{\n    const char *fileName;\n    const char *text;\n};\n\n"
                    "global const opengl_embedded_shader openGLEmbeddedShaders[] =\n{");
    for (int index = 0; index < count; ++index)
    {
        char path[MAX_PATH_BYTES];
        JoinPath(path, sizeof(path), folder, names[index]);
        size_t size = 0;
        char *text = ReadWholeFile(path, &size);
        if (!text) { fprintf(stderr, "embed_shaders: cannot read %s\n", path); return 0; }
        AppendText(out, "\n    {\"");
        AppendText(out, names[index]);
        AppendText(out, "\",");
        AppendLiteralLines(out, text, size);
        AppendText(out, "},");
        free(text);
        free(names[index]);
    }
    AppendText(out, "\n};\n\n#endif // EMBEDDED_SHADERS_H\n");
    return 1;
}

int main(int argumentCount, char **arguments)
{
    const char *root = 0;
    int checkOnly = 0;
    for (int index = 1; index < argumentCount; ++index)
    {
        if (strcmp(arguments[index], "--check") == 0) checkOnly = 1;
        else root = arguments[index];
    }
    if (!root) { fprintf(stderr, "usage: embed_shaders ENGINE_ROOT [--check]\n"); return 2; }
    text_buffer header = {};
    if (!RenderHeader(root, &header)) return 2;
    char headerPath[MAX_PATH_BYTES];
    JoinPath(headerPath, sizeof(headerPath), root, "code/render/embedded_shaders.h");
    size_t oldSize = 0;
    char *old = ReadWholeFile(headerPath, &oldSize);
    int same = old && oldSize == header.used && memcmp(old, header.bytes, oldSize) == 0;
    if (checkOnly)
    {
        if (!same) printf("code/render/embedded_shaders.h differs from data/shaders/: build, or run misc/embed_shaders.cpp\n");
        return same ? 0 : 1;
    }
    if (same) return 0;
    FILE *file = fopen(headerPath, "wb");
    if (!file || fwrite(header.bytes, 1, header.used, file) != header.used || fclose(file) != 0)
    {
        fprintf(stderr, "embed_shaders: cannot write %s\n", headerPath);
        return 2;
    }
    printf("embed_shaders: %s rewritten from data/shaders/\n", headerPath);
    return 0;
}
