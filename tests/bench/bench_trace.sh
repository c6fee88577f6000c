#!/usr/bin/env bash
# What --trace costs the demo under Wine (printed, never asserted), the machine's load beside it:
# N rounds (default 5) of two runs of F frames each (default 120, --size 320x180, unthrottled), one
# without --trace and one with it, alternated so both see the same machine; the medians of each run's
# "mean frame" (the engine's exit line) and their ratio; then the size of a 600-frame trace.
# Usage: xvfb-run -a tests/bench/bench_trace.sh [--rounds N] [--frames F]
# Not part of CI (misc/test.sh runs suites only): suite_trace checks the traces themselves.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
rounds=5
frames=120
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --frames) frames=$2; shift 2 ;;
        *) echo "usage: $0 [--rounds N] [--frames F]"; exit 2 ;;
    esac
done
[ -z "${DISPLAY:-}" ] && { echo "run under a display (xvfb-run -a $0)"; exit 1; }
misc/build.sh >/dev/null || exit 1

out="$BUILD_DIR/bench_trace"
rm -rf "$out"
mkdir -p "$out"
exe="$BUILD_DIR/win32_platform.exe"
mean_frame_of() { grep -o 'mean frame [0-9.]*' "$1" | awk '{print $3}'; }
: >"$out/without.txt"
: >"$out/with.txt"
for ((round = 1; round <= rounds; ++round)); do
    wine "$exe" --frames "$frames" --unthrottled --size 320x180 --log "$out/off$round.log" >/dev/null 2>&1
    wine "$exe" --frames "$frames" --unthrottled --size 320x180 --log "$out/on$round.log" \
        --trace "$out/on$round.json" >/dev/null 2>&1
    mean_frame_of "$out/off$round.log" >>"$out/without.txt"
    mean_frame_of "$out/on$round.log" >>"$out/with.txt"
    echo "round $round: mean frame $(tail -n 1 "$out/without.txt") ms without --trace, $(tail -n 1 "$out/with.txt") ms with (load $(cut -d' ' -f1 /proc/loadavg))"
done
without=$(median <"$out/without.txt")
with=$(median <"$out/with.txt")
echo "mean frame, medians of $rounds alternated $frames-frame runs: $with ms with --trace, $without ms without," \
     "ratio $(awk -v a="$with" -v b="$without" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }') (load $(cut -d' ' -f1-3 /proc/loadavg))"
wine "$exe" --frames 600 --unthrottled --size 320x180 --log "$out/t600.log" --trace "$out/t600.json" >/dev/null 2>&1
echo "a 600-frame trace of the demo: $(( $(stat -c %s "$out/t600.json" 2>/dev/null || echo 0) / 1024 )) KB"
