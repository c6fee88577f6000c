#!/usr/bin/env bash
# The demo's frame as one job graph, end to end:
#  - native unit tests (plain and ThreadSanitizer): sub-buffer reservation, slot-order walk,
#    overflow refusal, the broadphase against brute force (tests/unit/test_frame_graph.cpp);
#  - the graph's shape as the demo logs it (--game-arg log-frame-graph=1): every job name and what
#    it waits for;
#  - collisions happen, cubes are culled and drawn, no command is refused;
#  - determinism: the state hash after 300 frames is the same with 1 and with 3 workers;
#  - background loading: with every load held back 45 frames (a copy of the demo whose load task
#    waits), the frames go on with a visible loading bar; a corrupt texture and a missing sound
#    arrive late as their fallbacks, named;
#  - reload-safe repeating tasks: they keep running across 6 reloads, and a build that no longer
#    exports one (a copy of the demo with the export renamed) drops it with a logged line;
#  - the frame benchmark's summary lines, from a tiny run (tests/bench/bench_frame_graph.sh), the native
#    scaling table's rows, its awake window (--awake-ms), and an entity count the fixture cannot
#    hold refused with its reason;
#  - the benchmark's variant with each batch's collisions in 3 jobs (bench_cores.sh): it says so, and
#    it leaves the fixture's state frame by frame (a capsule replayed with it under --compare);
#  - bench_cores.sh, tiny (2 threads, 5 frames): its static binaries carried to --run-only, every
#    part within the budget saying how it ended, a summary line for every goal; and the work-queue
#    benchmark's --total-seconds, which leaves out the thread counts that would pass it.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/suite_frame_graph"
rm -rf "$out"
mkdir -p "$out/run"
work="$out/src"
make_work_copy "$work" tests/bench tests/fixtures tests/suites/test_lib.sh

#- Unit tests (tests/unit/unit_tests.txt): natively, plain and under ThreadSanitizer (scaled down)
UNIT_TEST_SCALE[tsan]=5
run_unit_tests frame_graph
check "MSVC-dialect compile of the benchmark builds (tests/bench/bench_frame_graph_game.cpp, _native.cpp)" \
    tests/tools/msvc_check.sh tests/bench/bench_frame_graph_game.cpp tests/bench/bench_frame_graph_native.cpp

#- Builds: the engine, and game.dll variants
check "engine and game build" build_engine_copy "$work"
exe="$work/build/win32_platform.exe"
# demo_variant NAME FILE SED-EXPRESSION DEFINES...: a copy of the demo's code with FILE (under code/)
# edited, built as $out/NAME.dll; an edit that changed nothing fails (the demo moved on: update it).
demo_variant() {
    local name=$1 file=$2 expression=$3
    shift 3
    copy_code_tree "$out/${name}_src"
    sed -i "$expression" "$out/${name}_src/$file"
    if cmp -s "$work/code/$file" "$out/${name}_src/$file"; then fail "variant $name: the edit of $file changed nothing"; fi
    build_game_dll "$name" "$out/${name}_src/demo/demo_main.cpp" "$@" || fail "build of variant $name"
}
# The disk made slow: the demo's first load of each asset (its one-shot task; the first update asks
# for every asset, at framesSeen 0) waits until 45 frames have run; the wait gives up when no new
# frame came for 1.5 * 10^10 cycles (some 5 to 7 s), so a shorter run still shuts down: its exit
# waits for these tasks. NOTE: it gave up after a fixed 6 * 10^10 cycles before, and the 20-frame
# run's exit spun that long on every held load (22 s of CPU).
cat >"$out/slow_load.txt" <<'EOF'
    {   // suite_frame_graph: held back 45 frames
        u32 seen = AtomicLoadU32(&slot->assets->framesSeen);
        u64 lastNewFrame = ReadCycleCounter();
        while (seen < 45)
        {
            CpuPause();
            u32 now = AtomicLoadU32(&slot->assets->framesSeen);
            if (now != seen) { seen = now; lastNewFrame = ReadCycleCounter(); }
            else if (ReadCycleCounter() - lastNewFrame > 15000000000ull) break;
        }
    }
EOF
demo_variant slow_assets demo/demo_assets.cpp "/^    demo_asset_slot \*slot = (demo_asset_slot \*)data;\$/r $out/slow_load.txt" \
    -DGAME_DEBUG_OVERLAY_AT_START=0 &
