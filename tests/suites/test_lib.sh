# Shared helpers for tests/suites/suite_*.sh (sourced; not a suite itself): counting checks, the unit
# tests of tests/unit/unit_tests.txt, work copies of the engine, game.dll builds, waiting on logs.
# Every failure prints one "FAIL ..." line; `summary` prints "N passed, M failed" and sets the exit code.
suite_passed=0
suite_failed=0
LAST_EXIT_STATUS=0

# NOTE: a failure in a subshell (a background job such as `build_variant ... &`, a pipeline, a
# $(...)) cannot raise the suite's counter: it is written to this file too, which summary adds.
SUITE_SUBSHELL_FAILURES=$(mktemp)
pass() { suite_passed=$((suite_passed + 1)); }
fail() {
    echo "FAIL $*"
    if [ "$BASH_SUBSHELL" -gt 0 ]; then
        echo "$*" >>"$SUITE_SUBSHELL_FAILURES"
    else
        suite_failed=$((suite_failed + 1))
    fi
}

# check "description" command args...: one check, passes when the command succeeds.
check() {
    local description=$1
    shift
    if "$@" >/dev/null 2>&1; then pass; else fail "$description"; fi
}

# build_checked NAME COMMAND...: a build as one check; its output goes to $out/NAME.build.txt, and
# on failure the first compiler errors are shown.
build_checked() {
    local name=$1
    shift
    if "$@" >"$out/$name.build.txt" 2>&1; then pass; return 0; fi
    fail "build of $name"
    head -n 8 "$out/$name.build.txt" | sed 's/^/    /'
    return 1
}

# run_counted "name" command args...: runs a test program that ends with "N passed, M failed" and
# adds its counts (count_test_output). Its output goes through a file, not a pipe: a Wine helper
# process that outlives the program would hold a pipe open and hang the suite.
run_counted() {
    local name=$1
    shift
    local file status
    file=$(mktemp)
    "$@" >"$file" 2>&1 </dev/null
    status=$?
    count_test_output "$name" "$status" "$file"
    rm -f "$file"
}

