#!/usr/bin/env bash
# The 16-core figures of issue 46 in one script (printed, never asserted): whoever holds a many-core
# machine runs it once. It builds the two native benchmarks as static binaries (so they run on a
# machine without this toolchain), runs
#   - the frame table: tests/bench/bench_frame_graph_native.cpp --threads T, SAMPLES times (each a
#     whole table, 1 to T threads, at 4,096, 65,536 and 262,144 entities);
#   - the work-queue table: tests/bench/bench_work_queue.cpp --threads T (T first, then 1, 2, 4, ...),
#     ours against Taskflow when TASKFLOW_DIR points at a checkout (as tests/bench/bench_work_queue.sh),
#     those two alone (--runners ours,Taskflow, as issue 46 measured them: enkiTS and the mutex pool
#     are no goal's, and the time they would take goes to the other parts);
# and ends with one summary: every goal of the issue at T threads, its median figure, met or NOT met,
# and per entity count where the T-thread frame loses (the frame table's sched k., joins and fan-out).
# Then two comparisons that need such a machine to settle: the frame table once more with each
# batch's collisions in 3 jobs (-DFIXTURE_COLLIDE_PARTS=3: the shape model allows more at 4,096 and
# 65,536 entities, the cost of 3x the hand-overs on many cores is unknown), and for the wake row (the
# one goal the work queue's design leaves open), the same benchmark built
# with the wake passed on to 4 and to 16 sleepers at a time (-DWORK_QUEUE_WAKE_FANOUT, 2 in the
# engine), ours alone, 3 s per thread count: its T-thread wake and parallel-sum figures beside the
# main run's and Taskflow's, so one run says which fanout the many-core machine wants. Before the
# fanouts, the wake benchmark (tests/bench/bench_wake.cpp): one release of 1, 2, 4, ... T-1 sleepers
# through the OS layer's sem_t against one futex wake for all, which lost on 2 cores (docs/figures.md).
# The run keeps to a time budget (--budget, 240 s: a lent machine's 15 minutes hold two starts and
# two runs, one early and one at the end). Parts run in the order of what the goals need: one frame
# table, the work-queue table, the other frame tables, the 3-part collisions, the wake, the fanouts.
# Each part has a share of the budget and never more than what is left (timeout); a part cut short
# keeps what it printed, one with too little left is skipped, and each says so. Every figure file is
# written as it is measured, into --out DIR, so a run stopped from outside still leaves its tables.
# Every table line carries the machine's load.
# Usage: tests/bench/bench_cores.sh [--threads T (default: every core)] [--samples N (3)] [--frames F (81)]
#          [--budget S (240)] [--seconds S (12, per work-queue runner and thread count)] [--out DIR]
#          [--build-only DIR] [--run-only DIR]
#   --budget S        the run's wall time in seconds, building not included (at least 30)
#   --out DIR         where the figures go (default build/bench_cores)
#   --build-only DIR  build the static binaries into DIR and stop (to carry them to another machine)
#   --run-only DIR    run the binaries in DIR (built by --build-only), build nothing
# Figures: DIR/frame_N.txt, work_queue.txt, collide3_frame.txt, wake.txt, work_queue_fanoutN.txt,
# parts.txt, summary.txt.
set -u
cd "$(dirname "$0")/../.."
threads=$(nproc 2>/dev/null || echo 2)
samples=3
frames=81
seconds=12
budget=240
out=build/bench_cores
build_dir=""
run_dir=""
usage() {
    echo "usage: $0 [--threads T] [--samples N] [--frames F] [--budget S] [--seconds S] [--out DIR] [--build-only DIR | --run-only DIR]"
    exit 2
}
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case "$1" in
        --threads) threads=$2 ;;
        --samples) samples=$2 ;;
        --frames) frames=$2 ;;
        --seconds) seconds=$2 ;;
        --budget) budget=$2 ;;
        --out) out=$2 ;;
        --build-only) build_dir=$2 ;;
        --run-only) run_dir=$2 ;;
        *) usage ;;
    esac
    shift 2
done
for number in "$threads" "$samples" "$frames" "$seconds" "$budget"; do
    [[ "$number" =~ ^[1-9][0-9]*$ ]] || { echo "not a whole number above 0: $number"; usage; }
done
[ "$budget" -ge 30 ] || { echo "--budget $budget: at least 30 seconds"; exit 2; }
wake_fanouts="4 16"
bin=${run_dir:-${build_dir:-$out/bin}}

