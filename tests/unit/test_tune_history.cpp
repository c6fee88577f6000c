// Tunables' changes kept for capsules (platform/platform_tune_history.h): a capsule's window gets
// the values its first frame began with (today's with the later changes undone, by name and type),
// then the changes made for its frames in order; the ring keeps the newest and says when a window
// reaches back past them.

#include "platform/platform.cpp"
#include "test_framework.h"
#include <string.h>

global tune_history globalHistory;
global capsule_tune_record globalOut[GAME_TUNABLES_MAX + TUNE_HISTORY_EVENTS];

internal void Note(u64 frame, u32 type, const char *name, f64 old, f64 value)
{
    f64 olds[4] = {old, 0, 0, 0};
    f64 values[4] = {value, 0, 0, 0};
    NoteTuneEvent(&globalHistory, frame, type, name, olds, values);
}

// Today's values: SPIN 3 (f32), LIVES 5 (s32), SKY (color).
internal u32 TodaysValues(u64 firstFrame)
{
    f64 spin[4] = {3, 0, 0, 0};
    f64 lives[4] = {5, 0, 0, 0};
    f64 sky[4] = {0.1, 0.2, 0.3, 1.0};
    globalOut[0] = MakeCapsuleTuneRecord(CapsuleTune_Value, firstFrame, GameTunable_F32, spin, "SPIN");
    globalOut[1] = MakeCapsuleTuneRecord(CapsuleTune_Value, firstFrame, GameTunable_S32, lives, "LIVES");
    globalOut[2] = MakeCapsuleTuneRecord(CapsuleTune_Value, firstFrame, GameTunable_Color, sky, "SKY");
    return 3;
}

internal void TestRecord(void)
{
    f64 value[4] = {1, 2, 3, 4};
    capsule_tune_record record = MakeCapsuleTuneRecord(CapsuleTune_Change, 77, GameTunable_V3, value, "GRAVITY");
    CHECK(record.kind == CapsuleTune_Change && record.frameIndex == 77 && record.type == GameTunable_V3);
    CHECK(record.value[0] == 1 && record.value[3] == 4 && strcmp(record.name, "GRAVITY") == 0);
    char longName[100];
    memset(longName, 'x', sizeof(longName) - 1);
    longName[sizeof(longName) - 1] = 0;
    record = MakeCapsuleTuneRecord(CapsuleTune_Value, 0, GameTunable_F32, value, longName);
    CHECK(strlen(record.name) == sizeof(record.name) - 1);
}

internal void TestWindow(void)
{
    memset(&globalHistory, 0, sizeof(globalHistory));
    Note(10, GameTunable_F32, "SPIN", 0.5, 1);      // before the window: stays as it is today
    Note(20, GameTunable_F32, "SPIN", 1, 2);
    Note(25, GameTunable_S32, "LIVES", 9, 5);
    Note(30, GameTunable_F32, "SPIN", 2, 3);
    Note(40, GameTunable_S32, "SPIN", 7, 8);        // another type of the same name: matches no record
    Note(60, GameTunable_F32, "SPIN", 3, 3);        // after the window (a later pass of the loop)
    CHECK(globalHistory.eventCount == 6);
    u32 values = TodaysValues(20);
    b32 past = 1;
    u32 count = AddCapsuleTuneChanges(&globalHistory, 20, 50, globalOut, values, ArrayCount(globalOut), &past);
    CHECK(!past);
    CHECK(count == 3 + 4);
    CHECK(globalOut[0].value[0] == 1);              // SPIN when frame 20 began: before the change of frame 20
    CHECK(globalOut[1].value[0] == 9);              // LIVES undone
    CHECK(globalOut[2].value[0] == 0.1 && globalOut[2].value[3] == 1.0);     // SKY never changed
    CHECK(globalOut[0].kind == CapsuleTune_Value && globalOut[0].frameIndex == 20);
    CHECK(globalOut[3].kind == CapsuleTune_Change && globalOut[3].frameIndex == 20 && globalOut[3].value[0] == 2);
    CHECK(globalOut[4].frameIndex == 25 && strcmp(globalOut[4].name, "LIVES") == 0 && globalOut[4].type == GameTunable_S32);
    CHECK(globalOut[5].frameIndex == 30 && globalOut[5].value[0] == 3);
    CHECK(globalOut[6].frameIndex == 40 && globalOut[6].type == GameTunable_S32 && globalOut[6].value[0] == 8);

    // A window after every change: today's values, no changes.
    values = TodaysValues(100);
    count = AddCapsuleTuneChanges(&globalHistory, 100, 200, globalOut, values, ArrayCount(globalOut), &past);
    CHECK(count == 3 && !past && globalOut[0].value[0] == 3 && globalOut[1].value[0] == 5);

    // Room for two records beyond the values: the oldest changes of the window come first.
    values = TodaysValues(20);
    count = AddCapsuleTuneChanges(&globalHistory, 20, 50, globalOut, values, 5, &past);
    CHECK(count == 5 && globalOut[3].frameIndex == 20 && globalOut[4].frameIndex == 25);
}

internal void TestRing(void)
{
    memset(&globalHistory, 0, sizeof(globalHistory));
    u32 total = TUNE_HISTORY_EVENTS + 10;
    for (u32 index = 0; index < total; ++index) Note(100 + index, GameTunable_F32, "SPIN", index, index + 1);
    CHECK(globalHistory.eventCount == total);
    // A window from before the oldest change kept: the start value is the oldest kept one's "old".
    u32 values = TodaysValues(50);
    b32 past = 0;
    u32 count = AddCapsuleTuneChanges(&globalHistory, 50, 1u << 30, globalOut, values, ArrayCount(globalOut), &past);
    CHECK(past);
    CHECK(count == 3 + TUNE_HISTORY_EVENTS);
    CHECK(globalOut[0].value[0] == 10);             // the oldest kept change went from 10 to 11
    CHECK(globalOut[3].frameIndex == 110 && globalOut[count - 1].frameIndex == 100 + total - 1);
    // A window inside what is kept does not reach past it.
    values = TodaysValues(100 + total - 5);
    count = AddCapsuleTuneChanges(&globalHistory, 100 + total - 5, 1u << 30, globalOut, values, ArrayCount(globalOut), &past);
    CHECK(!past && count == 3 + 5 && globalOut[0].value[0] == total - 5);
}

int main(void)
{
    TestRecord();
    TestWindow();
    TestRing();
    return TestSummary();
}