# count_test_output NAME STATUS FILE: adds the counts of the closing "N passed, M failed" line in
# FILE and repeats its FAIL lines with NAME in front. No closing line, a non-zero exit with no
# failure counted, or a ThreadSanitizer report is one more failure.
count_test_output() {
    local name=$1 status=$2 file=$3
    local summary reports passed_here failed_here
    tr -d '\r' <"$file" | grep '^FAIL' | sed "s/^FAIL /FAIL [$name] /"
    reports=$(grep -c 'WARNING: ThreadSanitizer' "$file")
    if [ "$reports" -ne 0 ]; then
        fail "[$name] $reports ThreadSanitizer report(s):"
        grep -A12 -m1 'WARNING: ThreadSanitizer' "$file" | sed 's/^/    /'
    fi
    summary=$(tr -d '\r' <"$file" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    if [ -z "$summary" ]; then
        fail "$name ended without a summary (exit $status$([ "$status" -eq 124 ] && echo ', timed out'))"
        tr -d '\r' <"$file" | tail -n 8 | sed 's/^/    /'
        return
    fi
    passed_here=$(echo "$summary" | awk '{print $1}')
    failed_here=$(echo "$summary" | awk '{print $3}')
    suite_passed=$((suite_passed + passed_here))
    suite_failed=$((suite_failed + failed_here))
    if [ "$status" -ne 0 ] && [ "$failed_here" -eq 0 ]; then
        fail "$name exited $status with no failed check"
    fi
}

#~ Unit tests: tests/unit/unit_tests.txt, the list build.bat reads too (its header says the columns)
UNIT_TEST_LIST="$ENGINE_ROOT/tests/unit/unit_tests.txt"
# A suite's own arguments for a test instead of the list's (split at spaces): UNIT_TEST_ARGS[NAME],
# or UNIT_TEST_ARGS[NAME:PLATFORM] for one platform. UNIT_TEST_SCALE[PLATFORM]=N: the list's
# {scale} becomes "-s N" there. UNIT_TEST_TIMEOUT: seconds per run (300).
declare -A UNIT_TEST_ARGS=() UNIT_TEST_SCALE=()

# unit_tests_for TAG: the tests whose suite is TAG or that run on platform TAG, in the list's order.
unit_tests_for() {
    tr -d '\r' <"$UNIT_TEST_LIST" | awk -v tag="$1" '
        /^[ \t]*(#|$)/ { next }
        { hit = ($2 == tag); count = split($3, platforms, ","); for (i = 1; i <= count; ++i) if (platforms[i] == tag) hit = 1 }
        hit { print $1 }'
}

# unit_test_column NAME COLUMN: NAME's platforms, sources, libs or args, as words ("-" gives none).
unit_test_column() {
    tr -d '\r' <"$UNIT_TEST_LIST" | awk -v name="$1" -v column="$2" '
        /^[ \t]*#/ || $1 != name { next }
        column == "args" { value = $6; for (i = 7; i <= NF; ++i) value = value " " $i }
        column == "platforms" { value = $3 } column == "sources" { value = $4 } column == "libs" { value = $5 }
        { if (value != "-") { gsub(",", " ", value); print value }; exit }'
}

# unit_test_exe NAME PLATFORM: where compile_unit_test puts it ($out/unit/PLATFORM/NAME[.exe]).
unit_test_exe() {
    local suffix=""
    [ "$2" = mingw ] && suffix=.exe
    echo "$out/unit/$2/$1$suffix"
}

# compile_unit_test NAME PLATFORM: tests/unit/NAME.cpp and its listed sources (and, for mingw, its
# libraries) compiled for PLATFORM (native, asan, tsan: g++ here; mingw: a Windows exe), or for
# windows its MSVC-dialect check (build.bat test builds it on Windows). Counts nothing: the
# compiler's output goes to EXE.build.txt and its exit status to EXE.build.status.
compile_unit_test() {
    local name=$1 platform=$2
    local exe compiler flags libraries=() library
    exe=$(unit_test_exe "$name" "$platform")
    mkdir -p "$(dirname "$exe")"
    # NOTE: the Linux builds of a test at -O1 with line tables only (-g1: a sanitizer's report and
    # gdb still name file and line): a test's compile is most of its cost. Measured on test_trace and
    # test_history (user seconds, 2-core machine at rest): native -O2 -g 3.3-3.7 -> 1.7-1.8; asan
    # 8.6-9.3 -> 3.9-4.4; their runs take no longer that matters. MinGW builds keep the engine's own
    # flags: they are the Windows binaries.
    local linux_flags="${NATIVE_FLAGS/-g -O2/-g1 -O1}"
    # NOTE: a test with no listed sources is one translation unit, compiled with -fwhole-program: its
    # functions become the unit's own, so GCC compiles only what main reaches. Most tests include a
    # whole layer (platform/platform.cpp: some 130 external functions) to test a few of them, and
    # every compile was paying for all. User seconds at rest: test_trace MinGW -O2 4.0 -> 0.5,
    # test_capsule_format 5.6 -> 2.0, its asan build 9.7 -> 4.3; what the test runs is the same code.
    local whole_program=""
    [ -z "$(unit_test_column "$name" sources)" ] && whole_program=-fwhole-program
    case $platform in
        native) compiler=$NATIVE_CXX; flags=$linux_flags ;;
        asan)   compiler=$NATIVE_CXX; flags="$linux_flags -fsanitize=address,undefined -fno-sanitize-recover=all" ;;
        tsan)   compiler=$NATIVE_CXX; flags="$linux_flags -fsanitize=thread" ;;
        mingw)  compiler=$MINGW_CXX; flags=$MINGW_FLAGS
                for library in $(unit_test_column "$name" libs); do libraries+=("-l$library"); done ;;
    esac
    if [ "$platform" = windows ]; then
        tests/tools/msvc_check.sh "tests/unit/$name.cpp" >"$exe.build.txt" 2>&1
    else
        # shellcheck disable=SC2046 # the listed sources are words without spaces
        $compiler $flags $whole_program -Itests/unit "tests/unit/$name.cpp" $(unit_test_column "$name" sources) -o "$exe" \
            "${libraries[@]}" >"$exe.build.txt" 2>&1
    fi
    echo $? >"$exe.build.status"
}

# count_unit_test_build NAME PLATFORM: one check: what compile_unit_test made of it succeeded.
count_unit_test_build() {
    local name=$1 platform=$2 exe
    exe=$(unit_test_exe "$name" "$platform")
    if [ "$(cat "$exe.build.status" 2>/dev/null)" = 0 ]; then
        pass
        return 0
    fi
    if [ "$platform" = windows ]; then
        fail "MSVC-dialect compile of tests/unit/$name.cpp"
        return 1
    fi
    fail "build of $name ($platform)"
    head -n 10 "$exe.build.txt" | sed 's/^/    /'
    return 1
}

# unit_test_arguments NAME PLATFORM: what run_unit_test passes (see UNIT_TEST_ARGS, UNIT_TEST_SCALE).
unit_test_arguments() {
    local name=$1 platform=$2 arguments scale=""
    if [ -n "${UNIT_TEST_ARGS[$name:$platform]+set}" ]; then
        arguments=${UNIT_TEST_ARGS[$name:$platform]}
    elif [ -n "${UNIT_TEST_ARGS[$name]+set}" ]; then
        arguments=${UNIT_TEST_ARGS[$name]}
    else
        arguments=$(unit_test_column "$name" args)
    fi
    [ -n "${UNIT_TEST_SCALE[$platform]:-}" ] && scale="-s ${UNIT_TEST_SCALE[$platform]}"
    echo "${arguments//\{scale\}/$scale}"
}

