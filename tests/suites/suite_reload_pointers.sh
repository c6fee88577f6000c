#!/usr/bin/env bash
# Pointers into an old game.dll left in game memory, and nested-layout migration, end to end:
#  - unit tests natively (also under ASan) and under Wine: the pointer scan, the PE reader on a
#    real game.dll, layout comparison and by-name migration through nested structs;
#  - a build that stores a string literal, a function pointer and a pointer to a DLL global in
#    game_state: after a rebuild the log names all three with their fields, nothing crashes, the
#    old image (and its copy) stays while they point into it, and goes once a build clears them;
#  - --strict-pointers refuses that reload instead;
#  - a build with none reports none; 8 MB of random words in game memory: no false report over
#    20 reloads; then a build whose load takes 1.5 s (its DllMain sleeps) is loaded beside the frames:
#    frames run between the log's "build seen at frame F" and the swap's "at frame N";
#  - fixture_entity edited (field added, removed, reordered, resized) while 4096 entities live: each
#    migrated by name with every value kept (digests compared), and a narrowing that would lose
#    values refused with the field named.
# The builds are tests/fixtures/reload_game.cpp around the fixture game (tests/fixtures/fixture_game.cpp),
# whose registered state nests an array of 262144 fixture_entity like a real game's.
# Figures (scan time of the fixture game's written memory, reload stall with and without the scan)
# are printed, never asserted.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-winemenubuilder.exe=d;mscoree=;mshtml=};winedbg.exe=d"

out="$BUILD_DIR/suite_reload_pointers"
rm -rf "$out"
mkdir -p "$out/run"
work="$out/src"
make_work_copy "$work" tests/fixtures

# NOTE: start Wine's services outside any pipe: started from inside $(...) they would inherit the
# pipe, outlive the command (the wineserver is persistent) and hang the substitution.
wineboot >/dev/null 2>&1 </dev/null

check "engine and game build" build_engine_copy "$work"
exe="$work/build/win32_platform.exe"

# build_reload_variant NAME FIXTURES DEFINES...: reload_game.cpp of FIXTURES (tests/fixtures of $work,
# or an edited copy of it) over $work/code, through test_lib.sh's build_variant
build_reload_variant() {
    local name=$1 fixtures=$2
    shift 2
    VARIANT_SOURCE="$fixtures/reload_game.cpp" build_variant "$name" "$work/code" "$@"
}
# copy_fixtures DEST: DEST becomes a copy of tests/fixtures, to edit the fixture game's state in.
copy_fixtures() {
    rm -rf "$1"
    cp -r "$work/tests/fixtures" "$1"
}
build_reload_variant ptr_store "$work/tests/fixtures" -DGAME_TEST_POINTERS=1 &
build_reload_variant ptr_clear "$work/tests/fixtures" -DGAME_TEST_POINTERS=2
wait
build_reload_variant random_fill "$work/tests/fixtures" -DGAME_TEST_RANDOM_FILL=1 &
build_reload_variant ptr_crash "$work/tests/fixtures" -DGAME_TEST_POINTERS=1 -DGAME_TEST_CRASH_PLACE=1 -DGAME_TEST_CRASH_KIND=1
wait
copy_fixtures "$out/ptr_layout_src"
sed -i '/X(u32, collisionBounces, )/a\    X(u32, addedForTest, ) \\' "$out/ptr_layout_src/fixture_game.h"
cmp -s "$work/tests/fixtures/fixture_game.h" "$out/ptr_layout_src/fixture_game.h" && fail "the ptr_layout variant changed nothing"
build_reload_variant ptr_layout "$out/ptr_layout_src" -DGAME_TEST_POINTERS=1 &
build_reload_variant ptr_scratch "$work/tests/fixtures" -DGAME_TEST_SCRATCH_POINTER=1
wait
build_reload_variant slow_load "$work/tests/fixtures" -DGAME_TEST_RANDOM_FILL=1 -DGAME_TEST_SLOW_LOAD_MS=1500

