#ifndef PLATFORM_CAPSULE_TUNES_H
#define PLATFORM_CAPSULE_TUNES_H
// The capsule's Tunes section (platform_capsule_format.h): tunables' values at the checkpoint and
// their changes during the window, so a replay sets the same values at the same frames.

#include "platform/platform_capsule_format.h"

// Reads the raw (decompressed) Tunes section of an untrusted capsule into contents->tunes (pointing
// into raw): u32 count, u32 record size == sizeof(capsule_tune_record), count records, at most
// CAPSULE_MAX_TUNE_RECORDS, the size exact. Every record: a known kind and type, a name that is
// NUL-terminated and not empty, finite values; Values first, then Changes whose frames lie inside
// the window (contents->info: firstFrame to firstFrame + frameCount) and never go back. Reads the
// info, so it runs after the Info section was read. False with a one-line reason.
b32 CapsuleReadTunes(const u8 *raw, u64 size, capsule_contents *contents, char *error, umm errorSize);

#endif // PLATFORM_CAPSULE_TUNES_H
