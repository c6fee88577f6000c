// The asset readers' shared fallback path (see kit_asset_reject.h).

#include "game_kit/kit_asset_reject.h"
#include <string.h>

const void *RejectAssetFile(memory_arena *arena, platform_log *log, const char *formatName, const char *name,
                            const char *why, const char *fallbackName, const void *fallback, umm fallbackSize)
{
    if (log)
    {
        log(LogLevel_Error, "%s '%s': %s; using %s instead", formatName, name ? name : "?", why, fallbackName);
    }
    // NOTE: asking the arena first keeps a nearly full arena from logging an overflow on top of the
    // rejection: the constant fallback is still a valid asset until the next reload.
    if (arena && ArenaRemaining(arena) >= fallbackSize)
    {
        void *copy = PushSize(arena, fallbackSize);
        if (copy)
        {
            memcpy(copy, fallback, fallbackSize);
            return copy;
        }
    }
    return fallback;
}
