#ifndef WIN32_TIMELINE_H
#define WIN32_TIMELINE_H
//~ Time travel in the running engine: the recent past as keyframes and inputs, paused and scrubbed in
// the window, re-run with new code, resumed from any frame (docs/timeline.md)
//
// History: every frame the timeline keeps what the update received (the input, dt in it, the sound
// samples asked for, the code version) and the state hash the frame started from; every few frames a
// keyframe of game memory (platform/platform_history.h: the pages the pre-frame snapshot copied since
// the previous keyframe, taken from the snapshot's copy, which is game memory at this frame's start).
// The keyframe interval follows the memory: the cap (--history-max-mb) over the bytes a keyframe
// takes gives how many fit in --history-seconds, and keyframes never cost more than
// WIN32_TIMELINE_MAX_MB_PER_SECOND; the first frame of every build is a keyframe, so the frames
// between two keyframes ran one build. A keyframe's pages are packed against their previous versions
// on the packer thread while its frame runs. This is the one record of the past: capsules are cut from
// it (win32/capsule/win32_capsule_cut.h), so it keeps at least --capsule-seconds, and with
// --history-seconds 0 it records that much with travel off (travelOn: F5 and the requests do nothing).
//
// Paused (F5, `pause`, --start-paused), the frame loop goes on drawing: each frame runs the update of
// the frame shown on its start state and recorded input, draws it, and puts game memory back (the
// crash rollback's restore). A seek restores the keyframe at or before the target and re-runs the
// recorded input up to it (no sound, nothing drawn), each frame by the build that recorded it (kept
// loaded while the history holds its frames: win32_timeline_builds.cpp), then compares the state hash
// with the recorded one; a mismatch is run again from the keyframe to name the first field that
// differs between the two runs (a determinism detector). A reload while paused re-runs the rest of the history with the
// new code, a slice each frame, beside the recorded timeline, and names where the two part.
// Resuming drops the other future and plays on, live, from the frame shown.
//
// Main thread only. The game's background tasks and game threads are not held while paused (they
// run as always); sound is silence while paused; no capsule is recorded and no frame is added.
// Tested by: tests/suites/suite_timeline.sh, tests/suites/suite_timeline_view.sh (plus tests/unit/test_history.cpp, tests/unit/test_state_path.cpp, tests/unit/test_timeline_strip.cpp)

#define WIN32_TIMELINE_MAX_FRAMES 65536         // frame records kept (beyond them the oldest keyframes go)
#define WIN32_TIMELINE_MAX_INTERVAL 120         // frames between keyframes at most
#define WIN32_TIMELINE_MAX_MB_PER_SECOND 4.0    // packed keyframes no denser than this much memory per second of play
#define WIN32_TIMELINE_SLICE_SECONDS 0.02       // a change of the past re-runs this much per drawn frame
#define WIN32_TIMELINE_MAX_WATCHES 4            // fields plotted at once (`watch PATH`)
#define WIN32_TIMELINE_SCAN_SYNC_FRAMES 8       // a watch or find syncs the snapshot this often
#define WIN32_TIMELINE_SHOW_SYNCED_TAIL 2       // a seek syncs the snapshot over its last frames only ...
#define WIN32_TIMELINE_SHOW_STEP_BACK 8         // ... but a step back of up to this many frames syncs each one
#define WIN32_TIMELINE_STRIP_COLUMNS 8192       // the strip draws at most this many pixels wide
#define WIN32_TIMELINE_MAX_BUILDS 32            // older builds kept loaded for the history's frames

