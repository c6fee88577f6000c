// The timeline's keyframes (platform/platform_history.h) and its request lines
// (platform/platform_timeline_request.h): a simulated game writes a few pages per frame; every
// keyframe kept restores byte for byte from any later state, writing only the pages that differ;
// the cap and the ring fold the oldest keyframes into the base and never lose the newest; a resume
// in the past drops the keyframes after it; a store handed over as one image (a hot restart) restores
// the same bytes; every request line parses or is refused with a reason, watch and find (field paths,
// operators, values) included. A store that packs each page against its previous version restores
// exactly too, folds, drops and bounds its XOR chains.

#include "platform/platform.cpp"
#include "test_framework.h"
#include <string.h>

#define TEST_PAGE_SIZE 256
#define TEST_PAGE_COUNT 40
#define TEST_FRAMES 120

global u8 globalMemory[TEST_PAGE_COUNT * TEST_PAGE_SIZE];
global u8 globalBase[TEST_PAGE_COUNT * TEST_PAGE_SIZE];
global u8 globalStates[TEST_FRAMES][TEST_PAGE_COUNT * TEST_PAGE_SIZE];   // the truth, per frame start
global u8 globalBits[2 * ((TEST_PAGE_COUNT + 7) / 8)];
global u8 globalRing[64 * 1024];
global u8 globalImage[TEST_PAGE_COUNT * TEST_PAGE_SIZE];

// Frame f writes pages f % 7, 10 + f % 3, and (every 10th frame) a new page 20 + f / 10: a state
// that keeps pages for long stretches and grows.
internal void SimulateFrame(u32 frame, u8 *changed)
{
    u32 pages[3] = {frame % 7, 10 + frame % 3, 20 + frame / 10};
    u32 count = (frame % 10 == 0) ? 3 : 2;
    for (u32 index = 0; index < count; ++index)
    {
        u8 *page = globalMemory + pages[index] * TEST_PAGE_SIZE;
        for (u32 at = 0; at < TEST_PAGE_SIZE; ++at) page[at] = (u8)(page[at] * 31 + frame + at);
        BitmapSet(changed, pages[index]);
    }
}

// TEST_FRAMES frames of SimulateFrame from zeroed memory into a store made by the caller, a keyframe
// every `interval` (the truth per frame start in globalStates); changed: the pages written since the
// newest keyframe.
internal void RecordTestHistory(history_store *store, u64 capBytes, u32 interval, u8 *changed, const char *what)
{
    memset(globalMemory, 0, sizeof(globalMemory));
    u8 everWritten[(TEST_PAGE_COUNT + 7) / 8] = {};
    for (u32 frame = 0; frame < TEST_FRAMES; ++frame)
    {
        memcpy(globalStates[frame], globalMemory, sizeof(globalMemory));
        if (frame % interval == 0)
        {
            b32 added = HistoryAddKeyframe(store, frame, globalMemory, store->keyCount ? changed : everWritten);
            CHECK_MSG(added, what);
            memset(changed, 0, (TEST_PAGE_COUNT + 7) / 8);
        }
        u8 written[(TEST_PAGE_COUNT + 7) / 8] = {};
        SimulateFrame(frame, written);
        for (u32 index = 0; index < sizeof(written); ++index)
        {
            changed[index] |= written[index];
            everWritten[index] |= written[index];
        }
        CHECK_MSG(HistoryBytesUsed(store) <= capBytes, "the history stays under its cap");
    }
}

// HistoryMaterializeHeld into an image full of leftovers: every page it holds is the keyframe's, every
// other page was zero then and is left alone.
internal void CheckMaterializeHeld(history_store *store, s32 key, u64 frame, const char *what)
{
    memset(globalImage, 0xA5, sizeof(globalImage));
    u8 held[(TEST_PAGE_COUNT + 7) / 8] = {};
    u64 written = HistoryMaterializeHeld(store, key, globalImage, held);
    u64 marked = 0;
    for (u32 page = 0; page < TEST_PAGE_COUNT; ++page)
    {
        const u8 *expected = globalStates[frame] + page * TEST_PAGE_SIZE;
        const u8 *image = globalImage + page * TEST_PAGE_SIZE;
        if (BitmapBit(held, page))
        {
            ++marked;
            CHECK_MSG(memcmp(image, expected, TEST_PAGE_SIZE) == 0, what);
        }
        else
        {
            CHECK_MSG(PageIsZero(expected, TEST_PAGE_SIZE), "a page the history does not hold was zero then");
            CHECK_MSG(image[0] == 0xA5 && image[TEST_PAGE_SIZE - 1] == 0xA5, "a page not held is left as it was");
        }
    }
    CHECK_MSG(written == marked, "HistoryMaterializeHeld returns the pages it marks");
}

