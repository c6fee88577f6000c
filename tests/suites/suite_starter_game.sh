#!/usr/bin/env bash
# The starter game (code/starter/, starter.dll): the game a new project copies. It may include only
# base/, contract/, game_kit/ and its own folder; it builds with MinGW (`misc/build.sh starter`, that
# DLL alone) and passes the MSVC-dialect check; a scripted run through `--game` exits 0, logs no
# error and draws a picture; while it runs, an edit of its tuning constant and `misc/build.sh
# starter` load as the next code version with the new value and the state kept; a change to its
# registered state is refused; its private copies are named after it and none is left at exit.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
ensure_display
trap stop_own_display EXIT

out="$BUILD_DIR/suite_starter_game"
rm -rf "$out"
mkdir -p "$out"

#- Sources: only base/, contract/, game_kit/ and starter/ (never demo/, win32/ or an OS header)
includes=$(grep -hE '^[[:space:]]*#[[:space:]]*include' code/starter/*)
check "the starter includes something" test -n "$includes"
foreign=$(echo "$includes" | grep -vE '#[[:space:]]*include "(base|contract|game_kit|starter)/' | tr '\n' ' ')
check "every starter include is base/, contract/, game_kit/ or starter/ (others: ${foreign:-none})" test -z "$foreign"
check "no starter source includes from demo/ or win32/, nor windows.h" \
    bash -c "! grep -hE '^[[:space:]]*#[[:space:]]*include' code/starter/* | grep -qiE 'demo/|win32/|windows\.h'"
check "the unity entry says in its top two lines what it is" \
    bash -c "head -n 2 code/starter/starter_main.cpp | grep -c '^// ' | grep -qx 2"
check "MSVC-dialect compile of code/starter/starter_main.cpp" tests/tools/msvc_check.sh code/starter/starter_main.cpp

#- MinGW: a private copy of the engine (the test edits the starter's source)
work="$out/e2e"
make_work_copy "$work"
# NOTE: the exe from the engine build cache (the same sources' dev build, which the warm-up made):
# an exe compile is ~22 s of CPU and other suites test it; this one tests the starter's own build.
# The cached games are deleted first, so the starter's build below starts from nothing.
check "the exe builds in a fresh copy" build_engine_copy "$work"
rm -f "$work/build/game.dll" "$work/build/starter.dll"
check "misc/build.sh starter builds starter.dll" build_engine_copy "$work" starter
check "... and only it (no game.dll)" test ! -e "$work/build/game.dll"
check "... leaving no lock file or temporary behind" bash -c "! ls '$work/build' | grep -qE '^lock\.tmp$|_build\.tmp$'"
exe="$work/build/win32_platform.exe"
starter="$work/build/starter.dll"

#- A scripted run: exits 0, no error, the starter's line, a picture that is not blank
shot="$out/starter.png"
run_engine_logged "$out/scripted.log" timeout 300 wine "$exe" --game "$starter" --frames 120 --unthrottled --size 320x180 \
    --log "$out/scripted.log" --screenshot "$shot"
status=$?
check "scripted run of starter.dll exits 0 (exit $status)" test "$status" -eq 0
check "scripted run ran 120 frames" grep -q "exiting cleanly after 120 frames" "$out/scripted.log"
check "scripted run logged no error" bash -c "! grep -q 'error:' '$out/scripted.log'"
check "scripted run logs the starter's code version line" \
    grep -qE "starter: code version 1 running: spin speed [0-9.]+, 0 frames simulated so far" "$out/scripted.log"
if python3 - "$shot" >"$out/png_check.log" 2>&1 <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "signature"
at, idat = 8, b""
while at < len(data):
    length, kind = struct.unpack(">I4s", data[at:at + 8])
    body = data[at + 8:at + 8 + length]
    if kind == b"IHDR": width, height, depth, colour = struct.unpack(">IIBB", body[:10])
    if kind == b"IDAT": idat += body
    at += 12 + length
assert (depth, colour) == (8, 6), (depth, colour)
raw, stride = zlib.decompress(idat), 1 + 4 * width
pixels = [tuple(raw[y * stride + 1 + 4 * x: y * stride + 4 + 4 * x]) for y in range(0, height, 5) for x in range(0, width, 5)]
colours = set(pixels)
orange = sum(1 for r, g, b in pixels if r > 150 and r > g + 40 and g > b + 40)
assert len(colours) >= 3, "only %d colours: blank" % len(colours)
assert orange > 20, "no orange cube (%d pixels)" % orange
print("png ok", width, height, len(colours), "colours,", orange, "cube pixels sampled")
EOF
then pass; else fail "the screenshot is blank or unreadable: $(tail -n 1 "$out/png_check.log")"; fi

#- Live: edit the tuning constant, rebuild the starter alone, the new code runs on the same state
log="$out/live.log"
quit="$work/build/quit.now"
rm -f "$quit"
start_engine_logged "$log" wine "$exe" --game "$starter" --log "$log" --quit-file "$quit" --size 320x180
engine_pid=$ENGINE_PID
check "the live run starts code version 1 at spin speed 0.50" wait_for_log "$log" "starter: code version 1 running: spin speed 0.50" 60
check "the private copy is named after the DLL (starter_loaded_<pid>_1.dll)" \
    bash -c "ls '$work/build' | grep -qE '^starter_loaded_[0-9]+_1\.dll$' && ! ls '$work/build' | grep -q '^game_loaded_'"
sleep 1
sed -i -E 's/STARTER_TUNING_SPIN_SPEED, [0-9.]+f/STARTER_TUNING_SPIN_SPEED, 0.80f/' "$work/code/starter/starter_tuning.h"
check "misc/build.sh starter rebuilds the edited starter" build_engine_copy "$work" starter
check "the edit runs as code version 2 with spin speed 0.80" wait_for_log "$log" "starter: code version 2 running: spin speed 0.80" 60
frames=$(grep -oE "starter: code version 2 running: .*, [0-9]+ frames simulated" "$log" | grep -oE '[0-9]+ frames' | awk '{print $1}')
check "the state survived the reload (the frame counter went on: ${frames:-none} > 0)" test "${frames:-0}" -gt 0
check "the exe did not restart" test "$(grep -c 'engine: starting' "$log")" -eq 1
check "nothing in game memory pointed into the old starter.dll (job graph scratch cleared)" \
    bash -c "grep -q 'pointers: none into game code version 1' '$log' && ! grep -q 'warning: pointers' '$log'"
check "no error while running and reloading" bash -c "! grep -q 'error:' '$log'"

#- A change to the registered state is caught: the build is refused and version 2 runs on
sed -i -E 's/^(    X\(u32, chimesPlayed, \))/\1 X(u32, addedForTest, )/' "$work/code/starter/starter.h"
check "a starter with a new state field builds" build_engine_copy "$work" starter
check "it is refused naming the added field" \
    wait_for_log "$log" "struct starter_state: field 'addedForTest' added" 60
check "the engine is still running version 2" engine_alive "$engine_pid"

touch "$quit"
wait_for_exit "$engine_pid" 60
check "the live run exits 0 through the quit file (exit $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
check "no private copy of starter.dll is left behind" test "$(ls "$work/build" | grep -c '^starter_loaded_')" -eq 0

summary
