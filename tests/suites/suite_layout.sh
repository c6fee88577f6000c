#!/usr/bin/env bash
# The folder tree is the architecture: this suite keeps README's layout map true.
#  - no source directly in code/: every file lives in its layer's folder;
#  - each layer includes only the layers README allows (base < os < contract < jobs/render/platform/
#    game_kit; win32 above them but game_kit; a game above game_kit), and game code never includes
#    an OS header, nor do base/, contract/, jobs/ and platform/;
#  - each layer has its unity entry, which says what the layer is in its first lines; the entries
#    of os/, platform/ and jobs/ include every header of their layer before the first body;
#  - tests and benchmarks include a layer's entry, never their own copy of its file list, and never demo/;
#  - no file in code/ over 600 lines, no function over ~100 (tests/tools/function_lengths.py); README's map names every folder of code/ and tests/;
#  - comments say why, not where an idea came from;
#  - every win32/ module header names the suites that cover it in a `// Tested by:` line, and they exist;
#  - win32/ modules are pairs: no .cpp declares a function another file defines, every module body
#    compiles after the headers alone (syntax only, one precompiled prologue: seconds), and guard/'s
#    bodies compile without reload/'s headers.
# Static checks and syntax-only compiles (no link), so it runs in well under a minute.
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
        os) echo "base os" ;;
        contract) echo "base contract" ;;
        jobs) echo "base os contract jobs" ;;
        render) echo "base contract render" ;;
        platform) echo "base contract platform" ;;
        win32) echo "base os contract platform jobs render win32" ;;
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
os=$(grep -rlE '^#include <(windows|unistd|pthread|semaphore|sched)\.h>' code/base code/contract code/jobs code/platform | tr '\n' ' ')
check "base/, contract/, jobs/ and platform/ include no OS header (found in: $os)" test -z "$os"

#- One unity entry per layer, opening with what the layer is
for entry in code/os/os.cpp code/platform/platform.cpp code/jobs/jobs.cpp code/render/render.cpp \
             code/game_kit/game_kit.cpp code/win32/win32_main.cpp code/win32/guard/guard.cpp code/win32/reload/reload.cpp \
             code/win32/capsule/capsule.cpp code/win32/capsule/capsule.h \
             code/win32/win32.h code/win32/guard/guard.h code/win32/reload/reload.h \
             code/demo/demo_main.cpp code/starter/starter_main.cpp; do
    layer=$(dirname "${entry#code/}")
    check "$entry exists and its first line names its layer ($layer/)" grep -q "^// $layer/" <(head -n 1 "$entry")
done
for pair in os:os.cpp platform:platform.cpp jobs:jobs.cpp render:render.cpp game_kit:game_kit.cpp win32:win32_main.cpp \
            win32/guard:guard.cpp win32/reload:reload.cpp win32/capsule:capsule.cpp; do
    layer_dir="code/${pair%%:*}"
    entry="$layer_dir/${pair#*:}"
    for source in "$layer_dir"/*.cpp; do
        [ "$source" = "$entry" ] && continue
        grep -qF "#include \"${source#code/}\"" "$entry" ||
            fail "$source is not included by its layer's entry $entry"
        pass
    done
done

#- win32/ modules are pairs: x.h (the interface) included by the layer's header entry before any
#  body, x.cpp (the bodies) by its body entry. (The exe's portable logic lives in platform/, a layer of
#  its own with the same rule, checked below.)
for pair in win32:win32.h win32/guard:guard.h win32/reload:reload.h win32/capsule:capsule.h; do
    layer_dir="code/${pair%%:*}"
    headers="$layer_dir/${pair#*:}"
    for source in "$layer_dir"/*.cpp; do
        case "$source" in code/win32/win32_main.cpp|*/guard.cpp|*/reload.cpp|*/capsule.cpp) continue ;; esac
        header="${source%.cpp}.h"
        check "$source has its interface beside it (${header#code/}), included by $headers" \
            grep -qF "#include \"${header#code/}\"" "$headers"
    done
done
check "code/win32/win32.h includes guard/guard.h, reload/reload.h and capsule/capsule.h in that order" \
    grep -qzE '#include "win32/guard/guard.h".*#include "win32/reload/reload.h".*#include "win32/capsule/capsule.h"' code/win32/win32.h
check "code/win32/win32_main.cpp includes win32.h before any win32 body" \
    python3 -c 'import re, sys; s = open(sys.argv[1]).read(); h = s.find("#include \"win32/win32.h\""); b = re.search(r"#include \"win32/.*\.cpp\"", s); sys.exit(not (0 <= h < b.start()))' code/win32/win32_main.cpp