#- Unit tests (tests/unit/unit_tests.txt), natively (also under ASan) and under Wine, on a real game.dll
UNIT_TEST_ARGS[test_pointer_scan]="$out/ptr_store.dll"
UNIT_TEST_ARGS[test_pointer_scan:mingw]=$(winepath -w "$out/ptr_store.dll" 2>/dev/null)
run_unit_tests reload_pointers
printf '#define GAME_TEST_POINTERS 1\n#define GAME_TEST_RANDOM_FILL 1\n#define GAME_TEST_ENTITY_DIGEST 1\n#define GAME_WITH_STATE_MIGRATION 1\n#define GAME_TEST_CRASH_PLACE 1\n#define GAME_TEST_CRASH_KIND 1\n#include "../tests/fixtures/reload_game.cpp"\n' >"$out/msvc_test_game.cpp"
printf '#define GAME_TEST_POINTERS 2\n#define GAME_TEST_SCRATCH_POINTER 1\n#include "../tests/fixtures/reload_game.cpp"\n' >"$out/msvc_test_game_clear.cpp"
check "MSVC-dialect compile of the test game builds (tests/fixtures/reload_game.cpp)" \
    tests/tools/msvc_check.sh "$out/msvc_test_game.cpp" "$out/msvc_test_game_clear.cpp" tests/fixtures/reload_game.cpp

run="$out/run"
cp "$exe" "$run/"
install_dll() { install_game_dll "$run" "$1"; }
copies_of_version() { ls "$run" | grep -cE "^game_loaded_[0-9]+_$1\.dll$"; }
# NOTE: the timeline off (--history-seconds 0): it keeps every build its history spans loaded, with
# its copy (suite_timeline), and would keep the old images these checks see the pointer guard keep
# and release.
start_engine() {
    local log=$1
    shift
    rm -f "$run/quit"
    start_engine_logged "$log" wine "$run/win32_platform.exe" --log "$log" --quit-file "$run/quit" --size 160x120 \
        --unthrottled --fixed-dt 0.0166667 --history-seconds 0 "$@"
    engine=$ENGINE_PID
}
stop_engine() {
    touch "$run/quit"
    wait_for_exit "$engine" 120
    check "$1: exits 0" test "$LAST_EXIT_STATUS" -eq 0
}

#- Default policy: found, named, kept while referenced, released when cleared
log="$out/keep.log"
install_dll "$out/ptr_store.dll"
start_engine "$log"
check "keep: engine starts" wait_for_log "$log" "test pointers: stored a string literal, a function and a global of code version 1" 120
install_dll "$out/ptr_store.dll"
check "keep: the rebuild loads" wait_for_log "$log" "game: code version 2 running" 120
check "keep: three pointers into version 1 reported" grep -q "pointers: 3 pointers into game code version 1 remain in game memory" "$log"
check "keep: the string literal is named with its field and text" \
    grep -qE "pointers:   game_state\.testName \(permanent\+0x[0-9a-f]+\) = 0x[0-9a-f]+ -> game code version 1 \.rdata\+0x[0-9a-f]+ \"test pointer: a string literal inside game.dll\"" "$log"
check "keep: the function pointer is named with its field and symbol" \
    grep -qE "pointers:   game_state\.testCallback \(permanent\+0x[0-9a-f]+\) = 0x[0-9a-f]+ -> game code version 1 \.text\+0x[0-9a-f]+ TestPointerCallback[[:space:]]*$" "$log"
check "keep: the global's address is named with its field and symbol" \
    grep -qE "pointers:   game_state\.testGlobal \(permanent\+0x[0-9a-f]+\) = 0x[0-9a-f]+ -> game code version 1 \.(bss|data)\+0x[0-9a-f]+ globalTestPointerTarget[[:space:]]*$" "$log"
check "keep: the old image's copy stays on disk" test "$(copies_of_version 1)" -eq 1
# Version 2 calls the stored function and reads the stored string every frame: that is a crash if
# version 1 had been freed.
sleep 3
check "keep: version 2 runs on the old image's pointers without a crash" bash -c "! grep -q 'crash:' '$log'"
check "keep: the engine is alive" kill -0 "$engine"
install_dll "$out/ptr_store.dll"
check "keep: version 3 loads" wait_for_log "$log" "game: code version 3 running" 120
check "keep: nothing points into version 2: reported as none" grep -q "pointers: none into game code version 2" "$log"
sleep 2
check "keep: version 1 is still held while the pointers remain" bash -c "! grep -q 'released the image of game code version 1' '$log'"
check "keep: its copy is still there" test "$(copies_of_version 1)" -eq 1
install_dll "$out/ptr_clear.dll"
check "keep: the clearing build runs" wait_for_log "$log" "test pointers: cleared by code version 4" 120
check "keep: a later scan releases version 1" wait_for_log "$log" \
    "pointers: released the image of game code version 1 (nothing in game memory points into it any more)" 120
