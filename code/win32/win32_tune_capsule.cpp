//~ Tunables in capsules and replays (win32/win32_tunables.h; the Tunes section:
// platform/platform_capsule_tunes.h).

internal void Win32NoteTuneEvent(win32_tunables *tunables, u64 frameIndex, const win32_tunable *entry, const f64 *old)
{
    NoteTuneEvent(&tunables->history, frameIndex, entry->type, entry->name, old, entry->live);
}

internal u32 Win32CapsuleTuneRecords(win32_tunables *tunables, u64 firstFrame, u64 endFrame, capsule_tune_record *out,
                                     u32 maxRecords)
{
    u32 count = 0;
    for (u32 index = 0; index < tunables->count && count < maxRecords; ++index)
    {
        win32_tunable *entry = &tunables->entries[index];
        out[count++] = MakeCapsuleTuneRecord(CapsuleTune_Value, firstFrame, entry->type, entry->live, entry->name);
    }
    b32 pastOldestKept = 0;
    count = AddCapsuleTuneChanges(&tunables->history, firstFrame, endFrame, out, count, maxRecords, &pastOldestKept);
    if (pastOldestKept)
        Win32Log(LogLevel_Warning, "tune: more than %u tunable changes in the capsule's window: its start values and "
                 "earliest changes are the oldest kept", TUNE_HISTORY_EVENTS);
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
