#!/usr/bin/env bash
# Sound and assets suite: the MSVC-dialect check, the asset readers (valid files byte-exact,
# malformed files -> logged error + fallback), the cursor logic and mixer unit tests (natively,
# with sanitizers, and as MinGW exes under Wine), a bounded libFuzzer run over both readers, and
# the end-to-end sound test: DirectSound under Wine, recorded by an ALSA file sink, checked.
#
# Recording setup: Wine's winealsa opens ALSA's "default", which a private .asoundrc (HOME points
# at the suite's directory) defines as plug (to s16 stereo 48 kHz) -> file (the recording) ->
# plug -> a JACK client on a private jackd with the dummy driver. NOTE: the "null" PCM cannot be
# the sink: it accepts samples instantly, so Wine's play cursor runs several times faster than
# real time and the ring is played out of order. jackd's dummy driver consumes in real time.
#
# Environment: FUZZ_SECONDS (default 12 per reader), TONE_SECONDS (default 5).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/suite_sound_assets"
rm -rf "$out"
mkdir -p "$out"
fuzz_seconds=${FUZZ_SECONDS:-12}
tone_seconds=${TONE_SECONDS:-5}

# build NAME COMMAND...: one check; on failure shows the first compiler errors.
build() {
    local name=$1
    shift
    if "$@" >"$out/$name.build.txt" 2>&1; then pass; return 0; fi
    fail "build of $name"
    head -n 8 "$out/$name.build.txt" | sed 's/^/    /'
    return 1
}

#- MSVC dialect: every translation unit of this part (the headers come in through them; run_unit_tests
#  checks the unit tests')
for unit in code/win32/win32_sound.cpp code/game_kit/kit_mixer.cpp code/game_kit/kit_asset_reject.cpp \
            code/game_kit/kit_asset_bmp.cpp code/game_kit/kit_asset_wav.cpp \
            tests/unit/test_sound_e2e.cpp tests/unit/fuzz_assets.cpp \
            tests/tools/check_tone.cpp tests/tools/make_test_assets.cpp; do
    if tests/tools/msvc_check.sh "$unit" >"$out/msvc.txt" 2>&1; then pass; else fail "MSVC-dialect compile of $unit"; head -n 6 "$out/msvc.txt" | sed 's/^/    /'; fi
done

#- The game-side files also build alone with MinGW (they go into game.dll)
for unit in kit_mixer kit_asset_reject kit_asset_bmp kit_asset_wav; do
    build "$unit.o (MinGW)" $MINGW_CXX $MINGW_FLAGS -c "code/game_kit/$unit.cpp" -o "$out/$unit.o"
done

#- Data: the committed files are what the generator writes (only ours: data/ is shared)
mkdir -p "$out/generated/textures" "$out/generated/sounds" "$out/generated/test"
if build make_test_assets $NATIVE_CXX $NATIVE_FLAGS tests/tools/make_test_assets.cpp -o "$out/make_test_assets"; then
    check "make_test_assets runs" "$out/make_test_assets" "$out/generated"
    generated_files=$(cd "$out/generated" && find . -type f | sort)
    check "make_test_assets wrote its 10 files" test "$(echo "$generated_files" | wc -l)" -eq 10
    for file in $generated_files; do
        check "data/${file#./} equals the freshly generated file" cmp "$out/generated/$file" "data/$file"
    done
    data_kb=$(cd data && du -ck $generated_files | tail -n 1 | awk '{print $1}')
    check "our data files stay small (${data_kb} KB < 200 KB)" test "$data_kb" -lt 200
fi

#- Asset readers, cursor logic, mixer (tests/unit/unit_tests.txt): native with sanitizers, native -O2, and under Wine
run_unit_tests sound_assets
grep '^FIGURE' "$(unit_test_exe test_mixer native).output.txt"

#- The tone checker rejects what it exists to catch (gap, phase jump, wrong pitch or level)
if build check_tone $NATIVE_CXX $NATIVE_FLAGS -Itests tests/tools/check_tone.cpp -o "$out/check_tone"; then
    run_counted "check_tone self-test" "$out/check_tone" --self-test
fi

#- Fuzzing: libFuzzer + ASan + UBSan, seeded with the valid files, bounded in time. The two readers'
#  fuzzers are single-threaded: they run side by side, one per core, each for the full time.
fuzzed=""
for reader in bmp wav; do
    upper=$(echo "$reader" | tr a-z A-Z)
    fuzzer="$out/fuzz_$reader"
    if build "fuzz_$reader" clang++ -std=c++14 -g -O1 -Icode -fsanitize=fuzzer,address,undefined \
            -fno-sanitize-recover=all "-DFUZZ_$upper=1" tests/unit/fuzz_assets.cpp -o "$fuzzer"; then
        corpus="$out/corpus_$reader"
        mkdir -p "$corpus" "$out/crashes_$reader"
        find data -name "*.$reader" -exec cp {} "$corpus/" \;
        (cd "$out/crashes_$reader" && "$fuzzer" -max_total_time="$fuzz_seconds" -max_len=70000 -timeout=10 \
            -rss_limit_mb=2048 -print_final_stats=1 "$corpus" >"$out/fuzz_$reader.txt" 2>&1
         echo $? >"$out/fuzz_$reader.status") &
        fuzzed="$fuzzed $reader"
    fi
