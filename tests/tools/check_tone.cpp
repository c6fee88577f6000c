// Native checker for the end-to-end sound test: reads the raw samples the ALSA file sink
// recorded (s16 little-endian, stereo, interleaved) and verifies that they hold one continuous
// sine: its frequency (interpolated zero crossings), its amplitude (peak and RMS), and that it
// has no gap or discontinuity (sample-to-sample step bound, no run of silence, per-window checks).
//
// Usage: check_tone file.raw rate frequency amplitude minSeconds
//        check_tone --self-test    (the checks reject a gap, a phase jump, a wrong pitch or level)

#include "base/base_types.h"
#include "../unit/test_framework.h"
#include <math.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

//~ Reading
// Up to ~87 s of 48 kHz stereo: far more than the test records. Static: no allocation.
#define MAX_RECORDED_VALUES (8u << 20)
global s16 globalRecording[MAX_RECORDED_VALUES];

// Returns the number of stereo samples read (little-endian s16 pairs).
internal u32 ReadRawStereo(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (!file)
    {
        return 0;
    }
    static u8 bytes[2 * MAX_RECORDED_VALUES];
    size_t got = fread(bytes, 1, sizeof(bytes), file);
    fclose(file);
    u32 values = (u32)(got / 2) & ~1u;
    for (u32 index = 0; index < values; ++index)
    {
        globalRecording[index] = (s16)(u16)(bytes[2 * index] | (bytes[2 * index + 1] << 8));
    }
    return values / 2;
}

internal f64 Left(u32 n) { return globalRecording[2 * n]; }
internal f64 Right(u32 n) { return globalRecording[2 * n + 1]; }

// Upward zero crossings of the left channel in [first, last), with sub-sample interpolation:
// how many, and the times of the first and the last.
struct crossing_span
{
    u32 count;
    f64 first;
    f64 last;
};

internal crossing_span UpwardCrossings(u32 first, u32 last)
{
    crossing_span span = {0, 0.0, 0.0};
    for (u32 n = first + 1; n < last; ++n)
    {
        if (Left(n - 1) < 0.0 && Left(n) >= 0.0)
        {
            f64 t = (n - 1) + (-Left(n - 1)) / (Left(n) - Left(n - 1));
            if (span.count == 0) { span.first = t; }
            span.last = t;
            ++span.count;
        }
    }
    return span;
}

internal f64 SpanFrequency(crossing_span span, f64 rate)
{
    return (span.count >= 2) ? (span.count - 1) * rate / (span.last - span.first) : 0.0;
}

// NOTE: the self-test runs the same checks on synthetic signals, silently counting failures.
global b32 globalSelfTest;
global u32 globalSelfTestFailures;
#define TONE_CHECK(expression, message) \
    (globalSelfTest ? ((expression) ? 1 : (++globalSelfTestFailures, 0)) : CHECK_MSG(expression, message))

internal void Report(const char *format, ...)
{
    if (!globalSelfTest)
    {
        va_list args;
        va_start(args, format);
        vprintf(format, args);
        va_end(args);
    }
}

