// The sound ring arithmetic of platform_sound_cursor.h.

#include "platform/platform_sound_cursor.h"
#include <string.h>

//~ Ring arithmetic
u32 SoundRingDistance(u32 from, u32 to, u32 size)
{
    Assert(size > 0 && from < size && to < size);
    return (to >= from) ? (to - from) : (size - from + to);
}

u32 SoundRingAdd(u32 position, u32 bytes, u32 size)
{
    Assert(size > 0 && position < size);
    u64 sum = (u64)position + (u64)(bytes % size);
    return (u32)(sum % size);
}

void InitSoundCursorState(sound_cursor_state *state, u32 bufferSizeBytes, u32 bytesPerSample)
{
    Assert(bytesPerSample > 0 && bufferSizeBytes >= bytesPerSample && (bufferSizeBytes % bytesPerSample) == 0);
    memset(state, 0, sizeof(*state));
    state->bufferSizeBytes = bufferSizeBytes;
    state->bytesPerSample = bytesPerSample;
}

//~ Per-frame decision
sound_write_region ComputeSoundWriteRegion(sound_cursor_state *state, u32 playCursor, u32 writeCursor,
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

void CommitSoundWrite(sound_cursor_state *state, u32 samplesWritten)
{
    state->nextWriteByte = SoundRingAdd(state->nextWriteByte, samplesWritten * state->bytesPerSample,
                                        state->bufferSizeBytes);
    state->samplesWritten += samplesWritten;
}

u32 CopySamplesToRing(const s16 *source, u32 sampleCount, u32 bytesPerSample,
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
