#!/usr/bin/env bash
# Hot restart figures under Wine (printed, never asserted), the machine's load beside each: a running
# demo (or starter) restarted N times (default 10) by publishing its exe again under the lock
# protocol (what `misc/build.sh platform` does), the first restart from the exe built here. Per
# restart and as medians, from the new process's log line
#   restart: restart to first frame T ms (process start P ms, handover H ms, mapping M ms, first frame F ms)
# plus, measured here, publish -> running: from the lock's removal to the log's
# "restart: platform build N running" (includes the old process noticing the new exe, up to a frame).
# The medians come with each step's share of the total. After each restart: the live engine processes
# of the run once the old one (when it is not the first) has exited, their total RSS and the first
# one's (the run's one waiter: at most 2 processes whatever the count), and how long after the new
# process ran the old one was gone.
# Usage: xvfb-run -a tests/bench/bench_hot_restart.sh [--restarts N] [--starter] [-- ENGINE_FLAGS...]
#   --restarts N   restarts to measure (default 10)
#   --starter      restart the starter game (starter.dll) instead of the demo
#   ENGINE_FLAGS   more flags for the exe (default: --size 640x360)
# Not part of CI (misc/test.sh runs suites only).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
restarts=10
game=game.dll
engine_flags=(--size 640x360)
while [ $# -gt 0 ]; do
    case "$1" in
        --restarts) restarts=$2; shift 2 ;;
        --starter) game=starter.dll; shift ;;
        --) shift; engine_flags=("$@"); break ;;
        *) echo "usage: $0 [--restarts N] [--starter] [-- ENGINE_FLAGS...]"; exit 2 ;;
    esac
done
[ -z "${DISPLAY:-}" ] && { echo "run under a display (xvfb-run -a $0)"; exit 1; }
misc/build.sh >/dev/null || exit 1

out="$BUILD_DIR/bench_hot_restart"
rm -rf "$out"
# NOTE: the run folder is build/ of a folder whose data/ is the repository's (found one level up
# from the exe), so restarts publish and copy exes there, not in the repository's build/.
mkdir -p "$out/build"
ln -s "$ENGINE_ROOT/data" "$out/data"
cp "$BUILD_DIR/win32_platform.exe" "$BUILD_DIR/$game" "$out/build/"
run="$out/build"
log="$out/restarts.log"
load() { uptime | sed 's/.*load average: //'; }

echo "exe: build/win32_platform.exe ($(git log -1 --format=%h 2>/dev/null || echo '?')), game $game, flags ${engine_flags[*]}"
(cd "$run" && exec wine win32_platform.exe --game "$game" --log "$log" --quit-file "$out/quit" "${engine_flags[@]}") \
    >/dev/null 2>&1 &
engine_pid=$!
if ! wait_for_log "$log" "code version 1 running" 120; then
    echo "the engine did not start (see $log)"
    kill -9 "$engine_pid" 2>/dev/null
    exit 1
fi
sleep 2

# figure_line BUILD: the new process's figures of the restart into BUILD: the first figure line
# after its "platform build BUILD running" line (it writes them one after the other), before the
# next restart's first line.
figure_line() {
    awk -v running="restart: platform build $1 running" -v next_start="restart: starting platform build $(($1 + 1)) " '
        index($0, running) { after = 1; next }
        after && index($0, next_start) { exit }
        after && index($0, "restart: restart to first frame") { print; exit }' "$log"
}

# processes_line: the live engine processes of this run (zombies left out): how many, their total
# RSS, and the first one's (the run's waiter after a restart).
processes_line() {
    ps -eo pid=,stat=,rss=,comm=,args= | awk -v wanted="$log" -v first="$engine_pid" '
        $2 !~ /^Z/ && $4 ~ /^win32_platform/ && index($0, wanted) { n++; total += $3; if ($1 == first) waiter = $3 }
        END { printf "%d processes, %.0f MB RSS in all, first %.0f MB", n, total / 1024, waiter / 1024 }'
}
printf '%-8s %10s %10s %10s %10s %10s %12s  %-52s %8s  %s\n' restart total start handover mapping "first fr." \
    "publish->run" "processes (live, RSS)" "old gone" "load (1, 5, 15 min)"
: >"$out/figures.txt"
for ((number = 1; number <= restarts; ++number)); do
    build=$((number + 1))
    echo "publishing" >"$run/platform_lock.tmp"
    cp -f "$run/win32_platform.exe" "$run/win32_platform_next_build.tmp"
    mv -f "$run/win32_platform_next_build.tmp" "$run/win32_platform_next.exe"
    rm -f "$run/platform_lock.tmp"
    published=$(date +%s.%N)
    if ! wait_for_log "$log" "restart: platform build $build running" 120; then
        echo "restart $number: platform build $build never ran; last restart line: $(grep 'restart:' "$log" | tail -n 1)"
        break
    fi
    running=$(date +%s.%N)
    # NOTE: the old process's "handed over" line comes last; when a line is missing (see the n/a
    # note below) the wait ends after 10 s.
    wait_for_log "$log" "restart: handed over to platform build $build" 10
    line=$(figure_line "$build")
    figures=$(echo "$line" | sed -nE 's/.*first frame ([0-9.]+) ms \(process start ([0-9.]+) ms, handover ([0-9.]+) ms, mapping ([0-9.]+) ms, first frame ([0-9.]+) ms\).*/\1 \2 \3 \4 \5/p')
    wall=$(awk -v a="$running" -v b="$published" 'BEGIN {printf "%.1f", (a - b) * 1000}')
    [ -n "$figures" ] || figures="n/a n/a n/a n/a n/a"
    # shellcheck disable=SC2086 # five numbers
    # The old process, when it is not the first, exits once its engine stopped: counted once it did
    # (up to 15 s), and how long that took after the new process ran.
    for ((tries = 0; tries < 150; ++tries)); do
        [ "$(processes_line | awk '{print $1}')" -le 2 ] && break
        sleep 0.1
    done
    gone=$(awk -v a="$(date +%s.%N)" -v b="$running" 'BEGIN {printf "%.1f", a - b}')
    printf '%-8s %10s %10s %10s %10s %10s %12s  %-52s %7ss  %s\n' "$number" $figures "$wall" "$(processes_line)" \
        "$gone" "$(load)"
    echo "$figures $wall" >>"$out/figures.txt"
done
touch "$out/quit"
wait_for_exit "$engine_pid" 60
[ "$LAST_EXIT_STATUS" -eq 0 ] || echo "the engine exited $LAST_EXIT_STATUS (see $log)"

column_median() { grep -v 'n/a' "$out/figures.txt" | awk -v c="$1" '{print $c}' | median; }
total=$(column_median 1)
printf '%-8s %10s %10s %10s %10s %10s %12s  %s\n' median "$total" "$(column_median 2)" "$(column_median 3)" \
    "$(column_median 4)" "$(column_median 5)" "$(column_median 6)" "$(load)"
if [ "$total" != n/a ]; then
    printf '%-8s %10s' "share" "100%"
    for column in 2 3 4 5; do printf ' %10s' "$(awk -v a="$(column_median "$column")" -v t="$total" 'BEGIN {printf "%.0f%%", 100 * a / t}')"; done
    printf '   (of the median total; medians of each step, so they need not add up)\n'
fi
echo "restarts measured: $(grep -vc 'n/a' "$out/figures.txt") of $restarts (ms; log: $log)"
# NOTE: n/a: the new process's figure line is not in the log (lost when the two processes append to
# the log at the same moment; see the log for the restart's other lines).
