#!/usr/bin/env bash
# Linux counterpart of build.bat: cross-builds the same targets with MinGW-w64 into build/.
#   misc/build.sh            development exe (-O2) + game.dll + starter.dll (-O1), DWARF 4 debug info;
#                            each compiled only when a file it was built from changed
#   misc/build.sh game       game.dll only (what you run to hot-reload), under the lock file
#   misc/build.sh starter    starter.dll only (the starter game, code/starter/), the same way
#   misc/build.sh platform   the exe only: a running exe restarts into it, keeping the game's state
#                            (every build of the exe publishes build/win32_platform_next.exe under
#                            build/platform_lock.tmp, see build_platform)
#   misc/build.sh release    optimized exe + game.dll + starter.dll without development checks
#   misc/build.sh debug [game|starter|platform]
#                            the same development targets at -Og, for stepping in a debugger
#                            (winedbg, gdb): lines in order, locals readable
# Exits non-zero with the compiler's message when a target fails.
#
# Game DLLs build incrementally. A game's unity entry (code/demo/demo_main.cpp) includes nothing but
# its translation units (`#include "demo/demo_frame.cpp"`, ...; an entry that includes no .cpp is
# its own one unit). Each unit is compiled alone into build/obj/<mode><optimization>/ (dev-O1,
# release-O2, dev-Og; the games' level is MINGW_GAME_OPTIMIZATION, misc/toolchain.sh) beside a
# dependency list (-MMD: the headers it read) and the exact command, after the precompiled prologue
# game_kit/kit_precompiled.h (its .gch in build/obj/<mode><optimization>/pch/, built the same way);
# a unit is compiled again only when its object is missing, the command changed, a file on its list
# is newer than the object or gone, or the prologue was built again. game_kit/game_kit.cpp is such
# a unit too, so one object serves every game. Stale units compile in parallel, one per core. The
# DLL is linked again only when an object is newer than it or the link command (the flags, the list
# of objects) changed: with nothing changed, a game build writes nothing and the running exe
# reloads nothing.
# An object's write time is set to when its compile started, so a file saved while it compiled is
# newer than the object and is compiled again next time. The exe is one unity compile, as before,
# beside the games' units when everything is built, and only when a file it was built from changed
# (see build_platform).
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
mode=dev
game_optimization=$MINGW_GAME_OPTIMIZATION
if [ "$target" = "release" ]; then
    defines="-DENGINE_DEVELOPMENT=0"
    mode=release
    game_optimization=-O2
fi
mingw_flags_at "$game_optimization"
game_flags=$MINGW_FLAGS_AT
object_dir="$BUILD_DIR/obj/$mode$game_optimization"
# The games' precompiled prologue (code/game_kit/kit_precompiled.h): GCC looks for NAME.gch in each
# include directory before NAME itself, so with pch_dir searched first a unit's -include finds the
# .gch there, and the header in code/ when the .gch is missing or GCC refuses it (then it is parsed as
# text: slower, never wrong).
pch_header=game_kit/kit_precompiled.h
pch_dir="$object_dir/pch"
pch_file="$pch_dir/$pch_header.gch"
compile_jobs=$(nproc 2>/dev/null || echo 2)

