# Shared helpers for tests/suites/suite_*.sh (sourced; not a suite itself): counting checks, running counted test exes, waiting on logs.
# Every failure prints one "FAIL ..." line; `summary` prints "N passed, M failed" and sets the exit code.
suite_passed=0
suite_failed=0
LAST_EXIT_STATUS=0

pass() { suite_passed=$((suite_passed + 1)); }
fail() { echo "FAIL $*"; suite_failed=$((suite_failed + 1)); }

# check "description" command args...: one check, passes when the command succeeds.
check() {
    local description=$1
    shift
    if "$@" >/dev/null 2>&1; then pass; else fail "$description"; fi
}

# run_counted "name" command args...: runs a test exe that ends with "N passed, M failed" and
# adds its counts; its FAIL lines are repeated with the name in front.
run_counted() {
    local name=$1
    shift
    local output status summary
    output=$("$@" 2>&1)
    status=$?
    echo "$output" | grep '^FAIL' | sed "s/^FAIL /FAIL [$name] /"
    summary=$(echo "$output" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    if [ -z "$summary" ]; then
        fail "$name ended without a summary (exit $status)"
        echo "$output" | tail -n 5 | sed 's/^/    /'
        return
    fi
    suite_passed=$((suite_passed + $(echo "$summary" | awk '{print $1}')))
    suite_failed=$((suite_failed + $(echo "$summary" | awk '{print $3}')))
    if [ "$status" -ne 0 ] && [ "$(echo "$summary" | awk '{print $3}')" -eq 0 ]; then
        fail "$name exited $status with no failed check"
    fi
}

# wait_for_log FILE PATTERN SECONDS: true once FILE contains PATTERN (fixed string).
wait_for_log() {
    local file=$1 pattern=$2 seconds=$3
    local deadline=$(( $(date +%s) + seconds ))
    while [ "$(date +%s)" -le "$deadline" ]; do
        grep -qF -- "$pattern" "$file" 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}

# build_game_dll NAME SOURCE DEFINES...: a development game.dll variant built with MinGW into
# $out/NAME.dll (compiler output in $out/NAME.build.txt); the exit status says whether it built.
# SOURCE is a game's unity entry one folder below a code root (CODE_ROOT/demo/game_main.cpp): that
# root is searched first, so an edited copy of code/ builds from its own files, not the repo's.
build_game_dll() {
    local name=$1 source=$2
    shift 2
    build_fixture_dll "$name" "$source" "$(dirname "$(dirname "$source")")" "$@"
}

# build_fixture_dll NAME FIXTURE CODE_ROOT DEFINES...: the same for a fixture build
# (tests/fixtures/*.cpp, which includes "demo/game_main.cpp"): CODE_ROOT is searched first, so the
# fixture wraps that copy of the demo.
build_fixture_dll() {
    local name=$1 source=$2 code_root=$3
    shift 3
    $MINGW_CXX "-I$code_root" $MINGW_FLAGS -DENGINE_DEVELOPMENT=1 "$@" -shared "$source" -o "$out/$name.dll" >"$out/$name.build.txt" 2>&1
}

# copy_code_tree DEST: DEST becomes a copy of the engine's code/ tree (a code root for
# build_game_dll DEST/demo/game_main.cpp), from $work/code when a suite made a work copy.
copy_code_tree() {
    rm -rf "$1"
    mkdir -p "$(dirname "$1")"
    cp -r "${work:-$ENGINE_ROOT}/code" "$1"
}

# install_game_dll RUN_DIR DLL: atomically replaces the game.dll the engine in RUN_DIR watches.
install_game_dll() { cp "$2" "$1/incoming.tmp" && mv -f "$1/incoming.tmp" "$1/game.dll"; }
# count_of FILE STRING / count_of_regex FILE REGEX: lines of FILE holding it (0 when none).
count_of() { grep -cF -- "$2" "$1" 2>/dev/null; }
count_of_regex() { grep -cE -- "$2" "$1" 2>/dev/null; }
# wait_for_count FILE STRING N SECONDS / wait_for_regex FILE REGEX N SECONDS: true once at least N
# lines of FILE hold it.
wait_for_count() { wait_for_lines count_of "$@"; }
wait_for_regex() { wait_for_lines count_of_regex "$@"; }
wait_for_lines() {
    local counter=$1 file=$2 pattern=$3 lines=$4
    local deadline=$(( $(date +%s) + $5 ))
    while [ "$(date +%s)" -le "$deadline" ]; do
        [ "$("$counter" "$file" "$pattern")" -ge "$lines" ] && return 0
        sleep 0.1
    done
    return 1
}

# wait_for_exit PID SECONDS: sets LAST_EXIT_STATUS (124 and kills the process on timeout).
wait_for_exit() {
    local pid=$1 seconds=$2
    local deadline=$(( $(date +%s) + seconds ))
    while kill -0 "$pid" 2>/dev/null; do
        if [ "$(date +%s)" -gt "$deadline" ]; then
            kill -9 "$pid" 2>/dev/null
            wait "$pid" 2>/dev/null
            LAST_EXIT_STATUS=124
            return 1
        fi
        sleep 0.1
    done
    wait "$pid"
    LAST_EXIT_STATUS=$?
    return 0
}

# engine_alive PID: the process exists and is not a zombie. NOTE: misc/toolchain.sh disables
# winedbg, so a crashed Wine process really exits instead of lingering under the debugger.
engine_alive() {
    kill -0 "$1" 2>/dev/null && [ "$(sed -E 's/.*\) ([A-Z]).*/\1/' "/proc/$1/stat" 2>/dev/null)" != Z ]
}

summary() {
    echo "$suite_passed passed, $suite_failed failed"
    [ "$suite_failed" -eq 0 ]
    exit $?
}
