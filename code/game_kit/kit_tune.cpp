//~ Tunables: the registry behind game_kit/kit_tune.h (the exe draws the F2 panel from its copy of it).

//~ Registry
// NOTE: both arrays are zero-initialised static storage (no constructor), so registrars in any
// translation unit may run before or after this unit's own initialisers.
global game_tunable *kitTuneEntries[GAME_TUNABLES_MAX];
global u32 kitTuneRefused;

// Written by the registrars at load, so not const: the braces give it C linkage without `extern`.
#if defined(_WIN32)
extern "C" { __declspec(dllexport) game_tunable_table gameTunables = {0, 0, kitTuneEntries}; }
#else
extern "C" { game_tunable_table gameTunables = {0, 0, kitTuneEntries}; }
#endif

// Table order: file, then line, then name (two tunables cannot share a line in practice, but the
// order must not depend on which unit registered first either way).
internal int KitTuneCompare(const game_tunable *a, const game_tunable *b)
{
    int byFile = strcmp(a->file, b->file);
    if (byFile) return byFile;
    if (a->line != b->line) return (a->line < b->line) ? -1 : 1;
    return strcmp(a->name, b->name);
}

void KitTuneRegister(game_tunable *entry)
{
    u32 count = gameTunables.count;
    for (u32 index = 0; index < count; ++index)
        if (kitTuneEntries[index] == entry) return;    // another unit including the same header
    if (count >= GAME_TUNABLES_MAX)
    {
        ++kitTuneRefused;
        return;
    }
    u32 at = count;
    while (at > 0 && KitTuneCompare(kitTuneEntries[at - 1], entry) > 0)
    {
        kitTuneEntries[at] = kitTuneEntries[at - 1];
        --at;
    }
    kitTuneEntries[at] = entry;
    gameTunables.count = count + 1;
}

const game_tunable_table *KitTunables(void)
{
    return &gameTunables;
}