internal void TestRestoreEveryKeyframe(u64 capBytes, u32 interval, const char *what)
{
    history_store store;
    memset(globalBits, 0, sizeof(globalBits));
    HistoryInit(&store, TEST_PAGE_SIZE, TEST_PAGE_COUNT, globalBase, globalBits, globalRing, sizeof(globalRing), capBytes);
    u8 changed[(TEST_PAGE_COUNT + 7) / 8] = {};
    RecordTestHistory(&store, capBytes, interval, changed, what);
    CHECK_MSG(HistoryNewestFrame(&store) == (TEST_FRAMES - 1) / interval * interval, "the newest keyframe is never dropped");
    CHECK_MSG(store.keyCount >= 2, "more than the base is kept");
    // Restore every kept keyframe, newest to oldest and back, from whatever state the last one left.
    for (u32 pass = 0; pass < 2; ++pass)
    {
        for (u32 at = 0; at < store.keyCount; ++at)
        {
            s32 key = pass == 0 ? (s32)(store.keyCount - 1 - at) : (s32)at;
            u64 frame = store.keys[(store.firstKey + key) % HISTORY_MAX_KEYFRAMES].frame;
            CHECK(HistoryKeyAtOrBefore(&store, frame) == key);
            CHECK(HistoryKeyAtOrBefore(&store, frame + interval - 1) == key);
            u8 before[TEST_PAGE_COUNT * TEST_PAGE_SIZE];
            memcpy(before, globalMemory, sizeof(before));
            u64 written = HistoryRestore(&store, key, globalMemory, changed);
            CHECK_MSG(memcmp(globalMemory, globalStates[frame], sizeof(globalMemory)) == 0, what);
            u32 differing = 0;
            for (u32 page = 0; page < TEST_PAGE_COUNT; ++page)
                differing += memcmp(before + page * TEST_PAGE_SIZE, globalStates[frame] + page * TEST_PAGE_SIZE, TEST_PAGE_SIZE) != 0;
            CHECK_MSG(written >= differing && written <= TEST_PAGE_COUNT, "a restore writes the pages that differ, each once");
            // As the engine's snapshot does: every page that changed since the newest keyframe is marked.
            for (u32 page = 0; page < TEST_PAGE_COUNT; ++page)
                if (memcmp(before + page * TEST_PAGE_SIZE, globalMemory + page * TEST_PAGE_SIZE, TEST_PAGE_SIZE) != 0)
                    BitmapSet(changed, page);
            // The state now is that keyframe's; the pages that differ from the newest keyframe's: all
            // those any delta after it holds, which HistoryRestore adds itself, plus `changed`.
            HistoryMaterialize(&store, key, globalImage, TEST_PAGE_COUNT);
            CHECK_MSG(memcmp(globalImage, globalStates[frame], sizeof(globalImage)) == 0, "a keyframe materializes exactly");
            CheckMaterializeHeld(&store, key, frame, "a keyframe's held pages materialize exactly");
        }
    }
    CHECK(HistoryKeyAtOrBefore(&store, HistoryOldestFrame(&store)) == 0);
    if (HistoryOldestFrame(&store) > 0) CHECK(HistoryKeyAtOrBefore(&store, HistoryOldestFrame(&store) - 1) == -1);
}

internal void TestDropAfter(void)
{
    history_store store;
    memset(globalMemory, 0, sizeof(globalMemory));
    memset(globalBits, 0, sizeof(globalBits));
    HistoryInit(&store, TEST_PAGE_SIZE, TEST_PAGE_COUNT, globalBase, globalBits, globalRing, sizeof(globalRing), 1 << 20);
    u8 all[(TEST_PAGE_COUNT + 7) / 8];
    memset(all, 0xff, sizeof(all));
    all[sizeof(all) - 1] = 0xff >> (8 - TEST_PAGE_COUNT % 8) % 8;
    u8 changed[(TEST_PAGE_COUNT + 7) / 8] = {};
    for (u32 frame = 0; frame < 50; ++frame)
    {
        memcpy(globalStates[frame], globalMemory, sizeof(globalMemory));
        if (frame % 5 == 0)
        {
            HistoryAddKeyframe(&store, frame, globalMemory, frame ? changed : all);
            memset(changed, 0, sizeof(changed));
        }
        SimulateFrame(frame, changed);
    }
    b32 framesByIndex = HistoryKeyFrame(&store, 0) == HistoryOldestFrame(&store) &&
                        HistoryKeyFrame(&store, (s32)store.keyCount - 1) == HistoryNewestFrame(&store);
    for (u32 key = 0; key < store.keyCount; ++key) framesByIndex &= HistoryKeyFrame(&store, (s32)key) == 5 * (u64)key;
    CHECK_MSG(framesByIndex, "HistoryKeyFrame: key i (0 the oldest) is the keyframe of frame 5i");
    u64 bytesBefore = HistoryBytesUsed(&store);
    HistoryDropAfter(&store, 22);
    CHECK_MSG(HistoryNewestFrame(&store) == 20, "a resume at frame 22 keeps the keyframes up to 20");
    CHECK_MSG(HistoryBytesUsed(&store) < bytesBefore, "and frees what the dropped ones held");
    // The state "now" is frame 22's, reached from 20: a new keyframe at 22 of every page.
    u8 now[TEST_PAGE_COUNT * TEST_PAGE_SIZE];
    memcpy(now, globalStates[22], sizeof(now));
    CHECK(HistoryAddKeyframe(&store, 22, now, all));
    memcpy(globalMemory, now, sizeof(now));
    memset(changed, 0, sizeof(changed));
    CHECK(HistoryRestore(&store, HistoryKeyAtOrBefore(&store, 21), globalMemory, changed) > 0);
    CHECK_MSG(memcmp(globalMemory, globalStates[20], sizeof(globalMemory)) == 0, "the kept past restores after a drop");
    HistoryDropAfter(&store, 0);
    CHECK(store.keyCount == 1 && HistoryOldestFrame(&store) == 0);
}

