#!/usr/bin/env bash
# Nothing a game programmer writes takes the engine down, round 2. Beside suite_adversarial_games:
# one misuse per build, each build written only against the public headers (contract/game_platform.h,
# contract/job_graph.h), met by a running engine under Wine. Every case file
# tests/suites/misuse_cases_*.sh is sourced here in turn; each starts its own engine run(s) with
# misuse_start, installs its builds, checks the engine keeps running (or exits cleanly) with a clear
# logged error within a bound, and that the next good build loads. A wait that times out is a failure.
# Each case prints one "outcome: ..." line per misuse: the log line the engine answered with.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/suite_misuse_games"
rm -rf "$out"
mkdir -p "$out"

#- One engine build and one good game build for every case
work="$out/src"
make_work_copy "$work"
check "engine and game build" build_engine_copy "$work"
exe="$work/build/win32_platform.exe"
cp "$work/build/game.dll" "$out/good.dll"

# misuse_build NAME FIXTURE DEFINES...: a game DLL from a fixture in tests/fixtures/ (built against
# the work copy's code/), into $out/NAME.dll; a failed build is a failure.
misuse_build() {
    local name=$1 fixture=$2
    shift 2
    build_fixture_dll "$name" "$fixture" "$work/code" "$@" || fail "build of $name (see $out/$name.build.txt)"
}

# misuse_start RUN_NAME FLAGS...: a fresh run folder $out/RUN_NAME with the exe and the good build,
# the engine started with --log $MISUSE_LOG --quit-file $MISUSE_RUN/quit and FLAGS; sets
# MISUSE_RUN, MISUSE_LOG and MISUSE_PID, and checks the good build runs.
misuse_start() {
    local name=$1
    shift
    MISUSE_RUN="$out/$name"
    MISUSE_LOG="$out/$name.log"
    rm -rf "$MISUSE_RUN"
    mkdir -p "$MISUSE_RUN"
    cp "$exe" "$MISUSE_RUN/"
    install_game_dll "$MISUSE_RUN" "$out/good.dll"
    # NOTE: 30 frames a second and 256 entities, not unthrottled with the demo's 4,096: each run
    # waits on builds swapped in and on bounds in seconds, and every frame it drew meanwhile was CPU
    # the other lane waits for (46 s of CPU in the eight runs).
    start_engine_logged "$MISUSE_LOG" wine "$MISUSE_RUN/win32_platform.exe" --log "$MISUSE_LOG" --quit-file "$MISUSE_RUN/quit" \
        --size 160x120 --hz 30 --entities 256 "$@"
    MISUSE_PID=$ENGINE_PID
    check "$name: the engine starts with the good build" wait_for_log "$MISUSE_LOG" "game: code version 1 running" 90
}

# misuse_install DLL: the running engine of misuse_start gets DLL as its next game build.
misuse_install() { install_game_dll "$MISUSE_RUN" "$1"; }

# misuse_next_good_build_loads WHAT: the good build again; it loads and the engine is alive.
misuse_next_good_build_loads() {
    local before
    before=$(count_of_regex "$MISUSE_LOG" "$game_code_loaded_regex")
    misuse_install "$out/good.dll"
    check "$1: the next good build loads" wait_for_regex "$MISUSE_LOG" "$game_code_loaded_regex" $((before + 1)) 40
    check "$1: the engine is alive" engine_alive "$MISUSE_PID"
}

# misuse_quit WHAT SECONDS: the quit file; the engine exits within SECONDS (sets LAST_EXIT_STATUS).
misuse_quit() {
    touch "$MISUSE_RUN/quit"
    check "$1: the engine exits within $2 s of the quit file" wait_for_exit "$MISUSE_PID" "$2"
}

# misuse_outcome WHAT REGEX: prints the last log line matching REGEX as the misuse's outcome.
misuse_outcome() { echo "outcome: $1: $(grep -E -- "$2" "$MISUSE_LOG" | tail -n 1 | cut -c1-240)"; }

for cases in tests/suites/misuse_cases_*.sh; do
    [ -f "$cases" ] || continue
    echo "== $(basename "$cases" .sh)"
    source "$cases"
done

summary