# The asset watcher's export renamed: the demo still registers "demoWatchAssetsTask" by name.
demo_variant without_watcher demo/demo_assets.cpp \
    's/PLATFORM_WORK_QUEUE_CALLBACK(demoWatchAssetsTask)$/PLATFORM_WORK_QUEUE_CALLBACK(demoWatchAssetsTaskRenamed)/'
wait
check "MSVC-dialect compile of the fixture game (tests/fixtures/fixture_game.cpp)" tests/tools/msvc_check.sh tests/fixtures/fixture_game.cpp

export WINEDLLOVERRIDES="winedbg.exe=d;${WINEDLLOVERRIDES}"
ensure_display

# run_engine NAME ARGS...: one scripted run of the default build, its log in $out/NAME.log.
run_engine() {
    local name=$1
    shift
    run_engine_logged "$out/$name.log" timeout --kill-after=10 300 wine "$exe" --unthrottled --size 320x180 --log "$out/$name.log" "$@"
}

#- Shape, collisions, determinism across worker counts
for workers in 1 3; do
    run_engine "workers_$workers" --frames 302 --fixed-dt 0.0166667 --loop 300,1 --workers "$workers"
    check "$workers worker(s): the run exits 0 after 302 frames" grep -q "exiting cleanly after 302 frames" "$out/workers_$workers.log"
done
log="$out/workers_3.log"
# The demo logs its graph's shape when asked (--game-arg log-frame-graph=1), same run settings.
run_engine shape --frames 2 --fixed-dt 0.0166667 --workers 3 --game-arg log-frame-graph=1
# NOTE: 3 workers + the caller are 4 threads: 4 batches per thread, so 16 (of 256 entities), not 4096 / 512.
shape="frame graph: 71 jobs, 161 dependencies, 16 batches of 256 entities: [camera+input x1 after:] [grid: clear x1 after:] \
[sound mix x1 after:] [scene x1 after: camera+input,] [simulate x16 after: camera+input, grid: clear,] \
[grid: prefix x1 after: simulate,] [grid: fill x16 after: grid: prefix,] [grid: filled x1 after: grid: fill,] \
[collide x16 after: grid: filled,] [render x16 after: simulate, scene,] [end of frame x1 after: collide, render,]"
check "the demo's frame graph has its shape (jobs, names, dependencies)" grep -qF "$shape" "$out/shape.log"
grep -qF "$shape" "$out/shape.log" || { echo "    expected: $shape"; grep "frame graph:" "$out/shape.log" | head -n 1 | sed 's/^/    got:      /'; }
collisions=$(grep -oE "frame 300: 4096 entities, [0-9]+ collisions" "$log" | awk '{print $5}')
check "entities collide with each other (${collisions:-0} collisions in 300 frames)" test "${collisions:-0}" -gt 100
check "no render command was refused" bash -c "! grep -q 'did not fit' '$log'"
check "no error in the 3-worker run" grep -q " 0 errors" "$log"
hash1=$(grep -oE "loop: recording from frame 300 .*hash [0-9a-f]+" "$out/workers_1.log" | awk '{print $NF}')
hash3=$(grep -oE "loop: recording from frame 300 .*hash [0-9a-f]+" "$out/workers_3.log" | awk '{print $NF}')
check "the state hash after 300 frames was logged in both runs" test -n "$hash1" -a -n "$hash3"
check "state hash after 300 frames: 1 worker ($hash1) == 3 workers ($hash3)" test "$hash1" = "$hash3"

#- Background loading, late, with a corrupt texture and a missing sound
slow="$out/slow"
mkdir -p "$slow"
cp "$exe" "$slow/"
cp "$out/slow_assets.dll" "$slow/game.dll"
cp -r "$work/data" "$slow/data"
head -c 70 "$work/data/textures/ground.bmp" >"$slow/data/textures/ground.bmp"
rm -f "$slow/data/sounds/chime.wav"
# NOTE: --watchdog 60: a held-back load is a background task that waits on purpose; on a loaded
# machine 45 frames can outlast the default 10 s limit, which would interrupt it as a hang.
slow_run() {
    local name=$1 frames=$2
    run_engine_logged "$out/$name.log" timeout --kill-after=10 300 wine "$slow/win32_platform.exe" --frames "$frames" --unthrottled \
        --fixed-dt 0.0166667 --size 320x180 --watchdog 60 --log "$out/$name.log" --screenshot "$out/$name.bmp"
}
slow_run loading 20
check "loading: 20 frames run while every asset is still on its way (no frame waits on the disk)" \
    grep -q "exiting cleanly after 20 frames" "$out/loading.log"
