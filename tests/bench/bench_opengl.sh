#!/usr/bin/env bash
# Builds tests/bench/bench_opengl.cpp with MinGW and runs it under Wine (Xvfb + Mesa llvmpipe here).
# Usage: tests/bench/bench_opengl.sh [screenshot.png]   (a path also turns on info logging)
# Uses $DISPLAY when set, else starts its own Xvfb and stops only that one.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
out="$BUILD_DIR/opengl"
mkdir -p "$out"
$MINGW_CXX $MINGW_FLAGS tests/bench/bench_opengl.cpp \
    -o "$out/bench_opengl.exe" -lopengl32 -lgdi32 -luser32 || exit 1
ensure_display
trap stop_own_display EXIT
echo "machine: $(nproc) cores, $(uname -sr); GL through Wine + Mesa llvmpipe"
wine "$out/bench_opengl.exe" "$@" 2>&1 | tr -d '\r'
