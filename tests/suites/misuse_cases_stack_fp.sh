# Sourced by suite_misuse_games.sh: stack overflow and the FP control state
# (tests/fixtures/misuse_stack_fp_game.cpp, one misuse per build).
#  - Stack overflow by recursion with 64-byte, 2 KB and 64 KB frames in the update, a job on each
#    queue, a background task, the sound export and a ParallelFor batch, with 2 KB frames in a job
#    graph job and a named task (default threading), and in
#    the --serial update, three in a row on the main thread: each is contained (a crash report naming
#    the DLL and the offset, memory rolled back, the previous build back) and the next good build loads.
#  - An update, sound export and job leaving exceptions unmasked, flush-to-zero and denormals-are-zero
#    on, or rounding toward zero (MXCSR and x87), in both threading modes: the engine runs on (no
#    crash: its own float math keeps the platform's state), logs the change once for the build, and
#    every call into game code finds the state it had before the game changed it.
# One engine run per threading mode meets all of its builds in turn.

stack_fp_places=(x "the update" "a high-priority job" "a low-priority job" "a background task" "the sound export"
    "a ParallelFor batch" "a job graph job" "a named task")
stack_fp_sizes=(x 64 2048 65536)
stack_fp_overflows="11 12 13 21 22 23 31 32 33 41 42 43 51 52 53 61 62 63 72 82"
# NOTE: unmasked exceptions last: without the restore they end the engine, and the other two would go untried.
stack_fp_fp_builds="92 93 91"
stack_fp_fp_names=(x "exceptions unmasked" "flush-to-zero and denormals-are-zero" "rounding toward zero")
stack_fp_fp_words=(x "exceptions unmasked" "flush-to-zero on, denormals-are-zero on" "rounding toward zero")

printf '#define MISUSE 22\n#include "../tests/fixtures/misuse_stack_fp_game.cpp"\n' >"$out/stack_fp_unit_22.cpp"
printf '#define MISUSE 93\n#include "../tests/fixtures/misuse_stack_fp_game.cpp"\n' >"$out/stack_fp_unit_93.cpp"
check "MSVC-dialect compile of tests/fixtures/misuse_stack_fp_game.cpp" tests/tools/msvc_check.sh "$out/stack_fp_unit_22.cpp" "$out/stack_fp_unit_93.cpp"
stack_fp_count=0
for number in $stack_fp_overflows $stack_fp_fp_builds; do
    { build_fixture_dll "stack_fp_$number" tests/fixtures/misuse_stack_fp_game.cpp "$work/code" -DMISUSE=$number ||
        echo "FAIL build of stack_fp_$number (see $out/stack_fp_$number.build.txt)"; } &
    stack_fp_count=$((stack_fp_count + 1))
    [ $((stack_fp_count % 2)) -eq 0 ] && wait
done
wait

# stack_fp_overflow_case N LABEL: the overflow build N in the running engine; its crash is contained.
stack_fp_overflow_case() {
    local number=$1 what="$2: stack overflow in ${stack_fp_places[$(( $1 / 10 ))]}, ${stack_fp_sizes[$(( $1 % 10 ))]}-byte frames"
    local crashes rollbacks
    engine_alive "$MISUSE_PID" || { fail "$what: the engine is gone before the case"; return; }
    crashes=$(count_of "$MISUSE_LOG" "crash: stack overflow in ")
    rollbacks=$(count_of "$MISUSE_LOG" "rollback: running the code of version")
    misuse_install "$out/stack_fp_$number.dll"
    check "$what: the build overflows" wait_for_log "$MISUSE_LOG" "misuse $number: overflowing the stack" 40
    check "$what: the overflow is contained and named (DLL + offset)" \
        wait_for_regex "$MISUSE_LOG" "crash: stack overflow in game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+ " $((crashes + 1)) 30
    check "$what: the previous build runs again" \
        wait_for_count "$MISUSE_LOG" "rollback: running the code of version" $((rollbacks + 1)) 30
    check "$what: nothing of it is left unreachable" test "$(count_of "$MISUSE_LOG" "misuse $number: unreachable")" -eq 0
    misuse_outcome "$what" "crash: stack overflow in "
    misuse_next_good_build_loads "$what"
}

