// The command-line parser of platform_options.h.

#include "platform/platform_options.h"
#include "base/base_format.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

void DefaultPlatformOptions(platform_options *options)
{
    memset(options, 0, sizeof(*options));
    options->targetHz = 60.0f;
    options->vsync = 1;
    options->windowWidth = 1280;
    options->windowHeight = 720;
    options->highPriorityWorkers = -1;
    options->lowPriorityWorkers = -1;
    options->loopStartFrame = -1;
    options->watchdogSeconds = PLATFORM_DEFAULT_WATCHDOG_SECONDS;
    options->capsuleSeconds = PLATFORM_DEFAULT_CAPSULE_SECONDS;
    options->capsuleMaxMegabytes = 1024;
    options->historySeconds = PLATFORM_DEFAULT_HISTORY_SECONDS;
    options->historyMaxMegabytes = PLATFORM_DEFAULT_HISTORY_MAX_MB;
    options->replayBreakFrame = -1;
    options->replayBreakWaitSeconds = PLATFORM_DEFAULT_REPLAY_BREAK_WAIT_SECONDS;
}

//~ Values
b32 ParseGameArgument(const char *text, game_argument *result)
{
    if (!text) return 0;
    u32 length = 0;
    for (; text[length] && text[length] != '='; ++length)
    {
        char c = text[length];
        b32 allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                      c == '-' || c == '.';
        if (!allowed || length + 1 >= GAME_ARGUMENT_NAME_SIZE) return 0;
        result->name[length] = c;
    }
    if (length == 0 || text[length] != '=') return 0;
    result->name[length] = 0;
    const char *value = text + length + 1;
    u32 valueLength = 0;
    for (; value[valueLength]; ++valueLength)
    {
        if (valueLength + 1 >= GAME_ARGUMENT_VALUE_SIZE) return 0;
        result->value[valueLength] = value[valueLength];
    }
    result->value[valueLength] = 0;
    return 1;
}

b32 IsTuneAssignment(const char *text)
{
    if (!text) return 0;
    u32 length = 0;
    for (; text[length] && text[length] != '='; ++length)
    {
        char c = text[length];
        b32 allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        if (!allowed || length + 1 >= GAME_TUNABLE_NAME_MAX) return 0;
    }
    return length > 0 && text[length] == '=' && text[length + 1] != 0;
}

internal b32 ParseWholeNumber(const char *text, s64 minimum, s64 maximum, s64 *result)
{
    if (!text || !*text) return 0;
    char *end = 0;
    long long value = strtoll(text, &end, 10);
    if (*end != 0 || value < minimum || value > maximum) return 0;
    *result = value;
    return 1;
}

internal b32 ParsePositiveReal(const char *text, f32 maximum, f32 *result)
{
    if (!text || !*text) return 0;
    char *end = 0;
    double value = strtod(text, &end);
    if (*end != 0 || !(value > 0.0) || value > maximum) return 0;
    *result = (f32)value;
    return 1;
}

b32 HasScreenshotExtension(const char *path)
{
    umm length = strlen(path);
    if (length < 5) return 0;   // a name before the dot
    const char *dot = path + length - 4;
    if (dot[0] != '.' || dot[-1] == '\\' || dot[-1] == '/') return 0;
    char extension[4];
    for (int index = 0; index < 3; ++index)
    {
        char c = dot[1 + index];
        extension[index] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
    }
    extension[3] = 0;
    return strcmp(extension, "png") == 0 || strcmp(extension, "bmp") == 0;
}

//~ Flags found before parsing
const char *FindLogPathOption(int argc, char **argv)
{
    for (int argIndex = 1; argIndex + 1 < argc; ++argIndex)
        if (strcmp(argv[argIndex], "--log") == 0) return argv[argIndex + 1];
    return 0;
}

b32 IsScriptedCommandLine(int argc, char **argv)
{
    for (int argIndex = 1; argIndex < argc; ++argIndex)
        if (strcmp(argv[argIndex], "--frames") == 0 || strcmp(argv[argIndex], "--quit-file") == 0) return 1;
    return 0;
}

//~ Parsing
// A flag that takes no value. False when `flag` is not one.
internal b32 ParseSwitchFlag(const char *flag, platform_options *options)
{
    if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0 || strcmp(flag, "/?") == 0) { options->showHelp = 1; }
    else if (strcmp(flag, "--unthrottled") == 0) { options->unthrottled = 1; }
    else if (strcmp(flag, "--no-vsync") == 0) { options->vsync = 0; }
    else if (strcmp(flag, "--serial") == 0) { options->serialFrames = 1; }
    else if (strcmp(flag, "--reset-on-layout-change") == 0) { options->resetOnLayoutChange = 1; }
    else if (strcmp(flag, "--verify-rollback") == 0) { options->verifyRollback = 1; }
    else if (strcmp(flag, "--strict-pointers") == 0) { options->strictPointers = 1; }
    else if (strcmp(flag, "--compare") == 0) { options->replayCompare = 1; }
    else if (strcmp(flag, "--start-paused") == 0) { options->startPaused = 1; }
    else if (strcmp(flag, "--history-whole-pages") == 0) { options->historyWholePages = 1; }
    else if (strcmp(flag, "--no-overlay") == 0) { options->noOverlay = 1; }
    else return 0;
    return 1;
}

