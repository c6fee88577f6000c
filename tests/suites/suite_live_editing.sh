#!/usr/bin/env bash
# Live-editing safety net, end to end under Wine:
#  - crash containment: for each of the three exports and a job callback, a build that crashes
#    there on purpose with each crash kind (access violation, integer divide by zero, illegal
#    instruction, stack overflow); the engine survives, memory equals the pre-frame state, the
#    previous build runs again, the crashing build is not retried, the next good build loads
#    (the fixture game, tests/fixtures/fault_game.cpp, with and without a fault);
#  - layout changes of the demo's state (add, remove, reorder, resize a field) refused before any
#    new code runs, and the demo built with its gameMigrateState migrating the state;
#  - looped live editing: record 120 frames, play 5 passes with identical memory hashes, then a
#    rebuild during playback changes the next pass.
# Figures (snapshot cost, crash recovery time, loop start/restart) are printed, never asserted.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
source tests/suites/crash_matrix_lib.sh

out="$BUILD_DIR/suite_live_editing"
rm -rf "$out"
mkdir -p "$out/run"
work="$out/src"
make_work_copy "$work"

check "engine and game build" build_engine_copy "$work"
exe="$work/build/win32_platform.exe"
cp "$work/build/game.dll" "$out/good.dll"
build_fixture_dll fixture_good tests/fixtures/fault_game.cpp "$work/code" || echo "FAIL build of the fixture game"

#- Variants, built two at a time (2 cores)
for place in 1 2 3 4; do
    for kind in 1 2 3 4; do
        build_fixture_dll "crash_${place}_${kind}" tests/fixtures/fault_game.cpp "$work/code" \
            -DGAME_TEST_CRASH_PLACE=$place -DGAME_TEST_CRASH_KIND=$kind || echo "FAIL build of variant crash_${place}_${kind}" &
        [ $(( (place * 4 + kind) % 2 )) -eq 0 ] && wait
    done
done
wait
for kind in 1 2 3 4; do
    printf '#define GAME_TEST_CRASH_PLACE 4\n#define GAME_TEST_CRASH_KIND %s\n#include "../tests/fixtures/fault_game.cpp"\n' $kind >"$out/crash_unit_$kind.cpp"
done
check "MSVC-dialect compile of tests/fixtures/fault_game.cpp (each crash kind)" tests/tools/msvc_check.sh "$out"/crash_unit_?.cpp

# make_layout_source NAME SED-ON-game.h [SED-ON-game.cpp]: a copy of the game with registered state edited.
make_layout_source() {
    local name=$1 expression=$2 codeExpression=${3:-}
    copy_code_tree "$out/layout_$name"
    sed -i "$expression" "$out/layout_$name/demo/demo.h"
    [ -n "$codeExpression" ] && sed -i "$codeExpression" "$out/layout_$name/demo/demo_exports.cpp"
    if cmp -s "$work/code/demo/demo.h" "$out/layout_$name/demo/demo.h"; then echo "FAIL layout variant $name changed nothing"; fi
}
make_layout_source added '/X(u32, bounceSoundsPlayed, )/a\    X(u32, addedForTest, ) \\'
make_layout_source removed '/X(u32, bounceSoundsPlayed, )/d' '/++state->bounceSoundsPlayed;/d'
make_layout_source reordered 's/X(f32, spinAngle, )  /X(f32, TEMPNAME, )  /; s/X(u32, bounceSoundsPlayed, )/X(f32, spinAngle, )  /; s/X(f32, TEMPNAME, )  /X(u32, bounceSoundsPlayed, )/'
make_layout_source resized 's/X(u32, bounceSoundsPlayed, )/X(u64, bounceSoundsPlayed, )/'
build_variant layout_added "$out/layout_added" &
build_variant layout_removed "$out/layout_removed"
wait
build_variant layout_reordered "$out/layout_reordered" &
build_variant layout_resized "$out/layout_resized"
wait
build_variant layout_migrating "$out/layout_added" -DGAME_WITH_STATE_MIGRATION=1

run="$out/run"
cp "$exe" "$run/"
install_dll() { install_game_dll "$run" "$1"; }

#- Crash containment: one engine run through all sixteen faulty builds (tests/suites/crash_matrix_lib.sh)
log="$out/crash.log"
start_crash_matrix_engine "$run" "$log" "$out/fixture_good.dll"
engine=$CRASH_ENGINE_PID
run_crash_matrix "$run" "$log" "$out" "$out/fixture_good.dll"
touch "$run/quit"
wait_for_exit "$engine" 60
check "crash run exits 0" test "$LAST_EXIT_STATUS" -eq 0
crash_log=$log

