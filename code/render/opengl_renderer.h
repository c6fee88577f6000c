#ifndef OPENGL_RENDERER_H
#define OPENGL_RENDERER_H
// Executes game_render_commands with OpenGL 3.3+ core: reverse-z (32F depth, [0,1] clip range,
// GEQUAL, cleared to 0), batched quads and instanced cubes (indexed, the opaque ones with their
// back faces culled), depth-peeled transparency (each layer only over the rectangle of the target
// the translucent items can cover, the whole target when a translucent vertex is at or behind the
// eye plane) with fog and alpha-threshold discard, and a custom MSAA resolve. No OS headers: the
// context comes from win32_opengl.cpp, which calls OpenGLInit once its functions are loaded.
//
// API for the platform layer:
//   OpenGLRenderCommands(gl, commands, windowWidth, windowHeight)
//       Draws one frame into the current context's back buffer. Reads `commands` during the call
//       only (vertices and texture pixels are copied to the GPU before it returns), so the
//       platform may hand the other of its two command buffers to the game right away.
//   OpenGLRenderFrame(gl, commands, overlay, windowWidth, windowHeight)
//       The same, then the exe's own overlay (render_overlay.h) over the finished frame, in the
//       font OpenGLSetOverlayFont gave.
//   OpenGLWriteScreenshot(gl, path)
//       Writes the last frame drawn, overlay included (.png, or .bmp by extension).
//   OpenGLReadPresentedPixels(gl, ...)
//       The same frame as RGBA8 rows, top row first (tests read pixels through this).

#include "base/base_types.h"
#include "base/base_log.h"
#include "base/base_arena.h"
#include "contract/game_platform.h"
#include "render/opengl_functions.h"
#include "render/opengl_loader_logic.h"
#include "render/render_overlay.h"

//~ Renderer state

// The push buffer goes to the GPU through three stores used in turn, each sized once (grown when a
// frame needs more) and refilled with glBufferSubData: the store a frame fills was last read three
// frames earlier, so the upload does not wait on the GPU, and no frame makes the driver allocate a
// store. NOTE: re-specifying one store every frame (orphaning) had llvmpipe allocate and zero all
// of it every frame, 4+ MB since the sub-buffer zone starts 4 MB in: about a third of a small demo
// frame (160x90, 64 entities: 14.4-15.1 ms a frame before, 10.6-10.7 ms after; the kernel's time halved).
#define OPENGL_PUSH_BUFFER_RING 3
#define OPENGL_PROGRAM_LIST(X) \
    X(Quads)                   \
    X(Cubes)                   \
    X(Resolve)                 \
    X(PeelComposite)           \
    X(Final)                   \
    X(Overlay)

enum opengl_program_id
{
#define X(name) OpenGLProgram_##name,
    OPENGL_PROGRAM_LIST(X)
#undef X
    OpenGLProgram_Count
};

struct opengl_program
{
    GLuint handle;
    GLint viewProjection, view, fogColor, fogParams, alphaThreshold;
    GLint peelEnabled, depthSign, peelDepth, textureSampler;
    GLint colorSampler, depthSampler, sampleCount, reverseZ, layerSampler, accumSampler;
    GLint encodeSRGB;
    GLint pixelToClip, fontSampler;
};

// One framebuffer set; rebuilt when the size or sample count changes.
struct opengl_targets
{
    u32 width, height, samples;
    GLuint msaaFramebuffer, msaaColor, msaaDepth;     // only when samples > 1
    GLuint mainFramebuffer, mainColor, mainDepth;     // opaque result (resolved), plain blending
    GLuint peelFramebuffer, peelColor, peelDepth[2];  // one transparency layer; depth ping-pongs
    GLuint accumFramebuffer, accumColor;              // front-to-back sum of peeled layers
    GLuint presentFramebuffer, presentColor;          // the finished sRGB-encoded RGBA8 frame
};

// One draw in the frame, found by walking the push buffer once.
enum opengl_draw_kind
{
    OpenGLDraw_Clear,
    OpenGLDraw_Quads,
    OpenGLDraw_Cubes,
};

