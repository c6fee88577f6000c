// Unit tests (native) for the sound cursor arithmetic and the game mixer, plus the mixer's cost
// per frame for 16 sounds (printed as a FIGURE, not asserted).

#include "game_kit/game_kit.cpp"
#include "platform/platform.cpp"
#include "test_framework.h"
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>

global int globalWarnings;
internal PLATFORM_LOG(CountingLog)
{
    (void)format;
    if (level != LogLevel_Info) { ++globalWarnings; }
}

global u8 globalArenaMemory[4 << 20];

internal void FreshMixer(game_mixer *mixer, u32 voices)
{
    static memory_arena arena;
    InitializeArena(&arena, "mixer test", sizeof(globalArenaMemory), globalArenaMemory, CountingLog);
    CHECK(MixerInit(mixer, &arena, voices, CountingLog));
}

// Sample storage for the test sounds and outputs: one static arena, reset per group of cases.
global u8 globalSampleMemory[16 << 20];
global memory_arena globalSamples;

internal s16 *NewSamples(u32 count)
{
    s16 *samples = PushArray(&globalSamples, count, s16);
    Assert(samples);
    return samples;
}

internal loaded_sound MakeSound(const s16 *samples, u32 valueCount, u32 channels, u32 rate)
{
    loaded_sound sound = {};
    sound.samples = samples;
    sound.channelCount = channels;
    sound.sampleCount = valueCount / channels;
    sound.samplesPerSecond = rate;
    return sound;
}

// Mixes sampleCount stereo samples into a fresh buffer pre-filled with garbage, which the mixer
// must overwrite entirely.
internal s16 *Mix(game_mixer *mixer, u32 sampleCount, s32 rate = 48000)
{
    s16 *out = NewSamples(2 * sampleCount);
    for (u32 n = 0; n < 2 * sampleCount; ++n) { out[n] = 0x5555; }
    game_sound_output_buffer buffer;
    buffer.samplesPerSecond = rate;
    buffer.sampleCount = (s32)sampleCount;
    buffer.samples = out;
    MixerOutput(mixer, &buffer);
    return out;
}

internal s16 *Ramp(u32 count, s32 start, s32 step)
{
    s16 *samples = NewSamples(count);
    for (u32 n = 0; n < count; ++n) { samples[n] = (s16)(start + (s32)n * step); }
    return samples;
}

internal s16 *Constant(u32 count, s16 value)
{
    s16 *samples = NewSamples(count);
    for (u32 n = 0; n < count; ++n) { samples[n] = value; }
    return samples;
}

