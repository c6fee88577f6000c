// Command-line flags of the exe: the scripting interface must parse exactly and reject bad input.

#include "platform/platform.cpp"
#include "test_framework.h"

internal b32 Parse(const char *a, const char *b, const char *c, platform_options *options, char *error)
{
    char *argv[4] = {(char *)"exe", (char *)a, (char *)b, (char *)c};
    int argc = 1 + (a ? 1 : 0) + (b ? 1 : 0) + (c ? 1 : 0);
    return ParsePlatformOptions(argc, argv, options, error, 256);
}

int main(void)
{
    platform_options options;
    char error[256];

    CHECK(Parse(0, 0, 0, &options, error));
    CHECK(options.frameLimit == 0 && options.targetHz == 60.0f && options.vsync == 1);
    CHECK(options.windowWidth == 1280 && options.windowHeight == 720);

    CHECK(Parse("--frames", "600", 0, &options, error) && options.frameLimit == 600);
    CHECK(Parse("--fixed-dt", "0.0166667", 0, &options, error) && options.fixedDt > 0.0166f && options.fixedDt < 0.0167f);
    CHECK(Parse("--log", "out.log", "--unthrottled", &options, error) && options.unthrottled &&
          strcmp(options.logPath, "out.log") == 0);
    CHECK(Parse("--screenshot", "shot.png", 0, &options, error) && strcmp(options.screenshotPath, "shot.png") == 0);
    CHECK(Parse("--size", "640x360", 0, &options, error) && options.windowWidth == 640 && options.windowHeight == 360);
    CHECK(Parse("--workers", "3", 0, &options, error) && options.highPriorityWorkers == 3);
    CHECK(Parse("--help", 0, 0, &options, error) && options.showHelp);
    CHECK(Parse(0, 0, 0, &options, error) && options.entityCount == 0);
    CHECK(Parse("--entities", "65536", 0, &options, error) && options.entityCount == 65536);
    CHECK(Parse("--entities", "262144", 0, &options, error) && options.entityCount == 262144);
    CHECK(!Parse("--entities", "262145", 0, &options, error) && strstr(error, "--entities") != 0);
    CHECK(!Parse("--entities", "0", 0, &options, error));
    CHECK(strstr(PLATFORM_OPTIONS_HELP, "--entities N") != 0);

    // --game-arg NAME=VALUE: repeatable, checked while parsing, kept in order for game_memory.arguments.
    CHECK(Parse(0, 0, 0, &options, error) && options.gameArgumentCount == 0);
    CHECK(Parse("--game-arg", "level=2", 0, &options, error) && options.gameArgumentCount == 1 &&
          strcmp(options.gameArguments[0], "level=2") == 0);
    CHECK(Parse("--game-arg", "title=", 0, &options, error) && options.gameArgumentCount == 1);
    CHECK(!Parse("--game-arg", "=2", 0, &options, error) && strstr(error, "--game-arg") != 0);
    CHECK(!Parse("--game-arg", "level", 0, &options, error));
    CHECK(!Parse("--game-arg", "bad name=1", 0, &options, error));
    CHECK(!Parse("--game-arg", 0, 0, &options, error));
    CHECK(!Parse("--game-arg", "a_name_that_is_much_too_long_for_it=1", 0, &options, error));
    {
        char *argv[40] = {(char *)"exe"};
        int argc = 1;
        for (int index = 0; index < 15; ++index) { argv[argc++] = (char *)"--game-arg"; argv[argc++] = (char *)"n=1"; }
        CHECK(ParsePlatformOptions(argc, argv, &options, error, 256) && options.gameArgumentCount == 15);
        argv[argc++] = (char *)"--game-arg";
        argv[argc++] = (char *)"n=1";
        CHECK(!ParsePlatformOptions(argc, argv, &options, error, 256));     // the 16th is for --entities
    }
    {
        game_argument argument;
        CHECK(ParseGameArgument("speed.max=12.5", &argument) && strcmp(argument.name, "speed.max") == 0 &&
              strcmp(argument.value, "12.5") == 0);
        game_arguments arguments = {};
        CHECK(ParseGameArgument("entities=300", &arguments.entries[0]) && ParseGameArgument("mode=fast", &arguments.entries[1]) &&
              ParseGameArgument("entities=400", &arguments.entries[2]));
        arguments.count = 3;
        CHECK(strcmp(GameArgumentText(&arguments, "mode"), "fast") == 0 && !GameArgumentText(&arguments, "mod"));
        CHECK(GameArgumentU32(&arguments, "entities", 1, 1000, 7) == 400);     // the last one given wins
        CHECK(GameArgumentU32(&arguments, "entities", 1, 100, 7) == 7);        // out of range
        CHECK(GameArgumentU32(&arguments, "mode", 1, 100, 7) == 7);            // not a number
        b32 given = 1;
        CHECK(GameArgumentU32(&arguments, "missing", 1, 100, 7, &given) == 7 && !given);
    }
    CHECK(strstr(PLATFORM_OPTIONS_HELP, "--game-arg NAME=VALUE") != 0);

    CHECK(Parse(0, 0, 0, &options, error) && options.loopStartFrame == -1);
    CHECK(Parse("--loop", "30,120", 0, &options, error) && options.loopStartFrame == 30 && options.loopLength == 120);
    CHECK(!Parse("--loop", "30", 0, &options, error));
    CHECK(!Parse("--loop", "30,0", 0, &options, error));

    // Capsules and --replay: the optional values of --loop and --replay-break, and the flags that
    // only mean something together.
    CHECK(Parse(0, 0, 0, &options, error) && options.capsuleSeconds == PLATFORM_DEFAULT_CAPSULE_SECONDS &&
          !options.replayPath && options.replayBreakFrame == -1 && options.capsuleMaxMegabytes == 1024);
    CHECK(Parse("--capsule-seconds", "0", 0, &options, error) && options.capsuleSeconds == 0.0f);
    CHECK(Parse("--capsule-seconds", "2.5", 0, &options, error) && options.capsuleSeconds == 2.5f);
    CHECK(!Parse("--capsule-seconds", "601", 0, &options, error) && strstr(error, "--capsule-seconds") != 0);
    CHECK(!Parse("--capsule-seconds", "-1", 0, &options, error));
    CHECK(Parse("--capsule-dir", "caps", 0, &options, error) && strcmp(options.capsuleDir, "caps") == 0);
    CHECK(Parse("--capsule-max-mb", "16", 0, &options, error) && options.capsuleMaxMegabytes == 16);
    CHECK(!Parse("--capsule-max-mb", "0", 0, &options, error));
    CHECK(Parse("--replay", "a.capsule", 0, &options, error) && strcmp(options.replayPath, "a.capsule") == 0 &&
          !options.replayBreak && !options.replayLoop);
    CHECK(Parse("--replay", "a.capsule", "--loop", &options, error) && options.replayLoop && options.loopStartFrame == -1);
    CHECK(Parse("--replay", "a.capsule", "--replay-break", &options, error) && options.replayBreak &&
          options.replayBreakFrame == -1);
    {
        char *argv[6] = {(char *)"exe", (char *)"--replay-break", (char *)"42", (char *)"--replay", (char *)"a.capsule"};
        CHECK(ParsePlatformOptions(5, argv, &options, error, 256) && options.replayBreak && options.replayBreakFrame == 42);
        char *compare[6] = {(char *)"exe", (char *)"--replay", (char *)"a", (char *)"--replay-game", (char *)"b.dll",
                            (char *)"--compare"};
        CHECK(ParsePlatformOptions(6, compare, &options, error, 256) && options.replayCompare &&
              strcmp(options.replayGamePath, "b.dll") == 0);
    }
    CHECK(!Parse("--loop", 0, 0, &options, error) && strstr(error, "--replay") != 0);
    CHECK(!Parse("--replay-break", 0, 0, &options, error) && strstr(error, "--replay") != 0);
    CHECK(!Parse("--replay-game", "b.dll", 0, &options, error) && strstr(error, "--replay") != 0);
    CHECK(!Parse("--replay", "a", "--compare", &options, error) && strstr(error, "--replay-game") != 0);
    CHECK(!Parse("--replay", 0, 0, &options, error));
    CHECK(strstr(PLATFORM_OPTIONS_HELP, "--replay PATH") != 0 && strstr(PLATFORM_OPTIONS_HELP, "20:") != 0);
    CHECK(Parse("--reset-on-layout-change", "--verify-rollback", 0, &options, error) &&
          options.resetOnLayoutChange && options.verifyRollback);
    CHECK(Parse(0, 0, 0, &options, error) && !options.strictPointers);
    CHECK(Parse("--strict-pointers", 0, 0, &options, error) && options.strictPointers);

    CHECK(!Parse("--frames", "0", 0, &options, error));
    CHECK(strstr(error, "--frames") != 0);
    CHECK(!Parse("--frames", "12x", 0, &options, error));
    CHECK(!Parse("--frames", 0, 0, &options, error));
    CHECK(!Parse("--fixed-dt", "-1", 0, &options, error));
    CHECK(!Parse("--size", "640", 0, &options, error));
    CHECK(!Parse("--size", "640x360junk", 0, &options, error));
    CHECK(!Parse("--bogus", 0, 0, &options, error));
    CHECK(strstr(error, "unknown flag '--bogus'") != 0);

    // Screenshots: only .png and .bmp are written, so any other name is refused while parsing.
    CHECK(Parse("--screenshot", "shot.bmp", 0, &options, error) && strcmp(options.screenshotPath, "shot.bmp") == 0);
    CHECK(Parse("--screenshot", "C:\\Shots\\Final.PNG", 0, &options, error));
    CHECK(Parse("--screenshot", "J\xC3\xBCrgen \xE6\x97\xA5\xE6\x9C\xAC/shot.png", 0, &options, error));
    CHECK(!Parse("--screenshot", "x.jpg", 0, &options, error));
    CHECK(strstr(error, "'x.jpg'") != 0 && strstr(error, "only .png and .bmp") != 0);
    CHECK(!Parse("--screenshot", "shot", 0, &options, error));
    CHECK(!Parse("--screenshot", "shot.png.txt", 0, &options, error));
    CHECK(!Parse("--screenshot", "dir/.png", 0, &options, error));
    CHECK(!Parse("--screenshot", 0, 0, &options, error));
    CHECK(HasScreenshotExtension("a.bMp") && !HasScreenshotExtension(".png") && !HasScreenshotExtension("a.pn"));

    // Scripted runs never show a message box; found even when another flag is malformed.
    {
        char *argv[4] = {(char *)"exe", (char *)"--frames", (char *)"banana", (char *)"--quit-file"};
        CHECK(IsScriptedCommandLine(3, argv));
        char *quitOnly[3] = {(char *)"exe", (char *)"--quit-file", (char *)"q"};
        CHECK(IsScriptedCommandLine(3, quitOnly));
        char *interactive[3] = {(char *)"exe", (char *)"--log", (char *)"--frames.log"};
        CHECK(!IsScriptedCommandLine(3, interactive));
        CHECK(!IsScriptedCommandLine(1, argv));
    }

    //- --hz: 1 to 1000 (a fraction of a hertz would pace one frame for minutes)
    CHECK(Parse("--hz", "1", 0, &options, error) && options.targetHz == 1.0f);
    CHECK(Parse("--hz", "1000", 0, &options, error) && options.targetHz == 1000.0f);
    CHECK(!Parse("--hz", "0.001", 0, &options, error));
    CHECK(!Parse("--hz", "0.5", 0, &options, error));
    CHECK(!Parse("--hz", "1001", 0, &options, error));
    CHECK(!Parse("--hz", "0", 0, &options, error));

    //- --watchdog: 0 = off, else 0.05 to 3600 seconds; the default depends on the build
    CHECK(Parse(0, 0, 0, &options, error) && options.watchdogSeconds == PLATFORM_DEFAULT_WATCHDOG_SECONDS);
    CHECK(ENGINE_DEVELOPMENT ? PLATFORM_DEFAULT_WATCHDOG_SECONDS == 10.0f : PLATFORM_DEFAULT_WATCHDOG_SECONDS == 0.0f);
    CHECK(Parse("--watchdog", "0", 0, &options, error) && options.watchdogSeconds == 0.0f);
    CHECK(Parse("--watchdog", "1.5", 0, &options, error) && options.watchdogSeconds == 1.5f);
    CHECK(!Parse("--watchdog", "0.01", 0, &options, error));
    CHECK(!Parse("--watchdog", "-1", 0, &options, error));
    CHECK(!Parse("--watchdog", "3601", 0, &options, error));
    CHECK(!Parse("--watchdog", 0, 0, &options, error));

    //- --replay-break-wait S: 1 to 3600 whole seconds, default 60, only with --replay-break
    {
        CHECK(Parse(0, 0, 0, &options, error) && options.replayBreakWaitSeconds == 60);
        char *argv[6] = {(char *)"exe", (char *)"--replay", (char *)"a.capsule", (char *)"--replay-break",
                         (char *)"--replay-break-wait", (char *)"2"};
        CHECK(ParsePlatformOptions(6, argv, &options, error, 256) && options.replayBreak &&
              options.replayBreakFrame == -1 && options.replayBreakWaitSeconds == 2);
        argv[5] = (char *)"0";
        CHECK(!ParsePlatformOptions(6, argv, &options, error, 256) && strstr(error, "--replay-break-wait") != 0);
        argv[5] = (char *)"3601";
        CHECK(!ParsePlatformOptions(6, argv, &options, error, 256));
        argv[3] = (char *)"--unthrottled";
        argv[5] = (char *)"5";
        CHECK(!ParsePlatformOptions(6, argv, &options, error, 256) && strstr(error, "needs --replay-break") != 0);
    }

    {
        char *argv[5] = {(char *)"exe", (char *)"--frames", (char *)"banana", (char *)"--log", (char *)"x.log"};
        CHECK(!ParsePlatformOptions(5, argv, &options, error, 256));
        CHECK(FindLogPathOption(5, argv) != 0 && strcmp(FindLogPathOption(5, argv), "x.log") == 0);
        CHECK(FindLogPathOption(4, argv) == 0);
    }

    return TestSummary();
}
