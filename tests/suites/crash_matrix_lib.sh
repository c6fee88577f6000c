# Sourced helpers (not a suite): the crash-containment matrix, shared by suite_live_editing (MinGW
# builds) and suite_windows_build (MSVC-ABI builds). Needs tests/suites/test_lib.sh sourced first.
# The sixteen faulty builds are game DLLs named crash_<place>_<kind>.dll, built with
# -DGAME_TEST_CRASH_PLACE=<place> -DGAME_TEST_CRASH_KIND=<kind> (tests/fixtures/fault_game.cpp).
crash_kinds=(x "access violation" "integer divide by zero" "illegal instruction" "stack overflow")
crash_places=(x "update" "sound" "end of frame" "job")


# start_crash_matrix_engine RUN_DIR LOG GOOD_DLL: starts RUN_DIR/win32_platform.exe under Wine on
# GOOD_DLL (with --verify-rollback and RUN_DIR/quit as its quit file); CRASH_ENGINE_PID is its pid.
start_crash_matrix_engine() {
    local run=$1 log=$2 good=$3
    rm -f "$run/quit"
    install_game_dll "$run" "$good"
    wine "$run/win32_platform.exe" --log "$log" --quit-file "$run/quit" --size 160x120 --unthrottled \
        --fixed-dt 0.0166667 --verify-rollback >/dev/null 2>&1 &
    CRASH_ENGINE_PID=$!
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
    local crashes=0 reloads=1 place kind name what last_rollback frames
    for place in 1 2 3 4; do
        for kind in 1 2 3 4; do
            name="crash_${place}_${kind}"
            what="$label${crash_kinds[$kind]} in ${crash_places[$place]}"
            [ -f "$variants/$name.dll" ] || { fail "$what: no build"; continue; }
            install_game_dll "$run" "$variants/$name.dll"
            crashes=$((crashes + 1))
            reloads=$((reloads + 1))
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
            install_game_dll "$run" "$good"
            reloads=$((reloads + 1))
            check "$what: the next good build loads" wait_for_count "$log" "reload: game code version" "$reloads" 30
            frames=$(grep "game: code version" "$log" | tail -n 1 | sed -E 's/.* ([0-9]+) frames simulated.*/\1/')
            check "$what: game state intact afterwards (${frames:-?} frames)" test "${frames:-0}" -lt 100000
        done
    done
    check "${label}the crash report names module and offset" grep -qE "crash: access violation in game_loaded_[0-9]+_[0-9]+\.dll\+0x[0-9a-f]+" "$log"
    check "${label}no crashing build was loaded twice" test "$(grep -c 'test fault: crashing now' "$log")" -eq "$crashes"
    check "${label}versions only increase across reloads and rollbacks" bash -c "grep -oE '(game code version [0-9]+ loaded|as version [0-9]+)' '$log' | grep -oE '[0-9]+' | awk 'NR>1 && \$1<=prev {exit 1} {prev=\$1}'"
}
