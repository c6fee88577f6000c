#!/usr/bin/env bash
# Platform skeleton suite: unit tests (native and MinGW under Wine), the MSVC-dialect check, the
# capsule fuzzers, and end-to-end runs of win32_platform.exe under Wine: hot reload of an edited
# game, bad DLLs, a lock file that stays, a missing DLL, the command-line interface, and misc/run.sh and
# misc/build.sh rebuilding only what changed (the exe only when a file it was built from did).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/suite_platform"
CONTRACT_VERSION=$(grep -E '^#define GAME_CONTRACT_VERSION' code/contract/game_platform.h | awk '{print $3}')
rm -rf "$out"
mkdir -p "$out"

#- Unit tests (tests/unit/unit_tests.txt), natively and as Windows exes under Wine, and the
#  MSVC-dialect check of every translation unit of the exe, the DLL and the bad builds
run_unit_tests platform
for unit in code/win32/win32_main.cpp code/demo/demo_main.cpp tests/fixtures/bad_game_missing_export.cpp \
            tests/fixtures/bad_game_wrong_contract.cpp tests/unit/fuzz_capsule.cpp; do
    check "MSVC-dialect compile of $unit" tests/tools/msvc_check.sh "$unit"
done
grep '^FIGURE' "$(unit_test_exe test_capsule_format native).output.txt"

#- Fuzzing the capsule reader and the chunk decompressor (tests/unit/fuzz_capsule.cpp): libFuzzer +
#  ASan + UBSan, seeded with the capsules and streams test_capsule_format writes, bounded in time
#  (FUZZ_SECONDS, default 8). Single-threaded each: they run side by side, one per core, before
#  the end-to-end part so no engine competes with them. A crash or an inconsistent result fails.
fuzz_seconds=${FUZZ_SECONDS:-8}
seeds="$out/capsule_seeds"
mkdir -p "$seeds"
check "test_capsule_format writes the fuzzers' seeds" "$(unit_test_exe test_capsule_format native)" --write-seeds "$seeds"
fuzzed=""
fuzz_pids=()
# The two fuzzers build side by side (each compile is single-threaded), then fuzz side by side.
build_pids=()
for target in reader decompress; do
    upper=$(echo "$target" | tr a-z A-Z)
    clang++ -std=c++14 -g -O1 -Icode -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
        "-DFUZZ_CAPSULE_$upper=1" tests/unit/fuzz_capsule.cpp -o "$out/fuzz_capsule_$target" \
        >"$out/fuzz_capsule_$target.build.txt" 2>&1 &
    build_pids+=($!)