//~ Packing against the previous keyframe (HistoryPackAgainstPrevious, platform/platform_page_codec.h)
global u8 globalPacking[TEST_PAGE_COUNT * TEST_PAGE_SIZE + TEST_PAGE_COUNT + (TEST_PAGE_COUNT + 7) / 8];
global u32 globalRandom = 12345;

internal u32 NextRandom(void)
{
    globalRandom ^= globalRandom << 13;
    globalRandom ^= globalRandom >> 17;
    globalRandom ^= globalRandom << 5;
    return globalRandom;
}

internal void TestPageCodec(void)
{
    u8 page[TEST_PAGE_SIZE], reference[TEST_PAGE_SIZE], packed[TEST_PAGE_SIZE], back[TEST_PAGE_SIZE];
    for (u32 round = 0; round < 200; ++round)
    {
        u32 changes = round % 50;
        for (u32 at = 0; at < TEST_PAGE_SIZE; ++at) reference[at] = (u8)NextRandom();
        memcpy(page, reference, sizeof(page));
        for (u32 change = 0; change < changes; ++change) page[NextRandom() % TEST_PAGE_SIZE] = (u8)NextRandom();
        u64 bytes = PagePack(page, reference, TEST_PAGE_SIZE, packed, TEST_PAGE_SIZE - 1);
        if (changes < 20) CHECK_MSG(bytes && bytes <= TEST_PAGE_SIZE / 256 + 6 * changes, "a few changed bytes pack to a few bytes each");
        if (!bytes) continue;
        memcpy(back, reference, sizeof(back));
        PageUnpackXor(packed, bytes, back, TEST_PAGE_SIZE);
        CHECK_MSG(memcmp(back, page, sizeof(page)) == 0, "a page packed against its reference unpacks exactly");
        memset(back, 0, sizeof(back));
        u64 alone = PagePack(page, 0, TEST_PAGE_SIZE, packed, TEST_PAGE_SIZE - 1);
        CHECK_MSG(alone == 0, "a page of random bytes does not pack alone");
    }
    memset(page, 0, sizeof(page));
    page[0] = 7;
    page[200] = 9;
    u64 bytes = PagePack(page, 0, TEST_PAGE_SIZE, packed, TEST_PAGE_SIZE - 1);
    CHECK_MSG(bytes == TEST_PAGE_SIZE / 256 + 2 * (2 + 2), "two bytes in two blocks: each block's codes and one 2-byte word");
    memset(back, 0, sizeof(back));
    PageUnpackXor(packed, bytes, back, TEST_PAGE_SIZE);
    CHECK(memcmp(back, page, sizeof(page)) == 0);
    CHECK_MSG(PagePack(page, 0, TEST_PAGE_SIZE, packed, TEST_PAGE_SIZE / 256 + 3) == 0, "packing never writes past its limit");
    // Each code: a word whose change fits in its low 2, 3 or 4 bytes, and one that does not change.
    u32 words[4] = {0x1234, 0x123456, 0x12345678, 0};
    memcpy(reference, page, sizeof(page));
    for (u32 index = 0; index < 4; ++index) memcpy(page + 64 + 4 * index, &words[index], 4);
    for (u32 index = 0; index < 4; ++index) reference[64 + 4 * index] = page[64 + 4 * index];
    memcpy(back, reference, sizeof(back));
    bytes = PagePack(page, reference, TEST_PAGE_SIZE, packed, TEST_PAGE_SIZE - 1);
    PageUnpackXor(packed, bytes, back, TEST_PAGE_SIZE);
    CHECK_MSG(memcmp(back, page, sizeof(page)) == 0, "every word code unpacks exactly");
}

