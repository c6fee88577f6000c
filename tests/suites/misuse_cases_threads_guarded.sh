# Sourced by suite_misuse_games.sh: a crash on a thread of the game's own is contained, and the
# platform's game threads are stopped before their code goes (tests/fixtures/misuse_threads_game.cpp,
# builds 7 to 9; code/win32/reload/win32_game_threads.h).
#  - 7: a StartGameThread thread writes through null (once the suite creates the trigger file, after
#    the build's symbols have loaded): the engine runs on, the thread's crash is logged with its name,
#    function and file:line, the frame's recovery reports it ("crash: ... (thread N)", N that
#    thread) and rolls back, the next good build loads;
#  - 8: the same from a thread the game started with CreateThread;
#  - 9: two StartGameThread threads, one polling GameThreadShouldStop, one that never returns: at the
#    next reload the first stops when asked, the second is interrupted (named where it was) and the
#    reload completes with no thread left inside the old image; a third joined by the update itself
#    (JoinGameThread true), and joined again (refused, false);
#  - the run exits 0 at the quit file.
# Figures: the reload that had to interrupt a thread (the stop bound is PLATFORM_GAME_THREAD_STOP_MS).

guarded_fixture=tests/fixtures/misuse_threads_game.cpp
for number in 7 8 9; do
    misuse_build "threads_$number" "$guarded_fixture" -DMISUSE=$number &
done
wait
crash_line=$(grep -n "THREAD CRASH LINE" "$guarded_fixture" | cut -d: -f1)

# guarded_version N: the code version build N said it runs as (empty when it did not run).
guarded_version() { grep -oE "misuse $1: running as code version [0-9]+" "$MISUSE_LOG" | tail -n 1 | awk '{print $NF}'; }

# guarded_run_build N: installs build N, waits until it runs and its copy's symbols are loaded (so
# reports can name functions and lines).
guarded_run_build() {
    misuse_install "$out/threads_$1.dll"
    check "threads $1: the build runs" wait_for_regex "$MISUSE_LOG" "misuse $1: running as code version" 1 40
    guarded_symbols_version=$(guarded_version "$1")
    check "threads $1: the symbols of version $guarded_symbols_version are loaded" wait_for_regex "$MISUSE_LOG" \
        "symbols: loaded [a-z]+_loaded_[0-9]+_${guarded_symbols_version}\.dll" 1 40
}

# guarded_crash_case N WHAT STARTED_REGEX: build N's thread crashes on the trigger; the checks above.
guarded_crash_case() {
    local number=$1 what="threads $1 ($2)" started=$3 thread version crashes
    guarded_run_build "$number"
    check "$what: its thread started" wait_for_regex "$MISUSE_LOG" "$started" 1 20
    thread=$(grep -oE "$started" "$MISUSE_LOG" | tail -n 1 | grep -oE '[0-9]+' | tail -n 1)
    version=$(guarded_version "$number")
    crashes=$(count_of "$MISUSE_LOG" "crash: recovered in")
    touch "$MISUSE_RUN/thread_crash.trigger"
    check "$what: the frame's recovery reports the crash of thread $thread with function and line" wait_for_regex \
        "$MISUSE_LOG" "crash: access violation in game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+ WaitForTriggerThenCrash \(misuse_threads_game\.cpp:$crash_line\) \(thread $thread\) in game code version $version " 1 30
    check "$what: the thread's own line names it and where it crashed" grep -qE \
        "game threads: '[^']+' \(thread $thread\) crashed: access violation in game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+ WaitForTriggerThenCrash \(misuse_threads_game\.cpp:$crash_line\); that thread has ended" "$MISUSE_LOG"
    check "$what: the frame recovered (rollback)" wait_for_count "$MISUSE_LOG" "crash: recovered in" $((crashes + 1)) 20
    rm -f "$MISUSE_RUN/thread_crash.trigger"
    sleep 2
    check "$what: the engine is alive 2 s after the crash" engine_alive "$MISUSE_PID"
    misuse_next_good_build_loads "$what"
    misuse_outcome "$what" "crash: access violation in .*\(thread $thread\)"
}

misuse_start threads_guarded
guarded_crash_case 7 "StartGameThread thread writes through null" "game threads: 'null writer' started \(thread [0-9]+\)"
guarded_crash_case 8 "CreateThread thread writes through null" "misuse 8: started thread [0-9]+"

#- 9: a thread that stops when asked and one that never returns, at the next reload
guarded_run_build 9
check "threads 9: the three threads started" wait_for_regex "$MISUSE_LOG" "game threads: '(polite|stubborn|joined)' started" 3 20
version=$(guarded_version 9)
check "threads 9: the update joined its thread, and a second join was refused" \
    wait_for_log "$MISUSE_LOG" "misuse 9: JoinGameThread returned 1, then 0" 20
check "threads 9: the joined thread stopped when asked by JoinGameThread" grep -qE \
    "game threads: 'joined' \(thread [0-9]+\) stopped when asked \(JoinGameThread\)" "$MISUSE_LOG"
check "threads 9: the second join is refused in the log" grep -qE \
    "platform: JoinGameThread refused: .* is not a game thread StartGameThread returned, or it was joined already" "$MISUSE_LOG"
# The joined thread's OS exit was held past the join's bound (the fixture's DllMain): the join still
# counts the proc that returned by itself (a clean-clone run at load 8.6 once took 1.3 s there).
check "threads 9: the joined thread's exit was held 1300 ms after its proc returned (the join above still said 1)" \
    wait_for_log "$MISUSE_LOG" "misuse 9: the joined thread's exit was held 1300 ms in DllMain" 20
misuse_next_good_build_loads "threads 9"
check "threads 9: the polling thread stopped when asked" grep -qE \
    "game threads: 'polite' \(thread [0-9]+\) stopped when asked \(game code version $version is unloaded\)" "$MISUSE_LOG"
check "threads 9: the polling thread returned by itself" grep -qE "misuse 9: polite thread [0-9]+ returns" "$MISUSE_LOG"
check "threads 9: the thread that never returns was interrupted, named in StubbornGameThread" grep -qE \
    "game threads: 'stubborn' \(thread [0-9]+\) did not stop within 1000 ms of being asked \(game code version $version is unloaded\); interrupted at .*StubbornGameThread \(misuse_threads_game\.cpp:[0-9]+\)" "$MISUSE_LOG"
check "threads 9: no thread was left inside version $version" \
    bash -c "! grep -qE 'reload: thread [0-9]+ is still inside game code version $version ' '$MISUSE_LOG'"
check "threads 9: nothing could not be interrupted" bash -c "! grep -q 'could not be interrupted' '$MISUSE_LOG'"
misuse_outcome "threads 9 (a game thread that never returns, at reload)" "game threads: 'stubborn'"
echo "figure: reload that stopped two game threads (one interrupted): $(grep -oE "reload: game code version [0-9]+ loaded \(replacing $version\) in [0-9.]+ ms" "$MISUSE_LOG" |
    tail -n 1 | grep -oE '[0-9.]+ ms') (stop bound 1000 ms; load $(cut -d' ' -f1 /proc/loadavg))"

misuse_quit "threads guarded" 20
check "threads guarded: the run exits 0 (exit $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
check "threads guarded: two crashes contained, none of them fatal" \
    grep -qE "engine: exiting cleanly after [0-9]+ frames \(.*2 crashes contained" "$MISUSE_LOG"
