//~ Writing capsules off the main thread: the bodies behind win32/capsule/win32_capsule_writer.h

//~ The writer thread
internal b32 Win32CapsuleFileSink(void *context, const void *bytes, u64 size)
{
    win32_capsule_file_sink *sink = (win32_capsule_file_sink *)context;
    const u8 *at = (const u8 *)bytes;
    while (size)
    {
        DWORD chunk = (DWORD)Minimum(size, (u64)Megabytes(64));
        DWORD done = 0;
        if (!WriteFile(sink->file, at, chunk, &done, 0) || done != chunk) return 0;
        at += chunk;
        size -= chunk;
        sink->written += chunk;
    }
    return 1;
}

// The checkpoint's non-zero pages, packed: indices into contents->checkpointPages, bytes into
// checkpointData (one allocation, freed by the caller). Releases the checkpoint for reuse.
internal u8 *Win32PackCapsuleCheckpoint(win32_capsule_job *job, capsule_contents *contents)
{
    u32 pageSize = job->info.pageSize;
    u64 count = 0;
    for (u64 page = 0; page < job->pageCount; ++page)
        if (BitmapBit(job->present, page) && !PageIsZero(job->image + page * pageSize, pageSize)) ++count;
    u64 indexBytes = AlignPow2(count * sizeof(u32), 4096);
    u8 *packed = (u8 *)VirtualAlloc(0, (SIZE_T)(indexBytes + count * pageSize + 4096), MEM_RESERVE | MEM_COMMIT,
                                    PAGE_READWRITE);
    if (packed)
    {
        u32 *indices = (u32 *)packed;
        u8 *data = packed + indexBytes;
        u64 at = 0;
        for (u64 page = 0; page < job->pageCount && at < count; ++page)
        {
            const u8 *source = job->image + page * pageSize;
            if (!BitmapBit(job->present, page) || PageIsZero(source, pageSize)) continue;
            indices[at] = (u32)page;
            memcpy(data + at * pageSize, source, pageSize);
            ++at;
        }
        contents->checkpointPageCount = (u32)count;
        contents->checkpointPages = indices;
        contents->checkpointData = data;
    }
    if (job->readers) InterlockedDecrement(job->readers);
    // NOTE: a checkpoint cut from the history is given back once packed: between capsules, the past
    // costs the history alone.
    if (job->image == job->ownImage) VirtualFree(job->ownImage, (SIZE_T)job->ownImageBytes, MEM_DECOMMIT);
    return packed;
}

internal const char *Win32CapsuleReasonName(u32 reason)
{
    switch (reason)
    {
        case CapsuleReason_Key: return "key";
        case CapsuleReason_Request: return "request";
        case CapsuleReason_Crash: return "crash";
        case CapsuleReason_Hang: return "hang";
        case CapsuleReason_Loop: return "loop";
    }
    return "unknown";
}

