#!/usr/bin/env bash
# The folder tree is the architecture: this suite keeps README's layout map true.
#  - no source directly in code/: every file lives in its layer's folder;
#  - each layer includes only the layers README allows (base < contract < jobs/render/game_kit;
#    win32 above jobs and render; a game above game_kit), and game code never includes an OS header;
#  - each layer has its unity entry, which says what the layer is in its first lines;
#  - tests and benchmarks include a layer's entry, never their own copy of its file list, and never demo/;
#  - no file in code/ over 600 lines, no function over ~100 (tests/tools/function_lengths.py); README's map names every folder of code/ and tests/;
#  - comments say why, not where an idea came from.
# Static checks only (no build), so it runs in a second.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

#- Every source lives in a layer folder
loose=$(find code -maxdepth 1 -type f \( -name '*.cpp' -o -name '*.h' \) | wc -l)
check "no .cpp or .h directly in code/ (found $loose)" test "$loose" -eq 0

#- Includes follow the layers
# allowed_layers LAYER: the folders a file of LAYER may include (itself always).
allowed_layers() {
    case "$1" in
        base) echo "base" ;;
        contract) echo "base contract" ;;
        jobs) echo "base contract jobs" ;;
        render) echo "base contract render" ;;
        win32) echo "base contract jobs render win32" ;;
        game_kit) echo "base contract game_kit" ;;
        *) echo "base contract game_kit $1" ;;   # a game: demo/, starter/, yours
    esac
}
for layer_dir in code/*/; do
    layer=$(basename "$layer_dir")
    allowed=" $(allowed_layers "$layer") "
    bad=""
    while IFS= read -r line; do
        file=${line%%:*}
        included=$(echo "$line" | sed -E 's/.*#include "([^"/]+)\/.*/\1/')
        case "$allowed" in *" $included "*) ;; *) bad="$bad $file->$included" ;; esac
    done < <(grep -rnE '^#include "[a-z_0-9]+/' "$layer_dir" | sed -E 's/:[0-9]+:/:/')
    check "code/$layer includes only: $(allowed_layers "$layer") (bad:$bad)" test -z "$bad"
    flat=$(grep -rlE '^#include "[^"/]+"' "$layer_dir" | tr '\n' ' ')
    check "code/$layer names the folder in every include of ours (not: $flat)" test -z "$flat"
done
for game_layer in game_kit demo starter; do
    [ -d "code/$game_layer" ] || continue
    os=$(grep -rlE '^#include <(windows|winbase|mmsystem|xinput|dsound)\.h>' "code/$game_layer" | tr '\n' ' ')
    check "game-side code/$game_layer includes no OS header (found in: $os)" test -z "$os"
done
os=$(grep -rlE '^#include <(windows|unistd|pthread)\.h>' code/base code/contract | tr '\n' ' ')
check "base/ and contract/ include no OS header (found in: $os)" test -z "$os"

#- One unity entry per layer, opening with what the layer is
for entry in code/jobs/jobs.cpp code/render/render.cpp code/game_kit/game_kit.cpp \
             code/win32/win32_main.cpp code/win32/guard/guard.cpp code/win32/reload/reload.cpp \
             code/demo/demo_main.cpp code/starter/starter_main.cpp; do
    layer=$(dirname "${entry#code/}")
    check "$entry exists and its first line names its layer ($layer/)" grep -q "^// $layer/" <(head -n 1 "$entry")
done
for pair in jobs:jobs.cpp render:render.cpp game_kit:game_kit.cpp win32:win32_main.cpp \
            win32/guard:guard.cpp win32/reload:reload.cpp; do
    layer_dir="code/${pair%%:*}"
    entry="$layer_dir/${pair#*:}"
    for source in "$layer_dir"/*.cpp; do
        [ "$source" = "$entry" ] && continue
        grep -qF "#include \"${source#code/}\"" "$entry" ||
            fail "$source is not included by its layer's entry $entry"
        pass
    done
done

#- Tests include a layer's entry, never a copy of its file list
copies=$(grep -rlE '#include "(jobs/(work_queue|parallel_for|job_graph|task_manager|win32_threads|posix_threads)\.cpp|render/(opengl_renderer|opengl_shaders|opengl_loader_logic)\.cpp)"' tests | tr '\n' ' ')
check "tests include jobs/jobs.cpp and render/render.cpp, not their files one by one (found in: $copies)" test -z "$copies"

#- Tests and benchmarks never include the demo: they instrument a game of their own
#  (tests/fixtures/fixture_game.cpp) or the hooks the contract offers every game
demo_includes=$(grep -rlE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"([./]*|[^"]*/)?(code/)?demo/' tests | tr '\n' ' ')
check "nothing under tests/ includes demo/ (found in: $demo_includes)" test -z "$demo_includes"

#- File size
for source in $(find code -name '*.cpp' -o -name '*.h'); do
    lines=$(wc -l <"$source")
    if [ "$lines" -gt 600 ]; then fail "$source has $lines lines (split past ~600)"; else pass; fi
done

#- Function size: none over ~100 lines (the longest are printed for the record)
lengths=$(python3 tests/tools/function_lengths.py $(find code -name '*.cpp' -o -name '*.h'))
echo "longest functions in code/:"; echo "$lengths" | head -n 3 | sed 's/^/    /'
long=$(echo "$lengths" | awk '$1 > 110' | head -n 5)
check "no function in code/ over ~100 lines (found: $long)" test -z "$long"
check "the function-length reader finds the engine's functions (over 500)" test "$(echo "$lengths" | wc -l)" -gt 500

#- README's map names every folder
for folder in $(cd code && find . -mindepth 1 -maxdepth 1 -type d | sed 's|^\./||') unit suites fixtures tools bench; do
    check "README's layout map names $folder/" grep -qE "^  $folder/ " README.md
done

#- Comments say why, not where an idea came from
cited=$(grep -rliE 'seed 0[0-9][0-9]|the article|the seeds?\b|\(issue [0-9]+\)' code tests/unit tests/fixtures tests/tools tests/bench | tr '\n' ' ')
check "no comment cites a seed or an article (found in: $cited)" test -z "$cited"

#- The shaders the exe embeds are the files in data/shaders/ (build.bat and misc/build.sh run
#  misc/embed_shaders.cpp before every exe build; here the tool is built and tried on a copy)
embed_dir="$BUILD_DIR/suite_layout_embed"
rm -rf "$embed_dir"
mkdir -p "$embed_dir/root/code/render" "$embed_dir/root/data"
check "misc/embed_shaders.cpp builds with the host compiler" \
    g++ -std=c++14 -O1 -Wall -Wextra -Werror misc/embed_shaders.cpp -o "$embed_dir/embed_shaders"
check "code/render/embedded_shaders.h is what misc/embed_shaders.cpp writes from data/shaders/" \
    "$embed_dir/embed_shaders" . --check
cp -r data/shaders "$embed_dir/root/data/shaders"
cp code/render/embedded_shaders.h "$embed_dir/root/code/render/"
printf '// a new line\n' >>"$embed_dir/root/data/shaders/scene.frag"
check "after a shader edit, --check says the embedded copy is stale" bash -c "! '$embed_dir/embed_shaders' '$embed_dir/root' --check"
check "the tool rewrites the embedded copy with the edit" bash -c \
    "'$embed_dir/embed_shaders' '$embed_dir/root' && grep -qF '// a new line' '$embed_dir/root/code/render/embedded_shaders.h'"
sed -i 's/$/\r/' "$embed_dir/root/data/shaders/"*
check "a checkout with CRLF line endings embeds the same text" "$embed_dir/embed_shaders" "$embed_dir/root" --check

summary
