#!/usr/bin/env bash
# The past you can see (docs/timeline.md): the exe's own overlay draws the timeline strip and the watch
# plots whatever the game draws, and `watch` / `find` answer questions about the past.
#  - On the timeline fixture (tests/fixtures/timeline_game.cpp: at the start of frame F,
#    game_state.timelineWave is F % 100, timelineValue F, timelineStep F / 50):
#    `watch` logs its line; the plot's pixels in a screenshot sit at the rows its values give, column
#    by column (platform/platform_timeline_strip.h); a seek shows the value the watch read; `find`
#    lands on the known frames forward and back, `changed` on the steps; no match leaves the cursor;
#    an unknown path (with the closest name), an unknown operator, a value that is not a number, a
#    struct and a fifth watch are refused and change nothing.
#  - On the starter, which draws none of it: paused, the strip is in the screenshot; a click at a
#    known x seeks to the frame under it; the wheel zooms; F6 shows the strip while playing;
#    --no-overlay removes it and the notices; the window title names the frame shown.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-winemenubuilder.exe=d;mscoree=;mshtml=};winedbg.exe=d"
ensure_display
# NOTE: a run cut short leaves no engine behind to take the next run's requests: the quit file ends it.
trap 'touch "$out/quit"; stop_own_display' EXIT

out="$BUILD_DIR/suite_timeline_view"
rm -rf "$out"
mkdir -p "$out"
work="$out/src"
make_work_copy "$work" tests/fixtures
wineboot >/dev/null 2>&1 </dev/null

run_unit_tests timeline_view
VARIANT_SOURCE="$work/tests/fixtures/timeline_game.cpp"
build_variant timeline_v1 "$work/code" &
fixture_build=$!
check "the engine builds" build_engine_copy "$work"
wait "$fixture_build"
exe="$work/build/win32_platform.exe"
run="$out/run"
mkdir -p "$run"
request="$run/timeline.request"
pixels() { python3 tests/tools/png_pixels.py "$@"; }

# send LINES...: one timeline.request (written beside, then renamed into place).
send() {
    printf '%s\n' "$@" >"$request.tmp" && mv "$request.tmp" "$request"
}
paused_frame() { sed -nE 's/.*timeline: paused at frame ([0-9]+).*/\1/p' "$log" | tail -n 1; }
start_engine() {
    rm -f "$out/quit" "$request"
    start_engine_logged "$log" wine "$exe" --size 640x360 --fixed-dt 0.0166667 --log "$log" --quit-file "$out/quit" "$@"
}
stop_engine() {
    touch "$out/quit"
    wait_for_exit "$ENGINE_PID" 60
    check "$1: the engine exits 0 when asked to quit (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
}
# shot NAME: the frame on screen now, as $out/NAME.png: the run's --screenshot PATH, asked for by
# creating PATH.request (docs/flags.md), then copied.
shot() {
    local path="$out/${shot_name}.png"
    rm -f "$path"
    touch "$path.request"
    for _ in $(seq 1 100); do
        if [ -s "$path" ] && [ ! -e "$path.request" ]; then
            sleep 0.3
            cp "$path" "$out/$1.png"
            return 0
        fi
        sleep 0.2
    done
    return 1
}
find_window() {
    WINDOW=$(xdotool search --all --pid "$ENGINE_PID" --name "Handmade Engine" 2>/dev/null | head -n 1)
    [ -n "$WINDOW" ] && { xdotool windowfocus --sync "$WINDOW" 2>/dev/null || xdotool windowfocus "$WINDOW" 2>/dev/null; }
    [ -n "$WINDOW" ]
}