enum win32_timeline_frame_flags
{
    TimelineFrame_Reload = 1 << 0,      // the first frame of a build
    TimelineFrame_Tune = 1 << 1,        // a tunable changed before it
    TimelineFrame_Fault = 1 << 2,       // a contained crash or hang (rolled back)
    TimelineFrame_Capsule = 1 << 3,     // a capsule was asked for
    TimelineFrame_Hitch = 1 << 4,       // it took over twice the target frame time
    TimelineFrame_Keyframe = 1 << 5,
    TimelineFrame_HashKnown = 1 << 6,   // stateHash is the hash at its start (an all-zero state's is 0)
    TimelineFrame_HashChecked = 1 << 7, // a seek reached it and compared its hash with stateHash ...
    TimelineFrame_HashEqual = 1 << 8,   //   ... and found it equal
    TimelineFrame_StateReset = 1 << 9,  // the swap before it reset game state (F10, --reset-on-layout-change)
};

struct win32_timeline_frame
{
    game_input input;
    u64 stateHash;              // at the frame's start (with TimelineFrame_HashKnown)
    f64 recordedSeconds;        // the sum of dt before it
    u32 reloadVersion;
    u32 flags;                  // win32_timeline_frame_flags
    u32 soundSamples;
    f32 frameSeconds;           // how long the live frame took (pacing included); 0 when not known
    u32 widthInPixels;          // the render commands' size the update saw
    u32 heightInPixels;
};

// A change of the past: the rest of the history re-run with the code loaded while paused.
struct win32_new_timeline
{
    b32 exists;
    b32 running;                // still re-running slices
    u64 fromFrame;              // the frame it parts from (the cursor when the build arrived)
    u64 endFrame;               // one past the last frame it re-runs
    u64 nextFrame;              // one past the last frame re-run so far
    u32 version;                // the code it runs
    u64 *hashes;                // by frame - fromFrame: its state hash at the frame's start
    b32 differs;
    u64 firstDifferentFrame;
    char difference[200];       // "FIELD: A vs B" (or why no field is named)
    u32 recordedFaults;         // faults of the recorded frames it re-ran ...
    u32 faultsAgain;            //   ... and how many of them happened again
    u32 newFaults;              // faults on frames that did not fault when recorded
    f64 startedAt;
    history_store store;        // its keyframes: the first is the state at fromFrame
};

// A field plotted over the history (`watch PATH`): its value at the start of every frame, by
// frame % WIN32_TIMELINE_MAX_FRAMES, up to 4 components (a v2/v3/v4 named whole). NaN: not read.
struct win32_timeline_watch
{
    b32 active;
    u32 colorIndex;
    state_path_leaf leaf;
    u64 firstFrame;             // the recorded timeline's values: frames [firstFrame, endFrame)
    u64 endFrame;
    f64 *values;                // WIN32_TIMELINE_MAX_FRAMES * 4
    f64 *newValues;             // the new timeline's, frames [newTimeline.fromFrame, newTimeline.nextFrame]
};

// The keyframe packer (win32_timeline_packer.cpp): a thread that packs the keyframe begun at a frame's
// start from the snapshot's copy while the frame runs; the next frame's start waits for it and ends
// the keyframe before the sync rewrites the copy.
struct win32_timeline_packer
{
    HANDLE thread;              // null: keyframes are packed on the main thread
    volatile LONG requested;    // set by the main thread with a keyframe to pack, cleared by the packer when packed
    volatile LONG stopRequested;
    history_store *store;       // the store and image of the keyframe being packed ...
    const u8 *image;
    b32 busy;                   //   ... while set (main thread's view)
    f64 dt;                     // its frame's dt, for the interval
    f64 begunSeconds;           // when it was handed over (Win32Seconds)
    f64 frameSeconds;           // handed over -> finished, for the last keyframe: about a frame; 0 before one
};

// A build that no longer runs, kept loaded while the history holds frames it ran (win32_timeline_builds.cpp).
struct win32_timeline_build
{
    win32_game_code code;       // its exports, through the timeline's own reference to the module
    u64 firstFrame;             // the recorded frames it ran: [firstFrame, lastFrame]
    u64 lastFrame;
    b32 ownsCopy;               // the copy is the timeline's alone (a hot restart's): deleted at release
};

struct win32_timeline_builds
{
    win32_timeline_build kept[WIN32_TIMELINE_MAX_BUILDS];
    u32 count;
    u64 lastVersionFirstFrame;  // the first recorded frame of the build that ran the newest one
};

