#ifndef PLATFORM_CAPSULE_WINDOW_H
#define PLATFORM_CAPSULE_WINDOW_H
// The capsule recorder's window in transit: what a hot restart hands the new process of the
// recording (win32/restart/win32_restart_capsule.h), in the capsule file's container and sections
// (platform_capsule_format.h), written and read by the capsule's own section writer and reader.
// Portable (no OS headers): unit-tested natively (tests/unit/test_capsule_window.cpp).
//
// Layout: the capsule file header, then these sections in this order:
//   Window      one capsule_window_record: the recorder's counters, and what each checkpoint and
//               build sent is to it (its buffer or slot, its frames)
//   Frames      as in a capsule: the records from the oldest checkpoint sent on, in serial order (a
//               record's buildIndex is the recorder's slot of its build)
//   Layout      then Checkpoint, for each checkpoint sent, in the record's order: as in a capsule
//               (the Checkpoint lists every page the checkpoint holds, zero or not)
//   Build       for each build held, in the record's order: as in a capsule (buildIndex: its slot)
//   End
// Chunks are stored as they are (the handover waits for the writing); every section's checksum is
// checked on reading.

#include "platform/platform_capsule_format.h"

#define CAPSULE_WINDOW_MAX_CHECKPOINTS 2

struct capsule_window_checkpoint_record
{
    u32 buffer;                     // which of the recorder's checkpoint buffers holds it
    u32 layoutPresent;              // its layout's present flag (a Layout section has fields only)
    u64 frameIndex;                 // input.frameIndex of the frame it precedes
    u64 frameSerial;                // the recorder's serial of that frame
    f64 recordedSecondsAtStart;
};

struct capsule_window_build_record
{
    u64 firstSerial;                // the first and last frames it ran
    u64 lastSerial;
};

struct capsule_window_record
{
    u64 frameSerial;                // of the next frame recorded
    u64 firstSerial;                // of the first record in Frames
    f64 recordedSeconds;            // the dt of every frame recorded so far
    u64 loopRewinds;                // the live loop's rewind count when the recorder last looked
    u64 checkpointsCompleted;
    u64 pageCount;                  // game memory's pages: every checkpoint page index lies below
    u32 pageSize;
    s32 currentBuild;               // slot of the running build, -1: none
    u32 currentVersion;             // its reload version
    u32 checkpointCount;            // Layout and Checkpoint pairs
    u32 buildCount;                 // Build sections
    u32 pad;
    capsule_window_checkpoint_record checkpoints[CAPSULE_WINDOW_MAX_CHECKPOINTS];
    capsule_window_build_record builds[CAPSULE_MAX_BUILDS];
};

// A window in memory. Written from one, read into one (then every pointer points into the arena
// ReadCapsuleWindow was given).
struct capsule_window_checkpoint
{
    const state_layout *layout;
    u32 pageCount;
    u32 pad;
    const u32 *pages;               // page indices, increasing
    const u8 *data;                 // pageCount * record.pageSize bytes
};

struct capsule_window
{
    capsule_window_record record;
    const capsule_frame *frames;    // record.frameSerial - record.firstSerial records
    capsule_window_checkpoint checkpoints[CAPSULE_WINDOW_MAX_CHECKPOINTS];   // record.checkpointCount
    capsule_build builds[CAPSULE_MAX_BUILDS];   // record.buildCount; record.buildIndex is the slot
};

// The bytes WriteCapsuleWindow writes for window: its counts, sizes and layouts' field counts say
// (the frames' and pages' pointers are not read).
u64 CapsuleWindowSize(const capsule_window *window);

// What WriteCapsuleWindow borrows from its scratch arena: a chunk buffer and the layout's records.
#define CAPSULE_WINDOW_WRITE_SCRATCH_BYTES (CAPSULE_CHUNK_BYTES + 128 * 1024)

// Writes the window through sink (CapsuleWindowSize bytes). False when the sink failed or the
// window is inconsistent (counts over the limits, a checkpoint page list ReadCapsuleWindow would
// refuse): error says which.
b32 WriteCapsuleWindow(const capsule_window *window, capsule_sink *sink, void *sinkContext, memory_arena *scratch,
                       char *error, umm errorSize);

// The arena ReadCapsuleWindow needs at most for a window of size bytes.
u64 CapsuleWindowArenaBytes(u64 size);

// Reads size bytes WriteCapsuleWindow wrote (possibly another build of the exe) into *window:
// header, every section in its order, sizes and counts against the record and the limits, page lists,
// builds (distinct slots), checksums. False with a one-line reason; the arena may then hold partial data.
b32 ReadCapsuleWindow(const u8 *bytes, u64 size, memory_arena *arena, capsule_window *window, char *error,
                      umm errorSize);

#endif // PLATFORM_CAPSULE_WINDOW_H