#- The static binaries
if [ -z "$run_dir" ]; then
    source misc/toolchain.sh
    mkdir -p "$bin"
    $NATIVE_CXX $NATIVE_FLAGS -static tests/bench/bench_frame_graph_native.cpp -o "$bin/bench_frame_graph_native" ||
        { echo "bench_frame_graph_native does not build"; exit 1; }
    $NATIVE_CXX $NATIVE_FLAGS -static -DFIXTURE_COLLIDE_PARTS=3 tests/bench/bench_frame_graph_native.cpp \
        -o "$bin/bench_frame_graph_native_collide3" || { echo "bench_frame_graph_native (collisions in 3 parts) does not build"; exit 1; }
    ENKITS_DIR= BENCH_STATIC_BINARY="$(cd "$bin" && pwd)/bench_work_queue" bash tests/bench/bench_work_queue.sh ||
        { echo "bench_work_queue does not build"; exit 1; }
    BENCH_STATIC_BINARY="$(cd "$bin" && pwd)/bench_wake" bash tests/bench/bench_wake.sh || { echo "bench_wake does not build"; exit 1; }
    for fanout in $wake_fanouts; do
        TASKFLOW_DIR= ENKITS_DIR= BENCH_EXTRA_FLAGS="-DWORK_QUEUE_WAKE_FANOUT=$fanout" BENCH_STATIC_BINARY="$(cd "$bin" && pwd)/bench_work_queue_fanout$fanout" \
            bash tests/bench/bench_work_queue.sh >/dev/null || { echo "bench_work_queue (wake fanout $fanout) does not build"; exit 1; }
    done
    [ -n "$build_dir" ] && { echo "built into $build_dir: run tests/bench/bench_cores.sh --run-only $build_dir there"; exit 0; }
fi
[ -x "$bin/bench_frame_graph_native" ] && [ -x "$bin/bench_work_queue" ] || { echo "no binaries in $bin"; exit 1; }
mkdir -p "$out" || exit 1
rm -f "$out"/frame_*.txt "$out"/work_queue*.txt "$out"/collide3_frame.txt "$out"/wake.txt "$out"/parts.txt "$out"/summary.txt
echo "machine: $(nproc) cores, $(uname -sr), $(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'); load $(cut -d' ' -f1-3 /proc/loadavg) at start; budget $budget s"

#- The parts, each within its share of the budget
run_start=$SECONDS
left() { echo $((budget - (SECONDS - run_start))); }
# run_part NAME SHARE MINIMUM FILE SHOW COMMAND...: COMMAND's output into FILE (and on the terminal when
# SHOW is 1), for at most SHARE seconds (MINIMUM when SHARE is less) and never past the budget; skipped
# when less than MINIMUM seconds are left. One line per part in parts.txt (and on the terminal): its
# time and how it ended.
run_part() {
    local name=$1 share=$2 minimum=$3 file=$4 show=$5 limit status started=$SECONDS verdict
    shift 5
    limit=$((share > minimum ? share : minimum))
    [ "$(left)" -lt "$limit" ] && limit=$(left)
    if [ "$limit" -lt "$minimum" ]; then
        verdict="skipped: $(left) s of the budget left, it wants $minimum"
    else
        if [ "$show" = 1 ]; then
            timeout --kill-after=5 "$limit" "$@" 2>&1 | tee "$file"
            status=${PIPESTATUS[0]}
        else
            timeout --kill-after=5 "$limit" "$@" >"$file" 2>&1
            status=$?
        fi
        case $status in
            0) verdict="done" ;;
            124|137) verdict="cut at its $limit s (what it printed is kept)" ;;
            *) verdict="failed, exit $status" ;;
        esac
    fi
    echo "part $name: $((SECONDS - started)) s, $verdict; $(left) s of the budget left" | tee -a "$out/parts.txt"
}
# Shares of the budget (each also bounded by what is left): the work-queue table gets the most, and its
# own --total-seconds keeps it inside its share (T threads always run, lower counts while time lasts).
frame_share=$((budget * 15 / 100))
queue_share=$((budget * 40 / 100))
queue_total=$((queue_share * 3 / 4))
collide3_share=$((budget * 10 / 100))
wake_share=$((budget * 3 / 100))
fanout_share=$((budget * 5 / 100))
frame_flags=(--threads "$threads" --frames "$frames" --seconds 60)
run_part "frame table 1" "$frame_share" 10 "$out/frame_1.txt" 1 "$bin/bench_frame_graph_native" "${frame_flags[@]}"
run_part "work-queue table" "$queue_share" 20 "$out/work_queue.txt" 1 \
    "$bin/bench_work_queue" --threads "$threads" --runs 3 --seconds "$seconds" --total-seconds "$queue_total" --runners ours,Taskflow
