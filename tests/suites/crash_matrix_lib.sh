# Sourced helpers (not a suite): the crash-containment matrix, shared by suite_live_editing (MinGW
# builds) and suite_windows_build (MSVC-ABI builds). Needs tests/suites/test_lib.sh sourced first.
# The sixteen faulty builds are game DLLs named crash_<place>_<kind>.dll, built with
# -DGAME_TEST_CRASH_PLACE=<place> -DGAME_TEST_CRASH_KIND=<kind> (tests/fixtures/fault_game.cpp).
crash_kinds=(x "access violation" "integer divide by zero" "illegal instruction" "stack overflow")
crash_places=(x "update" "sound" "end of frame" "job")


# start_crash_matrix_engine RUN_DIR LOG GOOD_DLL: starts RUN_DIR/win32_platform.exe under Wine on
# GOOD_DLL (with --verify-rollback and RUN_DIR/quit as its quit file); CRASH_ENGINE_PID is its pid.
# NOTE: 256 entities, not the demo's 4,096, at 30 frames a second: what is checked is containment,
# not the scene. The engine waits through every build swap of the matrix; unthrottled, with 1,024
# entities, it took a core for all of it (45 s of CPU in the MSVC /Od matrix), the other lane's time.
start_crash_matrix_engine() {
    local run=$1 log=$2 good=$3
    rm -f "$run/quit"
    install_game_dll "$run" "$good"
    start_engine_logged "$log" wine "$run/win32_platform.exe" --log "$log" --quit-file "$run/quit" --size 160x120 --hz 30 \
        --fixed-dt 0.0166667 --verify-rollback --entities 256
    CRASH_ENGINE_PID=$ENGINE_PID
    check "${CRASH_MATRIX_LABEL:-}engine starts with the good build" wait_for_log "$log" "game: code version 1 running" 60
}

# run_crash_matrix RUN_DIR LOG VARIANT_DIR GOOD_DLL: installs every crash_<place>_<kind>.dll of
# VARIANT_DIR in the engine started above, each followed by GOOD_DLL, and checks: the crash is
# reported, memory equals the pre-frame state, the previous build runs again, the engine survives,
# the next good build loads with the game state intact; then the report's format, that no crashing
# build was loaded twice and that versions only increase. CRASH_MATRIX_LABEL prefixes every check.
run_crash_matrix() {
    local run=$1 log=$2 variants=$3 good=$4
    local label=${CRASH_MATRIX_LABEL:-}
    local crashes=0 reloads place kind name what last_rollback frames
    for place in 1 2 3 4; do
        for kind in 1 2 3 4; do
            name="crash_${place}_${kind}"
            what="$label${crash_kinds[$kind]} in ${crash_places[$place]}"
            [ -f "$variants/$name.dll" ] || { fail "$what: no build"; continue; }
            install_game_dll "$run" "$variants/$name.dll"
            crashes=$((crashes + 1))
            if ! wait_for_count "$log" "crash: ${crash_kinds[$kind]} in game_loaded_" "$(( $(grep -c "crash: ${crash_kinds[$kind]} in game_loaded_" "$log") + 1 ))" 60; then
                fail "$what: the crash was not reported"
                continue
            fi
            pass
            wait_for_count "$log" "rollback: game memory" "$crashes" 30
            last_rollback=$(grep "rollback: game memory" "$log" | tail -n 1)
            check "$what: memory equals the pre-frame state" bash -c "echo '$last_rollback' | grep -q 'equals the pre-frame state'"
            check "$what: the previous build runs again" wait_for_count "$log" "rollback: running the code of version" "$crashes" 30
            check "$what: the engine survives" engine_alive "$CRASH_ENGINE_PID"
            # The crashing build is not loaded again, the next good one is.
            reloads=$(count_of_regex "$log" "$game_code_loaded_regex")
            install_game_dll "$run" "$good"
            check "$what: the next good build loads" wait_for_regex "$log" "$game_code_loaded_regex" $((reloads + 1)) 30
            frames=$(grep "game: code version" "$log" | tail -n 1 | sed -E 's/.* ([0-9]+) frames simulated.*/\1/')
            check "$what: game state intact afterwards (${frames:-?} frames)" test "${frames:-0}" -lt 100000
        done
    done
    check "${label}the crash report names module and offset" grep -qE "crash: access violation in game_loaded_[0-9]+_[0-9]+\.dll\+0x[0-9a-f]+" "$log"
    check "${label}no crashing build was loaded twice" test "$(grep -c 'test fault: crashing now' "$log")" -eq "$crashes"
    check "${label}versions only increase across reloads and rollbacks" bash -c "grep -oE '(game code version [0-9]+ loaded|as version [0-9]+)' '$log' | grep -oE '[0-9]+' | awk 'NR>1 && \$1<=prev {exit 1} {prev=\$1}'"
}

