//~ Tunables in capsules and replays (win32/win32_tunables.h; the Tunes section:
// platform/platform_capsule_tunes.h).

internal void Win32NoteTuneEvent(win32_tunables *tunables, u64 frameIndex, const win32_tunable *entry, const f64 *old)
{
    win32_tune_event *event = &tunables->events[tunables->eventCount++ % WIN32_TUNE_EVENTS];
    memset(event, 0, sizeof(*event));
    event->frameIndex = frameIndex;
    event->type = entry->type;
    memcpy(event->old, old, sizeof(event->old));
    memcpy(event->value, entry->live, sizeof(event->value));
    FormatText(event->name, sizeof(event->name), "%s", entry->name);
}

internal capsule_tune_record Win32TuneRecord(u32 kind, u64 frameIndex, u32 type, const f64 *value, const char *name)
{
    capsule_tune_record record = {};
    record.kind = kind;
    record.frameIndex = frameIndex;
    record.type = type;
    memcpy(record.value, value, sizeof(record.value));
    FormatText(record.name, sizeof(record.name), "%s", name);
    return record;
}

internal u32 Win32CapsuleTuneRecords(win32_tunables *tunables, u64 firstFrame, u64 endFrame, capsule_tune_record *out,
                                     u32 maxRecords)
{
    u32 count = 0;
    for (u32 index = 0; index < tunables->count && count < maxRecords; ++index)
    {
        win32_tunable *entry = &tunables->entries[index];
        out[count++] = Win32TuneRecord(CapsuleTune_Value, firstFrame, entry->type, entry->live, entry->name);
    }
    u32 values = count;
    // Today's values, with every change made since the window began undone, newest first.
    u64 kept = Minimum(tunables->eventCount, (u64)WIN32_TUNE_EVENTS);
    u64 oldest = tunables->eventCount - kept;
    u64 since = tunables->eventCount;
    while (since > oldest && tunables->events[(since - 1) % WIN32_TUNE_EVENTS].frameIndex >= firstFrame) --since;
    if (since == oldest && oldest > 0)
        Win32Log(LogLevel_Warning, "tune: more than %u tunable changes in the capsule's window: its start values and "
                 "earliest changes are the oldest kept", WIN32_TUNE_EVENTS);
    for (u64 serial = tunables->eventCount; serial > since; --serial)
    {
        win32_tune_event *event = &tunables->events[(serial - 1) % WIN32_TUNE_EVENTS];
        for (u32 index = 0; index < values; ++index)
            if (strcmp(out[index].name, event->name) == 0 && out[index].type == event->type)
                memcpy(out[index].value, event->old, sizeof(event->old));
    }
    for (u64 serial = since; serial < tunables->eventCount && count < maxRecords; ++serial)
    {
        win32_tune_event *event = &tunables->events[serial % WIN32_TUNE_EVENTS];
        if (event->frameIndex >= endFrame) continue;
        out[count++] = Win32TuneRecord(CapsuleTune_Change, event->frameIndex, event->type, event->value, event->name);
    }
    return count;
}

// One recorded value applied to the running build (a name it lacks or of another type: logged once).
internal void Win32ApplyTuneRecord(win32_state *state, const capsule_tune_record *record)
{
    win32_tunables *tunables = &state->tunables;
    s32 index = Win32FindTunable(tunables, record->name);
    if (index < 0 || tunables->entries[index].type != record->type)
    {
        if (!tunables->replayMissingLogged)
            Win32Log(LogLevel_Warning, "tune: the capsule sets %s (%s), which version %u %s; the replay goes on without it",
                     record->name, TuneTypeName(record->type), tunables->version, index < 0 ? "lacks" : "has with another type");
        tunables->replayMissingLogged = 1;
        return;
    }
    Win32SetTunable(state, (u32)index, record->value, TuneSource_Replay);
}

internal void Win32ReplayTunes(win32_state *state)
{
    win32_replay *replay = &state->replay;
    const capsule_contents *capsule = &replay->capsule;
    if (replay->finished || replay->cursor >= capsule->info.frameCount) return;
    u64 frameIndex = capsule->frames[replay->cursor].input.frameIndex;
    for (u32 index = 0; index < capsule->tuneCount; ++index)
    {
        const capsule_tune_record *record = capsule->tunes + index;
        b32 due = (record->kind == CapsuleTune_Value) ? replay->cursor == 0 : record->frameIndex == frameIndex;
        if (due) Win32ApplyTuneRecord(state, record);
    }
}