struct opengl_draw_item
{
    u16 kind;
    u16 translucent;
    u16 stateIndex;
    u16 textureIndex;
    u32 payloadOffset;     // byte offset of the vertices/instances inside the uploaded push buffer
    u32 count;             // quads or instances; for Clear, index into clearColors
};

struct opengl_draw_state
{
    m4x4 viewProjection;   // already converted for standard depth when reverse-z is off
    m4x4 view;
    v4 fogColor;
    v4 fogParams;          // fogStart, fogEnd, alphaClipStart, alphaClipEnd
    f32 alphaThreshold;
};

struct opengl_frame_stats
{
    u32 drawCalls;         // glDraw* calls this frame (every pass)
    u32 opaqueBatches;
    u32 translucentBatches;
    u32 peelLayersDrawn;
    u32 peelPixels;        // pixels each peeled layer covered (their rectangle); 0 when none was peeled
    u32 droppedItems;      // items beyond the fixed tables (logged)
    u32 skippedEntries;    // malformed or unknown entries (logged)
    u32 overlayQuads;      // the overlay's quads drawn this frame
};

struct opengl_state
{
    b32 initialized;
    platform_log *log;
    opengl_info info;

    // Depth convention actually in use: reverse-z needs glClipControl; without it we fall back.
    b32 reverseZ;
    GLenum depthFormat;            // GL_DEPTH_COMPONENT32F (reverse-z) or GL_DEPTH_COMPONENT24
    GLenum depthFunc;              // GL_GEQUAL or GL_LEQUAL
    f32 depthClearValue;           // 0 (far, reverse-z) or 1
    u32 maxSamples;

    opengl_program programs[OpenGLProgram_Count];
    u64 programTextHashes[OpenGLProgram_Count];    // of the text each program was built from
    GLuint quadVertexArray, cubeVertexArray, emptyVertexArray;
    GLuint pushBuffers[OPENGL_PUSH_BUFFER_RING];           // the push buffer's stores, in turn
    u32 pushBufferCapacities[OPENGL_PUSH_BUFFER_RING];     // each store's size, grown when a frame needs more
    u32 pushBufferStore;                                   // the store this frame filled, and its draws read
    GLuint quadIndexBuffer;        // 0,1,2, 0,2,3 repeated for OPENGL_MAX_QUADS_PER_DRAW
    GLuint cubeVertexBuffer;
    GLuint textures[RENDER_MAX_TEXTURES];   // slot 0 is plain white until the game replaces it
    GLuint overlayVertexArray;
    GLuint overlayBuffer;          // the overlay's vertices, orphaned and refilled each frame
    umm overlayBufferCapacity;
    GLuint overlayFont;            // the overlay's atlas; plain white until OpenGLSetOverlayFont

    opengl_targets targets;
    b32 hasPresentedFrame;

    // Fixed CPU tables carved from the arena at init: nothing is allocated per frame.
    memory_arena *arena;
    opengl_draw_item *items;
    u32 maxItems;
    opengl_draw_state *states;
    u32 maxStates;
    v4 *clearColors;
    u32 maxClears;

    opengl_frame_stats stats;
};

#define OPENGL_MAX_QUADS_PER_DRAW 16384

struct opengl_init_options
{
    b32 forceStandardDepth;        // the control setup: 24-bit depth, [-1,1], LEQUAL, cleared to 1
    u32 maxDrawItems;              // 0 = 16384
};

// Needs a current context with every OPENGL_FUNCTIONS_REQUIRED entry loaded. The arena provides
// the fixed tables and later the screenshot readback scratch (inside a temporary scope).
b32 OpenGLInit(opengl_state *gl, opengl_info *info, opengl_init_options *options, memory_arena *arena, platform_log *log);
void OpenGLShutdown(opengl_state *gl);

