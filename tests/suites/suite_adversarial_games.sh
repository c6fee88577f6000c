#!/usr/bin/env bash
# Nothing written in game code takes the engine down. Under Wine, one engine run (--watchdog 1)
# meets, one build at a time, builds that each misuse the contract in one way:
#  - adversarial builds (tests/fixtures/adversarial_game.cpp, written only against game_platform.h and the
#    game-side headers): crashing or hanging gameGetContractVersion, malformed gameStateLayout
#    exports (pointer 0x10, huge count, unterminated name, fields outside the DLL), an export
#    forwarded into kernel32 -> refused with
#    a logged reason before any of their code runs; lying render commands (pushBufferSize,
#    16384x16384 texture over 64 bytes, 0xFFFFFFFF peel layers, moved pushBufferBase, lying
#    quadCount) -> the bad entry or field is named in a warning and the engine draws on; an arena
#    overflow by count x size wrap -> refused and counted;
#  - hanging builds of a real game (the fixture game, tests/fixtures/fault_game.cpp, GAME_TEST_HANG_PLACE): an endless
#    loop in the update, sound, end of frame, a parallel-for job the update waits for, a job-graph
#    job the update waits for, a background task, and an update waiting on a flag with Sleep ->
#    the watchdog interrupts it, memory is restored, the previous build runs again;
#  - after every one of them the next good build loads.
# ExitThread or ExitProcess imported by a build are contained like crashes. A second run: ExitThread
# found with GetProcAddress -> a clear logged error and exit code 3 (the thread and the work it
# owned are gone; see README). Every wait has a timeout; a timeout is a failure.
# Natively: the render-command validation test. Figures: watchdog detection time, recovery cost.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/suite_adversarial_games"
rm -rf "$out"
mkdir -p "$out/run"

#- Native: render command validation and push-buffer size math (tests/unit/unit_tests.txt)
run_unit_tests adversarial_games
printf '#define ADVERSARY 7\n#include "../tests/fixtures/adversarial_game.cpp"\n' >"$out/adversary_unit.cpp"
check "MSVC-dialect compile of tests/fixtures/adversarial_game.cpp" tests/tools/msvc_check.sh "$out/adversary_unit.cpp"
printf '#define GAME_TEST_HANG_PLACE 5\n#include "../tests/fixtures/fault_game.cpp"\n' >"$out/hang_unit.cpp"
check "MSVC-dialect compile of tests/fixtures/fault_game.cpp (a hang build)" tests/tools/msvc_check.sh "$out/hang_unit.cpp"

#- Builds
work="$out/src"
make_work_copy "$work"
check "engine and game build" build_engine_copy "$work"
exe="$work/build/win32_platform.exe"
# The good build: the fixture game the hang builds are made of (fault_game.cpp without a fault), so
# every build of the run keeps its state layout.
build_fixture_dll good tests/fixtures/fault_game.cpp "$work/code" || echo "FAIL build of the good build (the fixture game)"
build_dll() { build_game_dll "$@" || echo "FAIL build of $1"; }
adversaries="1 2 3 4 5 12 15 6 7 8 9 10 11 14"
for number in $adversaries 13; do
    forwarder=""
    [ "$number" = 15 ] && forwarder=tests/fixtures/adversarial_forwarder.def
    build_dll "adversary_$number" tests/fixtures/adversarial_game.cpp -DADVERSARY=$number $forwarder
done
# NOTE: the background task last: it scribbled in an earlier frame than the one it is interrupted
# in, and only the interrupted frame is rolled back (see README), so its scribble stays.
hang_places="1 2 3 4 5 7 6"
for place in $hang_places 8; do
    { build_fixture_dll "hang_$place" tests/fixtures/fault_game.cpp "$work/code" -DGAME_TEST_HANG_PLACE=$place ||
        echo "FAIL build of hang_$place"; } &
    [ $((place % 2)) -eq 0 ] && wait
done
wait

run="$out/run"
cp "$exe" "$run/"
install_dll() { install_game_dll "$run" "$1"; }

log="$out/adversarial.log"
install_dll "$out/good.dll"
# NOTE: 30 frames a second and 256 entities: the run waits on builds swapped in (as in suite_misuse_games).
start_engine_logged "$log" wine "$run/win32_platform.exe" --log "$log" --quit-file "$run/quit" --size 160x120 --hz 30 \
    --entities 256 --watchdog 1
