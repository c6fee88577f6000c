//~ The reload step between frames: the bodies behind win32/reload/win32_reload_step.h

// A view of the platform-owned layout copy in the exported form gameMigrateState expects.
internal game_state_layout Win32LayoutView(state_layout *layout, game_layout_field *fields)
{
    for (u32 fieldIndex = 0; fieldIndex < layout->fieldCount; ++fieldIndex)
    {
        fields[fieldIndex].structName = layout->fields[fieldIndex].structName;
        fields[fieldIndex].fieldName = layout->fields[fieldIndex].fieldName;
        fields[fieldIndex].typeName = layout->fields[fieldIndex].typeName;
        fields[fieldIndex].offset = layout->fields[fieldIndex].offset;
        fields[fieldIndex].size = layout->fields[fieldIndex].size;
        fields[fieldIndex].count = layout->fields[fieldIndex].count;
        fields[fieldIndex].pad = 0;
    }
    game_state_layout view = {};
    view.fieldCount = layout->fieldCount;
    view.fields = fields;
    return view;
}

internal void Win32CallMigrate(void *data)
{
    win32_migrate_call *call = (win32_migrate_call *)data;
    call->result = call->migrate(call->memory, call->oldLayout, call->oldState, call->oldStateSize);
}

// Zeroes every page of game memory that was ever written: the game starts from scratch.
internal void Win32ZeroGameMemory(win32_memory_snapshot *snapshot, game_memory *memory)
{
    if (!snapshot->enabled)
    {
        memset(memory->permanentStorage, 0, (size_t)memory->permanentStorageSize);
        memset(memory->transientStorage, 0, (size_t)memory->transientStorageSize);
        return;
    }
    for (u64 page = 0; page < snapshot->pageCount; ++page)
        if (BitmapBit(snapshot->everWritten, page))
            memset(snapshot->live + page * snapshot->pageSize, 0, snapshot->pageSize);
}

// --strict-pointers: true (logged, on screen) when game memory points into the running code, so
// the reload must be refused. A build that resets state is never refused: the reset clears them.
internal b32 Win32StrictPointersRefuse(win32_state *state, b32 stateWillBeReset)
{
    if (!state->options.strictPointers || stateWillBeReset || !state->game.module) return 0;
    u64 pointers = Win32CountPointersIntoCode(&state->game);
    if (!pointers) return 0;
    Win32Log(LogLevel_Error, "pointers: build refused (--strict-pointers): %llu pointer%s into game code version %u "
             "remain in game memory; keeping version %u. Store ids instead and re-resolve on executableReloaded:",
             (unsigned long long)pointers, pointers == 1 ? "" : "s", state->game.version, state->game.version);
    Win32LogPointersIntoCode(&state->game, LogLevel_Error);
    Win32PostNotice(state, LogLevel_Error, "build refused: %llu pointer%s into code v%u (see log)",
                    (unsigned long long)pointers, pointers == 1 ? "" : "s", state->game.version);
    return 1;
}

// The layout check, before any code of the new build runs. True when the state layout registered
// by the new build differs from the one game memory holds; the differences are written out.
internal b32 Win32CandidateLayoutChanged(win32_reloader *reloader, char *differences, umm differencesSize)
{
    if (!reloader->memoryLayout.present) return 0;
    if (!reloader->candidateLayout.present)
    {
        Win32Log(LogLevel_Warning, "layout: the new build registers no state layout; it cannot be checked");
        return 0;
    }
    return CompareStateLayouts(&reloader->memoryLayout, &reloader->candidateLayout, differences, differencesSize) != 0;
}

