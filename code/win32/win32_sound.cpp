// DirectSound output. See win32_sound.h for the per-frame protocol; the cursor arithmetic lives in
// platform/platform_sound_cursor.h so it can be tested without a sound card.

#include "win32/win32_sound.h"
#include <dsound.h>

// NOTE: loaded by name at run time instead of linking dsound.lib, so a machine without
// DirectSound (or with a broken audio stack) still starts the game, silent.
#define DIRECT_SOUND_CREATE(name) HRESULT WINAPI name(LPCGUID deviceGuid, LPDIRECTSOUND *directSound, LPUNKNOWN outer)
typedef DIRECT_SOUND_CREATE(direct_sound_create);

//~ Helpers
internal IDirectSoundBuffer *Win32SecondaryBuffer(win32_sound_output *sound)
{
    return (IDirectSoundBuffer *)sound->secondaryBuffer;
}

// Gives back everything Win32InitSound got so far and leaves the output silent.
internal b32 Win32FailSound(win32_sound_output *sound, const char *what, HRESULT result)
{
    if (sound->log)
    {
        sound->log(LogLevel_Warning, "sound: %s (HRESULT 0x%08lx); the game runs without sound",
                   what, (unsigned long)result);
    }
    Win32ShutdownSound(sound);
    return 0;
}

// Zeroes the whole ring so whatever the device plays before our first write is silence.
internal b32 Win32ClearSoundBuffer(win32_sound_output *sound)
{
    IDirectSoundBuffer *buffer = Win32SecondaryBuffer(sound);
    void *region1 = 0;
    void *region2 = 0;
    DWORD size1 = 0;
    DWORD size2 = 0;
    HRESULT result = buffer->Lock(0, sound->secondaryBufferSize, &region1, &size1, &region2, &size2, 0);
    if (FAILED(result))
    {
        return 0;
    }
    if (region1) { ZeroMemory(region1, size1); }
    if (region2) { ZeroMemory(region2, size2); }
    buffer->Unlock(region1, size1, region2, size2);
    return 1;
}

//~ Init / shutdown
// Loads dsound.dll and opens the default device with priority cooperation on `window`.
internal b32 Win32OpenDirectSound(HWND window, win32_sound_output *sound)
{
    sound->dsoundLibrary = LoadLibraryW(L"dsound.dll");
    if (!sound->dsoundLibrary)
    {
        return Win32FailSound(sound, "dsound.dll not found", (HRESULT)GetLastError());
    }
    direct_sound_create *DirectSoundCreateFn =
        (direct_sound_create *)(void *)GetProcAddress(sound->dsoundLibrary, "DirectSoundCreate");
    if (!DirectSoundCreateFn)
    {
        return Win32FailSound(sound, "dsound.dll has no DirectSoundCreate", (HRESULT)GetLastError());
    }

    IDirectSound *directSound = 0;
    HRESULT result = DirectSoundCreateFn(0, &directSound, 0);
    if (FAILED(result) || !directSound)
    {
        return Win32FailSound(sound, "DirectSoundCreate failed (no audio device?)", result);
    }
    sound->directSound = directSound;

    // NOTE: DirectSound ties cooperative levels to a window; the tests pass a hidden one.
    HWND focusWindow = window ? window : GetDesktopWindow();
    result = directSound->SetCooperativeLevel(focusWindow, DSSCL_PRIORITY);
    if (FAILED(result))
    {
        return Win32FailSound(sound, "SetCooperativeLevel(DSSCL_PRIORITY) failed", result);
    }
    return 1;
}

// The primary buffer's format only decides what the device mixes at; if the driver refuses
// ours it resamples our secondary buffer, which still plays correctly. So this only warns.
internal void Win32SetPrimaryBufferFormat(win32_sound_output *sound, WAVEFORMATEX *waveFormat)
{
    IDirectSound *directSound = (IDirectSound *)sound->directSound;
    platform_log *log = sound->log;
    DSBUFFERDESC primaryDesc;
    ZeroMemory(&primaryDesc, sizeof(primaryDesc));
    primaryDesc.dwSize = sizeof(primaryDesc);
    primaryDesc.dwFlags = DSBCAPS_PRIMARYBUFFER;
    IDirectSoundBuffer *primary = 0;
    HRESULT result = directSound->CreateSoundBuffer(&primaryDesc, &primary, 0);
    if (SUCCEEDED(result) && primary)
    {
        HRESULT formatResult = primary->SetFormat(waveFormat);
        if (FAILED(formatResult) && log)
        {
            log(LogLevel_Warning, "sound: primary buffer refused %d Hz stereo s16 (0x%08lx); the driver resamples",
                sound->samplesPerSecond, (unsigned long)formatResult);
        }
        primary->Release();
    }
    else if (log)
    {
        log(LogLevel_Warning, "sound: no primary buffer (0x%08lx); using the device's default format",
            (unsigned long)result);
    }
}

