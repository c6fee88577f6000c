// render/: the OpenGL side of the exe. Our own WGL loader and context set-up, the renderer that
// turns validated render commands into GL calls (reverse-z, depth peeling, fog), image writers.
// May include base/ and contract/ only; <windows.h> must come first (win32_opengl.cpp needs it).

#include "render/image_writer.cpp"
#include "render/opengl_loader_logic.cpp"
#include "render/opengl_shader_text.cpp"
#include "render/opengl_shaders.cpp"
#include "render/opengl_resources.cpp"
#include "render/opengl_build_items.cpp"
#include "render/opengl_renderer.cpp"
#include "render/win32_opengl.cpp"