// Frame f: a few bytes of most pages change (fields that move), now and then a page is rewritten
// whole or cleared to zero; changed marks the pages written.
internal void SimulatePackedFrame(u32 frame, u8 *changed)
{
    for (u32 page = 0; page < TEST_PAGE_COUNT; ++page)
    {
        u32 roll = NextRandom() % 100;
        u8 *bytes = globalMemory + page * TEST_PAGE_SIZE;
        if (roll < 60) for (u32 change = 0; change < 6; ++change) bytes[NextRandom() % TEST_PAGE_SIZE] ^= (u8)(1 + NextRandom() % 255);
        else if (roll < 63) for (u32 at = 0; at < TEST_PAGE_SIZE; ++at) bytes[at] = (u8)NextRandom();
        else if (roll < 65) memset(bytes, 0, TEST_PAGE_SIZE);
        else if (roll < 68) { }                                     // written with what it held
        else continue;
        BitmapSet(changed, page);
    }
    (void)frame;
}

// Records TEST_FRAMES frames, a keyframe every `interval` (the later ones begun, packed and ended in
// three steps, with the oldest folded in between as the engine's trim may), then restores every kept
// keyframe from whatever state the last restore and a few re-simulated frames left.
internal void TestPackedStore(u64 capBytes, u32 interval, u32 dropAfterFrame, const char *what)
{
    history_store store;
    memset(globalMemory, 0, sizeof(globalMemory));
    memset(globalBits, 0, sizeof(globalBits));
    memset(globalPacking, 0, sizeof(globalPacking));
    HistoryInit(&store, TEST_PAGE_SIZE, TEST_PAGE_COUNT, globalBase, globalBits, globalRing, sizeof(globalRing), capBytes);
    CHECK(HistoryPackingBytes(TEST_PAGE_SIZE, TEST_PAGE_COUNT) <= sizeof(globalPacking));
    HistoryPackAgainstPrevious(&store, globalPacking);
    u8 changed[(TEST_PAGE_COUNT + 7) / 8] = {};
    u8 everWritten[(TEST_PAGE_COUNT + 7) / 8] = {};
    for (u32 frame = 0; frame < TEST_FRAMES; ++frame)
    {
        if (frame == dropAfterFrame)
        {
            // A resume in the past: back to the state of frame - 7, the keyframes after it dropped,
            // a keyframe there of every page written, then the recording goes on from there.
            frame -= 7;
            memcpy(globalMemory, globalStates[frame], sizeof(globalMemory));
            HistoryDropAfter(&store, frame);
            CHECK_MSG(store.keyCount == 0 || HistoryNewestFrame(&store) <= frame, what);
            HistoryAddKeyframe(&store, frame, globalMemory, everWritten);
            memset(changed, 0, sizeof(changed));
            dropAfterFrame = ~0u;
        }
        else
        {
            memcpy(globalStates[frame], globalMemory, sizeof(globalMemory));
            if (frame % interval == 0)
            {
                b32 added = HistoryBeginKeyframe(&store, frame, globalMemory, store.keyCount ? changed : everWritten);
                CHECK_MSG(added, what);
                u64 keysBefore = store.keyCount;
                if (store.pending) HistoryDropOldest(&store);
                CHECK_MSG(!store.pending || store.keyCount >= 2, "a fold never takes the pending keyframe");
                if (store.pending) HistoryPackKeyframe(&store, globalMemory);
                if (store.pending) HistoryEndKeyframe(&store);
                CHECK(store.keyCount <= keysBefore && HistoryNewestFrame(&store) == frame);
                memset(changed, 0, sizeof(changed));
            }
        }
        u8 written[(TEST_PAGE_COUNT + 7) / 8] = {};
        SimulatePackedFrame(frame, written);
        for (u32 index = 0; index < sizeof(written); ++index)
        {
            changed[index] |= written[index];
            everWritten[index] |= written[index];
        }
        CHECK_MSG(HistoryBytesUsed(&store) <= capBytes, "the history stays under its cap");
    }
    CHECK_MSG(store.keyCount >= 2, what);
    if (capBytes < (1 << 20)) CHECK_MSG(store.foldedKeys > 0, "a small cap folds keyframes into the base");
    CHECK_MSG(store.packedBytes * 2 < store.rawBytes, "the deltas take less than half what they hold whole");
    u32 basePagesZero = 0;
    for (u32 page = 0; page < TEST_PAGE_COUNT; ++page) basePagesZero += !BitmapBit(store.basePresent, page);
    CHECK_MSG(store.basePages + basePagesZero == TEST_PAGE_COUNT, "the base counts the pages it holds");
    for (u32 pass = 0; pass < 3; ++pass)
    {
        for (u32 at = 0; at < store.keyCount; ++at)
        {
            s32 key = pass == 0 ? (s32)(store.keyCount - 1 - at) : pass == 1 ? (s32)at : (s32)(NextRandom() % store.keyCount);
            u64 frame = HistoryKeyFrame(&store, key);
            u8 before[TEST_PAGE_COUNT * TEST_PAGE_SIZE];
            memcpy(before, globalMemory, sizeof(before));
            HistoryRestore(&store, key, globalMemory, changed);
            CHECK_MSG(memcmp(globalMemory, globalStates[frame], sizeof(globalMemory)) == 0, what);
            HistoryMaterialize(&store, key, globalImage, TEST_PAGE_COUNT);
            CHECK_MSG(memcmp(globalImage, globalStates[frame], sizeof(globalImage)) == 0, "a packed keyframe materializes exactly");
            CheckMaterializeHeld(&store, key, frame, "a packed keyframe's held pages materialize exactly");
            // A few frames re-simulated after it (as a seek does), marked as the snapshot marks them.
            for (u32 step = 0; step < at % 3; ++step) SimulatePackedFrame(0, changed);
            for (u32 page = 0; page < TEST_PAGE_COUNT; ++page)
                if (memcmp(before + page * TEST_PAGE_SIZE, globalMemory + page * TEST_PAGE_SIZE, TEST_PAGE_SIZE) != 0)
                    BitmapSet(changed, page);
        }
    }
}

