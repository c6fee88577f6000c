#!/usr/bin/env bash
# Reload and start-up figures under Wine (printed, never asserted), the machine's load beside each:
#  1. the stall a reload costs, --unthrottled, for the starter and for the demo at 4,096 and at
#     65,536 entities (--entities N):
#     - swap stall: what the swapping frame spends in the reload, from the log's
#       "reload: game code version V loaded (replacing U) in S ms" line: the median over the reloads;
#     - reload-frame excess: the reload frame's time minus the median of the 5 frames before it
#       (frame marks of --trace; the reload frame is the one the reload's log line falls in): the median;
#     - when the exe says so (the reload beside the frames): build seen W ms after it was written and
#       loaded beside the frames in L ms, medians.
#     Every reload installs the same build again (a new write time is a new build to the watcher).
#  2. (not with --stall-only) latency from the build lock disappearing to the first frame of the new
#     code (median of 20, the demo at 60 Hz), with the in-frame stall and the pointer scan's part of
#     it; exe start to first presented frame (median of 5, warm Wine prefix).
# Usage: xvfb-run -a tests/bench/bench_reload.sh [--stall-only] [--exe DIR] [--reloads N] [--msvc]
#   --exe DIR    part 1 measures the win32_platform.exe in DIR (e.g. an older commit's build/, from
#                `git worktree add /tmp/before COMMIT` and misc/build.sh there) with this tree's DLLs
#   --reloads N  reloads per configuration in part 1 (default 10)
#   --msvc       part 2 also with MSVC-ABI binaries (the exe and game built with build.bat's debug
#                flags by the stand-in cl, tests/msvc_standin), in the same run, beside MinGW's.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
# The game DLLs measured here at -O2, as every figure of this benchmark was (the suites build
# fixtures at a development game's -O1).
FIXTURE_FLAGS=$MINGW_FLAGS
exe_dir=build
reloads=10
with_msvc=0
stall_only=0
while [ $# -gt 0 ]; do
    case "$1" in
        --exe) exe_dir=$2; shift 2 ;;
        --reloads) reloads=$2; shift 2 ;;
        --msvc) with_msvc=1; shift ;;
        --stall-only) stall_only=1; shift ;;
        *) echo "usage: $0 [--stall-only] [--exe DIR] [--reloads N] [--msvc]"; exit 2 ;;
    esac
done
[ -z "${DISPLAY:-}" ] && { echo "run under a display (xvfb-run -a $0)"; exit 1; }
misc/build.sh >/dev/null || exit 1
[ -f "$exe_dir/win32_platform.exe" ] || { echo "no win32_platform.exe in $exe_dir"; exit 1; }
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-winemenubuilder.exe=d;mscoree=;mshtml=};winedbg.exe=d"

out="$BUILD_DIR/bench_reload"
rm -rf "$out"; mkdir -p "$out"
echo "exe: $exe_dir/win32_platform.exe ($(cd "$exe_dir/.." 2>/dev/null && git log -1 --format=%h 2>/dev/null || echo '?'))"

# frame_figures TRACE LOG: one line per reload, "STALL EXCESS", from the trace's frame marks.
frame_figures() {
    python3 - "$1" "$2" <<'EOF'
import json, re, statistics, sys
trace = json.load(open(sys.argv[1]))['traceEvents']
marks = sorted(e['ts'] for e in trace if e['ph'] == 'i' and e['name'].startswith('frame '))
reloads = [e for e in trace if e['ph'] == 'i' and re.match(r'reload: game code version \d+ loaded \(replacing [1-9]', e['name'])]
for event in reloads:
    stall = re.search(r'in ([0-9.]+) ms', event['name']).group(1)
    index = max((i for i, t in enumerate(marks) if t <= event['ts']), default=-1)
    if index < 5 or index + 1 >= len(marks):
        continue
    frames = [(marks[i + 1] - marks[i]) / 1000.0 for i in range(index - 5, index + 1)]
    print(stall, '%.3f' % (frames[-1] - statistics.median(frames[:-1])))
EOF
}

# measure NAME GAME_DLL EXTRA_FLAGS...: one engine run, $reloads reloads, the figures printed.
measure() {
    local name=$1 dll=$2
    shift 2
    local dir="$out/$name" pid reload
    mkdir -p "$dir"
    cp "$exe_dir/win32_platform.exe" "$dir/"
    cp "$dll" "$dir/game.dll"
    local load_before
    load_before=$(cut -d' ' -f1 /proc/loadavg)
    wine "$dir/win32_platform.exe" --size 320x180 --unthrottled --log "$dir/engine.log" --trace "$dir/trace.json" \
        --quit-file "$dir/quit" "$@" >/dev/null 2>&1 &
    pid=$!
    wait_for_log "$dir/engine.log" "code version 1 running" 120 || { echo "$name: engine did not start"; kill "$pid"; return 1; }
    sleep 1
    for reload in $(seq 2 $((reloads + 1))); do
        install_game_dll "$dir" "$dll"
        wait_for_log "$dir/engine.log" "first frame of version $reload at walltime" 30 || { echo "$name: reload $reload not seen"; break; }
        sleep 1.2
    done
    touch "$dir/quit"; wait_for_exit "$pid" 60
    frame_figures "$dir/trace.json" "$dir/engine.log" >"$dir/figures.txt"
    local seen loaded
    seen=$(grep -oE "build seen [0-9.]+ ms after it was written, loaded beside the frames in [0-9.]+ ms" "$dir/engine.log" | awk '{print $3}' | median)
    loaded=$(grep -oE "build seen [0-9.]+ ms after it was written, loaded beside the frames in [0-9.]+ ms" "$dir/engine.log" | awk '{print $(NF-1)}' | median)
    echo "reload $name: swap stall median $(awk '{print $1}' "$dir/figures.txt" | median) ms, reload-frame excess median $(awk '{print $2}' "$dir/figures.txt" | median) ms over $(grep -c . "$dir/figures.txt") reloads (mean frame $(grep -o "mean frame [0-9.]* ms" "$dir/engine.log" | awk "{print \$3}") ms); build seen ${seen} ms after written, loaded beside the frames in ${loaded} ms; load ${load_before} -> $(cut -d' ' -f1 /proc/loadavg)"
}

#- 1. The stall
measure starter build/starter.dll
measure demo_4096 build/game.dll --entities 4096
measure demo_65536 build/game.dll --entities 65536

#- 2. Latency and start-up
[ $stall_only -eq 1 ] && exit 0
mkdir -p "$out/mingw/run"
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
    echo "load $(cut -d' ' -f1 /proc/loadavg)"
    echo "reload ($flavour): lock removed -> first frame of new code: median $(median <"$dir/latency_ms.txt") ms over $(wc -l <"$dir/latency_ms.txt") reloads (target frame time $(awk 'BEGIN{printf "%.1f", 1000/60}') ms; mean frame in that run ${frame_ms} ms)"
    echo "reload ($flavour): stall of the swapping frame (what the frame waited for: drain, scans, unload; and copy+load where the exe loads in the frame): median $(median <"$dir/stall_ms.txt") ms, max $(sort -g "$dir/stall_ms.txt" | tail -n 1) ms"
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