// The looping ring we write into: created, cleared to silence and playing.
internal b32 Win32StartSecondaryBuffer(win32_sound_output *sound, WAVEFORMATEX *waveFormat)
{
    IDirectSound *directSound = (IDirectSound *)sound->directSound;
    DSBUFFERDESC secondaryDesc;
    ZeroMemory(&secondaryDesc, sizeof(secondaryDesc));
    secondaryDesc.dwSize = sizeof(secondaryDesc);
    // GETCURRENTPOSITION2: accurate play cursor. GLOBALFOCUS: keep playing when the window is not
    // in the foreground (the hidden test window never is).
    secondaryDesc.dwFlags = DSBCAPS_GETCURRENTPOSITION2 | DSBCAPS_GLOBALFOCUS;
    secondaryDesc.dwBufferBytes = sound->secondaryBufferSize;
    secondaryDesc.lpwfxFormat = waveFormat;
    IDirectSoundBuffer *secondary = 0;
    HRESULT result = directSound->CreateSoundBuffer(&secondaryDesc, &secondary, 0);
    if (FAILED(result) || !secondary)
    {
        return Win32FailSound(sound, "could not create the secondary sound buffer", result);
    }
    sound->secondaryBuffer = secondary;

    if (!Win32ClearSoundBuffer(sound))
    {
        return Win32FailSound(sound, "could not lock the secondary buffer to clear it", E_FAIL);
    }
    result = secondary->Play(0, 0, DSBPLAY_LOOPING);
    if (FAILED(result))
    {
        return Win32FailSound(sound, "could not start the looping secondary buffer", result);
    }
    return 1;
}

