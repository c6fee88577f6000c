#!/usr/bin/env bash
# The suites' own helpers (tests/suites/test_lib.sh) that decide whether a check passes or how long
# a failing suite runs, tried on stand-in "engines" (short shell commands writing a log):
#  - a wait for a log line ends as soon as the engine start_engine_logged recorded as the log's
#    writer has ended without writing it, not at its bound, with a note in the suite's log (even
#    from inside a check); a line written just before the end is still found; forget_log_writer
#    brings the full bound back (a hot restart's first process dying on purpose); waits on other
#    files are untouched;
#  - process_start_time tells a process from a later one with the same PID;
#  - start_engine_logged starts once more a command that ended before opening its log, and
#    run_engine_logged runs such a command once more; run_once_more_if_silent reruns a command
#    that failed printing nothing.
# No build, no Wine: it runs in seconds.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out=build/test_helpers
rm -rf "$out"
mkdir -p "$out"
# NOTE: the bounds below are the suite's own, not scaled: a wait that ends early must end well
# before them on any machine.
wait_scale=1

# seconds_of COMMAND...: runs COMMAND; REPLY is its status, ELAPSED its whole seconds.
seconds_of() {
    local start=$SECONDS
    "$@"
    REPLY=$?
    ELAPSED=$((SECONDS - start))
}

#- A wait on a log whose engine has ended ends then
log="$out/ended.log"
start_engine_logged "$log" bash -c "echo 'engine: starting' >'$log'; sleep 1; echo 'engine: last words' >>'$log'"
# NOTE: the wait runs inside `check`, as in the suites, which sends its output to /dev/null: the note
# must still reach the suite's log, through the copy of stderr test_lib.sh keeps (here a file).
fails() { ! "$@"; }
suite_stderr_fd=$suite_notes_fd
exec {suite_notes_fd}>"$out/ended.note"
started=$SECONDS
check "a wait for a line the ended engine never wrote fails" fails wait_for_log "$log" "a line it never writes" 40
ELAPSED=$((SECONDS - started))
exec {suite_notes_fd}>&-
suite_notes_fd=$suite_stderr_fd
check "... within seconds of its end, not at its 40 s bound (${ELAPSED} s)" test "$ELAPSED" -le 10
check "... saying so in the suite's log, from inside a check" \
    grep -q "ended.log: its engine (pid $ENGINE_PID) ended without writing 'a line it never writes'" "$out/ended.note"
seconds_of wait_for_log "$log" "engine: last words" 40
check "a line written just before the end is still found (status $REPLY)" test "$REPLY" -eq 0
seconds_of wait_for_count "$log" "engine:" 3 40 2>/dev/null
check "wait_for_count for more lines than the ended engine wrote fails within seconds (${ELAPSED} s)" \
    test "$REPLY" -ne 0 -a "$ELAPSED" -le 10
seconds_of wait_for_regex "$log.wine.txt" "never printed" 1 40 2>/dev/null
check "a wait on its LOG.wine.txt ends with it too (${ELAPSED} s)" test "$REPLY" -ne 0 -a "$ELAPSED" -le 10
wait "$ENGINE_PID" 2>/dev/null

#- forget_log_writer: the wait runs to its bound again
forget_log_writer "$log"
seconds_of wait_for_log "$log" "a line it never writes" 3
check "after forget_log_writer a wait on the same log waits out its bound (${ELAPSED} s of 3)" \
    test "$REPLY" -ne 0 -a "$ELAPSED" -ge 3

#- A live engine is waited for: a line that comes late is found
log="$out/late.log"
start_engine_logged "$log" bash -c "echo 'engine: starting' >'$log'; sleep 3; echo 'engine: late line' >>'$log'; sleep 1"
seconds_of wait_for_log "$log" "engine: late line" 40
check "a line the live engine writes 3 s later is found (status $REPLY, ${ELAPSED} s)" test "$REPLY" -eq 0
wait "$ENGINE_PID" 2>/dev/null

#- A file with no recorded writer waits out its bound
echo "something" >"$out/other.txt"
seconds_of wait_for_log "$out/other.txt" "a line nobody writes" 2
check "a wait on a file start_engine_logged did not start waits out its bound (${ELAPSED} s of 2)" \
    test "$REPLY" -ne 0 -a "$ELAPSED" -ge 2

#- process_start_time names one process
sleep 30 &
sleeper=$!
first=$(process_start_time "$sleeper")
check "process_start_time gives a live process's start time and state ('$first')" \
    bash -c "[[ '$first' =~ ^[0-9]+\ [A-Z]$ ]]"
check "... and the shell's own differs from it" test "$(process_start_time $$)" != "$first"
kill "$sleeper"
wait "$sleeper" 2>/dev/null
check "... and nothing once the process is gone" test -z "$(process_start_time "$sleeper")"
log="$out/reused.log"
start_engine_logged "$log" bash -c "echo 'engine: starting' >'$log'; sleep 20"
# A PID named by the record but now another process's (PIDs wrap within minutes): the start time
# no longer matches, so the writer counts as ended.
recorded=${LOG_WRITERS[$log]:-}
check "start_engine_logged records its engine as the log's writer ('$recorded': PID and start time)" \
    test "${recorded%% *}" = "$ENGINE_PID" -a -n "${recorded#* }"
LOG_WRITERS[$log]="$ENGINE_PID 1"
seconds_of wait_for_log "$log" "a line it never writes" 40 2>/dev/null
check "a recorded PID whose start time no longer matches counts as ended (${ELAPSED} s)" \
    test "$REPLY" -ne 0 -a "$ELAPSED" -le 10
kill "$ENGINE_PID" 2>/dev/null
wait "$ENGINE_PID" 2>/dev/null

#- Starts that die before the log are tried once more
log="$out/retry.log"
marker="$out/retry.first"
start_engine_logged "$log" bash -c "[ -e '$marker' ] || { touch '$marker'; echo 'wine: died' >&2; exit 5; }; echo 'engine: starting' >'$log'" \
    2>"$out/retry.note"
check "start_engine_logged starts once more a command that ended before opening its log (status $?)" test -e "$log"
check "... with a note quoting what it printed" grep -q "ended (exit 5) before opening its log.*wine: died" "$out/retry.note"
wait "$ENGINE_PID" 2>/dev/null
log="$out/never.log"
start_engine_logged "$log" bash -c "exit 6" 2>/dev/null
check "... and returns 1 when the second start dies too (status $?)" test ! -e "$log"
log="$out/foreground.log"
marker="$out/foreground.first"
run_engine_logged "$log" bash -c "[ -e '$marker' ] || { touch '$marker'; exit 7; }; echo 'engine: starting' >'$log'" 2>/dev/null
check "run_engine_logged runs once more a run that failed before opening its log (status $?)" test -e "$log"
marker="$out/silent.first"
output=$(run_once_more_if_silent "a silent command" bash -c "[ -e '$marker' ] || { touch '$marker'; exit 3; }; echo second" 2>/dev/null)
check "run_once_more_if_silent reruns a command that failed printing nothing ('$output')" test "$output" = second

summary
