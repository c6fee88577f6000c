#!/usr/bin/env bash
# Trace suite: the demo under Wine with --trace. A 120-frame trace parses as JSON, names a track
# per engine thread, holds the demo's graph jobs on worker tracks, frame marks in order and a
# reload instant; a block spanning frames is one event and an overflowing per-thread ring is marked;
# runs ended by the quit file (one after a crash and rollback, both named in the
# trace) or by exit code 3 leave valid JSON; --trace-frames limits the window;
# speedscope (npm) in headless chromium shows the threads and the jobs (read back by OCR).
# What --trace costs a frame is tests/bench/bench_trace.sh's figure, not measured here.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/suite_trace"
rm -rf "$out"
mkdir -p "$out"
ensure_display
trap stop_own_display EXIT
work="$out/e2e"
make_work_copy "$work"
check "engine builds in a private copy" build_engine_copy "$work"
exe="$work/build/win32_platform.exe"

run_engine_logged "$out/t120.log" wine "$exe" --frames 120 --unthrottled --size 320x180 --log "$out/t120.log" --trace "$out/t120.json"
check "a traced 120-frame run exits 0" test $? -eq 0
check_trace() {
    python3 - "$@" <<'EOF'
import json, sys
path, what = sys.argv[1], sys.argv[2]
events = json.load(open(path))['traceEvents']
names = {e['tid']: e['args']['name'] for e in events if e['ph'] == 'M' and e['name'] == 'thread_name'}
jobs = [e for e in events if e['ph'] == 'X' and e.get('cat') == 'job']
frames = [int(e['name'].split()[1]) for e in events if e['ph'] == 'i' and e['name'].startswith('frame ')]
instants = [e['name'] for e in events if e['ph'] == 'i']
if what == 'tracks':
    ok = names.get(0) == 'main' and sum(1 for tid, name in names.items() if name.startswith('worker')) >= 1
    print(sorted(names.values()))
elif what == 'jobs':
    on_workers = {e['name'] for e in jobs if e['tid'] != 0}
    print(sorted(on_workers))
    ok = {'simulate', 'collide', 'render', 'grid: fill'} <= on_workers
elif what == 'frames':
    ok = len(frames) >= int(sys.argv[3]) and frames == sorted(frames) and len(set(frames)) == len(frames)
    print(len(frames), frames[:3], frames[-3:])
elif what == 'reload':
    ok = any(name.startswith('reload: game code version 1 loaded') for name in instants)
elif what == 'spanning':
    blocks = [e for e in events if e['ph'] == 'X' and e['name'] == sys.argv[3]]
    marks = [e['ts'] for e in events if e['ph'] == 'i' and e['name'].startswith('frame ')]
    inside = [max(sum(1 for t in marks if b['ts'] < t < b['ts'] + b['dur']) for b in blocks)] if blocks else [0]
    print(len(blocks), [round(b['dur'] / 1000.0, 1) for b in blocks], 'frame marks inside:', inside[0])
    ok = len(blocks) == 1 and blocks[0]['dur'] >= float(sys.argv[4]) * 1000.0 and inside[0] >= 2
elif what == 'named':
    count = sum(1 for e in events if e['ph'] == 'X' and e['name'] == sys.argv[3])
    print(count)
    ok = count >= int(sys.argv[4])
elif what == 'instant':
    ok = any(name.startswith(sys.argv[3]) for name in instants)
elif what == 'at_most':
    ok = len(frames) <= int(sys.argv[3])
    print(len(frames))
sys.exit(0 if ok else 1)
EOF
}
check "the trace parses and names a track per engine thread (main, workers)" check_trace "$out/t120.json" tracks
check "the demo's graph jobs are on worker tracks" check_trace "$out/t120.json" jobs
check "frame marks in order, one per frame" check_trace "$out/t120.json" frames 119
check "a reload instant with its log text" check_trace "$out/t120.json" reload
check "asset arrivals as instants with their log text" check_trace "$out/t120.json" instant "assets: 'textures/ground.bmp' arrived"

