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
source tests/suites/test_lib.sh
out="$BUILD_DIR/work_queue"
mkdir -p "$out"

#~ The hot-reload drain test's DLL, built beside that test's exe
drain_exe=$(unit_test_exe test_reload_drain mingw)
drain_dll="$(dirname "$drain_exe")/reload_drain_dll.dll"
mkdir -p "$(dirname "$drain_exe")"
if $MINGW_CXX $MINGW_FLAGS -shared tests/fixtures/reload_drain_dll.cpp -o "$drain_dll" >"$drain_dll.build.txt" 2>&1; then
    pass
else
    fail "build mingw reload_drain_dll"
    head -n 20 "$drain_dll.build.txt" | sed 's/^/    /'
fi
UNIT_TEST_ARGS[test_reload_drain]="$drain_dll ${WQ_RELOAD_CYCLES:-200}"

#~ Unit tests (tests/unit/unit_tests.txt): natively full size, under ThreadSanitizer (5-15x slower)
# and Wine (a semaphore wake costs ~60 us there) with the big counts scaled down; the exe's
# unity-build shape (<windows.h> first, Win32 threads, default worker counts); hot reload with busy
# workers (a real DLL, loaded, flooded, drained, freed, many times)
UNIT_TEST_SCALE[tsan]=${WQ_TSAN_SCALE:-20}
UNIT_TEST_SCALE[mingw]=${WQ_WINE_SCALE:-50}
run_unit_tests work_queue

# The drain test must be able to fail: without the drain it has to report the call into freed code.
if [ -f "$drain_exe" ] && [ -f "$drain_dll" ]; then
    selftest=$(timeout 120 wine "$drain_exe" "$drain_dll" 20 --no-drain 2>&1)
    selftest_status=$?
    if echo "$selftest" | grep -q '^FAIL' || [ "$selftest_status" -ne 0 ]; then
        pass
    else
        fail "reload drain self-check: with the drain skipped the test did not notice"
    fi
fi

#~ Through the engine: the demo's update (an entry of the high queue) queues jobs and calls
# CompleteAllWork every frame; with 1, 2 and 3 high workers and serial frames it must neither hang
# nor return before its jobs ran (the game logs an error then). NOTE: the dev build of a work copy
# (from the engine build cache most suites share), not misc/build.sh in this checkout: misc/test.sh
# runs suites side by side, and this checkout's build/ and code/ are no suite's own.
make_work_copy "$out/src"
if build_engine_copy "$out/src"; then
    pass
    ensure_display
    export WINEDLLOVERRIDES="winedbg.exe=d;${WINEDLLOVERRIDES}"
    for mode in "--workers 1" "--workers 2" "--workers 3" "--serial"; do
        log="$out/update_complete_all_work_${mode// /_}.log"
        rm -f "$log"
        run_engine_logged "$log" timeout --kill-after=5 180 wine "$out/src/build/win32_platform.exe" --frames 30 --unthrottled \
            --size 160x120 $mode --log "$log"
        status=$?
        if [ $status -eq 0 ] && grep -q "exiting cleanly after 30 frames" "$log" 2>/dev/null &&
           ! grep -q "CompleteAllWork returned before\|refused" "$log"; then
            pass
        else
            fail "engine $mode: the update's CompleteAllWork (exit $status$([ $status -eq 124 ] && echo ', hang'))"
            grep -i "error\|refused" "$log" 2>/dev/null | head -5 | sed 's/^/    /'
        fi
    done
    stop_own_display
else
    fail "build engine for the update's CompleteAllWork"
    head -n 20 "$out/build_dev.txt" | sed 's/^/    /'
fi

#~ MSVC dialect: every other translation unit of the module, Windows-side ones included
for source in code/jobs/work_queue.cpp code/jobs/work_queue_awake.cpp code/jobs/parallel_for.cpp code/jobs/job_graph.cpp code/jobs/task_manager.cpp \
              code/os/os_core_win32.cpp tests/fixtures/reload_drain_dll.cpp tests/bench/bench_work_queue.cpp; do
    [ -f "$source" ] || continue
    if result=$(tests/tools/msvc_check.sh "$source" 2>&1); then
        pass
    else
        fail "msvc-dialect check of $source"
        echo "$result" | head -12 | sed 's/^/    /'
    fi
done

summary
