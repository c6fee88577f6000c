#!/usr/bin/env bash
# Capsules end to end (win32/capsule/, docs/capsules.md), on the fixture build
# tests/fixtures/capsule_game.cpp, whose fault is reached through recorded input only: the third
# press of C (sent with xdotool) crashes it (CAPSULE_HANG: hangs; CAPSULE_FIXED: nothing;
# CAPSULE_FORMULA_B: another charge formula from the second press on). Every capsule is cut from
# the timeline's history; the hang run has the timeline off (--history-seconds 0), the history then
# keeping the capsule window alone.
#  - a crash: the capsule is written, named in one "capsule: saved" line (path, frames, size, the
#    replay command); the engine goes on and exits 0. --replay reproduces it: exit 20, same frame
#    and function, every earlier hash equal. A hang (--watchdog 1): the same, reason hang;
#  - --replay-game with the changed formula and --compare: exit 21, the frame after the second
#    press and game_state.capsuleCharge named; the fixed build runs the recording to its end
#    (exit 0) and --compare says the recorded fault does not happen;
#  - bad capsules and flags are refused with exit 2 and one "replay: cannot use capsule" line,
#    nothing crashes and no file changes: truncated, wrong magic, another format version, a byte
#    of the embedded build altered, another game's DLL, a missing file, --compare alone;
#  - the F9 live loop saved with F8 replays with --loop in a new process, every pass matching;
#  - determinism: the demo recorded with 1 worker replays equal with 3, the starter recorded with
#    3 equal with 1;
#  - --trace holds the capsule: instants of a recording run and the replay: ones of a replay; two
#    request files give two capsules, the request file deleted once served.
# Kept lean for CI (few engine starts, small windows, 256 entities, --fixed-dt).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-winemenubuilder.exe=d;mscoree=;mshtml=};winedbg.exe=d"

out="$BUILD_DIR/suite_capsules"
rm -rf "$out"
mkdir -p "$out"
work="$out/src"
make_work_copy "$work" tests/fixtures
suite_start=$(date +%s)
# phase NAME: the seconds since the suite began, for the record (the suite's time budget is tight).
phase() { echo "time: $1 at $(( $(date +%s) - suite_start )) s"; }

# NOTE: Wine's services started outside any pipe (see suite_reload_pointers.sh).
wineboot >/dev/null 2>&1 </dev/null

exe="$work/build/win32_platform.exe"
COMMON=(--size 320x180 --fixed-dt 0.0166667)

# run_engine LOG ARGS...: one scripted run in the foreground (bounded); LAST_EXIT_STATUS is its exit code.
run_engine() {
    local log=$1
    shift
    run_engine_logged "$log" timeout --kill-after=5 90 wine "$exe" "${COMMON[@]}" --log "$log" "$@"
    LAST_EXIT_STATUS=$?
    echo "$LAST_EXIT_STATUS" >"$log.exit"
}
# exit_code_in LOG: the exit code run_engine recorded beside LOG (none: "missing").
exit_code_in() { cat "$1.exit" 2>/dev/null || echo missing; }

# start_engine LOG ARGS...: an interactive run (quit file $out/quit) in the background: ENGINE_PID.
start_engine() {
    local log=$1
    shift
    rm -f "$out/quit"
    start_engine_logged "$log" wine "$exe" "${COMMON[@]}" --log "$log" --quit-file "$out/quit" "$@"
}
# stop_engine NAME: quits the interactive run and checks that it exits 0.
stop_engine() {
    touch "$out/quit"
    wait_for_exit "$ENGINE_PID" 60
    check "$1: the engine exits 0 when asked to quit" test "$LAST_EXIT_STATUS" -eq 0
}

