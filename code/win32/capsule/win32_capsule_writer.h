#ifndef WIN32_CAPSULE_WRITER_H
#define WIN32_CAPSULE_WRITER_H
//~ Writing capsules: one file per crash, hang, F8 or request, written off the main thread
//
// The main thread only gathers what would change under the writer: the frame records and the
// checkpoint, cut from the timeline's history (win32_capsule_cut.h), the log lines, and the held
// builds (their readers counted); its time is the "main-thread hitch" the log reports. The
// writer thread packs the checkpoint's non-zero pages, reads the builds, compresses, writes
// DIR/NAME.capsule.tmp, renames it to DIR/NAME.capsule (never over an earlier capsule) and prunes
// the oldest capsules past the folder's bound. Its last line is "capsule: saved PATH ...".
//
// Requests: F8; the file DIR/capsule.request (checked every WIN32_CAPSULE_REQUEST_FRAMES frames,
// deleted once served); a contained crash or hang (Win32RequestFaultCapsule, from the recovery).
// While the F9 live loop plays, F8 saves the loop's recording instead (reason Loop): its marked
// memory and every recorded frame, to be replayed with --replay PATH --loop.
// Tested by: tests/suites/suite_capsules.sh, tests/suites/suite_tunables.sh, tests/suites/suite_debugger.sh (plus tests/unit/test_capsule_format.cpp)

#define WIN32_CAPSULE_REQUEST_FRAMES 15
#define WIN32_CAPSULE_LOG_BYTES (256 * 1024)
#define WIN32_CAPSULE_QUEUE 2
// A job holds a live loop's frames, or as many of the window's (a longer window starts later).
#define WIN32_CAPSULE_JOB_FRAMES WIN32_LIVE_LOOP_MAX_FRAMES

struct win32_capsule_job
{
    capsule_info info;
    state_layout layout;
    const u8 *image;            // the checkpoint's image (game memory's offsets)
    const u8 *present;          // bit per page that may hold data
    volatile LONG *readers;     // the image's reader count, released once packed (0: none)
    u8 *ownImage;               // the job's own image and present bits, for a checkpoint cut from the history
    u64 ownImageBytes;          //   (reserved once; committed while a capsule is cut and packed)
    u64 pageCount;
    capsule_frame *frames;      // info.frameCount records (the writer's own copy)
    char *log;
    u64 logSize;
    win32_capsule_build_slot *heldBuilds[CAPSULE_MAX_BUILDS];    // read (their readers counted) until written
    capsule_build_record builds[CAPSULE_MAX_BUILDS];
    capsule_tune_record tunes[WIN32_CAPSULE_JOB_TUNES];    // tunables at the checkpoint, then changes
    u32 tuneCount;
    f64 requestedAt;
    f64 mainThreadSeconds;
    char savePath[WIN32_PATH_BYTES];        // where it goes instead of the folder ("": the folder)
};

struct win32_capsule_writer
{
    b32 on;
    char directory[WIN32_PATH_BYTES];       // with a trailing separator
    char requestPath[WIN32_PATH_BYTES];
    char nextSavePath[WIN32_PATH_BYTES];    // the next window capsule's path (the timeline's `save`)
    b32 nextEndHashGiven;                   // the next window capsule's end hash is nextEndHash, not
    u64 nextEndHash;                        //   the state's now (memory holds a frame of the past)
    u64 maxBytes;
    HANDLE thread;
    HANDLE wake;
    CRITICAL_SECTION lock;
    win32_capsule_job jobs[WIN32_CAPSULE_QUEUE];    // a ring; the writer takes jobs[taken % QUEUE]
    volatile LONG queued;
    volatile LONG taken;
    volatile LONG stop;
    u32 framesSinceRequestCheck;
    b32 keyPending;                 // F8 (or the request file) seen, served at the next frame
    b32 requestPending;             //   that did not swap a build in
    memory_arena scratch;           // the writer thread's: compression buffers
};

// A capsule_sink that writes to a file (the writer's temporary file, the replay's extracted builds).
struct win32_capsule_file_sink
{
    HANDLE file;
    u64 written;
};
internal b32 Win32CapsuleFileSink(void *context, const void *bytes, u64 size);
// "crash", "hang", "key", "request", "loop": a capsule_reason as file names and log lines say it.
internal const char *Win32CapsuleReasonName(u32 reason);

// Main thread at start-up: the folder (--capsule-dir, or capsules\ beside the game DLL; created),
// the writer thread. Off (logged) when the recorder is off or the folder cannot be made.
internal b32 Win32StartCapsuleWriter(win32_capsule_writer *writer, win32_capsule_recorder *recorder,
                                     platform_options *options, const char *gameDllPath);
// Main thread, at the start of the frame's recording: serves F8 and the request file.
internal void Win32ServeCapsuleRequests(win32_capsule_writer *writer, win32_state *state, b32 keyPressed);
// Main thread, in the crash recovery, before the rollback: a capsule of the window up to the faulting
// frame, with the fault named.
internal void Win32RequestFaultCapsule(win32_capsule_writer *writer, win32_state *state, const capsule_fault *fault);
// Main thread, while the timeline is paused (win32/timeline/): a capsule of the recorded window up to
// the pause, written to `path` (replacing a file there; 0: into the folder, as F8's), its end hash
// `endHash` (the state at the pause, which memory no longer holds).
internal void Win32RequestRecordedCapsule(win32_capsule_writer *writer, win32_state *state, const char *path, u64 endHash);
// The job's layout, and its info's root struct name from it (win32_capsule_cut.h cuts a job too).
internal void Win32SetCapsuleLayout(win32_capsule_job *job, const state_layout *layout);
// At exit: waits for the writes under way (bounded), stops the thread.
internal void Win32StopCapsuleWriter(win32_capsule_writer *writer);

#endif  // WIN32_CAPSULE_WRITER_H
