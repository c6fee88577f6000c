# Sourced by suite_debugger.sh (not a suite): --replay-break under winedbg, on one toolchain's build.
# Needs suite_debugger's debugger_start / debugger_send / debugger_end / stepped_lines, test_lib.sh and
# $out. RUN_DIR holds that toolchain's win32_platform.exe and, as game.dll, its build of
# tests/fixtures/replay_break_game.cpp (a null write once the game's state has simulated
# REPLAY_BREAK_CRASH_FRAMES frames; PDB beside it for the MSVC-ABI build).
#   replay_break_record RUN_DIR LABEL       records until the crash; sets REPLAY_BREAK_CAPSULE (DOS path)
#   replay_break_no_debugger RUN_DIR LABEL  the log says how to attach, waits (bounded), goes on
#   replay_break_winedbg RUN_DIR LABEL      winedbg attached to the waiting replay stops there; then in
#                                           the game's update of that frame, locals, `next` to the fault
REPLAY_BREAK_CRASH_FRAMES=90
REPLAY_BREAK_FIXTURE=tests/fixtures/replay_break_game.cpp

replay_break_record() {
    local run=$1 label=$2 log
    log="$run/record.log"
    rm -rf "$run/caps"
    # NOTE: a few entities: the fixture's frames stay cheap at -Og and /Od; the crash comes from state.
    (cd "$run" && exec wine win32_platform.exe --frames $((REPLAY_BREAK_CRASH_FRAMES + 5)) --fixed-dt 0.0166667 \
        --unthrottled --entities 256 --size 160x120 --capsule-dir "$(msvc_standin_dos_path "$run")\\caps" \
        --log "$log") >/dev/null 2>&1
    REPLAY_BREAK_CAPSULE=$(grep -m 1 -oE "capsule: saved '[^']+_crash_f$REPLAY_BREAK_CRASH_FRAMES\.capsule'" "$log" |
        sed -E "s/^capsule: saved '(.*)'$/\1/")
    check "$label: the replay-break fixture's crash at frame $REPLAY_BREAK_CRASH_FRAMES leaves a capsule (${REPLAY_BREAK_CAPSULE:-none})" \
        test -n "$REPLAY_BREAK_CAPSULE"
}

replay_break_no_debugger() {
    local run=$1 label=$2 log status waited
    log="$run/no_debugger.log"
    (cd "$run" && exec wine win32_platform.exe --replay "$REPLAY_BREAK_CAPSULE" --replay-break --replay-break-wait 2 \
        --unthrottled --size 160x120 --log "$log") >/dev/null 2>&1
    status=$?
    check "$label: without a debugger the log says how to attach: $(grep -m 1 -oE "replay: waiting up to .*" "$log" | tr -d '\r')" \
        grep -qE "replay: waiting up to 2 s for a debugger before the update of frame $REPLAY_BREAK_CRASH_FRAMES: attach to process [0-9]+ \(winedbg: 'winedbg [0-9]+'" "$log"
    # The wait, from the log's own clock: the waiting line to the giving-up line.
    waited=$(tr -d '\r' <"$log" | awk -F'[][ ]+' '/replay: waiting up to/ {start=$2} /replay: no debugger attached within/ {print $2 - start}')
    check "$label: ... waits, bounded (${waited:-?} s for --replay-break-wait 2), then goes on without a break" \
        awk -v w="${waited:-0}" 'BEGIN {exit !(w >= 1.9 && w < 4)}'
    check "$label: ... and the replay still reproduces the recorded fault (exit $status, 20 expected)" test "$status" -eq 20
}

# replay_break_attach RUN_DIR ATTEMPT: a replay waiting for a debugger, and winedbg attached to the
# process its log names. 0 when winedbg printed its banner. NOTE: now and then winedbg attaches and
# prints nothing at all (see suite_debugger's attach_after_failed_builds): that attempt's winedbg and
# replay end (this shell's own children) and the next attempt starts both anew.
replay_break_attach() {
    local run=$1 attempt=$2 pid
    REPLAY_BREAK_LOG="$run/winedbg_replay_$attempt.log"
    REPLAY_BREAK_SESSION="$out/$(basename "$run")_replay_break_session_$attempt.txt"
    (cd "$run" && exec wine win32_platform.exe --replay "$REPLAY_BREAK_CAPSULE" --replay-break --unthrottled \
        --size 160x120 --log "$REPLAY_BREAK_LOG") >/dev/null 2>&1 &
    REPLAY_BREAK_PID=$!
    wait_for_log "$REPLAY_BREAK_LOG" "replay: waiting up to" 60
    pid=$(grep -m 1 -oE "attach to process [0-9]+" "$REPLAY_BREAK_LOG" | grep -oE '[0-9]+$')
    if [ -n "$pid" ]; then
        debugger_start "$REPLAY_BREAK_SESSION" "$pid"
        wait_for_count "$REPLAY_BREAK_SESSION" "WineDbg starting on pid" 1 20 && return 0
        echo "   note: winedbg printed nothing 20 s after attaching to pid $pid (attempt $attempt); a new replay and attach"
        exec 7>&-
        kill "$DEBUGGER_PID" 2>/dev/null
        wait "$DEBUGGER_PID" 2>/dev/null
    fi
    kill "$REPLAY_BREAK_PID" 2>/dev/null
    wait "$REPLAY_BREAK_PID" 2>/dev/null
    return 1
}