# stack_fp_fp_case N LABEL: the FP build N runs on, is logged once, and never leaks its state.
stack_fp_fp_case() {
    local number=$1 what="$2: FP state left changed (${stack_fp_fp_names[$(( $1 - 90 ))]})"
    local crashes leaks entry1 entry5
    engine_alive "$MISUSE_PID" || { fail "$what: the engine is gone before the case"; return; }
    crashes=$(count_of "$MISUSE_LOG" "crash: ")
    leaks=$(count_of "$MISUSE_LOG" "left the FP control state changed")
    misuse_install "$out/stack_fp_$number.dll"
    check "$what: the build runs 30 frames" wait_for_log "$MISUSE_LOG" "misuse $number: 30 frames run" 40
    check "$what: no crash (the platform's float math does not trap)" test "$(count_of "$MISUSE_LOG" "crash: ")" -eq "$crashes"
    check "$what: the engine is alive" engine_alive "$MISUSE_PID"
    check "$what: logged once for the build" test "$(count_of "$MISUSE_LOG" "left the FP control state changed")" -eq $((leaks + 1))
    check "$what: the log says what changed (${stack_fp_fp_words[$(( number - 90 ))]})" \
        bash -c "grep 'left the FP control state changed' '$MISUSE_LOG' | tail -n 1 | grep -qF '${stack_fp_fp_words[$(( number - 90 ))]}'"
    if [ "$number" = 93 ]; then
        check "$what: the x87 control word change is seen too" \
            bash -c "grep 'left the FP control state changed' '$MISUSE_LOG' | tail -n 1 | grep -qE 'x87 control word 0x0([0-9a-f])7f -> 0x0[ef]7f'"
    fi
    entry1=$(grep -F "misuse $number: fp on entry in frame 1:" "$MISUSE_LOG" | tail -n 1 | sed 's/.*frame 1://')
    entry5=$(grep -F "misuse $number: fp on entry in frame 5:" "$MISUSE_LOG" | tail -n 1 | sed 's/.*frame 5://')
    check "$what: the update finds the platform's state every frame ('$entry1' then '$entry5')" \
        test -n "$entry1" -a "$entry1" = "$entry5"
    misuse_outcome "$what" "left the FP control state changed"
    misuse_next_good_build_loads "$what"
}

#- Default threading: every place and frame size, then the FP builds
misuse_start stack_fp_default
for number in $stack_fp_overflows; do stack_fp_overflow_case "$number" "default"; done
for number in $stack_fp_fp_builds; do stack_fp_fp_case "$number" "default"; done
misuse_quit "stack/fp default" 30
check "stack/fp default: the engine exits 0 (exit $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0

#- --serial: three overflows in a row in the update on the main thread, then the FP builds
misuse_start stack_fp_serial --serial
for number in 11 12 13; do stack_fp_overflow_case "$number" "serial"; done
stack_fp_threads=$(grep -F "crash: stack overflow in " "$MISUSE_LOG" | grep -oE '\(thread [0-9]+\)' | sort -u | wc -l)
check "serial: the three overflows were on one thread (the main thread; $stack_fp_threads thread(s))" \
    test "$(count_of "$MISUSE_LOG" "crash: stack overflow in ")" -eq 3 -a "$stack_fp_threads" -eq 1
for number in $stack_fp_fp_builds; do stack_fp_fp_case "$number" "serial"; done
misuse_quit "stack/fp serial" 30
check "stack/fp serial: the engine exits 0 (exit $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0

#- Figure: what the FP save/restore adds to a call into game code (printed, not asserted)
stack_fp_figure=$(bash tests/bench/bench_fp_state.sh 2>/dev/null | grep '^figure:')
check "the FP state benchmark prints its figure" test -n "$stack_fp_figure"
echo "$stack_fp_figure (load: $(cut -d' ' -f1-3 /proc/loadavg))"