// A flag followed by a path. False when `flag` is not one; *valueOk says whether the path is there.
internal b32 ParsePathFlag(const char *flag, const char *value, platform_options *options, b32 *valueOk)
{
    if (strcmp(flag, "--log") == 0) { options->logPath = value; }
    else if (strcmp(flag, "--screenshot") == 0) { options->screenshotPath = value; }
    else if (strcmp(flag, "--quit-file") == 0) { options->quitFilePath = value; }
    else if (strcmp(flag, "--game") == 0) { options->gameDllPath = value; }
    else if (strcmp(flag, "--trace") == 0) { options->tracePath = value; }
    else if (strcmp(flag, "--capsule-dir") == 0) { options->capsuleDir = value; }
    else if (strcmp(flag, "--replay") == 0) { options->replayPath = value; }
    else if (strcmp(flag, "--replay-game") == 0) { options->replayGamePath = value; }
    else if (strcmp(flag, "--tune") == 0)
    {
        *valueOk = options->tuneCount < PLATFORM_MAX_TUNES && IsTuneAssignment(value);
        if (*valueOk) options->tunes[options->tuneCount++] = value;
        return 1;
    }
    else if (strcmp(flag, "--game-arg") == 0)
    {
        game_argument checked;
        // NOTE: one entry of game_memory.arguments stays free for --entities N (entities=N).
        *valueOk = options->gameArgumentCount + 1 < GAME_MAX_ARGUMENTS && ParseGameArgument(value, &checked);
        if (*valueOk) options->gameArguments[options->gameArgumentCount++] = value;
        return 1;
    }
    else return 0;
    *valueOk = value != 0;
    return 1;
}

// A flag followed by a number (or two). False when `flag` is not one; *valueOk says whether the
// value is there, well formed and in range.
internal b32 ParseNumberFlag(const char *flag, const char *value, platform_options *options, b32 *valueOk)
{
    b32 ok = 1;
    s64 number = 0;
    if (strcmp(flag, "--frames") == 0)
    {
        ok = ParseWholeNumber(value, 1, 1000000000ll, &number);
        options->frameLimit = number;
    }
    else if (strcmp(flag, "--fixed-dt") == 0) { ok = ParsePositiveReal(value, 1.0f, &options->fixedDt); }
    else if (strcmp(flag, "--hz") == 0)
    {
        ok = ParsePositiveReal(value, PLATFORM_MAX_HZ, &options->targetHz) && options->targetHz >= PLATFORM_MIN_HZ;
    }
    else if (strcmp(flag, "--watchdog") == 0)
    {
        ok = value && strcmp(value, "0") == 0;
        if (ok) options->watchdogSeconds = 0.0f;
        else ok = ParsePositiveReal(value, PLATFORM_MAX_WATCHDOG_SECONDS, &options->watchdogSeconds) &&
                  options->watchdogSeconds >= 0.05f;
    }
    else if (strcmp(flag, "--loop") == 0)
    {
        long long start = -1, length = 0;
        char trailing = 0;
        ok = value && sscanf(value, "%lld,%lld%c", &start, &length, &trailing) == 2 && start >= 0 &&
             length >= 1 && length <= 100000;
        options->loopStartFrame = start;
        options->loopLength = (u32)length;
    }
    else if (strcmp(flag, "--size") == 0)
    {
        int width = 0, height = 0;
        char trailing = 0;
        ok = value && sscanf(value, "%dx%d%c", &width, &height, &trailing) == 2 &&
             width >= 64 && height >= 64 && width <= 16384 && height <= 16384;
        options->windowWidth = width;
        options->windowHeight = height;
    }
    else if (strcmp(flag, "--workers") == 0)
    {
        ok = ParseWholeNumber(value, 1, 64, &number);
        options->highPriorityWorkers = (s32)number;
    }
    else if (strcmp(flag, "--entities") == 0)
    {
        ok = ParseWholeNumber(value, 1, 262144, &number);
        options->entityCount = (u32)number;
    }
    else if (strcmp(flag, "--capsule-seconds") == 0)
    {
        ok = value && strcmp(value, "0") == 0;
        if (ok) options->capsuleSeconds = 0.0f;
        else ok = ParsePositiveReal(value, PLATFORM_MAX_CAPSULE_SECONDS, &options->capsuleSeconds);
    }
    else if (strcmp(flag, "--history-seconds") == 0)
    {
        ok = value && strcmp(value, "0") == 0;
        if (ok) options->historySeconds = 0.0f;
        else ok = ParsePositiveReal(value, PLATFORM_MAX_HISTORY_SECONDS, &options->historySeconds);
    }
    else if (strcmp(flag, "--history-max-mb") == 0)
    {
        ok = ParseWholeNumber(value, 8, 64 * 1024, &number);
        options->historyMaxMegabytes = (u32)number;
    }
    else if (strcmp(flag, "--capsule-max-mb") == 0)
    {
        ok = ParseWholeNumber(value, 1, 1024 * 1024, &number);
        options->capsuleMaxMegabytes = (u32)number;
    }
    else if (strcmp(flag, "--replay-break-wait") == 0)
    {
        ok = ParseWholeNumber(value, 1, 3600, &number);
        options->replayBreakWaitSeconds = (u32)number;
    }
    else if (strcmp(flag, "--trace-frames") == 0) { ok = ParseWholeNumber(value, 1, 1000000000ll, &options->traceFrames); }
    else if (strcmp(flag, "--handover") == 0)
    {
        char *end = 0;
        options->handover = strtoull(value, &end, 16);
        ok = end && end != value && *end == 0 && options->handover != 0;
    }
    else if (strcmp(flag, "--low-workers") == 0)
    {
        ok = ParseWholeNumber(value, 1, 64, &number);
        options->lowPriorityWorkers = (s32)number;
    }
    else return 0;
    *valueOk = ok;
    return 1;
}

