#!/usr/bin/env bash
# Work queue benchmark (native Linux, g++ -O2): ours vs a mutex/condvar/deque pool vs enkiTS vs
# Taskflow, at 1, 2, 4, ... threads up to --threads N (default: every core); a table per thread
# count as soon as it is measured, then the scaling table (tests/bench/bench_work_queue.cpp).
# enkiTS and Taskflow are never part of this repository: point ENKITS_DIR at a checkout of
# github.com/dougbinks/enkiTS and TASKFLOW_DIR at one of github.com/taskflow/taskflow (header-only;
# built with C++20 then) to include them; without one, its column says "-" with a note.
# Usage: [ENKITS_DIR=...] [TASKFLOW_DIR=...] tests/bench/bench_work_queue.sh [--threads N] [--seconds S] [--runs R]
#        [--total-seconds T] (the whole run; N threads always run)
#        [--runners ours,baseline,enkiTS,Taskflow] (only those; ours always runs)
# BENCH_STATIC_BINARY=PATH: build it static to PATH and stop (tests/bench/bench_cores.sh carries it).
# BENCH_EXTRA_FLAGS: more compiler flags for our code (bench_cores.sh: -DWORK_QUEUE_WAKE_FANOUT=N).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
out="$BUILD_DIR/work_queue/bench"
mkdir -p "$out"
# NOTE: no -Werror here: enkiTS and Taskflow are third-party code with their own warning profiles.
standard=-std=c++14
flags="-O2 -g -pthread -Icode -fno-rtti ${BENCH_EXTRA_FLAGS:-}"
extra=()
if [ -n "${ENKITS_DIR:-}" ] && [ -f "$ENKITS_DIR/src/TaskScheduler.cpp" ]; then
    $NATIVE_CXX $standard $flags -c "$ENKITS_DIR/src/TaskScheduler.cpp" -o "$out/enkiTS.o" || exit 1
    extra+=(-DBENCH_ENKITS=1 "-I$ENKITS_DIR/src" "$out/enkiTS.o")
else
    echo "note: ENKITS_DIR not set (or not an enkiTS checkout): the enkiTS column is skipped"
fi
if [ -n "${TASKFLOW_DIR:-}" ] && [ -f "$TASKFLOW_DIR/taskflow/taskflow.hpp" ]; then
    standard=-std=c++20
    extra+=(-DBENCH_TASKFLOW=1 "-I$TASKFLOW_DIR")
else
    echo "note: TASKFLOW_DIR not set (or not a Taskflow checkout): the Taskflow column is skipped"
fi
if [ -n "${BENCH_STATIC_BINARY:-}" ]; then
    $NATIVE_CXX $standard $flags -static tests/bench/bench_work_queue.cpp "${extra[@]}" -o "$BENCH_STATIC_BINARY"
    exit
fi
$NATIVE_CXX $standard $flags tests/bench/bench_work_queue.cpp "${extra[@]}" -o "$out/bench_work_queue" || exit 1
"$out/bench_work_queue" "$@"