engine=$ENGINE_PID
check "engine starts with the good build" wait_for_log "$log" "game: code version 1 running" 90

# next_good_build_loads WHAT: installs the good build again and waits for it to load.
next_good_build_loads() {
    local before
    before=$(count_of_regex "$log" "$game_code_loaded_regex")
    install_dll "$out/good.dll"
    check "$1: the next good build loads" wait_for_regex "$log" "$game_code_loaded_regex" $((before + 1)) 30
    check "$1: the engine is alive" engine_alive "$engine"
}

#- Adversarial builds
expect_of() {
    case $1 in
        1) echo "refused: gameGetContractVersion failed: access violation at game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+|refused" ;;
        2) echo "refused: gameGetContractVersion failed: hang \(no return within the watchdog limit\) at|refused" ;;
        3) echo "refused: it exports a malformed gameStateLayout: field 0: structName \([0-9a-fA-Fx]*10\) is outside the DLL|refused" ;;
        4) echo "refused: it exports a malformed gameStateLayout: layout has 2147483647 fields \(at most 512\)|refused" ;;
        5) echo "refused: it exports a malformed gameStateLayout: field 0: structName .*unterminated|refused" ;;
        12) echo "refused: it exports a malformed gameStateLayout: its 4 fields at .* lie outside the DLL|refused" ;;
        15) echo "refused: export gameUpdateAndRender points outside the DLL's image|refused" ;;
        6) echo "render: .*first: pushBufferSize 4294967280 is larger than the buffer|runs" ;;
        7) echo "render: .*first: bad Texture pixels \(not inside game memory or the push buffer\)|runs" ;;
        8) echo "render: .*first: depthPeelLayers 4294967295 clamped to 16|runs" ;;
        9) echo "adversary 9: PushArray of 2\^61\+1 u64 gave null, 0 bytes used, 1 overflows|runs" ;;
        10) echo "render: .*first: pushBufferBase moved off the platform's buffer|runs" ;;
        11) echo "render: .*first: bad Quads quadCount in the entry|runs" ;;
        14) echo "crash: ExitProcess called by game code in game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+|runs" ;;
    esac
}
for number in $adversaries; do
    spec=$(expect_of "$number")
    pattern=${spec%|*}
    outcome=${spec##*|}
    what="adversary $number"
    [ -f "$out/adversary_$number.dll" ] || { fail "$what: no build"; continue; }
    before=$(count_of_regex "$log" "$pattern")
    install_dll "$out/adversary_$number.dll"
    if wait_for_regex "$log" "$pattern" $((before + 1)) 40; then pass; else fail "$what: expected log line '$pattern'"; fi
    if [ "$outcome" = refused ]; then
        check "$what: none of its update ran" test "$(count_of_regex "$log" "adversary $number: running")" -eq 0
    else
        check "$what: it was loaded and ran" wait_for_regex "$log" "adversary $number: running" 1 10
        [ "$number" = 9 ] && check "$what: the arena logged the refused overflow" grep -q "arena 'adversary' overflow" "$log"
    fi
    echo "outcome: adversary $number: $(grep -E -- "$pattern" "$log" | tail -n 1 | cut -c1-220)"
    next_good_build_loads "$what"
done

#- ExitThread from the update (an imported call): contained like a crash
what="ExitThread in the update"
crashes=$(count_of_regex "$log" "crash: ExitThread called by game code")
install_dll "$out/hang_8.dll"
check "$what: contained, the call site named" wait_for_regex "$log" "crash: ExitThread called by game code in game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+" $((crashes + 1)) 40
check "$what: memory restored" bash -c "grep 'crash: ExitThread' '$log' | tail -n 1 | grep -q 'game memory restored to its pre-frame state'"
echo "outcome: $what: $(grep 'crash: ExitThread' "$log" | tail -n 1 | cut -c1-200)"
next_good_build_loads "$what"

#- Hangs in each place: interrupted by the watchdog, recovered like a crash
hang_names=(x "update" "sound" "end of frame" "every parallel-for batch (update waiting in ParallelFor)" \
            "job-graph job (update waiting in WaitForJobGraph)" "background task" "update waiting with Sleep(1)")
for place in $hang_places; do
    what="hang in ${hang_names[$place]}"
    [ -f "$out/hang_$place.dll" ] || { fail "$what: no build"; continue; }
    hangs=$(count_of_regex "$log" "crash: hang")
    interrupts=$(count_of_regex "$log" "watchdog: game code on thread")
    rollbacks=$(count_of_regex "$log" "rollback: running the code of version")
    install_dll "$out/hang_$place.dll"
    check "$what: it started hanging" wait_for_regex "$log" "test fault: hanging now \(place $place\)" 1 40
    if wait_for_regex "$log" "crash: hang \(no return within the watchdog limit\) in [^ ]+\+0x[0-9a-f]+" $((hangs + 1)) 30; then
        pass
    else
        fail "$what: the watchdog did not interrupt it"
        continue
    fi
    check "$what: the log says where it was stuck" bash -c "grep 'watchdog: game code on thread' '$log' | tail -n 1 | grep -qE 'stuck at (game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+|.*called from game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+)'"
    check "$what: memory restored" bash -c "grep 'crash: hang' '$log' | tail -n 1 | grep -q 'game memory restored to its pre-frame state'"
    check "$what: the previous build runs again" wait_for_regex "$log" "rollback: running the code of version" $((rollbacks + 1)) 30
    echo "outcome: $what: $(( $(count_of_regex "$log" "watchdog: game code on thread") - interrupts )) thread(s) interrupted; last: $(grep 'watchdog: game code on thread' "$log" | tail -n 1 | cut -c1-240)"
    next_good_build_loads "$what"
    if [ "$place" != 6 ]; then
        frames=$(grep "game: code version" "$log" | tail -n 1 | sed -E 's/.* ([0-9]+) frames simulated.*/\1/')
        check "$what: game state intact afterwards (${frames:-?} frames)" test "${frames:-0}" -lt 100000
    fi
done
check "no hanging build was loaded twice" test "$(count_of_regex "$log" "test fault: hanging now")" -eq "$(echo $hang_places 8 | wc -w)"
touch "$run/quit"
wait_for_exit "$engine" 60
check "the run exits 0 after every misuse" test "$LAST_EXIT_STATUS" -eq 0
check "the run logged its clean exit" grep -q "engine: exiting cleanly" "$log"

#- ExitThread found at run time (GetProcAddress): the thread is lost; a clear error and exit 3, not a hang
exit_log="$out/exit_thread.log"
rm -f "$run/quit"
install_dll "$out/good.dll"
start_engine_logged "$exit_log" wine "$run/win32_platform.exe" --log "$exit_log" --quit-file "$run/quit" --size 160x120 \
    --unthrottled --watchdog 1
engine=$ENGINE_PID
check "lost thread run starts" wait_for_log "$exit_log" "game: code version 1 running" 60
install_dll "$out/adversary_13.dll"
check "lost thread: the build ran" wait_for_log "$exit_log" "adversary 13: running" 40
wait_for_exit "$engine" 40
check "lost thread: the engine exits with code 3 (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 3
check "lost thread: the log says why" grep -q "watchdog: thread [0-9]* ended while inside game code" "$exit_log"
echo "outcome: adversary 13 (ExitThread via GetProcAddress): exit $LAST_EXIT_STATUS: $(grep 'ended while inside game code' "$exit_log" | cut -c1-160)"

#- --hz outside 1..1000 is refused when parsing flags
wine "$run/win32_platform.exe" --hz 0.001 --log "$out/hz.log" >/dev/null 2>&1
check "--hz 0.001 is refused (exit 2)" test $? -eq 2
check "--hz 0.001: the log names the flag" grep -q "bad or missing value for --hz" "$out/hz.log"

#- Figures (printed, never asserted)
echo "figure: watchdog detection (time in game code when interrupted, limit 1 s): median $(grep -oE 'did not return for [0-9.]+ s' "$log" | awk '{print $5}' | median) s over $(count_of_regex "$log" 'did not return for') hangs"
echo "figure: hang recovery (drain + restore + rollback): median $(grep -oE 'crash: recovered in [0-9.]+ ms' "$log" | awk '{print $4}' | median) ms"

summary
