#!/usr/bin/env bash
# Input end to end: keys sent with xdotool to the engine's window under Xvfb move the demo's camera.
# The bottom band of the picture shows only the ground near the camera (no moving entities), so it
# is identical between two runs without input and differs once the camera moved.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/suite_demo_input"
rm -rf "$out"
make_work_copy "$out"
check "engine builds" build_engine_copy "$out"
check "image_diff builds" $NATIVE_CXX $NATIVE_FLAGS tests/tools/image_diff.cpp -o "$out/image_diff"
exe="$out/build/win32_platform.exe"

# run NAME KEYS...: starts the engine, waits for the game, sends the keys (xdotool key names, each
# held for the given seconds as NAME:SECONDS), quits, and leaves NAME.bmp behind.
run() {
    local name=$1
    shift
    rm -f "$out/quit"
    start_engine_logged "$out/$name.log" wine "$exe" --size 480x270 --log "$out/$name.log" --quit-file "$out/quit" \
        --screenshot "$out/$name.bmp"
    local engine=$ENGINE_PID
    wait_for_log "$out/$name.log" "game: code version 1 running" 60 || echo "FAIL $name: engine did not start"
    sleep 1
    local window
    window=$(xdotool search --name "Handmade Engine" 2>/dev/null | head -n 1)
    if [ -n "$window" ]; then
        xdotool windowfocus --sync "$window" 2>/dev/null || xdotool windowfocus "$window" 2>/dev/null
        for key in "$@"; do
            xdotool keydown --window "$window" "${key%%:*}"
            sleep "${key##*:}"
            xdotool keyup --window "$window" "${key%%:*}"
            sleep 0.3
        done
    else
        echo "FAIL $name: no window found with xdotool"
    fi
    sleep 0.5
    touch "$out/quit"
    wait_for_exit "$engine" 60
    check "$name: engine exits 0" test "$LAST_EXIT_STATUS" -eq 0
}

run still_a
run still_b
run moved w:1.2 Left:0.6
check "screenshots were written" test -s "$out/still_a.bmp" -a -s "$out/still_b.bmp" -a -s "$out/moved.bmp"

control=$("$out/image_diff" "$out/still_a.bmp" "$out/still_b.bmp" 0.8 1.0)
moved=$("$out/image_diff" "$out/still_a.bmp" "$out/moved.bmp" 0.8 1.0)
echo "figure: bottom-band difference without input ${control}, after W + Left ${moved}"
check "without input the ground band is unchanged (${control})" awk -v d="$control" 'BEGIN {exit !(d < 0.01)}'
check "W and Left arrow moved the camera: the ground band changed (${moved})" awk -v d="$moved" 'BEGIN {exit !(d > 0.2)}'
check "the keys reached the game as input (no errors logged)" bash -c "! grep -q 'error:' '$out/moved.log'"

summary
