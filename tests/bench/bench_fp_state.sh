#!/usr/bin/env bash
# FP control state benchmark (MinGW under Wine; printed, never asserted): what saving and restoring
# MXCSR and the x87 control word adds to one call into game code, against the same call without it
# in the same process. Printed by tests/suites/suite_misuse_games.sh (misuse_cases_stack_fp.sh).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
out="$BUILD_DIR/bench_fp_state"
mkdir -p "$out"
$MINGW_CXX $MINGW_FLAGS tests/bench/bench_fp_state.cpp -o "$out/bench_fp_state.exe" || exit 1
wine "$out/bench_fp_state.exe" </dev/null 2>/dev/null