#- Layout changes of the demo: refused before any code of the build runs
log="$out/layout.log"
rm -f "$run/quit"
install_dll "$out/good.dll"
# NOTE: 30 frames a second, not unthrottled: the run waits on builds swapped in, and every frame it
# draws meanwhile is CPU the other lane waits for. So does the reset run below.
start_engine_logged "$log" wine "$run/win32_platform.exe" --log "$log" --quit-file "$run/quit" --size 160x120 --hz 30 \
    --fixed-dt 0.0166667
engine=$ENGINE_PID
check "layout run starts with the demo" wait_for_log "$log" "game: code version 1 running" 60
versions_running() { grep -c "game: code version" "$log"; }
# The build loaded last logs "code version N running" on its first update, a moment after the
# reload line: wait for it, so a count taken now is not overtaken by that line.
wait_for_latest_running() {
    local latest
    latest=$(grep -oE "(game code version [0-9]+ loaded|as version [0-9]+)" "$log" | grep -oE "[0-9]+" | tail -n 1)
    wait_for_log "$log" "game: code version $latest running" 30
}
for variant in added removed reordered resized; do
    expected="struct game_state: field 'addedForTest' added"
    [ $variant = removed ] && expected="struct game_state: field 'bounceSoundsPlayed' removed"
    [ $variant = reordered ] && expected="struct game_state: field 'spinAngle' reordered"
    [ $variant = resized ] && expected="struct game_state: field 'bounceSoundsPlayed' resized 4 -> 8 bytes"
    wait_for_latest_running
    before=$(versions_running)
    refusals=$(grep -c "layout: build refused" "$log")
    install_dll "$out/layout_$variant.dll"
    check "layout $variant: refused" wait_for_count "$log" "layout: build refused" $((refusals + 1)) 30
    check "layout $variant: the change is named ($expected)" bash -c "grep 'layout: build refused' '$log' | tail -n 1 | grep -qF \"$expected\""
    sleep 0.5
    check "layout $variant: none of its code ran" test "$(versions_running)" -eq "$before"
done
migrations=$(grep -c "layout: state migrated" "$log")
install_dll "$out/layout_migrating.dll"
check "a build with gameMigrateState migrates" wait_for_count "$log" "layout: state migrated by gameMigrateState" $((migrations + 1)) 30
migrated=$(grep "game: migrated state" "$log" | tail -n 1)
check "migration carried the state over ($migrated)" bash -c "echo '$migrated' | grep -qE '[1-9][0-9]* fields carried, .* [1-9][0-9]* frames simulated'"
# F10 accepts a refused layout change by resetting state (the migrated layout has addedForTest;
# the resized variant lacks it and resizes bounceSoundsPlayed).
refusals=$(grep -c "layout: build refused" "$log")
initializations=$(grep -c "game: state initialized" "$log")
install_dll "$out/layout_resized.dll"
check "F10: a layout change is refused first" wait_for_count "$log" "layout: build refused" $((refusals + 1)) 30
window=$(xdotool search --name "Handmade Engine" 2>/dev/null | head -n 1)
if [ -n "$window" ]; then
    xdotool windowfocus "$window" 2>/dev/null
    xdotool keydown --window "$window" F10; sleep 0.4; xdotool keyup --window "$window" F10
fi
check "F10: the refused build is retried with a reset" wait_for_log "$log" "layout: F10 pressed: reloading the refused build with a state reset" 30
check "F10: game state reset for the new layout" wait_for_log "$log" "layout: game state reset for the new layout" 30
check "F10: the game starts from a fresh state" wait_for_count "$log" "game: state initialized" $((initializations + 1)) 30
touch "$run/quit"
wait_for_exit "$engine" 60
check "layout run exits 0" test "$LAST_EXIT_STATUS" -eq 0

#- --reset-on-layout-change: the same acceptance from the command line
reset_log="$out/reset.log"
rm -f "$run/quit"
install_dll "$out/good.dll"
start_engine_logged "$reset_log" wine "$run/win32_platform.exe" --log "$reset_log" --quit-file "$run/quit" --size 160x120 \
    --hz 30 --reset-on-layout-change