sleep 0.5
check "keep: version 1's copy deleted on release" test "$(copies_of_version 1)" -eq 0
install_dll "$out/ptr_clear.dll"
check "keep: a build with none reports none" wait_for_log "$log" "pointers: none into game code version 4" 120
check "keep: exactly one warning in the whole run" test "$(grep -c 'pointers: [0-9]* pointers\? into game code' "$log")" -eq 1
check "keep: no crash in the run" bash -c "! grep -q 'crash:' '$log'"
stop_engine "keep"
check "keep: no private copy left after exit" test "$(ls "$run" | grep -c '^game_loaded_')" -eq 0

#- Rollback after a crash and an F10 reset are swaps too
log="$out/swaps.log"
install_dll "$out/ptr_store.dll"
start_engine "$log"
check "swaps: engine starts" wait_for_log "$log" "test pointers: stored" 120
install_dll "$out/ptr_crash.dll"
check "swaps: the crashing build crashes" wait_for_log "$log" "crash: access violation" 120
check "swaps: the rollback returns to version 1's code" wait_for_log "$log" "rollback: running the code of version 1 again, as version 3" 120
check "swaps: pointers into version 1 reported once, at the reload" test "$(grep -c 'pointers: 3 pointers into game code version 1' "$log")" -eq 1
check "swaps: the crashed build is scanned at the rollback" wait_for_log "$log" "pointers: none into game code version 2" 120
sleep 2
check "swaps: version 1 stays held after the rollback" bash -c "! grep -q 'released the image of game code version 1' '$log'"
check "swaps: exactly one crash" test "$(grep -c 'crash: access violation' "$log")" -eq 1
install_dll "$out/ptr_layout.dll"
check "swaps: a layout change is refused" wait_for_log "$log" "layout: build refused" 120
window=$(xdotool search --name "Handmade Engine" 2>/dev/null | head -n 1)
if [ -n "$window" ]; then
    xdotool windowfocus "$window" 2>/dev/null
    xdotool keydown --window "$window" F10; sleep 0.4; xdotool keyup --window "$window" F10
fi
check "swaps: F10 resets state for the new layout" wait_for_log "$log" "layout: game state reset for the new layout" 120
check "swaps: the reset leaves nothing pointing into version 1: released" wait_for_log "$log" \
    "pointers: released the image of game code version 1 (nothing in game memory points into it any more)" 120
check "swaps: the reset code is scanned as none" grep -q "pointers: none into game code version 3" "$log"
check "swaps: the new build runs on fresh state (version 4 was its refusal)" wait_for_log "$log" "test pointers: stored a string literal, a function and a global of code version 5" 120
check "swaps: still one crash only" test "$(grep -c 'crash: access violation' "$log")" -eq 1
stop_engine "swaps"
check "swaps: no private copy left after exit" test "$(ls "$run" | grep -c '^game_loaded_')" -eq 0

#- --strict-pointers: the reload is refused
log="$out/strict.log"
install_dll "$out/ptr_store.dll"
start_engine "$log" --strict-pointers
check "strict: engine starts" wait_for_log "$log" "test pointers: stored" 120
install_dll "$out/ptr_store.dll"
check "strict: the reload is refused" wait_for_log "$log" \
    "pointers: build refused (--strict-pointers): 3 pointers into game code version 1 remain in game memory; keeping version 1" 120
# NOTE: the refusal's field lines follow its first line by a few ms; under load the check could read
# the log between them (seen with another suite beside this one), so it waits for them first.
wait_for_count "$log" "error: pointers:   game_state.test" 3 20
check "strict: the refusal names the fields" bash -c "grep -A3 'build refused (--strict-pointers)' '$log' | grep -c 'game_state.test' | grep -qx 3"
sleep 1
check "strict: no code of the refused build ran" bash -c "! grep -q 'game: code version 2 running' '$log'"
check "strict: the old code keeps running" kill -0 "$engine"
stop_engine "strict"