done
for index in 0 1; do
    target=$([ "$index" -eq 0 ] && echo reader || echo decompress)
    fuzzer="$out/fuzz_capsule_$target"
    if wait "${build_pids[$index]}"; then
        pass
    else
        fail "build of fuzz_capsule_$target"
        head -n 8 "$fuzzer.build.txt" | sed 's/^/    /'
        continue
    fi
    corpus="$out/corpus_$target"
    mkdir -p "$corpus" "$out/crashes_$target"
    [ "$target" = reader ] && cp "$seeds"/*.capsule "$corpus/" 2>/dev/null
    [ "$target" = decompress ] && cp "$seeds"/*.lz "$corpus/" 2>/dev/null
    (cd "$out/crashes_$target" && "$fuzzer" -max_total_time="$fuzz_seconds" -max_len=16384 -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 "$corpus" >"$out/fuzz_capsule_$target.txt" 2>&1
     echo $? >"$out/fuzz_capsule_$target.status") &
    fuzz_pids+=($!)
    fuzzed="$fuzzed $target"
done
[ "${#fuzz_pids[@]}" -gt 0 ] && wait "${fuzz_pids[@]}"
for target in $fuzzed; do
    fuzz_log="$out/fuzz_capsule_$target.txt"
    status=$(cat "$out/fuzz_capsule_$target.status" 2>/dev/null || echo 99)
    runs=$(grep -oE 'Done [0-9]+ runs' "$fuzz_log" | awk '{print $2}')
    if [ "$status" -eq 0 ] && [ -n "$runs" ] && ! grep -qE 'ERROR: (AddressSanitizer|libFuzzer)|runtime error:|deadly signal' "$fuzz_log"; then
        pass
        echo "FIGURE fuzz capsule $target: $runs inputs in ${fuzz_seconds} s, no crash"
    else
        fail "fuzz_capsule_$target crashed (exit $status); reproducer in $out/crashes_$target, log $fuzz_log"
        grep -m 3 -E 'ERROR|runtime error|SUMMARY' "$fuzz_log" | sed 's/^/    /'
    fi
done

#- End to end under Wine. A private copy of the engine so the test can edit game source.
work="$out/e2e"
make_work_copy "$work"
export ENGINE_E2E_BUILD="$work/build"

check "engine and game build in a fresh copy" build_engine_copy "$work"
exe="$work/build/win32_platform.exe"
log="$out/engine.log"
quit="$work/build/quit.now"

#- Command line
wine "$exe" --help >"$out/help.txt" 2>&1
check "--help exits 0" test $? -eq 0
check "--help lists --frames" grep -q -- "--frames N" "$out/help.txt"
wine "$exe" --frames banana --log "$out/badflag.log" >/dev/null 2>&1
check "a bad flag value exits 2" test $? -eq 2
check "a bad flag value is logged" grep -q "bad or missing value for --frames" "$out/badflag.log"

#- misc/run.sh rebuilds only what changed: nothing after a build, everything after an edit
stamp_of() { stat -c %y "$work/build/game.dll" 2>/dev/null; }
built_stamp=$(stamp_of)
(cd "$work" && bash misc/run.sh --help) >"$out/run_help.txt" 2>&1
check "misc/run.sh --help exits 0 and prints the flags" grep -q -- "--frames N" "$out/run_help.txt"
check "misc/run.sh does not rebuild when nothing changed" test "$(stamp_of)" = "$built_stamp"
sleep 1.1   # mtimes must differ for find -newer
touch "$work/code/demo/demo_tuning.h"
(cd "$work" && bash misc/run.sh --help) >"$out/run_help_edited.txt" 2>&1
check "misc/run.sh rebuilds after a source changed" test "$(stamp_of)" != "$built_stamp"

#- misc/build.sh compiles the exe only when a file it was built from changed
exe_stamp() { stat -c %y "$work/build/win32_platform.exe" 2>/dev/null; }
exe_built=$(exe_stamp)
game_built=$(stamp_of)
sleep 1.1
touch "$work/code/demo/demo_tuning.h"
(cd "$work" && bash misc/build.sh) >"$out/build_game_edit.txt" 2>&1
check "after a game-only edit misc/build.sh rebuilds game.dll" test "$(stamp_of)" != "$game_built"
check "... and not the exe (same file, 'win32_platform.exe is up to date')" \
    bash -c "test '$(exe_stamp)' = '$exe_built' && grep -q 'win32_platform.exe is up to date' '$out/build_game_edit.txt'"
# A file the exe includes, changed: it is compiled again (here a missing header makes that compile
# fail at once, which only an attempt can), and a failed build keeps the exe it had.
sed -i '1i #include "suite_platform_no_such_header.h"' "$work/code/win32/win32_main.cpp"
(cd "$work" && bash misc/build.sh) >"$out/build_exe_edit.txt" 2>&1
check "after an edit of the exe's code misc/build.sh compiles the exe (exit $? from a broken compile)" \
    grep -q "suite_platform_no_such_header.h" "$out/build_exe_edit.txt"
check "... and the failed build kept the exe" test "$(exe_stamp)" = "$exe_built"
sed -i '1d' "$work/code/win32/win32_main.cpp"

#- --frames runs exactly N frames and exits cleanly
run_engine_logged "$out/frames.log" wine "$exe" --frames 20 --unthrottled --size 160x120 --log "$out/frames.log"
check "--frames 20 exits 0" test $? -eq 0
check "--frames 20 runs 20 frames" grep -q "exiting cleanly after 20 frames" "$out/frames.log"

#- No XInput DLL at all (as on some machines): gamepads are off, nothing else changes
run_engine_logged "$out/noxinput.log" env WINEDLLOVERRIDES="xinput1_4,xinput9_1_0,xinput1_3=d;$WINEDLLOVERRIDES" \
    wine "$exe" --frames 10 --unthrottled --size 160x120 --log "$out/noxinput.log"
check "without any XInput DLL the engine runs and exits 0" test $? -eq 0
check "without any XInput DLL the log says gamepads are off" grep -q "no XInput library; gamepads disabled" "$out/noxinput.log"

#- Long run for the reload scenarios; ends through the quit file
rm -f "$quit"
start_engine_logged "$log" wine "$exe" --log "$log" --quit-file "$quit" --size 160x120
engine_pid=$ENGINE_PID
check "engine starts and runs game code version 1" wait_for_log "$log" "game: code version 1 running: spin speed 0.50" 30

frames_of() { grep "game: code version $1 running" "$log" | sed -E 's/.* ([0-9]+) frames simulated.*/\1/' | tail -n 1; }