# run_unit_test NAME PLATFORM: runs what compile_unit_test built, from the repository root (under
# Wine for mingw; a ThreadSanitizer report ends a tsan run), and adds its counts; its output stays
# beside it in NAME[.exe].output.txt.
run_unit_test() {
    local name=$1 platform=$2
    local exe runner=() status attempt
    exe=$(unit_test_exe "$name" "$platform")
    [ "$platform" = mingw ] && runner=(wine)
    [ "$platform" = tsan ] && runner=(env "TSAN_OPTIONS=halt_on_error=1 exitcode=66")
    # NOTE: a Windows test that printed nothing at all and failed is run once more, said on a line of
    # its own: seen once in a CI-like run on a loaded machine (test_capsule_window under Wine, exit 1,
    # not one line, not even a compiler's or Wine's), and it passed in every run before and after.
    # A test that fails the same way twice is counted as before.
    for attempt in 1 2; do
        # shellcheck disable=SC2046 # the arguments are words without spaces
        timeout --kill-after=5 "${UNIT_TEST_TIMEOUT:-300}" "${runner[@]}" "$exe" $(unit_test_arguments "$name" "$platform") \
            >"$exe.output.txt" 2>&1 </dev/null
        status=$?
        [ "$attempt" -eq 1 ] && [ "$platform" = mingw ] && [ "$status" -ne 0 ] && [ ! -s "$exe.output.txt" ] || break
        echo "note: $name $platform printed nothing and exited $status: run once more"
    done
    count_test_output "$name $platform" "$status" "$exe.output.txt"
}

