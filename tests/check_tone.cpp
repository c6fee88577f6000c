// Native checker for the end-to-end sound test: reads the raw samples the ALSA file sink
// recorded (s16 little-endian, stereo, interleaved) and verifies that they hold one continuous
// sine: its frequency (interpolated zero crossings), its amplitude (peak and RMS), and that it
// has no gap or discontinuity (sample-to-sample step bound, no run of silence, per-window checks).
//
// Usage: check_tone file.raw rate frequency amplitude minSeconds

#include "base_types.h"
#include "test_framework.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>

//~ Reading
// NOTE: a test tool on the host, not engine code: std::vector is fine here.
static std::vector<s16> ReadRawStereo(const char *path)
{
    std::vector<s16> samples;
    FILE *file = fopen(path, "rb");
    if (!file)
    {
        return samples;
    }
    u8 bytes[4096];
    size_t got;
    u8 carry = 0;
    b32 hasCarry = 0;
    while ((got = fread(bytes, 1, sizeof(bytes), file)) > 0)
    {
        for (size_t index = 0; index < got; ++index)
        {
            if (hasCarry)
            {
                samples.push_back((s16)(u16)(carry | (bytes[index] << 8)));
                hasCarry = 0;
            }
            else
            {
                carry = bytes[index];
                hasCarry = 1;
            }
        }
    }
    fclose(file);
    return samples;
}

// Time (in samples, fractional) of every upward zero crossing in [first, last).
static std::vector<f64> UpwardCrossings(const std::vector<f64> &x, size_t first, size_t last)
{
    std::vector<f64> result;
    for (size_t n = first + 1; n < last; ++n)
    {
        if (x[n - 1] < 0.0 && x[n] >= 0.0)
        {
            f64 t = (n - 1) + (-x[n - 1]) / (x[n] - x[n - 1]);
            result.push_back(t);
        }
    }
    return result;
}

int main(int argc, char **argv)
{
    if (argc < 6)
    {
        printf("usage: check_tone file.raw rate frequency amplitude minSeconds\n");
        CHECK_MSG(0, "check_tone arguments");
        return TestSummary();
    }
    const char *path = argv[1];
    const f64 rate = atof(argv[2]);
    const f64 frequency = atof(argv[3]);
    const f64 amplitude = atof(argv[4]) * 32768.0;
    const f64 minSeconds = atof(argv[5]);

    std::vector<s16> raw = ReadRawStereo(path);
    size_t frames = raw.size() / 2;
    printf("recorded %zu stereo samples (%.2f s) in %s\n", frames, frames / rate, path);
    if (!CHECK_MSG(frames > (size_t)(rate * minSeconds), "the recording is long enough to hold the tone"))
    {
        return TestSummary();
    }

    std::vector<f64> left(frames);
    std::vector<f64> right(frames);
    for (size_t n = 0; n < frames; ++n)
    {
        left[n] = raw[2 * n];
        right[n] = raw[2 * n + 1];
    }

    // The tone is where the signal exceeds a quarter of its amplitude, first to last.
    size_t start = frames;
    size_t end = 0;
    for (size_t n = 0; n < frames; ++n)
    {
        if (fabs(left[n]) > 0.25 * amplitude)
        {
            start = Minimum(start, n);
            end = n + 1;
        }
    }
    if (!CHECK_MSG(start < end, "a tone is present in the recording"))
    {
        return TestSummary();
    }
    f64 seconds = (end - start) / rate;
    printf("tone from sample %zu to %zu: %.3f s\n", start, end, seconds);
    CHECK_MSG(seconds >= minSeconds, "the tone lasts the expected time");

    // Frequency: upward crossings over the whole tone, with sub-sample interpolation.
    std::vector<f64> crossings = UpwardCrossings(left, start, end);
    f64 measured = 0.0;
    if (crossings.size() >= 2)
    {
        measured = (crossings.size() - 1) * rate / (crossings.back() - crossings.front());
    }
    printf("FIGURE tone frequency %.3f Hz (expected %.1f)\n", measured, frequency);
    CHECK_MSG(fabs(measured - frequency) < 0.5, "tone frequency within 0.5 Hz");

    // Amplitude: the peak and the RMS over the tone (a sine's RMS is peak / sqrt 2).
    f64 peak = 0.0;
    f64 sumSquares = 0.0;
    f64 maxStep = 0.0;
    f64 maxChannelDifference = 0.0;
    size_t longestQuietRun = 0;
    size_t quietRun = 0;
    for (size_t n = start; n < end; ++n)
    {
        peak = Maximum(peak, fabs(left[n]));
        sumSquares += left[n] * left[n];
        maxChannelDifference = Maximum(maxChannelDifference, fabs(left[n] - right[n]));
        if (n > start)
        {
            maxStep = Maximum(maxStep, fabs(left[n] - left[n - 1]));
        }
        // A sine is this close to zero for under two samples around each crossing at 440 Hz.
        if (fabs(left[n]) < 0.05 * amplitude)
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
    printf("FIGURE tone peak %.0f rms %.1f (expected %.0f, %.1f); max step %.0f (sine bound %.0f); "
           "longest near-silent run %zu samples; max |L-R| %.0f\n",
           peak, rms, amplitude, amplitude / sqrt(2.0), maxStep, expectedStep, longestQuietRun, maxChannelDifference);
    CHECK_MSG(fabs(peak - amplitude) < 0.03 * amplitude, "tone peak within 3% of the asked amplitude");
    CHECK_MSG(fabs(rms - amplitude / sqrt(2.0)) < 0.03 * amplitude, "tone RMS within 3% of a sine's");
    CHECK_MSG(maxStep < 1.15 * expectedStep, "no discontinuity: every sample step within a sine's bound");
    CHECK_MSG(longestQuietRun <= 4, "no run of silence inside the tone");
    CHECK_MSG(maxChannelDifference <= 2.0, "both channels carry the same centred tone");

    // Window by window (100 ms), so a short glitch cannot hide in whole-tone averages.
    size_t window = (size_t)(rate / 10.0);
    u32 badWindows = 0;
    u32 windowCount = 0;
    for (size_t first = start + window / 4; first + window <= end - window / 4; first += window)
    {
        ++windowCount;
        std::vector<f64> windowCrossings = UpwardCrossings(left, first, first + window);
        f64 windowPeak = 0.0;
        for (size_t n = first; n < first + window; ++n)
        {
            windowPeak = Maximum(windowPeak, fabs(left[n]));
        }
        f64 windowFrequency = 0.0;
        if (windowCrossings.size() >= 2)
        {
            windowFrequency = (windowCrossings.size() - 1) * rate / (windowCrossings.back() - windowCrossings.front());
        }
        if (fabs(windowFrequency - frequency) > 2.0 || fabs(windowPeak - amplitude) > 0.03 * amplitude)
        {
            if (badWindows < 5)
            {
                printf("window at %.2f s: %.2f Hz, peak %.0f\n", (first - start) / rate, windowFrequency, windowPeak);
            }
            ++badWindows;
        }
    }
    printf("%u of %u 100 ms windows off\n", badWindows, windowCount);
    CHECK_MSG(windowCount >= (u32)(minSeconds * 10.0) - 2 && badWindows == 0,
              "every 100 ms window holds the tone's frequency and amplitude");
    return TestSummary();
}