#- No .cpp declares a function whose body is in another file: it comes from that module's header
prototypes=$(python3 tests/tools/cross_file_prototypes.py $(find code -name '*.cpp' -o -name '*.h'))
check "no .cpp in code/ forward-declares a function another file defines (found: $prototypes)" test -z "$prototypes"
cross_dir="$BUILD_DIR/suite_layout_cross"
rm -rf "$cross_dir"; mkdir -p "$cross_dir/code/win32"
printf 'internal void Win32Later(void);\ninternal void Win32Now(void)\n{\n    Win32Later();\n}\n' >"$cross_dir/code/win32/a.cpp"
printf 'internal void Win32Later(void)\n{\n}\n' >"$cross_dir/code/win32/b.cpp"
check "the prototype check finds a body's forward declaration of another body's function" \
    bash -c "! python3 tests/tools/cross_file_prototypes.py '$cross_dir/code/win32/a.cpp' '$cross_dir/code/win32/b.cpp' >/dev/null"

#- Every win32 module body compiles after the headers alone (syntax only). The prologue (system
#  headers, the lower layers' entries: the lines of win32_main.cpp up to win32.h, without it)
#  is precompiled once; each module is then win32.h plus its one body. A body that used
#  another body's definitions, or relied on the order of bodies, fails here.
module_dir="$BUILD_DIR/suite_layout_modules"
rm -rf "$module_dir"; mkdir -p "$module_dir"
sed -n '1,/^#include "win32\/win32.h"/p' code/win32/win32_main.cpp | grep -v '^#include "win32/win32.h"' \
    >"$module_dir/prologue.h"
module_flags="$MINGW_FLAGS -DENGINE_DEVELOPMENT=1 -I$module_dir"
check "win32_main.cpp's prologue (everything before win32.h) precompiles" \
    $MINGW_CXX $module_flags -x c++-header "$module_dir/prologue.h" -o "$module_dir/prologue.h.gch"
# compile_module NAME PRELUDE BODY: the prologue, PRELUDE (lines), then #include BODY, syntax only.
compile_module() {
    { echo '#include "prologue.h"'; printf '%s\n' "$2"; echo "#include \"$3\""; } >"$module_dir/$1.cpp"
    $MINGW_CXX $module_flags -fsyntax-only "$module_dir/$1.cpp" >"$module_dir/$1.txt" 2>&1
}
for source in $(find code/win32 -name '*.cpp' | sort); do
    case "$source" in code/win32/win32_main.cpp|*/guard.cpp|*/reload.cpp|*/capsule.cpp) continue ;; esac
    name=$(echo "${source#code/}" | tr '/' '_')
    if compile_module "$name" '#include "win32/win32.h"' "${source#code/}"; then pass
    else fail "$source does not compile after the win32 headers alone"; grep -m 3 error "$module_dir/$name.txt" | sed 's/^/    /'; fi
done
# guard/ never uses reload/: its bodies see only the headers up to guard/guard.h.
guard_headers=$(sed -n '1,/^#include "win32\/guard\/guard.h"/p' code/win32/win32.h)
for source in code/win32/guard/*.cpp; do
    [ "$source" = code/win32/guard/guard.cpp ] && continue
    name=guard_only_$(basename "$source" .cpp)
    if compile_module "$name" "$guard_headers" "${source#code/}"; then pass
    else fail "$source uses something declared after guard/ (reload/, the state)"; grep -m 3 error "$module_dir/$name.txt" | sed 's/^/    /'; fi
done
# The check itself: a body calling a function that only another body defines (Win32FillMessageInserts
# lives in win32_log.cpp, in no header) compiles in the unity build after that body, but not here.
printf 'internal void Win32UsesAnotherBody(char *out)\n{\n    Win32FillMessageInserts("%%1", "x", out, 8);\n}\n' \
    >"$module_dir/uses_another_body.cpp"
uses_another_body_fails() {
    ! grep -q Win32FillMessageInserts code/win32/*.h code/win32/*/*.h &&
        compile_module after_log_body "$(printf '#include "win32/win32.h"\n#include "win32/win32_log.cpp"')" \
            uses_another_body.cpp &&
        ! compile_module headers_only '#include "win32/win32.h"' uses_another_body.cpp
}
check "the per-module compile fails for a body that uses a function only another body defines (which the unity order hides)" \
    uses_another_body_fails

