# Sourced helpers (not a suite): run build.bat for real under Wine with the MSVC stand-in toolchain
# (tests/msvc_standin: clang-cl + lld-link behind cl.exe/link.exe front-ends, a stand-in CRT, and
# where/findstr stand-ins). build.bat itself is never changed or told: the stand-in only comes first
# on the Wine PATH. Needs misc/toolchain.sh sourced first (WINEPREFIX, WINEDEBUG, ENGINE_ROOT).
#   msvc_standin_install                      builds/installs the stand-in into $MSVC_STANDIN_DIR
#                                             (default build/msvc_standin of this checkout; quick
#                                             when already built from the same sources)
#   msvc_standin_build_bat ENGINE_ROOT ARGS...  runs `cmd /c build.bat ARGS` in ENGINE_ROOT (any
#                                             path, spaces and non-ASCII letters included) and
#                                             returns build.bat's own exit code; output on stdout.
MSVC_STANDIN_DIR=${MSVC_STANDIN_DIR:-$ENGINE_ROOT/build/msvc_standin}
# NOTE: winedbg off, so a crashing program ends instead of waiting in a debugger and looking alive.
case "${WINEDLLOVERRIDES:-}" in
    *winedbg.exe=d*) ;;
    *) export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:+$WINEDLLOVERRIDES;}winedbg.exe=d" ;;
esac

# NOTE: under a lock: misc/test.sh runs suites side by side, and a second suite must wait for the
# first one's install (then a no-op) rather than use or rebuild a half-installed stand-in.
msvc_standin_install() {
    mkdir -p "$(dirname "$MSVC_STANDIN_DIR")" || return 1
    (flock 9 && bash "$ENGINE_ROOT/tests/msvc_standin/install.sh" "$MSVC_STANDIN_DIR") 9>"$MSVC_STANDIN_DIR.lock"
}

# The DOS name of a Unix path through Wine's Z: drive (the root of the Unix file system).
msvc_standin_dos_path() {
    local unix_path
    unix_path=$(cd "$1" && pwd) || return 1
    echo "Z:${unix_path//\//\\}"
}

# NOTE: under load, Wine's cmd has (in clean-clone runs: build.bat release, build.bat test, and once
# build\game_units.exe in suite_debugger's build.bat) said "Can't recognize 'cl /nologo ...' as an
# internal or external command" for one call while every call before and after it ran: Wine 8's cmd
# reports a CreateProcess that failed after the search found the program the same way as a program
# not found (its search loop breaks out to that message). Such a run is run once more, whatever the
# program, and said on stderr (the suite's log); a tool really missing is not found the second time
# either.
msvc_standin_build_bat() {
    local root=$1
    shift
    local standin_dos attempt_output status
    standin_dos=$(msvc_standin_dos_path "$MSVC_STANDIN_DIR") || return 1
    attempt_output=$(mktemp) || return 1
    (cd "$root" && WINEPATH="$standin_dos" wine cmd /c build.bat "$@" >"$attempt_output" 2>&1)
    status=$?
    if grep -qE "^Can't recognize '" "$attempt_output"; then
        echo "note: Wine's cmd did not start a program once ($(grep -m 1 -oE "^Can't recognize '[^ ]* [^ ]*" "$attempt_output")...): build.bat $* run again" >&2
        (cd "$root" && WINEPATH="$standin_dos" wine cmd /c build.bat "$@" >"$attempt_output" 2>&1)
        status=$?
    fi
    cat "$attempt_output"
    rm -f "$attempt_output"
    return $status
}

# build_bat_setting NAME: the value build.bat gives NAME with `set NAME=...`, its %VAR% references
# expanded and backslashes made slashes: for running $MSVC_STANDIN_DIR/cl.sh directly (from a
# folder beside code/, as build.bat runs cl from build\) on builds build.bat does not make, such as
# test variants, with exactly build.bat's flags.
build_bat_setting() {
    local value reference
    value=$(grep -m 1 "^set $1=" "$ENGINE_ROOT/build.bat" | tr -d '\r')
    value=${value#set $1=}
    while [[ $value =~ %([A-Za-z]+)% ]]; do
        reference=${BASH_REMATCH[1]}
        value=${value//%$reference%/$(build_bat_setting "$reference")}
    done
    echo "${value//\\//}"
}
