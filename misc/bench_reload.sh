#!/usr/bin/env bash
# Reload and start-up figures under Wine (printed, never asserted):
#  - latency from the build lock disappearing to the first frame of the new code (median of 20)
#  - stall of the frame that swaps code: copy + load + drain + unload (median of 20), and the same
#    stalls without the pointer scan they include (scan time subtracted, same reloads)
#  - exe start to first presented frame (median of 5, warm Wine prefix)
set -u
cd "$(dirname "$0")/.."
source misc/toolchain.sh
source tests/test_lib.sh
misc/build.sh >/dev/null || exit 1
[ -z "${DISPLAY:-}" ] && { echo "run under a display (xvfb-run -a misc/bench_reload.sh)"; exit 1; }

out="$BUILD_DIR/bench_reload"
rm -rf "$out"; mkdir -p "$out/run"
cp build/win32_platform.exe "$out/run/"
# Two builds that differ in behaviour, alternated so every swap is a real change.
for speed in 0.25 0.35; do
    sed "s/GAME_TUNING_SPIN_SPEED 0.50f/GAME_TUNING_SPIN_SPEED ${speed}f/" code/game_tuning.h >"$out/game_tuning_$speed.h"
    mkdir -p "$out/src_$speed"; cp code/* "$out/src_$speed/"; cp "$out/game_tuning_$speed.h" "$out/src_$speed/game_tuning.h"
    $MINGW_CXX $MINGW_FLAGS -DENGINE_DEVELOPMENT=1 -shared "$out/src_$speed/game_main.cpp" -o "$out/game_$speed.dll" || exit 1
done
cp "$out/game_0.25.dll" "$out/run/game.dll"

median() { sort -g | awk '{v[NR]=$1} END {if (NR==0) print "n/a"; else if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

log="$out/engine.log"
# NOTE: a small window keeps llvmpipe frames near the 60 Hz target, so "within a frame" means 16.7 ms.
wine "$out/run/win32_platform.exe" --size 320x180 --log "$log" --quit-file "$out/run/quit" >/dev/null 2>&1 &
pid=$!
wait_for_log "$log" "code version 1 running" 30 || { echo "engine did not start"; exit 1; }
: >"$out/latency_ms.txt"
for reload in $(seq 2 21); do
    speed=0.35; [ $((reload % 2)) -eq 1 ] && speed=0.25
    echo held >"$out/run/lock.tmp"
    cp "$out/game_$speed.dll" "$out/run/incoming.tmp" && mv -f "$out/run/incoming.tmp" "$out/run/game.dll"
    sleep 0.3
    unlock_time=$(date +%s.%N)
    rm -f "$out/run/lock.tmp"
    wait_for_log "$log" "first frame of version $reload at walltime" 10 || { echo "reload $reload not seen"; continue; }
    first=$(grep "first frame of version $reload at walltime" "$log" | sed -E 's/.*walltime ([0-9.]+).*/\1/')
    awk -v a="$first" -v b="$unlock_time" 'BEGIN {printf "%.3f\n", (a - b) * 1000}' >>"$out/latency_ms.txt"
    sleep 0.2
done
touch "$out/run/quit"; wait_for_exit "$pid" 20
grep -oE "loaded \(replacing [0-9]+\) in [0-9.]+ ms .*pointer scan [0-9.]+ of it" "$log" | tail -n 20 >"$out/stall_lines.txt"
awk '{print $5}' "$out/stall_lines.txt" >"$out/stall_ms.txt"
awk '{print $5 - $(NF-2)}' "$out/stall_lines.txt" >"$out/stall_without_scan_ms.txt"
awk '{print $(NF-2)}' "$out/stall_lines.txt" >"$out/scan_ms.txt"
frame_ms=$(grep -o "mean frame [0-9.]* ms" "$log" | awk '{print $3}')

: >"$out/start_ms.txt"
for run in 1 2 3 4 5; do
    start=$(date +%s.%N)
    wine "$out/run/win32_platform.exe" --frames 5 --log "$out/start_$run.log" >/dev/null 2>&1
    first=$(grep "first frame presented at walltime" "$out/start_$run.log" | sed -E 's/.*walltime ([0-9.]+).*/\1/')
    [ -n "$first" ] && awk -v a="$first" -v b="$start" 'BEGIN {printf "%.1f\n", (a - b) * 1000}' >>"$out/start_ms.txt"
done

echo "reload: lock removed -> first frame of new code: median $(median <"$out/latency_ms.txt") ms over $(wc -l <"$out/latency_ms.txt") reloads (target frame time $(awk 'BEGIN{printf "%.1f", 1000/60}') ms; mean frame in that run ${frame_ms} ms)"
echo "reload: stall of the swapping frame (copy+load+drain+unload): median $(median <"$out/stall_ms.txt") ms, max $(sort -g "$out/stall_ms.txt" | tail -n 1) ms"
echo "reload: of which the pointer scan of game memory: median $(median <"$out/scan_ms.txt") ms; the same stalls without it: median $(median <"$out/stall_without_scan_ms.txt") ms"
echo "start: launch of the exe under Wine -> first presented frame: median $(median <"$out/start_ms.txt") ms over $(wc -l <"$out/start_ms.txt") runs"
