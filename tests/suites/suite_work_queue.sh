#!/usr/bin/env bash
# Work queues, job graphs, tasks: the same tests natively (plain and ThreadSanitizer), cross-built
# with MinGW and run under Wine (plus the hot-reload drain test with a real DLL), and the
# MSVC-dialect check of every translation unit of the module.
# Prints one FAIL line per failure and one closing "N passed, M failed" line.
# Env: WQ_TSAN_SCALE (default 20) and WQ_WINE_SCALE (default 50) divide the big counts there;
#      the plain native run is always full size.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
out="$BUILD_DIR/work_queue"
mkdir -p "$out/native" "$out/tsan" "$out/mingw"
passed=0
failed=0

fail() { echo "FAIL $*"; failed=$((failed + 1)); }

# build NAME COMMAND...: one check; shows the compiler's first errors on failure.
build() {
    local name=$1
    shift
    local output
    if output=$("$@" 2>&1); then
        passed=$((passed + 1))
        return 0
    fi
    fail "build $name"
    echo "$output" | head -20 | sed 's/^/    /'
    return 1
}

# run_counted NAME SECONDS COMMAND...: adds the counts of a test exe's closing line; its FAIL lines
# are repeated with NAME in front. A crash, a hang (timeout) or a ThreadSanitizer report is a FAIL.
run_counted() {
    local name=$1 seconds=$2
    shift 2
    local output status summary
    output=$(timeout --kill-after=5 "$seconds" "$@" 2>&1)
    status=$?
    echo "$output" | grep '^FAIL' | sed "s/^FAIL /FAIL [$name] /"
    local reports
    reports=$(echo "$output" | grep -c 'WARNING: ThreadSanitizer')
    if [ "$reports" -ne 0 ]; then
        fail "[$name] $reports ThreadSanitizer report(s):"
        echo "$output" | grep -A12 -m1 'WARNING: ThreadSanitizer' | sed 's/^/    /'
    fi
    summary=$(echo "$output" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    if [ -z "$summary" ]; then
        fail "[$name] ended without a summary (exit $status$([ $status -eq 124 ] && echo ', timed out'))"
        echo "$output" | tail -n 8 | sed 's/^/    /'
        return
    fi
    local p f
    p=$(echo "$summary" | awk '{print $1}')
    f=$(echo "$summary" | awk '{print $3}')
    passed=$((passed + p))
    failed=$((failed + f))
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
        fail "[$name] exited $status with no failed check"
    fi
}

tests="test_work_queue test_job_graph test_job_waits"

#~ Native, full size
for test in $tests; do
    build "native $test" $NATIVE_CXX $NATIVE_FLAGS "tests/unit/$test.cpp" -o "$out/native/$test" &&
        run_counted "native $test" 300 "$out/native/$test"
done

#~ Native, ThreadSanitizer (counts scaled: TSan is 5-15x slower)
tsan_scale=${WQ_TSAN_SCALE:-20}
for test in $tests; do
    build "tsan $test" $NATIVE_CXX $NATIVE_FLAGS -O1 -fsanitize=thread "tests/unit/$test.cpp" -o "$out/tsan/$test" &&
        TSAN_OPTIONS="halt_on_error=1 exitcode=66" run_counted "tsan $test" 300 "$out/tsan/$test" -s "$tsan_scale"
done

#~ MinGW under Wine (counts scaled: a semaphore wake costs ~60 us there)
wine_scale=${WQ_WINE_SCALE:-50}
for test in $tests; do
    build "mingw $test" $MINGW_CXX $MINGW_FLAGS "tests/unit/$test.cpp" -o "$out/mingw/$test.exe" &&
        run_counted "wine $test" 300 wine "$out/mingw/$test.exe" -s "$wine_scale"
done

#~ The exe's unity-build shape (<windows.h> first, Win32 threads), default worker counts
build "mingw test_work_queue_win32_unity" $MINGW_CXX $MINGW_FLAGS tests/unit/test_work_queue_win32_unity.cpp -o "$out/mingw/test_work_queue_win32_unity.exe" &&
    run_counted "wine win32 unity" 120 wine "$out/mingw/test_work_queue_win32_unity.exe"

#~ Hot reload with busy workers: a real DLL, loaded, flooded, drained, freed, many times
if build "mingw reload_drain_dll" $MINGW_CXX $MINGW_FLAGS -shared tests/fixtures/reload_drain_dll.cpp -o "$out/mingw/reload_drain_dll.dll" &&
   build "mingw test_reload_drain" $MINGW_CXX $MINGW_FLAGS tests/unit/test_reload_drain.cpp -o "$out/mingw/test_reload_drain.exe"; then
    run_counted "wine reload drain" 300 wine "$out/mingw/test_reload_drain.exe" "$out/mingw/reload_drain_dll.dll" "${WQ_RELOAD_CYCLES:-200}"
    # The test must be able to fail: without the drain it has to report the call into freed code.
    selftest=$(timeout 120 wine "$out/mingw/test_reload_drain.exe" "$out/mingw/reload_drain_dll.dll" 20 --no-drain 2>&1)
    selftest_status=$?
    if echo "$selftest" | grep -q '^FAIL' || [ "$selftest_status" -ne 0 ]; then
        passed=$((passed + 1))
    else
        fail "reload drain self-check: with the drain skipped the test did not notice"
    fi
fi

#~ Through the engine: the demo's update (an entry of the high queue) queues jobs and calls
# CompleteAllWork every frame; with 1, 2 and 3 high workers and serial frames it must neither hang
# nor return before its jobs ran (the game logs an error then).
if build "engine for the update's CompleteAllWork" bash misc/build.sh; then
    ensure_display
    export WINEDLLOVERRIDES="winedbg.exe=d;${WINEDLLOVERRIDES}"
    for mode in "--workers 1" "--workers 2" "--workers 3" "--serial"; do
        log="$out/update_complete_all_work_${mode// /_}.log"
        rm -f "$log"
        timeout --kill-after=5 180 wine "$BUILD_DIR/win32_platform.exe" --frames 30 --unthrottled \
            $mode --log "$log" >/dev/null 2>&1
        status=$?
        if [ $status -eq 0 ] && grep -q "exiting cleanly after 30 frames" "$log" 2>/dev/null &&
           ! grep -q "CompleteAllWork returned before\|refused" "$log"; then
            passed=$((passed + 1))
        else
            fail "engine $mode: the update's CompleteAllWork (exit $status$([ $status -eq 124 ] && echo ', hang'))"
            grep -i "error\|refused" "$log" 2>/dev/null | head -5 | sed 's/^/    /'
        fi
    done
    stop_own_display
fi

#~ MSVC dialect: every translation unit of the module, Windows-side ones included
for source in code/jobs/work_queue.cpp code/jobs/parallel_for.cpp code/jobs/job_graph.cpp code/jobs/task_manager.cpp \
              code/jobs/win32_threads.cpp tests/unit/test_work_queue.cpp tests/unit/test_job_graph.cpp tests/unit/test_job_waits.cpp \
              tests/unit/test_reload_drain.cpp tests/fixtures/reload_drain_dll.cpp tests/bench/bench_work_queue.cpp \
              tests/unit/test_work_queue_win32_unity.cpp; do
    [ -f "$source" ] || continue
    if result=$(misc/msvc_check.sh "$source" 2>&1); then
        passed=$((passed + 1))
    else
        fail "msvc-dialect check of $source"
        echo "$result" | head -12 | sed 's/^/    /'
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
