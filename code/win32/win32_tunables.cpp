//~ Tunables: the bodies behind win32/win32_tunables.h (panel keys and the request file:
// win32_tune_input.cpp; write-back: win32_tune_write.cpp).

//~ Reading a build's table
// True when [address, address + size) lies inside the module's image (win32_game_exports.h).
internal b32 Win32TuneInModule(win32_game_code *code, const void *address, u64 size)
{
    win32_image_range image = {code->moduleBase, code->moduleSize};
    return Win32InImage(image, address, size);
}

// A non-empty name exported as data, terminated inside the image within limit bytes: copied to out.
internal b32 Win32TuneCopyString(win32_game_code *code, const char *text, char *out, umm limit)
{
    win32_image_range image = {code->moduleBase, code->moduleSize};
    if (!Win32ValidExportedName(image, text, (u32)limit) || !text[0]) return 0;
    FormatText(out, limit, "%s", text);
    return 1;
}

internal b32 Win32TuneIsWritable(const void *address)
{
    MEMORY_BASIC_INFORMATION info;
    if (!VirtualQuery(address, &info, sizeof(info))) return 0;
    DWORD protect = info.Protect & 0xFF;
    return info.State == MEM_COMMIT &&
           (protect == PAGE_READWRITE || protect == PAGE_WRITECOPY || protect == PAGE_EXECUTE_READWRITE);
}

internal void Win32TuneReadLive(win32_tunable *entry)
{
    memset(entry->live, 0, sizeof(entry->live));
    for (u32 index = 0; index < TuneComponentCount(entry->type); ++index)
    {
        if (entry->type == GameTunable_S32) entry->live[index] = (f64)((s32 *)entry->value)[index];
        else if (entry->type == GameTunable_B32) entry->live[index] = ((b32 *)entry->value)[index] ? 1.0 : 0.0;
        else entry->live[index] = (f64)((f32 *)entry->value)[index];
    }
}

internal void Win32TuneWriteLive(win32_tunable *entry)
{
    for (u32 index = 0; index < TuneComponentCount(entry->type); ++index)
    {
        if (entry->type == GameTunable_S32) ((s32 *)entry->value)[index] = (s32)entry->live[index];
        else if (entry->type == GameTunable_B32) ((b32 *)entry->value)[index] = entry->live[index] != 0.0;
        else ((f32 *)entry->value)[index] = (f32)entry->live[index];
    }
}

// The build's exported table, checked entry by entry, into tunables->incoming. An entry that
// points outside the image, names an unknown type, repeats a name or has a bad range is left out
// (logged); the game code is not trusted to export a well-formed table.
internal u32 Win32ReadTunableTable(win32_tunables *tunables, win32_game_code *code)
{
    if (!code->module) return 0;
    const game_tunable_table *table = (const game_tunable_table *)GetProcAddress(code->module, GAME_TUNABLES_EXPORT_NAME);
    if (!table) return 0;
    if (!Win32TuneInModule(code, table, sizeof(*table)) || table->count > GAME_TUNABLES_MAX ||
        !Win32TuneInModule(code, table->entries, (u64)table->count * sizeof(void *)))
    {
        Win32Log(LogLevel_Error, "tune: version %u exports a malformed %s table: no tunables", code->version,
                 GAME_TUNABLES_EXPORT_NAME);
        return 0;
    }
    u32 count = 0;
    for (u32 index = 0; index < table->count; ++index)
    {
        const game_tunable *source = table->entries[index];
        win32_tunable *entry = &tunables->incoming[count];
        memset(entry, 0, sizeof(*entry));
        b32 ok = Win32TuneInModule(code, source, sizeof(*source)) && ((u64)source % 8) == 0 &&
                 Win32TuneCopyString(code, source->name, entry->name, sizeof(entry->name)) &&
                 Win32TuneCopyString(code, source->file, entry->file, sizeof(entry->file)) &&
                 TuneTypeName(source->type)[0] != '?' && ((u64)source->value % 4) == 0 &&
                 Win32TuneInModule(code, source->value, 4 * TuneComponentCount(source->type)) &&
                 Win32TuneIsWritable(source->value) && source->minimum <= source->maximum;
        for (u32 earlier = 0; ok && earlier < count; ++earlier)
            ok = strcmp(tunables->incoming[earlier].name, entry->name) != 0;
        if (!ok)
        {
            Win32Log(LogLevel_Error, "tune: version %u: entry %u of its tunables table is malformed or repeats a name; "
                     "left out", code->version, index);
            continue;
        }
        entry->type = source->type;
        entry->line = source->line;
        entry->minimum = source->minimum;
        entry->maximum = source->maximum;
        entry->value = source->value;
        memcpy(entry->compiled, source->compiled, sizeof(entry->compiled));
        NormalizeTuneValue(entry->type, entry->compiled);
        memcpy(entry->sourceValue, entry->compiled, sizeof(entry->sourceValue));
        Win32TuneReadLive(entry);
        ++count;
    }
    return count;
}

