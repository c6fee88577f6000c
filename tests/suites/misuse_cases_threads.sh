# Sourced by suite_misuse_games.sh: the game's own threads at reload, and a bounded quit
# (tests/fixtures/misuse_threads_game.cpp, one misuse per build).
#  - a thread the update started loops in game code, no gameCodeUnloading: the old image stays
#    loaded (a warning names the thread and where it is), the engine runs on, the next build loads;
#  - the same thread stopped and joined by gameCodeUnloading: no warning, the thread has stopped;
#  - a thread that leaves game code 3 s after the swap: the image is released at a later rescan;
#  - a thread started in DllMain: kept like the first;
#  - a thread calling the log and the file services while it runs: kept, it runs on, nothing hangs;
#  - a background task hung in game code, then the quit file: with the watchdog on (a 30 s limit,
#    which quitting drops to 2 s), the task is interrupted and logged as abandoned, exit 0 within
#    10 s; with it off, the process ends 5 s after the quit with the abandoned worker named and
#    exit code 4 (10 s allowed for Wine to take the process down).
# Figures: the thread scan's cost at reload, quit-to-exit times.

threads_fixture=tests/fixtures/misuse_threads_game.cpp
for number in 1 2 3 4 5 6; do
    misuse_build "threads_$number" "$threads_fixture" -DMISUSE=$number &
done
wait
printf '#define MISUSE 2\n#include "../tests/fixtures/misuse_threads_game.cpp"\n' >"$out/threads_unit.cpp"
check "MSVC-dialect compile of $threads_fixture" tests/tools/msvc_check.sh "$out/threads_unit.cpp"

# threads_version N: the code version misuse build N said it runs as (empty when it did not run).
threads_version() { grep -oE "misuse $1: running as code version [0-9]+" "$MISUSE_LOG" | tail -n 1 | awk '{print $NF}'; }

# threads_run_build N: installs misuse build N, waits until its thread (or task) started, and
# prints nothing; a timeout is a failure.
threads_run_build() {
    misuse_install "$out/threads_$1.dll"
    check "threads $1: the build runs" wait_for_regex "$MISUSE_LOG" "misuse $1: running as code version" 1 40
}

misuse_start threads_reload

#- 2: gameCodeUnloading stops and joins the thread: nothing is kept
threads_run_build 2
check "threads 2: its thread started" wait_for_log "$MISUSE_LOG" "misuse 2: started thread" 20
misuse_next_good_build_loads "threads 2"
version=$(threads_version 2)
check "threads 2: gameCodeUnloading was called on version $version and returned" \
    grep -qE "reload: gameCodeUnloading of game code version $version returned" "$MISUSE_LOG"
check "threads 2: the thread stopped" grep -qE "misuse 2: thread [0-9]+ stopped" "$MISUSE_LOG"
check "threads 2: no thread was found inside version $version" \
    bash -c "! grep -qE 'reload: thread [0-9]+ is still inside game code version $version ' '$MISUSE_LOG'"
misuse_outcome "threads 2 (gameCodeUnloading joins its thread)" "gameCodeUnloading of game code version $version"

#- 3: the thread leaves by itself: kept at the swap, released at a later rescan
threads_run_build 3
check "threads 3: its thread started" wait_for_log "$MISUSE_LOG" "misuse 3: started thread" 20
misuse_next_good_build_loads "threads 3"
version=$(threads_version 3)
check "threads 3: the thread inside version $version is named with where it is" \
    grep -qE "reload: thread [0-9]+ is still inside game code version $version \(.*game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+( [^ ]+ \([^)]*\))?\): the old code stays loaded until it leaves" "$MISUSE_LOG"
check "threads 3: version $version is released once the thread has left" wait_for_log "$MISUSE_LOG" \
    "reload: game code version $version released (no thread or pointer inside any more)" 30
misuse_outcome "threads 3 (a thread that leaves later)" "game code version $version released"

