#!/usr/bin/env bash
# The 16-core figures of issue 46 in one script (printed, never asserted): whoever holds a many-core
# machine runs it once. It builds the two native benchmarks as static binaries (so they run on a
# machine without this toolchain), runs
#   - the frame table: tests/bench/bench_frame_graph_native.cpp --threads T, SAMPLES times (each a
#     whole table, 1 to T threads, at 4,096, 65,536 and 262,144 entities);
#   - the work-queue table: tests/bench/bench_work_queue.cpp --threads T (T first, then 1, 2, 4, ...),
#     ours against Taskflow and enkiTS when TASKFLOW_DIR / ENKITS_DIR point at checkouts (as
#     tests/bench/bench_work_queue.sh), and the mutex pool;
# and ends with one summary: every goal of the issue at T threads, its median figure, met or NOT met.
# Then two comparisons that need such a machine to settle: the frame table once more with each
# batch's collisions in 3 jobs (-DFIXTURE_COLLIDE_PARTS=3: the shape model allows more at 4,096 and
# 65,536 entities, the cost of 3x the hand-overs on many cores is unknown), and for the wake row (the
# one goal the work queue's design leaves open), the same benchmark built
# with the wake passed on to 4 and to 16 sleepers at a time (-DWORK_QUEUE_WAKE_FANOUT, 2 in the
# engine), ours alone, 3 s per thread count: its T-thread wake and parallel-sum figures beside the
# main run's and Taskflow's, so one run says which fanout the many-core machine wants.
# Settings fit about 7-8 minutes on 16 cores; every table line carries the machine's load.
# Usage: tests/bench/bench_cores.sh [--threads T (default: every core)] [--samples N (3)] [--frames F (81)]
#          [--seconds S (12, per work-queue runner and thread count)] [--build-only DIR] [--run-only DIR]
#   --build-only DIR  build the static binaries into DIR and stop (to carry them to another machine)
#   --run-only DIR    run the binaries in DIR (built by --build-only), build nothing
# Figures: build/bench_cores/ (frame_N.txt, work_queue.txt, summary.txt).
set -u
cd "$(dirname "$0")/../.."
threads=$(nproc 2>/dev/null || echo 2)
samples=3
frames=81
seconds=12
build_dir=""
run_dir=""
while [ $# -gt 0 ]; do
    case "$1" in
        --threads) threads=$2; shift 2 ;;
        --samples) samples=$2; shift 2 ;;
        --frames) frames=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --build-only) build_dir=$2; shift 2 ;;
        --run-only) run_dir=$2; shift 2 ;;
        *) echo "usage: $0 [--threads T] [--samples N] [--frames F] [--seconds S] [--build-only DIR | --run-only DIR]"; exit 2 ;;
    esac
done
out=build/bench_cores
mkdir -p "$out"
wake_fanouts="4 16"
bin=${run_dir:-${build_dir:-$out}}

#- The static binaries
if [ -z "$run_dir" ]; then
    source misc/toolchain.sh
    mkdir -p "$bin"
    $NATIVE_CXX $NATIVE_FLAGS -static tests/bench/bench_frame_graph_native.cpp -o "$bin/bench_frame_graph_native" ||
        { echo "bench_frame_graph_native does not build"; exit 1; }
    $NATIVE_CXX $NATIVE_FLAGS -static -DFIXTURE_COLLIDE_PARTS=3 tests/bench/bench_frame_graph_native.cpp \
        -o "$bin/bench_frame_graph_native_collide3" || { echo "bench_frame_graph_native (collisions in 3 parts) does not build"; exit 1; }
    BENCH_STATIC_BINARY="$(cd "$bin" && pwd)/bench_work_queue" bash tests/bench/bench_work_queue.sh ||
        { echo "bench_work_queue does not build"; exit 1; }
    for fanout in $wake_fanouts; do
        BENCH_EXTRA_FLAGS="-DWORK_QUEUE_WAKE_FANOUT=$fanout" BENCH_STATIC_BINARY="$(cd "$bin" && pwd)/bench_work_queue_fanout$fanout" \
            bash tests/bench/bench_work_queue.sh >/dev/null || { echo "bench_work_queue (wake fanout $fanout) does not build"; exit 1; }
    done
    [ -n "$build_dir" ] && { echo "built into $build_dir: run tests/bench/bench_cores.sh --run-only $build_dir there"; exit 0; }
