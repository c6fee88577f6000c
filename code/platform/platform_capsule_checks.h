#ifndef PLATFORM_CAPSULE_CHECKS_H
#define PLATFORM_CAPSULE_CHECKS_H
// What the capsule writer and reader (platform_capsule_format.cpp) both rely on: the checksum's
// steps, the limits of each part, and the structural pass over a file that every read starts with,
// so a file the writer accepts to write is one the reader accepts to read.

#include "platform/platform_capsule_format.h"

#define CAPSULE_CHUNK_HEADER_BYTES 8u       // u32 rawSize, u32 storedSize
#define CAPSULE_MIN_PAGE_SIZE 4096u
#define CAPSULE_MAX_PAGE_SIZE 65536u
#define CAPSULE_MAX_PAGES (CAPSULE_MAX_MEMORY_BYTES / CAPSULE_MIN_PAGE_SIZE)

//~ The checksum, fed in pieces (CapsuleChecksum is Begin, one Add, End)
struct capsule_checksum_state
{
    u64 lanes[4];
    u8 pending[32];
    u32 pendingCount;
    u64 total;
};

void CapsuleChecksumBegin(capsule_checksum_state *state);
void CapsuleChecksumAdd(capsule_checksum_state *state, const void *bytes, u64 size);
u64 CapsuleChecksumEnd(capsule_checksum_state *state);

//~ Checks of the parts (each false with a one-line reason in error)
const char *CapsuleSectionName(u32 kind);
b32 CapsuleTerminated(const char *text, umm size);
#define CapsuleForceTerminated(array) ((array)[sizeof(array) - 1] = 0)

// Page size a power of two in 4096..65536, memory sizes whole pages within the limit, frame and
// build counts within theirs (at least one build).
b32 CapsuleCheckInfo(const capsule_info *info, char *error, umm errorSize);
// Page indices strictly increasing, inside the memory (of totalPages pages).
b32 CapsuleCheckPageList(const u32 *pages, u32 pageCount, u64 totalPages, char *error, umm errorSize);
b32 CapsuleCheckPages(const capsule_info *info, const u32 *pages, u32 pageCount, char *error, umm errorSize);
// Every frame's build index below info->buildCount.
b32 CapsuleCheckFrames(const capsule_info *info, const capsule_frame *frames, char *error, umm errorSize);
// A DLL of 1..CAPSULE_MAX_BUILD_BYTES bytes, a PDB of at most that.
b32 CapsuleCheckBuildSizes(const capsule_build_record *record, char *error, umm errorSize);

//~ The structural pass over an untrusted file
struct capsule_section_spot
{
    u64 offset;                     // of its first chunk header
    capsule_section_header header;
};

struct capsule_scan
{
    b32 have[CapsuleSection_KindCount];
    capsule_section_spot sections[CapsuleSection_KindCount];    // by kind, Build aside
    u32 buildSections;
    capsule_section_spot builds[CAPSULE_MAX_BUILDS];        // in file order
    u64 arenaBytes;                 // what ReadCapsule pushes, alignment included
};

// Magic, versions, every section header and chunk size against the file's size and the limits,
// required sections present, nothing after End. Decompresses nothing.
b32 CapsuleScan(const u8 *file, u64 fileSize, capsule_scan *scan, char *error, umm errorSize);
// Its steps: the file header (magic, format and contract version); the chunks of the section whose
// header lay before *offset, each inside the file, adding up to its size (*offset then past them).
b32 CapsuleScanHeader(const u8 *file, u64 fileSize, char *error, umm errorSize);
b32 CapsuleScanChunks(const u8 *file, u64 fileSize, u64 *offset, const capsule_section_header *header,
                      const char *name, char *error, umm errorSize);

//~ Sections, written and read one at a time (a capsule's, and a capsule window's: platform_capsule_window.h)
// A section's raw bytes, given as the pieces they are made of (a count, then an array, ...).
struct capsule_piece
{
    const void *bytes;
    u64 size;
};

struct capsule_writer
{
    capsule_sink *sink;
    void *sinkContext;
    u8 *gathered;       // CAPSULE_CHUNK_BYTES: a chunk that spans pieces is copied together here
    u8 *compressed;     // CAPSULE_CHUNK_BYTES (the compressor never needs more than the raw size);
                        //   0: every chunk is stored as it is
    char *error;
    umm errorSize;
};

// The sink's write; false (error set) when it refused.
b32 CapsuleSinkWrite(capsule_writer *writer, const void *bytes, u64 size);
// One section: its header (size, checksum), then its chunks.
b32 CapsuleWriteSection(capsule_writer *writer, u32 kind, const capsule_piece *pieces, u32 pieceCount);
// The tail every capsule and capsule window ends with: a Build section per build (names forced
// terminated), then End.
b32 CapsuleWriteBuildsAndEnd(capsule_writer *writer, const capsule_build *builds, u32 buildCount);
// The file header this build writes (magic, format version, contract version).
capsule_file_header CapsuleHeaderToWrite(void);
// A Layout section of layout (0: none, fieldCount 0), through fields (STATE_LAYOUT_MAX_FIELDS of them).
b32 CapsuleWriteLayout(capsule_writer *writer, const state_layout *layout, capsule_layout_field *fields);
// A section's raw bytes, decompressed into the arena and checked against its checksum (its chunks
// scanned before); 0 with error set.
u8 *CapsuleReadSection(const u8 *file, const capsule_section_spot *spot, memory_arena *arena, const char *label,
                       char *error, umm errorSize);
// A Layout section's raw bytes back into a layout in the arena (names, sizes and every field inside its struct checked).
b32 CapsuleReadLayout(const u8 *raw, u64 rawSize, memory_arena *arena, state_layout **result, char *error, umm errorSize);

//~ A replay's verdict on a fault
// Whether a fault seen during a replay is the one the capsule recorded: the same frame and code, and
// the same place: function and line when both name a function (for a hang the function alone: where
// a loop was interrupted may differ by a line), else the same offset in the module (the same build).
b32 CapsuleSameFault(const capsule_fault *recorded, const capsule_fault *now);

#endif // PLATFORM_CAPSULE_CHECKS_H