# Ended by the quit file: the file is valid JSON as it stands.
rm -f "$out/quit"
start_engine_logged "$out/quit.log" wine "$exe" --quit-file "$out/quit" --size 320x180 --log "$out/quit.log" --trace "$out/quit.json"
pid=$ENGINE_PID
wait_for_log "$out/quit.log" "frame: first frame presented" 90
sleep 2
touch "$out/quit"
wait_for_exit "$pid" 60
check "a run ended by the quit file exits 0" test "$LAST_EXIT_STATUS" -eq 0
check "its trace is valid JSON with frames" check_trace "$out/quit.json" frames 2
wine "$exe" --frames 60 --unthrottled --size 320x180 --trace-frames 10 --trace "$out/t10.json" >/dev/null 2>&1
check "--trace-frames 10 keeps 10 frames" check_trace "$out/t10.json" at_most 10

# Per-thread rings (tests/fixtures/trace_game.cpp): a background block that lasts 400 ms, so its
# begin and end are drained at different frames, is one complete event; a burst of 24,000 events on
# one thread within a frame overflows that thread's ring: the gap is marked and logged, the rest kept.
check "the trace fixture game builds" build_fixture_dll trace_game tests/fixtures/trace_game.cpp "$work/code"
run_engine_logged "$out/rings.log" wine "$exe" --game "$out/trace_game.dll" --frames 60 --unthrottled --size 320x180 \
    --log "$out/rings.log" --trace "$out/rings.json"
check "the fixture's traced run exits 0" test $? -eq 0
check "a block spanning frames is one complete event of >= 350 ms with frame marks inside" \
    check_trace "$out/rings.json" spanning "slow background task" 350
check "an overflowing ring is marked in the trace" check_trace "$out/rings.json" instant "trace: "
check "and logged once, naming the thread" grep -qE "warning: trace: [0-9]+ events dropped on (main thread|worker) [0-9]+" "$out/rings.log"
check "what fit in the ring is kept (>= 1000 burst blocks)" check_trace "$out/rings.json" named burst 1000
echo "outcome: $(grep -m 1 'trace: [0-9]* events dropped' "$out/rings.log" | cut -c1-200)"

# A long trace: 600 frames. NOTE: 256 entities, not the demo's 4,096: what is checked is the file,
# and every llvmpipe frame of the full scene is CPU the other lane waits for. What --trace costs a
# frame, and a full 600-frame trace's size, are tests/bench/bench_trace.sh's figures.
wine "$exe" --frames 600 --unthrottled --size 320x180 --entities 256 --trace "$out/t600.json" >/dev/null 2>&1
check "a 600-frame trace parses" check_trace "$out/t600.json" frames 599