# Layers built as header + body pairs: the entry includes every header before its first body, so a
# body never depends on the order of the others.
for pair in os:os.cpp platform:platform.cpp jobs:jobs.cpp render:render.cpp game_kit:game_kit.cpp; do
    layer_dir="code/${pair%%:*}"
    entry="$layer_dir/${pair#*:}"
    first_body=$(grep -nE '^#include "[a-z_0-9/]+\.cpp"' "$entry" | head -n 1 | cut -d: -f1)
    for header in "$layer_dir"/*.h; do
        # The games' precompiled prologue is no header of the layer's own: the builds force it in
        # front of each game unit (checked below).
        [ "$header" = code/game_kit/kit_precompiled.h ] && continue
        line=$(grep -nF "#include \"${header#code/}\"" "$entry" | head -n 1 | cut -d: -f1)
        check "$entry includes $header before its first body" test -n "$line" -a -n "$first_body" -a "${line:-0}" -lt "${first_body:-0}"
    done
done

#- The games' precompiled prologue (game_kit/kit_precompiled.h): complete, and never needed
# misc/build.sh and build.bat put it in front of every game unit. It must list every header a game
# may include, or a change to one of them is parsed in every unit again; and each unit must still
# compile without it, or a unit that forgot an include builds only because the prologue hides it.
for header in code/base/*.h code/contract/*.h code/game_kit/*.h; do
    [ "$header" = code/game_kit/kit_precompiled.h ] && continue
    check "game_kit/kit_precompiled.h includes $header" grep -qF "#include \"${header#code/}\"" code/game_kit/kit_precompiled.h
done
prologue_dir="$BUILD_DIR/suite_layout_prologue"
rm -rf "$prologue_dir"; mkdir -p "$prologue_dir"
game_unit_flags="$MINGW_FLAGS -DENGINE_DEVELOPMENT=1 -fsyntax-only"
for entry in code/demo/demo_main.cpp code/starter/starter_main.cpp; do
    units=$(grep -oE '^#include "[a-z_0-9/]+\.cpp"' "$entry" | cut -d'"' -f2)
    [ -n "$units" ] || units=${entry#code/}
    for unit in $units; do
        [ "$unit" = game_kit/game_kit.cpp ] && [ "$entry" != code/demo/demo_main.cpp ] && continue
        name=$(echo "$unit" | tr '/' '_')
        if $MINGW_CXX $game_unit_flags "code/$unit" >"$prologue_dir/$name.txt" 2>&1; then pass
        else fail "game unit $unit does not compile without the precompiled prologue (it relies on an include it lacks)"
            grep -m 3 error "$prologue_dir/$name.txt" | sed 's/^/    /'; fi
    done
done
# The check itself: a unit that calls a game_kit function without including its header compiles
# after the prologue, as the builds compile it, but not alone.
printf '#include "contract/game_platform.h"\nb32 UsesKitText(const loaded_bitmap *font)\n{\n    return FontAtlasIsUsable(font);\n}\n' \
    >"$prologue_dir/forgot_include.cpp"
forgotten_include_found() {
    grep -q "FontAtlasIsUsable" code/game_kit/kit_text.h &&
        $MINGW_CXX $game_unit_flags -include game_kit/kit_precompiled.h "$prologue_dir/forgot_include.cpp" &&
        ! $MINGW_CXX $game_unit_flags "$prologue_dir/forgot_include.cpp" 2>/dev/null
}
check "a unit that lacks an include compiles after the prologue but fails the alone-compile above" forgotten_include_found

#- Tests include a layer's entry, never a copy of its file list
copies=$(grep -rlE '#include "(os/os_core_[a-z0-9_]+|platform/platform_[a-z0-9_]+|jobs/(work|parallel_for|job_graph|task_manager)[a-z0-9_]*|render/(opengl_renderer|opengl_shaders|opengl_loader_logic))\.cpp"' tests | tr '\n' ' ')
check "tests include os/os.cpp, platform/platform.cpp, jobs/jobs.cpp and render/render.cpp, not their files one by one (found in: $copies)" test -z "$copies"

#- Tests and benchmarks never include the demo: they instrument a game of their own
#  (tests/fixtures/fixture_game.cpp) or the hooks the contract offers every game
demo_includes=$(grep -rlE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"([./]*|[^"]*/)?(code/)?demo/' tests | tr '\n' ' ')
check "nothing under tests/ includes demo/ (found in: $demo_includes)" test -z "$demo_includes"

