#!/usr/bin/env bash
# Font, text and debug overlay suite: the font generator against the committed atlas, text layout
# and overlay collection unit tests (native and MinGW under Wine), the MSVC-dialect check, and the
# demo under Wine with the overlay on and off: clean runs, the overlay visible where it is drawn
# and absent from the bottom band, and its cost per frame from the logs.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/suite_debug_overlay"
rm -rf "$out"
mkdir -p "$out"
font=data/fonts/engine_font.bmp

#- The committed atlas is what the generator writes today
if $NATIVE_CXX $NATIVE_FLAGS tests/tools/make_font.cpp -o "$out/make_font" 2>"$out/make_font.build.txt"; then
    check "make_font writes an atlas" "$out/make_font" "$out/engine_font.bmp"
    check "data/fonts/engine_font.bmp matches tests/tools/make_font.cpp (rerun make_font after editing a glyph)" \
        cmp "$out/engine_font.bmp" "$font"
else
    fail "make_font: native build failed"; head -5 "$out/make_font.build.txt"
fi

#- Unit tests (tests/unit/unit_tests.txt), natively and as a Windows exe under Wine, and the MSVC dialect
run_unit_tests debug_overlay
for unit in code/demo/demo_main.cpp tests/tools/make_font.cpp; do
    check "MSVC-dialect compile of $unit" tests/tools/msvc_check.sh "$unit"
done

#- The demo under Wine, overlay on, then off (a copy compiled with GAME_DEBUG_OVERLAY_AT_START 0)
ensure_display
trap stop_own_display EXIT
work="$out/e2e"
make_work_copy "$work"
check "image_diff builds" $NATIVE_CXX $NATIVE_FLAGS tests/tools/image_diff.cpp -o "$out/image_diff"
check "engine builds in a private copy" build_engine_copy "$work"
exe="$work/build/win32_platform.exe"

# NOTE: 330 frames (each costs ~0.1 s of CPU under llvmpipe): the overlay logs its cost once it has
# drawn 300 frames (DEBUG_COST_LOG_FIRST in code/game_kit/kit_debug.h), the line checked below, and
# its graph shows the last 128; the runs with it hidden go as long, so a cost line they logged would show.
# 1,024 entities: the overlay is what is compared, and the demo's 4,096 cubes cost llvmpipe half again.
demo_frames=330
run_demo() {
    local name=$1 demo_frames=${DEMO_FRAMES:-$demo_frames}
    shift
    run_engine_logged "$out/$name.log" wine "$exe" --frames $demo_frames --unthrottled --size 640x360 --entities 1024 \
        --screenshot "$out/$name.bmp" --log "$out/$name.log" "$@"
    check "overlay $name: $demo_frames frames exit 0" test $? -eq 0
    check "overlay $name: ran all $demo_frames frames" grep -q "exiting cleanly after $demo_frames frames" "$out/$name.log"
    check "overlay $name: no error line in the log" bash -c "! grep -q 'error:' '$out/$name.log'"
    check "overlay $name: screenshot written" test -s "$out/$name.bmp"
}

run_demo on
# The demo's own switch: --game-arg overlay=0 starts with the overlay hidden (what screenshot
# comparisons use: frame times differ from run to run).
# 60 frames: only its top quarter is compared, and no cost line is looked for in its log.
DEMO_FRAMES=60 run_demo arg_off --game-arg overlay=0
arg_top=$("$out/image_diff" "$out/on.bmp" "$out/arg_off.bmp" 0.0 0.25 2>/dev/null || echo 0)
check "--game-arg overlay=0 starts with the overlay hidden (${arg_top} of the top quarter differs from the run with it)" \
    awk -v d="$arg_top" 'BEGIN {exit !(d > 0.25)}'
sed -i 's/#define GAME_DEBUG_OVERLAY_AT_START 1/#define GAME_DEBUG_OVERLAY_AT_START 0/' "$work/code/game_kit/kit_debug.h"
check "the off switch is in place" grep -q "#define GAME_DEBUG_OVERLAY_AT_START 0" "$work/code/game_kit/kit_debug.h"
check "game.dll rebuilds with the overlay off" build_engine_copy "$work" game
run_demo off

# The overlay's text, graph and timeline fill the top of the screen; the bottom band shows only
# the ground near the camera, which no moving entity reaches, and must not change.
top=$("$out/image_diff" "$out/on.bmp" "$out/off.bmp" 0.0 0.25 2>/dev/null || echo 0)
timeline=$("$out/image_diff" "$out/on.bmp" "$out/off.bmp" 0.42 0.48 2>/dev/null || echo 0)
bottom=$("$out/image_diff" "$out/on.bmp" "$out/off.bmp" 0.8 1.0 2>/dev/null || echo 1)
echo "figure: on/off pixel difference, top quarter ${top}, timeline band ${timeline}, bottom band ${bottom}"
check "the overlay shows in the top quarter (${top} of its pixels differ)" awk -v d="$top" 'BEGIN {exit !(d > 0.25)}'
check "the thread timeline shows below the graph (${timeline} of its pixels differ)" awk -v d="$timeline" 'BEGIN {exit !(d > 0.2)}'
check "the bottom band is untouched by the overlay (${bottom})" awk -v d="$bottom" 'BEGIN {exit !(d < 0.01)}'

# Cost: the game logs the overlay's own collection and drawing time; the platform logs what
# DEBUGGameEndFrame took in total, on and off.
cost_line=$(grep -o "debug overlay: collection .*" "$out/on.log" | tail -n 1)
end_on=$(grep -o "DEBUGGameEndFrame took [0-9.]* ms" "$out/on.log" | awk '{print $3}')
end_off=$(grep -o "DEBUGGameEndFrame took [0-9.]* ms" "$out/off.log" | awk '{print $3}')
echo "figure: ${cost_line:-no cost line}; DEBUGGameEndFrame ${end_on:-?} ms with the overlay, ${end_off:-?} ms without"
check "the overlay logs its cost per frame" test -n "$cost_line"
check "a hidden overlay logs no cost line" bash -c "! grep -q 'debug overlay: collection' '$out/off.log'"
collect_ms=$(echo "$cost_line" | awk '{print $4}')
check "debug collection stays under 0.5 ms per frame (${collect_ms:-?} ms)" awk -v d="${collect_ms:-9}" 'BEGIN {exit !(d < 0.5)}'
check "the whole end-of-frame step with the overlay stays under 2 ms (${end_on:-?} ms)" awk -v d="${end_on:-9}" 'BEGIN {exit !(d < 2.0)}'

summary
