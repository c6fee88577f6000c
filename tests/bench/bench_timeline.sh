#!/usr/bin/env bash
# The timeline (docs/timeline.md) measured in the running engine under Wine, for the starter and the
# demo at each entity count: play a while (--fixed-dt, --unthrottled, a small window), pause, then
# seek to SEEKS frames spread over the history (in a shuffled order, one request each) and step one
# frame back after each. From the engine's own log lines:
#   - seek: median and max ms ("timeline: at frame N (re-simulated K frames in T ms, ...)"), and the
#     frames re-simulated per seek;
#   - step back one frame right after a seek: median ms;
#   - re-simulation speed: frames re-simulated per second against real time (60 frames a second);
#   - the history's main-thread upkeep per frame, the keyframe interval and the keyframes' main-thread
#     median and max (the exit report), and its MB per second of history three ways: what the pause
#     line says it holds over the seconds of play it covers; the same without the base (a full image
#     paid once, which over a short run weighs more than over a minute); and what the last keyframes
#     take at their interval (the exit report: what a full minute tends to);
#   - every seek's hash check (a seek whose hash differs is counted and printed);
#   - `watch PATH` over the whole history (the frames re-simulated and the ms, from its log line), a
#     `find` that matches nothing from the oldest frame to the end (frames searched, ms), and the
#     overlay's main-thread cost per drawn frame with the strip and four plots shown (the exit report).
# The machine's load (1-minute average) is printed beside every figure: the machine may be shared.
# Frame times are llvmpipe times (no GPU); the seeks and the re-simulation draw nothing.
# At each entity count of WHOLE_PAGES_COUNTS (default 65536) the demo runs twice in the same bench:
# packed keyframes (the engine's default) and --history-whole-pages (each page whole, the old way),
# and the goals of issue 45 item 4 are checked for the packed run (seek median <= 100 ms, max <=
# 250 ms, history <= 4 MB per second, no keyframe over 2 ms of main-thread time, upkeep median not
# worse than whole pages'), one line each saying met or not.
# It ends with one summary line per game:
#   timeline demo-4096: 1200 frames of history (interval 120), seek median 41.0 ms max 98.0 ms, ...
# Usage: tests/bench/bench_timeline.sh [PLAY_SECONDS] [ENTITY COUNTS...]   (default 60 s; 4096 65536)
#   SEEKS=N (default 20), WHOLE_PAGES_COUNTS="65536" (the counts also run with --history-whole-pages)
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
goalLines=()
# meets VALUE LIMIT: "met" when VALUE <= LIMIT, else "NOT met".
meets() { awk -v v="$1" -v l="$2" 'BEGIN {if (v != "" && v + 0 <= l + 0) print "met"; else print "NOT met"}'; }
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
    local first last heldMb
    heldMb=$(sed -nE 's/.*timeline: paused at frame [0-9]+ \(history: frames [0-9]+-[0-9]+, ([0-9.]+) MB\).*/\1/p' "$log" | tail -n 1)
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
    # NOTE: resumed at the present, so that the exit report's history is the whole one recorded.
    local atLast
    atLast=$(count_of "$log" "timeline: at frame $last (")
    printf 'seek %s\n' "$last" >"$request.tmp" && mv "$request.tmp" "$request"
    wait_for_count "$log" "timeline: at frame $last (" $((atLast + 1)) 120
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
    # NOTE: --fixed-dt 1/60: the history held at the pause covers (last - first) / 60 seconds of play.
    perSecond=$(awk -v mb="${heldMb:-0}" -v n="$frames" 'BEGIN {if (n > 0) printf "%.2f", mb / (n / 60.0); else print "n/a"}')
    # The deltas alone per second (the base, a full image, is paid once: over a short run it would
    # weigh more than over the minute the interval is chosen for).
    local deltaRate
    deltaRate=$(tr -d '\r' <"$log" | awk '
        /timeline: history upkeep median/ {match($0, /; [0-9.]+ s held/); s = substr($0, RSTART + 2, RLENGTH - 9) + 0}
        /timeline: keyframes packed to/ {match($0, /base holds [0-9.]+ MB of the [0-9.]+ MB/); split(substr($0, RSTART, RLENGTH), w, " "); base = w[3]; all = w[7]}
        END {if (s > 0 && all != "") printf "%.2f", (all - base) / s; else print "n/a"}')
    local steadyRate
    steadyRate=$(sed -nE 's/.*a keyframe now [0-9.]+ MB, ([0-9.]+) MB per second of play at its interval.*/\1/p' "$log" | tail -n 1)
    local packedLine
    packedLine=$(sed -nE 's/.*timeline: keyframes packed to ([0-9.]+%) of their pages whole.*/\1/p' "$log" | tail -n 1)
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
    echo "  history: upkeep median ${upkeep} ms per frame on the main thread, ${perSecond} MB per second of history (${heldMb} MB at the pause; the keyframes after the base ${deltaRate} MB per second; the last keyframes at their interval ${steadyRate:-?} MB per second), a keyframe every ${interval} frames (each ${keyMs} ms median, ${keyMax} ms at most on the main thread), pages packed to ${packedLine:-100%} of whole"
    echo "  watch ${watches[0]} over frames ${watchLine:-(no watch line: see $log)}"
    echo "  find to the end of the history: frames ${findLine:-(no find line: see $log)}"
    echo "  overlay with the strip and ${#watches[@]} plots (main thread, per drawn frame): ${overlayLine:-(no overlay line)}"
    [ "$differs" -eq 0 ] || echo "  NOTE: $differs seeks found a hash that differs from the recorded one (see $log)"
    [[ "$name" == *65536* ]] && goalLines+=("$name: seek median ${seekMs} ms (goal <= 100: $(meets "$seekMs" 100)), max ${maxMs} ms (goal <= 250: $(meets "$maxMs" 250)); history ${perSecond} MB/s (goal <= 4: $(meets "$perSecond" 4); after the base ${deltaRate} MB/s: $(meets "$deltaRate" 4); the last keyframes at their interval ${steadyRate:-?} MB/s: $(meets "${steadyRate:-}" 4)); keyframe main-thread max ${keyMax} ms (goal <= 2: $(meets "$keyMax" 2)); upkeep median ${upkeep} ms; interval ${interval:-?}; load $after")
    summaries+=("timeline $name: $frames frames of history (interval ${interval:-?}), seek median ${seekMs} ms max ${maxMs} ms, step back ${stepMs} ms, re-simulation ${speed} real time, upkeep ${upkeep} ms/frame (keyframes ${keyMs} ms median, ${keyMax} ms max), ${perSecond} MB/s of history; watch ${watchLine:-?}; find ${findLine:-?}; overlay ${overlayLine:-?}; load $after")
}

WATCH_PATHS="starter_state.cubeYaw starter_state.cubePosition starter_state.framesSimulated starter_state.chimesPlayed"
run_one starter "$BUILD_DIR/starter.dll"
WATCH_PATHS="game_state.entities[17].position.y game_state.entities[17].velocity game_state.entities[17].bounces game_state.camera.position"
for count in $counts; do
    run_one "demo-$count" "$BUILD_DIR/game.dll" --entities "$count" --game-arg overlay=0
    if [[ " ${WHOLE_PAGES_COUNTS:-65536} " == *" $count "* ]]; then
        run_one "demo-$count-whole-pages" "$BUILD_DIR/game.dll" --entities "$count" --game-arg overlay=0 --history-whole-pages
    fi
done
echo
for line in "${summaries[@]}"; do echo "$line"; done
echo
echo "goals (issue 45 item 4; the whole-pages run is the old way, for comparison):"
for line in "${goalLines[@]}"; do echo "  $line"; done
