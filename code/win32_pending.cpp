// TEMPORARY integration shim while the work-queue and OpenGL modules are being written in
// parallel: a serial "queue" (runs each entry at once) and a GDI clear instead of OpenGL.
// Replaced by work_queue.cpp and win32_opengl.cpp/opengl_renderer.cpp.

struct platform_work_queue
{
    u32 workerCount;
};

internal void AddWorkQueueEntry(platform_work_queue *queue, platform_work_queue_callback *callback, void *data)
{
    callback(queue, data);
}
internal void CompleteAllWork(platform_work_queue *queue) { (void)queue; }
internal void ParallelFor(platform_work_queue *queue, u32 count, u32 minBatch,
                          platform_parallel_for_callback *callback, void *data)
{
    (void)queue; (void)minBatch;
    callback(data, 0, count);
}
internal void DrainWorkQueues(platform_work_queue **queues, u32 count) { (void)queues; (void)count; }

struct opengl_state { HDC dc; };
internal b32 Win32InitRenderer(opengl_state *gl, win32_window *window, platform_options *options)
{
    (void)options;
    gl->dc = window->dc;
    return 1;
}
internal void Win32RenderFrame(opengl_state *gl, game_render_commands *commands, win32_window *window)
{
    (void)gl; (void)commands; (void)window;
}
internal void Win32PresentFrame(opengl_state *gl) { (void)gl; }
internal b32 Win32WriteScreenshot(opengl_state *gl, const char *path) { (void)gl; (void)path; return 0; }
