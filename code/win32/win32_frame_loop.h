#ifndef WIN32_FRAME_LOOP_H
#define WIN32_FRAME_LOOP_H
//~ The frame loop
//
// Per frame, on the main thread:
//   input -> snapshot sync -> reload step -> live loop step -> main-thread tasks
//   -> update job (worker) overlapped with drawing the previous frame (main thread owns GL)
//   -> frame-synchronised tasks -> sound -> debug end of frame -> crash recovery -> pacing
//
// NOTE: render command buffers are double-buffered: while a worker runs the game's update into
// buffer N+1, the main thread draws buffer N. --serial turns the overlap off.

struct win32_guarded_job
{
    platform_work_queue_callback *callback;
    platform_work_queue *queue;
    void *data;
};

//~ Main
internal int Win32Main(HINSTANCE instance, int argc, char **argv);

#endif  // WIN32_FRAME_LOOP_H
