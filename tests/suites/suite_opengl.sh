#!/usr/bin/env bash
# OpenGL layer suite (issue 4): MSVC-dialect check of every OpenGL translation unit, the portable
# tests natively and under Wine, the end-to-end renderer test on a real context (Wine + Xvfb +
# Mesa), and an independent decode of the screenshot PNG. Prints one FAIL line per failure and
# ends with one "N passed, M failed" line. Uses $DISPLAY when set (misc/test.sh sets it), else
# starts its own Xvfb and stops only that one.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
out="$BUILD_DIR/opengl"
mkdir -p "$out"
passed=0
failed=0

fail() { echo "FAIL $*"; failed=$((failed + 1)); }
pass() { passed=$((passed + 1)); }

# Adds a test exe's own "N passed, M failed" to the totals; no summary counts as one failure.
run_test() {
    local name=$1; shift
    local log="$out/$name.log"
    timeout --kill-after=5 300 "$@" >"$log" 2>&1
    local status=$?
    tr -d '\r' <"$log" | grep -E '^FAIL' | sed "s/^FAIL /FAIL $name: /"
    local summary
    summary=$(tr -d '\r' <"$log" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    if [ -z "$summary" ]; then
        fail "$name ended without a summary (exit $status); see $log"
        tail -n 10 "$log" | sed 's/^/    /'
        return
    fi
    local p f
    p=$(echo "$summary" | awk '{print $1}')
    f=$(echo "$summary" | awk '{print $3}')
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then fail "$name exited $status with no failure counted"; fi
    passed=$((passed + p))
    failed=$((failed + f))
    echo "   $name: $p ok, $f bad"
}

build() {
    local name=$1; shift
    if ! "$@" >"$out/$name.build.log" 2>&1; then
        fail "build $name"
        head -n 20 "$out/$name.build.log" | sed 's/^/    /'
        return 1
    fi
    pass
    return 0
}

gl_sources="code/render/render.cpp"   # the layer's unity entry (the GL tests include it)
gl_libs="-lopengl32 -lgdi32 -luser32"

#~ MSVC dialect: every translation unit of the OpenGL layer and its tests
for unit in $gl_sources tests/unit/test_projection.cpp tests/unit/test_gl_loader_logic.cpp tests/unit/test_gl_render.cpp tests/bench/bench_opengl.cpp; do
    if misc/msvc_check.sh "$unit" >"$out/msvc.log" 2>&1; then pass; else fail "msvc-dialect $unit"; head -n 10 "$out/msvc.log" | sed 's/^/    /'; fi
done

#~ Native (Linux g++): the portable parts
if build native_projection $NATIVE_CXX $NATIVE_FLAGS -Itests tests/unit/test_projection.cpp -o "$out/test_projection" -lm; then
    run_test native_projection "$out/test_projection"
fi
if build native_loader_logic $NATIVE_CXX $NATIVE_FLAGS -Itests tests/unit/test_gl_loader_logic.cpp code/render/opengl_loader_logic.cpp -o "$out/test_gl_loader_logic"; then
    run_test native_loader_logic "$out/test_gl_loader_logic"
fi

#~ Windows (MinGW, run under Wine)
ensure_display
trap stop_own_display EXIT

if build mingw_projection $MINGW_CXX $MINGW_FLAGS -Itests tests/unit/test_projection.cpp -o "$out/test_projection.exe"; then
    run_test wine_projection wine "$out/test_projection.exe"
fi
if build mingw_loader_logic $MINGW_CXX $MINGW_FLAGS -Itests tests/unit/test_gl_loader_logic.cpp code/render/opengl_loader_logic.cpp -o "$out/test_gl_loader_logic.exe"; then
    run_test wine_loader_logic wine "$out/test_gl_loader_logic.exe"
fi
screenshot="$out/gl_render_demo.png"
rm -f "$screenshot"
if build mingw_gl_render $MINGW_CXX $MINGW_FLAGS -Itests tests/unit/test_gl_render.cpp -o "$out/test_gl_render.exe" $gl_libs; then
    run_test wine_gl_render wine "$out/test_gl_render.exe" "$screenshot"
fi

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

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
