#ifndef PLATFORM_TUNE_HISTORY_H
#define PLATFORM_TUNE_HISTORY_H
// Tunables' changes kept for capsules: a ring of the newest, and what a capsule's window carries
// from it (its Tunes section: platform_capsule_tunes.h). Portable and pure (no files, no OS):
// win32/win32_tune_capsule.cpp notes each change and asks for a capsule's records, and
// tests/unit/test_tune_history.cpp checks everything here natively.

#include "base/base_types.h"
#include "contract/game_tunables.h"
#include "platform/platform_capsule_format.h"

#define TUNE_HISTORY_EVENTS 2048        // changes kept for capsules (a ring: the newest)

// A change, kept for the capsules that will cover its frame.
struct tune_event
{
    u64 frameIndex;                     // the first frame that used it
    u32 type;
    u32 pad;
    f64 old[4];
    f64 value[4];
    char name[GAME_TUNABLE_NAME_MAX];
};

struct tune_history
{
    tune_event events[TUNE_HISTORY_EVENTS];
    u64 eventCount;                     // ever recorded; the ring holds the newest TUNE_HISTORY_EVENTS
};

// Every change (any source, reload carry-overs included) is kept for capsules, in a ring of the
// newest TUNE_HISTORY_EVENTS: name's value of type went from old to value, first used by frameIndex.
void NoteTuneEvent(tune_history *history, u64 frameIndex, u32 type, const char *name, const f64 *old, const f64 *value);
// One record of a capsule's Tunes section.
capsule_tune_record MakeCapsuleTuneRecord(u32 kind, u64 frameIndex, u32 type, const f64 *value, const char *name);
// The rest of the records a capsule of frames [firstFrame, endFrame) carries, once out[0, valueCount)
// holds every tunable's value today (CapsuleTune_Value records): the changes since firstFrame began
// are undone on those (newest first; a record matches by name and type), so they hold the values when
// firstFrame began, then each change made for a frame of the window follows, in order (a change after
// it, e.g. during a later pass of the F9 loop whose recording is saved, is not the capsule's).
// Returns how many records out holds (at most maxRecords). *pastOldestKept: the window began before
// the oldest change the ring still holds, so its start values and earliest changes are the oldest kept.
u32 AddCapsuleTuneChanges(const tune_history *history, u64 firstFrame, u64 endFrame, capsule_tune_record *out,
                          u32 valueCount, u32 maxRecords, b32 *pastOldestKept);

#endif // PLATFORM_TUNE_HISTORY_H
