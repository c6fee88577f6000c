#ifndef PLATFORM_CAPSULE_FORMAT_H
#define PLATFORM_CAPSULE_FORMAT_H
// The capsule file: what a replay needs to run a recorded stretch of play again, in one file.
// Portable (no OS headers): the exe writes and reads it (win32/capsule/), the unit test and the
// fuzzer (tests/unit/test_capsule_format.cpp, tests/unit/fuzz_capsule.cpp) drive the same code.
//
// Layout on disk, little-endian, every count and size checked by the reader before it is used:
//   capsule_file_header                      magic, format version, contract version
//   section*                                 each: capsule_section_header, then its chunks
//     chunk*                                 each: u32 rawSize, u32 storedSize, storedSize bytes
//                                            (storedSize == rawSize: stored as is; otherwise
//                                            compressed with platform_capsule_compress.h)
//   the End section                          no chunks; its presence says the file is whole
// A section's checksum (CapsuleChecksum over its raw, decompressed bytes) is checked on reading,
// so an altered build, checkpoint or frame list is refused, not replayed.
//
// Sections, in the order the writer emits them (the reader accepts any order, each at most once
// but Build, which appears buildCount times):
//   Info        one capsule_info
//   Layout      u32 fieldCount, then fieldCount capsule_layout_field (the memory's state layout
//               at the checkpoint; fieldCount 0 = the build registered none)
//   Checkpoint  u32 pageCount, u32 pageSize, pageCount u32 page indices (strictly increasing,
//               each < (permanentSize + transientSize) / pageSize), then pageCount * pageSize bytes.
//               Pages absent from the list were zero at the checkpoint.
//   Frames      u32 frameCount, u32 recordSize (== sizeof(capsule_frame)), frameCount records
//   Log         UTF-8 text: the log lines of the window (may be empty)
//   Build       one capsule_build_record, then dllSize bytes of the DLL, then pdbSize bytes of
//               its PDB (0 for a MinGW build: its DWARF is inside the DLL)
//   Tunes       u32 recordCount, u32 recordSize (== sizeof(capsule_tune_record)), the records:
//               first every tunable's value at the checkpoint (kind Value), then every change
//               made during the window (kind Change), frames non-decreasing (format version 2;
//               checked by platform_capsule_tunes.h)

#include "base/base_types.h"
#include "base/base_arena.h"
#include "contract/game_platform.h"
#include "platform/platform_state_layout.h"

#define CAPSULE_MAGIC "HMCAPSUL"                 // 8 bytes, no terminator on disk
#define CAPSULE_FORMAT_VERSION 2u             // 2: the Tunes section
#define CAPSULE_MAX_BUILDS 32u
#define CAPSULE_MAX_FRAMES (1u << 20)
#define CAPSULE_MAX_LOG_BYTES (8u << 20)
#define CAPSULE_MAX_BUILD_BYTES (512u << 20)   // DLL or PDB
#define CAPSULE_MAX_MEMORY_BYTES (4ull << 30)   // permanent + transient
#define CAPSULE_CHUNK_BYTES (1u << 20)          // raw bytes per chunk at most

enum capsule_section_kind
{
    CapsuleSection_End = 0,
    CapsuleSection_Info = 1,
    CapsuleSection_Layout = 2,
    CapsuleSection_Checkpoint = 3,
    CapsuleSection_Frames = 4,
    CapsuleSection_Log = 5,
    CapsuleSection_Build = 6,
    CapsuleSection_Tunes = 7,
    CapsuleSection_KindCount = 8,
    CapsuleSection_Window = 64,     // only in a capsule window (platform_capsule_window.h), never in a file
};

// Why the capsule was written.
enum capsule_reason
{
    CapsuleReason_Key = 1,          // F8
    CapsuleReason_Request = 2,      // a script created the request file
    CapsuleReason_Crash = 3,        // a crash in game code was contained
    CapsuleReason_Hang = 4,         // a hang in game code was interrupted
    CapsuleReason_Loop = 5,         // the F9 live loop's recording, saved (plays with --loop)
};

struct capsule_file_header
{
    char magic[8];
    u32 formatVersion;
    u32 contractVersion;            // GAME_CONTRACT_VERSION of the engine that wrote it
};

struct capsule_section_header
{
    u32 kind;                       // capsule_section_kind
    u32 chunkCount;
    u64 rawSize;                    // sum of the chunks' rawSize
    u64 checksum;                   // CapsuleChecksum of the raw bytes
};

// The fault a Crash or Hang capsule was written for.
// The code a hang is recorded with: the platform's own exception code for an interrupted call
// (win32/guard/win32_crash_guard.h WIN32_HANG_CODE, which must equal it).
#define CAPSULE_HANG_CODE 0xE0000001u
struct capsule_fault
{
    u64 frameIndex;                 // game_input.frameIndex of the frame whose code faulted
    u32 code;                       // exception code (CAPSULE_HANG_CODE for a hang)
    u32 threadId;
    u32 line;                       // 0 when no line was known
    u32 pad;
    char function[128];             // "" when no symbol was known
    char file[256];
    char description[512];          // the crash log line's text
    u64 moduleOffset;               // the faulting address in its module (same build: same place)
};

// Per frame: what the update received beyond game memory, and the state it began with.
enum capsule_frame_flags
{
    CapsuleFrame_Reloaded = 1 << 0,     // a build was swapped in just before this frame's update
    CapsuleFrame_StateReset = 1 << 1,   // that swap reset game state (F10, --reset-on-layout-change)
    CapsuleFrame_Faulted = 1 << 2,      // game code crashed or hung during this frame (rolled back)
};

