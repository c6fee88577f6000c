#ifndef PLATFORM_SOUND_CURSOR_H
#define PLATFORM_SOUND_CURSOR_H
// Where and how much to write into a looping sound ring buffer each frame, given the device's
// play and write cursors. Pure arithmetic with no OS headers, so the wrap-around and resync
// rules are unit-tested natively (tests/unit/test_mixer.cpp) and used unchanged by win32_sound.cpp.
//
// The model (DirectSound's): the device plays the ring from the play cursor; the bytes between
// the play cursor and the write cursor are already committed to the hardware and must not be
// touched. We keep our own "next byte to write" and, each frame, top the ring up to
// write cursor + latency. Every sample we write continues the previous one, so the game's
// sound stream stays gap-free unless the device overtakes us (then we resync and log it).

#include "base/base_types.h"
#include <string.h>

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
inline u32 SoundRingDistance(u32 from, u32 to, u32 size)
{
    Assert(size > 0 && from < size && to < size);
    return (to >= from) ? (to - from) : (size - from + to);
}

inline u32 SoundRingAdd(u32 position, u32 bytes, u32 size)
{
    Assert(size > 0 && position < size);
    u64 sum = (u64)position + (u64)(bytes % size);
    return (u32)(sum % size);
}

inline void InitSoundCursorState(sound_cursor_state *state, u32 bufferSizeBytes, u32 bytesPerSample)
{
    Assert(bytesPerSample > 0 && bufferSizeBytes >= bytesPerSample && (bufferSizeBytes % bytesPerSample) == 0);
    memset(state, 0, sizeof(*state));
    state->bufferSizeBytes = bufferSizeBytes;
    state->bytesPerSample = bytesPerSample;
}

//~ Per-frame decision
// latencySamples: how far beyond the write cursor the ring should be filled after this frame.
// It must cover one frame of play plus jitter; the platform keeps it at or under two frames.
inline sound_write_region ComputeSoundWriteRegion(sound_cursor_state *state, u32 playCursor, u32 writeCursor,
                                                  u32 latencySamples)
{
    u32 size = state->bufferSizeBytes;
    u32 bps = state->bytesPerSample;
    sound_write_region result;
    memset(&result, 0, sizeof(result));

    // NOTE: drivers report cursors in bytes; keep them on whole stereo frames and inside the ring
    // even if a driver hands back something odd.
    playCursor = (playCursor % size) / bps * bps;
    writeCursor = (writeCursor % size) / bps * bps;

    u32 gap = SoundRingDistance(playCursor, writeCursor, size);
    u64 latencyBytes64 = (u64)latencySamples * bps;
    // At most a quarter of the ring (see the overtake test below), and never the whole ring.
    u64 maxLatency = Minimum((u64)(size - gap) - bps, (u64)(size / 4) / bps * bps);
    u32 latencyBytes = (u32)Minimum(latencyBytes64, maxLatency);
    u32 targetLead = gap + latencyBytes;  // play cursor to where the data should end

    b32 resync = !state->synced;
    if (!resync)
    {
        u32 lead = SoundRingDistance(playCursor, state->nextWriteByte, size);
        // The device has played past everything we wrote (a long frame, a stall, or a driver that
        // prebuffers in one jump when it starts). Either our next byte lies inside the committed
        // region, or the play cursor is already beyond it and the ring distance wrapped: we never
        // queue more than a quarter of the ring, so a lead over half the ring can only mean that.
        // Those bytes are gone; restart at the write cursor.
        if (lead < gap || lead > size / 2)
        {
            resync = 1;
            ++state->resyncCount;
        }
    }
    if (resync)
    {
        state->nextWriteByte = writeCursor;
        state->synced = 1;
        result.resynced = 1;
    }

    u32 lead = SoundRingDistance(playCursor, state->nextWriteByte, size);
    result.byteToLock = state->nextWriteByte;
    result.cursorGapBytes = gap;
    // Already at or past the target (a short frame): write nothing, the queue is deep enough.
    result.bytesToWrite = (lead < targetLead) ? (targetLead - lead) : 0;
    result.sampleCount = result.bytesToWrite / bps;
    result.queuedBytes = lead + result.bytesToWrite;
    return result;
}

// Called after the samples of 'region' were copied into the ring (possibly fewer than asked).
inline void CommitSoundWrite(sound_cursor_state *state, u32 samplesWritten)
{
    state->nextWriteByte = SoundRingAdd(state->nextWriteByte, samplesWritten * state->bytesPerSample,
                                        state->bufferSizeBytes);
    state->samplesWritten += samplesWritten;
}

// Copies interleaved stereo samples into the one or two pieces a ring lock returns (the second
// piece starts at the ring's beginning when the write wraps). Returns the samples copied.
inline u32 CopySamplesToRing(const s16 *source, u32 sampleCount, u32 bytesPerSample,
                             void *region1, u32 region1Size, void *region2, u32 region2Size)
{
    u32 samples1 = Minimum(region1Size / bytesPerSample, sampleCount);
    u32 samples2 = region2 ? Minimum(region2Size / bytesPerSample, sampleCount - samples1) : 0;
    if (samples1)
    {
        memcpy(region1, source, (umm)samples1 * bytesPerSample);
    }
    if (samples2)
    {
        memcpy(region2, (const u8 *)source + (umm)samples1 * bytesPerSample, (umm)samples2 * bytesPerSample);
    }
    return samples1 + samples2;
}

#endif // PLATFORM_SOUND_CURSOR_H