check "loading: nothing has arrived by frame 20" bash -c "! grep -q 'assets: .* arrived' '$out/loading.log'"
# pixel X Y FILE: "r g b" of a pixel of a 24/32-bit BMP (y from the top).
pixel() {
    python3 - "$1" "$2" "$3" <<'EOF'
import struct, sys
x, y, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
data = open(path, 'rb').read()
offset = struct.unpack_from('<I', data, 10)[0]
width, height = struct.unpack_from('<ii', data, 18)
bpp = struct.unpack_from('<H', data, 28)[0] // 8
row = (abs(height) - 1 - y) if height > 0 else y
stride = (width * bpp + 3) & ~3
b, g, r = data[offset + row * stride + x * bpp: offset + row * stride + x * bpp + 3]
print(r, g, b)
EOF
}
# near "r g b" R G B: each channel within 12; not_near the opposite.
near() {
    local r g b
    read -r r g b <<<"$1"
    [ $(( (r-$2)*(r-$2) < 144 && (g-$3)*(g-$3) < 144 && (b-$4)*(b-$4) < 144 )) -eq 1 ]
}
not_near() { ! near "$@"; }
early=$(pixel 60 28 "$out/loading.bmp" 2>/dev/null || echo "0 0 0")
check "loading: the loading bar is on screen (pixel $early)" near "$early" 220 150 40
slow_run arrived 90
for asset in textures/ground.bmp fonts/engine_font.bmp sounds/click.wav sounds/chime.wav; do
    frame=$(grep -oE "assets: '$asset' arrived.* frame [0-9]+" "$out/arrived.log" | grep -oE "[0-9]+$" | head -n 1)
    check "arrived late: $asset at frame ${frame:-never} (held back 45)" test "${frame:-0}" -ge 45
done
check "the corrupt texture arrives as its fallback" grep -q "assets: 'textures/ground.bmp' arrived as its fallback" "$out/arrived.log"
check "the missing sound arrives as its fallback" grep -q "assets: 'sounds/chime.wav' arrived as its fallback" "$out/arrived.log"
check "the corrupt texture is named in an error" grep -q "error: .*ground.bmp" "$out/arrived.log"
check "the missing sound is named in an error" grep -q "error: .*chime.wav" "$out/arrived.log"
check "the good font arrives as itself" grep -qE "assets: 'fonts/engine_font.bmp' arrived \(" "$out/arrived.log"
check "all 90 frames ran" grep -q "exiting cleanly after 90 frames" "$out/arrived.log"
late=$(pixel 60 28 "$out/arrived.bmp" 2>/dev/null || echo "220 150 40")
check "the loading bar is gone once everything arrived (pixel $late)" not_near "$late" 220 150 40

#- Reload-safe repeating tasks: 6 reloads, then a build without one of the exports
run="$out/run"
cp "$exe" "$run/"
cp -r "$work/data" "$run/data"
cp "$work/build/game.dll" "$out/good.dll"
install_dll() { install_game_dll "$run" "$1"; }
log="$out/reload.log"
install_dll "$out/good.dll"
start_engine_logged "$log" wine "$run/win32_platform.exe" --log "$log" --quit-file "$run/quit" --size 160x120 --fixed-dt 0.0166667
engine=$ENGINE_PID
check "reload engine starts" wait_for_log "$log" "game: tasks so far" 90
reloads=6
last_version=$((reloads + 2))    # the first build, the reloads, then the build without the watcher
reloaded=0
for reload in $(seq 1 "$reloads"); do
    sleep 1      # frames (and task runs) of the build now running
    install_dll "$out/good.dll"
    if wait_for_count "$log" "game: tasks so far" $((reload + 1)) 60; then reloaded=$((reloaded + 1)); fi
done
check "$reloads reloads happened ($reloaded)" test "$reloaded" -eq "$reloads"
sleep 1
install_dll "$out/without_watcher.dll"
check "a build without the watcher's export drops it with a logged line" \
    wait_for_log "$log" "named task 'demoWatchAssetsTask' dropped: game code version $last_version does not export it" 60
