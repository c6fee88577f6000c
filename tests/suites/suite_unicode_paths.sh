#!/usr/bin/env bash
# Unicode paths end to end: the engine (make_work_copy) copied into a folder whose path has
# spaces, accented Latin and CJK letters, built there, and run under Wine with --log, --screenshot
# and --quit-file paths of the same kind. Asserts the game and its assets load from there, the
# files land where asked, the window keeps its title, and a hot reload works in that folder.
# Then the command-line and file errors: a log that cannot be opened, a screenshot
# of an unknown type or into a missing folder, no data folder, system messages without inserts.
#
# The per-build assertions are one function, check_engine_in_unicode_folder BUILD_DIR LABEL
# REBUILD_GAME, so another ABI (build.bat's MSVC-ABI binaries) is one more call with its own
# build folder and its own "rebuild game.dll" command.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
# NOTE: a crashed engine must exit, not wait attached to winedbg looking alive.
export WINEDLLOVERRIDES="winedbg.exe=d;$WINEDLLOVERRIDES"

out="$BUILD_DIR/suite_unicode_paths"
rm -rf "$out"
mkdir -p "$out"
unicode_root="$out/Jürgen Müller 日本"
outputs="$unicode_root/Ausgabe ñ 出力"      # where logs, screenshots and quit files are asked for
mkdir -p "$outputs"

# only_expected_warnings LOG: no error line, and no warning except the sound device (Wine here
# has none) and the reload's own notices.
only_expected_warnings() {
    ! grep -E "(error|warning): " "$1" | grep -vE "warning: sound: " | grep -q .
}

# check_engine_in_unicode_folder BUILD_DIR LABEL REBUILD_GAME...: BUILD_DIR holds
# win32_platform.exe and game.dll, built from the sources one level up (BUILD_DIR/../code);
# REBUILD_GAME (a command, run with the sources edited) rebuilds game.dll there.
check_engine_in_unicode_folder() {
    local build=$1 label=$2
    shift 2
    local exe="$build/win32_platform.exe"
    local tuning="$build/../code/demo/demo_tuning.h"
    local log="$outputs/$label run ü 日本.log"
    local shot="$outputs/$label shot é 中.png"

    #- A scripted run: assets from the Unicode folder, log and screenshot where asked
    timeout 120 wine "$exe" --frames 30 --unthrottled --size 320x180 --log "$log" --screenshot "$shot" \
        >"$out/$label.scripted.stdout" 2>&1
    check "$label: a scripted run from the Unicode folder exits 0" test $? -eq 0
    check "$label: the log is written at the Unicode path asked for" test -s "$log"
    check "$label: the screenshot is written at the Unicode path asked for" test -s "$shot"
    check "$label: the screenshot is a PNG" bash -c "head -c 8 \"\$1\" | od -An -c | grep -q 'P   N   G'" _ "$shot"
    check "$label: no ANSI-mangled name ('?') is left beside it" \
        bash -c "! ls \"\$1\" | grep -q '?'" _ "$outputs"
    check "$label: the data folder is named with its Unicode path" \
        grep -qF "files: data folder '" "$log"
    check "$label: ... and that path keeps its letters" grep -qF 'Jürgen Müller 日本\engine\data\' "$log"
    check "$label: the game DLL is watched at its Unicode path" grep -qF 'Jürgen Müller 日本\engine\build\game.dll' "$log"
    check "$label: the game DLL loads (version 1)" grep -qF "reload: game code version 1 loaded" "$log"
    check "$label: the game's own log lines appear" grep -qF "game: state initialized" "$log"
    check "$label: the game's code runs" grep -qF "game: code version 1 running: spin speed 0.50" "$log"
    check "$label: no error and no unexpected warning (assets all loaded, no fallback)" only_expected_warnings "$log"
    check "$label: all 30 frames ran" grep -qF "exiting cleanly after 30 frames" "$log"

    #- A live run: window title, quit file at a Unicode path, and a hot reload in that folder
    local live="$outputs/$label live ö 日本.log"
    local quit="$outputs/$label quit ß 止.now"
    rm -f "$quit"
    start_engine_logged "$live" wine "$exe" --size 320x180 --log "$live" --quit-file "$quit"
    local engine=$ENGINE_PID
    check "$label: the live engine runs the game" wait_for_log "$live" "game: code version 1 running" 60
    local window title=""
    window=$(xdotool search --name "^Handmade Engine\$" 2>/dev/null | head -n 1)
    [ -n "$window" ] && title=$(xdotool getwindowname "$window" 2>/dev/null)
    check "$label: the window's title reads 'Handmade Engine' (got '${title}')" test "$title" = "Handmade Engine"

    sed -i 's/DEMO_TUNING_SPIN_SPEED, 0.50f/DEMO_TUNING_SPIN_SPEED, 0.65f/' "$tuning"
    check "$label: the edited game rebuilds in the Unicode folder" "$@"
    check "$label: the new build is loaded (version 2)" wait_for_log "$live" "reload: game code version 2 loaded" 60
    check "$label: the new build's value shows in the game's log" \
        wait_for_log "$live" "game: code version 2 running: spin speed 0.65" 30
    sed -i 's/DEMO_TUNING_SPIN_SPEED, 0.65f/DEMO_TUNING_SPIN_SPEED, 0.50f/' "$tuning"
    check "$label: two private copies exist in the Unicode build folder while running" \
        test "$(ls "$build"/game_loaded_*.dll 2>/dev/null | wc -l)" -eq 2

    touch "$quit"
    wait_for_exit "$engine" 30
    check "$label: the quit file at a Unicode path ends the run with exit 0" test "$LAST_EXIT_STATUS" -eq 0
    check "$label: the quit file was seen" grep -qF "engine: quit file" "$live"
    check "$label: no private copy is left behind" test "$(ls "$build"/game_loaded_*.dll 2>/dev/null | wc -l)" -eq 0
    check "$label: the live run logged no error" bash -c "! grep -q 'error: ' \"\$1\"" _ "$live"
}