// The new build's gameMigrateState rewrites game memory from the old layout. False when it declined
// or crashed: memory is restored and the candidate unloaded.
internal b32 Win32MigrateGameState(win32_state *state, win32_game_code *candidate, const char *differences)
{
    win32_reloader *reloader = &state->reloader;
    local_persist game_layout_field oldFields[STATE_LAYOUT_MAX_FIELDS];
    game_state_layout oldView = Win32LayoutView(&reloader->memoryLayout, oldFields);
    // The snapshot was synced at the top of this frame and nothing has run since: it holds
    // the state exactly as the old code left it.
    win32_migrate_call call = {};
    call.migrate = candidate->gameMigrateState;
    call.memory = &state->memory;
    call.oldLayout = &oldView;
    call.oldState = state->snapshot.copy;
    call.oldStateSize = state->memory.permanentStorageSize;
    b32 survived = state->snapshot.enabled && Win32GuardedCall(Win32CallMigrate, &call);
    win32_crash_report ignored;
    Win32TakeCrash(&ignored);
    if (!survived || !call.result)
    {
        Win32RestoreMemorySnapshot(&state->snapshot);
        Win32Log(LogLevel_Error, "layout: gameMigrateState of the new build %s (%s); state restored, "
                 "keeping version %u", survived ? "declined" : "crashed", differences, state->game.version);
        Win32PostNotice(state, LogLevel_Error, "migration failed: kept version %u", state->game.version);
        Win32UnloadGameCode(candidate);
        return 0;
    }
    Win32Log(LogLevel_Info, "layout: state migrated by gameMigrateState (%s)", differences);
    return 1;
}

// A build whose state layout changed: its state is migrated, or reset (--reset-on-layout-change,
// F10), or the build is refused. False when refused (the candidate is unloaded); true when game
// memory now holds the new layout and the old code, which cannot run on it, is unloaded.
internal b32 Win32AdoptChangedLayout(win32_state *state, win32_game_code *candidate, const char *differences)
{
    win32_reloader *reloader = &state->reloader;
    if (candidate->gameMigrateState)
    {
        if (!Win32MigrateGameState(state, candidate, differences)) return 0;
    }
    else if (state->options.resetOnLayoutChange || reloader->resetRequested)
    {
        Win32ZeroGameMemory(&state->snapshot, &state->memory);
        reloader->lastSwapResetState = 1;
        Win32Log(LogLevel_Warning, "layout: game state reset for the new layout (%s)", differences);
    }
    else
    {
        Win32Log(LogLevel_Error, "layout: build refused, registered state changed: %s. Keeping version %u. "
                 "Export gameMigrateState, press F10 to reload with a state reset, or run with "
                 "--reset-on-layout-change", differences, state->game.version);
        Win32PostNotice(state, LogLevel_Error, "state layout changed: build refused (F10 resets)");
        reloader->refusedForLayout = 1;
        Win32UnloadGameCode(candidate);
        return 0;
    }
    // The code being replaced cannot run on the new layout: it is no rollback target.
    if (reloader->haveFallback)
    {
        Win32DeleteCopy(reloader->fallbackPath);
        reloader->haveFallback = 0;
    }
    // Memory now holds the new layout: pointers found in it are named by that one.
    Win32SetPointerGuardLayout(&reloader->candidateLayout);
    Win32UnloadGameCode(&state->game);
    Win32SetPointerGuardLayout(&reloader->memoryLayout);
    return 1;
}

// The candidate becomes the running code; the code it replaces is kept as the rollback target.
// Returns the replaced version.
internal u32 Win32SwapInGameCode(win32_state *state, win32_game_code *candidate)
{
    win32_reloader *reloader = &state->reloader;
    // The old code's repeating tasks point into the DLL about to be freed: cancel them (the game
    // re-adds its tasks when it sees executableReloaded) and let pending main-thread ones run.
    PrepareWorkQueuesForReload(&state->queues);
    u32 oldVersion = state->game.version;
    // The timeline re-runs the frames this build recorded with it: it keeps the module loaded.
    Win32TimelineKeepBuild(&state->timeline, &state->game);
    Win32RetireGameCodeAsFallback(reloader, &state->game);
    state->game = *candidate;
    reloader->memoryLayout = reloader->candidateLayout;
    state->memory.executableReloaded = 1;
    state->memory.reloadVersion = state->game.version;
    return oldVersion;
}

