#ifndef WIN32_MEMORY_H
#define WIN32_MEMORY_H
//~ Win32 memory: the one reservation the whole game lives in.
// Tested by: tests/suites/suite_hot_restart.sh, tests/suites/suite_capsules.sh, tests/suites/suite_live_editing.sh

struct win32_game_memory_block
{
    void *base;
    u64 totalSize;
    b32 atFixedAddress;
};

// NOTE: MEM_WRITE_WATCH lets the crash snapshot copy only the pages each frame writes.
// NOTE: development builds ask for a fixed base address so that pointers stored in game memory
// mean the same thing in every run: that is what makes recorded state replayable.
#define WIN32_GAME_MEMORY_BASE_ADDRESS ((void *)0x0000020000000000ull)

// NOTE: the frame scratch follows transient storage in the same reservation (so it sits at a fixed
// address too); it is write-watched only so that the pointer scan knows which of its pages were
// ever written: its watch is never re-armed, so writing it never faults after the first touch.
internal b32 Win32AllocateGameMemory(win32_game_memory_block *block, game_memory *memory,
                                     u64 permanentSize, u64 transientSize, u64 frameScratchSize);
// At exit: releases the reservation (game code must not run any more).
internal void Win32FreeGameMemory(win32_game_memory_block *block);

#endif  // WIN32_MEMORY_H
