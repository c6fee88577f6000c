#ifndef WIN32_CAPSULE_CUT_H
#define WIN32_CAPSULE_CUT_H
//~ A capsule cut from the timeline's history: the one record of the past (win32/timeline/)
//
// A window capsule is the keyframe at least --capsule-seconds before the newest recorded frame (the
// newest keyframe that far back, else the oldest), its image, and every frame record since. Its
// checkpoint is the keyframe's pages the history holds (HistoryMaterializeHeld), written into the
// job's own image on the main thread, so the history goes on folding and packing while the writer
// thread packs the capsule. A window that would start at frames of a build the recorder no longer
// holds starts at the first keyframe after them (logged), and one longer than a job holds starts at
// a later keyframe.
// Tested by: tests/suites/suite_capsules.sh, tests/suites/suite_timeline.sh, tests/suites/suite_hot_restart.sh

struct win32_timeline;
struct win32_timeline_frame;
struct win32_capsule_job;

// A frame record as a capsule carries it (buildIndex: the capsule's index of its build).
internal void Win32CapsuleFrameOfRecord(const win32_timeline_frame *record, u32 buildIndex, capsule_frame *out);
// The first frame a capsule written now would hold (the recording's end when it holds no keyframe
// before it): builds whose frames all lie before it are not needed by capsules.
internal u64 Win32CapsuleWindowStart(win32_timeline *timeline, f32 windowSeconds);
// Main thread: fills the job's frames, builds (their readers counted), layout, checkpoint image and
// counts with the window ending at the newest recorded frame. False (logged "capsule: WHAT capsule not
// saved: ...") when the history holds no such window; nothing is then counted.
internal b32 Win32CutCapsuleFromHistory(win32_state *state, win32_capsule_job *job, const char *what);

#endif  // WIN32_CAPSULE_CUT_H