// The recording (win32_timeline_record.cpp): the history of live play.
struct win32_timeline_recording
{
    f32 historySeconds;
    u64 capBytes;
    history_store store;
    win32_timeline_frame *frames;   // WIN32_TIMELINE_MAX_FRAMES, by frame number
    u64 endFrame;               // one past the newest frame recorded
    u32 keyInterval;
    u32 framesSinceKey;
    u32 lastVersion;            // the build the last recorded frame ran
    u32 lastTuneCount;
    u64 lastRewindCount;
    f64 recordedSeconds;
    f64 bytesPerKeyframe;       // a running average, for the interval
    f64 lastDt;                 //   ... and the dt it was last chosen with
    win32_timeline_packer packer;
    b32 hashPending;
    u64 pendingHashFrame;
    u64 pendingHashSync;
    state_layout layout;        // the layout of the state the history holds from layoutFloor on
    // A reload that changed the state's layout (a migration) or reset the state does not restart the
    // history: capsules cut from it replay across the change (the replay migrates as the reload did).
    // Travel stops at the change (the build running now cannot show a state of the layout before it).
    u64 layoutFloor;            // the first frame of the layout the state has now
    b32 haveEarlierLayout;      // the history still holds frames before layoutFloor ...
    state_layout earlierLayout; //   ... and this was their layout (one change back: a second one drops them)
    capsule_frame *loopRecordPending;   // the F9 loop's copy of the newest record, waiting for its hash
    // Bit per page: every page a snapshot sync changed in its copy since the newest keyframe of the
    // store shown (what the next keyframe holds, and what a restore must put back). The timeline's
    // own, kept by the snapshot's syncs (Win32AddSnapshotChangeBitmap).
    u8 *changedSinceKeyframe;
};

// Travel (win32_timeline_travel.cpp, win32_timeline_control.cpp): the pause, the frame shown, and a
// change of the past.
struct win32_timeline_travel
{
    b32 paused;
    b32 startPaused;            // --start-paused: pause before the first frame's update
    u64 cursor;                 // the frame shown
    b32 shownValid;             // game memory holds the start state of `cursor` (on the timeline shown)
    b32 viewNew;                // the new timeline is shown
    u32 pausedVersion;          // the build that ran when the frame shown was reached
    b32 faultShownLogged;
    b32 quiet;                  // a pause, seek or resume made to answer a question logs nothing
    win32_new_timeline newTimeline;
    u8 *stateA;                 // permanent storage images, for naming a field that differs
    u8 *stateB;
    char requestPath[WIN32_PATH_BYTES];
};

// The scrub cache: the frames the last seek re-simulated, each as a keyframe (a quarter of the cap; the
// newest kept), so a step back after a seek is a restore, not a re-simulation.
struct win32_timeline_scrub_cache
{
    history_store store;
    u8 *changedSinceKey;        // as changedSinceKeyframe, since the cache's newest frame
};

// The strip's view and pointer (win32_timeline_strip.cpp).
struct win32_timeline_strip_state
{
    b32 stripShownLive;         // F6: the strip while playing
    timeline_strip_view stripView;  // the frames the tracks show (the wheel zooms it) ...
    b32 stripZoomed;            //   ... and whether it shows less than the whole history
    b32 hovering;               // the pointer is over the strip, at hoverFrame
    u64 hoverFrame;
    f32 hoverX;
    b32 dragging;
    f32 medianFrameSeconds;     // of the history's frames [medianFirstFrame, medianEndFrame): hitches are 2x it
    u64 medianFirstFrame;
    u64 medianEndFrame;
    b32 marksChanged;           // a frame's marks changed since the strip last read them
};

// Figures for the exit report (main-thread time).
struct win32_timeline_figures
{
    f64 recordSeconds[512];     // of the recording, per frame
    u64 recordCount;
    f64 keyframeSeconds[512];   // of each keyframe taken (within recordSeconds)
    u64 keyframeCount;          // keyframes taken since start
    f64 keyframeMaxSeconds;
    f64 seekSeconds[512];
    u64 seekCount;
};