fi
[ -x "$bin/bench_frame_graph_native" ] && [ -x "$bin/bench_work_queue" ] || { echo "no binaries in $bin"; exit 1; }
echo "machine: $(nproc) cores, $(uname -sr), $(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'); load $(cut -d' ' -f1-3 /proc/loadavg) at start"

#- The frame table, SAMPLES times
for ((sample = 1; sample <= samples; ++sample)); do
    "$bin/bench_frame_graph_native" --threads "$threads" --frames "$frames" --seconds 60 | tee "$out/frame_$sample.txt"
done
#- The frame table once with the collisions in 3 jobs a batch (skipped when an older --build-only lacks it)
if [ -x "$bin/bench_frame_graph_native_collide3" ]; then
    "$bin/bench_frame_graph_native_collide3" --threads "$threads" --frames "$frames" --seconds 60 >"$out/collide3_frame.txt"
fi
#- The work-queue table
"$bin/bench_work_queue" --threads "$threads" --runs 3 --seconds "$seconds" | tee "$out/work_queue.txt"
#- The wake at other fanouts (ours alone; a missing variant, from an older --build-only, is skipped)
for fanout in $wake_fanouts; do
    [ -x "$bin/bench_work_queue_fanout$fanout" ] || continue
    "$bin/bench_work_queue_fanout$fanout" --threads "$threads" --runs 3 --seconds 3 --runners ours >"$out/work_queue_fanout$fanout.txt"
done

