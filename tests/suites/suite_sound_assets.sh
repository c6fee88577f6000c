#!/usr/bin/env bash
# Sound and assets suite: the MSVC-dialect check, the asset readers (valid files byte-exact,
# malformed files -> logged error + fallback), the cursor logic and mixer unit tests (natively,
# with sanitizers, and as MinGW exes under Wine), the tone checker's self-test and a bounded
# libFuzzer run over both readers. The end-to-end sound test (DirectSound under Wine, recorded in
# real time) is suite_sound_e2e.sh: it runs alone, this one beside the other suites.
#
# Environment: FUZZ_SECONDS (default 12 per reader).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/suite_sound_assets"
rm -rf "$out"
mkdir -p "$out"
fuzz_seconds=${FUZZ_SECONDS:-12}

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
    build_checked "$unit.o (MinGW)" $MINGW_CXX $MINGW_FLAGS -c "code/game_kit/$unit.cpp" -o "$out/$unit.o"
done

#- Data: the committed files are what the generator writes (only ours: data/ is shared)
mkdir -p "$out/generated/textures" "$out/generated/sounds" "$out/generated/test"
if build_checked make_test_assets $NATIVE_CXX $NATIVE_FLAGS tests/tools/make_test_assets.cpp -o "$out/make_test_assets"; then
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
if build_checked check_tone $NATIVE_CXX $NATIVE_FLAGS -Itests tests/tools/check_tone.cpp -o "$out/check_tone"; then
    run_counted "check_tone self-test" "$out/check_tone" --self-test
fi

#- Fuzzing: libFuzzer + ASan + UBSan, seeded with the valid files, bounded in time. The two readers'
#  fuzzers are single-threaded: they run side by side, one per core, each for the full time.
fuzzed=""
for reader in bmp wav; do
    upper=$(echo "$reader" | tr a-z A-Z)
    fuzzer="$out/fuzz_$reader"
    if build_checked "fuzz_$reader" clang++ -std=c++14 -g -O1 -Icode -fsanitize=fuzzer,address,undefined \
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

summary
