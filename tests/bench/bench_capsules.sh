#!/usr/bin/env bash
# Capsule figures under Wine (printed, never asserted; not run by CI: a run takes minutes), for the
# demo (build/game.dll) at each entity count, --unthrottled --fixed-dt 0.0166667:
#  - the recording's upkeep per frame, median (the engine's exit line "capsule: recording upkeep
#    median X ms per frame on the main thread (checkpoint copying C ms of it; the state hash took a
#    median H ms a frame on the hasher thread)"), each as a % of the update's median time (from
#    the run's --trace: per frame, the first "high priority" queue entry's start to the last one's
#    end, which is the update job and the frame graph it submits, wall time);
#  - a capsule of 10 s of play: a request file created once the trace shows frame 1250 (20.8 s of
#    simulated time: the window, and so the checkpoint at its start, lies past the game's first
#    frames; a request at 10 s gives a window from frame 0 whose checkpoint is the untouched memory
#    before the game initialised, a capsule of ~0.5 MB at any count): its size, its write time off
#    the main thread and the main thread's hitch (the "capsule: saved" line);
#  - replay speed: that capsule replayed with --unthrottled, frames per second against the
#    recording run's (each from its exit line's mean frame time), and the replay's verdict.
# The machine's load (1-minute average) is printed beside every figure: the machine may be shared.
# Usage: tests/bench/bench_capsules.sh [ENTITY COUNTS...]   (default 4096 65536)
# BENCH_REUSE_BUILD=1 keeps an existing build/ (else misc/build.sh runs first); BENCH_FRAMES (1320) and
# BENCH_REQUEST_FRAME (1250) shorten a trial run of the script itself.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
counts=${*:-4096 65536}
out="$BUILD_DIR/bench_capsules"
rm -rf "$out"
mkdir -p "$out"
if [ -z "${BENCH_REUSE_BUILD:-}" ] || [ ! -f "$BUILD_DIR/win32_platform.exe" ]; then
    bash misc/build.sh >/dev/null || exit 1
fi
cp "$BUILD_DIR/win32_platform.exe" "$BUILD_DIR/game.dll" "$out/"
ensure_display
trap stop_own_display EXIT

load() { cut -d' ' -f1 /proc/loadavg; }
dos() { echo "Z:${1//\//\\}"; }
request_frame=${BENCH_REQUEST_FRAME:-1250}  # 20.8 s of play at the fixed dt: a full window past the start
frames=${BENCH_FRAMES:-1320}

# update_median TRACE: the median update time (ms) over the trace's frames, and the median "capsule" block.
update_median() {
    python3 - "$1" <<'EOF'
import json, sys, statistics
events = json.load(open(sys.argv[1]))
events = events["traceEvents"] if isinstance(events, dict) else events
marks = sorted(e["ts"] for e in events if e.get("ph") == "i" and str(e.get("name", "")).startswith("frame "))
import bisect
first, last, capsule = {}, {}, {}
for e in events:
    if e.get("ph") != "X":
        continue
    frame = bisect.bisect_right(marks, e["ts"])
    if e["name"] == "high priority":
        first[frame] = min(first.get(frame, e["ts"]), e["ts"])
        last[frame] = max(last.get(frame, 0.0), e["ts"] + e["dur"])
    elif e["name"] == "capsule":
        capsule[frame] = capsule.get(frame, 0.0) + e["dur"]
# NOTE: the first frames load assets and compile shaders: left out.
update = [last[f] - first[f] for f in first if f > 30]
block = [v for f, v in capsule.items() if f > 30]
print("%.3f %.3f %d" % (statistics.median(update) / 1000.0 if update else -1,
                        statistics.median(block) / 1000.0 if block else -1, len(update)))
EOF
}

