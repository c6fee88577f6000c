#ifndef GAME_ARGUMENTS_H
#define GAME_ARGUMENTS_H
// Values on the exe's command line meant for the game itself: `--game-arg NAME=VALUE`
// (repeatable) hands a game values of its own without the platform knowing what they mean, and
// `--entities N` is the shorthand for `entities=N`. The platform (platform/platform_options.h: ParseGameArgument) fills game_memory.arguments before
// the first update and never changes them during the run; a game reads one with GameArgumentText
// or GameArgumentU32 and decides what a missing or malformed value means.

#include "base/base_types.h"

#define GAME_MAX_ARGUMENTS 16
#define GAME_ARGUMENT_NAME_SIZE 32      // bytes, the terminating zero included
#define GAME_ARGUMENT_VALUE_SIZE 96

struct game_argument
{
    char name[GAME_ARGUMENT_NAME_SIZE];     // letters, digits, '_', '-', '.'; never empty
    char value[GAME_ARGUMENT_VALUE_SIZE];   // any text, possibly empty
};

struct game_arguments
{
    u32 count;                  // entries in use: --game-arg ones in command-line order, then entities=N
    game_argument entries[GAME_MAX_ARGUMENTS];
};
StaticAssert(sizeof(game_arguments) == 4 + GAME_MAX_ARGUMENTS * (GAME_ARGUMENT_NAME_SIZE + GAME_ARGUMENT_VALUE_SIZE),
             "game_arguments changed: bump GAME_CONTRACT_VERSION");

// The value of the argument `name` (the last one given, so a later flag overrides an earlier one),
// or 0 when the command line did not name it.
inline const char *GameArgumentText(const game_arguments *arguments, const char *name)
{
    const char *found = 0;
    for (u32 index = 0; index < arguments->count && index < GAME_MAX_ARGUMENTS; ++index)
    {
        const char *at = arguments->entries[index].name;
        u32 length = 0;
        while (at[length] && at[length] == name[length]) ++length;
        if (at[length] == name[length]) found = arguments->entries[index].value;
    }
    return found;
}

// The argument `name` as a whole number in [minimum, maximum]; `fallback` when it was not given or
// is not such a number (*given, when asked for, says whether it was given at all).
inline u32 GameArgumentU32(const game_arguments *arguments, const char *name, u32 minimum, u32 maximum, u32 fallback,
                           b32 *given = 0)
{
    const char *text = GameArgumentText(arguments, name);
    if (given) *given = text != 0;
    if (!text || !*text) return fallback;
    u64 value = 0;
    for (const char *at = text; *at; ++at)
    {
        if (*at < '0' || *at > '9' || value > 0xFFFFFFFFull) return fallback;
        value = 10 * value + (u64)(*at - '0');
    }
    return (value >= minimum && value <= maximum) ? (u32)value : fallback;
}

#endif // GAME_ARGUMENTS_H