sleep 1
touch "$run/quit"
wait_for_exit "$engine" 60
check "reload engine exits 0" test "$LAST_EXIT_STATUS" -eq 0
watcher=$(grep -oE "asset watcher [0-9]+ runs" "$log" | awk '{print $3}' | tr '\n' ' ')
publisher=$(grep -oE "publisher [0-9]+ runs" "$log" | awk '{print $2}' | tr '\n' ' ')
stats=$(grep -oE "frame stats [0-9]+ runs" "$log" | awk '{print $3}' | tr '\n' ' ')
increasing() { echo "$1" | awk -v builds="$last_version" '{ if (NF < builds) exit 1; for (i = 2; i <= NF; ++i) if ($i <= $(i-1)) exit 1 }'; }
check "the repeating background task ran during each of the $last_version builds (runs at each reload: $watcher)" increasing "$watcher"
check "the repeating main-thread task ran during each build ($publisher)" increasing "$publisher"
check "the frame-synchronised task ran during each build ($stats)" increasing "$stats"
check "each reload re-bound the watcher" test "$(grep -c "named task 'demoWatchAssetsTask' bound to game code version" "$log")" -ge "$reloads"
check "the dropped task stays dropped (not bound to version $last_version)" bash -c "! grep -q \"'demoWatchAssetsTask' bound to game code version $last_version\" '$log'"
check "the other tasks are still bound to version $last_version" grep -q "named task 'demoPublishAssetsTask' bound to game code version $last_version" "$log"

#- The benchmark (tests/bench/bench_frame_graph.sh), a tiny run: the summary lines scripts read
(cd "$work" && BENCH_REUSE_BUILD=1 bash tests/bench/bench_frame_graph.sh 61 1024) >"$out/bench.txt" 2>&1
summary_form='^entities 1024: wine-serial [0-9.]+ ms, wine-default [0-9.]+ ms, native [0-9.]+ ms, '
summary_form+='engine/native [0-9.]+x, 2-vs-1 [0-9.]+x, rollback [0-9.]+ ms/frame$'
check "benchmark: the summary line of a count has its form (every figure present)" grep -qE "$summary_form" "$out/bench.txt"
check "benchmark: the start-up line has its form" grep -qE '^start to first frame: [0-9.]+ s$' "$out/bench.txt"
grep -E '^(entities|start to)' "$out/bench.txt" | sed 's/^/figure: /'
# The native scaling table (--threads): a row per thread count, printed as each is measured.
bench="$work/build/bench_frame_graph"
"$bench/bench_frame_graph_native" --threads 2 --entities 1024 --frames 6 >"$out/scaling.txt" 2>&1
check "native benchmark --threads 2: a table row for 1 and for 2 threads" \
    bash -c "grep -qE '^ +1 +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+x' '$out/scaling.txt' && grep -qE '^ +2 +[0-9]+ +[0-9.]+ ' '$out/scaling.txt'"
# The shape model's columns: one thread's shape is 1.00x; two threads' lies in (1, 2] (kit_graph_model.h).
check "native benchmark: the shape column says 1.00x for one thread and between 1 and 2 for two" \
    awk '$1 == 1 && $10 == "1.00x" { one = 1 } $1 == 2 && $10 ~ /x$/ { shape = $10 + 0; two = (shape > 1.0 && shape <= 2.0) }
         END { exit !(one && two) }' "$out/scaling.txt"
# Where a row's frame loses (BenchMeasureHandOvers): the scheduler's share of the graph frames' own job
# times, and the frame's hand-overs at its joins and fan-outs, in microseconds.
check "native benchmark: the hand-over columns: sched kept in (0, 2], joins and fan-out us for one and two threads" \
    awk '($1 == 1 || $1 == 2) && NF >= 15 && $13 ~ /^[0-9.]+$/ && $13 > 0 && $13 <= 2 && $14 ~ /^[0-9.]+$/ && $15 ~ /^[0-9.]+$/ { rows++ }
         END { exit rows != 2 }' "$out/scaling.txt"
# The awake window: each update inside it by default (its cap in the header), --awake-ms 0 shuts it,
# a value that is not a number is refused.
check "native benchmark: by default each update runs in the workers' awake window (50 ms cap)" \
    grep -q "workers awake through each update for up to 50 ms" "$out/scaling.txt"
"$bench/bench_frame_graph_native" --threads 2 --entities 1024 --frames 4 --awake-ms 0 >"$out/awake_shut.txt" 2>&1
check "native benchmark --awake-ms 0: the window stays shut, and the table has its rows" \
    bash -c "grep -q 'for up to 0 ms' '$out/awake_shut.txt' && grep -qE '^ +2 +[0-9]+ +[0-9.]+ ' '$out/awake_shut.txt'"