done
wait
for reader in $fuzzed; do
    status=$(cat "$out/fuzz_$reader.status" 2>/dev/null || echo 99)
    runs=$(grep -oE 'Done [0-9]+ runs' "$out/fuzz_$reader.txt" | awk '{print $2}')
    if [ "$status" -eq 0 ] && ! grep -qE 'ERROR: (AddressSanitizer|libFuzzer)|runtime error:|deadly signal' "$out/fuzz_$reader.txt"; then
        pass
        echo "FIGURE fuzz $reader: ${runs:-?} inputs in ${fuzz_seconds} s, no crash"
    else
        fail "fuzz_$reader crashed (exit $status); reproducer in $out/crashes_$reader, log $out/fuzz_$reader.txt"
        grep -m 3 -E 'ERROR|runtime error|SUMMARY' "$out/fuzz_$reader.txt" | sed 's/^/    /'
    fi
done

#- Sound end to end under Wine
e2e="$out/e2e"
mkdir -p "$e2e/nodevice"
if build test_sound_e2e.exe $MINGW_CXX $MINGW_FLAGS -Itests tests/unit/test_sound_e2e.cpp -o "$out/test_sound_e2e.exe" -lwinmm; then
    # No audio device at all (ALSA's default points at a card that does not exist), then no
    # dsound.dll: the engine must run silent, log why, and keep serving the game's frames.
    printf 'pcm.!default { type hw; card 29 }\nctl.!default { type hw; card 29 }\n' >"$e2e/nodevice/.asoundrc"
    run_counted "sound without a device" env HOME="$e2e/nodevice" wine "$out/test_sound_e2e.exe" --expect-silent
    run_counted "sound without dsound.dll" env WINEDLLOVERRIDES="dsound=d;$WINEDLLOVERRIDES" \
        wine "$out/test_sound_e2e.exe" --expect-silent

    # A private jackd with the dummy driver: a real-time sink with no hardware.
    jack_name="engine_sound_$$"
    recording="$e2e/recording.raw"
    write_recording_asoundrc "$e2e" "$recording"
    if ! command -v jackd >/dev/null 2>&1; then
        fail "jackd is not installed (misc/install_deps.sh installs jackd2); the end-to-end sound test cannot record"
    elif start_jack_sink "$jack_name" "$e2e/jackd.txt"; then
        jack_pid=$JACK_PID
        pass
        min_seconds=$(awk "BEGIN { print $tone_seconds - 0.1 }")
        # NOTE: a real-time test on a shared 2-core machine: one retry, announced, so that a
        # burst of load from elsewhere is not reported as a bug. A real defect fails both runs.
        for attempt in 1 2; do
            rm -f "$recording"
            env HOME="$e2e" JACK_DEFAULT_SERVER="$jack_name" wine "$out/test_sound_e2e.exe" "$tone_seconds" \
                >"$e2e/e2e.txt" 2>&1 </dev/null
            "$out/check_tone" "$recording" 48000 440 0.25 "$min_seconds" >"$e2e/check_tone.txt" 2>&1
            if grep -q '^0 passed\|^FAIL' "$e2e/e2e.txt" "$e2e/check_tone.txt" && [ "$attempt" -eq 1 ]; then
                echo "NOTE sound e2e attempt 1 failed (load?); its output:"
                grep -hE '^FAIL|^FIGURE|^\[warning\]' "$e2e/e2e.txt" "$e2e/check_tone.txt" | sed 's/^/    /'
                echo "NOTE retrying once"
                continue
            fi
            break
        done
        run_counted "sound e2e (Wine DirectSound)" cat "$e2e/e2e.txt"
        grep -E '^FIGURE|^\[(warning|info)\] sound' "$e2e/e2e.txt"
        check "the ALSA file sink recorded something" test -s "$recording"
        run_counted "recorded tone" cat "$e2e/check_tone.txt"
        grep -E '^FIGURE|windows off' "$e2e/check_tone.txt"
        kill "$jack_pid" >/dev/null 2>&1
        wait "$jack_pid" 2>/dev/null
    else
        fail "jackd (dummy driver) did not start; see $e2e/jackd.txt"
        kill "$JACK_PID" >/dev/null 2>&1
    fi
fi

summary