// The XOR chain of a page is bounded: every HISTORY_MAX_CHAIN-th version of a page stands alone.
internal void TestChainBound(void)
{
    history_store store;
    memset(globalMemory, 0x11, sizeof(globalMemory));
    memset(globalBits, 0, sizeof(globalBits));
    memset(globalPacking, 0, sizeof(globalPacking));
    HistoryInit(&store, TEST_PAGE_SIZE, TEST_PAGE_COUNT, globalBase, globalBits, globalRing, sizeof(globalRing), 1 << 20);
    HistoryPackAgainstPrevious(&store, globalPacking);
    u8 all[(TEST_PAGE_COUNT + 7) / 8];
    memset(all, 0xff, sizeof(all));
    CHECK(HistoryAddKeyframe(&store, 0, globalMemory, all));
    CHECK_MSG(store.basePages == TEST_PAGE_COUNT, "a base of nonzero pages holds them all");
    u32 longest = 0, run[TEST_PAGE_COUNT] = {};
    for (u32 frame = 1; frame <= 3 * HISTORY_MAX_CHAIN; ++frame)
    {
        for (u32 page = 0; page < TEST_PAGE_COUNT; ++page) globalMemory[page * TEST_PAGE_SIZE + frame % 16] += 1;
        CHECK(HistoryAddKeyframe(&store, frame, globalMemory, all));
        const history_keyframe *key = &store.keys[(store.firstKey + store.keyCount - 1) % HISTORY_MAX_KEYFRAMES];
        const u32 *sizes = (const u32 *)(store.ring + key->dataOffset) + key->pageCount;
        for (u32 page = 0; page < TEST_PAGE_COUNT; ++page)
        {
            run[page] = (sizes[page] & HISTORY_XOR_PAGE) ? run[page] + 1 : 0;
            longest = Maximum(longest, run[page]);
        }
    }
    CHECK_MSG(longest == HISTORY_MAX_CHAIN - 1, "XOR chains reach HISTORY_MAX_CHAIN - 1 versions and no more");
    memset(globalMemory, 0, sizeof(globalMemory));
    CHECK(HistoryAddKeyframe(&store, 100, globalMemory, all));
    while (store.keyCount > 1) HistoryDropOldest(&store);
    CHECK_MSG(store.basePages == 0 && HistoryBytesUsed(&store) == 0, "a base folded to zeros holds no page");
}

internal void TestRequestLines(void)
{
    timeline_command command;
    char error[256];
    CHECK(ParseTimelineCommand("pause", &command, error, sizeof(error)) && command.kind == TimelineCommand_Pause);
    CHECK(ParseTimelineCommand("  resume\r", &command, error, sizeof(error)) && command.kind == TimelineCommand_Resume);
    CHECK(ParseTimelineCommand("seek 120", &command, error, sizeof(error)) && command.kind == TimelineCommand_Seek &&
          command.number == 120);
    CHECK(ParseTimelineCommand("step -3", &command, error, sizeof(error)) && command.kind == TimelineCommand_Step &&
          command.number == -3);
    CHECK(ParseTimelineCommand("view new", &command, error, sizeof(error)) && command.viewNew);
    CHECK(ParseTimelineCommand("view recorded", &command, error, sizeof(error)) && !command.viewNew);
    CHECK(ParseTimelineCommand("save C:\\a b\\\xc3\xa9.capsule ", &command, error, sizeof(error)) &&
          strcmp(command.path, "C:\\a b\\\xc3\xa9.capsule") == 0);
    CHECK(ParseTimelineCommand("# a comment", &command, error, sizeof(error)) && command.kind == TimelineCommand_None);
    CHECK(ParseTimelineCommand("", &command, error, sizeof(error)) && command.kind == TimelineCommand_None);
    CHECK(!ParseTimelineCommand("seek -1", &command, error, sizeof(error)) && strstr(error, "frame number"));
    CHECK(!ParseTimelineCommand("seek 12x", &command, error, sizeof(error)));
    CHECK(!ParseTimelineCommand("step", &command, error, sizeof(error)));
    CHECK(!ParseTimelineCommand("view both", &command, error, sizeof(error)) && strstr(error, "recorded"));
    CHECK(!ParseTimelineCommand("pause now", &command, error, sizeof(error)));
    CHECK(!ParseTimelineCommand("save", &command, error, sizeof(error)));
    CHECK(!ParseTimelineCommand("jump 3", &command, error, sizeof(error)) && strstr(error, "unknown command 'jump'"));
}