internal void CheckTone(u32 frames, f64 rate, f64 frequency, f64 amplitude, f64 minSeconds)
{
    Report("recorded %u stereo samples (%.2f s)\n", frames, frames / rate);
    if (!TONE_CHECK(frames > (u32)(rate * minSeconds), "the recording is long enough to hold the tone"))
    {
        return;
    }

    // The tone is where the signal exceeds a quarter of its amplitude, first to last.
    u32 start = frames;
    u32 end = 0;
    for (u32 n = 0; n < frames; ++n)
    {
        if (fabs(Left(n)) > 0.25 * amplitude)
        {
            start = Minimum(start, n);
            end = n + 1;
        }
    }
    if (!TONE_CHECK(start < end, "a tone is present in the recording"))
    {
        return;
    }
    f64 seconds = (end - start) / rate;
    Report("tone from sample %u to %u: %.3f s\n", start, end, seconds);
    TONE_CHECK(seconds >= minSeconds, "the tone lasts the expected time");

    // Frequency: upward crossings over the whole tone, with sub-sample interpolation.
    f64 measured = SpanFrequency(UpwardCrossings(start, end), rate);
    Report("FIGURE tone frequency %.3f Hz (expected %.1f)\n", measured, frequency);
    TONE_CHECK(fabs(measured - frequency) < 0.5, "tone frequency within 0.5 Hz");

    // Amplitude: the peak and the RMS over the tone (a sine's RMS is peak / sqrt 2).
    f64 peak = 0.0;
    f64 sumSquares = 0.0;
    f64 maxStep = 0.0;
    f64 maxChannelDifference = 0.0;
    u32 longestQuietRun = 0;
    u32 quietRun = 0;
    for (u32 n = start; n < end; ++n)
    {
        peak = Maximum(peak, fabs(Left(n)));
        sumSquares += Left(n) * Left(n);
        maxChannelDifference = Maximum(maxChannelDifference, fabs(Left(n) - Right(n)));
        if (n > start)
        {
            maxStep = Maximum(maxStep, fabs(Left(n) - Left(n - 1)));
        }
        // A sine is this close to zero for under two samples around each crossing at 440 Hz.
        if (fabs(Left(n)) < 0.05 * amplitude)
        {
            ++quietRun;
            longestQuietRun = Maximum(longestQuietRun, quietRun);
        }
        else
        {
            quietRun = 0;
        }
    }
    f64 rms = sqrt(sumSquares / (f64)(end - start));
    f64 expectedStep = amplitude * 2.0 * 3.141592653589793 * frequency / rate;
    Report("FIGURE tone peak %.0f rms %.1f (expected %.0f, %.1f); max step %.0f (sine bound %.0f); "
           "longest near-silent run %u samples; max |L-R| %.0f\n",
           peak, rms, amplitude, amplitude / sqrt(2.0), maxStep, expectedStep, longestQuietRun, maxChannelDifference);
    TONE_CHECK(fabs(peak - amplitude) < 0.03 * amplitude, "tone peak within 3% of the asked amplitude");
    TONE_CHECK(fabs(rms - amplitude / sqrt(2.0)) < 0.03 * amplitude, "tone RMS within 3% of a sine's");
    TONE_CHECK(maxStep < 1.15 * expectedStep, "no discontinuity: every sample step within a sine's bound");
    TONE_CHECK(longestQuietRun <= 4, "no run of silence inside the tone");
    TONE_CHECK(maxChannelDifference <= 2.0, "both channels carry the same centred tone");

    // Window by window (100 ms), so a short glitch cannot hide in whole-tone averages.
    u32 window = (u32)(rate / 10.0);
    u32 badWindows = 0;
    u32 windowCount = 0;
    for (u32 first = start + window / 4; first + window + window / 4 <= end; first += window)
    {
        ++windowCount;
        f64 windowPeak = 0.0;
        for (u32 n = first; n < first + window; ++n)
        {
            windowPeak = Maximum(windowPeak, fabs(Left(n)));
        }
        f64 windowFrequency = SpanFrequency(UpwardCrossings(first, first + window), rate);
        if (fabs(windowFrequency - frequency) > 2.0 || fabs(windowPeak - amplitude) > 0.03 * amplitude)
        {
            if (badWindows < 5)
            {
                Report("window at %.2f s: %.2f Hz, peak %.0f\n", (first - start) / rate, windowFrequency, windowPeak);
            }
            ++badWindows;
        }
    }
    Report("%u of %u 100 ms windows off\n", badWindows, windowCount);
    TONE_CHECK(windowCount >= (u32)(minSeconds * 10.0) - 2 && badWindows == 0,
              "every 100 ms window holds the tone's frequency and amplitude");
}

//~ Self-test: the checker must reject the failures it exists to catch.
internal void Synthesize(u32 frames, f64 rate, f64 frequency, f64 amplitude)
{
    u32 lead = (u32)(rate / 4);
    for (u32 n = 0; n < frames; ++n)
    {
        f64 value = (n >= lead && n < frames - lead) ? amplitude * sin(6.283185307179586 * frequency * (n - lead) / rate) : 0.0;
        globalRecording[2 * n] = globalRecording[2 * n + 1] = (s16)lround(value);
    }
}

internal u32 SelfTestFailures(void)
{
    globalSelfTest = 1;
    globalSelfTestFailures = 0;
    CheckTone((u32)(48000 * 5.5), 48000.0, 440.0, 8192.0, 4.9);
    globalSelfTest = 0;
    return globalSelfTestFailures;
}

internal void SelfTest(void)
{
    const u32 frames = (u32)(48000 * 5.5);
    Synthesize(frames, 48000.0, 440.0, 8192.0);
    CHECK_MSG(SelfTestFailures() == 0, "self-test: a clean tone passes");
    Synthesize(frames, 48000.0, 440.0, 8192.0);
    for (u32 n = 100000; n < 100300; ++n) { globalRecording[2 * n] = globalRecording[2 * n + 1] = 0; }
    CHECK_MSG(SelfTestFailures() > 0, "self-test: a 300-sample gap is caught");
    Synthesize(frames, 48000.0, 440.0, 8192.0);
    for (u32 n = 150000; n < 150000 + 40000; ++n) { globalRecording[2 * n] = globalRecording[2 * n + 1] = globalRecording[2 * (n + 37)]; }
    CHECK_MSG(SelfTestFailures() > 0, "self-test: a phase jump (skipped samples) is caught");
    Synthesize(frames, 48000.0, 442.0, 8192.0);
    CHECK_MSG(SelfTestFailures() > 0, "self-test: a 442 Hz tone is rejected");
    Synthesize(frames, 48000.0, 440.0, 7000.0);
    CHECK_MSG(SelfTestFailures() > 0, "self-test: a wrong amplitude is rejected");
    Synthesize(frames, 48000.0, 440.0, 0.0);
    CHECK_MSG(SelfTestFailures() > 0, "self-test: silence is rejected");
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--self-test") == 0)
    {
        SelfTest();
        return TestSummary();
    }
    if (argc < 6)
    {
        printf("usage: check_tone file.raw rate frequency amplitude minSeconds | check_tone --self-test\n");
        CHECK_MSG(0, "check_tone arguments");
        return TestSummary();
    }
    const char *path = argv[1];
    const f64 rate = atof(argv[2]);
    const f64 frequency = atof(argv[3]);
    const f64 amplitude = atof(argv[4]) * 32768.0;
    const f64 minSeconds = atof(argv[5]);
    u32 frames = ReadRawStereo(path);
    printf("reading %s\n", path);
    CheckTone(frames, rate, frequency, amplitude, minSeconds);
    return TestSummary();
}