// DIR\capsule_YYYYMMDD-HHMMSS_REASON_fFRAME[_N].capsule that does not exist yet, renamed into from
// the temporary file. False (logged) when no name could be taken.
internal b32 Win32PlaceCapsuleFile(win32_capsule_writer *writer, win32_capsule_job *job, const char *temporaryPath,
                                   char *finalPath, umm finalPathSize)
{
    SYSTEMTIME now;
    GetLocalTime(&now);
    u64 lastFrame = job->info.firstFrame + (job->info.frameCount ? job->info.frameCount - 1 : 0);
    WCHAR from[WIN32_PATH_BYTES], to[WIN32_PATH_BYTES];
    if (!Win32Utf8ToWide(temporaryPath, from, ArrayCount(from))) return 0;
    if (job->savePath[0])
    {
        FormatText(finalPath, finalPathSize, "%s", job->savePath);
        if (Win32Utf8ToWide(finalPath, to, ArrayCount(to)) &&
            MoveFileExW(from, to, MOVEFILE_REPLACE_EXISTING | MOVEFILE_COPY_ALLOWED | MOVEFILE_WRITE_THROUGH))
            return 1;
        char reason[256];
        Win32ErrorText(GetLastError(), reason, sizeof(reason));
        Win32Log(LogLevel_Error, "capsule: not saved: cannot move it to '%s': %s", job->savePath, reason);
        return 0;
    }
    for (u32 attempt = 0; attempt < 100; ++attempt)
    {
        char suffix[16] = "";
        if (attempt) FormatText(suffix, sizeof(suffix), "_%u", attempt + 1);
        FormatText(finalPath, finalPathSize, "%scapsule_%04u%02u%02u-%02u%02u%02u_%s_f%llu%s.capsule",
                   writer->directory, now.wYear, now.wMonth, now.wDay, now.wHour, now.wMinute, now.wSecond,
                   Win32CapsuleReasonName(job->info.reason), (unsigned long long)lastFrame, suffix);
        if (!Win32Utf8ToWide(finalPath, to, ArrayCount(to))) return 0;
        // NOTE: without MOVEFILE_REPLACE_EXISTING: an earlier capsule is never overwritten.
        if (MoveFileExW(from, to, MOVEFILE_WRITE_THROUGH)) return 1;
        DWORD error = GetLastError();
        if (error != ERROR_ALREADY_EXISTS && error != ERROR_FILE_EXISTS) break;
    }
    char reason[256];
    Win32ErrorText(GetLastError(), reason, sizeof(reason));
    Win32Log(LogLevel_Error, "capsule: not saved: cannot rename '%s' into place: %s", temporaryPath, reason);
    return 0;
}

// Deletes the oldest capsules of the folder while it holds more than its bound (never `keep`).
internal void Win32PruneCapsules(win32_capsule_writer *writer, const char *keep)
{
    for (u32 round = 0; round < 64; ++round)
    {
        char pattern[WIN32_PATH_BYTES];
        FormatText(pattern, sizeof(pattern), "%s*.capsule", writer->directory);
        win32_file_search search;
        if (!Win32FindFirstUtf8(pattern, &search)) return;
        u64 total = 0;
        char oldest[WIN32_PATH_BYTES] = "";
        u64 oldestTime = ~0ull;
        u64 oldestSize = 0;
        do
        {
            char path[WIN32_PATH_BYTES];
            FormatText(path, sizeof(path), "%s%s", writer->directory, search.name);
            u64 size = ((u64)search.found.nFileSizeHigh << 32) | search.found.nFileSizeLow;
            u64 writeTime = ((u64)search.found.ftLastWriteTime.dwHighDateTime << 32) |
                            search.found.ftLastWriteTime.dwLowDateTime;
            total += size;
            if (strcmp(path, keep) != 0 && writeTime < oldestTime)
            {
                oldestTime = writeTime;
                oldestSize = size;
                FormatText(oldest, sizeof(oldest), "%s", path);
            }
        } while (Win32FindNextUtf8(&search));
        Win32FindClose(&search);
        if (total <= writer->maxBytes || !oldest[0]) return;
        if (!Win32DeleteFileUtf8(oldest)) return;
        Win32Log(LogLevel_Info, "capsule: pruned '%s' (%.1f MB): the folder held %.1f MB, its bound is %llu MB "
                 "(--capsule-max-mb)", oldest, (f64)oldestSize / Megabytes(1), (f64)total / Megabytes(1),
                 (unsigned long long)(writer->maxBytes / Megabytes(1)));
    }
}