// Parses line, expecting a refusal whose reason is exactly expected.
internal b32 RefusedAs(const char *line, const char *expected)
{
    timeline_command command;
    char error[256];
    b32 parsed = ParseTimelineCommand(line, &command, error, sizeof(error));
    b32 ok = !parsed && strcmp(error, expected) == 0;
    if (!ok) printf("    \"%s\": %s \"%s\", expected \"%s\"\n", line, parsed ? "parsed" : "refused with", error, expected);
    return ok;
}

internal void TestWatchAndFindLines(void)
{
    timeline_command command;
    char error[256];
    CHECK(ParseTimelineCommand("watch demo_state.entities[17].position.y", &command, error, sizeof(error)) &&
          command.kind == TimelineCommand_Watch && strcmp(command.fieldPath, "demo_state.entities[17].position.y") == 0);
    CHECK(ParseTimelineCommand("  unwatch\tstarter_state.cubeYaw \r", &command, error, sizeof(error)) &&
          command.kind == TimelineCommand_Unwatch && strcmp(command.fieldPath, "starter_state.cubeYaw") == 0);
    CHECK(ParseTimelineCommand("find demo_state.count >= 17", &command, error, sizeof(error)) &&
          command.kind == TimelineCommand_Find && !command.findBackward && command.findOp == TimelineFind_GreaterEqual &&
          command.findValue == 17 && strcmp(command.fieldPath, "demo_state.count") == 0);
    CHECK(ParseTimelineCommand("find-back s.x < -1.5e-3", &command, error, sizeof(error)) && command.findBackward &&
          command.findOp == TimelineFind_Less && command.findValue == -1.5e-3 && strcmp(command.fieldPath, "s.x") == 0);
    const char *ops[] = {"==", "!=", "<", "<=", ">", ">="};
    for (u32 op = 0; op < ArrayCount(ops); ++op)
    {
        char line[64];
        FormatText(line, sizeof(line), "find s.v %s +.5", ops[op]);
        CHECK_MSG(ParseTimelineCommand(line, &command, error, sizeof(error)) && command.findOp == op &&
                  command.findValue == 0.5 && strcmp(TimelineFindOpText(op), ops[op]) == 0, "every operator parses");
    }
    CHECK(ParseTimelineCommand("find s.alive == true", &command, error, sizeof(error)) && command.findValue == 1);
    CHECK(ParseTimelineCommand("find s.alive != false", &command, error, sizeof(error)) && command.findValue == 0);
    CHECK(ParseTimelineCommand("find s.v > 3.", &command, error, sizeof(error)) && command.findValue == 3);
    CHECK(ParseTimelineCommand("find s.v > 2E2", &command, error, sizeof(error)) && command.findValue == 200);
    CHECK(ParseTimelineCommand("find s.v changed", &command, error, sizeof(error)) && command.kind == TimelineCommand_Find &&
          command.findOp == TimelineFind_Changed && !command.findBackward);
    CHECK(ParseTimelineCommand("find-back s.v changed", &command, error, sizeof(error)) &&
          command.findOp == TimelineFind_Changed && command.findBackward);
    CHECK(strcmp(TimelineFindOpText(TimelineFind_Changed), "changed") == 0 && strcmp(TimelineFindOpText(99), "?") == 0);

    CHECK(RefusedAs("watch", "'watch' needs a field path (e.g. watch demo_state.entities[17].position.y)"));
    CHECK(RefusedAs("unwatch  ", "'unwatch' needs a field path (e.g. unwatch demo_state.entities[17].position.y)"));
    CHECK(RefusedAs("watch a.b c", "'watch' takes one field path (a path has no spaces), not 'a.b c'"));
    CHECK(RefusedAs("find", "'find' needs a field path (e.g. find demo_state.entities[17].position.y > 10)"));
    CHECK(RefusedAs("find-back", "'find-back' needs a field path (e.g. find-back demo_state.entities[17].position.y > 10)"));
    CHECK(RefusedAs("find s.v", "'find' needs an operator and a value after the field path (find FIELD OP VALUE, OP one of "
                    "== != < <= > >=; or find FIELD changed)"));
    CHECK(RefusedAs("find s.v =< 3", "unknown operator '=<' (one of == != < <= > >=, or 'changed')"));
    CHECK(RefusedAs("find s.v = 3", "unknown operator '=' (one of == != < <= > >=, or 'changed')"));
    CHECK(RefusedAs("find s.v >3", "unknown operator '>3' (one of == != < <= > >=, or 'changed')"));
    CHECK(RefusedAs("find s.v == abc", "'abc' is not a number"));
    CHECK(RefusedAs("find s.v == 0x10", "'0x10' is not a number"));
    CHECK(RefusedAs("find s.v == inf", "'inf' is not a number"));
    CHECK(RefusedAs("find s.v == 1e", "'1e' is not a number"));
    CHECK(RefusedAs("find s.v == .", "'.' is not a number"));
    CHECK(RefusedAs("find s.v == -", "'-' is not a number"));
    CHECK(RefusedAs("find s.v <=", "'find' needs a value after '<='"));
    CHECK(RefusedAs("find-back s.v > 1 2", "'find-back' takes nothing after the value: '2'"));
    CHECK(RefusedAs("find s.v changed now", "'find' takes nothing after 'changed': 'now'"));
    char longLine[400];
    FormatText(longLine, sizeof(longLine), "watch s.%0300d", 0);
    CHECK(RefusedAs(longLine, "'watch': the field path is longer than 255 bytes"));
    CHECK(!ParseTimelineCommand("look s.v", &command, error, sizeof(error)) && strstr(error, "find FIELD OP VALUE"));

    CHECK(TimelineFindMatches(TimelineFind_Equal, 2, 0, 2) && !TimelineFindMatches(TimelineFind_Equal, 2, 0, 3));
    CHECK(TimelineFindMatches(TimelineFind_NotEqual, 2, 0, 3) && !TimelineFindMatches(TimelineFind_NotEqual, 2, 0, 2));
    CHECK(TimelineFindMatches(TimelineFind_Less, 1, 0, 2) && !TimelineFindMatches(TimelineFind_Less, 2, 0, 2));
    CHECK(TimelineFindMatches(TimelineFind_LessEqual, 2, 0, 2) && !TimelineFindMatches(TimelineFind_LessEqual, 3, 0, 2));
    CHECK(TimelineFindMatches(TimelineFind_Greater, 3, 0, 2) && !TimelineFindMatches(TimelineFind_Greater, 2, 0, 2));
    CHECK(TimelineFindMatches(TimelineFind_GreaterEqual, 2, 0, 2) && !TimelineFindMatches(TimelineFind_GreaterEqual, 1, 0, 2));
    CHECK(TimelineFindMatches(TimelineFind_Changed, 2, 1, 0) && !TimelineFindMatches(TimelineFind_Changed, 1, 1, 5));
    f64 nan = strtod("nan", 0);
    CHECK_MSG(!TimelineFindMatches(TimelineFind_Changed, nan, nan, 0) && TimelineFindMatches(TimelineFind_Changed, nan, 1, 0),
              "a NaN that stays NaN has not changed");
    CHECK(!TimelineFindMatches(99, 1, 0, 1));
}