//~ Cursor logic
internal void TestCursorLogic(void)
{
    const u32 bps = 4;
    const u32 size = 48000 * bps;
    sound_cursor_state state;
    InitSoundCursorState(&state, size, bps);

    // First frame: start exactly at the write cursor and fill latency past it.
    sound_write_region r = ComputeSoundWriteRegion(&state, 0, 480 * bps, 1200);
    CHECK(r.resynced && r.byteToLock == 480 * bps && r.sampleCount == 1200 && r.bytesToWrite == 1200 * bps);
    CHECK(r.cursorGapBytes == 480 * bps && r.queuedBytes == 1680 * bps);
    CommitSoundWrite(&state, r.sampleCount);

    // Next frame, the device played 800 samples: top up by exactly those, continuing our data.
    r = ComputeSoundWriteRegion(&state, 800 * bps, 1280 * bps, 1200);
    CHECK(!r.resynced && r.byteToLock == 1680 * bps && r.sampleCount == 800);
    CommitSoundWrite(&state, r.sampleCount);

    // A frame where the cursors did not move: nothing to write.
    r = ComputeSoundWriteRegion(&state, 800 * bps, 1280 * bps, 1200);
    CHECK(!r.resynced && r.sampleCount == 0 && r.bytesToWrite == 0);

    // Committing fewer samples than asked (a partial lock) continues from there.
    r = ComputeSoundWriteRegion(&state, 1000 * bps, 1480 * bps, 1200);
    CHECK(r.sampleCount == 200);
    CommitSoundWrite(&state, 50);
    r = ComputeSoundWriteRegion(&state, 1000 * bps, 1480 * bps, 1200);
    CHECK(!r.resynced && r.byteToLock == 2530 * bps && r.sampleCount == 150);
    CommitSoundWrite(&state, r.sampleCount);

    // Wrap-around: cursors near the end of the ring, the write continues into its start.
    InitSoundCursorState(&state, size, bps);
    r = ComputeSoundWriteRegion(&state, 47000 * bps, 47480 * bps, 1200);
    CHECK(r.byteToLock == 47480 * bps && r.sampleCount == 1200);
    CommitSoundWrite(&state, r.sampleCount);
    CHECK(state.nextWriteByte == 680 * bps);
    r = ComputeSoundWriteRegion(&state, 47800 * bps, 280 * bps, 1200);   // write cursor wrapped
    CHECK(!r.resynced && r.byteToLock == 680 * bps && r.sampleCount == 800 && r.cursorGapBytes == 480 * bps);
    CommitSoundWrite(&state, r.sampleCount);
    r = ComputeSoundWriteRegion(&state, 600 * bps, 1080 * bps, 1200);    // both wrapped
    CHECK(!r.resynced && r.byteToLock == 1480 * bps && r.sampleCount == 800);

    // Underrun: the play cursor passed our data (a long frame): restart at the write cursor.
    InitSoundCursorState(&state, size, bps);
    r = ComputeSoundWriteRegion(&state, 0, 480 * bps, 1200);
    CommitSoundWrite(&state, r.sampleCount);
    r = ComputeSoundWriteRegion(&state, 1600 * bps, 2080 * bps, 1200);   // next byte 1680 is inside [play, write)
    CHECK(r.resynced && r.byteToLock == 2080 * bps && state.resyncCount == 1);
    CommitSoundWrite(&state, r.sampleCount);
    // ... and the play cursor jumping far past our data (driver prebuffer) is caught too.
    r = ComputeSoundWriteRegion(&state, 9000 * bps, 9480 * bps, 1200);
    CHECK(r.resynced && r.byteToLock == 9480 * bps && state.resyncCount == 2);

    // Odd cursors are put on whole samples; latency is clamped to a quarter of the ring.
    InitSoundCursorState(&state, size, bps);
    r = ComputeSoundWriteRegion(&state, 7, 1923, 100000);
    CHECK((r.byteToLock % bps) == 0 && r.byteToLock == 480 * bps);
    CHECK(r.bytesToWrite <= size / 4 && (r.bytesToWrite % bps) == 0);

    // The copy into the two pieces of a wrapped lock keeps the order of the samples.
    s16 source[16];
    for (int n = 0; n < 16; ++n) { source[n] = (s16)(n + 1); }
    s16 piece1[6] = {0};
    s16 piece2[10] = {0};
    u32 copied = CopySamplesToRing(source, 8, bps, piece1, sizeof(piece1), piece2, sizeof(piece2));
    CHECK(copied == 8 && piece1[0] == 1 && piece1[5] == 6 && piece2[0] == 7 && piece2[9] == 16);
}

