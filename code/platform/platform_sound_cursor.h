#ifndef PLATFORM_SOUND_CURSOR_H
#define PLATFORM_SOUND_CURSOR_H
// Where and how much to write into a looping sound ring buffer each frame, given the device's
// play and write cursors. Pure arithmetic with no OS headers, so the wrap-around and resync
// rules are unit-tested natively (tests/unit/test_mixer.cpp) and used unchanged by win32/win32_sound.cpp.
//
// The model (DirectSound's): the device plays the ring from the play cursor; the bytes between
// the play cursor and the write cursor are already committed to the hardware and must not be
// touched. We keep our own "next byte to write" and, each frame, top the ring up to
// write cursor + latency. Every sample we write continues the previous one, so the game's
// sound stream stays gap-free unless the device overtakes us (then we resync and log it).

#include "base/base_types.h"

struct sound_cursor_state
{
    u32 bufferSizeBytes;        // ring size, a multiple of bytesPerSample
    u32 bytesPerSample;         // one stereo frame: 2 channels * sizeof(s16)
    u32 nextWriteByte;          // where our next sample goes; valid once synced
    b32 synced;                 // false until the first frame (and after an underrun)
    u32 resyncCount;            // underruns observed (first sync not counted)
    u64 samplesWritten;
};

struct sound_write_region
{
    u32 byteToLock;             // offset in the ring where this frame's samples start
    u32 bytesToWrite;
    u32 sampleCount;            // bytesToWrite / bytesPerSample
    u32 cursorGapBytes;         // write cursor minus play cursor: the device's own latency
    u32 queuedBytes;            // play cursor to our end of data after this frame's write
    b32 resynced;               // this frame restarted at the write cursor
};

//~ Ring arithmetic
// Bytes from 'from' forward to 'to' in a ring of 'size' bytes: always in [0, size).
u32 SoundRingDistance(u32 from, u32 to, u32 size);
// position + bytes in a ring of size bytes: always in [0, size).
u32 SoundRingAdd(u32 position, u32 bytes, u32 size);
// An unsynced state for a ring of bufferSizeBytes (a multiple of bytesPerSample).
void InitSoundCursorState(sound_cursor_state *state, u32 bufferSizeBytes, u32 bytesPerSample);

//~ Per-frame decision
// This frame's piece of the ring to fill (resyncing state when the device overtook it).
// latencySamples: how far beyond the write cursor the ring should be filled after this frame.
// It must cover one frame of play plus jitter; the platform keeps it at or under two frames.
sound_write_region ComputeSoundWriteRegion(sound_cursor_state *state, u32 playCursor, u32 writeCursor,
                                           u32 latencySamples);

// Called after the samples of 'region' were copied into the ring (possibly fewer than asked).
void CommitSoundWrite(sound_cursor_state *state, u32 samplesWritten);

// Copies interleaved stereo samples into the one or two pieces a ring lock returns (the second
// piece starts at the ring's beginning when the write wraps). Returns the samples copied.
u32 CopySamplesToRing(const s16 *source, u32 sampleCount, u32 bytesPerSample,
                      void *region1, u32 region1Size, void *region2, u32 region2Size);

#endif // PLATFORM_SOUND_CURSOR_H
