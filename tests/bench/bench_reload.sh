#!/usr/bin/env bash
# Reload and start-up figures under Wine (printed, never asserted):
#  - latency from the build lock disappearing to the first frame of the new code (median of 20)
#  - stall of the frame that swaps code: copy + load + drain + unload (median of 20), and the same
#    stalls without the pointer scan they include (scan time subtracted, same reloads)
#  - exe start to first presented frame (median of 5, warm Wine prefix)
# Usage: tests/bench/bench_reload.sh [--msvc]
#   --msvc  also the reload figures with MSVC-ABI binaries (the exe and game built with build.bat's
#           debug flags by the stand-in cl, tests/msvc_standin), in the same run, beside MinGW's.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
with_msvc=0
[ "${1:-}" = "--msvc" ] && with_msvc=1
misc/build.sh >/dev/null || exit 1
[ -z "${DISPLAY:-}" ] && { echo "run under a display (xvfb-run -a tests/bench/bench_reload.sh)"; exit 1; }

out="$BUILD_DIR/bench_reload"
rm -rf "$out"; mkdir -p "$out/mingw/run"
cp build/win32_platform.exe "$out/mingw/run/"
# Two builds that differ in behaviour, alternated so every swap is a real change.
for speed in 0.25 0.35; do
    sed "s/DEMO_TUNING_SPIN_SPEED, 0.50f/DEMO_TUNING_SPIN_SPEED, ${speed}f/" code/demo/demo_tuning.h >"$out/game_tuning_$speed.h"
    copy_code_tree "$out/src_$speed"; cp "$out/game_tuning_$speed.h" "$out/src_$speed/demo/demo_tuning.h"
    build_game_dll "mingw/game_$speed" "$out/src_$speed/demo/demo_main.cpp" || { cat "$out/mingw/game_$speed.build.txt"; exit 1; }
done

if [ $with_msvc -eq 1 ]; then
    source tests/suites/msvc_standin_lib.sh
    msvc_standin_install >/dev/null || { echo "the MSVC stand-in does not build"; exit 1; }
    mkdir -p "$out/msvc/run" "$out/msvc/build"
    flags="$(build_bat_setting CommonFlags) $(build_bat_setting DebugFlags)"
    # NOTE: build.bat's /I..\code is relative to build\; the copies keep that layout.
    for speed in 0.25 0.35; do
        mkdir -p "$out/msvc_$speed/code" "$out/msvc_$speed/build"; cp -r "$out/src_$speed"/* "$out/msvc_$speed/code/"
        (cd "$out/msvc_$speed/build" && "$MSVC_STANDIN_DIR/cl.sh" $flags ../code/demo/demo_main.cpp /LD /Fe"$out/msvc/game_$speed.dll" \
            /link $(build_bat_setting LinkFlags)) >"$out/msvc/build_$speed.txt" 2>&1 || { echo "MSVC game build failed"; exit 1; }
    done
    (cd "$out/msvc_0.25/build" && "$MSVC_STANDIN_DIR/cl.sh" $flags ../code/win32/win32_main.cpp /Fe"$out/msvc/run/win32_platform.exe" \
        /link $(build_bat_setting LinkFlags) /SUBSYSTEM:WINDOWS $(build_bat_setting PlatformLibs)) >"$out/msvc/build_exe.txt" 2>&1 \
        || { echo "MSVC exe build failed"; exit 1; }
fi

# measure_reloads FLAVOUR: 20 reloads of the FLAVOUR (mingw, msvc) exe and DLLs under $out/FLAVOUR.
measure_reloads() {
    local flavour=$1
    local dir="$out/$flavour" log="$out/$flavour/engine.log" pid reload speed unlock_time first frame_ms
    cp "$dir/game_0.25.dll" "$dir/run/game.dll"
    # NOTE: a small window keeps llvmpipe frames near the 60 Hz target, so "within a frame" means 16.7 ms.
    wine "$dir/run/win32_platform.exe" --size 320x180 --log "$log" --quit-file "$dir/run/quit" >/dev/null 2>&1 &
    pid=$!
    wait_for_log "$log" "code version 1 running" 60 || { echo "$flavour: engine did not start"; return 1; }
    : >"$dir/latency_ms.txt"
    for reload in $(seq 2 21); do
        speed=0.35; [ $((reload % 2)) -eq 1 ] && speed=0.25
        echo held >"$dir/run/lock.tmp"
        install_game_dll "$dir/run" "$dir/game_$speed.dll"
        sleep 0.3
        unlock_time=$(date +%s.%N)
        rm -f "$dir/run/lock.tmp"
        wait_for_log "$log" "first frame of version $reload at walltime" 10 || { echo "$flavour: reload $reload not seen"; continue; }
        first=$(grep "first frame of version $reload at walltime" "$log" | sed -E 's/.*walltime ([0-9.]+).*/\1/')
        awk -v a="$first" -v b="$unlock_time" 'BEGIN {printf "%.3f\n", (a - b) * 1000}' >>"$dir/latency_ms.txt"
        sleep 0.2
    done
    touch "$dir/run/quit"; wait_for_exit "$pid" 20
    grep -oE "loaded \(replacing [0-9]+\) in [0-9.]+ ms .*pointer scan [0-9.]+ of it" "$log" | tail -n 20 >"$dir/stall_lines.txt"
    awk '{print $5}' "$dir/stall_lines.txt" >"$dir/stall_ms.txt"
    awk '{print $5 - $(NF-2)}' "$dir/stall_lines.txt" >"$dir/stall_without_scan_ms.txt"
    awk '{print $(NF-2)}' "$dir/stall_lines.txt" >"$dir/scan_ms.txt"
    frame_ms=$(grep -o "mean frame [0-9.]* ms" "$log" | awk '{print $3}')
    echo "reload ($flavour): lock removed -> first frame of new code: median $(median <"$dir/latency_ms.txt") ms over $(wc -l <"$dir/latency_ms.txt") reloads (target frame time $(awk 'BEGIN{printf "%.1f", 1000/60}') ms; mean frame in that run ${frame_ms} ms)"
    echo "reload ($flavour): stall of the swapping frame (copy+load+drain+unload): median $(median <"$dir/stall_ms.txt") ms, max $(sort -g "$dir/stall_ms.txt" | tail -n 1) ms"
    echo "reload ($flavour): of which the pointer scan of game memory: median $(median <"$dir/scan_ms.txt") ms; the same stalls without it: median $(median <"$dir/stall_without_scan_ms.txt") ms"
}

measure_reloads mingw
[ $with_msvc -eq 1 ] && measure_reloads msvc

: >"$out/start_ms.txt"
for run in 1 2 3 4 5; do
    start=$(date +%s.%N)
    wine "$out/mingw/run/win32_platform.exe" --frames 5 --log "$out/start_$run.log" >/dev/null 2>&1
    first=$(grep "first frame presented at walltime" "$out/start_$run.log" | sed -E 's/.*walltime ([0-9.]+).*/\1/')
    [ -n "$first" ] && awk -v a="$first" -v b="$start" 'BEGIN {printf "%.1f\n", (a - b) * 1000}' >>"$out/start_ms.txt"
done
echo "start: launch of the exe under Wine -> first presented frame: median $(median <"$out/start_ms.txt") ms over $(wc -l <"$out/start_ms.txt") runs"
