#!/usr/bin/env bash
# Tunables (docs/tunables.md) end to end, on the starter (code/starter/starter_tuning.h) in one
# engine run on a copy of the engine, so the write-backs edit the copy's sources:
#  - --tune at start: the first frame runs with it (the starter logs the frame that first sees a
#    change), an unknown name is refused with an error and the run goes on;
#  - the tune.request file and the F2 panel (xdotool: F2, Down, Right; the arrows do not reach
#    the game, whose cube would move with them): the log says
#    `tune: NAME = VALUE (was OLD) ... used from frame F` and the starter's line for frame F has the
#    value: the next frame uses it; the value is written to its line, nothing else of the file changes;
#  - a line edited on disk meanwhile is not overwritten: the write-back is refused with the reason;
#  - the next build: a written-back value comes back with no jump (no tune line), the hand-edited
#    one is taken from the new source; a tunable retyped is reset to its compiled value, one added
#    is announced, one removed too;
#  - --trace has the tune lines as instants; the run exits 0;
#  - a capsule saved after the changes replays them at their frames: exit 0, every hash equal.
# The text work itself (values, rewriting a line) is unit-tested in tests/unit/test_tune_source.cpp.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
ensure_display
trap stop_own_display EXIT

out="$BUILD_DIR/suite_tunables"
rm -rf "$out"
mkdir -p "$out"
work="$out/e2e"
make_work_copy "$work"
check "the engine builds in a fresh copy" build_engine_copy "$work"
# NOTE: built in the copy itself (not the build cache), so __FILE__ names the copy's tuning header.
check "misc/build.sh starter builds starter.dll in the copy" build_engine_copy "$work" starter
exe="$work/build/win32_platform.exe"
tuning="$work/code/starter/starter_tuning.h"
cp "$tuning" "$out/tuning_original.h"
log="$out/run.log"
quit="$work/build/quit.now"
request="$work/build/tune.request"
rm -f "$quit" "$request"

# tune_frame NAME VALUE SOURCE: the frame the change of NAME to VALUE from SOURCE was first used in.
tune_frame() {
    sed -nE "s/.*tune: $1 = $2 \(was [^)]*\) from $3, used from frame ([0-9]+).*/\1/p" "$log" | tail -n 1
}
# starter_sees FRAME SPIN MOVE: the starter's update of FRAME ran with those values.
starter_sees() { grep -qF "starter: frame $1 runs with spin speed $2, move speed $3" "$log"; }
# line_of NAME: the tuning header's line declaring NAME.
line_of() { grep -F "($1," "$tuning"; }
# only_line_changed NAME OLD NEW: the header is the original with NAME's value OLD made NEW, no other byte.
only_line_changed() { sed "s/($1, $2,/($1, $3,/" "$out/tuning_expected.h" | cmp -s - "$tuning"; }
cp "$tuning" "$out/tuning_expected.h"

#- --tune at start
start_engine_logged "$log" wine "$exe" --game "$work/build/starter.dll" --log "$log" --quit-file "$quit" --size 320x180 \
    --trace "$out/trace.json" --tune STARTER_TUNING_MOVE_SPEED=4.5 --tune STARTER_TUNING_NOPE=1
engine_pid=$ENGINE_PID
check "--tune is applied before the first update" wait_for_log "$log" "tune: STARTER_TUNING_MOVE_SPEED = 4.5 (was 3) from --tune, used from frame 0" 90
check "... and frame 0 runs with it" wait_for_log "$log" "starter: frame 0 runs with spin speed 0.5, move speed 4.5" 30
check "an unknown --tune name is an error naming it, and the run goes on" \
    grep -qF "error: tune: --tune 'STARTER_TUNING_NOPE=1' refused: version 1 has no tunable named 'STARTER_TUNING_NOPE'" "$log"
check "the --tune value is written back to its line (only its value token)" only_line_changed STARTER_TUNING_MOVE_SPEED 3.00f 4.50f
cp "$tuning" "$out/tuning_expected.h"

