#ifndef WIN32_CAPSULE_RECORDER_H
#define WIN32_CAPSULE_RECORDER_H
//~ What capsules carry beside the history: the builds that ran the frames it holds
//
// A capsule (win32_capsule_writer.h) is cut from the timeline's history (win32/timeline/): a keyframe
// at least --capsule-seconds back, and every frame record since. The history holds the input, the
// state hashes and game memory; it keeps at least the capsule window even with --history-seconds 0.
// What it does not hold is the code: when a build starts running, the recorder reads its private copy
// (and PDB) into memory (a millisecond or so, in the reload step), so the files can be deleted and
// replaced by later reloads and builds. A build is let go, when another starts running, once every
// frame it ran lies before the capsule window's start (Win32CapsuleWindowStart) and no capsule write
// reads it; with all slots in use, the one whose frames are oldest goes.
// Tested by: tests/suites/suite_capsules.sh, tests/suites/suite_hot_restart.sh (plus tests/unit/test_capsule_window.cpp)

#define WIN32_CAPSULE_MAX_HELD_BUILDS CAPSULE_MAX_BUILDS
#define WIN32_CAPSULE_UPKEEP_SAMPLES 512

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
    u64 firstFrame;             // the first and last frames it ran (input.frameIndex)
    u64 lastFrame;
};

struct win32_capsule_recorder
{
    b32 on;
    f32 windowSeconds;          // a capsule starts at a keyframe at least this long before its end
    win32_capsule_build_slot builds[WIN32_CAPSULE_MAX_HELD_BUILDS];
    s32 currentBuild;           // slot of the running build, -1: none (stubs)
    u32 currentVersion;
    u64 pageCount;              // game memory's pages (what a hot restart's window says it covers)
    u32 pageSize;

    // Figures: the main thread's time for the recording per frame (the history's, which capsules are
    // cut from, and the builds held; its waits for the hasher included), and the hasher thread's time.
    f32 upkeepSeconds[WIN32_CAPSULE_UPKEEP_SAMPLES];
    f32 hashSeconds[WIN32_CAPSULE_UPKEEP_SAMPLES];
    u64 upkeepCount;
};

// The whole file behind a handle into memory (VirtualAlloc, the caller frees), or 0.
internal u8 *Win32ReadHeldFile(HANDLE file, u64 *size);
// Main thread at start-up, before the timeline (which keeps the capsule window when this is on): with
// seconds 0, or without the pre-frame snapshot (logged), the recorder stays off and capsules cannot be
// written.
internal b32 Win32InitCapsuleRecorder(win32_capsule_recorder *recorder, win32_memory_snapshot *snapshot,
                                      f32 windowSeconds, u64 permanentSize);
// Main thread, after the reload step and the live loop, before the update (and before the timeline
// records the frame): holds the bytes of a build that started running.
internal void Win32CapsuleBeginFrame(win32_capsule_recorder *recorder, win32_state *state);
// Main thread, once the frame is recorded: its recording's main-thread time, and the hasher's.
internal void Win32NoteRecordingUpkeep(win32_capsule_recorder *recorder, f64 mainThreadSeconds, f64 hasherSeconds);
// The held build that ran code version `version`, or -1.
internal s32 Win32CapsuleBuildOfVersion(win32_capsule_recorder *recorder, u32 version);
// Builds (but the running one) whose frames all lie before windowStart and that no capsule reads are let go.
internal void Win32ReleaseUnusedCapsuleBuilds(win32_capsule_recorder *recorder, u64 windowStart);
// At exit: the upkeep figures into the log; every held build let go.
internal void Win32ShutdownCapsuleRecorder(win32_capsule_recorder *recorder);
// The median of the recorded per-frame upkeep (0) or hash (1) times, in seconds.
internal f64 Win32CapsuleMedianUpkeep(win32_capsule_recorder *recorder, u32 part);

#endif  // WIN32_CAPSULE_RECORDER_H