struct win32_timeline
{
    b32 on;                     // the recording: the history of live play, which capsules are cut from
    b32 travelOn;               // pause, scrub, watch and find (off with --history-seconds 0: the
                                // recording then keeps just the capsule window)
    win32_memory_snapshot *snapshot;
    u64 permanentSize;
    win32_timeline_recording recording;
    win32_timeline_builds builds;   // the older builds its frames ran
    win32_timeline_travel travel;
    win32_timeline_scrub_cache scrub;
    win32_timeline_strip_state strip;
    win32_timeline_watch watches[WIN32_TIMELINE_MAX_WATCHES];
    win32_timeline_figures figures;
};

//~ Between the timeline's own files (the recording, the travel, the controls); main thread
// The record of a frame (by frame number; kept while the history holds it).
internal win32_timeline_frame *Win32TimelineFrame(win32_timeline *timeline, u64 frame);
// The oldest frame the history can show (the present when it holds nothing; never before layoutFloor).
internal u64 Win32TimelineOldestFrame(win32_timeline *timeline);
// The oldest frame the history holds (the present when it holds nothing): capsules may start there.
internal u64 Win32HistoryOldestFrame(win32_timeline *timeline);
// The layout of the state at the start of `frame` (one the history holds).
internal const state_layout *Win32HistoryLayoutAt(win32_timeline *timeline, u64 frame);
// The last recorded frame gets its state hash (the hasher's, of the sync at its start).
internal void Win32SettleTimelineHash(win32_timeline *timeline);
// A keyframe of `frame` from the snapshot's copy (game memory at its start); dt sets the interval.
// Its pages are packed by the packer thread while the frame runs (Win32TimelineFinishKeyframe ends it).
internal void Win32TakeKeyframe(win32_timeline *timeline, u64 frame, f64 dt);
// The keyframe packer (win32_timeline_packer.cpp), main thread: started at init (false: none, packing
// runs on the main thread); handed the pending keyframe of the store; stopped at exit (after a finish).
internal b32 Win32StartKeyframePacker(win32_timeline_packer *packer);
// The recording's keyframes packed against the previous ones, on the packer thread (at init).
internal void Win32StartKeyframePacking(win32_timeline *timeline);
internal void Win32PackKeyframeInBackground(win32_timeline_packer *packer, history_store *store, const u8 *image, f64 dt);
internal void Win32StopKeyframePacker(win32_timeline_packer *packer);
// The interval that fits --history-seconds of keyframes like the last ones (keyBytes: the newest's) in the cap.
internal void Win32ChooseKeyInterval(win32_timeline *timeline, f64 keyBytes, f64 dt);
// The frames the cursor can show on the timeline shown.
internal void Win32TimelineRange(win32_timeline *timeline, u64 *first, u64 *last);
// Shows the start state of `target` (clamped to the range) and logs the line "timeline: at frame ...".
internal void Win32TimelineSeek(win32_state *state, u64 target);
// Pause at the present; play on from the frame shown (both log their line).
internal void Win32TimelinePause(win32_state *state);
internal void Win32TimelineResume(win32_state *state);
// A build or tune arrived while paused: the new timeline re-runs the rest of the history (what names it).
internal void Win32StartNewTimeline(win32_state *state, const char *what);
// One slice of the new timeline's re-run, then the frame shown again.
internal void Win32ContinueNewTimeline(win32_state *state);
// The store of the timeline shown (the new timeline's when it is viewed).
internal history_store *Win32ShownStore(win32_timeline *timeline);
// One frame of the past on its recorded input (nothing drawn); false when it faulted (contained).
// Synced: memory is then the snapshot's copy, at the next frame's start, or back at this frame's
// start after a fault. Unsynced (a scan of many frames): a fault puts memory back at the last sync.
// Each runs the build that recorded the frame when the timeline keeps it (or runs it), else the build
// running now; on the new timeline (onNewTimeline), always the build running now.
internal b32 Win32RunPastFrame(win32_state *state, win32_timeline_frame *record, b32 onNewTimeline);
internal b32 Win32RunPastFrameUnsynced(win32_state *state, win32_timeline_frame *record, b32 onNewTimeline);
// After an unsynced frame faulted: the frames since the last sync run again, synced, and the faulting
// one is dropped (it faults again); returns the frames that faulted.
internal u32 Win32RerunFromLastSync(win32_state *state, u64 syncedFrame, u64 faultedFrame, b32 onNewTimeline);
// The builds the history spans (win32_timeline_builds.cpp). The code a frame of the past runs with.
internal win32_game_code *Win32PastFrameCode(win32_state *state, win32_timeline_frame *record, b32 onNewTimeline);
// Builds whose frames all left the history (trimmed, or dropped by a resume) are unloaded; at exit, all.
internal void Win32ReleaseBuildsOutOfHistory(win32_timeline *timeline);
internal void Win32ReleaseAllTimelineBuilds(win32_timeline *timeline);
// Watch and find (win32_timeline_watch.cpp). `watch PATH` samples the field over the whole history
// (and the new timeline's frames), pausing quietly for it when playing; `unwatch PATH`; `find` seeks
// to the first frame after the cursor (or, backward, the last before it) where the condition holds,
// pausing first when playing; with no match the cursor stays. Watch and unwatch log one "timeline:"
// line, find its result and then its search figures (docs/timeline.md); a bad path is refused, logged
// as an error with the layout's closest name, and nothing changes.
internal void Win32TimelineWatch(win32_state *state, const char *path);
internal void Win32TimelineUnwatch(win32_state *state, const char *path);
internal void Win32TimelineFind(win32_state *state, timeline_command *command);
// Memory holds the start of `frame` (live, or on the new timeline): every watch reads its value there.
internal void Win32TimelineWatchLiveFrame(win32_timeline *timeline, u64 frame);
internal void Win32SampleWatches(win32_timeline *timeline, u64 frame, b32 onNewTimeline);
// The frames [first, end) whose values a watch holds (on the new timeline: those re-run so far), and
// its value at one of them; false outside them or where it was not read.
internal void Win32WatchedFrames(win32_timeline *timeline, win32_timeline_watch *watch, b32 onNewTimeline, u64 *first, u64 *end);
internal b32 Win32WatchedValueAt(win32_timeline *timeline, win32_timeline_watch *watch, u64 frame, u32 component,
                                 b32 onNewTimeline, f64 *value);
