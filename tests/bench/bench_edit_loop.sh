#!/usr/bin/env bash
# The code loop from the outside (figures printed, never asserted; not run in CI): with the engine
# running, a value in a code line of the game is edited and saved, the game is rebuilt the way a
# developer does (misc/build.sh game|starter with MinGW; build.bat game|starter under Wine's cmd with
# the MSVC stand-in, tests/msvc_standin), and each stage is timed from the file's save (its write
# time):
#   build      save -> the build command returned
#   detection  the build's DLL written -> the running exe noticed it (from the exe's reload line)
#   load       copy, load and checks of the new build (the reload line)
#   swap       the frame boundary's swap (the reload line)
#   running    save -> the first frame of the new code began ("first frame of version V at walltime T")
# Medians over the edits of each line, with the machine's load (1-minute average) beside each.
# The edits (real code, not tunables), each toggled between two values so every build changes:
#   demo     code/demo/demo_world.cpp (gravity: the per-entity step) and code/demo/demo_frame_jobs.cpp
#            (the culling's field of view; in demo_frame.cpp in trees before the jobs had a file), and
#            code/demo/demo_tuning.h (the spin speed, the edit issue 46 measured: a tunable's line
#            edited by hand, so every unit that reads a tunable compiles again), the demo running (game.dll)
#   starter  code/starter/starter.cpp (the camera's pitch), the exe run with --game build/starter.dll
# The reload line is parsed in two forms: the one with every stage ("reload: game code version V
# running (replacing U): build seen W ms after it was written, loaded beside the frames in L ms
# (copy C, load D, checks E), swap S ms at frame N (...)") and the older one ("reload: game code
# version V loaded (replacing U) in T ms (copy+load C, drain X, swap S; ...)": no detection figure,
# n/a; load = copy+load, swap = drain + swap).
# Usage: tests/bench/bench_edit_loop.sh [--before REV] [--edits N] [--toolchains "mingw msvc"]
#   --before REV  first the same measurements on the tree of git revision REV (its own build
#                 scripts and code: "before"), then on this work tree ("after"), in one sitting
#   --edits N     edits per line (default 5)
# Works in build/bench_edit_loop/ (copies of the engine; the runs' logs and per-edit figures).
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh
source tests/suites/msvc_standin_lib.sh

before_rev=""
edits=5
toolchains="mingw msvc"
while [ $# -gt 0 ]; do
    case "$1" in
        --before) before_rev=$2; shift 2 ;;
        --edits) edits=$2; shift 2 ;;
        --toolchains) toolchains=$2; shift 2 ;;
        *) echo "usage: tests/bench/bench_edit_loop.sh [--before REV] [--edits N] [--toolchains \"mingw msvc\"]"; exit 2 ;;
    esac
done
out="$BUILD_DIR/bench_edit_loop"
rm -rf "$out"
mkdir -p "$out"
ensure_display
trap stop_own_display EXIT
if [[ " $toolchains " == *" msvc "* ]] && ! msvc_standin_install >"$out/standin_install.txt" 2>&1; then
    echo "the MSVC stand-in does not build: $(tail -n 3 "$out/standin_install.txt")"
    exit 1
fi

load() { cut -d' ' -f1 /proc/loadavg; }
ms_between() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.0f", (a - b) * 1000}'; }
# median_ms: the median of the numbers on stdin, "N ms" (tenths below 100), or n/a when there are none.
median_ms() {
    local m
    m=$(grep -E '^[0-9.]+$' | median)
    if [[ $m =~ ^[0-9.]+$ ]]; then awk -v m="$m" 'BEGIN {printf (m >= 100 ? "%.0f ms" : "%.1f ms"), m}'; else echo "n/a"; fi
}

# The edits: GAME FILE FIRST SECOND LABEL (FIRST is in the file as shipped; each edit toggles).
edit_lines=(
    "demo code/demo/demo_world.cpp|const f32 gravity = -9.8f;|const f32 gravity = -9.7f;|demo_world.cpp (gravity, the per-entity step)"
    "demo code/demo/demo_frame_jobs.cpp,code/demo/demo_frame.cpp|tanf(0.5f * 1.1f);|tanf(0.5f * 1.2f);|demo_frame_jobs.cpp (the culling's field of view; demo_frame.cpp before 2026-11-29)"
    "demo code/demo/demo_tuning.h|DEMO_TUNING_SPIN_SPEED, 0.50f,|DEMO_TUNING_SPIN_SPEED, 0.51f,|demo_tuning.h (the spin speed, a tunable's line edited by hand: every unit that reads a tunable compiles again)"
    "starter code/starter/starter.cpp|f32 pitch = -0.4f;|f32 pitch = -0.41f;|starter.cpp (the camera's pitch)"
)

# engine_copy LABEL TOOLCHAIN: a fresh copy for one run: this work tree, or the tree of $before_rev.
engine_copy() {
    local dest="$out/$1-$2"
    if [ "$1" = before ]; then
        mkdir -p "$dest" && git archive "$before_rev" code misc data build.bat | tar -x -C "$dest"
    else
        make_work_copy "$dest" build.bat
    fi
    echo "$dest"
}

# game_build ENGINE TOOLCHAIN TARGET: the developer's build command.
game_build() {
    if [ "$2" = mingw ]; then (cd "$1" && bash misc/build.sh $3)
    else msvc_standin_build_bat "$1" $3
    fi
}

