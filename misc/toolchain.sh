# Sourced by the build and test scripts: one place for compiler names and flags.
# Mirrors build.bat: warnings as errors, no RTTI, no exceptions, debug info.
ENGINE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR="$ENGINE_ROOT/build"
MINGW_CXX=${MINGW_CXX:-x86_64-w64-mingw32-g++-posix}
NATIVE_CXX=${NATIVE_CXX:-g++}
COMMON_WARNINGS="-Wall -Wextra -Werror -Wno-unused-parameter -Wno-unused-function -Wno-missing-field-initializers"
# NOTE: the flag strings are expanded unquoted, so a checkout whose path has spaces (a user folder
# like "Jürgen Müller") cannot be an -I word: GCC and clang then read it from CPATH, which they
# search exactly like -I.
if [[ "$ENGINE_ROOT" =~ [[:space:]] ]]; then
    export CPATH="$ENGINE_ROOT/code${CPATH:+:$CPATH}"
    ENGINE_INCLUDE=""
else
    ENGINE_INCLUDE="-I$ENGINE_ROOT/code"
fi
# NOTE: -static so the exe, the DLL and test exes need no MinGW runtime DLLs beside them under Wine.
# -gdwarf-4: Wine 8's dbghelp (winedbg, and the engine's own reports naming functions and lines)
# reads DWARF 4 but not GCC 12's default DWARF 5. MINGW_OPTIMIZATION (the exe, tests): misc/build.sh
# debug sets -Og.
# NOTE: optimized builds leave out variable-tracking assignments (the pass that follows each local
# through the optimizer so a debugger can show it in more places): the code is the same, lines and
# functions are too, and a unit compiles 10-25% faster (starter.cpp 0.31 -> 0.24 s, the exe 15.4 ->
# 13.4 s). The debugging build (-Og) keeps them: that is the one to step through and read locals in.
MINGW_OPTIMIZATION=${MINGW_OPTIMIZATION:--O2}
# mingw_flags_at OPTIMIZATION: sets MINGW_FLAGS_AT to the MinGW flags at that optimization level.
mingw_flags_at() {
    local var_tracking=""
    [ "$1" = "-Og" ] || var_tracking="-fno-var-tracking-assignments"
    MINGW_FLAGS_AT="-std=c++14 -g -gdwarf-4 $1 $COMMON_WARNINGS -fno-rtti -fno-exceptions $ENGINE_INCLUDE -static $var_tracking"
}
mingw_flags_at "$MINGW_OPTIMIZATION"
MINGW_FLAGS=$MINGW_FLAGS_AT
# MINGW_GAME_OPTIMIZATION: the game DLLs' units in a development build (misc/build.sh, game,
# starter), the code a developer edits and rebuilds while the exe runs. -O1, not -O2: a unit
# compiles about 35% faster (starter.cpp 330 -> 210 ms of CPU, the old demo_frame.cpp 530 -> 340 ms,
# medians of 5, same sitting), and the fixture's update (bench_frame_graph_native, 262,144 entities,
# one thread) ran 8% slower than at -O2 (44.0 against 40.8 ms, medians of 6 alternated; -Og was
# 1.6x slower). The exe stays -O2; release builds everything at -O2; misc/build.sh debug builds
# everything at -Og. MINGW_GAME_OPTIMIZATION=-O2 misc/build.sh gives the old trade.
if [ -z "${MINGW_GAME_OPTIMIZATION:-}" ]; then
    MINGW_GAME_OPTIMIZATION=-O1
    [ "$MINGW_OPTIMIZATION" = "-Og" ] && MINGW_GAME_OPTIMIZATION=-Og
fi
NATIVE_FLAGS="-std=c++14 -g -O2 $COMMON_WARNINGS -fno-rtti -fno-exceptions $ENGINE_INCLUDE -pthread"
# Wine: quiet, never pops a debugger dialog, its own prefix (first start ~10 s, later ~2 s).
# NOTE: glibc's malloc gives the top of its heap back to the system as soon as 128 KB are free there;
# Mesa's llvmpipe frees and takes back megabytes every frame, so each frame paid page faults for them
# (a fifth of the main thread's time in the kernel). Kept up to 256 MB, the demo at 320x180 ran 120
# frames in 8.6 s of CPU instead of 10.8, 46 ms a frame instead of 62 (same machine, alternated). Only
# the Linux side of a process (Mesa, X) is touched: the game's memory is Wine's and the engine's own.
export GLIBC_TUNABLES=${GLIBC_TUNABLES:-glibc.malloc.trim_threshold=268435456}
export WINEDEBUG=${WINEDEBUG:--all}
export WINEPREFIX=${WINEPREFIX:-$HOME/.wine-engine}
export WINEDLLOVERRIDES=${WINEDLLOVERRIDES:-winemenubuilder.exe=d;mscoree=;mshtml=}
# NOTE: winedbg disabled in every run, whatever the caller set: otherwise a crashed process stays
# alive attached to winedbg, and a "still alive" check passes on a dead engine.
case ";$WINEDLLOVERRIDES;" in *";winedbg.exe=d;"*) ;; *) export WINEDLLOVERRIDES="winedbg.exe=d;$WINEDLLOVERRIDES" ;; esac

# ensure_display: when there is no $DISPLAY, starts a private Xvfb on a free display number and
# exports DISPLAY; OWN_XVFB_PID is then set, and stop_own_display stops that one server only.
OWN_XVFB_PID=""
ensure_display() {
    [ -n "${DISPLAY:-}" ] && return 0
    local number
    for number in $(seq 91 199); do
        [ -e "/tmp/.X11-unix/X$number" ] && continue
        Xvfb ":$number" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
        OWN_XVFB_PID=$!
        export DISPLAY=":$number"
        sleep 1
        return 0
    done
    return 1
}
stop_own_display() {
    [ -n "$OWN_XVFB_PID" ] && kill "$OWN_XVFB_PID" >/dev/null 2>&1
    OWN_XVFB_PID=""
}