// OpenGLRenderFrame with no overlay.
void OpenGLRenderCommands(opengl_state *gl, game_render_commands *commands, u32 windowWidth, u32 windowHeight);
// The overlay's font (RGBA8 rows bottom-up, as FontBuildAtlas writes); its own texture, never one of the game's slots.
// Main thread (the context's), after OpenGLInit; copies the pixels before it returns. False (and the
// previous font kept) when the renderer is not initialised or the image is empty or over 16384 wide
// or high. Until the first call the overlay samples plain white: rectangles and lines are right,
// glyphs are solid boxes.
b32 OpenGLSetOverlayFont(opengl_state *gl, const u32 *pixels, u32 width, u32 height);
// OpenGLRenderCommands, then `overlay` (may be 0 or empty) over the finished frame, in the frame's pixels.
// The overlay goes into the present target after the final composite and before the blit to the
// window, so screenshots and OpenGLReadPresentedPixels contain it; its width x height pixel space is
// stretched over the target's (commands->widthInPixels x heightInPixels). Colours land in the RGBA8
// target as they are (sRGB bytes, blended src-alpha/one-minus-src-alpha; the target's alpha stays),
// with nearest sampling and no depth test, in one draw call (more only past
// OPENGL_MAX_QUADS_PER_DRAW quads) from one buffer orphaned per frame, so it never waits on the GPU.
// A null or empty overlay issues no GL call of its own. Reads the overlay during the call only.
void OpenGLRenderFrame(opengl_state *gl, game_render_commands *commands, const render_overlay *overlay, u32 windowWidth, u32 windowHeight);
// Returns once every command issued so far has run (glFinish): a frame drawn only so that the
// driver compiles its shader variants (a hot restart's new process) has then done so.
void OpenGLWaitForDrawing(void);

// RGBA8, top row first, width*height*4 bytes; false when no frame was drawn yet or it does not fit.
b32 OpenGLReadPresentedPixels(opengl_state *gl, u8 *pixels, umm pixelsSize, u32 *width, u32 *height);
b32 OpenGLWriteScreenshot(opengl_state *gl, const char *path);

//~ Shader text (opengl_shader_text.cpp): our #include resolver and driver-message translation
#define OPENGL_SHADER_MAX_LINES 1024
#define OPENGL_SHADER_MAX_FILES 8
// One stage's text with every #include "file" replaced by that file, and for each line of the
// result the file and line it came from (so a driver's "0:12" names our file and line).
struct opengl_shader_text
{
    char text[32768];
    u32 length;
    u32 lineCount;
    u16 lineFile[OPENGL_SHADER_MAX_LINES];      // index into fileNames
    u16 lineNumber[OPENGL_SHADER_MAX_LINES];    // 1-based, in that file
    char fileNames[OPENGL_SHADER_MAX_FILES][48];
    u32 fileCount;
    char error[256];                            // why resolving failed
};
// The text of a shader file by name (e.g. "srgb.glsl"), or 0 when there is none.
typedef const char *opengl_shader_lookup(void *context, const char *fileName);
b32 OpenGLResolveShaderText(opengl_shader_text *out, const char *fileName, opengl_shader_lookup *lookup, void *context);
// Rewrites a driver's compile log so every "0:12(3)", "0(12)" or "ERROR: 0:12:" location names
// data/shaders/FILE:LINE across includes; lines joined with " | ".
void OpenGLTranslateShaderMessage(const opengl_shader_text *source, const char *message, char *out, u32 outSize);

//~ Programs (opengl_shaders.cpp): which files make each program, building and swapping them
struct opengl_program_files
{
    const char *name;
    const char *vertexFile;
    const char *fragmentFile;
    const char *attributes;     // "name=location ..." the renderer's vertex arrays feed
    const char *uniforms;       // every uniform the renderer sets for this program
};
extern const opengl_program_files openGLProgramFiles[OpenGLProgram_Count];
// The copy of data/shaders/ built into the exe (embedded_shaders.h); a lookup for the resolver.
const char *OpenGLEmbeddedShaderText(void *context, const char *fileName);
// Builds program `id` from the texts `lookup` gives. On success the new program replaces the old
// one (uniforms looked up again) and the call returns 1; on any failure (resolve, compile, link,
// or an interface the renderer cannot feed) the old program stays and `error` says why, with
// our file names and lines.
b32 OpenGLRebuildProgram(opengl_state *gl, u32 id, opengl_shader_lookup *lookup, void *context,
                         char *error, u32 errorSize);
// A hash of the program's resolved text (0 when it does not resolve): tells which programs a
// changed file touches.
u64 OpenGLProgramTextHash(u32 id, opengl_shader_lookup *lookup, void *context);

#endif // OPENGL_RENDERER_H