// "; PATH = V" for every watch, read from game memory (at the start of `frame`), with "(the watch
// read W)" where the plot holds another value for it; "" without watches.
internal void Win32WatchedValuesText(win32_timeline *timeline, u64 frame, char *out, umm outSize);
// The strip (win32_timeline_strip.cpp): shown while paused, or while playing after F6.
internal b32 Win32TimelineStripVisible(win32_timeline *timeline);
// Into the platform's overlay (its pixels): the tracks, marks, cursor, labels, plots, hover text.
internal void Win32DrawTimelineStrip(win32_timeline *timeline, render_overlay *overlay);
// Main thread between frames: the pointer on the strip (hover, click or drag to scrub, the wheel to
// zoom) in a window of width x height; true when the strip took it.
internal b32 Win32TimelineStripMouse(win32_state *state, game_mouse_input *mouse, u32 width, u32 height);
// One watch's plot in the band [top, bottom) of a strip `width` pixels wide (win32_timeline_plot.cpp):
// its values over the frames of `view` (recorded, and new after a change of the past), its minimum
// and maximum there, its value at `cursor`.
internal void Win32DrawWatchPlot(win32_timeline *timeline, render_overlay *overlay, win32_timeline_watch *watch,
                                 const timeline_strip_view *view, f32 width, f32 top, f32 bottom, u64 cursor);