#- The unit test of the converter (2-, 3-, 4-byte sequences, surrogates, invalid input), natively,
#  under Wine and in the MSVC dialect (tests/unit/unit_tests.txt)
run_unit_tests unicode_paths

#- MinGW build inside the Unicode folder (its own misc/build.sh)
mingw_copy="$unicode_root/engine"
make_work_copy "$mingw_copy" build.bat tests
mingw_build() { (cd "$mingw_copy" && bash misc/build.sh "$@") >>"$out/mingw_build.txt" 2>&1; }
check "MinGW: engine and game build inside '$mingw_copy'" mingw_build debug
ensure_display
check_engine_in_unicode_folder "$mingw_copy/build" mingw mingw_build game

#- MSVC-ABI build of the same folder name, made by the real build.bat under Wine's cmd with the
#  stand-in toolchain (tests/suites/msvc_standin_lib.sh): cl, link and the CRT see the Unicode path too.
source tests/suites/msvc_standin_lib.sh
msvc_copy="$out/msvc/Jürgen Müller 日本/engine"
make_work_copy "$msvc_copy" build.bat tests
msvc_build() { msvc_standin_build_bat "$msvc_copy" "$@" >>"$out/msvc_build.txt" 2>&1; }
if msvc_standin_install >"$out/msvc_standin_install.txt" 2>&1; then
    pass
    check "MSVC-ABI: build.bat builds engine and game inside '$msvc_copy'" msvc_build
    check_engine_in_unicode_folder "$msvc_copy/build" msvc msvc_build game
else
    fail "MSVC stand-in toolchain did not install; see $out/msvc_standin_install.txt"
fi

#- Command line and files, with the MinGW build of the Unicode folder
exe="$mingw_copy/build/win32_platform.exe"

# A log that cannot be opened: said on stderr; a scripted run shows no message box and goes on.
timeout 60 wine "$exe" --frames 3 --unthrottled --size 320x180 --log "$outputs/no such folder ü/run.log" \
    >"$out/badlog.stdout" 2>"$out/badlog.stderr"
status=$?
check "a log in a missing folder: the scripted run still exits 0 (no message box waiting; got $status)" test $status -eq 0
check "a log in a missing folder is reported on stderr" grep -qF "cannot open the log file '$outputs/no such folder ü/run.log'" "$out/badlog.stderr"
check "... saying its folder does not exist" grep -qF "(its folder does not exist)" "$out/badlog.stderr"

# An interactive run (neither --frames nor --quit-file) also shows it in a message box. The box
# waits for a person, so the test only looks for its window, then ends the engine it started.
wine "$exe" --size 320x180 --log "$outputs/no such folder ü/interactive.log" \
    >"$out/interactive.stdout" 2>"$out/interactive.stderr" &