#- The request file
printf '# a comment\r\nSTARTER_TUNING_SPIN_SPEED=1.5\r\nSTARTER_TUNING_SPIN_SPEED=9\r\n' >"$request.tmp" && mv "$request.tmp" "$request"
check "a tune.request line is applied" wait_for_log "$log" "tune: STARTER_TUNING_SPIN_SPEED = 1.5 (was 0.5) from tune.request" 30
frame=$(tune_frame STARTER_TUNING_SPIN_SPEED 1.5 tune.request)
check "... the frame it names (${frame:-none}) runs with it" wait_for_log "$log" "starter: frame ${frame:-x} runs with spin speed 1.5, move speed 4.5" 10
check "a value outside the range is refused naming the line" \
    wait_for_log "$log" "tune: tune.request line 3 'STARTER_TUNING_SPIN_SPEED=9' refused: 9 is outside the range [0, 4]" 10
check "the request file is consumed" bash -c "sleep 0.5; test ! -e '$request' && test ! -e '$request.taken'"
check "the request's value is written back to its line" only_line_changed STARTER_TUNING_SPIN_SPEED 0.50f 1.50f
cp "$tuning" "$out/tuning_expected.h"
# A capsule now holds both changes (replayed after the run): the spin speed turns the cube, so a
# replay without them would diverge.
sleep 0.5
touch "$work/build/capsules/capsule.request"
check "a capsule is saved after the changes" wait_for_log "$log" "capsule: saved" 30
capsule=$(sed -nE "s/.*capsule: saved '([^']*)'.*/\1/p" "$log" | head -n 1)

#- The F2 panel: F2 opens it, Down selects the second row (the move speed), Right adds 1% of 0..20
WINDOW=$(xdotool search --all --pid "$engine_pid" --name "Handmade Engine" 2>/dev/null | head -n 1)
if [ -n "$WINDOW" ]; then
    xdotool windowfocus --sync "$WINDOW" 2>/dev/null || xdotool windowfocus "$WINDOW" 2>/dev/null
    for key in F2 Down Right; do
        xdotool keydown --window "$WINDOW" "$key"; sleep 0.1; xdotool keyup --window "$WINDOW" "$key"; sleep 0.3
    done
    check "F2 opens the panel" wait_for_log "$log" "tune: panel opened (2 tunables)" 20
    check "Down, Right on the panel raise the move speed by a step" \
        wait_for_log "$log" "tune: STARTER_TUNING_MOVE_SPEED = 4.7 (was 4.5) from the panel" 20
    frame=$(tune_frame STARTER_TUNING_MOVE_SPEED 4.7 "the panel")
    check "... the frame it names (${frame:-none}) runs with it" starter_sees "${frame:-x}" 1.5 4.7
    check "the arrows the panel took did not reach the game (the cube has not moved)" \
        grep -qF "starter: frame ${frame:-x} runs with spin speed 1.5, move speed 4.7 (cube at x 0.00, z 0.00)" "$log"
    check "the panel's value is written back to its line" only_line_changed STARTER_TUNING_MOVE_SPEED 4.50f 4.70f
    xdotool keydown --window "$WINDOW" F2; sleep 0.1; xdotool keyup --window "$WINDOW" F2
    check "F2 closes the panel" wait_for_log "$log" "tune: panel closed" 20
else
    fail "no engine window found with xdotool: the panel is not tested"
fi
cp "$tuning" "$out/tuning_expected.h"

#- A line edited on disk meanwhile is not overwritten
sed -i -E 's/(STARTER_TUNING_SPIN_SPEED, )1\.50f/\12.25f/' "$tuning"
cp "$tuning" "$out/tuning_hand_edited.h"
printf 'STARTER_TUNING_SPIN_SPEED=1\n' >"$request.tmp" && mv "$request.tmp" "$request"
check "a tune after a hand edit still changes the running game" \
    wait_for_log "$log" "tune: STARTER_TUNING_SPIN_SPEED = 1 (was 1.5) from tune.request" 30