// The swap's lines: the one every suite counts loads by, then (for a build loaded beside the
// frames) the one with every stage; the overlay's line too.
internal void Win32LogReload(win32_state *state, u32 oldVersion, const win32_reload_figures *figures, f64 swapSeconds,
                             f64 drainSeconds)
{
    f64 swapMs = 1000.0 * swapSeconds, drainMs = 1000.0 * drainSeconds, loadMs = 1000.0 * figures->loadedSeconds;
    f64 pointerSeconds = 0.0, threadSeconds = 0.0;
    u32 threadsScanned = 0;
    Win32GetSwapScanFigures(&pointerSeconds, &threadSeconds, &threadsScanned);
    f64 pointerMs = 1000.0 * pointerSeconds, threadMs = 1000.0 * threadSeconds;
    u32 version = state->game.version;
    long long frame = (long long)state->frames.frameCount;
    if (!figures->besideTheFrames)
    {
        Win32Log(LogLevel_Info, "reload: game code version %u loaded (replacing %u) in %.2f ms (copy+load %.2f, drain %.2f, "
                 "swap %.2f; pointer scan %.2f of it; thread scan %.2f of it, %u threads)", version, oldVersion,
                 loadMs + swapMs, loadMs, drainMs, swapMs - drainMs, pointerMs, threadMs, threadsScanned);
    }
    else
    {
        Win32Log(LogLevel_Info, "reload: game code version %u loaded (replacing %u) in %.2f ms at frame %lld (loaded beside "
                 "the frames before; drain %.2f, swap %.2f; pointer scan %.2f of it; thread scan %.2f of it, %u threads)",
                 version, oldVersion, swapMs, frame, drainMs, swapMs - drainMs, pointerMs, threadMs, threadsScanned);
        // NOTE: the exact shape tests/bench/bench_edit_loop.sh parses.
        Win32Log(LogLevel_Info, "reload: game code version %u running (replacing %u): build seen %.2f ms after it was "
                 "written, loaded beside the frames in %.2f ms (copy %.2f, load %.2f, checks %.2f), swap %.2f ms at "
                 "frame %lld (drain %.2f, thread scan %.2f, pointer scan %.2f)", version, oldVersion,
                 1000.0 * figures->writtenAgoSeconds, loadMs, 1000.0 * figures->load.copySeconds,
                 1000.0 * figures->load.loadSeconds, 1000.0 * figures->load.checkSeconds, swapMs, frame, drainMs,
                 threadMs, pointerMs);
    }
    if (!oldVersion && !figures->besideTheFrames) return;   // the first load is no reload
    platform_edit_status *status = &state->editStatus;
    FormatText(status->lastReload, sizeof(status->lastReload), "v%u: seen %.0f ms after write, loaded in %.1f ms %s, "
               "swap %.2f ms (scans %.2f)", version, 1000.0 * figures->writtenAgoSeconds, loadMs,
               figures->besideTheFrames ? "beside the frames" : "in the frame", swapMs, pointerMs + threadMs);
    ++status->reloadCount;
}

internal b32 Win32SwapToCandidate(win32_state *state, win32_game_code *candidate, const win32_reload_figures *figures)
{
    win32_reloader *reloader = &state->reloader;
    f64 start = Win32Seconds();
    Win32BeginBlock("reload: swap");
    char differences[1024] = "";
    b32 layoutChanged = Win32CandidateLayoutChanged(reloader, differences, sizeof(differences));

    // NOTE: no worker may be inside the old code when it is freed, and none may touch game memory
    // while a migration or reset rewrites it.
    DrainWorkQueueSystem(&state->queues);
    f64 drained = Win32Seconds();

    b32 stateWillBeReset = layoutChanged && !candidate->gameMigrateState &&
                           (state->options.resetOnLayoutChange || reloader->resetRequested);
    b32 swapped = 0;
    u32 oldVersion = state->game.version;
    // A migration or reset rewrites game memory outside a sync: the scans beside the frames no longer hold.
    if (layoutChanged) Win32DropPointerPrescan();
    if (Win32StrictPointersRefuse(state, stateWillBeReset)) Win32UnloadGameCode(candidate);
    else
    {
        reloader->lastSwapResetState = 0;
        if (!layoutChanged || Win32AdoptChangedLayout(state, candidate, differences))
        {
            reloader->resetRequested = 0;
            reloader->refusedForLayout = 0;
            oldVersion = Win32SwapInGameCode(state, candidate);
            // NOTE: the new build is current from here; its first update runs in this frame. What must
            // follow the running build across the swap is carried over here, in this one place.
            swapped = 1;
        }
    }
    f64 end = Win32Seconds();
    Win32EndBlock("reload: swap");
    if (!swapped) return 0;
    Win32LogReload(state, oldVersion, figures, end - start, drained - start);
    Win32PostNotice(state, LogLevel_Info, "reloaded: version %u", state->game.version);
    return 1;
}