echo "machine: $(nproc) cores, $(uname -sr), load $(load) at start; GL through Wine + Mesa llvmpipe (no GPU)"
echo "NOTE: figures taken on a machine shared with other jobs; the load (1-minute average) is printed beside each."
for count in $counts; do
    run="$out/run_$count"
    mkdir -p "$run/capsules"
    log="$run/record.log"
    before=$(load)
    timeout --kill-after=10 1800 wine "$out/win32_platform.exe" --entities "$count" --frames "$frames" --unthrottled \
        --fixed-dt 0.0166667 --size 320x180 --capsule-dir "$(dos "$run/capsules")" --trace "$(dos "$run/trace.json")" \
        --log "$(dos "$log")" >/dev/null 2>&1 &
    pid=$!
    # The request once the trace shows frame $request_frame (the engine polls for it every 15 frames).
    while kill -0 "$pid" 2>/dev/null; do
        frame=$(tail -c 300000 "$run/trace.json" 2>/dev/null | grep -oE '"frame [0-9]+"' | tail -n 1 | grep -oE '[0-9]+')
        [ "${frame:-0}" -ge "$request_frame" ] && { touch "$run/capsules/capsule.request"; break; }
        sleep 0.2
    done
    wait "$pid"
    upkeep=$(grep -oE 'capsule: recording upkeep median [0-9.]+ ms per frame on the main thread .*hasher thread' "$log" | tail -n 1)
    upkeep_ms=$(grep -oE 'upkeep median [0-9.]+' <<<"$upkeep" | grep -oE '[0-9.]+')
    hash_ms=$(grep -oE 'took a median [0-9.]+' <<<"$upkeep" | grep -oE '[0-9.]+')
    read -r update_ms block_ms traced <<<"$(update_median "$run/trace.json" 2>/dev/null || echo "-1 -1 0")"
    saved=$(grep -m 1 -oE "capsule: saved .*" "$log" | tr -d '\r')
    record_mean=$(grep -oE 'mean frame [0-9.]+ ms' "$log" | tail -n 1 | grep -oE '[0-9.]+')
    during="load $before -> $(load)"
    percent() { awk -v a="${1:-0}" -v b="$update_ms" 'BEGIN {if (b > 0) printf "%.2f", 100 * a / b; else print "?"}'; }
    echo "entities $count: recording upkeep median ${upkeep_ms:-?} ms/frame on the main thread = $(percent "$upkeep_ms") % of the update's median ${update_ms} ms (trace, $traced frames; the trace's capsule block median ${block_ms} ms) [$during]"
    echo "entities $count: state hash median ${hash_ms:-?} ms/frame on the hasher thread (beside the frame, not on the main thread) = $(percent "$hash_ms") % of the update's median [$during]"
    echo "entities $count: capsule of 10 s: $(grep -oE 'frames [0-9]+-[0-9]+, [0-9]+ frames, [0-9.]+ s of play, [0-9]+ builds?, [0-9.]+ [KMG]?B' <<<"$saved" || echo "not saved"); written in $(grep -oE 'written in [0-9.]+ ms' <<<"$saved" | grep -oE '[0-9.]+' || echo '?') ms off the main thread [$during]"
    echo "entities $count: main-thread hitch while writing: $(grep -oE 'main thread held [0-9.]+ ms' <<<"$saved" | grep -oE '[0-9.]+' || echo '?') ms [$during]"
    capsule=$(sed -nE "s/^capsule: saved '([^']+)'.*/\1/p" <<<"$saved")
    if [ -n "$capsule" ]; then
        before=$(load)
        start=$(date +%s.%N)
        timeout --kill-after=10 1800 wine "$out/win32_platform.exe" --replay "$capsule" --unthrottled --size 320x180 \
            --log "$(dos "$run/replay.log")" >/dev/null 2>&1
        status=$?
        replay_mean=$(grep -oE 'mean frame [0-9.]+ ms' "$run/replay.log" | tail -n 1 | grep -oE '[0-9.]+')
        verdict=$(grep -m 1 -oE 'replay: (ran to its end|state diverged|the recorded fault|cannot use)[^:]*' "$run/replay.log")
        echo "entities $count: replay --unthrottled $(awk -v m="${replay_mean:-0}" 'BEGIN {if (m > 0) printf "%.1f", 1000 / m; else print "?"}') frames/s vs the recording run's $(awk -v m="${record_mean:-0}" 'BEGIN {if (m > 0) printf "%.1f", 1000 / m; else print "?"}') frames/s (mean frame ${replay_mean:-?} vs ${record_mean:-?} ms; exit $status, ${verdict:-no verdict}; $(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN {printf "%.1f", e - s}') s wall with Wine start) [load $before -> $(load)]"
    fi
done
echo "load at the end: $(load)"
