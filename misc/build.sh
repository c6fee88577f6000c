#!/usr/bin/env bash
# Linux counterpart of build.bat: cross-builds the same targets with MinGW-w64 into build/.
#   misc/build.sh            development exe + game.dll
#   misc/build.sh game       game.dll only (what you run to hot-reload), under the lock file
#   misc/build.sh release    optimized exe + game.dll without development checks
# Exits non-zero with the compiler's message when a target fails.
set -u
source "$(dirname "$0")/toolchain.sh"
target=${1:-debug}
mkdir -p "$BUILD_DIR"
cd "$BUILD_DIR" || exit 1

defines="-DENGINE_DEVELOPMENT=1"
[ "$target" = "release" ] && defines="-DENGINE_DEVELOPMENT=0"

build_game() {
    # NOTE: the lock file tells the running exe not to load game.dll until the build is complete.
    # The DLL is linked to a temporary name and renamed, so the exe never sees a half-written file.
    echo "building game.dll" > lock.tmp
    $MINGW_CXX $MINGW_FLAGS $defines -shared "$ENGINE_ROOT/code/demo/game_main.cpp" -o game_build.tmp
    local status=$?
    if [ $status -eq 0 ]; then mv -f game_build.tmp game.dll; else rm -f game_build.tmp; fi
    rm -f lock.tmp
    return $status
}

build_platform() {
    $MINGW_CXX $MINGW_FLAGS $defines -mwindows "$ENGINE_ROOT/code/win32/win32_main.cpp" -o win32_platform.exe \
        -luser32 -lgdi32 -lopengl32 -lwinmm
}

case "$target" in
    debug|release) build_platform && build_game ;;
    game) build_game ;;
    platform) build_platform ;;
    *) echo "usage: misc/build.sh [debug|release|game|platform]"; exit 2 ;;
esac