// A hot restart hands the store over as one image: rebuilt in other memory, every keyframe
// materializes and restores the same bytes, and the rebuilt store goes on taking keyframes.
global u8 globalOtherBase[TEST_PAGE_COUNT * TEST_PAGE_SIZE];
global u8 globalOtherBits[2 * ((TEST_PAGE_COUNT + 7) / 8)];
global u8 globalOtherRing[64 * 1024];
global u8 globalTransfer[128 * 1024];

global u8 globalOtherPacking[sizeof(globalPacking)];

// packed: both stores pack against the previous keyframe (the receiver starts its own chains afresh).
internal void TestTransfer(u64 capBytes, u32 interval, b32 packed, const char *what)
{
    history_store store;
    memset(globalBits, 0, sizeof(globalBits));
    HistoryInit(&store, TEST_PAGE_SIZE, TEST_PAGE_COUNT, globalBase, globalBits, globalRing, sizeof(globalRing), capBytes);
    memset(globalPacking, 0, sizeof(globalPacking));
    if (packed) HistoryPackAgainstPrevious(&store, globalPacking);
    u8 changed[(TEST_PAGE_COUNT + 7) / 8] = {};
    RecordTestHistory(&store, capBytes, interval, changed, what);
    u64 bytes = HistoryTransferBytes(&store);
    CHECK_MSG(bytes <= sizeof(globalTransfer), what);
    CHECK_MSG(HistoryWriteTransfer(&store, globalTransfer) == bytes, "the transfer writes exactly HistoryTransferBytes");
    history_store other;
    memset(globalOtherBits, 0, sizeof(globalOtherBits));
    memset(globalOtherBase, 0xcd, sizeof(globalOtherBase));     // a page the base never held must not leak through
    HistoryInit(&other, TEST_PAGE_SIZE, TEST_PAGE_COUNT, globalOtherBase, globalOtherBits, globalOtherRing,
                sizeof(globalOtherRing), capBytes);
    memset(globalOtherPacking, 0, sizeof(globalOtherPacking));
    if (packed) HistoryPackAgainstPrevious(&other, globalOtherPacking);
    CHECK_MSG(HistoryReadTransfer(&other, globalTransfer, bytes), what);
    CHECK(other.keyCount == store.keyCount && HistoryBytesUsed(&other) == HistoryBytesUsed(&store));
    CHECK(HistoryOldestFrame(&other) == HistoryOldestFrame(&store) && HistoryNewestFrame(&other) == HistoryNewestFrame(&store));
    b32 same = 1;
    for (u32 key = 0; key < other.keyCount; ++key)
    {
        u64 frame = HistoryKeyFrame(&other, (s32)key);
        HistoryMaterialize(&other, (s32)key, globalImage, TEST_PAGE_COUNT);
        same &= frame < TEST_FRAMES && memcmp(globalImage, globalStates[frame], sizeof(globalImage)) == 0;
    }
    CHECK_MSG(same, "every keyframe of the rebuilt store materializes the state it held");
    // Restores from the present (the newest state), as the new process's first seek does.
    memset(changed, 0xff, sizeof(changed));
    same = 1;
    for (u32 key = other.keyCount; key-- > 0;)
    {
        u64 frame = HistoryKeyFrame(&other, (s32)key);
        HistoryRestore(&other, (s32)key, globalMemory, changed);
        same &= memcmp(globalMemory, globalStates[frame], sizeof(globalMemory)) == 0;
    }
    CHECK_MSG(same, "every keyframe of the rebuilt store restores exactly");
    // Memory now holds the oldest keyframe's state: a keyframe of it names the pages that differ from the newest's.
    memset(changed, 0, sizeof(changed));
    u64 newest = HistoryNewestFrame(&other);
    for (u32 page = 0; page < TEST_PAGE_COUNT; ++page)
        if (memcmp(globalMemory + page * TEST_PAGE_SIZE, globalStates[newest] + page * TEST_PAGE_SIZE, TEST_PAGE_SIZE) != 0)
            BitmapSet(changed, page);
    CHECK_MSG(HistoryAddKeyframe(&other, TEST_FRAMES + 10, globalMemory, changed), "the rebuilt store takes new keyframes");
    CHECK(HistoryNewestFrame(&other) == TEST_FRAMES + 10);
    // A damaged or foreign image is refused, leaving the store empty.
    globalTransfer[0] ^= 1;
    CHECK_MSG(!HistoryReadTransfer(&other, globalTransfer, bytes) && other.keyCount == 0, "a foreign image is refused");
    globalTransfer[0] ^= 1;
    CHECK_MSG(!HistoryReadTransfer(&other, globalTransfer, bytes / 2) && other.keyCount == 0, "a cut image is refused");
}

