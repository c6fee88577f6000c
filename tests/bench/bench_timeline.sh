#!/usr/bin/env bash
# The timeline (docs/timeline.md) measured in the running engine under Wine, for the starter and the
# demo at each entity count: play a while (--fixed-dt, --unthrottled, a small window), pause, then
# seek to SEEKS frames spread over the history (in a shuffled order, one request each) and step one
# frame back after each. From the engine's own log lines:
#   - seek: median and max ms ("timeline: at frame N (re-simulated K frames in T ms, ...)"), and the
#     frames re-simulated per seek;
#   - step back one frame right after a seek: median ms;
#   - re-simulation speed: frames re-simulated per second against real time (60 frames a second);
#   - the history's main-thread upkeep per frame, its MB per second of history and the keyframe
#     interval (the exit report);
#   - every seek's hash check (a seek whose hash differs is counted and printed);
#   - `watch PATH` over the whole history (the frames re-simulated and the ms, from its log line), a
#     `find` that matches nothing from the oldest frame to the end (frames searched, ms), and the
#     overlay's main-thread cost per drawn frame with the strip and four plots shown (the exit report).
# The machine's load (1-minute average) is printed beside every figure: the machine may be shared.
# Frame times are llvmpipe times (no GPU); the seeks and the re-simulation draw nothing.
# It ends with one summary line per game:
#   timeline demo-4096: 1200 frames of history (interval 120), seek median 41.0 ms max 98.0 ms, ...
# Usage: tests/bench/bench_timeline.sh [PLAY_SECONDS] [ENTITY COUNTS...]   (default 60 s; 4096 65536)
# The history it seeks over is what PLAY_SECONDS of unthrottled play recorded (at most the 60 s
# --history-seconds keeps); the summary says how many frames that was.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
play=${1:-60}
shift
counts=${*:-4096 65536}
SEEKS=${SEEKS:-20}
out="$BUILD_DIR/bench_timeline"
mkdir -p "$out"
if [ -z "${BENCH_REUSE_BUILD:-}" ] || [ ! -f "$BUILD_DIR/win32_platform.exe" ]; then
    bash misc/build.sh >/dev/null || exit 1
fi
export WINEDLLOVERRIDES="winedbg.exe=d;${WINEDLLOVERRIDES:-}"
ensure_display
trap stop_own_display EXIT
load() { cut -d' ' -f1 /proc/loadavg; }
echo "machine: $(nproc) cores, $(uname -sr), load $(load) at start; Wine, Mesa llvmpipe (no GPU)"

