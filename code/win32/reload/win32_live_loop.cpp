//~ Looped live code editing: the bodies behind win32/reload/win32_live_loop.h

internal b32 Win32InitLiveLoop(win32_live_loop *loop, u64 memorySize, u64 permanentSize, u32 maxFrames)
{
    memset(loop, 0, sizeof(*loop));
    loop->permanentSize = permanentSize;
    loop->maxFrames = maxFrames;
    loop->markedMemory = (u8 *)VirtualAlloc(0, (SIZE_T)memorySize, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    loop->inputs = (game_input *)VirtualAlloc(0, (SIZE_T)maxFrames * sizeof(game_input), MEM_RESERVE | MEM_COMMIT,
                                              PAGE_READWRITE);
    loop->records = (capsule_frame *)VirtualAlloc(0, (SIZE_T)maxFrames * sizeof(capsule_frame),
                                                  MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    loop->available = loop->markedMemory && loop->inputs && loop->records;
    loop->scheduledStart = -1;
    if (!loop->available) Win32Log(LogLevel_Warning, "loop: no memory for live-loop recording; F9 disabled");
    return loop->available;
}

// Hash of every page of permanent storage ever written (page index and content): equal game states
// give equal hashes. Transient storage is scratch (the mixer's positions follow the audio device's
// clock), so it is restored with the loop but not part of the state compared.
internal u64 Win32HashWrittenMemory(win32_memory_snapshot *snapshot, u64 permanentSize)
{
    u64 hash = FNV64_OFFSET_BASIS;
    u64 permanentPages = permanentSize / snapshot->pageSize;
    for (u64 page = 0; page < permanentPages; ++page)
    {
        if (!BitmapBit(snapshot->everWritten, page)) continue;
        hash = Fnv1aStep(hash, page);
        hash = Fnv1aStep(hash, HashMemory(snapshot->live + page * snapshot->pageSize, snapshot->pageSize));
    }
    return hash;
}

internal void Win32StartLoopRecording(win32_live_loop *loop, win32_memory_snapshot *snapshot, u64 frameIndex)
{
    f64 start = Win32Seconds();
    // Pages never written are zero in both places; the others are copied.
    u64 copied = 0;
    for (u64 page = 0; page < snapshot->pageCount; ++page)
    {
        if (!BitmapBit(snapshot->everWritten, page)) continue;
        memcpy(loop->markedMemory + page * snapshot->pageSize, snapshot->live + page * snapshot->pageSize,
               snapshot->pageSize);
        ++copied;
    }
    Win32ClearWrittenSinceMark(snapshot);
    loop->mode = LiveLoop_Recording;
    loop->recordedFrames = 0;
    loop->passCount = 0;
    Win32Log(LogLevel_Info, "loop: recording from frame %llu (marked %llu KB of game memory in %.2f ms, hash %016llx)",
             (unsigned long long)frameIndex, (unsigned long long)(copied * snapshot->pageSize / 1024),
             1000.0 * (Win32Seconds() - start), (unsigned long long)Win32HashWrittenMemory(snapshot, loop->permanentSize));
}

// Puts game memory back to the mark. The snapshot must be synced first (so every page written so
// far is in writtenSinceMark) and again afterwards (so the pre-frame snapshot sees the restore).
internal void Win32RewindLoop(win32_live_loop *loop, win32_memory_snapshot *snapshot)
{
    f64 start = Win32Seconds();
    u64 restored = 0;
    for (u64 page = 0; page < snapshot->pageCount; ++page)
    {
        if (!BitmapBit(snapshot->writtenSinceMark, page)) continue;
        memcpy(snapshot->live + page * snapshot->pageSize, loop->markedMemory + page * snapshot->pageSize,
               snapshot->pageSize);
        ++restored;
    }
    Win32ClearWrittenSinceMark(snapshot);
    loop->playIndex = 0;
    ++loop->rewindCount;
    Win32Log(LogLevel_Info, "loop: pass %u starts (restored %llu KB in %.2f ms)", loop->passCount + 1,
             (unsigned long long)(restored * snapshot->pageSize / 1024), 1000.0 * (Win32Seconds() - start));
}

internal void Win32StopLoop(win32_live_loop *loop)
{
    Win32Log(LogLevel_Info, "loop: stopped after %u passes; live input again", loop->passCount);
    loop->mode = LiveLoop_Off;
}

internal b32 Win32StepLiveLoop(win32_live_loop *loop, win32_memory_snapshot *snapshot, game_input *input,
                               b32 togglePressed)
{
    if (!loop->available || !snapshot->enabled) return 0;
    b32 scheduledNow = (loop->scheduledStart >= 0 && (s64)input->frameIndex == loop->scheduledStart);
    b32 scheduledPlay = (loop->mode == LiveLoop_Recording && loop->scheduledLength &&
                         loop->recordedFrames == loop->scheduledLength);
    b32 full = (loop->mode == LiveLoop_Recording && loop->recordedFrames == loop->maxFrames);
    b32 rewound = 0;

    if (togglePressed || scheduledNow || scheduledPlay || full)
    {
        switch (loop->mode)
        {
            case LiveLoop_Off:
                if (loop->markReaders)
                {
                    Win32Log(LogLevel_Warning, "loop: not recording: a capsule is still being written from the "
                             "last recording; press F9 again in a moment");
                    break;
                }
                Win32StartLoopRecording(loop, snapshot, input->frameIndex);
                break;
            case LiveLoop_Recording:
                if (loop->recordedFrames == 0)
                {
                    Win32StopLoop(loop);
                    break;
                }
                Win32Log(LogLevel_Info, "loop: recorded %u frames; looped playback begins", loop->recordedFrames);
                loop->mode = LiveLoop_Playing;
                Win32RewindLoop(loop, snapshot);
                rewound = 1;
                break;
            case LiveLoop_Playing:
                Win32StopLoop(loop);
                break;
        }
    }

    if (loop->mode == LiveLoop_Playing && !rewound && loop->playIndex == loop->recordedFrames)
    {
        ++loop->passCount;
        Win32Log(LogLevel_Info, "loop: pass %u ended, game memory hash %016llx", loop->passCount,
                 (unsigned long long)Win32HashWrittenMemory(snapshot, loop->permanentSize));
        Win32RewindLoop(loop, snapshot);
        rewound = 1;
    }

    if (loop->mode == LiveLoop_Recording)
    {
        loop->inputs[loop->recordedFrames++] = *input;
    }
    else if (loop->mode == LiveLoop_Playing)
    {
        // NOTE: the replayed frame keeps its recorded frameIndex too (the game may depend on it).
        *input = loop->inputs[loop->playIndex++];
    }
    return rewound;
}
