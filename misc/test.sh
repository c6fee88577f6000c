#!/usr/bin/env bash
# The one test command (Linux): installs what is missing, builds every target with MinGW, then
# runs every tests/suites/suite_*.sh and closes with the total "N passed, M failed".
# A suite prints one line per failure and its own "N passed, M failed"; a suite that dies or
# hangs (timeout) counts as one failure. Full logs land in build/test_logs/.
# Suites run in TEST_LANES lanes at once (default: the cores, or a CPU quota, plus one, at most 8;
# 1 runs them one after another): each lane has its own Wine prefix and its own display, so two
# suites never share a wineserver, a window search or the keyboard focus (lane 1: $WINEPREFIX and
# $DISPLAY or a private Xvfb; lane N: a prefix "${WINEPREFIX}_laneN" and a private Xvfb). Each
# suite's block is printed when it ends.
set -u
cd "$(dirname "$0")/.."
source misc/toolchain.sh
misc/install_deps.sh || { echo "FAIL could not install the toolchain"; echo "0 passed, 1 failed"; exit 1; }

mkdir -p "$BUILD_DIR/test_logs"
run_start=$(date +%s)
load_now() { cut -d' ' -f1-3 /proc/loadavg; }

suite_filter=${1:-}
suites=()
for suite in tests/suites/suite_*.sh; do
    name=$(basename "$suite" .sh)
    if [ -n "$suite_filter" ] && [[ "$name" != *"$suite_filter"* ]]; then continue; fi
    suites+=("$suite")
done

# The order lanes take suites in: the long ones first (seconds beside each, measured in a full run
# with two lanes at load 4-6, 2026-11-29), so no lane is left with a long suite at the end; every
# other suite follows in name order, the short ones filling the gaps. A new long suite belongs in
# this list. (In that run the two lanes' suites took 817 and 766 s; replayed with the same times,
# this order gives about 784 and 781.)
long_suites_first="windows_build:329 platform:141 frame_graph:115 timeline:102 debugger:99 hot_restart:84
    misuse_games:82 debug_overlay:81 work_queue:77 trace:75 live_editing:71 reload_pointers:46 sound_assets:36
    adversarial_games:32 timeline_view:32 unicode_paths:32"
ordered=()
for entry in $long_suites_first; do
    for suite in "${suites[@]}"; do
        [ "$(basename "$suite" .sh)" = "suite_${entry%%:*}" ] && ordered+=("$suite")
    done
done
for suite in "${suites[@]}"; do
    [[ " ${ordered[*]} " == *" $suite "* ]] || ordered+=("$suite")
done
suites=("${ordered[@]}")

# Suites that run alone once the lanes are done, with nothing beside them: suite_sound_e2e
# records real-time audio from the running engine, and a starved sound thread is a gap in the tone
# (seen with another suite beside it on a loaded machine). It is kept to that recording (~15 s):
# the rest of sound and assets (builds, fuzzing) runs in the lanes as suite_sound_assets.
solo_suites=" suite_sound_e2e "
lane_suites=()
alone_suites=()
for suite in "${suites[@]}"; do
    if [[ "$solo_suites" == *" $(basename "$suite" .sh) "* ]]; then alone_suites+=("$suite"); else lane_suites+=("$suite"); fi
done

# NOTE: one lane more than cores: every suite spends part of its time waiting (a Wine start, a log
# line, a sleep, a build in another process), and with one lane per core those gaps left the
# machine idle. Clean-clone runs on 2 cores, 2026-11-29: with 2 lanes the suites took 859-880 s and
# 1,439-1,463 CPU-seconds (1.6-1.7 cores busy); with 3, 657-749 s and 1,165-1,343 (1.8); with 4,
# 854 s (suite_windows_build starved, the critical path at 815 s). At most 8: each lane starts its
# own Wine prefix and X server.
cores=$(nproc 2>/dev/null || echo 1)
# A container's CPU quota (cgroup v2 cpu.max: "QUOTA PERIOD", or "max") can give it less than the
# CPUs it sees: the lanes follow the quota then.
if read -r quota period 2>/dev/null </sys/fs/cgroup/cpu.max && [ "$quota" != max ] && [ "${period:-0}" -gt 0 ] 2>/dev/null; then
    quota_cores=$(( (quota + period - 1) / period ))
    [ "$quota_cores" -ge 1 ] && [ "$quota_cores" -lt "$cores" ] && cores=$quota_cores
