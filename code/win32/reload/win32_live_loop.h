#ifndef WIN32_LIVE_LOOP_H
#define WIN32_LIVE_LOOP_H
//~ Looped live code editing (record a stretch of play, replay it forever, edit code meanwhile)
//
// F9 cycles: start recording (game memory is marked, then every frame's input is kept), start
// looped playback (memory goes back to the mark, the inputs replay, repeat), stop. Reloads apply
// during playback, so an edit shows up on the next pass. Replays are exact because game memory sits
// at the same address in every run and the game's update is a function of memory and input.
// Restoring copies back only the pages written since the mark (tracked by the memory snapshot).
// Tested by: tests/suites/suite_live_editing.sh, tests/suites/suite_capsules.sh, tests/suites/suite_frame_graph.sh

enum win32_live_loop_mode
{
    LiveLoop_Off,
    LiveLoop_Recording,
    LiveLoop_Playing,
};

struct win32_live_loop
{
    win32_live_loop_mode mode;
    u8 *markedMemory;           // game memory as it was when recording started
    game_input *inputs;
    capsule_frame *records;     // per recorded frame, what the capsule recorder kept (a saved loop's frames)
    u32 maxFrames;
    u32 recordedFrames;
    u32 playIndex;
    u32 passCount;
    b32 available;
    // Command-line schedule (--loop START,LENGTH): record at frame START for LENGTH frames, then play.
    s64 scheduledStart;
    u32 scheduledLength;
    u64 permanentSize;          // the part of game memory the state hash covers
    u64 rewindCount;            // rewinds so far: each breaks the capsule recording's window
    volatile LONG markReaders;  // capsule writes reading markedMemory: no new recording meanwhile
};

// Main thread at start-up: memory for the mark and maxFrames inputs; false (logged, F9 disabled)
// when there is none.
internal b32 Win32InitLiveLoop(win32_live_loop *loop, u64 memorySize, u64 permanentSize, u32 maxFrames);
// Start of a frame, after the snapshot sync and the reload check, before the update. Replaces
// *input during playback. Returns true when it rewound memory (the caller re-syncs the snapshot).
internal b32 Win32StepLiveLoop(win32_live_loop *loop, win32_memory_snapshot *snapshot, game_input *input,
                               b32 togglePressed);

#endif  // WIN32_LIVE_LOOP_H