# 1. Edit the game's source while it runs, rebuild only game.dll: new behaviour, same state.
sed -i 's/DEMO_TUNING_SPIN_SPEED, 0.50f/DEMO_TUNING_SPIN_SPEED, 0.75f/' "$work/code/demo/demo_tuning.h"
check "game.dll-only rebuild succeeds" build_engine_copy "$work" game
check "edited code runs without a restart" wait_for_log "$log" "spin speed 0.75" 30
check "the exe did not restart" test "$(grep -c 'engine: starting' "$log")" -eq 1
frames_v2=$(frames_of 2)
check "game state survived the reload (frames kept counting: ${frames_v2:-none})" test "${frames_v2:-0}" -gt 0
check "two private copies exist while running: the loaded build and the rollback build" \
    test "$(ls "$work/build"/game_loaded_*.dll 2>/dev/null | wc -l)" -eq 2

# 2. A DLL that lacks exports
$MINGW_CXX $MINGW_FLAGS -shared tests/fixtures/bad_game_missing_export.cpp -o "$out/missing_export.dll"
install_game_dll "$work/build" "$out/missing_export.dll"
check "missing exports are named in the log" wait_for_log "$log" "lacks required export(s): gameGetSoundSamples DEBUGGameEndFrame" 20

# 3. A truncated DLL (a build that died half-way)
head -c 3000 "$out/missing_export.dll" >"$out/truncated.dll"
install_game_dll "$work/build" "$out/truncated.dll"
check "a truncated DLL is refused with a reason" wait_for_log "$log" "(3000 bytes) is not a loadable DLL" 20

# 4. A file that is not a DLL at all
echo "this is not a DLL" >"$out/not_a_dll.dll"
install_game_dll "$work/build" "$out/not_a_dll.dll"
check "a non-DLL file is refused with a reason" wait_for_log "$log" "(18 bytes) is not a loadable DLL" 20

# 5. A DLL built against another contract version
$MINGW_CXX $MINGW_FLAGS -shared tests/fixtures/bad_game_wrong_contract.cpp -o "$out/wrong_contract.dll"
install_game_dll "$work/build" "$out/wrong_contract.dll"
check "a DLL of another contract version is refused" wait_for_log "$log" "was built against contract version $((CONTRACT_VERSION + 998)) but this exe speaks $CONTRACT_VERSION" 20

# 6. game.dll deleted
rm -f "$work/build/game.dll"
check "a missing game.dll is reported" wait_for_log "$log" "does not exist; running the code already loaded" 20
check "no bad build ever ran" bash -c "! grep -q 'bad game: this code must never run' '$log'"

# 7. A lock file that stays: the new build must wait for it, then load within a frame.
sed -i 's/DEMO_TUNING_SPIN_SPEED, 0.75f/DEMO_TUNING_SPIN_SPEED, 0.90f/' "$work/code/demo/demo_tuning.h"
build_game_dll game_090 "$work/code/demo/demo_main.cpp"
echo "held" >"$work/build/lock.tmp"
install_game_dll "$work/build" "$out/game_090.dll"
check "a present lock file is noticed" wait_for_log "$log" "build in progress (lock file present), waiting" 20
sleep 1.5
check "nothing loads while the lock file exists" bash -c "! grep -q 'spin speed 0.90' '$log'"
rm -f "$work/build/lock.tmp"
check "the build loads once the lock file is gone" wait_for_log "$log" "spin speed 0.90" 20
version_now=$(grep -o "game: code version [0-9]* running: spin speed 0.90" "$log" | awk '{print $4}' | tail -n 1)
check "the still-running old code was replaced by the good build (version ${version_now:-?} > 2)" test "${version_now:-0}" -gt 2
frames_last=$(frames_of "$version_now")
check "state still intact after the bad builds (${frames_last:-?} > ${frames_v2:-?} frames)" test "${frames_last:-0}" -gt "${frames_v2:-0}"

# Versions only increase
check "reload versions strictly increase" bash -c "grep -o 'game code version [0-9]* loaded' '$log' | awk '{print \$4}' | awk 'NR>1 && \$1<=prev {exit 1} {prev=\$1}'"

#- Clean exit through the quit file; private copies removed
touch "$quit"
wait_for_exit "$engine_pid" 20
check "engine exits 0 through the quit file" test "$LAST_EXIT_STATUS" -eq 0
check "engine logged a clean exit" grep -q "engine: exiting cleanly" "$log"
check "no private copy of game.dll is left behind" test "$(ls "$work/build"/game_loaded_*.dll 2>/dev/null | wc -l)" -eq 0

#- Stale copies from a crashed run are cleaned at start
cp "$work/build/game.dll" "$work/build/game_loaded_999_1.dll"
run_engine_logged "$out/stale.log" wine "$exe" --frames 3 --unthrottled --size 160x120 --log "$out/stale.log"
check "stale private copies are deleted at start" grep -q "deleted stale copy 'game_loaded_999_1.dll'" "$out/stale.log"

summary