#- File size
for source in $(find code -name '*.cpp' -o -name '*.h'); do
    lines=$(wc -l <"$source")
    if [ "$lines" -gt 600 ]; then fail "$source has $lines lines (split past ~600)"; else pass; fi
done

#- game_kit/: one file prefix (kit_), and tests take the layer through its entry
unprefixed=$(cd code/game_kit && ls | grep -vE '^(kit_[a-z0-9_]+\.(h|cpp)|game_kit\.cpp)$' | tr '\n' ' ')
check "every file of code/game_kit/ but its entry is named kit_* (not: $unprefixed)" test -z "$unprefixed"
kit_copies=$(grep -rlE '#include "game_kit/kit_[a-z0-9_]+\.cpp"' tests | tr '\n' ' ')
check "tests include game_kit/game_kit.cpp, not its bodies one by one (found in: $kit_copies)" test -z "$kit_copies"

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

#- Every win32/ module header names the suites that cover it: its top comment block (the comment
#  lines right after the include guard) holds one line
#  `// Tested by: tests/suites/suite_A.sh[, tests/suites/suite_B.sh ...][ (plus tests/unit/test_X.cpp[, ...])]`
#  and every file it names exists. Not module headers: the folders' list headers (win32.h, guard/guard.h,
#  ...) and win32_platform_api_list.h (an X-macro list, no module behind it).
# tested_by_problems HEADER: prints what is wrong with HEADER's line (nothing when it is right).
tested_by_problems() {
    local line path
    line=$(awk 'NR <= 2 && /^#(ifndef|define) [A-Z0-9_]+_H$/ { next } /^\/\// { print; next } { exit }' "$1" |
        grep -m 1 '^// Tested by:')
    if [ -z "$line" ]; then echo "$1 has no '// Tested by:' line in its top comment block"; return; fi
    echo "$line" | grep -qE '^// Tested by: tests/suites/suite_[a-z0-9_]+\.sh(, tests/suites/suite_[a-z0-9_]+\.sh)*( \(plus tests/unit/[a-z0-9_]+\.cpp(,? tests/unit/[a-z0-9_]+\.cpp)*\))?$' ||
        echo "$1: its '// Tested by:' line is not of the form '// Tested by: tests/suites/suite_A.sh, ... (plus tests/unit/test_X.cpp, ...)'"
    for path in $(echo "$line" | grep -oE 'tests/(suites|unit)/[a-z0-9_]+\.(sh|cpp)'); do
        [ -f "$path" ] || echo "$1: its '// Tested by:' line names $path, which does not exist"
    done
}
module_headers=0
for header in $(find code/win32 -maxdepth 2 -name '*.h' | sort); do
    folder=$(basename "$(dirname "$header")")
    case "$header" in code/win32/win32.h|"code/win32/$folder/$folder.h"|code/win32/win32_platform_api_list.h) continue ;; esac
    module_headers=$((module_headers + 1))
    problems=$(tested_by_problems "$header")
    if [ -z "$problems" ]; then pass; continue; fi
    while IFS= read -r problem; do fail "$problem"; done <<<"$problems"
done
check "the Tested-by check found the win32/ module headers ($module_headers, over 40)" test "$module_headers" -gt 40
# The check itself, on copies of a header: without the line, and naming a suite that does not exist.
tested_dir="$BUILD_DIR/suite_layout_tested_by"
rm -rf "$tested_dir"; mkdir -p "$tested_dir"
printf '#ifndef X_H\n#define X_H\n//~ A module\n// Tested by: tests/suites/suite_layout.sh (plus tests/unit/test_arena.cpp)\n\nstruct x;\n' >"$tested_dir/good.h"
grep -v '^// Tested by:' "$tested_dir/good.h" >"$tested_dir/missing.h"
sed 's|suite_layout\.sh|suite_no_such_suite.sh|' "$tested_dir/good.h" >"$tested_dir/unknown.h"
printf '#ifndef X_H\n#define X_H\n//~ A module\n\n// Tested by: tests/suites/suite_layout.sh\n' >"$tested_dir/late.h"
check "the Tested-by check passes a header with a right line" test -z "$(tested_by_problems "$tested_dir/good.h")"
check "the Tested-by check fails a header without the line" grep -q 'has no' <(tested_by_problems "$tested_dir/missing.h")
check "the Tested-by check fails a line that names a missing suite" grep -q 'suite_no_such_suite.sh, which does not exist' \
    <(tested_by_problems "$tested_dir/unknown.h")
check "the Tested-by check fails a line outside the top comment block" grep -q 'has no' <(tested_by_problems "$tested_dir/late.h")

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