# debugger_ask COMMAND: sends one command and waits (bounded) for winedbg's next prompt.
debugger_ask() {
    local prompts
    prompts=$(count_of "$REPLAY_BREAK_SESSION" "Wine-dbg>")
    debugger_send "$1"
    wait_for_count "$REPLAY_BREAK_SESSION" "Wine-dbg>" $((prompts + 1)) 30
}

# debugger_cont_until SESSION REGEX: `cont` until SESSION shows REGEX (at most three times).
debugger_cont_until() {
    local tries
    for tries in 1 2 3; do
        count_of_regex "$1" "$2" | grep -qx 0 || return 0
        debugger_ask "cont"
    done
    count_of_regex "$1" "$2" | grep -qvx 0
}

replay_break_winedbg() {
    local run=$1 label=$2 attached=0 attempt call_line fault_line entry_line steps session step reached
    for attempt in 1 2 3; do
        if replay_break_attach "$run" "$attempt"; then attached=1; break; fi
    done
    if [ "$attached" -ne 1 ]; then
        fail "$label: winedbg attached to the waiting replay printed nothing in 3 attempts, each with a new replay"
        return
    fi
    session=$REPLAY_BREAK_SESSION
    call_line=$(grep -n 'call->game->gameUpdateAndRender(' code/win32/win32_frame_loop.cpp | head -n 1 | cut -d: -f1)
    fault_line=$(grep -n '\*nowhere = 42;' "$REPLAY_BREAK_FIXTURE" | cut -d: -f1)
    wait_for_count "$session" "Wine-dbg>" 1 30
    # NOTE: two stops come in either order: winedbg's own attach break (in ntdll) and the replay's
    # break (the replay sees the debugger as soon as it is attached, maybe before winedbg has stopped
    # the process for the attach). So `cont` until the awaited stop, at most three times.
    debugger_cont_until "$session" "Win32CallGameUpdate \(\) at .*win32_frame_loop\.cpp:$call_line"
    check "$label: attached, the replay breaks on the platform's call into the update (win32_frame_loop.cpp:$call_line)" \
        wait_for_regex "$session" "Win32CallGameUpdate \(\) at .*win32_frame_loop\.cpp:$call_line" 1 1
    check "$label: ... in frame $REPLAY_BREAK_CRASH_FRAMES (the log says so)" \
        grep -qF "replay: breaking just before the game's update of frame $REPLAY_BREAK_CRASH_FRAMES" "$REPLAY_BREAK_LOG"
    # What the log tells the programmer to do: break on the update and go on (see win32_replay.h).
    debugger_ask "break gameUpdateAndRender"
    debugger_cont_until "$session" "Stopped on breakpoint 1 at"
    check "$label: break gameUpdateAndRender + cont: the stop lands in the game's update" \
        wait_for_regex "$session" "Stopped on breakpoint 1 at 0x[0-9a-f]+ gameUpdateAndRender \[.*replay_break_game\.cpp:[0-9]+\] in game_loaded_" 1 1
    entry_line=$(grep -m 1 -oE "Stopped on breakpoint 1 at .*replay_break_game\.cpp:[0-9]+" "$session" | grep -oE '[0-9]+$')
    debugger_ask "bt"
    check "$label: bt: gameUpdateAndRender at replay_break_game.cpp, called by Win32CallGameUpdate" \
        bash -c "grep -qE '=>0 0x[0-9a-f]+ gameUpdateAndRender\(memory=.*replay_break_game\.cpp:[0-9]+\]' '$session' &&
                 grep -qE '^ +1 0x[0-9a-f]+ Win32CallGameUpdate.*win32_frame_loop\.cpp:[0-9]+\]' '$session'"
    reached=0
    # NOTE: winedbg's own attach break can still arrive here (DbgUiRemoteBreakin on a thread of its
    # own, seen on the MSVC-ABI build): it takes a `next` or two, so there are spare ones.
    for step in 1 2 3 4 5 6 7 8 9 10; do
        debugger_ask "next"
        stepped_lines "$session" | grep -qx "$fault_line" && { reached=1; break; }
    done
    steps=$(stepped_lines "$session" | tr '\n' ' ')
    check "$label: next steps from the update's entry (line ${entry_line:-?}) to the faulting line $fault_line (lines: $steps)" \
        test "$reached" -eq 1
    debugger_ask "info locals"
    debugger_ask "print state->framesSimulated"
    check "$label: info locals reads the local 'state' (game memory's fixed base)" \
        grep -qE "struct game_state\* state=0*20000000000 " "$session"
    check "$label: print state->framesSimulated reads $REPLAY_BREAK_CRASH_FRAMES: the faulting frame's update" \
        grep -qE "Wine-dbg>0x0*$(printf '%x' "$REPLAY_BREAK_CRASH_FRAMES")\b" "$session"
    debugger_end kill
    { wait_for_exit "$REPLAY_BREAK_PID" 30 || kill "$REPLAY_BREAK_PID"; } 2>/dev/null
    wait "$REPLAY_BREAK_PID" 2>/dev/null
}
