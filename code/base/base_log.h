#ifndef BASE_LOG_H
#define BASE_LOG_H
// The one logging signature every layer shares. The exe implements it (the --log file, the
// console's stderr and OutputDebugStringW; lines are UTF-8); the game reaches it through
// game_memory; native tests plug in their own.

#include "base/base_types.h"

#define LOG_LEVEL_LIST(X) \
    X(Info,    "info")    \
    X(Warning, "warning") \
    X(Error,   "error")

enum log_level
{
#define X(name, text) LogLevel_##name,
    LOG_LEVEL_LIST(X)
#undef X
    LogLevel_Count
};

#define PLATFORM_LOG(name) void name(log_level level, const char *format, ...)
typedef PLATFORM_LOG(platform_log);

inline const char *LogLevelName(log_level level)
{
    static const char *names[] = {
#define X(name, text) text,
        LOG_LEVEL_LIST(X)
#undef X
    };
    return ((u32)level < LogLevel_Count) ? names[level] : "?";
}

#endif // BASE_LOG_H
