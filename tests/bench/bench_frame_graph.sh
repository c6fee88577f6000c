#!/usr/bin/env bash
# A frame of the demo's shape at scale, one script, one machine, one sitting: the fixture game
# (tests/fixtures/fixture_game.cpp), whose one job graph per frame has the demo's jobs and edges over
# entities that fall, bounce and collide through the game_kit broadphase. For each entity count:
#   - the engine under Wine, --serial (update, then draw) and default (the update overlaps the
#     previous frame's drawing): the update's graph, wall time and CPU time in job bodies, beside
#     the same jobs run in order on one thread (every other frame of the benchmark build,
#     tests/bench/bench_frame_graph_game.cpp), the graph's scheduling cost;
#   - the same update natively (tests/bench/bench_frame_graph_native.cpp: the same game code, the
#     project's POSIX work queue, the same worker count), and the ratio engine/native;
#   - the rollback snapshot's upkeep per frame and per MB it copied; start -> first frame;
#   - the machine's load (1-minute average) beside every figure: the machine may be shared.
# Figures are medians over the run's frames. It ends with one summary line per count:
#   entities 65536: wine-serial 4.1 ms, wine-default 6.0 ms, native 3.5 ms, engine/native 1.17x, 2-vs-1 1.80x, rollback 0.30 ms/frame
# (engine/native: wine-serial over native; 2-vs-1: one thread over the graph on two, --serial),
# then "start to first frame: S s" (median over the runs, from the engine's own start).
# Frame times are llvmpipe times (no GPU): drawing takes CPU from the update in the default mode,
# and the script says so when it shows.
# Usage: tests/bench/bench_frame_graph.sh [FRAMES] [ENTITY COUNTS...]   (default 241 frames; 4096 65536 262144)
# BENCH_REUSE_BUILD=1 keeps an existing build/win32_platform.exe (the suite's smoke run).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
# The game DLLs measured here at -O2, as every figure of this benchmark was (the suites build
# fixtures at a development game's -O1).
FIXTURE_FLAGS=$MINGW_FLAGS
frames=${1:-241}
shift
counts=${*:-4096 65536 262144}
out="$BUILD_DIR/bench_frame_graph"
mkdir -p "$out"
if [ -z "${BENCH_REUSE_BUILD:-}" ] || [ ! -f "$BUILD_DIR/win32_platform.exe" ]; then
    bash misc/build.sh platform >/dev/null || exit 1
fi
build_fixture_dll game tests/bench/bench_frame_graph_game.cpp code -DGAME_DEBUG_OVERLAY_AT_START=0 ||
    { cat "$out/game.build.txt"; exit 1; }
$NATIVE_CXX $NATIVE_FLAGS tests/bench/bench_frame_graph_native.cpp -o "$out/bench_frame_graph_native" \
    >"$out/native.build.txt" 2>&1 || { cat "$out/native.build.txt"; exit 1; }
cp "$BUILD_DIR/win32_platform.exe" "$out/"
export WINEDLLOVERRIDES="winedbg.exe=d;${WINEDLLOVERRIDES}"
ensure_display
trap stop_own_display EXIT

load() { cut -d' ' -f1 /proc/loadavg; }
# field LINE REGEX: the first number after REGEX in LINE ("" when absent).
field() { grep -oE "$2 [0-9.]+" <<<"$1" | head -n 1 | grep -oE "[0-9.]+$"; }
# ratio A B: A / B, or n/a when either is missing (the summary line then fails its form check).
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2f", a / b; else print "n/a"}'; }