// A resume at `frame`: the watches keep the values of the timeline played on, up to it.
internal void Win32TimelineWatchesAfterResume(win32_timeline *timeline, u64 frame, b32 onNewTimeline);

//~ The frame loop's and the engine's calls
// Main thread at start-up (after the snapshot and the capsule recorder): memory for the history;
// off (logged) with seconds 0, in a replay, or without memory.
internal b32 Win32InitTimeline(win32_state *state);
// Main thread, at the start of every frame before the snapshot's sync (and at exit): waits for the
// keyframe being packed, if any, and ends it (the sync may then rewrite the copy it was packed from).
// Returns at once when none is pending.
internal void Win32TimelineFinishKeyframe(win32_timeline *timeline);
// Main thread between frames, after the reload step and the tunables: the keys (F5, arrows, Home,
// End, the mouse on the panel), timeline.request and the cursor. True when the frame shows the past
// (its input is the recorded one, nothing is recorded, and Win32TimelineAfterFrame puts memory back).
internal b32 Win32TimelineBetweenFrames(win32_state *state);
// Main thread, right before a build that ran stops running (a swap or a rollback retires it): when the
// history holds frames it ran, the timeline keeps it loaded (its own module reference, its copy held
// on disk) so seeks there re-run it; logged "timeline: keeping code version N loaded ...", and
// "timeline: code version N unloaded (why)" when its frames leave the history.
internal void Win32TimelineKeepBuild(win32_timeline *timeline, const win32_game_code *code);
// Main thread between frames of live play, after the capsule recorder: records the frame.
internal void Win32TimelineRecordFrame(win32_state *state);
// Main thread, once the frame's sound was asked for (live play).
internal void Win32TimelineNoteSound(win32_timeline *timeline, u32 sampleCount);
// Main thread: the frame being played faulted (contained), or a capsule was asked for.
internal void Win32TimelineNoteFrameFlag(win32_timeline *timeline, u32 flag);
// Main thread after a frame that showed the past: a crash of it is contained without a rollback of
// the build, and game memory goes back to the frame's start. True when it crashed (nothing drawn).
internal b32 Win32TimelineAfterShownFrame(win32_state *state);
// Main thread, after pacing a live frame: marks it a hitch when it took over twice the target.
internal void Win32TimelineNoteFrameSeconds(win32_timeline *timeline, f64 seconds, f64 targetSeconds);
// Any thread: the game's log below errors and its file writes through the platform are held back
// while the timeline is paused (win32_timeline_quiet.cpp); the platform_api entries game code gets.
// (reportHeld: on leaving the past, the count of what was held back is logged; a quiet pause says nothing.)
internal void Win32SetTimelineInPast(b32 inPast, b32 reportHeld);
internal PLATFORM_LOG(Win32GameLog);
internal DEBUG_PLATFORM_WRITE_ENTIRE_FILE(Win32GameWriteEntireFile);
// A hot restart (win32/restart/, win32_timeline_handover.cpp). Old process, at the handover, before
// game memory is sent: the pending hash settled; paused, game memory holds the frame shown on the
// recorded timeline (a change of the past under way is dropped, logged). Then the bytes the history
// takes in the state section (0 when the timeline is off) and their writing. New process, once game
// memory is back: takes the history over (frames, keyframes, the older builds: each loaded from a copy
// of its own, as the same version), paused at the same frame when the old one was; logs
// "timeline: history taken over from the old process: frames F-L, ..." or why not (it then starts again).
internal void Win32TimelineBeforeHandover(win32_state *state);
internal u64 Win32TimelineHandoverBytes(win32_timeline *timeline);
internal u64 Win32WriteTimelineHandover(win32_timeline *timeline, u8 *out);
internal b32 Win32ReadTimelineHandover(win32_state *state, const u8 *in, u64 bytes);
// At exit: the figures into the log.
internal void Win32ShutdownTimeline(win32_timeline *timeline);

#endif  // WIN32_TIMELINE_H