# run_one NAME DLL [ENGINE FLAGS...]: one engine run, its figures printed and its summary kept.
summaries=()
run_one() {
    local name=$1 dll=$2
    shift 2
    local log="$out/$name.log" quit="$out/quit" request
    request="$(dirname "$dll")/timeline.request"
    rm -f "$log" "$quit" "$request"
    local before
    before=$(load)
    wine "$BUILD_DIR/win32_platform.exe" --game "$dll" --log "$log" --quit-file "$quit" --size 320x180 \
        --fixed-dt 0.0166667 --unthrottled "$@" >/dev/null 2>&1 </dev/null &
    local pid=$!
    sleep "$play"
    printf 'pause\n' >"$request.tmp" && mv "$request.tmp" "$request"
    wait_for_regex "$log" "timeline: paused at frame" 1 60 || { echo "$name: never paused"; touch "$quit"; wait "$pid"; return; }
    local first last
    first=$(sed -nE 's/.*timeline: paused at frame [0-9]+ \(history: frames ([0-9]+)-.*/\1/p' "$log" | tail -n 1)
    last=$(sed -nE 's/.*timeline: paused at frame ([0-9]+) .*/\1/p' "$log" | tail -n 1)
    local frames=$((last - first))
    # SEEKS targets spread over the history, visited in a shuffled order (not monotone: no seek
    # continues from the last), each followed by one step back.
    local targets index
    targets=$(for ((index = 0; index < SEEKS; ++index)); do echo $((first + 1 + (frames - 1) * index / (SEEKS - 1))); done |
              awk 'BEGIN {srand(7)} {print rand() "\t" $0}' | sort -n | cut -f2)
    local done=0
    for target in $targets; do
        printf 'seek %s\nstep -1\n' "$target" >"$request.tmp" && mv "$request.tmp" "$request"
        done=$((done + 2))
        wait_for_count "$log" "timeline: at frame " "$done" 120 || break
    done
    # Watch and find over the whole history: the first watch from the oldest frame to the present,
    # three more (the overlay then draws four plots while paused), then a find that matches nothing,
    # from the oldest frame to the end.
    local watches=($WATCH_PATHS) path
    local atFirst
    atFirst=$(count_of "$log" "timeline: at frame $first (")
    printf 'seek %s\n' "$first" >"$request.tmp" && mv "$request.tmp" "$request"
    wait_for_count "$log" "timeline: at frame $first (" $((atFirst + 1)) 120
    for path in "${watches[@]}"; do
        printf 'watch %s\n' "$path" >"$request.tmp" && mv "$request.tmp" "$request"
        wait_for_log "$log" "timeline: watching $path over" 300 || break
    done
    printf 'find %s == -123456\n' "${watches[0]}" >"$request.tmp" && mv "$request.tmp" "$request"
    wait_for_log "$log" "timeline: not found: ${watches[0]} == -123456" 300
    # The overlay draws the strip and the four plots over some frames while paused.
    sleep 3
    printf 'resume\n' >"$request.tmp" && mv "$request.tmp" "$request"
    wait_for_log "$log" "timeline: resumed at frame" 120
    sleep 1
    touch "$quit"
    wait "$pid"
    local after
    after=$(load)
    # The seeks' lines in order: seek, step, seek, step, ...
    local lines
    lines=$(grep -E "timeline: at frame [0-9]+ \(re-simulated" "$log" | head -n $((2 * SEEKS)) | sed -nE 's/.*re-simulated ([0-9]+) frames in ([0-9.]+) ms, hash ([a-z ]+)\).*/\1 \2 \3/p')
    local seekMs stepMs resim maxMs differs interval upkeep perSecond speed
    seekMs=$(awk 'NR % 2 == 1 {print $2}' <<<"$lines" | median)
    maxMs=$(awk 'NR % 2 == 1 {print $2}' <<<"$lines" | sort -g | tail -n 1)
    stepMs=$(awk 'NR % 2 == 0 {print $2}' <<<"$lines" | median)
    resim=$(awk 'NR % 2 == 1 {print $1}' <<<"$lines" | median)
    # NOTE: over the seeks that re-simulated 10 frames or more (a restore dominates shorter ones).
    speed=$(awk '$1 >= 10 {k += $1; t += $2} END {if (t > 0) printf "%.1fx", (k / 60.0) / (t / 1000.0); else print "n/a (no seek re-simulated 10 frames)"}' <<<"$lines")
    differs=$(grep -c "differs" <<<"$lines")
    interval=$(sed -nE 's/.*a keyframe every ([0-9]+) frames.*/\1/p' "$log" | tail -n 1)
    upkeep=$(sed -nE 's/.*timeline: history upkeep median ([0-9.]+) ms per frame.*/\1/p' "$log" | tail -n 1)
    perSecond=$(sed -nE 's/.*\(([0-9.]+) MB per second of history.*/\1/p' "$log" | tail -n 1)
    local keyMs keyMax
    keyMs=$(sed -nE 's/.*keyframes taken, each a median ([0-9.]+) ms.*/\1/p' "$log" | tail -n 1)
    keyMax=$(sed -nE 's/.*keyframes taken, each a median [0-9.]+ ms, at most ([0-9.]+) ms.*/\1/p' "$log" | tail -n 1)
    local watchLine findLine overlayLine
    watchLine=$(grep -m1 -F "timeline: watching ${watches[0]} over frames" "$log" |
                sed -nE 's/.*over frames ([0-9]+)-([0-9]+) \(([0-9]+) frames re-simulated in ([0-9.]+) ms\).*/\1-\2: \3 frames re-simulated in \4 ms/p')
    findLine=$(grep -F -A1 -m1 "timeline: not found: ${watches[0]} == -123456" "$log" | tr -d '\r' | tr '\n' ' ' |
               sed -nE 's/.*in frames ([0-9]+-[0-9]+) .*find searched ([0-9]+) frames in ([0-9.]+) ms \(([0-9]+) re-simulated\).*/\1: \2 frames searched in \3 ms (\4 re-simulated)/p')
    overlayLine=$(sed -nE 's/.*with the timeline strip shown a median ([0-9.]+) ms, at most ([0-9.]+) ms \(([0-9]+) frames.*/median \1 ms, at most \2 ms over \3 frames/p' "$log" | tail -n 1)
    echo "$name: $frames frames of history; $(grep -c . <<<"$lines") seeks and steps (load $before -> $after)"
    echo "  seek: median ${seekMs} ms, max ${maxMs} ms, median ${resim} frames re-simulated"
    echo "  step back one frame after a seek: median ${stepMs} ms"
    echo "  re-simulation: ${speed} real time"
    echo "  history: upkeep median ${upkeep} ms per frame on the main thread, ${perSecond} MB per second of history, a keyframe every ${interval} frames (each ${keyMs} ms median, ${keyMax} ms at most)"
    echo "  watch ${watches[0]} over frames ${watchLine:-(no watch line: see $log)}"
    echo "  find to the end of the history: frames ${findLine:-(no find line: see $log)}"
    echo "  overlay with the strip and ${#watches[@]} plots (main thread, per drawn frame): ${overlayLine:-(no overlay line)}"
    [ "$differs" -eq 0 ] || echo "  NOTE: $differs seeks found a hash that differs from the recorded one (see $log)"
    summaries+=("timeline $name: $frames frames of history (interval ${interval:-?}), seek median ${seekMs} ms max ${maxMs} ms, step back ${stepMs} ms, re-simulation ${speed} real time, upkeep ${upkeep} ms/frame (keyframes ${keyMs} ms median, ${keyMax} ms max), ${perSecond} MB/s of history; watch ${watchLine:-?}; find ${findLine:-?}; overlay ${overlayLine:-?}; load $after")
}

WATCH_PATHS="starter_state.cubeYaw starter_state.cubePosition starter_state.framesSimulated starter_state.chimesPlayed"
run_one starter "$BUILD_DIR/starter.dll"
WATCH_PATHS="game_state.entities[17].position.y game_state.entities[17].velocity game_state.entities[17].bounces game_state.camera.position"
for count in $counts; do
    run_one "demo-$count" "$BUILD_DIR/game.dll" --entities "$count" --game-arg overlay=0
done
echo
for line in "${summaries[@]}"; do echo "$line"; done