# The trace in a real viewer: speedscope (the npm package, served from a local folder) in Debian's
# headless chromium, driven by playwright-core. What speedscope puts on the page is read back, and
# its screenshots are read by OCR (tesseract): the job names must be in the pixels, not only in JSON.
viewer_tools="$BUILD_DIR/viewer_tools"
install_viewer_tools() {
    mkdir -p "$viewer_tools"
    cmp -s tests/viewer/package.json "$viewer_tools/package.json" && [ -d "$viewer_tools/node_modules/speedscope" ] &&
        [ -d "$viewer_tools/node_modules/playwright-core" ] && return 0
    cp tests/viewer/package.json "$viewer_tools/package.json"
    (cd "$viewer_tools" && npm install --no-audit --no-fund --loglevel=error) >"$out/npm.log" 2>&1
}
check "speedscope and playwright-core install from npm (tests/viewer/package.json)" install_viewer_tools
# NOTE: a second attempt only when the browser itself failed (a headless chromium start can time
# out on a loaded machine); what the viewer shows is checked below either way.
open_in_viewer() { node tests/viewer/trace_in_speedscope.mjs "$viewer_tools" "$out/t120.json" "$out" >"$out/viewer.txt" 2>&1; }
open_in_viewer || { echo "viewer: first attempt failed ($(tail -n 1 "$out/viewer.txt")); trying again"; open_in_viewer; }
check "speedscope in headless chromium opens the 120-frame trace" test $? -eq 0
sed 's/^/    viewer: /' "$out/viewer.txt" | cut -c1-200
viewer_has_tracks() { grep -q '^track main: ' "$out/viewer.txt" && grep -q '^track worker [0-9]*: ' "$out/viewer.txt"; }
check "speedscope shows a track per engine thread (main and workers)" viewer_has_tracks
viewer_lists_jobs() {   # one worker track's table holds all four
    local line job missing
    while IFS= read -r line; do
        missing=0
        for job in simulate collide render 'grid: fill'; do grep -qF "|$job|" <<<"|${line#*: }|" || missing=1; done
        [ "$missing" -eq 0 ] && return 0
    done < <(grep '^track worker' "$out/viewer.txt")
    return 1
}
check "speedscope's table for a worker track lists the demo's graph jobs" viewer_lists_jobs
ocr_shows_jobs() {   # PNG MINIMUM: tesseract reads at least MINIMUM of the demo's job names
    local text found=0 job
    text=$(tesseract "$1" - 2>/dev/null) || return 1
    for job in simulate collide render 'grid: fill'; do grep -qF "$job" <<<"$text" && found=$((found + 1)); done
    echo "$1: OCR found $found job names" >&2
    [ "$found" -ge "$2" ]
}
check "the viewer's screenshot of the worker's table shows every job name (OCR)" ocr_shows_jobs "$out/speedscope_sandwich.png" 4
check "the viewer's flame graph screenshot shows job names (OCR)" ocr_shows_jobs "$out/speedscope_flamegraph.png" 2

# A crash and its rollback: the trace names both and stays valid; the run ends by the quit file.
run="$work/rollback_run"
mkdir -p "$run"
cp "$work/build/win32_platform.exe" "$run/"
# The fixture game and a build of it that crashes (the same state layout, so the crash build loads).
check "the fixture game builds" build_fixture_dll fixture_good tests/fixtures/fault_game.cpp "$work/code"
cp "$out/fixture_good.dll" "$run/game.dll"
check "a crashing build of the fixture game builds (access violation in the update)" \
    build_fixture_dll crash_update tests/fixtures/fault_game.cpp "$work/code" -DGAME_TEST_CRASH_PLACE=1 -DGAME_TEST_CRASH_KIND=1
rm -f "$run/quit"
start_engine_logged "$out/rollback.log" wine "$run/win32_platform.exe" --quit-file "$run/quit" --size 320x180 --unthrottled \
    --log "$out/rollback.log" --trace "$out/rollback.json"
pid=$ENGINE_PID
wait_for_log "$out/rollback.log" "frame: first frame presented" 90
install_game_dll "$run" "$out/crash_update.dll"
check "the crashing build is rolled back" wait_for_log "$out/rollback.log" "rollback: running the code of version" 60
sleep 1
touch "$run/quit"
wait_for_exit "$pid" 60
check "the run with a rollback exits 0 by the quit file" test "$LAST_EXIT_STATUS" -eq 0
check "its trace is valid JSON with frames" check_trace "$out/rollback.json" frames 2
check "its trace holds the crash as an instant with its log text" check_trace "$out/rollback.json" instant "crash: access violation in game_loaded_"
check "its trace holds the rollback as an instant" check_trace "$out/rollback.json" instant "rollback: "

# Exit code 3 (the --screenshot at exit cannot be written: its folder went away): the trace is valid.
mkdir -p "$out/shots"
wine "$exe" --frames 150 --unthrottled --size 320x180 --log "$out/exit3.log" --screenshot "$out/shots/last.png" \
    --trace "$out/exit3.json" >/dev/null 2>&1 &
pid=$!
wait_for_log "$out/exit3.log" "frame: first frame presented" 90
rm -rf "$out/shots"
wait_for_exit "$pid" 90
check "a run whose exit screenshot cannot be written exits 3" test "$LAST_EXIT_STATUS" -eq 3
check "its trace is valid JSON with frames" check_trace "$out/exit3.json" frames 2

summary