#- 1: watch and find on the fixture
cp "$out/timeline_v1.dll" "$run/game.dll"
log="$out/watch.log"
shot_name=watch_end
start_engine --game "$run/game.dll" --game-arg entities=256 --screenshot "$out/watch_end.png"
check "the fixture runs (update count 300)" wait_for_regex "$log" "timeline game: update count 300 at frame [0-9]+" 1 120
send pause
check "paused" wait_for_regex "$log" "timeline: paused at frame [0-9]+ \(history: frames 0-" 1 30
paused=$(paused_frame)
send "watch game_state.timelineWave" "seek 150"
check "watch logs the frames it read and what it re-simulated" \
    wait_for_regex "$log" "timeline: watching game_state.timelineWave over frames 0-${paused:-x} \([0-9]+ frames re-simulated in [0-9.]+ ms\)" 1 60
check "a seek shows the value the watch read (frame 150: 50, the watch agreeing)" \
    wait_for_regex "$log" "timeline: at frame 150 \(.*hash equal\); game_state.timelineWave = 50[[:space:]]*$" 1 30
check "the plot is drawn: a screenshot of the paused frame" shot plot
# The geometry of platform/platform_timeline_strip.h for 640x360 with one watch: the band is rows
# 286-333, values from row 287 (the maximum) to row 332 (the minimum); frame F's column is its cell's
# centre, (F + 0.5) * 640 / (frames shown).
check "the plot's pixels follow F % 100 column by column (the watch's colour at the value's row, not far from it)" \
    python3 - "$out/plot.png" "${paused:-0}" <<'EOF'
import math, subprocess, sys
path, paused = sys.argv[1], int(sys.argv[2])
frames = paused + 1
def column(frame): return int((frame + 0.5) * 640.0 / frames)
def row(value): return math.floor(332.0 - value / 99.0 * 45.0 + 0.5)
points = []
for frame in (37, 80, 122, 180, 260):
    value = frame % 100
    points.append((frame, column(frame), row(value), True))
    points.append((frame, column(frame), row((value + 50) % 100), False))
args = ["%d,%d" % (x, y) for _, x, y, _ in points]
colours = subprocess.run(["python3", "tests/tools/png_pixels.py", path] + args, capture_output=True, text=True,
                         check=True).stdout.split("\n")
bad = []
for (frame, x, y, lit), colour in zip(points, colours):
    is_watch = tuple(int(c) for c in colour.split()) == (255, 200, 0)
    if is_watch != lit: bad.append("frame %d at (%d,%d): %s, expected %s" % (frame, x, y, colour, "lit" if lit else "not lit"))
assert not bad, "; ".join(bad)
print("plot pixels ok for frames 37 80 122 180 260")
EOF
send "find game_state.timelineValue == 200"
check "find lands on the frame where it holds, forward (timelineValue == 200 at frame 200)" \
    wait_for_regex "$log" "timeline: found game_state.timelineValue == 200 at frame 200 \(value 200; searched [0-9]+ frames in [0-9.]+ ms" 1 30
check "... and seeks there" wait_for_regex "$log" "timeline: at frame 200 \(" 1 30
send "find-back game_state.timelineValue < 100"
check "find-back lands on the last frame before the cursor where it holds (frame 99)" \
    wait_for_regex "$log" "timeline: found game_state.timelineValue < 100 at frame 99 \(value 99;" 1 30
send "find game_state.timelineStep changed"
check "find ... changed lands on the next step (frame 100: 2)" \
    wait_for_regex "$log" "timeline: found game_state.timelineStep changed at frame 100 \(value 2;" 1 30
send "find-back game_state.timelineStep changed"
check "find-back ... changed lands on the step before (frame 50: 1)" \
    wait_for_regex "$log" "timeline: found game_state.timelineStep changed at frame 50 \(value 1;" 1 30
send "find game_state.timelineWave >= 99.5" "step 1"
check "no match: 'not found' with the frames searched" \
    wait_for_regex "$log" "timeline: not found: game_state.timelineWave >= 99.5 in frames 51-${paused:-x}[[:space:]]*$" 1 30