#- Random words in game memory, many reloads: no false report
log="$out/random.log"
install_dll "$out/random_fill.dll"
start_engine "$log"
check "random: engine starts" wait_for_log "$log" "test random fill: 8 MB of random words written by code version 1" 120
reloads=20
for reload in $(seq 2 $((reloads + 1))); do
    install_dll "$out/random_fill.dll"
    wait_for_log "$log" "test random fill: 8 MB of random words written by code version $reload" 120 ||
        { fail "random: reload $reload not seen"; break; }
done
scans=$(grep -c "pointers: none into game code version" "$log")
false_reports=$(grep -c "pointers: [0-9]* pointers\? into game code" "$log")
echo "random data: $false_reports false reports over $scans scans at $reloads reloads"
check "random: every reload scanned ($scans of $reloads)" test "$scans" -eq "$reloads"
check "random: no false report over $reloads reloads" test "$false_reports" -eq 0
# A build whose load takes 1.5 s (its DllMain sleeps): loaded beside the frames, which go on meanwhile.
slow=$((reloads + 2))
install_dll "$out/slow_load.dll"
check "slow load: the build runs" wait_for_log "$log" "test random fill: 8 MB of random words written by code version $slow" 120
seen_frame=$(grep -oE "reload: build seen at frame [0-9]+ \([0-9.]+ ms after it was written\) loaded beside the frames in [0-9.]+ ms \(build $slow\)" "$log" | grep -oE "frame [0-9]+" | grep -oE "[0-9]+")
swap_frame=$(grep -oE "reload: game code version $slow running \(replacing [0-9]+\): build seen [0-9.]+ ms after it was written, loaded beside the frames in [0-9.]+ ms \(copy [0-9.]+, load [0-9.]+, checks [0-9.]+\), swap [0-9.]+ ms at frame [0-9]+ \(drain [0-9.]+, thread scan [0-9.]+, pointer scan [0-9.]+\)" "$log" | grep -oE "at frame [0-9]+" | grep -oE "[0-9]+")
check "slow load: the reload line has every stage (seen at frame ${seen_frame:-none}, swapped at frame ${swap_frame:-none})" test -n "$seen_frame" -a -n "$swap_frame"
check "slow load: frames ran while it loaded ($(( ${swap_frame:-0} - ${seen_frame:-0} )) frames between seeing it and the swap)" test "$(( ${swap_frame:-0} - ${seen_frame:-0} ))" -ge 3
stop_engine "random"
random_log="$log"

#- Nested layouts: fixture_entity edited while 4096 entities live, migrated by name
# entity_source NAME SED-EXPRESSION: a copy of the fixture game with FIXTURE_ENTITY_FIELDS edited.
entity_source() {
    copy_fixtures "$out/entity_$1"
    sed -i "/define FIXTURE_ENTITY_FIELDS/,/X(u32, pad, )/ {
$2
}" "$out/entity_$1/fixture_game.h"
    cmp -s "$work/tests/fixtures/fixture_game.h" "$out/entity_$1/fixture_game.h" && fail "entity variant $1 changed nothing"
}
entity_source added '/X(u32, bounces, )/a\    X(u32, addedForTest, )    \\'
entity_source removed 's/^    X(u32, pad, )$//'
entity_source reordered 's/X(f32, yaw, )     /X(f32, TEMPNAME, )/; s/X(f32, spinRate, )/X(f32, yaw, )     /; s/X(f32, TEMPNAME, )/X(f32, spinRate, )/'
entity_source resized 's/X(u32, bounces, )/X(u64, bounces, )/'
entity_source narrowed 's/X(u32, color, )/X(u16, color, )/'
migrating="-DGAME_WITH_STATE_MIGRATION=1 -DGAME_TEST_ENTITY_DIGEST=1"
build_reload_variant entity_base "$work/tests/fixtures" $migrating &
build_reload_variant entity_added "$out/entity_added" $migrating
wait
build_reload_variant entity_removed "$out/entity_removed" $migrating &
build_reload_variant entity_reordered "$out/entity_reordered" $migrating
wait
build_reload_variant entity_resized "$out/entity_resized" $migrating &
build_reload_variant entity_narrowed "$out/entity_narrowed" $migrating
wait