fi
default_lanes=$(( cores + 1 ))
[ "$default_lanes" -gt 8 ] && default_lanes=8
lanes=${TEST_LANES:-$default_lanes}
[ "$lanes" -ge 1 ] 2>/dev/null || lanes=1
[ "$lanes" -gt "${#lane_suites[@]}" ] && lanes=${#lane_suites[@]}
[ "$lanes" -ge 1 ] || lanes=1
# Side by side, a suite's engine gets less of the machine: its waits for log lines may take up to 3x
# their bound (tests/suites/test_lib.sh: TEST_WAIT_SCALE; a wait that sees its line returns at once).
[ "$lanes" -gt 1 ] && export TEST_WAIT_SCALE=${TEST_WAIT_SCALE:-3}

# The dev build most suites start from, made once into the engine build cache beside Wine's start
# and the first suites' unit tests (tests/suites/build_cache_warm_up.sh); a suite that needs it
# first waits for it. Skipped when no chosen suite builds a work copy.
warm_up_pid=""
if [ "${#suites[@]}" -gt 0 ] && grep -qE 'build_engine_copy "[^"]*" *$' "${suites[@]}"; then
    bash tests/suites/build_cache_warm_up.sh >"$BUILD_DIR/test_logs/build_cache_warm_up.log" 2>&1 &
    warm_up_pid=$!
fi

# One X server per lane for every suite that opens a window (Wine + Mesa llvmpipe). NOTE: started
# one after another (ensure_display takes the first free display number, and its server needs a
# moment to claim it); every Wine process of one prefix must see the same display.
lane_prefix=()
lane_display=()
own_displays=()
for ((lane = 1; lane <= lanes; ++lane)); do
    if [ "$lane" -eq 1 ]; then
        lane_prefix[lane]=$WINEPREFIX
    else
        lane_prefix[lane]="${WINEPREFIX}_lane$lane"
        unset DISPLAY
    fi
    ensure_display
    [ -n "$OWN_XVFB_PID" ] && own_displays+=("$OWN_XVFB_PID")
    OWN_XVFB_PID=""
    lane_display[lane]=$DISPLAY
done
export DISPLAY=${lane_display[1]}
cleanup() {
    local lane pid
    [ -n "$warm_up_pid" ] && kill "$warm_up_pid" >/dev/null 2>&1
    for ((lane = 1; lane <= lanes; ++lane)); do
        WINEPREFIX=${lane_prefix[lane]} wineserver -k >/dev/null 2>&1
    done
    for pid in "${own_displays[@]}"; do kill "$pid" >/dev/null 2>&1; done
}
trap cleanup EXIT
# Keep one wineserver per prefix alive for the whole run: a Wine start is then ~0.5 s, not ~1.2 s
# plus Wine's services started again. NOTE: `wineserver -p` fails on a prefix folder that does not
# exist yet (a fresh CI machine), so the folder is made first; Wine fills it on its first start. That
# start is here, outside any pipe: the Wine services it leaves running would otherwise hold a suite's
# $(...) capture open, and that suite would hang. The prefixes are made at the same time.
prefix_pids=()
for ((lane = 1; lane <= lanes; ++lane)); do
    (
        export WINEPREFIX=${lane_prefix[lane]} DISPLAY=${lane_display[lane]}
        mkdir -p "$WINEPREFIX"
        wineserver -p >/dev/null 2>&1 || echo "note: no lasting wineserver for $WINEPREFIX: every Wine start boots Wine"
        timeout 600 wine cmd /c exit 0 </dev/null >/dev/null 2>&1
    ) &
    prefix_pids+=($!)
done
wait "${prefix_pids[@]}"

# run_suite SUITE: runs it with its log in build/test_logs/, then prints its block (its FAIL lines
# and counts) at once, under a lock, so blocks of two lanes never mix; its counts go to NAME.counts.
run_suite() {
    local suite=$1 name log start status elapsed cpu summary passed failed block
    name=$(basename "$suite" .sh)
    log="$BUILD_DIR/test_logs/$name.log"
    start=$(date +%s)
    # The CPU its processes used, printed beside its wall time: what the lanes share. Counted by bash's
    # `times` in a shell made a child subreaper (prctl PR_SET_CHILD_SUBREAPER, through python3): Wine
    # starts every process (build.bat's compilers, a restarted engine, winedbg) with a double fork,
    # and such an orphan would otherwise end under init, its CPU counted nowhere. Wine's lasting
    # wineserver is started outside, and counts in no suite.
    # NOTE: not `times | ...`: a pipeline's `times` runs in a child that has no children.
    python3 -c 'import ctypes, os, sys; ctypes.CDLL(None).prctl(36, 1, 0, 0, 0); os.execvp("bash", sys.argv[1:])' \
        bash -c 'timeout --kill-after=10 "$1" bash "$2" >"$3" 2>&1 </dev/null; status=$?; times >"$3.cpu"; exit $status' \
        _ "${SUITE_TIMEOUT:-1200}" "$suite" "$log"
    status=$?
    cpu=$(awk 'NR == 2 { total = 0; for (i = 1; i <= 2; ++i) { split($i, part, "m"); total += part[1] * 60 + part[2] } printf "%d", total }' "$log.cpu" 2>/dev/null)
    elapsed=$(( $(date +%s) - start ))
    block="== $name"$'\n'
    block+=$(grep -E '^FAIL' "$log")
    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$summary" ]; then
        block+=$'\n'"FAIL $name ended without a summary (exit $status); see $log"$'\n'
        block+=$(tail -n 15 "$log" | sed 's/^/    /')
        passed=0
        failed=1
    else
        passed=$(echo "$summary" | awk '{print $1}')
        failed=$(echo "$summary" | awk '{print $3}')
        if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
            block+=$'\n'"FAIL $name exited $status although it counted no failure; see $log"
            failed=1
        fi
        block+=$'\n'"   $name: $passed ok, $failed bad (${elapsed}s, cpu ${cpu:-?}s, lane $LANE, load $(load_now))"
    fi
    echo "$passed $failed ${cpu:-0}" >"$BUILD_DIR/test_logs/$name.counts"
    (flock 9; echo "$block" | grep -v '^$') 9>"$BUILD_DIR/test_logs/output.lock"
}

# Each lane takes the next suite of the list (a counter under a lock) until none is left.
queue_next="$BUILD_DIR/test_logs/queue.next"
echo 0 >"$queue_next"
take_next_suite() {
    (
        flock 9
        index=$(cat "$queue_next")
        echo $((index + 1)) >"$queue_next"
        echo "$index"
    ) 9>"$queue_next.lock"
}
rm -f "$BUILD_DIR"/test_logs/*.counts
lane_pids=()
for ((lane = 1; lane <= lanes; ++lane)); do
    (
        export LANE=$lane WINEPREFIX=${lane_prefix[lane]} DISPLAY=${lane_display[lane]}
        while :; do
            index=$(take_next_suite)
            [ "$index" -lt "${#lane_suites[@]}" ] || break
            run_suite "${lane_suites[index]}"
        done
    ) &
    lane_pids+=($!)
done
wait "${lane_pids[@]}"
for suite in "${alone_suites[@]}"; do
    LANE=1 run_suite "$suite"
done

total_passed=0
total_failed=0
total_cpu=0
for suite in "${suites[@]}"; do
    counts="$BUILD_DIR/test_logs/$(basename "$suite" .sh).counts"
    if [ -f "$counts" ]; then
        read -r passed failed cpu <"$counts"
    else
        echo "FAIL $(basename "$suite" .sh) never ran"
        passed=0
        failed=1
        cpu=0
    fi
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
    total_cpu=$((total_cpu + ${cpu:-0}))
done

echo "   all suites: $(( $(date +%s) - run_start ))s in $lanes lane(s), cpu ${total_cpu}s, load $(load_now)"
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