//~ Changes
internal const char *Win32TuneSourceName(u32 source)
{
    switch (source)
    {
        case TuneSource_Panel: return "from the panel";
        case TuneSource_Option: return "from --tune";
        case TuneSource_Request: return "from " WIN32_TUNE_REQUEST_NAME;
        case TuneSource_Replay: return "from the capsule";
        default: return "";
    }
}

// The one line every change is logged with, also what the overlay shows.
internal void Win32LogTuneChange(win32_state *state, win32_tunable *entry, const f64 *old, const char *why)
{
    char value[96], was[96];
    FormatTuneValue(entry->type, entry->live, value, sizeof(value));
    FormatTuneValue(entry->type, old, was, sizeof(was));
    char line[sizeof(state->editStatus.lastTune)];
    FormatText(line, sizeof(line), "tune: %s = %s (was %s) %s", entry->name, value, was, why);
    Win32Log(LogLevel_Info, "%s, used from frame %lld", line, (long long)state->frames.frameCount);
    FormatText(state->editStatus.lastTune, sizeof(state->editStatus.lastTune), "%s", line);
    ++state->editStatus.tuneCount;
    Win32NoteTuneEvent(&state->tunables, (u64)state->frames.frameCount, entry, old);
}

internal void Win32SetTunable(win32_state *state, u32 index, const f64 *value, u32 source)
{
    win32_tunables *tunables = &state->tunables;
    Assert(index < tunables->count);
    win32_tunable *entry = &tunables->entries[index];
    f64 next[4] = {value[0], value[1], value[2], value[3]};
    for (u32 component = 0; component < TuneComponentCount(entry->type); ++component)
        next[component] = Minimum(Maximum(next[component], entry->minimum), entry->maximum);
    NormalizeTuneValue(entry->type, next);
    if (TuneValuesEqual(entry->type, next, entry->live)) return;
    f64 old[4];
    memcpy(old, entry->live, sizeof(old));
    memcpy(entry->live, next, sizeof(next));
    Win32TuneWriteLive(entry);
    Win32LogTuneChange(state, entry, old, Win32TuneSourceName(source));
    if (source == TuneSource_Replay) return;
    Win32WriteTunableBack(tunables, index);
}

internal s32 Win32FindTunable(win32_tunables *tunables, const char *name)
{
    for (u32 index = 0; index < tunables->count; ++index)
        if (strcmp(tunables->entries[index].name, name) == 0) return (s32)index;
    return -1;
}

internal b32 Win32ApplyTuneAssignment(win32_state *state, const char *assignment, const char *what, u32 source)
{
    win32_tunables *tunables = &state->tunables;
    const char *equals = strchr(assignment, '=');
    char name[GAME_TUNABLE_NAME_MAX] = "";
    if (equals && equals > assignment && (umm)(equals - assignment) < sizeof(name))
        FormatText(name, sizeof(name), "%.*s", (int)(equals - assignment), assignment);
    s32 index = name[0] ? Win32FindTunable(tunables, name) : -1;
    char reason[192] = "";
    f64 value[4];
    if (!equals) FormatText(reason, sizeof(reason), "not NAME=VALUE");
    else if (index < 0) FormatText(reason, sizeof(reason), "version %u has no tunable named '%.63s'", tunables->version, name);
    else
    {
        win32_tunable *entry = &tunables->entries[index];
        ParseTuneValue(entry->type, equals + 1, entry->minimum, entry->maximum, value, reason, sizeof(reason));
    }
    if (reason[0])
    {
        Win32Log(LogLevel_Error, "tune: %s '%.120s' refused: %s", what, assignment, reason);
        return 0;
    }
    Win32SetTunable(state, (u32)index, value, source);
    return 1;
}

