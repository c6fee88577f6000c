#!/usr/bin/env bash
# Bad input through the whole engine: a truncated texture, a WAV with a garbage header and a
# missing sound each get a clear logged error and a fallback; the engine runs on and exits 0.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/suite_bad_assets"
rm -rf "$out"
make_work_copy "$out"
check "engine builds" build_engine_copy "$out"

head -c 70 data/textures/ground.bmp >"$out/data/textures/ground.bmp"
printf 'RIFF\377\377\377\377WAVEjunkjunkjunkjunk' >"$out/data/sounds/click.wav"
rm -f "$out/data/sounds/chime.wav"

run_engine_logged "$out/run.log" wine "$out/build/win32_platform.exe" --frames 40 --unthrottled --size 320x180 \
    --log "$out/run.log" --screenshot "$out/run.bmp"
check "the engine runs through bad assets and exits 0" test $? -eq 0
check "the truncated texture is named in an error" grep -q "error: .*ground.bmp" "$out/run.log"
check "the malformed WAV is named in an error" grep -q "error: .*click.wav" "$out/run.log"
check "the missing sound is named in an error" grep -q "error: .*chime.wav" "$out/run.log"
check "all 40 frames ran" grep -q "exiting cleanly after 40 frames" "$out/run.log"
check "a frame was still drawn" test -s "$out/run.bmp"

summary
