#ifndef WIN32_OVERLAY_H
#define WIN32_OVERLAY_H
//~ The platform's overlay: the exe's own layer, drawn over the game's frame every frame with the base
// font (base/base_font.h) through the renderer's overlay pass (render/render_overlay.h), whatever the
// game draws: a game that pushes nothing, a build just rolled back, the stubs before any build.
// It holds the engine's tools: the platform's notices (top right), the F2 tunables panel (names,
// values and a bar each, under the notices) and the timeline strip with the watch plots (the bottom
// of the window, while paused or after F6; win32/timeline/).
// While the pointer is over what it draws (the strip, the tunables panel), the overlay takes the
// clicks and the wheel: the game sees neither. --no-overlay turns all of it off (the game alone).
// Main thread only.
// Tested by: tests/suites/suite_debug_overlay.sh, tests/suites/suite_timeline_view.sh, tests/suites/suite_tunables.sh

#define WIN32_OVERLAY_MAX_QUADS 65536
#define WIN32_OVERLAY_TITLE_SECONDS 0.25    // the title's frame number is refreshed this often while playing

struct win32_overlay
{
    b32 on;
    render_vertex *vertices;    // WIN32_OVERLAY_MAX_QUADS * 4, from the platform arena
    render_overlay list;
    b32 fontUploaded;
    f32 tunePanelLeft, tunePanelTop, tunePanelRight, tunePanelBottom;   // where the panel was drawn last
    u64 titleFrame;             // the frame the window title names
    b32 titlePaused;
    f64 titleAt;
    f64 drawSeconds[512];       // main-thread time building the overlay, per drawn frame ...
    u64 drawCount;
    f64 stripDrawSeconds[512];  //   ... and per drawn frame that showed the timeline strip
    u64 stripDrawCount;
};

// Main thread at start-up, after the renderer: memory for the draw list and the font for the renderer.
internal void Win32InitOverlay(win32_overlay *overlay, win32_state *state);
// Main thread between frames, before the timeline reads the input: F6 (the strip while playing) and
// the pointer over the overlay (taken from the game: its buttons and wheel are cleared in state->input).
internal void Win32OverlayInput(win32_overlay *overlay, win32_state *state);
// Main thread, when a frame is drawn: the overlay for a frame of width x height pixels (0 when off).
internal render_overlay *Win32BuildOverlay(win32_overlay *overlay, win32_state *state, u32 width, u32 height);
// Main thread, once a frame: the window title names the frame shown ("paused at frame N" while paused).
internal void Win32UpdateWindowTitle(win32_overlay *overlay, win32_state *state);
// At exit: the overlay's main-thread cost into the log ("overlay: built in a median X ms ...; with the
// timeline strip shown a median Y ms ...").
internal void Win32ShutdownOverlay(win32_overlay *overlay);

#endif // WIN32_OVERLAY_H