check "... but its write-back is refused, saying why" \
    wait_for_log "$log" "tune: STARTER_TUNING_SPIN_SPEED not written back to" 10
check "... the reason names the line and the value found" grep -qE "line 10 says 2\.25f where 1\.5 was expected" "$log"
check "... and the file is left as the hand edit made it" cmp -s "$tuning" "$out/tuning_hand_edited.h"

#- The next build: the written-back move speed comes back with no jump, the hand edit is taken
reloads_before=$(count_of "$log" "tune: STARTER_TUNING_MOVE_SPEED =")
check "the edited starter builds" build_engine_copy "$work" starter
check "version 2 takes the hand-edited value from its source" \
    wait_for_log "$log" "tune: STARTER_TUNING_SPIN_SPEED = 2.25 (was 1) at the reload to version 2: the new build's source says so" 60
check "... and runs with it, the written-back move speed kept" wait_for_log "$log" "runs with spin speed 2.25, move speed 4.7" 20
check "the written-back move speed shows no jump (no tune line at the reload)" \
    test "$(count_of "$log" "tune: STARTER_TUNING_MOVE_SPEED =")" -eq "$reloads_before"

#- Retyped, added, removed across a reload
sed -i -E 's/^TUNE_F32\(STARTER_TUNING_MOVE_SPEED, 4\.70f, 0\.0f, 20\.0f\)/TUNE_S32(STARTER_TUNING_MOVE_SPEED, 5, 0, 20)  /' "$tuning"
sed -i -E 's/^TUNE_F32\(STARTER_TUNING_SPIN_SPEED,/TUNE_F32(STARTER_TUNING_SPIN_RATE,/; s/TUNE\(STARTER_TUNING_SPIN_SPEED\)/TUNE(STARTER_TUNING_SPIN_RATE)/' \
    "$tuning" "$work/code/starter/starter.cpp"
check "the retyped starter builds" build_engine_copy "$work" starter
check "a retyped tunable is reset to its new compiled value, with a warning" \
    wait_for_log "$log" "warning: tune: STARTER_TUNING_MOVE_SPEED = 5 (was 4.7) retyped from f32 to s32 by version 3: reset to its compiled value" 60
check "a renamed tunable is announced as added" grep -qE "tune: STARTER_TUNING_SPIN_RATE added by version 3: 2.25 \(f32, starter_tuning.h:10\)" "$log"
check "... and its old name as removed" grep -qF "tune: STARTER_TUNING_SPIN_SPEED removed by version 3 (was 2.25)" "$log"

touch "$quit"
wait_for_exit "$engine_pid" 60
check "the run exits 0 through the quit file (exit $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
check "--trace holds the tune lines as instants" grep -qF '"tune: STARTER_TUNING_MOVE_SPEED = 4.7 (was 4.5) from the panel' "$out/trace.json"
check "no temporary file is left beside the tuning header" bash -c "! ls '$work/code/starter' | grep -q 'tune.tmp'"

#- The capsule replays the changes at their frames: every state hash equal (exit 0)
cp "$tuning" "$out/tuning_before_replay.h"
run_engine_logged "$out/replay.log" timeout 120 wine "$exe" --replay "$capsule" --log "$out/replay.log" --size 320x180
status=$?
check "the capsule with tune changes replays equal to its end (exit $status)" test "$status" -eq 0
check "... setting the spin speed at its frame, from the capsule" \
    grep -qF "tune: STARTER_TUNING_SPIN_SPEED = 1.5 (was 0.5) from the capsule" "$out/replay.log"
check "... and the move speed set by --tune at the start" grep -qF "tune: STARTER_TUNING_MOVE_SPEED = 4.5 (was 3) from the capsule" "$out/replay.log"
check "a replay writes nothing back" cmp -s "$tuning" "$out/tuning_before_replay.h"

summary