// The whole reload on the main thread (the first build, a replay's builds, or no loader thread).
internal b32 Win32ReloadOnMainThread(win32_state *state)
{
    win32_reloader *reloader = &state->reloader;
    if (!Win32GameCodeChanged(reloader)) return 0;
    win32_reload_figures figures = {};
    figures.writtenAgoSeconds = reloader->writtenAgoSeconds;
    f64 start = Win32Seconds();
    win32_game_code candidate;
    win32_load_outcome outcome = Win32LoadGameCodeCandidate(reloader, &candidate, &figures.load);
    figures.loadedSeconds = Win32Seconds() - start;
    if (outcome == GameCodeLoad_Refused) Win32DisposeRefusedGameCode(&candidate);
    if (outcome == GameCodeLoad_Refused || outcome == GameCodeLoad_Failed)
        Win32PostNotice(state, LogLevel_Error, "build refused: see the log");
    if (outcome != GameCodeLoad_Loaded) return 0;
    return Win32SwapToCandidate(state, &candidate, &figures);
}

internal b32 Win32ReloadStep(win32_state *state)
{
    Win32PointerGuardFrameStep(state);
    if (Win32ReloadLoaderRunning()) return Win32ReloadFromLoader(state);
    b32 swapped = Win32ReloadOnMainThread(state);
    // NOTE: a replay changes builds at recorded frames: it keeps loading them here.
    if (!state->replay.on) Win32StartReloadLoader(&state->reloader, &state->frames.frameCount);
    return swapped;
}

internal void Win32DescribeFault(const win32_crash_report *report, const char *what, u64 frameIndex,
                                capsule_fault *fault)
{
    memset(fault, 0, sizeof(*fault));
    fault->frameIndex = frameIndex;
    fault->code = report->code;
    fault->threadId = report->threadId;
    fault->moduleOffset = report->moduleOffset;
    FormatText(fault->description, sizeof(fault->description), "%s", what);
    // The first "Function (file:line)" of the text: the faulting function (a call through null
    // names its caller the same way).
    const char *open = strstr(what, " (");
    for (; open; open = strstr(open + 2, " ("))
    {
        const char *close = strchr(open + 2, ')');
        const char *colon = close ? close : 0;
        while (colon && colon > open && *colon != ':') --colon;
        if (!close || colon <= open + 2 || colon[1] < '0' || colon[1] > '9') continue;
        const char *nameStart = open;
        while (nameStart > what && nameStart[-1] != ' ') --nameStart;
        FormatText(fault->function, sizeof(fault->function), "%.*s", (int)(open - nameStart), nameStart);
        FormatText(fault->file, sizeof(fault->file), "%.*s", (int)(colon - (open + 2)), open + 2);
        fault->line = (u32)strtoul(colon + 1, 0, 10);
        return;
    }
}

