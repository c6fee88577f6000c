#ifndef WIN32_SOUND_H
#define WIN32_SOUND_H
// Sound output for the Win32 platform layer: DirectSound loaded at run time, one looping
// secondary buffer, write-cursor tracking with a latency of at most two frames of audio.
// Without dsound.dll or an audio device the engine runs silent: every function below stays safe
// to call and Win32InitSound has logged why.
//
// Per frame, the platform does:
//     u32 count = Win32BeginSoundFrame(&sound, secondsPerFrame);
//     game_sound_output_buffer buffer = Win32GetSoundOutputBuffer(&sound, count);
//     game.getSoundSamples(&memory, &buffer);
//     Win32FillSoundBuffer(&sound, &buffer);
// Tested by: tests/suites/suite_sound_e2e.sh, tests/suites/suite_sound_assets.sh, tests/suites/suite_timeline.sh (plus tests/unit/test_sound_e2e.cpp)

#include <windows.h>
#include "base/base_types.h"
#include "base/base_log.h"
#include "contract/game_platform.h"
#include "platform/platform_sound_cursor.h"

// The most audio we ever queue beyond the device's write cursor, in frames of game time.
#define WIN32_SOUND_MAX_LATENCY_FRAMES 2.0f

struct win32_sound_output
{
    b32 isValid;                    // false: silent (no dsound.dll, no device, or a failed call)
    s32 samplesPerSecond;
    u32 bytesPerSample;             // stereo s16: 4
    u32 secondaryBufferSize;        // bytes; one second of audio
    f32 latencyFrames;              // how much we keep queued past the write cursor, <= 2 frames

    HMODULE dsoundLibrary;
    void *directSound;              // IDirectSound *, opaque here so this header stays small
    void *secondaryBuffer;          // IDirectSoundBuffer *

    sound_cursor_state cursor;
    sound_write_region region;      // chosen by Win32BeginSoundFrame, used by Win32FillSoundBuffer

    // Where the game writes: one second of stereo s16, from VirtualAlloc (platform memory).
    s16 *samples;
    u32 sampleCapacity;

    // Figures for the debug overlay and the test logs.
    u32 lastCursorGapSamples;       // write cursor minus play cursor, as last observed
    u32 maxCursorGapSamples;
    u32 lastQueuedSamples;          // play cursor to the end of our data after the last fill
    u32 failedLockCount;
    u64 frameCount;

    platform_log *log;
};

// false => the engine runs silent; the reason has been logged. Safe to call with a null window
// only for tests that do not need focus handling (DirectSound then uses the desktop window).
b32 Win32InitSound(HWND window, win32_sound_output *sound, s32 samplesPerSecond, platform_log *log);

// How many stereo samples the game should produce this frame (device cursors + latency target).
// When silent it still returns one frame's worth, so game-side sound time keeps moving.
u32 Win32BeginSoundFrame(win32_sound_output *sound, f32 secondsPerFrame);

// The buffer the game fills: sampleCount as returned by Win32BeginSoundFrame, zeroed samples.
game_sound_output_buffer Win32GetSoundOutputBuffer(win32_sound_output *sound, u32 sampleCount);

// Copies source->sampleCount samples into the ring where Win32BeginSoundFrame said.
void Win32FillSoundBuffer(win32_sound_output *sound, game_sound_output_buffer *source);

// Zeroes the whole ring now (what is queued too): from here on, a device that overtakes the writes
// (a loaded machine) replays silence, not older sound. The timeline's pause (win32/timeline/).
void Win32SilenceSoundRing(win32_sound_output *sound);

// Latency in samples between the write and the play cursor (the device's own), as last observed.
u32 Win32SoundCursorLatencySamples(win32_sound_output *sound);

void Win32ShutdownSound(win32_sound_output *sound);

#endif // WIN32_SOUND_H