# game_units ENTRY: the units ENTRY (relative to code/) includes, one per line; ENTRY itself when
# it includes no .cpp.
game_units() {
    local line found=0
    while IFS= read -r line || [ -n "$line" ]; do
        line=${line%$'\r'}
        if [[ $line =~ ^#include\ \"([^\"]+\.cpp)\" ]]; then
            echo "${BASH_REMATCH[1]}"
            found=1
        fi
    done <"$ENGINE_ROOT/code/$1"
    [ "$found" -eq 1 ] || echo "$1"
}

# NOTE: these set REPLY instead of printing: the edit loop runs them for every unit of a game, and a
# $(...) costs a fork each (~1 ms), before the one compile it waits for can start.
# unit_object UNIT: REPLY = the object file of UNIT (demo/demo_frame.cpp -> .../demo__demo_frame.o).
unit_object() {
    local name=${1%.cpp}
    REPLY="$object_dir/${name//\//__}.o"
}

# unit_command UNIT: REPLY = the compile command of UNIT, as one line (what NAME.o.cmd keeps).
unit_command() {
    REPLY="$MINGW_CXX -I$pch_dir $game_flags $defines -include $pch_header -c $ENGINE_ROOT/code/$1"
}

# pch_command: REPLY = the precompiled prologue's compile command, as one line (its .gch.cmd).
pch_command() {
    REPLY="$MINGW_CXX $game_flags $defines -x c++-header $ENGINE_ROOT/code/$pch_header"
}

# object_is_stale OBJECT COMMAND: true when OBJECT must be compiled again (see the header). Reads
# OBJECT.d as GCC writes it (-MT OBJECT_TARGET): "OBJECT_TARGET: file file \<newline> file ...",
# spaces inside a name written "\ ".
object_is_stale() {
    local object=$1 command=$2 deps word
    local -
    set -f
    [ -f "$object" ] && [ -f "$object.d" ] && [ -f "$object.cmd" ] || return 0
    [ "$(<"$object.cmd")" = "$command" ] || return 0
    deps=$(<"$object.d")
    deps=${deps#OBJECT_TARGET:}
    deps=${deps//\\$'\n'/ }
    deps=${deps//\\ /$'\x01'}
    deps=${deps//\\#/#}
    deps=${deps//\$\$/\$}
    for word in $deps; do
        word=${word//$'\x01'/ }
        [ -e "$word" ] || return 0
        [ "$word" -nt "$object" ] && return 0
    done
    return 1
}

# compile_to OBJECT COMMAND COMPILER_ARGUMENTS...: runs the compiler with COMPILER_ARGUMENTS into
# OBJECT (through a temporary name, so a build of another game running at the same time never links
# half an object); the compiler's output goes to OBJECT.log. OBJECT.cmd (COMMAND) is written last,
# only on success.
compile_to() {
    local object=$1 command=$2 started=$EPOCHREALTIME
    shift 2
    local temporary="$object.$BASHPID.tmp"
    rm -f "$object.cmd"
    if "$@" -o "$temporary" -MMD -MF "$temporary.d" -MT OBJECT_TARGET >"$object.log" 2>&1; then
        touch -d "@${started/,/.}" "$temporary" && mv -f "$temporary.d" "$object.d" && mv -f "$temporary" "$object" &&
            echo "$command" >"$object.cmd" && return 0
    fi
    rm -f "$temporary" "$temporary.d" "$object"
    return 1
}

# compile_unit UNIT OBJECT COMMAND: compiles UNIT into OBJECT after the precompiled prologue.
compile_unit() {
    # NOTE: the flags are expanded unquoted on purpose (see misc/toolchain.sh).
    compile_to "$2" "$3" $MINGW_CXX -I"$pch_dir" $game_flags $defines -include "$pch_header" -c "$ENGINE_ROOT/code/$1"
}

# build_pch: the precompiled prologue, compiled again when build_game_code's staleness rule says so
# (its .gch.d lists every header it read). Its write time is when its compile started, so every unit
# compiled before it is older and compiled again (compile_units). Fails, with the compiler's output,
# when the header does not compile.
build_pch() {
    local command
    pch_command
    command=$REPLY
    object_is_stale "$pch_file" "$command" || return 0
    mkdir -p "$(dirname "$pch_file")" || return 1
    compile_to "$pch_file" "$command" $MINGW_CXX $game_flags $defines -x c++-header "$ENGINE_ROOT/code/$pch_header" && return 0
    cat "$pch_file.log" >&2
    return 1
}

# compile_units UNIT...: every stale UNIT compiled, compile_jobs at a time; each compiler's output is
# printed after it ends (stderr), in the units' order. Fails when one failed.
compile_units() {
    local unit object command running=0 status=0
    local -a compiled=()
    [ -d "$object_dir" ] || mkdir -p "$object_dir" || return 1
    for unit in "$@"; do
        unit_object "$unit"
        object=$REPLY
        unit_command "$unit"
        command=$REPLY
        if ! object_is_stale "$object" "$command" && ! [ "$pch_file" -nt "$object" ]; then continue; fi
        compiled+=("$unit")
        compile_unit "$unit" "$object" "$command" &
        running=$((running + 1))
        if [ "$running" -ge "$compile_jobs" ]; then
            wait -n
            running=$((running - 1))
        fi
    done
    wait
    for unit in "${compiled[@]}"; do
        unit_object "$unit"
        object=$REPLY
        [ -s "$object.log" ] && cat "$object.log" >&2
        [ -f "$object.cmd" ] || status=1
    done
    return $status
}

# build_game_code NAME UNITY_ENTRY: NAME.dll from the units of one unity entry. What a game DLL build
# does, here and in build.bat (:BuildGameCode) alike:
#  1. build/lock.tmp ("building NAME.dll") exists for the whole build: the running exe loads
#     nothing while it is there;
#  2. the DLL is linked to NAME_build.tmp and renamed to NAME.dll only when the link succeeded, so
#     the exe never sees a half-written NAME.dll and a failed build leaves the last good one; a
#     failed build deletes its NAME_build.tmp;
#  3. lock.tmp is deleted last, whatever the outcome;
#  4. nothing else is deleted. build.bat also names each build's PDB anew and prunes old PDBs (a
#     debugger locks the loaded one); MinGW's DWARF debug information lives inside the DLL, so
#     there is no PDB here. The private copies the exe loads (NAME_loaded_*.dll) are the exe's.
#     The objects in build/obj/ are replaced by their next compile, never deleted.
# With nothing changed since the last build of NAME.dll, step 2 is skipped: NAME.dll stays as it is.
build_game_code() {
    local name=$1 units objects=() unit link_command link_stamp="$object_dir/$1.dll.link" status=0 relink=0
    echo "building $1.dll" > lock.tmp
    mapfile -t units < <(game_units "$2")
    for unit in "${units[@]}"; do
        unit_object "$unit"
        objects+=("$REPLY")
    done
    build_pch || status=$?
    [ $status -eq 0 ] && { compile_units "${units[@]}" || status=$?; }
    if [ $status -eq 0 ]; then
        link_command="$MINGW_CXX $game_flags $defines -shared ${objects[*]}"
        [ -f "$name.dll" ] && [ -f "$link_stamp" ] && [ "$(<"$link_stamp")" = "$link_command" ] || relink=1
        for unit in "${objects[@]}"; do [ "$unit" -nt "$name.dll" ] && relink=1; done
    fi
    if [ $status -eq 0 ] && [ $relink -eq 1 ]; then
        rm -f "$link_stamp"
        $MINGW_CXX $game_flags $defines -shared "${objects[@]}" -o "$1_build.tmp"
        status=$?
        if [ $status -eq 0 ]; then mv -f "$1_build.tmp" "$1.dll" || status=$?; fi
        [ $status -eq 0 ] && echo "$link_command" >"$link_stamp"
    fi
    rm -f "$1_build.tmp" lock.tmp
    return $status
}
build_game() { build_game_code game demo/demo_main.cpp; }
build_starter() { build_game_code starter starter/starter_main.cpp; }

# build_platform: win32_platform.exe, and the same exe published for a running engine (the platform
# loop, docs/hot-restart.md), under its own lock file. What an exe build does, here and in build.bat
# (:BuildPlatformExe) alike:
#  1. build/platform_lock.tmp ("building win32_platform.exe") exists for the whole build: a running
#     exe restarts into nothing while it is there;
#  2. the exe is compiled to win32_platform_build.tmp; only when that succeeded, a copy of it is
#     renamed to win32_platform_next.exe (complete before it has that name: the running exe watches
#     it and restarts into a copy of it), then win32_platform_build.tmp is renamed to
#     win32_platform.exe (a new file, so a running win32_platform.exe keeps its own);
#  3. platform_lock.tmp is deleted last, whatever the outcome; a failed build leaves both exes as
#     they were and no temporary.
# build_platform only-when-stale (what a build of everything does): nothing is compiled or published
# when win32_platform.exe is the one the last build in this mode wrote and nothing it was built from
# changed (the games' staleness rule: its dependency list, its command); a running exe then restarts
# into nothing. `misc/build.sh platform` always builds (and so always publishes): it is what a
# developer runs to restart into the exe. build.bat builds the exe every time.
build_platform() {
    local status=0 only_when_stale=${1:-} command started record
    echo "building win32_platform.exe" > platform_lock.tmp
    # The exe embeds data/shaders/ as code/render/embedded_shaders.h: rewritten from the files first
    # by misc/embed_shaders.cpp (the tool build.bat runs too), built with the host compiler.
    if [ ! -x embed_shaders ] || [ "$ENGINE_ROOT/misc/embed_shaders.cpp" -nt embed_shaders ]; then
        g++ -std=c++14 -O1 -Wall -Wextra -Werror "$ENGINE_ROOT/misc/embed_shaders.cpp" -o embed_shaders || status=1
    fi
    [ $status -eq 0 ] && { ./embed_shaders "$ENGINE_ROOT" || status=1; }
    [ $status -eq 0 ] || { rm -f platform_lock.tmp; return 1; }
    # What the exe was built from: $exe_record.d (the headers GCC read), .cmd (the command) and the
    # record itself (the compile's start time, and which win32_platform.exe that build wrote: another
    # mode's build replaces the file).
    command="$MINGW_CXX $MINGW_FLAGS $defines -mwindows $ENGINE_ROOT/code/win32/win32_main.cpp -luser32 -lgdi32 -lopengl32 -lwinmm"
    record="$BUILD_DIR/obj/exe-$mode$MINGW_OPTIMIZATION/win32_platform.exe.built"
    if [ -n "$only_when_stale" ] && [ -f win32_platform.exe ] && ! object_is_stale "$record" "$command" &&
        [ "$(<"$record")" = "$(stat -c '%.9Y %s' win32_platform.exe)" ]; then
        echo "win32_platform.exe is up to date"
        rm -f platform_lock.tmp
        return 0
    fi
    mkdir -p "$(dirname "$record")" && rm -f "$record.cmd" || { rm -f platform_lock.tmp; return 1; }
    started=$EPOCHREALTIME
    $MINGW_CXX $MINGW_FLAGS $defines -mwindows "$ENGINE_ROOT/code/win32/win32_main.cpp" \
        -o win32_platform_build.tmp -luser32 -lgdi32 -lopengl32 -lwinmm -MMD -MF "$record.d.tmp" -MT OBJECT_TARGET || status=1
    if [ $status -eq 0 ]; then
        cp -f win32_platform_build.tmp win32_platform_next_build.tmp && mv -f win32_platform_next_build.tmp win32_platform_next.exe &&
            mv -f win32_platform_build.tmp win32_platform.exe || status=1
    fi
    if [ $status -eq 0 ]; then
        mv -f "$record.d.tmp" "$record.d" && stat -c '%.9Y %s' win32_platform.exe >"$record" &&
            touch -d "@${started/,/.}" "$record" && echo "$command" >"$record.cmd"
    fi
    rm -f win32_platform_build.tmp win32_platform_next_build.tmp "$record.d.tmp" platform_lock.tmp
    return $status
}

# build_everything: the exe's one long compile beside the games' units (2 cores: the exe takes one,
# the units share the other); fails when any of the three failed.
build_everything() {
    local platform_pid status=0
    build_platform only-when-stale &
    platform_pid=$!
    # NOTE: the games in a subshell: their compiles' `wait` must not reap (or wait for) the exe's job.
    (
        games_status=0
        build_game || games_status=1
        build_starter || games_status=1
        exit $games_status
    ) || status=1
    wait "$platform_pid" || status=1
    return $status
}

case "$target" in
    dev|release) build_everything ;;
    game) build_game ;;
    starter) build_starter ;;
    platform) build_platform ;;
    *) echo "usage: misc/build.sh [debug] [release|game|starter|platform]"; exit 2 ;;
esac