// A simulated device: plays 48 kHz in real time, reports cursors in 10 ms steps, write cursor one
// step ahead; frames arrive with jitter. Every sample the device plays after the first write must
// be the next one in our sequence: no gap, no stale data, no repeat.
internal void TestCursorSimulation(void)
{
    const u32 bps = 4;
    const u32 ringSamples = 48000;
    static u32 ring[48000];
    memset(ring, 0, sizeof(ring));
    sound_cursor_state state;
    InitSoundCursorState(&state, ringSamples * bps, bps);
    u32 nextValue = 1;
    u64 playedSamples = 0;      // device time, in samples
    u64 checkedUpTo = 0;
    u32 expected = 0;
    u32 errors = 0;
    u32 seed = 99;
    u32 zeroFrames = 0;
    for (u32 frame = 0; frame < 3000; ++frame)
    {
        u64 reportedPlay = playedSamples / 480 * 480;
        u32 play = (u32)(reportedPlay % ringSamples) * bps;
        u32 write = (u32)((reportedPlay + 480) % ringSamples) * bps;
        sound_write_region r = ComputeSoundWriteRegion(&state, play, write, 1200);
        zeroFrames += (r.sampleCount == 0) ? 1 : 0;
        for (u32 n = 0; n < r.sampleCount; ++n)
        {
            ring[(r.byteToLock / bps + n) % ringSamples] = nextValue++;
        }
        CommitSoundWrite(&state, r.sampleCount);

        // 16.7 ms +- 2 ms of device time passes before the next frame.
        seed = seed * 1664525u + 1013904223u;
        u32 frameSamples = 800 - 96 + (seed >> 8) % 193;
        playedSamples += frameSamples;
        // The device has mixed everything up to its write cursor: check those samples.
        u64 mixedUpTo = playedSamples / 480 * 480 + 480;
        for (u64 t = Maximum(checkedUpTo, (u64)480); t < mixedUpTo; ++t)
        {
            u32 value = ring[t % ringSamples];
            if (expected == 0) { expected = value; }
            if (value != expected) { ++errors; expected = value; }
            ++expected;
        }
        checkedUpTo = mixedUpTo;
    }
    printf("cursor simulation: %u frames, %u samples written, %u resyncs, %u sequence errors, %u empty frames\n",
           3000u, nextValue - 1, state.resyncCount, errors, zeroFrames);
    CHECK_MSG(errors == 0 && state.resyncCount == 0, "simulated device plays our samples gap-free across 3000 jittery frames");
}