workers=1   # the engine's default on 2 cores: the main thread and one high priority worker
echo "machine: $(nproc) cores, $(uname -sr), load $(load) at start; GL through Wine + Mesa llvmpipe"
echo "NOTE: figures taken on a machine shared with other jobs; the load (1-minute average) is printed beside each."
summaries=()
starts=""
for count in $counts; do
    declare -A graph=() cpu=() one=() rollback=() permb=()
    for mode in serial default; do
        flag=""
        [ "$mode" = serial ] && flag="--serial"
        log="$out/run_${count}_$mode.log"
        before=$(load)
        timeout --kill-after=10 900 wine "$out/win32_platform.exe" --game "$out/game.dll" --entities "$count" $flag \
            --workers "$workers" --frames "$frames" --unthrottled --fixed-dt 0.0166667 --size 640x360 --log "$log" >/dev/null 2>&1
        line=$(grep -o 'frame graph bench: .*' "$log" | tail -n 1)
        snap=$(grep -o 'snapshot: .*' "$log" | tail -n 1)
        first=$(grep -oE 'first frame presented at walltime [0-9.]+ \([0-9.]+ ms after start' "$log" | grep -oE '\([0-9.]+' | tr -d '(')
        graph[$mode]=$(field "$line" "update jobs")
        cpu[$mode]=$(field "$line" "CPU in job bodies")
        one[$mode]=$(field "$line" "vs")
        rollback[$mode]=$(field "$snap" "median")
        permb[$mode]=$(grep -oE '[0-9.]+ ms per MB copied' <<<"$snap" | grep -oE '^[0-9.]+')
        starts="$starts $(awk -v ms="${first:-}" 'BEGIN {if (ms != "") printf "%.3f", ms / 1000}')"
        echo "--entities $count wine --workers $workers ${flag:-(default)} [load $before -> $(load)]:"
        echo "    update ${graph[$mode]:-?} ms wall, ${cpu[$mode]:-?} ms CPU in job bodies; one thread ${one[$mode]:-?} ms"
        echo "    rollback snapshot ${rollback[$mode]:-?} ms/frame (median), ${permb[$mode]:-?} ms per MB copied; first frame ${first:-?} ms after start"
        echo "    $line"
        echo "    $snap"
        grep -o "engine: exiting cleanly after .*" "$log" | sed 's/^/    /'
    done
    before=$(load)
    native=$("$out/bench_frame_graph_native" "$count" "$frames" "$workers" 2>&1 | grep -o 'frame graph bench: .*' | tail -n 1)
    nativeGraph=$(field "$native" "update jobs")
    nativeOne=$(field "$native" "vs")
    echo "--entities $count native (POSIX queue, $workers worker + the caller) [load $before -> $(load)]:"
    echo "    update ${nativeGraph:-?} ms wall, $(field "$native" "CPU in job bodies") ms CPU in job bodies; one thread ${nativeOne:-?} ms (2-vs-1 $(ratio "${nativeOne:-0}" "${nativeGraph:-0}")x)"
    echo "    $native"
    slowdown=$(ratio "${graph[default]:-}" "${graph[serial]:-}")
    if awk -v r="$slowdown" 'BEGIN {exit !(r + 0 > 1.2)}'; then
        echo "    NOTE: the default mode's update is ${slowdown}x the --serial one: the renderer's driver (llvmpipe) draws on the CPU and takes a core while the update runs"
    fi
    summaries+=("entities $count: wine-serial ${graph[serial]:-n/a} ms, wine-default ${graph[default]:-n/a} ms, native ${nativeGraph:-n/a} ms, engine/native $(ratio "${graph[serial]:-}" "${nativeGraph:-}")x, 2-vs-1 $(ratio "${one[serial]:-}" "${graph[serial]:-}")x, rollback ${rollback[serial]:-n/a} ms/frame")
    unset graph cpu one rollback permb
done
echo "load at the end: $(load)"
printf '%s\n' "${summaries[@]}"
# median (test_lib.sh): n/a when no run logged its first frame.
echo "start to first frame: $(tr ' ' '\n' <<<"$starts" | grep -E '^[0-9.]+$' | median | awk '$1 ~ /^[0-9.]+$/ {printf "%.2f", $1; next} {print}') s"