struct capsule_frame
{
    game_input input;               // exactly as the update saw it (dt, frameIndex, buttons)
    u64 stateHash;                  // hash of permanent storage when the update began
    u32 soundSampleCount;           // what gameGetSoundSamples was asked for
    u32 buildIndex;                 // which capsule_build ran the frame
    u32 reloadVersion;              // game_memory.reloadVersion the update saw
    u32 flags;                      // capsule_frame_flags
    u32 widthInPixels;              // the render commands' size the update saw
    u32 heightInPixels;
};

struct capsule_info
{
    u32 reason;                     // capsule_reason
    u32 pageSize;
    u64 memoryBase;                 // game memory's base address when recorded
    u64 permanentSize;
    u64 transientSize;
    u64 firstFrame;                 // input.frameIndex of the first recorded frame
    u32 frameCount;
    u32 buildCount;
    u32 gameInputSize;              // sizeof(game_input) of the writer
    u32 haveEndHash;                // 1: endHash is the state after the last frame
    u64 endHash;
    f64 recordedSeconds;            // sum of the frames' dt
    capsule_fault fault;            // reason Crash or Hang only
    game_arguments arguments;       // what the game was started with
    char gameName[64];              // the DLL's file name when recorded ("game.dll")
    char rootStructName[64];        // the state layout's root struct ("" without a layout)
    char engineBuild[64];           // the exe's build date and time
};

struct capsule_layout_field
{
    char structName[STATE_LAYOUT_MAX_NAME];
    char fieldName[STATE_LAYOUT_MAX_NAME];
    char typeName[STATE_LAYOUT_MAX_NAME];
    u32 offset;
    u32 size;
    u32 count;
    u32 pad;
};

struct capsule_build_record
{
    u32 buildIndex;
    u32 reloadVersion;              // the version it ran as when recorded
    u64 firstFrame;                 // the first recorded frame it ran
    u64 dllSize;
    u64 pdbSize;
    char dllName[128];              // file name the build had ("game.dll"), for messages
    char pdbName[128];              // its PDB's file name ("" when none); the replay puts the PDB
                                    //   beside the DLL under this name so a debugger finds it
};

// A tunable's value (contract/game_tunables.h) at the checkpoint, or a change during the window.
#define CAPSULE_MAX_TUNE_RECORDS 8192u
enum capsule_tune_kind
{
    CapsuleTune_Value = 1,          // the value when the checkpoint's frame began
    CapsuleTune_Change = 2,         // set just before the update of frameIndex
};
struct capsule_tune_record
{
    u64 frameIndex;                 // Change: input.frameIndex of the first frame that used it
    u32 kind;                       // capsule_tune_kind
    u32 type;                       // game_tunable_type
    f64 value[4];                   // the components (finite)
    char name[64];                  // NUL-terminated, not empty
};

// A capsule in memory. Written from one (the writer copies nothing it does not need), read into
// one (the reader points every field into the arena it was given, never into the file buffer).
struct capsule_build
{
    capsule_build_record record;
    const u8 *dll;
    const u8 *pdb;
};

struct capsule_contents
{
    u32 contractVersion;            // of the writer (file header)
    capsule_info info;
    state_layout *layout;           // present == 0 when the Layout section had no fields
    u32 checkpointPageCount;
    const u32 *checkpointPages;     // page indices, increasing
    const u8 *checkpointData;       // checkpointPageCount * info.pageSize bytes
    const capsule_frame *frames;    // info.frameCount records
    const char *log;                // logSize bytes, not terminated
    u64 logSize;
    capsule_build builds[CAPSULE_MAX_BUILDS];   // info.buildCount of them
    const capsule_tune_record *tunes;           // tuneCount records (0: none; Values, then Changes)
    u32 tuneCount;
    u32 pad;
};

// Where the writer's bytes go (a file, a memory buffer in the tests). False stops the write.
typedef b32 capsule_sink(void *context, const void *bytes, u64 size);

// 64-bit checksum of raw section bytes (FNV-1a steps over 64-bit words in four lanes, then a final
// mix: platform_capsule_checks.cpp).
u64 CapsuleChecksum(const void *bytes, u64 size);

// What WriteCapsule borrows from its scratch arena: two chunk buffers and the layout's records.
#define CAPSULE_WRITE_SCRATCH_BYTES (2 * CAPSULE_CHUNK_BYTES + 128 * 1024)

// Writes the whole file through sink. scratch lends the compression buffers
// (CAPSULE_WRITE_SCRATCH_BYTES; freed before returning). False when the sink failed or the contents
// are inconsistent (counts over the limits, a build index out of range): error says which.
b32 WriteCapsule(const capsule_contents *contents, capsule_sink *sink, void *sinkContext, memory_arena *scratch,
                 char *error, umm errorSize);

// First pass over an untrusted file: checks the structure (magic, versions, section headers and
// chunk sizes against the file's size and the limits above) and returns the bytes ReadCapsule
// will need from its arena. False with a one-line reason on anything malformed; nothing is
// decompressed.
b32 MeasureCapsule(const u8 *file, u64 fileSize, u64 *arenaBytesNeeded, char *error, umm errorSize);

// Reads an untrusted file into *contents, every part decompressed into arena and validated (the
// Tunes records too: kinds, types, names, frames inside the window and in order, finite values):
// checksums, record sizes, the contract version (another one is refused: game_input may differ),
// page indices against the memory size, frame build indices against buildCount, every build
// present exactly once, names terminated, counts that cannot overflow. False with a one-line
// reason; the arena may then hold partial data.
b32 ReadCapsule(const u8 *file, u64 fileSize, memory_arena *arena, capsule_contents *contents,
                char *error, umm errorSize);

#endif // PLATFORM_CAPSULE_FORMAT_H
