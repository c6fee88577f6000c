// render/: the OpenGL side of the exe. Our own WGL loader and context set-up, the renderer that
// turns validated render commands into GL calls (reverse-z, depth peeling, fog), the exe's overlay
// drawn over them, image writers.
// May include base/ and contract/ only; <windows.h> must come first (win32_opengl.cpp needs it).
// Every header (the interfaces) first, then the bodies in any order: opengl_renderer.h is the one
// interface of the renderer, whose bodies are split by topic (shaders, shader text, resources,
// build items, the draw).

//~ Headers
#include "render/image_writer.h"
#include "render/opengl_functions.h"
#include "render/opengl_loader_logic.h"
#include "render/render_command_validation.h"
#include "render/render_walk.h"
#include "render/render_overlay.h"
#include "render/opengl_renderer.h"
#include "render/embedded_shaders.h"
#include "render/win32_opengl.h"

//~ Bodies
#include "render/image_writer.cpp"
#include "render/render_overlay.cpp"
#include "render/opengl_loader_logic.cpp"
#include "render/opengl_shader_text.cpp"
#include "render/opengl_shaders.cpp"
#include "render/opengl_resources.cpp"
#include "render/opengl_build_items.cpp"
#include "render/opengl_peel_bounds.cpp"
#include "render/opengl_renderer.cpp"
#include "render/win32_opengl.cpp"
