#ifndef KIT_ASSET_REJECT_H
#define KIT_ASSET_REJECT_H
// What every asset reader (kit_asset_bmp, kit_asset_wav) does with a file it cannot use: say why in
// the log and hand out the format's fallback, copied into the caller's arena.
// NOTE: the copy matters: a fallback table is constant data of game.dll, and a pointer to it kept in
// game memory would dangle after a hot reload unloads that DLL.

#include "base/base_types.h"
#include "base/base_arena.h"
#include "base/base_log.h"

// Logs "<formatName> '<name>': <why>; using <fallbackName> instead" as an error (log may be 0, a null
// name prints as "?") and returns an arena copy of the fallbackSize bytes at fallback when the arena
// (may be 0) has room for them, else fallback itself. Never returns 0 and never overflows the arena
// (so never adds an overflow line to the log).
const void *RejectAssetFile(memory_arena *arena, platform_log *log, const char *formatName, const char *name,
                            const char *why, const char *fallbackName, const void *fallback, umm fallbackSize);

#endif // KIT_ASSET_REJECT_H