//~ Mixer
internal void TestMixer(void)
{
    game_mixer mixer;
    InitializeArena(&globalSamples, "samples", sizeof(globalSampleMemory), globalSampleMemory, CountingLog);

    // One mono sound at the output rate passes through exactly, into both channels.
    FreshMixer(&mixer, 8);
    s16 *ramp = Ramp(100, -5000, 97);
    loaded_sound rampSound = MakeSound(ramp, 100, 1, 48000);
    mixer_handle a = MixerPlaySound(&mixer, &rampSound, 1.0f, 0.0f, 0);
    CHECK(a.value != 0 && MixerIsPlaying(&mixer, a));
    s16 *out = Mix(&mixer, 150);
    b32 exact = 1;
    for (u32 n = 0; n < 100; ++n) { exact = exact && out[2 * n] == ramp[n] && out[2 * n + 1] == ramp[n]; }
    b32 tailSilent = 1;
    for (u32 n = 100; n < 150; ++n) { tailSilent = tailSilent && out[2 * n] == 0 && out[2 * n + 1] == 0; }
    CHECK_MSG(exact, "a sound at the output rate is mixed sample-exact");
    CHECK_MSG(tailSilent && !MixerIsPlaying(&mixer, a), "a one-shot sound ends and leaves silence");

    // Two sounds add up; volume scales; pan moves between channels.
    FreshMixer(&mixer, 8);
    s16 *other = Ramp(100, 3000, -41);
    loaded_sound otherSound = MakeSound(other, 100, 1, 48000);
    MixerPlaySound(&mixer, &rampSound, 1.0f, 0.0f, 0);
    MixerPlaySound(&mixer, &otherSound, 0.5f, -1.0f, 0);
    out = Mix(&mixer, 100);
    b32 summed = 1;
    for (u32 n = 0; n < 100; ++n)
    {
        f32 half = other[n] * 0.5f;
        s32 expectedLeft = ramp[n] + (s32)(half >= 0 ? half + 0.5f : half - 0.5f);
        summed = summed && abs(out[2 * n] - expectedLeft) <= 1 && out[2 * n + 1] == ramp[n];
    }
    CHECK_MSG(summed, "two sounds sum; volume 0.5 halves; pan -1 keeps the right channel clear");

    // Saturation: loud sounds clip at full scale instead of wrapping around.
    FreshMixer(&mixer, 8);
    loaded_sound loudSound = MakeSound(Constant(64, 30000), 64, 1, 48000);
    loaded_sound loudNegativeSound = MakeSound(Constant(64, -30000), 64, 1, 48000);
    MixerPlaySound(&mixer, &loudSound, 1.0f, -1.0f, 0);
    MixerPlaySound(&mixer, &loudSound, 1.0f, -1.0f, 0);
    MixerPlaySound(&mixer, &loudNegativeSound, 1.0f, 1.0f, 0);
    MixerPlaySound(&mixer, &loudNegativeSound, 1.0f, 1.0f, 0);
    out = Mix(&mixer, 64);
    CHECK_MSG(out[0] == 32767 && out[1] == -32768 && out[126] == 32767 && out[127] == -32768,
              "sums past full scale saturate to 32767 / -32768");

    // Looping repeats the sound seamlessly and keeps the voice alive; stop by handle ends it.
    FreshMixer(&mixer, 8);
    mixer_handle loop = MixerPlaySound(&mixer, &rampSound, 1.0f, 0.0f, 1);
    out = Mix(&mixer, 250);
    b32 looped = 1;
    for (u32 n = 0; n < 250; ++n) { looped = looped && out[2 * n] == ramp[n % 100]; }
    CHECK_MSG(looped && MixerIsPlaying(&mixer, loop), "a looping sound repeats sample-exact and keeps playing");
    out = Mix(&mixer, 33);   // keeps its position across calls
    CHECK_MSG(out[0] == ramp[50] && out[64] == ramp[82], "a voice continues across output calls");
    MixerStop(&mixer, loop);
    out = Mix(&mixer, 10);
    CHECK_MSG(!MixerIsPlaying(&mixer, loop) && out[0] == 0 && out[19] == 0, "MixerStop silences the voice");

    // Stale handles: after a slot is reused, the old handle neither reports nor stops the new sound.
    FreshMixer(&mixer, 1);
    mixer_handle first = MixerPlaySound(&mixer, &rampSound, 1.0f, 0.0f, 0);
    MixerStop(&mixer, first);
    mixer_handle second = MixerPlaySound(&mixer, &rampSound, 1.0f, 0.0f, 1);
    MixerStop(&mixer, first);
    CHECK_MSG(first.value != second.value && !MixerIsPlaying(&mixer, first) && MixerIsPlaying(&mixer, second),
              "a stale handle does not touch the sound that reused its slot");
    int warningsBefore = globalWarnings;
    mixer_handle refused = MixerPlaySound(&mixer, &rampSound, 1.0f, 0.0f, 0);
    CHECK_MSG(refused.value == 0 && globalWarnings == warningsBefore + 1 && mixer.refusedPlayCount == 1,
              "with every voice busy a new sound is refused with a warning");
    MixerSetVolume(&mixer, second, 0.0f, 0.0f);
    out = Mix(&mixer, 10);
    CHECK_MSG(out[0] == 0 && out[11] == 0 && MixerIsPlaying(&mixer, second), "MixerSetVolume(0) mutes without stopping");

    // Stereo sources keep their channels; another rate is resampled (linear interpolation).
    FreshMixer(&mixer, 4);
    static const s16 stereo[] = {100, -100, 200, -200, 300, -300, 400, -400};
    loaded_sound stereoSound = MakeSound(stereo, 8, 2, 24000);
    MixerPlaySound(&mixer, &stereoSound, 1.0f, 0.0f, 0);
    out = Mix(&mixer, 8);
    CHECK_MSG(out[0] == 100 && out[1] == -100 && out[2] == 150 && out[3] == -150 && out[4] == 200 && out[6] == 250,
              "a 24 kHz stereo sound plays at 48 kHz, interpolated, channels kept");

    // The tone generator: frequency, amplitude, and a stream that is independent of call sizes.
    FreshMixer(&mixer, 4);
    MixerPlayTone(&mixer, 440.0f, 0.25f, 0.0f);
    s16 *whole = Mix(&mixer, 48000);
    FreshMixer(&mixer, 4);
    MixerPlayTone(&mixer, 440.0f, 0.25f, 0.0f);
    b32 samePieces = 1;
    for (u32 total = 0; total < 48000;)
    {
        u32 count = Minimum(48000u - total, 797u + (total % 7));
        s16 *part = Mix(&mixer, count);
        samePieces = samePieces && memcmp(part, whole + 2 * total, (umm)count * 2 * sizeof(s16)) == 0;
        total += count;
    }
    CHECK_MSG(samePieces, "the tone is the same whether mixed in one call or in frame-sized pieces");
    s32 peak = 0;
    u32 crossings = 0;
    for (u32 n = 1; n < 48000; ++n)
    {
        peak = Maximum(peak, abs(whole[2 * n]));
        crossings += (whole[2 * n - 2] < 0 && whole[2 * n] >= 0) ? 1 : 0;
    }
    CHECK_MSG(abs(peak - 8192) <= 2, "tone amplitude 0.25 peaks at 8192");
    CHECK_MSG(crossings == 440 || crossings == 439, "tone of 440 Hz crosses zero 440 times a second");

    // An arena too small: MixerInit fails with an error and the mixer outputs silence.
    u8 tiny[64];
    memory_arena tinyArena;
    InitializeArena(&tinyArena, "tiny", sizeof(tiny), tiny, CountingLog);
    game_mixer broken;
    CHECK(!MixerInit(&broken, &tinyArena, 16, CountingLog));
    CHECK(MixerPlayTone(&broken, 440.0f, 0.5f, 0.0f).value == 0);
    out = Mix(&broken, 16);
    CHECK_MSG(out[0] == 0 && out[31] == 0, "a mixer without memory writes silence");
}