"$bench/bench_frame_graph_native" --threads 2 --awake-ms soon >"$out/awake_bad.txt" 2>&1
status=$?
check "native benchmark --awake-ms soon: refused (exit $status) with the argument named" \
    bash -c "[ $status -eq 2 ] && grep -q 'bad argument --awake-ms soon' '$out/awake_bad.txt'"
# A count the fixture cannot hold is refused, never run as another count (it once ran 4,096 silently).
"$bench/bench_frame_graph_native" 1048576 3 >"$out/refused.txt" 2>&1
status=$?
check "native benchmark: 1048576 entities refused (exit $status) with the fixture's range" \
    bash -c "[ $status -ne 0 ] && grep -q '1048576 entities refused: the fixture runs 1 to 262144 entities' '$out/refused.txt'"
run_engine_logged "$out/refused.log" timeout --kill-after=10 120 wine "$bench/win32_platform.exe" --game "$bench/game.dll" \
    --game-arg entities=1048576 --frames 3 --unthrottled --size 320x180 --log "$out/refused.log"
check "the fixture game refuses entities=1048576 with a logged error and says it runs its default" \
    grep -qF "game: entities=1048576 refused: the fixture runs 1 to 262144 entities; running the default 4096" "$out/refused.log"

#- The collisions in 3 jobs a batch (bench_cores.sh's variant, -DFIXTURE_COLLIDE_PARTS=3): it says so
# in its table, and it leaves the same state as the fixture's one job a batch, frame by frame (a
# capsule of the fixture replayed with the variant under --compare)
$NATIVE_CXX $NATIVE_FLAGS -DFIXTURE_COLLIDE_PARTS=3 "$work/tests/bench/bench_frame_graph_native.cpp" \
    -o "$out/bench_frame_graph_native_collide3" >"$out/collide3_build.txt" 2>&1
"$out/bench_frame_graph_native_collide3" --threads 2 --entities 1024 --frames 6 >"$out/collide3_scaling.txt" 2>&1
check "native benchmark with the collisions in 3 jobs a batch: says so, and has its 2-thread row" \
    bash -c "grep -q 'each batch.s collisions in 3 jobs' '$out/collide3_scaling.txt' && grep -qE '^ +2 +[0-9]+ +[0-9.]+ ' '$out/collide3_scaling.txt'"
build_fixture_dll collide_parts_1 "$work/tests/fixtures/fixture_game.cpp" "$work/code"
build_fixture_dll collide_parts_3 "$work/tests/fixtures/fixture_game.cpp" "$work/code" -DFIXTURE_COLLIDE_PARTS=3
mkdir -p "$out/collide_capsules"
(exec wine "$exe" --game "$out/collide_parts_1.dll" --frames 150 --fixed-dt 0.0166667 --size 160x120 --workers 3 \
    --capsule-dir "$out/collide_capsules" --log "$out/collide_record.log") >/dev/null 2>&1 &