// The flags whose value is optional: --loop alone (with --replay: loop the replay; with START,LEN:
// record and loop live input) and --replay-break [FRAME]. False when `flag` is neither; *consumed
// says whether `value` was taken as theirs.
internal b32 ParseOptionalValueFlag(const char *flag, const char *value, platform_options *options, b32 *consumed)
{
    *consumed = 0;
    b32 haveValue = value && value[0] && !(value[0] == '-' && value[1] == '-');
    if (strcmp(flag, "--loop") == 0 && !haveValue)
    {
        options->replayLoop = 1;
        return 1;
    }
    if (strcmp(flag, "--replay-break") == 0)
    {
        options->replayBreak = 1;
        s64 frame = 0;
        if (haveValue && ParseWholeNumber(value, 0, 0x7fffffffffffffffll, &frame))
        {
            options->replayBreakFrame = frame;
            *consumed = 1;
        }
        return 1;
    }
    return 0;
}

// Flags that only mean something together. False with the reason.
internal b32 CheckReplayFlags(platform_options *options, char *errorText, umm errorTextSize)
{
    const char *needsReplay = options->replayGamePath ? "--replay-game" : options->replayBreak ? "--replay-break" :
                              options->replayCompare ? "--compare" : options->replayLoop ? "--loop (without START,LEN)" : 0;
    if (!options->replayPath && needsReplay)
    {
        FormatText(errorText, errorTextSize, "%s needs --replay PATH", needsReplay);
        return 0;
    }
    if (options->replayBreakWaitSeconds != PLATFORM_DEFAULT_REPLAY_BREAK_WAIT_SECONDS && !options->replayBreak)
    {
        FormatText(errorText, errorTextSize, "--replay-break-wait needs --replay-break");
        return 0;
    }
    if (options->replayCompare && !options->replayGamePath)
    {
        FormatText(errorText, errorTextSize, "--compare needs --replay-game DLL (the build to compare with the capsule's)");
        return 0;
    }
    if (options->replayCompare && options->replayLoop)
    {
        FormatText(errorText, errorTextSize, "--compare and --loop do not go together");
        return 0;
    }
    if (options->replayPath && options->loopStartFrame >= 0)
    {
        FormatText(errorText, errorTextSize, "--loop START,LEN records live input; with --replay use --loop alone");
        return 0;
    }
    return 1;
}

b32 ParsePlatformOptions(int argc, char **argv, platform_options *options,
                         char *errorText, umm errorTextSize)
{
    DefaultPlatformOptions(options);
    errorText[0] = 0;
    for (int argIndex = 1; argIndex < argc; ++argIndex)
    {
        const char *flag = argv[argIndex];
        const char *value = (argIndex + 1 < argc) ? argv[argIndex + 1] : 0;
        if (ParseSwitchFlag(flag, options)) continue;
        b32 consumed = 0;
        if (ParseOptionalValueFlag(flag, value, options, &consumed))
        {
            if (consumed) ++argIndex;
            continue;
        }

        if (strcmp(flag, "--screenshot") == 0 && value && !HasScreenshotExtension(value))
        {
            FormatText(errorText, errorTextSize, "--screenshot '%s': unsupported file type; only .png and .bmp "
                     "are written", value);
            return 0;
        }
        b32 valueOk = 1;
        if (!ParsePathFlag(flag, value, options, &valueOk) && !ParseNumberFlag(flag, value, options, &valueOk))
        {
            FormatText(errorText, errorTextSize, "unknown flag '%s' (try --help)", flag);
            return 0;
        }
        if (!valueOk)
        {
            FormatText(errorText, errorTextSize, "bad or missing value for %s: '%s'", flag, value ? value : "");
            return 0;
        }
        ++argIndex;     // the value
    }
    return CheckReplayFlags(options, errorText, errorTextSize);
}