//~ Cost
internal void BenchmarkMixer(void)
{
    game_mixer mixer;
    FreshMixer(&mixer, 32);
    InitializeArena(&globalSamples, "samples", sizeof(globalSampleMemory), globalSampleMemory, CountingLog);
    s16 *mono = NewSamples(48000);
    s16 *stereo = NewSamples(2 * 22050);
    for (u32 n = 0; n < 48000; ++n) { mono[n] = (s16)(u16)(n * 31); }
    for (u32 n = 0; n < 2 * 22050; ++n) { stereo[n] = (s16)(u16)(n * 17); }
    loaded_sound monoSound = MakeSound(mono, 48000, 1, 48000);
    loaded_sound stereoSound = MakeSound(stereo, 2 * 22050, 2, 22050);
    for (u32 index = 0; index < 16; ++index)
    {
        if (index < 6) { MixerPlaySound(&mixer, &monoSound, 0.1f, -0.5f, 1); }
        else if (index < 12) { MixerPlaySound(&mixer, &stereoSound, 0.1f, 0.5f, 1); }
        else { MixerPlayTone(&mixer, 220.0f * (index - 10), 0.05f, 0.0f); }
    }
    CHECK(MixerActiveVoiceCount(&mixer) == 16);
    game_sound_output_buffer buffer;
    buffer.samplesPerSecond = 48000;
    buffer.sampleCount = 800;
    buffer.samples = NewSamples(2 * 800);
    const u32 frames = 3000;
    // NOTE: clock() is processor time, which is what a single-threaded mixing loop costs.
    clock_t start = clock();
    for (u32 frame = 0; frame < frames; ++frame) { MixerOutput(&mixer, &buffer); }
    clock_t end = clock();
    f64 microseconds = 1e6 * (f64)(end - start) / CLOCKS_PER_SEC / frames;
    printf("FIGURE mixer cost: %.1f us per 60 Hz frame (800 stereo samples) for 16 sounds "
           "(6 mono 48k, 6 stereo 22k resampled, 4 tones), native -O2\n", microseconds);
}

int main(void)
{
    TestCursorLogic();
    TestCursorSimulation();
    TestMixer();
    BenchmarkMixer();
    return TestSummary();
}