internal b32 Win32RecoverFromCrash(win32_state *state, s64 frameIndex, capsule_fault *fault,
                                   win32_fault_hook *onFault)
{
    win32_crash_report report;
    u32 crashes = Win32TakeCrash(&report);
    if (!crashes) return 0;

    f64 start = Win32Seconds();
    // Other jobs of the frame may still run (and crash): let them all finish first.
    // The crashing code's tasks go with it (the rollback code re-adds its own on executableReloaded).
    PrepareWorkQueuesForReload(&state->queues);
    win32_crash_report later;
    crashes += Win32TakeCrash(&later);
    u64 restoredBytes = Win32RestoreMemorySnapshot(&state->snapshot);
    u32 crashedVersion = state->game.version;

    // NOTE: named before the rollback frees the crashing module. A fault a capsule records (or a
    // replay compares) is named with its function: its module's symbols may still be loading.
    if (state->capsuleRecorder.on || state->replay.on)
        Win32WaitForCodeAddressSymbols((u64)(report.returnAddress ? report.returnAddress : report.address), 3.0);
    char what[400];
    if (report.returnAddress) Win32DescribeCrashReport(&report, what, sizeof(what));
    else
    {
        char where[340];
        Win32NameCodeAddress((u64)report.address, where, sizeof(where));
        FormatText(what, sizeof(what), "%s in %s", Win32ExceptionName(report.code), where);
    }
    Win32Log(LogLevel_Error, "crash: %s (thread %lu) in game code version %u during frame %lld "
             "(%u crash%s); game memory restored to its pre-frame state (%llu KB rewritten)",
             what, (unsigned long)report.threadId, crashedVersion, (long long)frameIndex, crashes,
             crashes == 1 ? "" : "es", (unsigned long long)(restoredBytes / 1024));
    Win32DescribeFault(&report, what, state->input.frameIndex, fault);
    if (onFault) onFault(state, fault);
    f64 restoredAt = Win32Seconds();
    if (state->options.verifyRollback)
    {
        u64 hash = Win32RollbackFingerprint(&state->snapshot);
        if (hash == state->preFrameHash)
            Win32Log(LogLevel_Info, "rollback: game memory equals the pre-frame state (hash %016llx)",
                     (unsigned long long)hash);
        else
            Win32Log(LogLevel_Error, "rollback: game memory differs from the pre-frame state (%016llx, expected %016llx)",
                     (unsigned long long)hash, (unsigned long long)state->preFrameHash);
    }

    f64 verified = Win32Seconds();
    // The crashed build's recorded frames (the crash among them) re-run with it in the timeline.
    Win32TimelineKeepBuild(&state->timeline, &state->game);
    Win32RollBackGameCode(&state->reloader, &state->game);
    state->memory.executableReloaded = 1;
    state->memory.reloadVersion = state->game.version;
    // NOTE: the --verify-rollback hash is a test aid and not part of the recovery time.
    Win32Log(LogLevel_Info, "crash: recovered in %.2f ms (drain + restore %.2f ms, rollback %.2f ms)",
             1000.0 * ((restoredAt - start) + (Win32Seconds() - verified)), 1000.0 * (restoredAt - start),
             1000.0 * (Win32Seconds() - verified));
    Win32PostNotice(state, LogLevel_Error, "crash in version %u (%s): rolled back", crashedVersion,
                    Win32ExceptionName(report.code));
    return 1;
}

internal u64 Win32RollbackFingerprint(const win32_memory_snapshot *snapshot)
{
    u64 pageSize = snapshot->pageSize;
    u64 pageCount = snapshot->size / pageSize;
    u64 hash = 0;
    for (u64 page = 0; page < pageCount; ++page)
    {
        // NOTE: a plain OR of aligned words, not PageIsZero: its memcpy per word is a call at /Od.
        const u64 *words = (const u64 *)(snapshot->live + page * pageSize);
        u64 any = 0;
        for (u64 index = 0; index < pageSize / 8; ++index) any |= words[index];
        if (any) hash ^= MixPageHash(page, HashPage((const u8 *)words, (u32)pageSize));
    }
    // A tail shorter than a page (none with page-sized game memory), word by word.
    return Fnv1aWords(hash, snapshot->live + pageCount * pageSize, snapshot->size - pageCount * pageSize);
}