internal void Win32WriteCapsuleJob(win32_capsule_writer *writer, win32_capsule_job *job)
{
    f64 start = Win32Seconds();
    capsule_contents *contents = (capsule_contents *)PushStruct(&writer->scratch, capsule_contents);
    temporary_memory scope = BeginTemporaryMemory(&writer->scratch);
    contents->contractVersion = GAME_CONTRACT_VERSION;
    contents->info = job->info;
    contents->layout = &job->layout;
    contents->frames = job->frames;
    contents->log = job->log;
    contents->logSize = job->logSize;
    contents->tunes = job->tunes;
    contents->tuneCount = job->tuneCount;
    u8 *packed = Win32PackCapsuleCheckpoint(job, contents);
    b32 ok = packed != 0;
    char error[256] = "out of memory for the checkpoint";
    for (u32 build = 0; build < job->info.buildCount; ++build)
    {
        capsule_build *target = &contents->builds[build];
        win32_capsule_build_slot *held = job->heldBuilds[build];
        target->record = job->builds[build];
        target->dll = held->dll;
        target->record.dllSize = held->dllSize;
        target->pdb = held->pdb;
        target->record.pdbSize = held->pdb ? held->pdbSize : 0;
        if (!held->pdb) target->record.pdbName[0] = 0;
    }
    char temporaryPath[WIN32_PATH_BYTES];
    FormatText(temporaryPath, sizeof(temporaryPath), "%scapsule_%lu_%ld.tmp", writer->directory,
               (unsigned long)GetCurrentProcessId(), (long)writer->taken);
    win32_capsule_file_sink sink = {INVALID_HANDLE_VALUE, 0};
    if (ok)
    {
        sink.file = Win32OpenFileUtf8(temporaryPath, GENERIC_WRITE, 0, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL);
        ok = sink.file != INVALID_HANDLE_VALUE;
        if (!ok) FormatText(error, sizeof(error), "cannot create '%s'", temporaryPath);
    }
    if (ok) ok = WriteCapsule(contents, Win32CapsuleFileSink, &sink, &writer->scratch, error, sizeof(error));
    if (sink.file != INVALID_HANDLE_VALUE && !CloseHandle(sink.file)) ok = 0;
    char finalPath[WIN32_PATH_BYTES] = "";
    if (ok) ok = Win32PlaceCapsuleFile(writer, job, temporaryPath, finalPath, sizeof(finalPath));
    else Win32Log(LogLevel_Error, "capsule: not saved: %s", error);
    if (!ok) Win32DeleteFileUtf8(temporaryPath);

    if (packed) VirtualFree(packed, 0, MEM_RELEASE);
    for (u32 build = 0; build < job->info.buildCount; ++build) InterlockedDecrement(&job->heldBuilds[build]->readers);
    EndTemporaryMemory(scope);
    writer->scratch.used = 0;
    if (!ok) return;

    f64 writeSeconds = Win32Seconds() - start;
    u64 lastFrame = job->info.firstFrame + job->info.frameCount - 1;
    Win32Log(LogLevel_Info, "capsule: saved '%s' (%s; frames %llu-%llu, %u frames, %.2f s of play, %u build%s, "
             "%.1f KB; written in %.1f ms off the main thread, main thread held %.3f ms). Replay: "
             "win32_platform.exe --replay \"%s\"%s", finalPath, Win32CapsuleReasonName(job->info.reason),
             (unsigned long long)job->info.firstFrame, (unsigned long long)lastFrame, job->info.frameCount,
             job->info.recordedSeconds, job->info.buildCount, job->info.buildCount == 1 ? "" : "s",
             (f64)sink.written / 1024.0, 1000.0 * writeSeconds, 1000.0 * job->mainThreadSeconds, finalPath,
             job->info.reason == CapsuleReason_Loop ? " --loop" : "");
    Win32PruneCapsules(writer, finalPath);
}

internal DWORD WINAPI Win32CapsuleWriterThread(void *parameter)
{
    win32_capsule_writer *writer = (win32_capsule_writer *)parameter;
    for (;;)
    {
        WaitForSingleObject(writer->wake, INFINITE);
        while (writer->taken < writer->queued)
        {
            Win32WriteCapsuleJob(writer, &writer->jobs[writer->taken % WIN32_CAPSULE_QUEUE]);
            InterlockedIncrement(&writer->taken);
        }
        if (writer->stop) return 0;
    }
}