log="$out/nested.log"
install_dll "$out/entity_base.dll"
start_engine "$log"
check "nested: engine starts with 4096 entities" wait_for_log "$log" "game: state initialized (4096 entities)" 120
migrations=0
for variant in added base removed base reordered base resized; do
    migrations=$((migrations + 1))
    install_dll "$out/entity_$variant.dll"
    if ! wait_for_count "$log" "test digest migrated" "$migrations" 120; then
        fail "nested $variant: not migrated ($(grep -E 'layout:|migration' "$log" | tail -n 1))"
        continue
    fi
    pass
    # The digest of the entity fields every variant keeps, after the old code's last frame and
    # right after the migration, must be equal: every value of every entity carried by name.
    before=$(awk -v n="$migrations" '/test digest frame/ {last=$NF} /test digest migrated/ {if (++seen == n) {print last; exit}}' "$log")
    after=$(grep "test digest migrated" "$log" | sed -n "${migrations}p" | awk '{print $NF}')
    check "nested $variant: 4096 entities migrated with every value kept ($before = $after)" \
        bash -c "[ -n '$before' ] && [ '$before' = '$after' ] && grep 'test digest migrated' '$log' | sed -n '${migrations}p' | grep -q '4096 entities'"
done
check "nested: the change inside fixture_entity is named with where it is used" \
    grep -qE "struct fixture_entity \(in game_state\.entities\[[0-9]+\]\): field 'addedForTest' added" "$log"
check "nested: a resized entity field is named" grep -q "field 'bounces' resized 4 -> 8 bytes (type u32 -> u64)" "$log"
declined=$(grep -c "gameMigrateState of the new build declined" "$log")
install_dll "$out/entity_narrowed.dll"
check "nested narrowed: refused, naming the entity and field" wait_for_log "$log" \
    "game: migration refused: game_state.entities[0].color: u32 -> u16 cannot hold the value at element 0" 120
check "nested narrowed: the platform keeps the old code and restores state" \
    wait_for_count "$log" "gameMigrateState of the new build declined" $((declined + 1)) 120
sleep 1
check "nested: entities still simulate after the refusal" bash -c "tail -n 30 '$log' | grep -q 'test digest frame: 4096 entities'"
check "nested: no crash in the run" bash -c "! grep -q 'crash:' '$log'"
stop_engine "nested"

#- The frame scratch (outside the rollback snapshot) is scanned like the rest of game memory
log="$out/scratch.log"
install_dll "$out/ptr_scratch.dll"
start_engine "$log"
check "scratch: engine starts" wait_for_log "$log" "test pointers: stored a string literal of code version 1 at the end of the frame scratch" 120
install_dll "$out/ptr_scratch.dll"
check "scratch: the rebuild loads" wait_for_log "$log" "game: code version 2 running" 120
check "scratch: the pointer in the frame scratch is found and named" grep -qE \
    "pointers: +frame scratch\+0x[0-9a-f]+ = 0x[0-9a-f]+ -> game code version 1 .*test pointer: a string literal in the frame scratch" "$log"
check "scratch: no crash in the run" bash -c "! grep -q 'crash:' '$log'"
stop_engine "scratch"

#- Figures (printed, never asserted)
scan_ms=$(grep -oE "pointers: none into game code version [0-9]* \(scanned [0-9]* KB written memory in [0-9.]* ms" "$random_log" | sed 's/$/)/')
echo "figure: pointer scan of the fixture game's written memory (with 8 MB random fill): median $(echo "$scan_ms" | awk '{print $(NF-1)}' | median) ms over $(echo "$scan_ms" | grep -c .) scans of $(echo "$scan_ms" | awk '{print $9}' | median) KB"
stalls=$(grep -oE "loaded \(replacing [1-9][0-9]*\) in [0-9.]+ ms .*pointer scan [0-9.]+ of it" "$random_log")
echo "figure: reload stall with the scan: median $(echo "$stalls" | awk '{print $5}' | median) ms; without it (same reloads, scan subtracted): median $(echo "$stalls" | awk '{print $5 - $(NF-2)}' | median) ms"

summary