engine=$ENGINE_PID
check "reset run starts" wait_for_log "$reset_log" "game: code version 1 running" 60
install_dll "$out/layout_removed.dll"
check "--reset-on-layout-change resets instead of refusing" wait_for_log "$reset_log" "layout: game state reset for the new layout" 30
check "--reset-on-layout-change names the change" grep -q "reset for the new layout.*field 'bounceSoundsPlayed' removed" "$reset_log"
check "--reset-on-layout-change: the new build runs on fresh state" wait_for_count "$reset_log" "game: state initialized" 2 30
touch "$run/quit"
wait_for_exit "$engine" 60
check "reset run exits 0" test "$LAST_EXIT_STATUS" -eq 0
check "crash run logged its clean exit" grep -q "engine: exiting cleanly" "$crash_log"
check "layout run logged its clean exit" grep -q "engine: exiting cleanly" "$log"

#- Looped live editing: record 120 frames, play 5 passes, then edit during playback
loop_log="$out/loop.log"
rm -f "$run/quit"
install_dll "$out/good.dll"
start_engine_logged "$loop_log" wine "$run/win32_platform.exe" --log "$loop_log" --quit-file "$run/quit" --size 160x120 \
    --unthrottled --fixed-dt 0.0166667 --loop 30,120 --entities 256
engine=$ENGINE_PID
# NOTE: a generous limit (the wait returns as soon as the line appears): 1,200 llvmpipe frames (10 passes) on a
# loaded 2-core machine have taken over 300 s.
check "loop: 5 passes played" wait_for_count "$loop_log" "loop: pass 5 ended" 1 600
hashes=$(grep -o "loop: pass [0-9]* ended, game memory hash [0-9a-f]*" "$loop_log" | head -n 5 | awk '{print $NF}' | sort -u | wc -l)
check "loop: the memory hash is identical at the end of all 5 passes" test "$hashes" -eq 1
first_hash=$(grep -o "ended, game memory hash [0-9a-f]*" "$loop_log" | head -n 1 | awk '{print $NF}')
sed "s/DEMO_TUNING_SPIN_SPEED, 0.50f/DEMO_TUNING_SPIN_SPEED, 0.65f/" "$work/code/demo/demo_tuning.h" >"$out/tuning_065.h"
copy_code_tree "$out/src_065" && cp "$out/tuning_065.h" "$out/src_065/demo/demo_tuning.h"
build_variant spin_065 "$out/src_065"
install_dll "$out/spin_065.dll"
check "loop: the edited build loads during playback" wait_for_log "$loop_log" "spin speed 0.65" 60
# The pass running at the swap is mixed; the ones after it run the new code entirely. NOTE: counted
# from the new code's first line (its first update logs it), not from before the install: under load
# more than one pass can end between the install and the swap, and the last two of "passes before the
# install + 3" are then the mixed pass and a new one (a clean-clone run at load 7 failed the check
# below; its log was not kept, so this is the likeliest cause, not a proven one).
swap_line=$(grep -n "spin speed 0.65" "$loop_log" | head -n 1 | cut -d: -f1)
passes_at_swap=$(head -n "${swap_line:-0}" "$loop_log" | grep -c "ended, game memory hash")
check "loop: playback goes on" wait_for_count "$loop_log" "ended, game memory hash" $((passes_at_swap + 3)) 120
new_hashes=$(tail -n +"$((${swap_line:-0} + 1))" "$loop_log" | grep -o "ended, game memory hash [0-9a-f]*" | sed -n '2,3p' |
    awk '{print $NF}' | sort -u)
check "loop: passes after the edit agree with each other (the 2nd and 3rd after the swap: $(echo $new_hashes))" \
    test "$(echo "$new_hashes" | wc -l)" -eq 1
check "loop: the edit shows in the next pass (hash ${new_hashes} != ${first_hash})" test "$new_hashes" != "$first_hash"
touch "$run/quit"
wait_for_exit "$engine" 60
check "loop run exits 0" test "$LAST_EXIT_STATUS" -eq 0

#- Figures (printed, not asserted)
echo "figure: snapshot upkeep: $(grep -o 'snapshot: [0-9.]* ms per frame.*' "$loop_log" | tail -n 1)"
echo "figure: crash recovery: $(grep -o 'crash: recovered in [0-9.]* ms' "$crash_log" | awk '{print $4}' | sort -g | awk '{v[NR]=$1} END {print "median " v[int((NR+1)/2)] " ms over " NR " crashes"}')"
echo "figure: loop start: $(grep -o 'marked [0-9]* KB of game memory in [0-9.]* ms' "$loop_log" | head -n 1)"
echo "figure: loop restart: $(grep -o 'restored [0-9]* KB in [0-9.]* ms' "$loop_log" | awk '{print $5}' | sort -g | awk '{v[NR]=$1} END {print "median " v[int((NR+1)/2)] " ms"}')"

summary