# run_unit_tests TAG: every test unit_tests_for TAG names, built and run on each of its platforms;
# "windows" is the MSVC-dialect check of its source here (build.bat test runs it on Windows).
# Every build (and check) comes first, one per core at a time (a compiler uses one core); then, in
# the list's order, each build is counted and each test runs alone, on a machine no build loads.
run_unit_tests() {
    local name platform item items=() lane lanes lane_pids=()
    for name in $(unit_tests_for "$1"); do
        for platform in $(unit_test_column "$name" platforms); do
            case $platform in
                native|asan|tsan|mingw|windows) items+=("$name $platform") ;;
                *) fail "$name: unknown platform '$platform' in $UNIT_TEST_LIST" ;;
            esac
        done
    done
    lanes=$(nproc 2>/dev/null || echo 1)
    for ((lane = 0; lane < lanes; ++lane)); do
        (
            for ((item = lane; item < ${#items[@]}; item += lanes)); do
                # shellcheck disable=SC2086 # "NAME PLATFORM", two words
                compile_unit_test ${items[item]}
            done
        ) &
        lane_pids+=($!)
    done
    wait "${lane_pids[@]}"
    for item in "${items[@]}"; do
        read -r name platform <<<"$item"
        count_unit_test_build "$name" "$platform" || continue
        [ "$platform" = windows ] || run_unit_test "$name" "$platform"
    done
}

# TEST_WAIT_SCALE (misc/test.sh sets it when suites run side by side): the bound of every wait for
# a log line below is multiplied by it. Such a wait returns as soon as its line is there, so a wider
# bound costs nothing when the check passes; it keeps a loaded machine (another suite's compiles and
# engine runs beside this one) from failing a check about what happens, not about how fast.
# NOTE: wait_for_exit is not scaled: some checks bound the time an exit may take.
wait_scale=${TEST_WAIT_SCALE:-1}
[[ "$wait_scale" =~ ^[1-9][0-9]*$ ]] || wait_scale=1

#~ Who writes a log
# NOTE: a wait for an engine's log line used to wait out its whole bound (60 to 120 s, times the
# scale) when that engine had died: a suite whose engine crashed early took many minutes to say so.
# start_engine_logged records the process that writes its LOG (LOG_WRITERS: "pid start-time"), and
# a wait on LOG or LOG.wine.txt gives up once that process has ended and one look after its end
# finds nothing. Only LOG as start_engine_logged was given it: any other file (or the same file
# named otherwise) waits out its bound as before. A step in which another process writes LOG on
# after the recorded one ends (a hot restart whose first process dies on purpose) calls
# forget_log_writer LOG first.
declare -A LOG_WRITERS=()

# process_start_time PID: prints the process's start time (clock ticks since boot, /proc/PID/stat
# field 22), a space and its state letter (Z: ended, not yet waited for); nothing, and false, when
# no such process exists. With the PID it names one process, even once PIDs have wrapped.
# read_process_start PID: the same into PROCESS_START, without a fork (a wait asks ten times a
# second; a $(...) would fork each time).
read_process_start() {
    local stat
    read -r stat 2>/dev/null <"/proc/$1/stat" || return 1
    stat=${stat##*) }    # past the command's name, which may hold spaces and ')'
    set -- $stat
    PROCESS_START="${20} $1"
}
process_start_time() { read_process_start "$1" && echo "$PROCESS_START"; }

# record_log_writer LOG PID / forget_log_writer LOG (see above).
record_log_writer() {
    read_process_start "$2" || { unset "LOG_WRITERS[$1]"; return; }
    LOG_WRITERS[$1]="$2 ${PROCESS_START% *}"
}
forget_log_writer() { unset "LOG_WRITERS[$1]"; }

# log_writer_ended FILE: true when FILE (or FILE without .wine.txt) has a recorded writer and that
# process has ended.
log_writer_ended() {
    local writer=${LOG_WRITERS[${1%.wine.txt}]:-}
    [ -n "$writer" ] || return 1
    read_process_start "${writer%% *}" || return 0
    [ "${PROCESS_START% *}" != "${writer#* }" ] || [ "${PROCESS_START#* }" = Z ]
}

# note_writer_ended FILE WHAT: the note on the suite's stderr for a wait given up because FILE's writer
# ended. NOTE: through a copy of stderr taken when this file is sourced: `check` sends its command's
# output to /dev/null, and this note says why its check failed so soon.
exec {suite_notes_fd}>&2
note_writer_ended() {
    echo "note: $(basename "$1"): its engine (pid ${LOG_WRITERS[${1%.wine.txt}]%% *}) ended without" \
         "writing $2: the wait ends now, not at its bound" >&"$suite_notes_fd"
}

# wait_for_log FILE PATTERN SECONDS: true once FILE contains PATTERN (fixed string). False at the
# bound, or sooner once FILE's recorded writer has ended without writing it (above).
wait_for_log() { wait_for_lines count_of "$1" "$2" 1 "$3"; }

# build_game_dll NAME SOURCE DEFINES...: a development game.dll variant built with MinGW into
# $out/NAME.dll (compiler output in $out/NAME.build.txt); the exit status says whether it built.
# SOURCE is a game's unity entry one folder below a code root (CODE_ROOT/demo/demo_main.cpp): that
# root is searched first, so an edited copy of code/ builds from its own files, not the repo's.
build_game_dll() {
    local name=$1 source=$2
    shift 2
    build_fixture_dll "$name" "$source" "$(dirname "$(dirname "$source")")" "$@"
}

# build_fixture_dll NAME FIXTURE CODE_ROOT DEFINES...: the same for a fixture build (tests/fixtures/*.cpp,
# a benchmark's game): CODE_ROOT is searched first, so the fixture is built on that copy of code/.
# game_kit's bodies come from one shared compile (fixture_kit, below) when it builds; otherwise, or
# with FIXTURE_KIT_SHARED=0, the fixture compiles them itself, as its #include says.
# NOTE: fixture DLLs are built like a development game (misc/build.sh: MINGW_GAME_OPTIMIZATION,
# -O1), not at the exe's -O2: the code under test is game code, and a run builds some 150 of them
# (-O2 cost about a third more of their compile CPU).
mingw_flags_at "$MINGW_GAME_OPTIMIZATION"
FIXTURE_FLAGS=$MINGW_FLAGS_AT
build_fixture_dll() {
    local name=$1 source=$2 code_root=$3
    shift 3
    if [ "${FIXTURE_KIT_SHARED:-1}" = 1 ] && fixture_kit "$code_root" "$@"; then
        $MINGW_CXX "-I$REPLY/shadow" "-I$code_root" $FIXTURE_FLAGS -DENGINE_DEVELOPMENT=1 "$@" -shared "$source" \
            "$REPLY/libgame_kit.a" -o "$out/$name.dll" >"$out/$name.build.txt" 2>&1
        return
    fi
    $MINGW_CXX "-I$code_root" $FIXTURE_FLAGS -DENGINE_DEVELOPMENT=1 "$@" -shared "$source" -o "$out/$name.dll" >"$out/$name.build.txt" 2>&1
}

#~ The fixtures' shared game_kit: $FIXTURE_KIT_CACHE (build/fixture_kit), one entry per code root,
# compiler, flags, defines that game_kit reads, and the bytes of base/, contract/ and game_kit/
# A fixture DLL built on fixture_game.cpp (and the demo's unity entry) includes game_kit/game_kit.cpp,
# whose bodies are about half its compile (~1.3 s of CPU at -O2) and the same in every build of a
# suite: the reload, crash and timeline fixtures build dozens. An entry holds them compiled once (libgame_kit.a: an archive, so a build
# that uses none of game_kit links none of it) and shadow/game_kit/game_kit.cpp, the entry's lines
# before its first body (its headers: suite_layout keeps every header before the first body); with
# shadow/ first on the include path, a fixture's #include "game_kit/game_kit.cpp" gets the headers
# and the link gets the bodies. A define passed to the build joins the entry's key, and the kit's
# compile, only when its name appears in base/, contract/ or game_kit/ (GAME_DEBUG_OVERLAY_AT_START
# does; a fixture's GAME_TEST_CRASH_PLACE does not); every other argument always does.
FIXTURE_KIT_CACHE=${FIXTURE_KIT_CACHE:-$BUILD_DIR/fixture_kit}

# write_kit_headers_only CODE_ROOT FILE: FILE = CODE_ROOT's game_kit/game_kit.cpp up to its first
# body (its headers), the stand-in a shared kit build puts first on the include path (here and in
# suite_windows_build's MSVC-ABI matrix).
write_kit_headers_only() {
    awk '/^#include "game_kit\/kit_[a-z0-9_]+\.cpp"/ { exit } { print }' "$1/game_kit/game_kit.cpp" >"$2"
}

# fixture_kit CODE_ROOT ARGUMENTS...: REPLY = the entry's folder, built first when missing (under a
# lock: suites build side by side). Fails when game_kit does not compile there (the caller then
# builds the old way, so the failure reads as before).
fixture_kit() {
    local code_root=$1
    shift
    local argument name words key entry
    local -a kit_arguments=()
    [ -f "$code_root/game_kit/game_kit.cpp" ] || return 1
    words=$(cat "$code_root"/base/* "$code_root"/contract/* "$code_root"/game_kit/* | tr -c 'A-Za-z0-9_' '\n' | sort -u)
    for argument in "$@"; do
        if [[ $argument == -D* ]]; then
            name=${argument#-D}
            grep -qxF -- "${name%%=*}" <<<"$words" || continue
        fi
        kit_arguments+=("$argument")
    done
    key=$({
        echo "$code_root|$MINGW_CXX|$FIXTURE_FLAGS|${kit_arguments[*]}"
        cat "$code_root"/base/* "$code_root"/contract/* "$code_root"/game_kit/*
    } | sha256sum | cut -c1-24)
    entry="$FIXTURE_KIT_CACHE/$key"
    mkdir -p "$FIXTURE_KIT_CACHE" || return 1
    (
        flock 9
        [ -f "$entry/done" ] && exit 0
        rm -rf "$entry"
        mkdir -p "$entry/shadow/game_kit" || exit 1
        write_kit_headers_only "$code_root" "$entry/shadow/game_kit/game_kit.cpp" &&
            $MINGW_CXX "-I$code_root" $FIXTURE_FLAGS -DENGINE_DEVELOPMENT=1 "${kit_arguments[@]}" \
                -c "$code_root/game_kit/game_kit.cpp" -o "$entry/game_kit.o" >"$entry/build.txt" 2>&1 &&
            x86_64-w64-mingw32-ar rcs "$entry/libgame_kit.a" "$entry/game_kit.o" && touch "$entry/done"
    ) 9>"$entry.lock" || return 1
    # Each use marks the entry; one unused for a day goes (entries are 1-2 MB, a run makes a few dozen).
    touch "$entry/done"
    find "$FIXTURE_KIT_CACHE" -mindepth 2 -maxdepth 2 -name done -mmin +1440 -printf '%h\n' 2>/dev/null | xargs -r rm -rf
    REPLY=$entry
}

# The demo's unity entry, relative to a code root (what build_variant builds by default).
DEMO_UNITY_ENTRY=demo/demo_main.cpp

# build_variant NAME CODE_ROOT DEFINES...: a game.dll variant, $out/NAME.dll, built from
# $VARIANT_SOURCE over CODE_ROOT (a work copy's code/ or an edited copy of it: searched first) with
# DEFINES. VARIANT_SOURCE unset builds that root's own demo (CODE_ROOT/$DEMO_UNITY_ENTRY); a suite
# whose variants all wrap one fixture sets it once (VARIANT_SOURCE=tests/fixtures/reload_game.cpp).
# A failed build is one failure naming the variant, counted in a background job too (`... &`).
build_variant() {
    local name=$1 code_root=$2
    shift 2
    build_fixture_dll "$name" "${VARIANT_SOURCE:-$code_root/$DEMO_UNITY_ENTRY}" "$code_root" "$@" && return 0
    fail "build of variant $name (see $out/$name.build.txt)"
    return 1
}

# build_engine_copy DIR [TARGET]: misc/build.sh TARGET (default dev: the exe and every game DLL, -O2)
# run inside the engine copy DIR, so it builds DIR's sources into DIR/build; the compiler's output
# goes to $out/build_TARGET.txt. The exit status says whether it built.
# The dev build comes from the engine build cache when it holds one of the same inputs (see
# cached_engine_build): most suites build the same unchanged copy. Every other target (game,
# starter, platform, debug: builds a suite tests or edits between) always runs misc/build.sh.
build_engine_copy() {
    local dir=$1 target=${2:-dev}
    if [ "$target" = dev ] && [ "${ENGINE_BUILD_CACHE:-}" != off ]; then
        cached_engine_build "$dir" >"$out/build_$target.txt" 2>&1
        return
    fi
    (cd "$dir" && bash misc/build.sh "$target") >"$out/build_$target.txt" 2>&1
}

#~ The engine build cache: $ENGINE_BUILD_CACHE (build/engine_cache), one entry per set of inputs
# An entry is KEY/src (a copy of the inputs, built there with its own misc/build.sh, so its debug
# information names files that stay) and KEY/done once that build succeeded; a failed build leaves
# no entry. The newest ENGINE_BUILD_CACHE_KEEP (8) entries are kept.
ENGINE_BUILD_CACHE=${ENGINE_BUILD_CACHE:-$BUILD_DIR/engine_cache}
ENGINE_BUILD_OUTPUTS="win32_platform.exe game.dll starter.dll embed_shaders"

# engine_build_key DIR: names everything misc/build.sh reads: DIR's code/, misc/ and data/shaders/
# (every file's path and bytes), the compilers it runs and the optimization levels (exe, games).
engine_build_key() {
    {
        echo "$MINGW_CXX $("$MINGW_CXX" -dumpfullversion 2>&1) g++ $(g++ -dumpfullversion 2>&1) ${MINGW_OPTIMIZATION:--O2} ${MINGW_GAME_OPTIMIZATION:-}"
        (cd "$1" && find code misc data/shaders -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum)
    } | sha256sum | cut -c1-24
}

# cached_engine_build DIR: DIR/build gets the dev build of DIR's inputs, built into the cache first
# when no entry has them; DIR/code/render/embedded_shaders.h is what that build's embed step wrote
# (misc/build.sh rewrites it from data/shaders/). Prints the build's output; the exit status says
# whether it built. Two callers with the same inputs (misc/test.sh's warm-up and a suite) build once:
# the second waits for the first.
cached_engine_build() {
    local dir=$1 key entry output status=0
    key=$(engine_build_key "$dir") || return 1
    entry="$ENGINE_BUILD_CACHE/$key"
    mkdir -p "$ENGINE_BUILD_CACHE" || return 1
    (
        flock 9
        [ -f "$entry/done" ] && exit 0
        rm -rf "$entry"
        mkdir -p "$entry/src"
        (cd "$dir" && tar -cf - code misc data/shaders) | tar -xf - -C "$entry/src" || exit 1
        (cd "$entry/src" && bash misc/build.sh) >"$entry/build.txt" 2>&1
        status=$?
        if [ "$status" -ne 0 ]; then cat "$entry/build.txt"; rm -rf "$entry"; exit "$status"; fi
        touch "$entry/done"
    ) 9>"$entry.lock" || return 1
    touch "$entry"
    cat "$entry/build.txt"
    mkdir -p "$dir/build"
    # NOTE: copies made now, not with the entry's write times: for misc/run.sh they are newer than DIR's sources.
    for output in $ENGINE_BUILD_OUTPUTS; do
        cp "$entry/src/build/$output" "$dir/build/$output" || status=1
    done
    cmp -s "$entry/src/code/render/embedded_shaders.h" "$dir/code/render/embedded_shaders.h" ||
        cp "$entry/src/code/render/embedded_shaders.h" "$dir/code/render/embedded_shaders.h" || status=1
    prune_engine_build_cache
    return "$status"
}

# prune_engine_build_cache: deletes all but the newest ENGINE_BUILD_CACHE_KEEP entries (by last use).
prune_engine_build_cache() {
    local old
    # shellcheck disable=SC2012 # entry names are hex digits
    for old in $(ls -1t "$ENGINE_BUILD_CACHE" 2>/dev/null | grep -vE '\.lock$' | tail -n +$((${ENGINE_BUILD_CACHE_KEEP:-8} + 1))); do
        (flock -n 9 && rm -rf "${ENGINE_BUILD_CACHE:?}/$old") 9>"$ENGINE_BUILD_CACHE/$old.lock"
        rm -f "$ENGINE_BUILD_CACHE/$old.lock"
    done
}

# copy_code_tree DEST: DEST becomes a copy of the engine's code/ tree (a code root for
# build_game_dll DEST/demo/demo_main.cpp), from $work/code when a suite made a work copy.
copy_code_tree() {
    rm -rf "$1"
    mkdir -p "$(dirname "$1")"
    cp -r "${work:-$ENGINE_ROOT}/code" "$1"
}

# make_work_copy DEST [PARTS...]: DEST gets the engine's code/, misc/ and data/, and PARTS (build.bat,
# tests, ...) when asked, as they are in the work tree: in a git checkout its tracked files and new
# ones not ignored (no build output), else a plain copy. DEST may hold spaces and any letters.
make_work_copy() {
    local dest=$1
    shift
    mkdir -p "$dest"
    if git -C "$ENGINE_ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        # NOTE: a tracked file deleted in the work tree is skipped, not an error.
        (cd "$ENGINE_ROOT" && git ls-files -z --cached --others --exclude-standard -- code misc data "$@" |
            tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$dest"
    else
        (cd "$ENGINE_ROOT" && cp -r code misc data "$@" "$dest/")
    fi
}

# median: the median of the numbers on stdin, one per line ("n/a" when there are none).
median() { sort -g | awk '{v[NR]=$1} END {if (NR==0) print "n/a"; else if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

# install_game_dll RUN_DIR DLL: atomically replaces the game.dll the engine in RUN_DIR watches.
install_game_dll() { cp "$2" "$1/incoming.tmp" && mv -f "$1/incoming.tmp" "$1/game.dll"; }
# A build swapped in: the only log line that counts a load. "reload: game code version N released"
# and "... N stays loaded" share its prefix and come at their own time (after the crash or reload
# that retired N), so counting the prefix can see a load that has not happened.
game_code_loaded_regex='reload: game code version [0-9]+ loaded'
# count_of FILE STRING / count_of_regex FILE REGEX: lines of FILE holding it (0 when none).
count_of() { grep -cF -- "$2" "$1" 2>/dev/null; }
count_of_regex() { grep -cE -- "$2" "$1" 2>/dev/null; }
# wait_for_count FILE STRING N SECONDS / wait_for_regex FILE REGEX N SECONDS: true once at least N
# lines of FILE hold it; false at the bound, or sooner once FILE's recorded writer has ended
# (wait_for_log).
wait_for_count() { wait_for_lines count_of "$@"; }
wait_for_regex() { wait_for_lines count_of_regex "$@"; }
wait_for_lines() {
    local counter=$1 file=$2 pattern=$3 lines=$4 ended
    local deadline=$(( $(date +%s) + $5 * wait_scale ))
    while [ "$(date +%s)" -le "$deadline" ]; do
        # NOTE: the writer's end is looked at before the file: a line written just before the end
        # is then always seen.
        ended=0
        log_writer_ended "$file" && ended=1
        [ "$("$counter" "$file" "$pattern")" -ge "$lines" ] && return 0
        if [ $ended -eq 1 ]; then
            note_writer_ended "$file" "$([ "$lines" -gt 1 ] && echo "$lines lines holding ")'$pattern'"
            return 1
        fi
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
    read_process_start "$1" && [ "${PROCESS_START#* }" != Z ]
}

# run_once_more_if_silent WHAT COMMAND...: COMMAND's standard output (printed once it has ended, when
# there is any) and its exit status; its standard error goes to ours. NOTE: under load a Wine start
# can die before the program prints a line (clean-clone runs: Wine's cmd running build.bat, the
# findstr stand-in). A run that failed with nothing on standard output is run once more, said on
# stderr with WHAT and what it printed there; a program that really fails silently fails twice.
run_once_more_if_silent() {
    local what=$1 output status errors
    shift
    errors=$(mktemp) || return 1
    output=$("$@" 2>"$errors")
    status=$?
    if [ "$status" -ne 0 ] && [ -z "$output" ]; then
        echo "note: $what exited $status and printed nothing (stderr: $(tr '\n' ' ' <"$errors" | head -c 300)): run once more" >&2
        output=$("$@" 2>"$errors")
        status=$?
    fi
    cat "$errors" >&2
    rm -f "$errors"
    [ -n "$output" ] && printf '%s\n' "$output"
    return "$status"
}

# note_engine_ended_before_log LOG STATUS [NEXT]: the note on stderr for an engine that ended (exit
# STATUS) before opening LOG, quoting what Wine printed (LOG.wine.txt); NEXT says what happens now.
note_engine_ended_before_log() {
    echo "note: $(basename "$1"): the engine ended (exit $2) before opening its log; Wine printed:" \
         "$(tr '\n' ' ' <"$1.wine.txt" | head -c 600)${3:+; $3}" >&2
}

# run_engine_logged LOG COMMAND...: COMMAND, an engine run under Wine that writes LOG (--log), in the
# foreground (a scripted run, a replay), with what Wine and the engine print in LOG.wine.txt; returns
# its exit status. NOTE: the engine opens LOG before anything else, so a run that failed without
# LOG never reached its first line: a Wine start that died (start_engine_logged). It is run once
# more, said on stderr with what Wine printed. Not for a run whose log cannot be opened on purpose.
run_engine_logged() {
    local log=$1 status
    shift
    rm -f "$log"
    "$@" >"$log.wine.txt" 2>&1 </dev/null
    status=$?
    if [ "$status" -ne 0 ] && [ ! -e "$log" ]; then
        note_engine_ended_before_log "$log" "$status" "run once more"
        "$@" >"$log.wine.txt" 2>&1 </dev/null
        status=$?
    fi
    return $status
}

# exec_in_dir DIR COMMAND...: COMMAND in DIR, in place of the calling process (exec): for a start
# through start_engine_logged from another folder (the engine's relative paths, a hot restart's new
# process), whose ENGINE_PID must stay the engine's own. Only ever as start_engine_logged's COMMAND,
# which runs it in a background subshell: called directly it would replace the suite's shell.
exec_in_dir() {
    cd "$1" || exit 1
    shift
    exec "$@"
}

# start_engine_logged LOG COMMAND...: COMMAND, an engine started under Wine that writes LOG (--log),
# in the background, with LOG removed first and what Wine and the engine print kept in LOG.wine.txt;
# ENGINE_PID is its process, recorded as LOG's writer (a wait on LOG ends when it ends: "Who writes
# a log" above). Returns once LOG exists (or the process lives on past 60 s, scaled by
# TEST_WAIT_SCALE, without it: the checks that follow say what is missing). NOTE: a start that ended
# without writing LOG never reached the engine's first line, which opens it: a Wine start that died
# (once in a clean-clone run at load 5, suite_reload_pointers' --strict-pointers run, 2026-11-29; its
# output went to /dev/null then). It is started once more, said on stderr with what Wine printed;
# a second such start returns 1.
start_engine_logged() {
    local log=$1 attempt deadline status
    shift
    for attempt in 1 2; do
        rm -f "$log"
        "$@" >"$log.wine.txt" 2>&1 </dev/null &
        ENGINE_PID=$!
        record_log_writer "$log" "$ENGINE_PID"
        deadline=$(( $(date +%s) + 60 * ${TEST_WAIT_SCALE:-1} ))
        while [ ! -e "$log" ] && engine_alive "$ENGINE_PID" && [ "$(date +%s)" -le "$deadline" ]; do sleep 0.05; done
        if [ -e "$log" ] || engine_alive "$ENGINE_PID"; then return 0; fi
        wait "$ENGINE_PID"
        status=$?
        note_engine_ended_before_log "$log" "$status" "$([ $attempt -eq 1 ] && echo 'started once more')"
    done
    return 1
}

# write_recording_asoundrc DIR RECORDING: DIR/.asoundrc makes ALSA's "default" (what Wine's winealsa
# opens when HOME is DIR) a plug to s16 stereo 48 kHz -> a file sink writing RECORDING (raw) -> a
# JACK client, played in real time by a jackd with the dummy driver (start_jack_sink). NOTE: the
# "null" PCM cannot be the sink: it takes samples instantly, so Wine's play cursor would run several
# times faster than real time and the ring would be played out of order.
write_recording_asoundrc() {
    cat >"$1/.asoundrc" <<EOF
pcm.!default {
    type plug
    slave { pcm "record"; format S16_LE; rate 48000; channels 2 }
}
pcm.record {
    type file
    slave.pcm "realtime"
    file "$2"
    format "raw"
}
pcm.realtime {
    type plug
    slave.pcm "jacksink"
}
pcm.jacksink {
    type jack
    playback_ports { 0 system:playback_1 1 system:playback_2 }
}
ctl.!default { type hw; card 29 }
EOF
}

# start_jack_sink NAME LOG: a private jackd NAME with the dummy driver in the background (JACK_PID);
# true once it serves.
start_jack_sink() {
    command -v jackd >/dev/null 2>&1 || return 1
    JACK_NO_AUDIO_RESERVATION=1 jackd -n "$1" -r -d dummy -r 48000 -p 512 >"$2" 2>&1 &
    JACK_PID=$!
    JACK_DEFAULT_SERVER="$1" timeout 15 jack_wait -w -t 10 >/dev/null 2>&1
}

summary() {
    suite_failed=$((suite_failed + $(wc -l <"$SUITE_SUBSHELL_FAILURES")))
    rm -f "$SUITE_SUBSHELL_FAILURES"
    echo "$suite_passed passed, $suite_failed failed"
    [ "$suite_failed" -eq 0 ]
    exit $?
}