# The stack-overflow and FP misuse builds (tests/fixtures/misuse_stack_fp_game.cpp, -DMISUSE=N, see
# tests/suites/misuse_cases_stack_fp.sh) a build suite runs after its crash matrix, as
# stack_fp_<N>.dll: 64-byte, 2 KB and 64 KB frames in the update, 2 KB in a high-priority job and in
# the sound export; exceptions unmasked, flush-to-zero + denormals-are-zero, rounding toward zero.
stack_fp_matrix_builds="11 12 13 22 52 92 93 91"

# run_stack_fp_matrix RUN_DIR LOG VARIANT_DIR GOOD_DLL: in the engine of start_crash_matrix_engine,
# each stack_fp_<N>.dll of VARIANT_DIR followed by GOOD_DLL: an overflow is contained and named and
# the previous build runs again; an FP build runs 30 frames without a crash, is logged once and its
# update finds the platform's FP state every frame; the engine survives, the next good build loads.
run_stack_fp_matrix() {
    local run=$1 log=$2 variants=$3 good=$4
    local label=${CRASH_MATRIX_LABEL:-} number what crashes overflows rollbacks leaks reloads entry1 entry5
    for number in $stack_fp_matrix_builds; do
        what="${label}misuse $number"
        [ -f "$variants/stack_fp_$number.dll" ] || { fail "$what: no build"; continue; }
        crashes=$(count_of "$log" "crash: ")
        overflows=$(count_of_regex "$log" "crash: stack overflow in game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+ ")
        rollbacks=$(count_of "$log" "rollback: running the code of version")
        leaks=$(count_of "$log" "left the FP control state changed")
        reloads=$(count_of_regex "$log" "$game_code_loaded_regex")
        install_game_dll "$run" "$variants/stack_fp_$number.dll"
        if [ "$number" -lt 90 ]; then
            check "$what: the stack overflow is contained and named" \
                wait_for_regex "$log" "crash: stack overflow in game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+ " $((overflows + 1)) 40
            check "$what: the previous build runs again" \
                wait_for_count "$log" "rollback: running the code of version" $((rollbacks + 1)) 30
        else
            check "$what: the FP build runs 30 frames" wait_for_log "$log" "misuse $number: 30 frames run" 40
            check "$what: no crash" test "$(count_of "$log" "crash: ")" -eq "$crashes"
            check "$what: the FP change is logged once" \
                test "$(count_of "$log" "left the FP control state changed")" -eq $((leaks + 1))
            entry1=$(grep -F "misuse $number: fp on entry in frame 1:" "$log" | tail -n 1 | sed 's/.*frame 1://')
            entry5=$(grep -F "misuse $number: fp on entry in frame 5:" "$log" | tail -n 1 | sed 's/.*frame 5://')
            check "$what: the update finds the platform's FP state ('$entry1' then '$entry5')" \
                test -n "$entry1" -a "$entry1" = "$entry5"
        fi
        check "$what: the engine survives" engine_alive "$CRASH_ENGINE_PID"
        install_game_dll "$run" "$good"
        check "$what: the next good build loads" wait_for_regex "$log" "$game_code_loaded_regex" $((reloads + 2)) 30
    done
}
