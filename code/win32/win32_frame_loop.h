#ifndef WIN32_FRAME_LOOP_H
#define WIN32_FRAME_LOOP_H
//~ The frame loop
//
// Per frame, on the main thread:
//   input -> snapshot sync -> reload step -> timeline (paused: the frame shown) -> live loop step
//   -> capsule and timeline recording -> main-thread tasks
//   -> update job (worker) overlapped with drawing the previous frame (main thread owns GL)
//   -> frame-synchronised tasks -> sound -> debug end of frame -> crash recovery -> pacing
//
// NOTE: render command buffers are double-buffered: while a worker runs the game's update into
// buffer N+1, the main thread draws buffer N. --serial turns the overlap off.
// Tested by: tests/suites/suite_frame_graph.sh, tests/suites/suite_platform.sh, tests/suites/suite_debugger.sh, tests/suites/suite_misuse_games.sh
//
// The high queue's idle workers stay awake through the update (OpenWorkQueueAwakeWindow, work_queue.h):
// from before the update job is added until the game's update returns, for at most
// WIN32_UPDATE_AWAKE_MS; past that cap (an update stopped in the debugger, a hang, a hitch) they sleep
// as they do between frames. Not while the main thread draws on after the update: there polling
// workers would take the cores of a renderer that draws on the CPU.
#define WIN32_UPDATE_AWAKE_MS 50

struct win32_guarded_job
{
    platform_work_queue_callback *callback;
    platform_work_queue *queue;
    void *data;
};

//~ The calls into game code a frame makes (data: the frame's win32_game_call), each run under the
// crash guard by its caller; the timeline (win32/timeline/) makes them too for frames of the past.
internal void Win32CallGameUpdate(void *data);
internal void Win32CallGameSound(void *data);
// Main thread, between frames: the frame's game call set up for an update on state->input into the
// emptied buffer of this frame (the live frame and every frame of the past use it), workers polling
// through the update (the awake window, shut by whoever runs the update). code: the build that runs
// it (&state->game, or an older build the timeline keeps for a frame of the past it recorded).
internal win32_game_call *Win32PrepareGameUpdate(win32_state *state, win32_game_code *code);

//~ What the engine's lifetime (win32_engine_lifetime.cpp) calls
// The runner every work-queue entry goes through: game callbacks run under the crash guard.
internal WORK_QUEUE_ENTRY_RUNNER(Win32RunWorkQueueEntry);
// Empties render command buffer bufferIndex (0 or 1) for the next update.
internal void Win32ResetRenderCommands(win32_state *state, u32 bufferIndex);
// Draws a filled command buffer and presents it (main thread: it owns the GL context).
internal void Win32DrawAndPresent(win32_state *state, game_render_commands *commands);
// One whole frame, from input to pacing; it stops between frames when a hot restart handed the
// game over (the run is then over).
internal void Win32RunFrame(win32_state *state);
// True when the run should end: a close or quit request, the quit file, --frames reached, a
// replay finished, the game handed over to a new process by a hot restart.
internal b32 Win32RunIsOver(win32_state *state);

#endif  // WIN32_FRAME_LOOP_H
