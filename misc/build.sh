#!/usr/bin/env bash
# Linux counterpart of build.bat: cross-builds the same targets with MinGW-w64 into build/.
#   misc/build.sh            development exe + game.dll + starter.dll (-O2, DWARF 4 debug info)
#   misc/build.sh game       game.dll only (what you run to hot-reload), under the lock file
#   misc/build.sh starter    starter.dll only (the starter game, code/starter/), the same way
#   misc/build.sh release    optimized exe + game.dll + starter.dll without development checks
#   misc/build.sh debug [game|starter|platform]
#                            the same development targets at -Og, for stepping in a debugger
#                            (winedbg, gdb): lines in order, locals readable
# Exits non-zero with the compiler's message when a target fails.
set -u
if [ "${1:-}" = "debug" ]; then
    export MINGW_OPTIMIZATION=-Og
    shift
fi
source "$(dirname "$0")/toolchain.sh"
target=${1:-dev}
mkdir -p "$BUILD_DIR"
cd "$BUILD_DIR" || exit 1

defines="-DENGINE_DEVELOPMENT=1"
[ "$target" = "release" ] && defines="-DENGINE_DEVELOPMENT=0"

# build_game_code NAME UNITY_ENTRY: NAME.dll from one unity entry. What a game DLL build does, here
# and in build.bat (:BuildGameCode) alike:
#  1. build/lock.tmp ("building NAME.dll") exists for the whole build: the running exe loads
#     nothing while it is there;
#  2. the DLL is linked to NAME_build.tmp and renamed to NAME.dll only when the link succeeded, so
#     the exe never sees a half-written NAME.dll and a failed build leaves the last good one; a
#     failed build deletes its NAME_build.tmp;
#  3. lock.tmp is deleted last, whatever the outcome;
#  4. nothing else is deleted. build.bat also names each build's PDB anew and prunes old PDBs (a
#     debugger locks the loaded one); MinGW's DWARF debug information lives inside the DLL, so
#     there is no PDB here. The private copies the exe loads (NAME_loaded_*.dll) are the exe's.
build_game_code() {
    echo "building $1.dll" > lock.tmp
    $MINGW_CXX $MINGW_FLAGS $defines -shared "$ENGINE_ROOT/code/$2" -o "$1_build.tmp"
    local status=$?
    if [ $status -eq 0 ]; then mv -f "$1_build.tmp" "$1.dll" || status=$?; fi
    rm -f "$1_build.tmp" lock.tmp
    return $status
}
build_game() { build_game_code game demo/demo_main.cpp; }
build_starter() { build_game_code starter starter/starter_main.cpp; }

build_platform() {
    # The exe embeds data/shaders/ as code/render/embedded_shaders.h: rewritten from the files first
    # by misc/embed_shaders.cpp (the tool build.bat runs too), built with the host compiler.
    if [ ! -x embed_shaders ] || [ "$ENGINE_ROOT/misc/embed_shaders.cpp" -nt embed_shaders ]; then
        g++ -std=c++14 -O1 -Wall -Wextra -Werror "$ENGINE_ROOT/misc/embed_shaders.cpp" -o embed_shaders || return 1
    fi
    ./embed_shaders "$ENGINE_ROOT" || return 1
    $MINGW_CXX $MINGW_FLAGS $defines -mwindows "$ENGINE_ROOT/code/win32/win32_main.cpp" -o win32_platform.exe \
        -luser32 -lgdi32 -lopengl32 -lwinmm
}

case "$target" in
    dev|release) build_platform && build_game && build_starter ;;
    game) build_game ;;
    starter) build_starter ;;
    platform) build_platform ;;
    *) echo "usage: misc/build.sh [debug] [release|game|starter|platform]"; exit 2 ;;
esac