#- The summary
# frame_column ENTITIES COLUMN [FILE...]: the column's figure (speed-up 5, inflation 8, shape 10, kept
# 12) of the T-thread row at ENTITIES, one line per table (the main samples without FILE).
frame_column() {
    local entities=$1 column=$2
    shift 2
    [ $# -gt 0 ] || set -- "$out"/frame_*.txt
    cat "$@" 2>/dev/null | awk -v n="$entities" -v t="$threads" -v c="$column" '
        /^entities / {here = ($2 == n ":")} here && $1 == t && $2 != "skipped" {v = $c; sub(/x$/, "", v); print v}'
}
median() { sort -g | awk '{v[NR] = $1} END {if (NR) printf "%.2f", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2); else print ""}'; }
# goal LABEL VALUE OP LIMIT: one summary line, met or NOT met (no figure: not measured).
goal() {
    local verdict
    verdict=$(awk -v v="$2" -v o="$3" -v l="$4" 'BEGIN {if (v == "") print "not measured";
        else if ((o == ">=" && v + 0 >= l + 0) || (o == "<=" && v + 0 <= l + 0)) print "met"; else print "NOT met"}')
    printf '  %-58s %8s   goal %s %s: %s\n' "$1" "${2:--}" "$3" "$4" "$verdict"
}
# queue_figure FILE RUNNER LABEL: the T-thread table's figure of RUNNER (ours 1, baseline 2, enkiTS 3,
# Taskflow 4) on the row whose label starts LABEL. Read from the line's end, whose widths are fixed
# (bench_work_queue_report.cpp: four runner fields of 11 characters, 2 spaces, three ratios of 9): a
# label longer than its 34 columns moves only what is before them.
queue_figure() {
    awk -v t="$threads" -v label="$3" -v runner="$2" '
        /^threads [0-9]+ \(/ {here = ($2 == t)}
        here && index($0, "  " label) == 1 {v = substr($0, length($0) - 72 + (runner - 1) * 11, 11); gsub(/ /, "", v); print v; exit}' \
        "$1" 2>/dev/null
}
# queue_ratio LABEL: the T-thread table's last ratio column (ours / Taskflow) on the row whose label starts LABEL.
queue_ratio() {
    awk -v t="$threads" -v label="$1" '
        /^threads [0-9]+ \(/ {here = ($2 == t)} here && index($0, "  " label) == 1 {v = $NF; sub(/x$/, "", v); if (v != "-") print v; exit}' \
        "$out/work_queue.txt"
}
sum_speed_up=$(awk -v t="$threads" '/^threads [0-9]+ \(/ {here = ($2 == t)} here && /parallel sum speed-up/ {v = $(NF - 5); sub(/x$/, "", v); print v; exit}' "$out/work_queue.txt")
{
    echo "summary at $threads threads ($samples frame tables of $frames frames; medians), load $(cut -d' ' -f1-3 /proc/loadavg) at the end:"
    goal "frame speed-up, 4,096 entities" "$(frame_column 4096 5 | median)" ">=" 8
    goal "frame speed-up, 65,536 entities" "$(frame_column 65536 5 | median)" ">=" 13
    goal "frame speed-up, 262,144 entities" "$(frame_column 262144 5 | median)" ">=" 14.5
    goal "CPU in job bodies / serial (inflation), 65,536" "$(frame_column 65536 8 | median)" "<=" 1.08
    goal "kept (speed-up x inflation / shape), 65,536" "$(frame_column 65536 12 | median)" ">=" 0.96
    echo "  (shape at 65,536: $(frame_column 65536 10 | median)x; at 262,144: $(frame_column 262144 10 | median)x)"
    goal "work queue / Taskflow: empty job" "$(queue_ratio 'ns per empty job')" "<=" 0.5
    goal "work queue / Taskflow: round of 64 tiny jobs" "$(queue_ratio 'us per round')" "<=" 0.5
    goal "work queue / Taskflow: 10,000-job graph" "$(queue_ratio 'ms per 10,000-job graph')" "<=" 0.5
    goal "work queue / Taskflow: 64-item parallel-for" "$(queue_ratio 'us per 64-item parallel-for')" "<=" 0.5
    goal "work queue / Taskflow: 64-item for, ~1 us items" "$(queue_ratio 'us per 64-item for, ~1 us')" "<=" 0.5
    goal "work queue / Taskflow: wake every worker" "$(queue_ratio 'us to wake every worker')" "<=" 0.7
    goal "work queue / Taskflow: parallel sum of 50M" "$(queue_ratio 'ms parallel sum')" "<=" 1.0
    goal "parallel sum speed-up (ours, all / one)" "$sum_speed_up" ">=" 14
    collide3="$out/collide3_frame.txt"
    echo "  collisions in 3 jobs a batch (one table; the main medians in brackets): speed-up 4,096 $(frame_column 4096 5 "$collide3")x" \
        "($(frame_column 4096 5 | median)x), 65,536 $(frame_column 65536 5 "$collide3")x ($(frame_column 65536 5 | median)x)," \
        "262,144 $(frame_column 262144 5 "$collide3")x ($(frame_column 262144 5 | median)x); shape at 65,536" \
        "$(frame_column 65536 10 "$collide3")x ($(frame_column 65536 10 | median)x), kept $(frame_column 65536 12 "$collide3")" \
        "($(frame_column 65536 12 | median))"
    # NOTE: the parallel sum too: it starts with every worker asleep (after the one-thread sum), so
    # how fast the wake reaches the last of them is part of its time.
    for row in "us to wake every worker|wake every worker (us)" "ms parallel sum|parallel sum of 50M items (ms)"; do
        label=${row%%|*}
        line="  ${row#*|} at $threads threads: wake fanout 2 (the engine's) $(queue_figure "$out/work_queue.txt" 1 "$label")"
        for fanout in $wake_fanouts; do
            line+=", fanout $fanout $(queue_figure "$out/work_queue_fanout$fanout.txt" 1 "$label")"
        done
        echo "$line; Taskflow $(queue_figure "$out/work_queue.txt" 4 "$label")"
    done
} | tee "$out/summary.txt"
