# Sourced by suite_misuse_games.sh: misused platform services and job graphs
# (tests/fixtures/misuse_services_game.cpp, one misuse per MISUSE=N build). One engine run meets
# every build in turn: each misuse build is installed, the engine must answer it with its log line
# (naming the service and the game's call site where a call was refused) and keep running, and the
# good build must load after it. A wait that times out is a failure.

services_fixture=tests/fixtures/misuse_services_game.cpp
for number in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
    misuse_build "services$number" "$services_fixture" -DMISUSE=$number -fno-optimize-sibling-calls
done

# NOTE: a data folder of the run's own (one level above the exe: the engine looks there second), so
# the relative file the round-trip case writes lands in the test's output, not in the repository.
rm -rf "$out/data"
cp -r "$work/data" "$out/data"
call_site='called from game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+'

# services_case N WHAT REGEX [SECONDS]: installs build N, waits for it to run and for REGEX in the
# log, prints the outcome; the next good build must then load.
services_case() {
    local number=$1 what=$2 regex=$3 seconds=${4:-40} before
    before=$(count_of_regex "$MISUSE_LOG" "$regex")
    misuse_install "$out/services$number.dll"
    check "$what: the build runs" wait_for_regex "$MISUSE_LOG" "misuse $number: running" 1 40
    check "$what: the engine answers" wait_for_regex "$MISUSE_LOG" "$regex" $((before + 1)) "$seconds"
    misuse_outcome "$what" "$regex"
    check "$what: the engine is alive" engine_alive "$MISUSE_PID"
    misuse_next_good_build_loads "$what"
}

misuse_start services --watchdog 2

services_case 2 "a graph job waiting for its own graph" \
    "platform: WaitForJobGraph refused: the waiting thread runs a job of graph 'own'.*$call_site"
check "a graph job waiting for its own graph: the graph still finishes" \
    wait_for_regex "$MISUSE_LOG" "misuse 2: the graph finished" 1 20

services_case 12 "ParallelFor batches of a graph job waiting for that graph" \
    "platform: WaitForJobGraph refused: the waiting thread runs a job of graph 'batched' \(or a ParallelFor batch of one\).*$call_site"
check "ParallelFor batches waiting for their graph: every wait returned" \
    wait_for_regex "$MISUSE_LOG" "misuse 12: the graph finished, 16 batch waits returned" 1 20

services_case 3 "a stall: a job waits for a task that waits for the job's graph" \
    "watchdog: stall: .*waits in CancelTaskAndWait for task .*$call_site.*recovering as from a hang" 60
check "a stall: both waits named" grep -qE "watchdog: stall: .*WaitForJobGraph for graph 'stalled'" "$MISUSE_LOG"
check "a stall: the frame rolled back" grep -qE "crash: hang .*game memory restored" "$MISUSE_LOG"

services_case 4 "DEBUGFreeFileMemory(permanentStorage)" \
    "platform: DEBUGFreeFileMemory refused: .* is not memory DEBUGReadEntireFile returned: it lies in game memory.*$call_site"

services_case 5 "a garbage sound samples pointer" \
    "sound: the buffer gameGetSoundSamples \(game code version [0-9]+\) returned is refused: its samples lie neither"

services_case 6 "a null queue, callback and task name" \
    "platform: AddNamedTask refused: the export name \(0+\) is null.*$call_site"
check "a null queue: refused, named" grep -qE "platform: AddWorkQueueEntry refused: the queue is null \($call_site" "$MISUSE_LOG"
check "a null callback: refused, named" grep -qE "platform: AddWorkQueueEntry refused: the callback is null \($call_site" "$MISUSE_LOG"

services_case 7 "a foreign job id" \
    "job graph 'little' refused: AddJobDependency was given job id 9, which is not a job of this graph"
check "a foreign job id: not called an overflow" sh -c "! grep -q \"job graph 'little' refused: .*did not fit\" \"$MISUSE_LOG\""

services_case 9 "a relative path written, then read back" "misuse 9: written yes, read back the same bytes"
check "a relative path written: it landed in the data folder" test -f "$out/data/misuse_roundtrip.txt"

services_case 10 "a path that is not valid UTF-8" \
    "platform: DEBUGReadEntireFile refused: the file name 'misuse_\\\\xFF\\\\xFE_bad\.txt' is not valid UTF-8 \($call_site"
# log_has_no_raw_ff FILE: no byte 0xFF in FILE (the misused name's first bad byte).
log_has_no_raw_ff() { ! LC_ALL=C grep -q $'\xff' "$1"; }
check "a path that is not valid UTF-8: no raw byte in the log" log_has_no_raw_ff "$MISUSE_LOG"

services_case 11 "a call through a null pointer" \
    "crash: access violation at address 0x0 \(a call through a null pointer\) from game_loaded_[0-9_]+\.dll\+0x[0-9a-f]+"

# The self-re-adding task only meets its refusal at the next reload: the good build must still load.
misuse_install "$out/services8.dll"
check "a task that re-adds itself forever: the build runs" wait_for_regex "$MISUSE_LOG" "misuse 8: running" 1 40
sleep 1
misuse_next_good_build_loads "a task that re-adds itself forever"
check "a task that re-adds itself forever: refused while the queues drain" \
    grep -qE "platform: AddTask refused: the work queues are being drained.*$call_site" "$MISUSE_LOG"
misuse_outcome "a task that re-adds itself forever" "platform: AddTask refused: the work queues are being drained"

# A queue entry that re-adds itself keeps the drain before the next reload busy: after 2 s of it the
# platform refuses its entries, the drain ends and the good build loads.
misuse_install "$out/services13.dll"
check "a queue entry that re-adds itself forever: the build runs" wait_for_regex "$MISUSE_LOG" "misuse 13: running" 1 40
sleep 1
misuse_next_good_build_loads "a queue entry that re-adds itself forever"
check "a queue entry that re-adds itself forever: refused after 2 s of draining, named" \
    grep -qE "platform: AddWorkQueueEntry refused: queue entries kept adding entries for more than 2 s while the platform drained.*($call_site|reached by a tail call)" "$MISUSE_LOG"
misuse_outcome "a queue entry that re-adds itself forever" "platform: AddWorkQueueEntry refused: queue entries kept adding"

services_case 1 "two threads submitting one graph at once" "misuse 1: 60 rounds done" 90
check "two threads submitting one graph at once: never run twice" \
    sh -c "! grep -q 'misuse 1: .* submissions accepted' \"$MISUSE_LOG\""
check "two threads submitting one graph at once: the second refused, logged" \
    grep -qE "job graph 'raced' refused: (submitted by two threads at the same time|submitted again while still running)" "$MISUSE_LOG"
misuse_outcome "two threads submitting one graph at once" "job graph 'raced' refused"

misuse_quit "services" 30
rm -rf "$out/data"