b32 Win32InitSound(HWND window, win32_sound_output *sound, s32 samplesPerSecond, platform_log *log)
{
    ZeroMemory(sound, sizeof(*sound));
    sound->log = log;
    sound->samplesPerSecond = (samplesPerSecond > 0) ? samplesPerSecond : 48000;
    sound->bytesPerSample = 2 * sizeof(s16);
    sound->secondaryBufferSize = (u32)sound->samplesPerSecond * sound->bytesPerSample;
    // NOTE: measured under Wine on a loaded 2-core machine: frames arrive up to ~30 ms apart and
    // the play cursor moves in ~10 ms steps; 1.5 frames past the write cursor underran there a few
    // times a second, 2 frames (the most we allow) did not.
    sound->latencyFrames = WIN32_SOUND_MAX_LATENCY_FRAMES;

    // NOTE: the game's buffer exists even when silent, so the game can always be asked for samples.
    sound->sampleCapacity = (u32)sound->samplesPerSecond;
    sound->samples = (s16 *)VirtualAlloc(0, (SIZE_T)sound->sampleCapacity * sound->bytesPerSample,
                                         MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    if (!sound->samples)
    {
        sound->sampleCapacity = 0;
        return Win32FailSound(sound, "could not allocate the game's sample buffer", (HRESULT)GetLastError());
    }
    if (!Win32OpenDirectSound(window, sound)) return 0;

    WAVEFORMATEX waveFormat;
    ZeroMemory(&waveFormat, sizeof(waveFormat));
    waveFormat.wFormatTag = WAVE_FORMAT_PCM;
    waveFormat.nChannels = 2;
    waveFormat.nSamplesPerSec = (DWORD)sound->samplesPerSecond;
    waveFormat.wBitsPerSample = 16;
    waveFormat.nBlockAlign = (WORD)(waveFormat.nChannels * waveFormat.wBitsPerSample / 8);
    waveFormat.nAvgBytesPerSec = waveFormat.nSamplesPerSec * waveFormat.nBlockAlign;
    Win32SetPrimaryBufferFormat(sound, &waveFormat);
    if (!Win32StartSecondaryBuffer(sound, &waveFormat)) return 0;

    InitSoundCursorState(&sound->cursor, sound->secondaryBufferSize, sound->bytesPerSample);
    sound->isValid = 1;
    if (log)
    {
        log(LogLevel_Info, "sound: DirectSound running, %d Hz stereo s16, %u byte ring",
            sound->samplesPerSecond, sound->secondaryBufferSize);
    }
    return 1;
}

void Win32ShutdownSound(win32_sound_output *sound)
{
    IDirectSoundBuffer *secondary = Win32SecondaryBuffer(sound);
    if (secondary)
    {
        secondary->Stop();
        secondary->Release();
        sound->secondaryBuffer = 0;
    }
    IDirectSound *directSound = (IDirectSound *)sound->directSound;
    if (directSound)
    {
        directSound->Release();
        sound->directSound = 0;
    }
    if (sound->dsoundLibrary)
    {
        FreeLibrary(sound->dsoundLibrary);
        sound->dsoundLibrary = 0;
    }
    // NOTE: the sample buffer stays: a silent engine still hands it to the game every frame.
    sound->isValid = 0;
}

//~ Per frame
u32 Win32BeginSoundFrame(win32_sound_output *sound, f32 secondsPerFrame)
{
    ++sound->frameCount;
    ZeroMemory(&sound->region, sizeof(sound->region));
    f32 samplesPerFrame = (f32)sound->samplesPerSecond * secondsPerFrame;
    if (!(samplesPerFrame > 0.0f))
    {
        samplesPerFrame = (f32)sound->samplesPerSecond / 60.0f;
    }
    // NOTE: rounded, not ceil: 48000 * (1.0f / 60) is 800.00006 in f32.
    u32 frameSamples = Minimum((u32)(samplesPerFrame + 0.5f), sound->sampleCapacity);

    if (!sound->isValid)
    {
        return frameSamples;
    }

    IDirectSoundBuffer *secondary = Win32SecondaryBuffer(sound);
    DWORD playCursor = 0;
    DWORD writeCursor = 0;
    HRESULT result = secondary->GetCurrentPosition(&playCursor, &writeCursor);
    if (FAILED(result))
    {
        // A lost device: keep the game's sound time moving and try again next frame.
        if (sound->log && sound->failedLockCount++ < 8)
        {
            sound->log(LogLevel_Warning, "sound: GetCurrentPosition failed (0x%08lx)", (unsigned long)result);
        }
        return frameSamples;
    }

    f32 latencyFrames = Minimum(sound->latencyFrames, WIN32_SOUND_MAX_LATENCY_FRAMES);
    u32 latencySamples = (u32)(latencyFrames * samplesPerFrame + 0.5f);
    u32 resyncsBefore = sound->cursor.resyncCount;
    sound->region = ComputeSoundWriteRegion(&sound->cursor, (u32)playCursor, (u32)writeCursor, latencySamples);
    if (sound->cursor.resyncCount != resyncsBefore && sound->log)
    {
        // Drivers (Wine's among them) prebuffer in one jump as the buffer starts: expected once.
        b32 starting = (sound->frameCount <= 3);
        sound->log(starting ? LogLevel_Info : LogLevel_Warning,
                   starting ? "sound: the device jumped ahead while starting (frame %llu); resynced at the write cursor"
                            : "sound: the device overtook our writes (frame %llu); resynced at the write cursor",
                   (unsigned long long)sound->frameCount);
    }

    u32 gapSamples = sound->region.cursorGapBytes / sound->bytesPerSample;
    sound->lastCursorGapSamples = gapSamples;
    sound->maxCursorGapSamples = Maximum(sound->maxCursorGapSamples, gapSamples);
    sound->lastQueuedSamples = sound->region.queuedBytes / sound->bytesPerSample;

    // NOTE: ComputeSoundWriteRegion never asks for more than the ring holds, and the game's
    // buffer is as big as the ring; the clamp documents that.
    return Minimum(sound->region.sampleCount, sound->sampleCapacity);
}

game_sound_output_buffer Win32GetSoundOutputBuffer(win32_sound_output *sound, u32 sampleCount)
{
    game_sound_output_buffer buffer;
    buffer.samplesPerSecond = sound->samplesPerSecond;
    buffer.sampleCount = (s32)Minimum(sampleCount, sound->sampleCapacity);
    buffer.samples = sound->samples;
    if (buffer.samples && buffer.sampleCount > 0)
    {
        ZeroMemory(buffer.samples, (SIZE_T)buffer.sampleCount * sound->bytesPerSample);
    }
    return buffer;
}

void Win32SilenceSoundRing(win32_sound_output *sound)
{
    if (sound->isValid) Win32ClearSoundBuffer(sound);
}

void Win32FillSoundBuffer(win32_sound_output *sound, game_sound_output_buffer *source)
{
    if (!sound->isValid || !source->samples || source->sampleCount <= 0 || sound->region.sampleCount == 0)
    {
        return;
    }
    u32 sampleCount = Minimum((u32)source->sampleCount, sound->region.sampleCount);
    IDirectSoundBuffer *secondary = Win32SecondaryBuffer(sound);
    void *region1 = 0;
    void *region2 = 0;
    DWORD size1 = 0;
    DWORD size2 = 0;
    HRESULT result = secondary->Lock(sound->region.byteToLock, sampleCount * sound->bytesPerSample,
                                     &region1, &size1, &region2, &size2, 0);
    if (result == DSERR_BUFFERLOST)
    {
        secondary->Restore();
        result = secondary->Lock(sound->region.byteToLock, sampleCount * sound->bytesPerSample,
                                 &region1, &size1, &region2, &size2, 0);
    }
    if (FAILED(result))
    {
        if (sound->log && sound->failedLockCount++ < 8)
        {
            sound->log(LogLevel_Warning, "sound: Lock failed (0x%08lx); this frame's samples are dropped",
                       (unsigned long)result);
        }
        return;
    }
    u32 copied = CopySamplesToRing(source->samples, sampleCount, sound->bytesPerSample,
                                   region1, (u32)size1, region2, (u32)size2);
    secondary->Unlock(region1, size1, region2, size2);
    CommitSoundWrite(&sound->cursor, copied);
    sound->region.sampleCount = 0;
}

u32 Win32SoundCursorLatencySamples(win32_sound_output *sound)
{
    return sound->lastCursorGapSamples;
}
