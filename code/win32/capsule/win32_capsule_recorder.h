#ifndef WIN32_CAPSULE_RECORDER_H
#define WIN32_CAPSULE_RECORDER_H
//~ The always-on recording behind capsules: the last --capsule-seconds of play, ready to be written
//
// Every frame, just before the update, the recorder keeps what the update receives beyond game
// memory (the input as the game sees it, dt inside it, the sound samples asked for, the reload
// version, the render size) and the state hash the frame starts from (kept by the memory
// snapshot page by page, so a frame pays only for the pages it wrote). It also keeps checkpoints:
// images of game memory at a frame start. A capsule (win32_capsule_writer.h) is the oldest
// checkpoint plus every frame since.
//
// Checkpoints are built without a hitch: a new one is a list of pages still to copy from the
// snapshot's copy (the state at that frame's start), a budget of them each frame; and before a
// sync overwrites a page of the copy that is still on the list, the snapshot saves it first
// (win32_memory_snapshot.h: preserveBits). So the image is of one frame even though it is copied
// over many. Two buffers take turns: a new checkpoint starts once the newest is windowSeconds old,
// in the older one's buffer, so the window a capsule covers is between windowSeconds and twice that.
//
// Builds: when a build starts running, the recorder reads its private copy (and PDB) into memory
// (a millisecond or so, in the reload step), so the files can be deleted and replaced by later
// reloads and builds. A build is let go once no kept frame ran it and no capsule write reads it.
// Tested by: tests/suites/suite_capsules.sh, tests/suites/suite_hot_restart.sh (plus tests/unit/test_capsule_window.cpp)

#define WIN32_CAPSULE_RING_FRAMES 16384
#define WIN32_CAPSULE_MAX_HELD_BUILDS CAPSULE_MAX_BUILDS
// A checkpoint is copied within about a quarter of the window, at least this many pages a frame.
#define WIN32_CAPSULE_MIN_PAGES_PER_FRAME 16
#define WIN32_CAPSULE_UPKEEP_SAMPLES 512

struct win32_capsule_checkpoint
{
    u8 *pages;                  // an image of game memory (same offsets); only 'present' pages hold data
    u8 *present;                // bit per page: written before the checkpoint's frame (else zero then)
    u8 *pending;                // bit per page: still to copy (the snapshot's preserveBits while built)
    u64 pendingPages;
    u64 pagesPerFrame;          // the copying budget, set when it starts
    u64 scanCursor;             // where the next frame's budget looks for pending pages
    u64 frameIndex;             // input.frameIndex of the frame it precedes
    u64 frameSerial;            // the recorder's serial of that frame
    f64 recordedSecondsAtStart;
    state_layout layout;        // the layout of the state it holds
    b32 valid;                  // started (complete or being built)
    b32 complete;
    volatile LONG readers;      // capsule writes reading it: it is not reused meanwhile
};

struct win32_capsule_build_slot
{
    b32 used;
    u32 reloadVersion;
    // The bytes that ran, read when the build started running (its private copy is deleted by later
    // reloads, its PDB by later builds); the PDB is 0 when none (MinGW: the DWARF is in the DLL).
    u8 *dll;
    u64 dllSize;
    u8 *pdb;
    u64 pdbSize;
    volatile LONG readers;      // capsule writes reading the bytes: not freed meanwhile
    char dllName[128];
    char pdbName[128];
    u64 firstSerial;            // the first and last frames it ran
    u64 lastSerial;
};

struct win32_capsule_recorder
{
    b32 on;
    f32 windowSeconds;
    win32_memory_snapshot *snapshot;
    u64 pageCount;              // game memory's pages (permanent + transient)
    u32 pageSize;
    capsule_frame *ring;        // WIN32_CAPSULE_RING_FRAMES records, by serial
    u64 frameSerial;            // serial of the next frame recorded
    f64 recordedSeconds;        // the dt of every frame recorded so far
    win32_capsule_checkpoint checkpoints[2];
    s32 building;               // the checkpoint being built, -1 none
    win32_capsule_build_slot builds[WIN32_CAPSULE_MAX_HELD_BUILDS];
    s32 currentBuild;           // slot of the running build, -1: none (stubs)
    u32 currentVersion;
    u64 loopRewinds;            // the live loop's count when last seen: a rewind breaks the window
    b32 inFrame;                // a frame was begun and not yet ended
    b32 hashPending;            // the newest record's state hash is still being computed ...
    u64 pendingHashSerial;      //   ... for this frame ...
    u64 pendingHashSync;        //   ... by the hash of this sync
    capsule_frame *loopRecordPending;   // the live loop's copy of that record, if it keeps one

    // Figures: the main thread's time for the recording per frame (its waits for the hasher included),
    // and the hasher thread's time.
    f32 upkeepSeconds[WIN32_CAPSULE_UPKEEP_SAMPLES];
    f32 hashSeconds[WIN32_CAPSULE_UPKEEP_SAMPLES];
    f32 checkpointSeconds[WIN32_CAPSULE_UPKEEP_SAMPLES];    // copying checkpoint pages
    u64 upkeepCount;
    u64 checkpointsCompleted;
};

// The whole file behind a handle into memory (VirtualAlloc, the caller frees), or 0.
internal u8 *Win32ReadHeldFile(HANDLE file, u64 *size);
// Main thread at start-up: memory for the ring and two checkpoints; with seconds 0, or without
// memory (logged), the recorder stays off and capsules cannot be written.
internal b32 Win32InitCapsuleRecorder(win32_capsule_recorder *recorder, win32_memory_snapshot *snapshot,
                                      f32 windowSeconds, u64 permanentSize);
// Main thread, after the reload step and the live loop, before the update: records the frame.
internal void Win32CapsuleBeginFrame(win32_capsule_recorder *recorder, win32_state *state);
// Main thread: the newest record gets its state hash (waits for the hasher when it is still at it).
// Before a capsule takes the records.
internal void Win32SettleCapsuleHash(win32_capsule_recorder *recorder);
// Main thread, once the frame's sound was asked for: completes the frame's record.
internal void Win32CapsuleNoteSound(win32_capsule_recorder *recorder, u32 sampleCount);
// Main thread, in the crash recovery (before the rollback frees the crashing build): marks the
// frame as faulted.
internal void Win32CapsuleNoteFault(win32_capsule_recorder *recorder);
// Main thread, between frames: game memory jumped in a way replaying could not reproduce (the live
// loop's rewind, a timeline resumed in the past): the window starts again with a whole checkpoint now.
internal void Win32RestartCapsuleWindow(win32_capsule_recorder *recorder, win32_state *state, const char *why);
// The oldest complete checkpoint (for a capsule), or -1 when none is ready.
internal s32 Win32CapsuleOldestCheckpoint(win32_capsule_recorder *recorder);
// The record of the frame with this serial (kept: between the oldest checkpoint and now).
internal capsule_frame *Win32CapsuleFrame(win32_capsule_recorder *recorder, u64 serial);
// At exit: the upkeep figures into the log; every held build let go.
internal void Win32ShutdownCapsuleRecorder(win32_capsule_recorder *recorder);
// The median of the recorded per-frame upkeep (0), hash (1) or checkpoint copying (2) times, in seconds.
internal f64 Win32CapsuleMedianUpkeep(win32_capsule_recorder *recorder, u32 part);

#endif  // WIN32_CAPSULE_RECORDER_H