//~ Across a reload or a rollback
// What one tunable of the new build starts with, given the old build's entry of that name (or 0).
// Logs every change the game would see and every tunable added or retyped.
internal void Win32CarryOneTunable(win32_state *state, win32_tunable *entry, const win32_tunable *old, b32 rollback)
{
    u32 version = state->game.version;
    char value[96], was[96];
    if (!old)
    {
        FormatTuneValue(entry->type, entry->live, value, sizeof(value));
        if (state->tunables.version)
            Win32Log(LogLevel_Info, "tune: %s added by version %u: %s (%s, %s:%u)", entry->name, version, value,
                     TuneTypeName(entry->type), Win32FileNamePart(entry->file), entry->line);
        return;
    }
    if (old->type != entry->type)
    {
        FormatTuneValue(entry->type, entry->live, value, sizeof(value));
        FormatTuneValue(old->type, old->live, was, sizeof(was));
        char line[sizeof(state->editStatus.lastTune)];
        FormatText(line, sizeof(line), "tune: %s = %s (was %s) retyped from %s to %s by version %u: reset to its "
                   "compiled value", entry->name, value, was, TuneTypeName(old->type), TuneTypeName(entry->type), version);
        Win32Log(LogLevel_Warning, "%s", line);
        FormatText(state->editStatus.lastTune, sizeof(state->editStatus.lastTune), "%s", line);
        ++state->editStatus.tuneCount;
        Win32NoteTuneEvent(&state->tunables, (u64)state->frames.frameCount, entry, entry->live);
        return;
    }
    // The file still holds what the platform last wrote there unless the new build says otherwise.
    if (TuneValuesEqual(entry->type, entry->compiled, old->compiled)) memcpy(entry->sourceValue, old->sourceValue, sizeof(old->sourceValue));
    b32 keep = rollback || TuneValuesEqual(entry->type, entry->compiled, old->compiled) ||
               TuneValuesEqual(entry->type, entry->compiled, old->live);
    f64 wanted[4];
    memcpy(wanted, keep ? old->live : entry->compiled, sizeof(wanted));
    for (u32 component = 0; component < TuneComponentCount(entry->type); ++component)
        wanted[component] = Clamp(entry->minimum, wanted[component], entry->maximum);
    NormalizeTuneValue(entry->type, wanted);
    memcpy(entry->live, wanted, sizeof(wanted));
    Win32TuneWriteLive(entry);
    if (TuneValuesEqual(entry->type, entry->live, old->live)) return;   // no jump: nothing to say
    const char *why = keep ? "clamped to the new build's range" : "the new build's source says so";
    char reason[128];
    FormatText(reason, sizeof(reason), "at the reload to version %u: %s", version, why);
    Win32LogTuneChange(state, entry, old->live, reason);
}

internal void Win32CarryTunablesAcrossSwap(win32_state *state, win32_game_code *newCode)
{
    win32_tunables *tunables = &state->tunables;
    if (tunables->module == newCode->module && tunables->version == newCode->version) return;
    b32 first = tunables->version == 0;
    b32 rollback = !first && state->frames.crashCount != tunables->crashCountAtCarry;
    u32 count = Win32ReadTunableTable(tunables, newCode);
    for (u32 index = 0; index < count; ++index)
    {
        s32 oldIndex = Win32FindTunable(tunables, tunables->incoming[index].name);
        Win32CarryOneTunable(state, &tunables->incoming[index], oldIndex >= 0 ? &tunables->entries[oldIndex] : 0, rollback);
    }
    for (u32 oldIndex = 0; oldIndex < tunables->count; ++oldIndex)
    {
        win32_tunable *old = &tunables->entries[oldIndex];
        b32 kept = 0;
        for (u32 index = 0; index < count && !kept; ++index) kept = strcmp(tunables->incoming[index].name, old->name) == 0;
        if (kept) continue;
        char was[96];
        FormatTuneValue(old->type, old->live, was, sizeof(was));
        Win32Log(LogLevel_Info, "tune: %s removed by version %u (was %s)", old->name, newCode->version, was);
    }
    memcpy(tunables->entries, tunables->incoming, (umm)count * sizeof(win32_tunable));
    tunables->count = count;
    tunables->module = newCode->module;
    tunables->version = newCode->version;
    tunables->crashCountAtCarry = state->frames.crashCount;
    if (state->editStatus.tuneSelected >= Win32TunePanelRowCount(tunables)) state->editStatus.tuneSelected = 0;
    if (first && count)
        Win32Log(LogLevel_Info, "tune: %u tunable%s in version %u (F2 shows them; %s beside the DLL changes them)", count,
                 count == 1 ? "" : "s", newCode->version, WIN32_TUNE_REQUEST_NAME);
}

//~ Every frame
internal void Win32TuneBetweenFrames(win32_state *state)
{
    win32_tunables *tunables = &state->tunables;
    if (!state->game.module) return;
    if (!tunables->dllDirectory[0])
    {
        FormatText(tunables->dllDirectory, sizeof(tunables->dllDirectory), "%s", state->reloader.sourcePath);
        Win32KeepDirectory(tunables->dllDirectory);
        FormatText(tunables->requestPath, sizeof(tunables->requestPath), "%s%s", tunables->dllDirectory,
                   WIN32_TUNE_REQUEST_NAME);
    }
    Win32CarryTunablesAcrossSwap(state, &state->game);
    if (!tunables->startTunesApplied)
    {
        tunables->startTunesApplied = 1;
        for (u32 index = 0; index < state->options.tuneCount; ++index)
            Win32ApplyTuneAssignment(state, state->options.tunes[index], "--tune", TuneSource_Option);
    }
    Win32TunePanelInput(state);
    if (state->replay.on)
    {
        Win32ReplayTunes(state);    // a replay's values come from its capsule
        return;
    }
    if (++tunables->framesSincePoll >= WIN32_TUNE_POLL_FRAMES)
    {
        tunables->framesSincePoll = 0;
        Win32PollTuneRequest(state);
    }
}