#- 1, 4, 5: threads that never stop (update, DllMain, one calling platform services): kept loaded
for number in 1 4 5; do
    what="threads $number"
    threads_run_build "$number"
    [ "$number" != 4 ] && check "$what: its thread started" wait_for_log "$MISUSE_LOG" "misuse $number: started thread" 20
    [ "$number" = 5 ] && check "$what: the thread calls the services" wait_for_log "$MISUSE_LOG" "misuse 5: thread" 20
    misuse_next_good_build_loads "$what"
    version=$(threads_version "$number")
    pattern="reload: thread [0-9]+ is still inside game code version $version \(.*game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+( [^ ]+ \([^)]*\))?\): the old code stays loaded until it leaves"
    check "$what: a warning names the thread inside version $version and where it is" grep -qE "$pattern" "$MISUSE_LOG"
    misuse_outcome "$what" "$pattern"
done
reads=$(count_of "$MISUSE_LOG" "misuse 5: thread")
sleep 3
check "threads 5: the kept thread still runs and calls the services after the swap" \
    test "$(count_of "$MISUSE_LOG" "misuse 5: thread")" -gt "$reads"
check "threads: the engine is alive 3 s after the last swap" engine_alive "$MISUSE_PID"
for number in 1 4 5; do
    check "threads $number: version $(threads_version "$number") was never released" \
        bash -c "! grep -q 'reload: game code version $(threads_version "$number") released' '$MISUSE_LOG'"
done
misuse_next_good_build_loads "threads (after the kept images)"
misuse_quit "threads" 20
check "threads: the run exits 0 with the threads still looping (exit $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
echo "figure: thread scan at reload: median $(grep -oE 'thread scan [0-9.]+ of it, [0-9]+ threads' "$MISUSE_LOG" |
    awk '{print $3}' | median) ms over $(grep -cE 'thread scan [0-9.]+ of it' "$MISUSE_LOG") reloads" \
    "($(grep -oE 'thread scan [0-9.]+ of it, [0-9]+ threads' "$MISUSE_LOG" | tail -n 1 | awk '{print $6}') threads looked at;" \
    "load $(cut -d' ' -f1 /proc/loadavg))"

#- 6: a background task hung in game code, then the quit file
# threads_quit_with_hung_task RUN SECONDS FLAGS...: the hung task's build, the quit file, an exit
# within SECONDS; sets quit_seconds.
threads_quit_with_hung_task() {
    local name=$1 seconds=$2 start
    shift 2
    misuse_start "$name" "$@"
    threads_run_build 6
    check "$name: the task hangs" wait_for_log "$MISUSE_LOG" "misuse 6: task hanging now" 20
    start=$(date +%s.%N)
    misuse_quit "$name" "$seconds"
    quit_seconds=$(awk -v start="$start" -v end="$(date +%s.%N)" 'BEGIN {printf "%.1f", end - start}')
}
threads_quit_with_hung_task quit_watchdog_on 10 --watchdog 30
check "quit (watchdog on): exit 0 (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 0
check "quit (watchdog on): the abandoned task is named" grep -qE \
    "quit: abandoned game code on thread [0-9]+ \(low priority worker [0-9]+\), running for [0-9.]+ s: stuck at .*game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+" "$MISUSE_LOG"
check "quit (watchdog on): the run logged its clean exit" grep -q "engine: exiting cleanly" "$MISUSE_LOG"
misuse_outcome "threads 6 (hung task, quit, watchdog on)" "quit: abandoned"
echo "figure: quit with a hung task, watchdog on: exited ${quit_seconds} s after the quit file"

threads_quit_with_hung_task quit_watchdog_off 10 --watchdog 0
check "quit (watchdog off): the bound ends the process with exit code 4 (got $LAST_EXIT_STATUS)" test "$LAST_EXIT_STATUS" -eq 4
check "quit (watchdog off): the log says the bound passed" grep -qE \
    "quit: the engine has not finished exiting [0-9.]+ s after the quit file \(the bound is 5 s\)" "$MISUSE_LOG"
check "quit (watchdog off): the abandoned worker is named with where it is" grep -qE \
    "quit:   abandoned: low priority worker [0-9]+ \(thread [0-9]+\) inside game code version [0-9]+ \(.*game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+( [^ ]+ \([^)]*\))?\)" "$MISUSE_LOG"
misuse_outcome "threads 6 (hung task, quit, watchdog off)" "quit:   abandoned"
echo "figure: quit with a hung task, watchdog off: exited ${quit_seconds} s after the quit file (bound 5 s)"
