//~ The keyframe packer: the bodies behind win32/timeline/win32_timeline.h that pack keyframes off the main thread
//
// NOTE: a keyframe is begun on the main thread at a frame's start (its room in the ring reserved, its
// pages listed: platform/platform_history.h) and packed here from the snapshot's copy, which holds
// game memory at that frame's start and is not rewritten before the next frame's sync. The next
// frame's start (Win32TimelineFinishKeyframe, before that sync) waits for the packing and ends the
// keyframe. So the main thread pays for listing the pages and for what the packing has not finished
// when the frame ends, not for the packing itself.
// NOTE: the hand-over is a flag the packer polls (every WIN32_PACKER_POLL_MS while idle), not an
// event: under Wine, setting an event is a round trip to the wineserver, which on a loaded 2-core
// machine cost the main thread 0.5-3 ms a keyframe (measured), more than the packing saved it. A
// non-alertable Sleep stays in the process.
#define WIN32_PACKER_POLL_MS 2
#define WIN32_PACKER_MIN_BYTES (256 * 1024)    // smaller keyframes are packed on the main thread ...
#define WIN32_PACKER_LONG_FRAME_SECONDS 0.008  // ... unless frames last this long (4 polls): then the packer
                                               //   has packed them well before the next frame's start

internal DWORD WINAPI Win32KeyframePackerThread(void *data)
{
    win32_timeline_packer *packer = (win32_timeline_packer *)data;
    while (!packer->stopRequested)
    {
        if (!packer->requested)
        {
            Sleep(WIN32_PACKER_POLL_MS);
            continue;
        }
        HistoryPackKeyframe(packer->store, packer->image);
        // NOTE: the interlocked write orders the packed bytes before the flag the main thread reads.
        InterlockedExchange(&packer->requested, 0);
    }
    return 0;
}

internal b32 Win32StartKeyframePacker(win32_timeline_packer *packer)
{
    packer->thread = CreateThread(0, 0, Win32KeyframePackerThread, packer, 0, 0);
    if (!packer->thread) return 0;
    Win32NotePlatformThread(GetThreadId(packer->thread), "keyframe packer");
    return 1;
}

internal void Win32PackKeyframeInBackground(win32_timeline_packer *packer, history_store *store, const u8 *image, f64 dt)
{
    Assert(!packer->busy && store->pending);
    packer->store = store;
    packer->image = image;
    packer->dt = dt;
    packer->busy = 1;
    packer->begunSeconds = Win32Seconds();
    // NOTE: in short frames a keyframe of a few pages is packed at once: the packer's wake-up (up to
    // a poll) would cost the next frame's start more than packing it here. In long frames (the demo
    // at 4,096 entities under llvmpipe: 200 KB a keyframe, 0.3 ms to pack, every other frame) the
    // packer has done it long before.
    b32 framesAreLong = packer->frameSeconds >= WIN32_PACKER_LONG_FRAME_SECONDS;
    if (packer->thread && (store->pendingReserved >= WIN32_PACKER_MIN_BYTES || framesAreLong))
        InterlockedExchange(&packer->requested, 1);
    else HistoryPackKeyframe(store, image);
}

internal void Win32TimelineFinishKeyframe(win32_timeline *timeline)
{
    win32_timeline_packer *packer = &timeline->recording.packer;
    if (!packer->busy) return;
    f64 start = Win32Seconds();
    packer->frameSeconds = start - packer->begunSeconds;
    // NOTE: normally packed long before (a frame ran since); on a machine too loaded to run the packer, the wait is here.
    while (InterlockedCompareExchange(&packer->requested, 0, 0)) Sleep(0);
    packer->busy = 0;
    history_store *store = packer->store;
    HistoryEndKeyframe(store);
    const history_keyframe *newest = &store->keys[(store->firstKey + store->keyCount - 1) % HISTORY_MAX_KEYFRAMES];
    // NOTE: a keyframe whose pages mostly had no previous version (the first after a base or a resume)
    // holds them on their own: not what the next ones will take.
    if (!store->reference || 2 * store->lastXorPages >= newest->pageCount)
        Win32ChooseKeyInterval(timeline, (f64)newest->dataBytes + 1.0, packer->dt);
    // NOTE: the wait is the keyframe's main-thread cost too: it is added to the keyframe's figure.
    f64 seconds = Win32Seconds() - start;
    if (timeline->figures.keyframeCount)
    {
        f64 *last = &timeline->figures.keyframeSeconds[(timeline->figures.keyframeCount - 1) % ArrayCount(timeline->figures.keyframeSeconds)];
        *last += seconds;
        timeline->figures.keyframeMaxSeconds = Maximum(timeline->figures.keyframeMaxSeconds, *last);
    }
}

internal void Win32StopKeyframePacker(win32_timeline_packer *packer)
{
    Assert(!packer->busy);
    if (packer->thread)
    {
        InterlockedExchange(&packer->stopRequested, 1);
        WaitForSingleObject(packer->thread, INFINITE);
        CloseHandle(packer->thread);
    }
    packer->thread = 0;
}
