#!/usr/bin/env bash
# Reload pointer scan benchmark (native Linux, g++ -O2; printed, never asserted): 64 MB all written
# vs a plain read of the same words, and 64 MB with 4 MB written. Medians of 15 runs.
# The scan inside the engine (the demo's written memory, the reload stall with and without the
# scan) is measured by tests/bench/bench_reload.sh and printed by tests/suites/suite_reload_pointers.sh.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
out="$BUILD_DIR/bench_pointer_scan"
mkdir -p "$out"
$NATIVE_CXX $NATIVE_FLAGS tests/bench/bench_pointer_scan.cpp -o "$out/bench_pointer_scan" || exit 1
"$out/bench_pointer_scan"
