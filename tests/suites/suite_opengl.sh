#!/usr/bin/env bash
# OpenGL layer suite: MSVC-dialect check of every OpenGL translation unit, the portable
# tests natively and under Wine, the end-to-end renderer test on a real context (Wine + Xvfb +
# Mesa), and an independent decode of the screenshot PNG. Prints one FAIL line per failure and
# ends with one "N passed, M failed" line. Uses $DISPLAY when set (misc/test.sh sets it), else
# starts its own Xvfb and stops only that one.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
out="$BUILD_DIR/opengl"
mkdir -p "$out"

gl_sources="code/render/render.cpp"   # the layer's unity entry (the GL tests include it)

#~ MSVC dialect: every translation unit of the OpenGL layer and its benchmark (run_unit_tests checks the tests')
for unit in $gl_sources tests/bench/bench_opengl.cpp; do
    if tests/tools/msvc_check.sh "$unit" >"$out/msvc.log" 2>&1; then pass; else fail "msvc-dialect $unit"; head -n 10 "$out/msvc.log" | sed 's/^/    /'; fi
done

#~ Unit tests (tests/unit/unit_tests.txt): the portable parts natively, and everything as Windows
# exes under Wine, the renderer on a real context; its screenshot is decoded below
ensure_display
trap stop_own_display EXIT
screenshot="$(dirname "$(unit_test_exe test_gl_render mingw)")/gl_render_demo.png"
rm -f "$screenshot"
UNIT_TEST_ARGS[test_gl_render]=$screenshot
run_unit_tests opengl

#~ The screenshot, decoded by Python's zlib (an independent inflate and checksum implementation)
if command -v python3 >/dev/null 2>&1; then
    if python3 - "$screenshot" >"$out/png_check.log" 2>&1 <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "signature"
at, idat, chunks = 8, b"", []
while at < len(data):
    length, kind = struct.unpack(">I4s", data[at:at + 8])
    body = data[at + 8:at + 8 + length]
    crc, = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
    assert zlib.crc32(kind + body) & 0xffffffff == crc, "CRC of %s" % kind
    chunks.append(kind)
    if kind == b"IHDR": width, height, depth, colour = struct.unpack(">IIBB", body[:10])
    if kind == b"IDAT": idat += body
    at += 12 + length
assert chunks[0] == b"IHDR" and chunks[-1] == b"IEND", chunks
assert (width, height, depth, colour) == (320, 320, 8, 6), (width, height, depth, colour)
raw = zlib.decompress(idat)          # checks the Adler-32 too
assert len(raw) == height * (1 + 4 * width), len(raw)
assert all(raw[y * (1 + 4 * width)] == 0 for y in range(height)), "filter bytes"
colours = set(raw[y * (1 + 4 * width) + 1 + 4 * x: y * (1 + 4 * width) + 5 + 4 * x] for y in range(0, height, 7) for x in range(0, width, 7))
assert len(colours) > 50, "image has content"
print("png ok", width, height, len(colours), "colours sampled")
EOF
    then pass; else fail "screenshot PNG does not decode: $(tail -n 1 "$out/png_check.log")"; fi
else
    echo "note: python3 missing, PNG decode check skipped"
fi

summary