# run_engine_bg NAME ARGS...: run_engine in the background (log $out/NAME.log); await NAME later.
# NOTE: replays run beside the interactive runs: the keys go to a window found by its process.
declare -A background=()
run_engine_bg() {
    local name=$1
    shift
    (
        run_engine "$out/$name.log" "$@"
        exit "$LAST_EXIT_STATUS"
    ) &
    background[$name]=$!
}
# await NAME: waits for run_engine_bg NAME; LAST_EXIT_STATUS is its exit code.
await() {
    wait "${background[$1]}"
    LAST_EXIT_STATUS=$?
}

# focus_window: WINDOW becomes the window of the interactive run (ENGINE_PID), focused for xdotool keys.
focus_window() {
    WINDOW=$(xdotool search --all --pid "$ENGINE_PID" --name "Handmade Engine" 2>/dev/null | head -n 1)
    [ -n "$WINDOW" ] || return 1
    xdotool windowfocus --sync "$WINDOW" 2>/dev/null || xdotool windowfocus "$WINDOW" 2>/dev/null
    return 0
}
# press KEY: one press and release (xdotool key name) sent to WINDOW, then a pause of a few frames.
press() {
    xdotool keydown --window "$WINDOW" "$1"
    sleep 0.1
    xdotool keyup --window "$WINDOW" "$1"
    sleep 0.25
}
# press_frame LOG N: the frame at which the fixture counted press N ("" when it did not).
press_frame() { sed -nE "s/.*capsule game: press $2 at frame ([0-9]+) .*/\1/p" "$1" | tail -n 1; }
# capsule_of DIR REASON: the one capsule of that reason in DIR ("" when none or several).
capsule_of() {
    local found
    found=$(ls "$1"/*_"$2"_f*.capsule 2>/dev/null)
    [ "$(echo "$found" | grep -c .)" -eq 1 ] && echo "$found"
}
# same_bytes FILE SHA: FILE still has that sha256.
same_bytes() { [ "$(sha256sum <"$1" | cut -c1-64)" = "$2" ]; }

VARIANT_SOURCE="$work/tests/fixtures/capsule_game.cpp"
variant_builds=()
build_variant capsule_crash "$work/code" &
variant_builds+=($!)
build_variant capsule_hang "$work/code" -DCAPSULE_HANG=1 &
variant_builds+=($!)
build_variant capsule_formula_b "$work/code" -DCAPSULE_FORMULA_B=1 &
variant_builds+=($!)
build_variant capsule_fixed "$work/code" -DCAPSULE_FIXED=1 &
variant_builds+=($!)
check "engine builds" build_engine_copy "$work"
#- 8: the starter recorded with 3 workers (a request file there from the start), while the fixtures build
caps_d="$out/caps_starter"
mkdir -p "$caps_d"
touch "$caps_d/capsule.request"
run_engine_bg starter_run --game "$work/build/starter.dll" --workers 3 --frames 120 --unthrottled --capsule-dir "$caps_d" \
    --trace "$out/starter_trace.json"
printf '#define CAPSULE_HANG 1\n#include "../tests/fixtures/capsule_game.cpp"\n' >"$out/msvc_capsule_hang.cpp"
check "MSVC-dialect compile of tests/fixtures/capsule_game.cpp (crash and hang builds)" \
    tests/tools/msvc_check.sh tests/fixtures/capsule_game.cpp "$out/msvc_capsule_hang.cpp"
wait "${variant_builds[@]}"
for variant in capsule_crash capsule_hang capsule_formula_b capsule_fixed; do
    [ -s "$out/$variant.dll" ] || fail "variant $variant was not built (see $out/$variant.build.txt)"
done

# NOTE: done before any run takes keys (its window is gone).
await starter_run
check "starter run: exit 0 (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
starter_capsule=$(capsule_of "$caps_d" request)
check "starter run: the request file there at start gives a capsule" test -n "$starter_capsule"
check "trace: a recording run's trace holds its 'capsule: saved' instant" python3 - "$out/starter_trace.json" <<'EOF'
import json, sys
events = json.load(open(sys.argv[1]))
events = events["traceEvents"] if isinstance(events, dict) else events
names = [e.get("name", "") for e in events if e.get("ph") == "i"]
assert any(n.startswith("capsule: saved ") for n in names), names
EOF

phase "builds done"
#- 1 and 10: the crash build driven to its fault by three presses of C; two request files first
caps_a="$out/caps_crash"
log_a="$out/crash_run.log"
mkdir -p "$caps_a"
start_engine "$log_a" --game "$out/capsule_crash.dll" --entities 256 --capsule-seconds 4 --capsule-dir "$caps_a"
# NOTE: the keys wait for the build's symbols, so the crash report (and the capsule's fault) names
# the function and line; the replay waits for them too.
check "crash run: the engine starts and reads the build's symbols" \
    wait_for_log "$log_a" "symbols: loaded capsule_crash_loaded_" 60
touch "$caps_a/capsule.request"
check "request: a capsule is saved" wait_for_count "$log_a" "capsule: saved" 1 20
check "request: the request file is deleted once served" test ! -e "$caps_a/capsule.request"
touch "$caps_a/capsule.request"
check "request: a second request gives a second capsule" wait_for_count "$log_a" "capsule: saved" 2 20
check "request: two request capsules, two files (none overwritten)" \
    test "$(find "$caps_a" -name 'capsule_*_request_f*.capsule' | grep -c .)" -eq 2
if focus_window; then
    press c; press c; press c
else
    fail "crash run: no engine window found with xdotool"
fi
check "crash run: the third press crashes the build" wait_for_log "$log_a" "crash: access violation" 20
check "crash run: its capsule is saved" wait_for_count "$log_a" "capsule: saved" 3 20
check "crash run: the engine is alive after the crash" engine_alive "$ENGINE_PID"
stop_engine "crash run"
crash_capsule=$(capsule_of "$caps_a" crash)
press2=$(press_frame "$log_a" 2)
press3=$(press_frame "$log_a" 3)
crash_line=$(sed -nE 's/.*capsule game: crashing now \(capsule_game.cpp, line ([0-9]+)\).*/\1/p' "$log_a" | head -n 1)
echo "crash run: presses at frames $(press_frame "$log_a" 1), $press2, $press3; crash line $crash_line; capsule $crash_capsule"
check "crash run: one crash capsule in --capsule-dir, named after its last frame ($press3)" \
    test -n "$crash_capsule" -a -n "$press3" -a "${crash_capsule##*_f}" = "$press3.capsule"
check "crash run: the crash is named: CapsuleGameFault (capsule_game.cpp:$crash_line) at frame $press3" \
    grep -qE "crash: access violation in .*CapsuleGameFault \(capsule_game.cpp:$crash_line\) .*during frame $press3 " "$log_a"
crash_name=$(basename "$crash_capsule")
crash_kb=$(awk -v s="$(stat -c %s "$crash_capsule" 2>/dev/null || echo 0)" 'BEGIN {printf "%.1f", s / 1024}')
check "crash run: 'capsule: saved' names the path, frames, size ($crash_kb KB) and the replay command" \
    grep -qE "capsule: saved '.*$crash_name' \(crash; frames [0-9]+-$press3, [0-9]+ frames, .*, $crash_kb KB; .*Replay: win32_platform.exe --replay \".*$crash_name\"" "$log_a"
check "crash run: only the crash was an error" test "$(grep -c 'error:' "$log_a")" -eq 1

phase "crash run done"
#- The bad capsules, made now (replayed below with the others)
crash_sha=$(sha256sum <"$crash_capsule" | cut -c1-64)
bad="$out/bad"
mkdir -p "$bad"
python3 - "$crash_capsule" "$bad" <<'EOF' || fail "bad capsules: the helper could not make them"
import struct, sys
data = open(sys.argv[1], "rb").read()
out = sys.argv[2]
open(out + "/truncated.capsule", "wb").write(data[: len(data) // 2])
open(out + "/magic.capsule", "wb").write(b"X" + data[1:])
open(out + "/version.capsule", "wb").write(data[:8] + struct.pack("<I", struct.unpack_from("<I", data, 8)[0] + 1) + data[12:])
# Sections after the 16-byte file header: u32 kind, u32 chunkCount, u64 rawSize, u64 checksum,
# then chunks (u32 rawSize, u32 storedSize, bytes). A byte in the middle of the Build (6) section's
# first chunk is flipped.
at, build = 16, None
while at + 24 <= len(data):
    kind, chunks = struct.unpack_from("<II", data, at)
    at += 24
    first = at
    for _ in range(chunks):
        raw, stored = struct.unpack_from("<II", data, at)
        at += 8 + stored
    if kind == 6:
        raw, stored = struct.unpack_from("<II", data, first)
        build = first + 8 + stored // 2
    if kind == 0:
        break
assert build is not None, "no Build section found"
altered = bytearray(data)
altered[build] ^= 0x5A
open(out + "/build_byte.capsule", "wb").write(bytes(altered))
EOF
declare -A bad_sha=()
for file in "$bad"/*.capsule "$crash_capsule"; do bad_sha[$file]=$(sha256sum <"$file" | cut -c1-64); done
# files_of DIR...: every file but the logs, with its size and time (a changed or added file shows).
files_of() { find "$@" -type f ! -name '*.log' -printf '%p %s %T@\n' | sort; }
listing_before=$(files_of "$caps_a" "$bad")

#- 3: the hang build, interrupted by the watchdog
caps_b="$out/caps_hang"
log_b="$out/hang_run.log"
mkdir -p "$caps_b"
# NOTE: with the timeline off: capsules are cut from the history, which then keeps the capsule window alone.
start_engine "$log_b" --game "$out/capsule_hang.dll" --entities 256 --capsule-seconds 4 --capsule-dir "$caps_b" --watchdog 1 \
    --history-seconds 0
check "hang run: the engine starts and reads the build's symbols" \
    wait_for_log "$log_b" "symbols: loaded capsule_hang_loaded_" 60
check "hang run: --history-seconds 0 turns the timeline off and still records the capsule window" \
    grep -qF "timeline: history off (--history-seconds 0); F5 does nothing; the last 4.0 s are still recorded for capsules" "$log_b"
if focus_window; then
    press c; press c; press c
else
    fail "hang run: no engine window found with xdotool"
fi
check "hang run: the watchdog interrupts the hang" wait_for_log "$log_b" "watchdog: game code on thread" 20
check "hang run: its capsule is saved with reason hang" wait_for_log "$log_b" "capsule: saved" 20
stop_engine "hang run"
hang_capsule=$(capsule_of "$caps_b" hang)
hang_press3=$(press_frame "$log_b" 3)
check "hang run: one capsule, reason hang, ending at the hung frame ($hang_press3)" \
    test -n "$hang_capsule" -a -n "$hang_press3" -a "${hang_capsule##*_f}" = "$hang_press3.capsule"
check "hang run: 'capsule: saved' says hang" grep -qE "capsule: saved '.*_hang_f$hang_press3.capsule' \(hang; " "$log_b"

#- 7 and 8: the demo recorded with 1 worker (a request capsule, then the F9 loop saved with F8)
caps_c="$out/caps_demo"
log_c="$out/demo_run.log"
mkdir -p "$caps_c"
start_engine "$log_c" --entities 256 --workers 1 --capsule-seconds 4 --capsule-dir "$caps_c"
check "demo run: the engine starts" wait_for_log "$log_c" "game: code version 1 running" 60
sleep 0.5
touch "$caps_c/capsule.request"
check "demo run: a request capsule is saved" wait_for_count "$log_c" "capsule: saved" 1 20
if focus_window; then
    press F9; sleep 0.4; press F9; sleep 0.3; press F8
else
    fail "demo run: no engine window found with xdotool"
fi
check "demo run: the F9 loop's capsule is saved (reason loop)" wait_for_log "$log_c" "(loop; frames" 20
stop_engine "demo run"
demo_capsule=$(capsule_of "$caps_c" request)
loop_capsule=$(capsule_of "$caps_c" loop)
loop_frames=$(sed -nE 's/.*capsule: saved .* \(loop; frames [0-9]+-[0-9]+, ([0-9]+) frames.*/\1/p' "$log_c" | head -n 1)
check "demo run: one request and one loop capsule" test -n "$demo_capsule" -a -n "$loop_capsule" -a -n "$loop_frames"
# NOTE: the replays run after the runs that take keys: a window that opens takes the focus from them.
(
    run_engine_bg replay_crash --replay "$crash_capsule" --unthrottled --trace "$out/replay_trace.json"
    await replay_crash
    run_engine_bg compare_formula_b --replay "$crash_capsule" --unthrottled --replay-game "$out/capsule_formula_b.dll" --compare
    run_engine_bg replay_fixed --replay "$crash_capsule" --unthrottled --replay-game "$out/capsule_fixed.dll"
    await replay_fixed
    run_engine_bg compare_fixed --replay "$crash_capsule" --unthrottled --replay-game "$out/capsule_fixed.dll" --compare
    await compare_formula_b
    await compare_fixed
    for name in truncated magic version build_byte; do
        run_engine_bg "bad_$name" --unthrottled --replay "$bad/$name.capsule"
    done
    run_engine_bg bad_other_game --unthrottled --replay "$crash_capsule" --replay-game "$work/build/starter.dll"
    run_engine_bg bad_missing --unthrottled --replay "$bad/no_such.capsule"
    run_engine_bg bad_compare_alone --unthrottled --replay "$crash_capsule" --compare
    wait
) &
crash_replays=$!
run_engine_bg replay_hang --replay "$hang_capsule" --unthrottled --watchdog 1
run_engine_bg replay_loop --replay "$loop_capsule" --loop --frames $((2 * ${loop_frames:-1} + 5)) --unthrottled
run_engine_bg replay_demo --replay "$demo_capsule" --unthrottled --workers 3

run_engine_bg replay_starter --replay "$starter_capsule" --unthrottled --workers 1

phase "interactive runs done"
#- 2 and 9: --replay reproduced the crash (and --trace recorded the replay's instants)
wait "$crash_replays"
log="$out/replay_crash.log"
LAST_EXIT_STATUS=$(exit_code_in "$log")
check "replay: exit 20 (the recorded fault reproduced; got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 20
check "replay: the fault happened again at frame $press3 in CapsuleGameFault, every earlier hash equal" \
    grep -qE "replay: the recorded fault happened again at frame $press3: access violation in .*CapsuleGameFault \(capsule_game.cpp:$crash_line\) .*\(every earlier state hash equal: yes\)" "$log"
check "replay: the capsule file is unchanged" same_bytes "$crash_capsule" "$crash_sha"
check "trace: the replay's trace holds replay: and capsule-fault instants" python3 - "$out/replay_trace.json" <<'EOF'
import json, sys
events = json.load(open(sys.argv[1]))
events = events["traceEvents"] if isinstance(events, dict) else events
names = [e.get("name", "") for e in events if e.get("ph") == "i"]
assert any(n.startswith("replay: capsule ") for n in names), names
assert any(n.startswith("replay: the recorded fault happened again") for n in names), names
assert any(n.startswith("crash: ") for n in names), names
EOF

#- 3: the hang's replay
log="$out/replay_hang.log"
await replay_hang
check "hang replay: exit 20 (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 20
check "hang replay: the hang happened again at frame $hang_press3 in CapsuleGameFault" \
    grep -qE "replay: the recorded fault happened again at frame $hang_press3: hang .*CapsuleGameFault .*\(every earlier state hash equal: yes\)" "$log"

#- 4 and 5: other builds on the crash's recording
log="$out/compare_formula_b.log"
diverge=$((press2 + 1))
LAST_EXIT_STATUS=$(exit_code_in "$log")
check "compare formula_b: exit 21 (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 21
check "compare formula_b: the first difference is at frame $diverge, in game_state.capsuleCharge: 30 vs 32" \
    grep -qF "compare: first difference at frame $diverge (the state it starts from): game_state.capsuleCharge: 30 vs 32" "$log"
log="$out/replay_fixed.log"
LAST_EXIT_STATUS=$(exit_code_in "$log")
check "fixed build: exit 0 (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
check "fixed build: ran to the end, every hash equal, the recorded fault did not happen" \
    grep -qE "replay: ran to its end: all [0-9]+ frames' state hashes equal the recording, and the recorded fault .* did not happen" "$log"
log="$out/compare_fixed.log"
LAST_EXIT_STATUS=$(exit_code_in "$log")
check "compare fixed: exit 0 (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
check "compare fixed: says the recorded fault does not happen with the fixed build" \
    grep -qE "compare: the recorded fault \(.*CapsuleGameFault.* at frame $press3\) does not happen with '.*capsule_fixed.dll'" "$log"

#- 6: bad capsules and flags, each refused with exit 2
for name in truncated magic version build_byte other_game missing compare_alone; do
    log="$out/bad_$name.log"
    status=$(exit_code_in "$log")
    check "bad capsule $name: exit 2 (got $status)" test "$status" -eq 2
    check "bad capsule $name: no crash" bash -c "! grep -q 'crash:' '$log'"
done
# The reasons, each named in one line.
check "bad capsule truncated: 'replay: cannot use capsule' with the reason" grep -qE "replay: cannot use capsule '.*truncated.capsule': .+" "$out/bad_truncated.log"
check "bad capsule magic: refused for its magic" grep -qiE "replay: cannot use capsule '.*magic.capsule': .*magic" "$out/bad_magic.log"
check "bad capsule version: refused for its format version" grep -qiE "replay: cannot use capsule '.*version.capsule': .*version" "$out/bad_version.log"
check "bad capsule build_byte: refused (the build section altered)" grep -qiE "replay: cannot use capsule '.*build_byte.capsule': .*(build|checksum)" "$out/bad_build_byte.log"
check "bad capsule other_game: the starter refused as a build of another game" \
    grep -qE "replay: cannot use capsule '.*': .*'.*starter.dll' registers state 'starter_state': a build of another game" "$out/bad_other_game.log"
check "bad capsule missing: refused, it cannot be opened" grep -qE "replay: cannot use capsule '.*no_such.capsule': cannot open it" "$out/bad_missing.log"
check "bad flag --compare without --replay-game: named" grep -qF -- "--compare needs --replay-game" "$out/bad_compare_alone.log"
check "bad capsules: no capsule and no other file changed or added" test "$(files_of "$caps_a" "$bad")" = "$listing_before"
for file in "${!bad_sha[@]}"; do
    same_bytes "$file" "${bad_sha[$file]}" || fail "bad capsules: $(basename "$file") was changed"
done

#- 7 and 8: the loop and the demo replayed
log="$out/replay_loop.log"
await replay_loop
check "loop replay: --frames ends it with exit 0 (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
check "loop replay: two passes in a new process, each matching all $loop_frames recorded frames" \
    test "$(grep -cE "replay: pass [12] ended: $loop_frames of $loop_frames frames matched the recording, every one" "$log")" -eq 2
log="$out/replay_demo.log"
await replay_demo
check "determinism: the demo recorded with 1 worker replays equal with 3 (exit $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
check "determinism: the demo's replay ran to its end, every hash equal" grep -q "replay: ran to its end: all [0-9]* frames' state hashes equal" "$log"

log="$out/replay_starter.log"
await replay_starter
check "determinism: the starter recorded with 3 workers replays equal with 1 (exit $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
check "determinism: the starter's replay ran to its end, every hash equal" grep -q "replay: ran to its end: all [0-9]* frames' state hashes equal" "$log"

echo "figure: crash capsule $crash_kb KB; suite time $(( $(date +%s) - suite_start )) s"
summary
