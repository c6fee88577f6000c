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
// Page indices strictly increasing, inside the memory.
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

//~ A replay's verdict on a fault
// Whether a fault seen during a replay is the one the capsule recorded: the same frame and code, and
// the same place: function and line when both name a function (for a hang the function alone: where
// a loop was interrupted may differ by a line), else the same offset in the module (the same build).
b32 CapsuleSameFault(const capsule_fault *recorded, const capsule_fault *now);

#endif // PLATFORM_CAPSULE_CHECKS_H