check "... and how many frames it searched" wait_for_regex "$log" "timeline: find searched [0-9]+ frames in [0-9.]+ ms" 1 30
check "... and the cursor stays (a step goes on from frame 50)" wait_for_regex "$log" "timeline: at frame 51 \(" 1 30
send "watch game_state.timelineWav" "watch game_state" "find game_state.timelineValue => 3" \
    "find game_state.timelineValue > abc" "find game_state.nothing == 1" "step 0"
check "an unknown path is refused with the closest name" \
    wait_for_log "$log" "error: timeline: no field game_state.timelineWav in the state layout (closest: game_state.timelineWave)" 30
check "a struct is refused: not a leaf" wait_for_regex "$log" "error: timeline: game_state is a struct \(game_state\), not a leaf" 1 30
check "an unknown operator is refused" \
    wait_for_regex "$log" "timeline: timeline.request line 3 refused: unknown operator '=>'" 1 30
check "a value that is not a number is refused" \
    wait_for_regex "$log" "timeline: timeline.request line 4 refused: 'abc' is not a number" 1 30
check "find on an unknown path is refused" wait_for_regex "$log" "error: timeline: no field game_state.nothing in the state layout" 1 30
check "... and nothing changed: the cursor is still at frame 51" wait_for_count "$log" "timeline: at frame 51 (" 2 30
send "watch game_state.timelineValue" "watch game_state.timelineStep" "watch game_state.timelineUpdates" \
    "watch game_state.timelineNoise" "seek 120"
check "a fifth watch is refused" \
    wait_for_regex "$log" "error: timeline: cannot watch game_state.timelineNoise: 4 fields are watched already" 1 60
check "the seek names every watched value, each what the watch read" \
    wait_for_regex "$log" "timeline: at frame 120 \(.*; game_state.timelineWave = 20; game_state.timelineValue = 120; game_state.timelineStep = 2; game_state.timelineUpdates = 120[[:space:]]*$" 1 30
check "four plots drawn: a screenshot" shot four
check "each watch has its own colour (all four in the bands)" python3 - "$out/four.png" <<'EOF'
import subprocess, sys
rows = subprocess.run(["python3", "tests/tools/png_pixels.py", sys.argv[1], "--column", "300"], capture_output=True,
                      text=True, check=True).stdout.split("\n")
seen = {tuple(int(c) for c in line.split()[1:]) for line in rows if line}
wanted = [(255, 200, 0), (0, 200, 255), (255, 80, 200), (90, 255, 90)]
missing = [c for c in wanted if c not in seen]
assert not missing, "colours missing in column 300: %s" % missing
EOF
send "unwatch game_state.timelineStep" "unwatch game_state.timelineStep"
check "unwatch removes one" wait_for_log "$log" "timeline: no longer watching game_state.timelineStep" 30
check "unwatch of a field not watched is refused" wait_for_log "$log" "error: timeline: not watching game_state.timelineStep" 30
stop_engine "watch"
check "no unexpected error in the run" bash -c "! grep 'error:' '$log' | grep -vE 'no field|is a struct|refused|cannot watch|not watching'"

#- 2: the strip on the starter, which draws nothing of it
starter="$work/build/starter.dll"
request="$work/build/timeline.request"     # beside the game DLL
log="$out/strip.log"
shot_name=strip_end
start_engine --game "$starter" --screenshot "$out/strip_end.png"
check "the starter runs" wait_for_log "$log" "starter: code version 1 running" 60
sleep 3
if find_window; then
    xdotool key --window "$WINDOW" F6
    check "F6 shows the strip while playing" wait_for_log "$log" "timeline: strip shown (F6)" 20
    check "a screenshot while playing" shot live_strip
    check "... shows the strip's track (its colour at the bottom left)" \
        test "$(pixels "$out/live_strip.png" 10,341)" = "46 46 52"
    xdotool key --window "$WINDOW" F6
    check "F6 hides it again" wait_for_log "$log" "timeline: strip hidden (F6)" 20