for ((sample = 2; sample <= samples; ++sample)); do
    run_part "frame table $sample" "$frame_share" 10 "$out/frame_$sample.txt" 1 "$bin/bench_frame_graph_native" "${frame_flags[@]}"
done
#- The frame table once with the collisions in 3 jobs a batch (skipped when an older --build-only lacks it)
if [ -x "$bin/bench_frame_graph_native_collide3" ]; then
    run_part "frame table, collisions in 3 jobs" "$collide3_share" 10 "$out/collide3_frame.txt" 0 \
        "$bin/bench_frame_graph_native_collide3" "${frame_flags[@]}"
fi
#- One release of many sleepers: the OS layer's sem_t against one futex wake (skipped when an older
# --build-only lacks it). 150 rounds of 2 ms idle per count and semaphore: about 3 s at 16 threads.
if [ -x "$bin/bench_wake" ]; then
    run_part "wake, sem_t against one futex wake" "$wake_share" 5 "$out/wake.txt" 0 \
        "$bin/bench_wake" --sleepers "$((threads > 1 ? threads - 1 : 1))" --rounds 150
fi
#- The wake at other fanouts (ours alone; a missing variant, from an older --build-only, is skipped)
for fanout in $wake_fanouts; do
    [ -x "$bin/bench_work_queue_fanout$fanout" ] || continue
    run_part "wake fanout $fanout" "$fanout_share" 5 "$out/work_queue_fanout$fanout.txt" 0 \
        "$bin/bench_work_queue_fanout$fanout" --threads "$threads" --runs 3 --seconds 3 --total-seconds "$((fanout_share / 2))" --runners ours
done

#- The summary
# frame_column ENTITIES COLUMN [FILE...]: the column's figure (speed-up 5, inflation 8, shape 10, kept
# 12, sched kept 13, joins us 14, fan-out us 15) of the T-thread row at ENTITIES, one line per table
# (the main samples without FILE).
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
# wake_row K: wake.txt's row for K sleepers (sleepers, release us: sem_t, futex, ratio; all woken us:
# sem_t, futex, ratio; load) as one phrase.
wake_row() {
    awk -v k="$1" '$1 == k && NF == 8 {print "release " $2 " / " $3 " us (" $4 "), all woken " $5 " / " $6 " us (" $7 ")"; exit}' \
        "$out/wake.txt" 2>/dev/null
}
sum_speed_up=$(awk -v t="$threads" '/^threads [0-9]+ \(/ {here = ($2 == t)} here && /parallel sum speed-up/ {v = $(NF - 5); sub(/x$/, "", v); print v; exit}' "$out/work_queue.txt")
{
    tables=$(frame_column 65536 5 | wc -l)
    echo "summary at $threads threads ($tables of $samples frame tables reached $threads threads at 65,536 entities, $frames frames" \
        "a row; medians), load $(cut -d' ' -f1-3 /proc/loadavg) at the end, $((SECONDS - run_start)) s of the $budget s budget:"
    goal "frame speed-up, 4,096 entities" "$(frame_column 4096 5 | median)" ">=" 8
    goal "frame speed-up, 65,536 entities" "$(frame_column 65536 5 | median)" ">=" 13
    goal "frame speed-up, 262,144 entities" "$(frame_column 262144 5 | median)" ">=" 14.5
    goal "CPU in job bodies / serial (inflation), 65,536" "$(frame_column 65536 8 | median)" "<=" 1.08
    goal "kept (speed-up x inflation / shape), 65,536" "$(frame_column 65536 12 | median)" ">=" 0.96
    echo "  (shape at 65,536: $(frame_column 65536 10 | median)x; at 262,144: $(frame_column 262144 10 | median)x)"
    # NOTE: what item 1 asks first, where the T-thread frame loses: the scheduler's share (its own job
    # times modelled / the graph), and the hand-overs on the serial path and at each stage's release.
    for entities in 4096 65536 262144; do
        echo "  (where $entities entities lose: sched kept $(frame_column "$entities" 13 | median)," \
             "joins $(frame_column "$entities" 14 | median) us and fan-outs $(frame_column "$entities" 15 | median) us a frame," \
             "inflation $(frame_column "$entities" 8 | median)x)"
    done
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
    sleepers=$((threads > 1 ? threads - 1 : 1))
    for count in $( ( [ "$sleepers" -gt 2 ] && echo 2; echo "$sleepers" ) ); do
        figures=$(wake_row "$count")
        echo "  one release of $count sleeper(s), sem_t / one futex wake (ratio): ${figures:-not measured}"
    done
} | tee "$out/summary.txt"