int main(void)
{
    TestTransfer(1 << 20, 3, 0, "the transfer of a store that folded nothing");
    TestTransfer(16 * TEST_PAGE_SIZE * 3, 2, 0, "the transfer of a store whose ring wrapped");
    TestTransfer(1 << 20, 3, 1, "the transfer of a packed store");
    TestTransfer(16 * TEST_PAGE_SIZE * 3, 2, 1, "the transfer of a packed store whose ring wrapped");
    TestRestoreEveryKeyframe(1 << 20, 1, "every frame a keyframe, nothing folded");
    TestRestoreEveryKeyframe(1 << 20, 4, "a keyframe every 4 frames");
    TestRestoreEveryKeyframe(16 * TEST_PAGE_SIZE * 3, 2, "a cap that folds most keyframes away");
    TestDropAfter();
    TestPageCodec();
    TestPackedStore(1 << 20, 1, ~0u, "packed: every frame a keyframe");
    TestPackedStore(1 << 20, 3, ~0u, "packed: a keyframe every 3 frames");
    TestPackedStore(100 * TEST_PAGE_SIZE, 2, ~0u, "packed: a cap that folds most keyframes away");
    TestPackedStore(1 << 20, 2, 61, "packed: a resume in the past drops the keyframes after it");
    TestPackedStore(100 * TEST_PAGE_SIZE, 1, 90, "packed: folds and a resume in the past");
    TestChainBound();
    TestRequestLines();
    TestWatchAndFindLines();
    return TestSummary();
}
