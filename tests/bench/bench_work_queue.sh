#!/usr/bin/env bash
# Work queue benchmark (native Linux, g++ -O2): ours vs a mutex/condvar/deque pool vs enkiTS.
# enkiTS is never part of this repository: point ENKITS_DIR at a checkout of
# github.com/dougbinks/enkiTS to include it; without it that column is skipped with a note.
# Usage: [ENKITS_DIR=/path/to/enkiTS] tests/bench/bench_work_queue.sh
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
out="$BUILD_DIR/work_queue/bench"
mkdir -p "$out"
# NOTE: no -Werror here: enkiTS is third-party code with its own warning profile.
flags="-std=c++14 -O2 -g -pthread -Icode -fno-rtti"
extra=()
if [ -n "${ENKITS_DIR:-}" ] && [ -f "$ENKITS_DIR/src/TaskScheduler.cpp" ]; then
    $NATIVE_CXX $flags -c "$ENKITS_DIR/src/TaskScheduler.cpp" -o "$out/enkiTS.o" || exit 1
    extra=(-DBENCH_ENKITS=1 "-I$ENKITS_DIR/src" "$out/enkiTS.o")
else
    echo "note: ENKITS_DIR not set (or not an enkiTS checkout): the enkiTS column is skipped"
fi
$NATIVE_CXX $flags tests/bench/bench_work_queue.cpp "${extra[@]}" -o "$out/bench_work_queue" || exit 1
"$out/bench_work_queue"
