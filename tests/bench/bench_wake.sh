#!/usr/bin/env bash
# Wake benchmark (native Linux, g++ -O2; printed, never asserted): one release of K sleeping threads
# through the OS layer's futex semaphore against the sem_t it replaced, in the same process
# (tests/bench/bench_wake.cpp). Usage: tests/bench/bench_wake.sh [--sleepers N] [--rounds R] [--idle-ms M]
# BENCH_STATIC_BINARY=PATH: build it static to PATH and stop (tests/bench/bench_cores.sh carries it).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
out="$BUILD_DIR/bench_wake"
mkdir -p "$out"
if [ -n "${BENCH_STATIC_BINARY:-}" ]; then
    $NATIVE_CXX $NATIVE_FLAGS -static tests/bench/bench_wake.cpp -o "$BENCH_STATIC_BINARY"
    exit
fi
$NATIVE_CXX $NATIVE_FLAGS tests/bench/bench_wake.cpp -o "$out/bench_wake" || exit 1
"$out/bench_wake" "$@"