# reload_stages LOG VERSION: "detection load swap" of that reload (ms; n/a when the line lacks one).
reload_stages() {
    local line
    # NOTE: the line with every stage first: a build may log both forms.
    line=$(grep -m 1 -F "reload: game code version $2 running (replacing" "$1")
    [ -n "$line" ] || line=$(grep -m 1 -F "reload: game code version $2 loaded (replacing" "$1")
    if [[ $line =~ build\ seen\ ([0-9.]+)\ ms.*beside\ the\ frames\ in\ ([0-9.]+)\ ms.*swap\ ([0-9.]+)\ ms ]]; then
        echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]}"
    elif [[ $line =~ copy\+load\ ([0-9.]+),\ drain\ ([0-9.]+),\ swap\ ([0-9.]+) ]]; then
        echo "n/a ${BASH_REMATCH[1]} $(awk -v a="${BASH_REMATCH[2]}" -v b="${BASH_REMATCH[3]}" 'BEGIN {printf "%.2f", a + b}')"
    else
        echo "n/a n/a n/a"
    fi
}

# measure LABEL TOOLCHAIN GAME: the game's edits on a running engine; a figures line per edit line.
measure() {
    local label=$1 toolchain=$2 game=$3 engine=$4
    local run="$out/$label-$toolchain-$game" log pid version=1 entry file first second name edit text
    local save done_at first_frame stages started_load
    mkdir -p "$run"
    log="$run/engine.log"
    local game_args=() target=game running_line="game: code version 1 running"
    if [ "$game" = starter ]; then game_args=(--game build/starter.dll); target=starter; running_line="starter: code version 1 running"; fi
    (cd "$engine" && exec wine build/win32_platform.exe --log "$log" --quit-file "$run/quit" --size 320x180 "${game_args[@]}") \
        >/dev/null 2>&1 &
    pid=$!
    if ! wait_for_log "$log" "$running_line" 90; then
        echo "$label $toolchain $game: the engine did not start (see $log)"
        kill "$pid" 2>/dev/null
        return 1
    fi
    sleep 1
    for entry in "${edit_lines[@]}"; do
        [ "${entry%% *}" = "$game" ] || continue
        IFS='|' read -r file first second name <<<"${entry#* }"
        # FILE may name candidates "a.cpp,b.cpp": the first that holds the line (a line that moved
        # to another file between the trees compared).
        local candidate
        for candidate in ${file//,/ }; do
            grep -qF -e "$first" -e "$second" "$engine/$candidate" 2>/dev/null && { file=$candidate; break; }
        done
        : >"$run/figures_$(basename "$file").txt"
        started_load=$(load)
        for edit in $(seq 1 "$edits"); do
            text=$first; [ $((edit % 2)) -eq 1 ] && text=$second
            python3 - "$engine/$file" "$first" "$second" "$text" <<'EOF' || { echo "edit of $file failed"; return 1; }
import sys
path, first, second, text = sys.argv[1:]
source = open(path).read()
old = first if first in source else second
if source.count(old) != 1: sys.exit(1)
open(path, "w").write(source.replace(old, text))
EOF
            save=$(stat -c %.9Y "$engine/$file")
            game_build "$engine" "$toolchain" "$target" >"$run/build_$(basename "$file")_$edit.txt" 2>&1 ||
                { echo "$label $toolchain: build after edit $edit of $file failed (see $run)"; return 1; }
            done_at=$EPOCHREALTIME
            version=$((version + 1))
            if ! wait_for_log "$log" "first frame of version $version at walltime" 30; then
                echo "$label $toolchain $game: version $version never ran"
                return 1
            fi
            first_frame=$(grep -m 1 "first frame of version $version at walltime" "$log" | sed -E 's/.*walltime ([0-9.]+).*/\1/')
            stages=$(reload_stages "$log" "$version")
            echo "$(ms_between "$done_at" "$save") $stages $(ms_between "$first_frame" "$save") $(load)" >>"$run/figures_$(basename "$file").txt"
            sleep 0.5
        done
        local figures="$run/figures_$(basename "$file").txt"
        printf '%-7s %-6s %-8s %s, %s edits [load %s -> %s]:\n' "$label" "$toolchain" "$game" "$name" "$edits" "$started_load" "$(load)"
        printf '    save -> build done %s | detection %s | load %s | swap %s | save -> new code running %s   (medians; load %s)\n' \
            "$(awk '{print $1}' "$figures" | median_ms)" "$(awk '{print $2}' "$figures" | median_ms)" \
            "$(awk '{print $3}' "$figures" | median_ms)" "$(awk '{print $4}' "$figures" | median_ms)" \
            "$(awk '{print $5}' "$figures" | median_ms)" "$(load)"
    done
    touch "$run/quit"
    wait_for_exit "$pid" 30 || kill "$pid" 2>/dev/null
}

echo "machine: $(nproc) cores, load $(load) at start; edits per line: $edits; engine at 320x180 (Wine + llvmpipe)"
labels="after"
[ -n "$before_rev" ] && labels="before after"
for label in $labels; do
    for toolchain in $toolchains; do
        engine=$(engine_copy "$label" "$toolchain") || { echo "no copy for $label"; exit 1; }
        build_start=$EPOCHREALTIME
        if ! game_build "$engine" "$toolchain" "" >"$out/$label-$toolchain-full_build.txt" 2>&1; then
            echo "$label $toolchain: the full build failed (see $out/$label-$toolchain-full_build.txt)"
            continue
        fi
        echo "$label $toolchain: full build from a clean copy $(ms_between "$EPOCHREALTIME" "$build_start") ms [load $(load)]"
        # Unchanged: what a build costs when nothing changed (the old scripts rebuild everything).
        build_start=$EPOCHREALTIME
        game_build "$engine" "$toolchain" game >/dev/null 2>&1
        echo "$label $toolchain: game build with nothing changed $(ms_between "$EPOCHREALTIME" "$build_start") ms [load $(load)]"
        for game in demo starter; do measure "$label" "$toolchain" "$game" "$engine"; done
    done
done
echo "load at the end: $(load)"
