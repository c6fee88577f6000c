#!/usr/bin/env bash
# The demo's frame graph at scale: builds game.dll from tests/bench/bench_frame_graph_game.cpp (the
# demo, every other frame running the same jobs in order on one thread; every graph frame resubmitted
# once with empty job bodies) and runs the engine under Wine for each entity count, printing the game's figures:
#   update jobs on all cores vs on one thread (ratio from the same run), the graph's build and
#   scheduling cost per frame, the command-building cost (render jobs, summed CPU time).
# Frame times are llvmpipe times (no GPU). Cubes outside the view frustum or more than 200 m ahead
# of the camera are culled before their commands are written.
# Usage: tests/bench/bench_frame_graph.sh [FRAMES] [ENTITY COUNTS...]   (default 241 frames; 4096 65536 262144)
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
frames=${1:-241}
shift
counts=${*:-4096 65536 262144}
out="$BUILD_DIR/bench_frame_graph"
mkdir -p "$out"
bash misc/build.sh platform >/dev/null || exit 1
build_fixture_dll game tests/bench/bench_frame_graph_game.cpp code -DGAME_DEBUG_OVERLAY_AT_START=0 ||
    { cat "$out/game.build.txt"; exit 1; }
cp "$BUILD_DIR/win32_platform.exe" "$out/"
export WINEDLLOVERRIDES="winedbg.exe=d;${WINEDLLOVERRIDES}"
ensure_display
trap stop_own_display EXIT
echo "machine: $(nproc) cores, $(uname -sr); GL through Wine + Mesa llvmpipe"
for count in $counts; do
    timeout --kill-after=10 900 wine "$out/win32_platform.exe" --game "$out/game.dll" --entities "$count" \
        --frames "$frames" --unthrottled --fixed-dt 0.0166667 --size 640x360 --log "$out/run_$count.log" >/dev/null 2>&1
    echo "--entities $count: $(grep -o 'frame graph bench: .*' "$out/run_$count.log" | tail -n 1)"
    grep -o "engine: exiting cleanly after .*" "$out/run_$count.log" | sed 's/^/    /'
done
