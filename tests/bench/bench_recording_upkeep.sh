#!/usr/bin/env bash
# The recording's per-frame cost before and after capsules were cut from the timeline's history
# (issue 45 item 1), in one bench run: this tree's build and a baseline revision's (default
# c70a6b0, the last with the capsule recorder's own checkpoint ring), each built here into its own
# folder, run in turn (baseline, this, baseline, this, ...) on the demo at each entity count,
# --unthrottled --fixed-dt 0.0166667 --frames FRAMES, from each run's exit lines:
#   - before: "capsule: recording upkeep median C ms" (its ring, checkpoints and hash waits) plus
#     "timeline: history upkeep median T ms" (the timeline's own recording): two records of the past;
#   - after: "capsule: recording upkeep median C ms", which now times the one recording (the
#     history's, with the hash waits), and "timeline: history upkeep median T ms" (the history's
#     recording alone, within C);
#   - the keyframes' main-thread median and max, and the mean frame time.
# Medians of the runs, the ratio after/before of the per-frame totals, and the machine's load beside
# every figure (the machine may be shared). Frame times are llvmpipe times (no GPU).
# Usage: tests/bench/bench_recording_upkeep.sh [FRAMES] [ENTITY COUNTS...]   (default 1200; 4096 65536)
#   BASELINE_REV (default c70a6b0), RUNS (default 3 of each).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
frames=${1:-1200}
shift
counts=${*:-4096 65536}
runs=${RUNS:-3}
baseline_rev=${BASELINE_REV:-c70a6b0}
out="$BUILD_DIR/bench_recording_upkeep"
mkdir -p "$out"
load() { cut -d' ' -f1 /proc/loadavg; }
echo "machine: $(nproc) cores, $(uname -sr), load $(load) at start; Wine, Mesa llvmpipe (no GPU)"

# The two builds: this tree's (misc/build.sh) and the baseline's, from a worktree of its own.
bash misc/build.sh >/dev/null || { echo "this tree does not build"; exit 1; }
mkdir -p "$out/after" "$out/before"
cp "$BUILD_DIR/win32_platform.exe" "$BUILD_DIR/game.dll" "$out/after/"
baseline_tree="$out/baseline_src"
if [ ! -f "$out/before/win32_platform.exe" ] || [ "$(cat "$out/before/rev" 2>/dev/null)" != "$baseline_rev" ]; then
    git worktree remove --force "$baseline_tree" >/dev/null 2>&1
    rm -rf "$baseline_tree"
    git worktree add --detach "$baseline_tree" "$baseline_rev" >/dev/null 2>&1 || { echo "no revision $baseline_rev"; exit 1; }
    (cd "$baseline_tree" && bash misc/build.sh >/dev/null) ||
        { echo "the baseline $baseline_rev does not build"; exit 1; }
    cp "$baseline_tree/build/win32_platform.exe" "$baseline_tree/build/game.dll" "$out/before/"
    echo "$baseline_rev" >"$out/before/rev"
    git worktree remove --force "$baseline_tree" >/dev/null 2>&1
fi
ensure_display
trap stop_own_display EXIT
export WINEDLLOVERRIDES="winedbg.exe=d;${WINEDLLOVERRIDES:-}"

# figure LOG PATTERN: the number after PATTERN in the log's last line holding it.
figure() { grep -oE "$2 [0-9.]+" "$1" | tail -n 1 | awk '{print $NF}'; }
median() { sort -g | awk '{v[NR] = $1} END {if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}'; }

for count in $counts; do
    for ((run = 1; run <= runs; ++run)); do
        for side in before after; do
            log="$out/${side}_${count}_$run.log"
            rm -f "$log"
            during=$(load)
            (cd "$out/$side" && timeout 600 wine ./win32_platform.exe --game game.dll --log "$log" --size 320x180 \
                --fixed-dt 0.0166667 --unthrottled --frames "$frames" --entities "$count" >/dev/null 2>&1 </dev/null)
            capsule=$(figure "$log" "capsule: recording upkeep median")
            timeline=$(figure "$log" "timeline: history upkeep median")
            keyMedian=$(grep -oE "keyframes taken, each a median [0-9.]+ ms, at most [0-9.]+" "$log" | tail -n 1 | awk '{print $6}')
            keyMax=$(grep -oE "keyframes taken, each a median [0-9.]+ ms, at most [0-9.]+" "$log" | tail -n 1 | awk '{print $NF}')
            if [ "$side" = before ]; then
                total=$(awk -v a="${capsule:-0}" -v b="${timeline:-0}" 'BEGIN {printf "%.4f", a + b}')
            else
                total=${capsule:-0}
            fi
            echo "$count $side run $run: capsule line ${capsule:-?} ms, timeline line ${timeline:-?} ms, per-frame total $total ms; keyframes median ${keyMedian:-?} ms, max ${keyMax:-?} ms [load $during]"
            echo "$total" >>"$out/${side}_${count}.totals"
            echo "${keyMax:-0}" >>"$out/${side}_${count}.keymax"
        done
    done
    before=$(median <"$out/before_${count}.totals")
    after=$(median <"$out/after_${count}.totals")
    ratio=$(awk -v a="$after" -v b="$before" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "?"}')
    echo "recording upkeep at $count entities: before (capsule ring + timeline) median $before ms per frame, after (one history) $after ms; after/before $ratio; keyframe max median: before $(median <"$out/before_${count}.keymax") ms, after $(median <"$out/after_${count}.keymax") ms [load $(load)]"
    rm -f "$out/before_${count}.totals" "$out/after_${count}.totals" "$out/before_${count}.keymax" "$out/after_${count}.keymax"
done