engine=$!
box=""
for attempt in $(seq 1 400); do
    box=$(xdotool search --name "^Handmade Engine: log\$" 2>/dev/null | head -n 1)
    [ -n "$box" ] || ! kill -0 "$engine" 2>/dev/null && break
    sleep 0.1
done
check "an interactive run shows the unopenable log in a message box" test -n "$box"
check "... while the engine waits for it (no frame ran yet)" bash -c "! grep -q 'engine: starting' \"\$1\"" _ "$out/interactive.stderr"
kill -9 "$engine" 2>/dev/null
wait "$engine" 2>/dev/null

# An unknown screenshot type is refused while parsing flags: exit 2, nothing written.
timeout 60 wine "$exe" --frames 3 --unthrottled --log "$outputs/jpg.log" --screenshot "$outputs/shot ü.jpg" \
    >"$out/jpg.stdout" 2>&1
status=$?
check "--screenshot x.jpg exits 2 (got $status)" test $status -eq 2
check "--screenshot x.jpg says only .png and .bmp are written" grep -qF "only .png and .bmp are written" "$outputs/jpg.log"
check "--screenshot x.jpg writes no file" test ! -e "$outputs/shot ü.jpg"
check "--screenshot x.jpg runs no frame" bash -c "! grep -q 'engine: starting' \"\$1\"" _ "$outputs/jpg.log"

# A screenshot into a missing folder: reported once, at start, exit 2.
timeout 60 wine "$exe" --frames 3 --unthrottled --log "$outputs/nodir.log" --screenshot "$outputs/missing ü/shot.png" \
    >"$out/nodir.stdout" 2>&1
status=$?
check "--screenshot into a missing folder exits 2 (got $status)" test $status -eq 2
check "--screenshot into a missing folder is reported exactly once" \
    test "$(grep -c "screenshot" "$outputs/nodir.log")" -eq 1
check "... naming the folder problem" grep -qF "its folder does not exist" "$outputs/nodir.log"

# No data folder anywhere: the log does not name one, it says there is none.
nodata="$unicode_root/ohne Daten ü"
mkdir -p "$nodata/build"
cp "$mingw_copy/build/win32_platform.exe" "$mingw_copy/build/game.dll" "$nodata/build/"
(cd "$nodata" && timeout 60 wine build/win32_platform.exe --frames 3 --unthrottled --size 320x180 \
    --log "$outputs/nodata.log" >"$out/nodata.stdout" 2>&1)
check "without a data folder the engine still exits 0" grep -qF "exiting cleanly after 3 frames" "$outputs/nodata.log"
check "without a data folder the log names none" bash -c "! grep -q \"data folder '\" \"\$1\"" _ "$outputs/nodata.log"
check "without a data folder the log says there is none" grep -qF "files: no data folder" "$outputs/nodata.log"

# Paths past MAX_PATH (260): log and screenshot still land where asked (the \\?\ prefix).
deep="$outputs/$(printf 'sehr langer Ordner ü 日本/%.0s' 1 2 3 4 5 6 7 8 9 10)"
deep=${deep%/}
mkdir -p "$deep"
timeout 60 wine "$exe" --frames 3 --unthrottled --size 320x180 --log "$deep/long ü.log" \
    --screenshot "$deep/long 日.bmp" >"$out/long.stdout" 2>&1
status=$?
check "a run with log and screenshot paths past MAX_PATH (${#deep} characters) exits 0 (got $status)" test $status -eq 0
check "the log past MAX_PATH is written" grep -qF "exiting cleanly after 3 frames" "$deep/long ü.log"
check "the screenshot past MAX_PATH is written as BMP" bash -c "head -c 2 \"\$1\" | grep -q BM" _ "$deep/long 日.bmp"

# A DLL Windows refuses: the reason is a system message with its insert filled, never "%1".
head -c 3000 "$mingw_copy/build/game.dll" >"$outputs/kaputt ü.dll"
timeout 60 wine "$exe" --frames 3 --unthrottled --size 320x180 --game "$outputs/kaputt ü.dll" \
    --log "$outputs/baddll.log" >"$out/baddll.stdout" 2>&1
check "a truncated DLL at a Unicode path is refused with a reason" grep -qF "(3000 bytes) is not a loadable DLL: " "$outputs/baddll.log"
check "... naming that path" grep -qF 'Ausgabe ñ 出力\kaputt ü.dll' "$outputs/baddll.log"
check "system error messages carry no unfilled insert (%1)" bash -c "! grep -qE '%[0-9]' \"\$1\"" _ "$outputs/baddll.log"

stop_own_display
summary
