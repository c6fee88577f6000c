#!/usr/bin/env bash
# The one test command (Linux): installs what is missing, builds every target with MinGW, then
# runs every tests/suites/suite_*.sh and closes with the total "N passed, M failed".
# A suite prints one line per failure and its own "N passed, M failed"; a suite that dies or
# hangs (timeout) counts as one failure. Full logs land in build/test_logs/.
set -u
cd "$(dirname "$0")/.."
source misc/toolchain.sh
misc/install_deps.sh || { echo "FAIL could not install the toolchain"; echo "0 passed, 1 failed"; exit 1; }

mkdir -p "$BUILD_DIR/test_logs"
total_passed=0
total_failed=0

suite_filter=${1:-}
suites=()
for suite in tests/suites/suite_*.sh; do
    name=$(basename "$suite" .sh)
    if [ -n "$suite_filter" ] && [[ "$name" != *"$suite_filter"* ]]; then continue; fi
    suites+=("$suite")
done

# The dev build most suites start from, made once into the engine build cache beside Wine's start
# and the first suite's unit tests (tests/suites/build_cache_warm_up.sh); a suite that needs it
# first waits for it. Skipped when no chosen suite builds a work copy.
warm_up_pid=""
if [ "${#suites[@]}" -gt 0 ] && grep -qE 'build_engine_copy "[^"]*" *$' "${suites[@]}"; then
    bash tests/suites/build_cache_warm_up.sh >"$BUILD_DIR/test_logs/build_cache_warm_up.log" 2>&1 &
    warm_up_pid=$!
fi

# One X server for every suite that opens a window (Wine + Mesa llvmpipe).
ensure_display
cleanup() {
    [ -n "$warm_up_pid" ] && kill "$warm_up_pid" >/dev/null 2>&1
    wineserver -k >/dev/null 2>&1
    stop_own_display
}
trap cleanup EXIT
# Keep one wineserver alive for the whole run: every Wine start after the first is then ~2 s.
wineserver -p >/dev/null 2>&1
# NOTE: a fresh prefix (CI) is created here, outside any pipe: the Wine services its first start
# leaves running would otherwise hold a suite's $(...) capture open, and that suite would hang.
timeout 600 wine cmd /c exit 0 </dev/null >/dev/null 2>&1

for suite in "${suites[@]}"; do
    name=$(basename "$suite" .sh)
    log="$BUILD_DIR/test_logs/$name.log"
    echo "== $name"
    start=$(date +%s)
    timeout --kill-after=10 "${SUITE_TIMEOUT:-1200}" bash "$suite" >"$log" 2>&1
    status=$?
    elapsed=$(( $(date +%s) - start ))
    grep -E '^FAIL' "$log"
    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    if [ -z "$summary" ]; then
        echo "FAIL $name ended without a summary (exit $status); see $log"
        tail -n 15 "$log" | sed 's/^/    /'
        total_failed=$((total_failed + 1))
        continue
    fi
    passed=$(echo "$summary" | awk '{print $1}')
    failed=$(echo "$summary" | awk '{print $3}')
    if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
        echo "FAIL $name exited $status although it counted no failure; see $log"
        failed=1
    fi
    echo "   $name: $passed ok, $failed bad (${elapsed}s)"
    total_passed=$((total_passed + passed))
    total_failed=$((total_failed + failed))
done

echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