else
    fail "no engine window found with xdotool: F6 and the mouse on the strip are not tested"
fi
send pause
check "paused" wait_for_regex "$log" "timeline: paused at frame [0-9]+ \(history: frames 0-" 1 30
paused=$(paused_frame)
check "paused: a screenshot" shot paused_strip
check "the strip is drawn though the starter draws none of it (its track at the bottom left)" \
    test "$(pixels "$out/paused_strip.png" 10,341)" = "46 46 52"
check "the cursor is drawn at the paused frame (the last column)" \
    test "$(pixels "$out/paused_strip.png" "$(python3 -c "print(int(($paused + 0.5) * 640.0 / ($paused + 1)))"),337")" = "255 255 255"
check "the window title names the frame shown" \
    bash -c "xdotool getwindowname '${WINDOW:-0}' 2>/dev/null | grep -q 'paused at frame ${paused:-x}'"
if [ -n "${WINDOW:-}" ]; then
    target=$(( ${paused:-0} / 3 ))
    x=$(python3 -c "print(int(($target + 0.5) * 640.0 / (${paused:-0} + 1)))")
    xdotool mousemove --window "$WINDOW" "$x" 341 click 1
    check "a click on the strip at x=$x seeks to the frame under it ($target)" \
        wait_for_regex "$log" "timeline: at frame $target \(.*hash equal" 1 30
    check "... and the title follows it" \
        bash -c "sleep 0.5; xdotool getwindowname '$WINDOW' | grep -q 'paused at frame $target\$'"
    xdotool mousemove --window "$WINDOW" 320 341 click 4
    check "the wheel on the strip zooms in around the pointer" \
        wait_for_regex "$log" "timeline: strip shows frames [0-9]+-[0-9]+" 1 20
    zoomed=$(sed -nE 's/.*timeline: strip shows frames ([0-9]+)-([0-9]+).*/\1 \2/p' "$log" | tail -n 1)
    check "... to fewer frames than the history holds (${zoomed:-none} of 0-${paused:-x})" \
        awk -v a="${zoomed% *}" -v b="${zoomed#* }" -v p="${paused:-0}" 'BEGIN {exit !(b - a < p && a <= p / 2 && b >= p / 2)}'
    # NOTE: a pause between the press and the move: the engine reads the pointer once a frame.
    xdotool mousemove --window "$WINDOW" 5 5 mousedown 1 sleep 0.5 mousemove --window "$WINDOW" 400 341 sleep 0.5 mouseup 1
    check "a drag that starts outside the strip does not scrub (the game's own click)" \
        bash -c "sleep 1; test \$(grep -c 'timeline: at frame' '$log') -eq 1"
fi
stop_engine "strip"

#- 3: --no-overlay: the game alone
log="$out/no_overlay.log"
start_engine --game "$starter" --screenshot "$out/no_overlay.png" --start-paused --no-overlay --frames 30
wait_for_exit "$ENGINE_PID" 90
check "--no-overlay: the run exits 0 (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
check "--no-overlay: paused, and no strip in the picture (the scene where the track would be)" \
    bash -c "grep -q 'timeline: paused at frame 0' '$log' && test \"\$(python3 tests/tools/png_pixels.py '$out/no_overlay.png' 10,341)\" != '46 46 52'"
log="$out/overlay.log"
start_engine --game "$starter" --screenshot "$out/overlay.png" --start-paused --frames 30
wait_for_exit "$ENGINE_PID" 90
check "without it, the same run draws the strip" test "$(pixels "$out/overlay.png" 10,341)" = "46 46 52"
# The start-up notice ("reloaded: version 1", 4 s) on its dark backing, right-aligned at the top right.
check "the exe draws the platform's notices (top right), which --no-overlay leaves out" \
    test "$(pixels "$out/overlay.png" 633,12)" != "$(pixels "$out/no_overlay.png" 633,12)"
summary