record_pid=$!
# NOTE: a second of frames first, so the capsule holds about 60 of them.
wait_for_log "$out/collide_record.log" "code version 1 running" 60 && sleep 1 && touch "$out/collide_capsules/capsule.request"
wait_for_log "$out/collide_record.log" "capsule: saved" 60
wait_for_exit "$record_pid" 60
capsule=$(ls "$out"/collide_capsules/*.capsule 2>/dev/null | head -n 1)
check "a capsule of the fixture (one collision job a batch) was saved" test -n "$capsule"
run_engine_logged "$out/collide_compare.log" timeout --kill-after=10 120 wine "$exe" --replay "$capsule" \
    --replay-game "$out/collide_parts_3.dll" --compare --log "$out/collide_compare.log"
status=$?
check "the collisions in 3 jobs a batch leave the same state on every frame of it (--compare exit $status)" \
    bash -c "[ $status -eq 0 ] && grep -q 'agree on every frame' '$out/collide_compare.log'"

#- bench_cores.sh (issue 46's script for a many-core machine), tiny: built static here, run from the
# binaries' folder alone, within its budget (no Taskflow: the work-queue goals are not measured)
bash "$work/tests/bench/bench_cores.sh" --build-only "$out/cores_bin" >"$out/cores_build.txt" 2>&1
check "bench_cores.sh --build-only builds its six static binaries" \
    bash -c "ls '$out/cores_bin' | grep -cxE 'bench_frame_graph_native(_collide3)?|bench_work_queue(_fanout4|_fanout16)?|bench_wake' | grep -qx 6"
bash "$work/tests/bench/bench_cores.sh" --run-only "$out/cores_bin" --threads 2 --samples 2 --frames 5 --seconds 1 \
    --budget 120 --out "$out/cores" >"$out/cores_run.txt" 2>&1
check "bench_cores.sh ran its seven parts within the budget, each saying it was done" \
    bash -c "[ \$(grep -c '^part .*: [0-9]* s, done;' '$out/cores/parts.txt') -eq 7 ]"
check "bench_cores.sh's summary: the frame goals measured, the work-queue goals not measured without Taskflow, the sum's speed-up measured" \
    bash -c "[ \$(grep -cE '^  frame speed-up, .* goal >= [0-9.]+: (met|NOT met)\$' '$out/cores/summary.txt') -eq 3 ] &&
             [ \$(grep -cE '^  work queue / Taskflow: .* goal <= [0-9.]+: not measured\$' '$out/cores/summary.txt') -eq 7 ] &&
             grep -qE '^  parallel sum speed-up .* [0-9.]+   goal >= 14: (met|NOT met)\$' '$out/cores/summary.txt' &&
             grep -qE '^  kept .* [0-9.]+   goal >= 0.96' '$out/cores/summary.txt' &&
             grep -qE '^  \(where 65536 entities lose: sched kept [0-9.]+, joins [0-9.]+ us and fan-outs [0-9.]+ us a frame, inflation [0-9.]+x\)' '$out/cores/summary.txt' &&
             grep -qE '^  collisions in 3 jobs a batch .*speed-up 4,096 [0-9.]+x' '$out/cores/summary.txt' &&
             grep -qE '^  wake every worker \(us\) at 2 threads: wake fanout 2 .* [0-9.]+, fanout 4 [0-9.]+, fanout 16 [0-9.]+;' '$out/cores/summary.txt' &&
             grep -qE '^  one release of 1 sleeper\(s\), sem_t / one futex wake \(ratio\): release [0-9.]+ / [0-9.]+ us \([0-9.]+x\), all woken [0-9.]+ / [0-9.]+ us' '$out/cores/summary.txt'"
check "bench_cores.sh refuses a budget under 30 s (exit 2)" \
    bash -c "bash '$work/tests/bench/bench_cores.sh' --run-only '$out/cores_bin' --budget 10 --out '$out/cores_refused' >/dev/null 2>&1; [ \$? -eq 2 ]"
# NOTE: ours over its 1 s limit at 4 threads (fifteen runs of every row take longer: the sum alone is
# three passes over 50M items a run) makes that count last at least 1 s, so 1 s so far plus 1 s for the
# next count is past --total-seconds 1 whatever the machine. Each row of repeated work then has 1/90 s
# (1 s over 15 runs x 6), less than a million empty jobs take on any queue: those rows stop at their
# share, and the wake and the sum, the last rows, still have their figures.
"$out/cores_bin/bench_work_queue" --threads 4 --runs 15 --seconds 1 --total-seconds 1 --runners ours >"$out/total_seconds.txt" 2>&1
check "the work-queue benchmark's --total-seconds: 4 threads measured, 1 and 2 skipped and left out of the scaling table" \
    bash -c "grep -q '^threads 4 (' '$out/total_seconds.txt' && grep -q '^threads 1: skipped: .* past --total-seconds 1' '$out/total_seconds.txt' &&
             grep -q '^threads 2: skipped: ' '$out/total_seconds.txt' && grep -qE '^ +4 +[0-9.]+ ' '$out/total_seconds.txt' &&
             ! grep -qE '^ +1 +[0-9.]+ ' '$out/total_seconds.txt'"
check "the work-queue benchmark's row shares: rows stopped at their share say so, and the wake and the sum rows are measured" \
    bash -c "grep -qE '^  ours: [0-9]+ row runs stopped at their share of its time' '$out/total_seconds.txt' &&
             grep -qE '^  us to wake every worker \(idle 5 ms\) +[0-9.]+ ' '$out/total_seconds.txt' &&
             grep -qE '^  ms parallel sum of 50M items +[0-9.]+ ' '$out/total_seconds.txt'"

stop_own_display
summary
