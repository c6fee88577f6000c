#ifndef WIN32_RESTART_STATE_H
#define WIN32_RESTART_STATE_H
//~ The hot restart's state section: everything the game can see, from the old process to the new
//
// Written by the old process at a frame boundary, every queue drained and the snapshot just synced
// (so its everWritten bitmap lists every page game code ever wrote): the header below, then that
// bitmap, then those pages of game memory (permanent + transient; a page never written is still zero
// and is not sent), then the tunables' table and, while the live loop records or plays, its inputs,
// records and marked memory (the same pages), the capsule recording window, and the timeline's history
// (keyframes, frame records, the pause: the new process comes up paused at the frame the old one
// showed, game memory being that frame's state). The frame scratch is not sent: it holds nothing from
// one frame to the next. Both sides hash the pages they send and receive (MixPageHash of each
// page's HashPage); equal hashes mean game memory came across byte for byte.
// Tested by: tests/suites/suite_hot_restart.sh (plus tests/unit/test_page_list.cpp)

struct win32_restart_state_header
{
    u32 magic;                  // WIN32_RESTART_MAGIC
    u32 format;                 // WIN32_RESTART_FORMAT
    u64 totalSize;
    u64 pageSize;
    u64 pageCount;              // game memory's pages (permanent + transient)
    u64 sentPages;              // pages ever written, sent in page order
    u64 hash;                   // over the sent pages
    u64 bitmapOffset;           // everWritten, (pageCount + 7) / 8 bytes
    u64 pagesOffset;
    // The frame loop
    s64 frameCount;
    u32 crashCount;
    u32 pad0;
    // The running game build (loaded again by the new process when its launch-time guess differs)
    u32 gameVersion;
    u32 lastVersion;            // reload versions only ever increase, across the restart too
    win32_file_stamp attempted; // the game DLL build last tried: a newer one is reloaded after
    b32 haveFallback;
    u32 fallbackVersion;
    char gamePath[WIN32_PATH_BYTES];
    char fallbackPath[WIN32_PATH_BYTES];
    u64 gameModuleBase;         // where the running build was loaded in the old process: pointers
    u64 gameModuleSize;         //   into it in game memory move with it when it loads elsewhere here
    state_layout memoryLayout;  // the layout of the state in game memory
    // The window (outer rectangle), at the handover
    s32 windowLeft, windowTop, windowWidth, windowHeight;
    b32 fullscreen;
    WINDOWPLACEMENT windowedPlacement;
    // The trace (--trace): the new process goes on writing where the old one stopped
    b32 traceOn;
    u32 pad;
    s64 traceTailOffset;
    u64 traceStartClock;
    s64 traceFramesWritten;
    platform_edit_status editStatus;
    win32_named_task namedTasks[WIN32_MAX_NAMED_TASKS];
    // Tunables: the platform's table (win32_tunable[tunableCount]) with the values the game ran with
    u32 tunableCount;
    u32 tunablesVersion;
    u64 tunablesOffset;
    // The capsule recording window (win32_restart_capsule.h)
    u64 capsuleOffset;
    u64 capsuleBytes;
    // The timeline's history (win32/timeline/win32_timeline.h: Win32WriteTimelineHandover); 0 bytes: off
    u64 timelineOffset;
    u64 timelineBytes;
    // The live loop (F9, --loop): its mode, and while it is on, its recording
    u32 loopMode;
    u32 loopRecordedFrames;
    u32 loopPlayIndex;
    u32 loopPassCount;
    u64 loopRewindCount;
    u64 loopInputsOffset;       // game_input[loopRecordedFrames]
    u64 loopRecordsOffset;      // capsule_frame[loopRecordedFrames]
    u64 loopMarkedOffset;       // the marked memory's pages, the same sentPages as game memory
};

// What a write or a read came to, for the log lines.
struct win32_restart_state_figures
{
    u64 bytes;                  // of game memory sent or received
    u64 pages;
    u64 hash;
};

// The pages themselves are packed and unpacked by platform/platform_page_list.h (the capsule
// window's sending shares it).

// New side, once the build runs: when it loaded at another address than in the old process, every
// aligned 8-byte value in the sent pages of game memory (and of the live loop's mark) that points into
// the old image is moved by the same distance (the same build: same layout). Returns the count.
internal u64 Win32MoveGamePointers(win32_state *state, const win32_restart_state_header *header);

// Old side, at the handover boundary: the section's size for the state as it is now.
internal u64 Win32RestartStateSize(win32_state *state);
// Old side: writes the state into view (Win32RestartStateSize bytes). Runs the old-writing test
// hook half-way through the pages.
internal void Win32WriteRestartState(win32_state *state, u8 *view, u64 size, win32_restart_state_figures *figures);
// New side, before its first frame: checks the header, puts game memory back (at the same base,
// byte for byte), and the named tasks, tunables, live loop, capsule window, frame count and edit
// status. The game build, window and trace are the new side's own steps (win32_restart.h). False
// with *why.
internal b32 Win32ReadRestartState(win32_state *state, const u8 *view, u64 size, win32_restart_state_figures *figures,
                                   char *why, u32 whySize);

#endif  // WIN32_RESTART_STATE_H