//~ The main thread's side
internal b32 Win32StartCapsuleWriter(win32_capsule_writer *writer, win32_capsule_recorder *recorder,
                                     platform_options *options, const char *gameDllPath)
{
    memset(writer, 0, sizeof(*writer));
    if (!recorder->on) return 0;
    char folder[WIN32_PATH_BYTES];
    if (options->capsuleDir) FormatText(folder, sizeof(folder), "%s", options->capsuleDir);
    else
    {
        FormatText(folder, sizeof(folder), "%s", gameDllPath);
        Win32KeepDirectory(folder);
        AppendFormat(folder, sizeof(folder), "capsules");
    }
    WCHAR wideFolder[WIN32_PATH_BYTES];
    b32 made = Win32Utf8ToWide(folder, wideFolder, ArrayCount(wideFolder)) &&
               (CreateDirectoryW(wideFolder, 0) || GetLastError() == ERROR_ALREADY_EXISTS) &&
               Win32GetFullPathUtf8(folder, writer->directory, sizeof(writer->directory) - 64);
    if (!made || !Win32IsDirectoryUtf8(writer->directory))
    {
        Win32Log(LogLevel_Error, "capsule: the folder '%s' cannot be made; no capsules will be written", folder);
        return 0;
    }
    umm length = strlen(writer->directory);
    if (length && writer->directory[length - 1] != '\\' && writer->directory[length - 1] != '/')
        AppendFormat(writer->directory, sizeof(writer->directory), "\\");
    FormatText(writer->requestPath, sizeof(writer->requestPath), "%scapsule.request", writer->directory);
    writer->maxBytes = (u64)options->capsuleMaxMegabytes * Megabytes(1);
    umm scratchSize = 2 * CAPSULE_CHUNK_BYTES + Megabytes(2);
    void *scratch = VirtualAlloc(0, scratchSize, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    for (u32 index = 0; index < WIN32_CAPSULE_QUEUE && scratch; ++index)
    {
        win32_capsule_job *job = &writer->jobs[index];
        job->frames = (capsule_frame *)VirtualAlloc(0, WIN32_CAPSULE_JOB_FRAMES * sizeof(capsule_frame),
                                                    MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
        job->log = (char *)VirtualAlloc(0, WIN32_CAPSULE_LOG_BYTES, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
        if (!job->frames || !job->log) scratch = 0;
    }
    if (!scratch)
    {
        Win32Log(LogLevel_Error, "capsule: no memory for the writer; no capsules will be written");
        return 0;
    }
    InitializeArena(&writer->scratch, "capsule writer", scratchSize, scratch, Win32Log);
    writer->wake = CreateEventW(0, FALSE, FALSE, 0);
    writer->thread = writer->wake ? CreateThread(0, 0, Win32CapsuleWriterThread, writer, 0, 0) : 0;
    if (!writer->thread)
    {
        Win32Log(LogLevel_Error, "capsule: the writer thread could not start; no capsules will be written");
        return 0;
    }
    Win32NotePlatformThread(GetThreadId(writer->thread), "capsule writer");
    writer->on = 1;
    Win32Log(LogLevel_Info, "capsule: capsules go to '%s' (at most %u MB kept); F8 or creating '%s' saves one",
             writer->directory, options->capsuleMaxMegabytes, writer->requestPath);
    return 1;
}

// The job slot to fill, or 0 (logged) when both are still being written.
internal win32_capsule_job *Win32ClaimCapsuleJob(win32_capsule_writer *writer, const char *what)
{
    if (!writer->on) return 0;
    if (writer->queued - writer->taken >= WIN32_CAPSULE_QUEUE)
    {
        Win32Log(LogLevel_Warning, "capsule: %s not saved: %u capsules are still being written", what,
                 WIN32_CAPSULE_QUEUE);
        return 0;
    }
    win32_capsule_job *job = &writer->jobs[writer->queued % WIN32_CAPSULE_QUEUE];
    memset(&job->info, 0, sizeof(job->info));
    memset(job->heldBuilds, 0, sizeof(job->heldBuilds));
    job->requestedAt = Win32Seconds();
    job->readers = 0;
    return job;
}

// What every capsule's info says whatever its reason.
internal void Win32FillCapsuleInfo(win32_capsule_job *job, win32_state *state, u32 reason)
{
    capsule_info *info = &job->info;
    info->reason = reason;
    info->pageSize = state->snapshot.pageSize;
    info->memoryBase = (u64)state->memoryBlock.base;
    info->permanentSize = state->memory.permanentStorageSize;
    info->transientSize = state->memory.transientStorageSize;
    info->gameInputSize = sizeof(game_input);
    info->arguments = state->memory.arguments;
    FormatText(info->gameName, sizeof(info->gameName), "%s", Win32FileNamePart(state->reloader.sourcePath));
    FormatText(info->engineBuild, sizeof(info->engineBuild), "%s %s", __DATE__, __TIME__);
    job->logSize = Win32CopyRecentLog(job->log, WIN32_CAPSULE_LOG_BYTES);
}

internal void Win32SetCapsuleLayout(win32_capsule_job *job, const state_layout *layout)
{
    job->layout = *layout;
    job->info.rootStructName[0] = 0;
    if (layout->present && layout->fieldCount)
        FormatText(job->info.rootStructName, sizeof(job->info.rootStructName), "%s", layout->fields[0].structName);
}

// Hands the job to the writer thread.
internal void Win32QueueCapsuleJob(win32_capsule_writer *writer, win32_capsule_job *job, win32_state *state)
{
    job->tuneCount = Win32CapsuleTuneRecords(&state->tunables, job->info.firstFrame, job->info.firstFrame + job->info.frameCount,
                                             job->tunes, WIN32_CAPSULE_JOB_TUNES);
    job->mainThreadSeconds = Win32Seconds() - job->requestedAt;
    InterlockedIncrement(&writer->queued);
    SetEvent(writer->wake);
}

// A capsule of the recording window, cut from the history (win32_capsule_cut.h).
internal void Win32RequestWindowCapsule(win32_capsule_writer *writer, win32_state *state, u32 reason,
                                        const capsule_fault *fault)
{
    const char *what = Win32CapsuleReasonName(reason);
    if (!state->capsuleRecorder.on || !state->timeline.on)
    {
        Win32Log(LogLevel_Warning, "capsule: %s capsule not saved: recording is off", what);
        return;
    }
    win32_capsule_job *job = Win32ClaimCapsuleJob(writer, what);
    if (!job) return;
    FormatText(job->savePath, sizeof(job->savePath), "%s", writer->nextSavePath);
    writer->nextSavePath[0] = 0;
    Win32FillCapsuleInfo(job, state, reason);
    if (!Win32CutCapsuleFromHistory(state, job, what)) return;
    if (fault) job->info.fault = *fault;
    else
    {
        job->info.haveEndHash = 1;
        job->info.endHash = writer->nextEndHashGiven ? writer->nextEndHash : Win32CurrentStateHash(&state->snapshot);
    }
    Win32QueueCapsuleJob(writer, job, state);
}

// The live loop's recording as a capsule: its marked memory and every recorded frame, with the
// build running now (the loop replays on the newest build).
internal void Win32RequestLoopCapsule(win32_capsule_writer *writer, win32_state *state)
{
    win32_live_loop *loop = &state->loop;
    win32_capsule_recorder *recorder = &state->capsuleRecorder;
    if (recorder->currentBuild < 0 || !loop->recordedFrames || !state->timeline.on)
    {
        Win32Log(LogLevel_Warning, "capsule: loop capsule not saved: %s", !state->timeline.on ? "recording is off" :
                 loop->recordedFrames ? "no game build is running" : "the loop holds no frames");
        return;
    }
    win32_capsule_job *job = Win32ClaimCapsuleJob(writer, "loop");
    if (!job) return;
    Win32SettleTimelineHash(&state->timeline);
    Win32FillCapsuleInfo(job, state, CapsuleReason_Loop);
    Win32SetCapsuleLayout(job, &state->reloader.memoryLayout);
    win32_capsule_build_slot *held = &recorder->builds[recorder->currentBuild];
    job->info.buildCount = 1;
    job->heldBuilds[0] = held;
    InterlockedIncrement(&held->readers);
    capsule_build_record *record = &job->builds[0];
    memset(record, 0, sizeof(*record));
    record->reloadVersion = held->reloadVersion;
    record->firstFrame = loop->inputs[0].frameIndex;
    FormatText(record->dllName, sizeof(record->dllName), "%s", held->dllName);
    FormatText(record->pdbName, sizeof(record->pdbName), "%s", held->pdbName);
    for (u32 index = 0; index < loop->recordedFrames; ++index)
    {
        job->frames[index] = loop->records[index];
        job->frames[index].input = loop->inputs[index];
        job->frames[index].buildIndex = 0;
        job->frames[index].flags &= ~(u32)(CapsuleFrame_Reloaded | CapsuleFrame_StateReset);
        job->info.recordedSeconds += (f64)loop->inputs[index].dtForFrame;
    }
    job->info.firstFrame = loop->inputs[0].frameIndex;
    job->info.frameCount = loop->recordedFrames;
    job->image = loop->markedMemory;
    job->present = state->snapshot.everWritten;
    job->pageCount = state->snapshot.pageCount;
    job->readers = &loop->markReaders;
    InterlockedIncrement(job->readers);
    Win32QueueCapsuleJob(writer, job, state);
}

internal void Win32ServeCapsuleRequests(win32_capsule_writer *writer, win32_state *state, b32 keyPressed)
{
    if (!writer->on) return;
    if (keyPressed) writer->keyPending = 1;
    if (++writer->framesSinceRequestCheck >= WIN32_CAPSULE_REQUEST_FRAMES)
    {
        writer->framesSinceRequestCheck = 0;
        if (Win32FileExists(writer->requestPath))
        {
            Win32DeleteFileUtf8(writer->requestPath);
            writer->requestPending = 1;
        }
    }
    // NOTE: the end hash is the state the last recorded frame left; a swap this frame changed it.
    if (state->memory.executableReloaded || !(writer->keyPending || writer->requestPending)) return;
    u32 reason = writer->keyPending ? CapsuleReason_Key : CapsuleReason_Request;
    writer->keyPending = 0;
    writer->requestPending = 0;
    if (reason == CapsuleReason_Key && state->loop.mode == LiveLoop_Playing) Win32RequestLoopCapsule(writer, state);
    else Win32RequestWindowCapsule(writer, state, reason, 0);
}

internal void Win32RequestRecordedCapsule(win32_capsule_writer *writer, win32_state *state, const char *path, u64 endHash)
{
    if (!writer->on) return;
    FormatText(writer->nextSavePath, sizeof(writer->nextSavePath), "%s", path ? path : "");
    writer->nextEndHashGiven = 1;
    writer->nextEndHash = endHash;
    Win32RequestWindowCapsule(writer, state, path ? CapsuleReason_Request : CapsuleReason_Key, 0);
    writer->nextSavePath[0] = 0;    // also when nothing was queued
    writer->nextEndHashGiven = 0;
}

internal void Win32RequestFaultCapsule(win32_capsule_writer *writer, win32_state *state, const capsule_fault *fault)
{
    if (!writer->on) return;
    Win32RequestWindowCapsule(writer, state, fault->code == WIN32_HANG_CODE ? CapsuleReason_Hang : CapsuleReason_Crash,
                              fault);
}

internal void Win32StopCapsuleWriter(win32_capsule_writer *writer)
{
    if (!writer->on) return;
    // NOTE: bounded: a write stuck on a dead network share must not hold the exit forever.
    InterlockedExchange(&writer->stop, 1);
    SetEvent(writer->wake);
    if (WaitForSingleObject(writer->thread, 30000) != WAIT_OBJECT_0)
        Win32Log(LogLevel_Warning, "capsule: a capsule write did not finish within 30 s of exit; abandoned");
    CloseHandle(writer->thread);
    writer->on = 0;
}
