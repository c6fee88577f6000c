#!/usr/bin/env bash
# The documentation stays true to the tree it describes:
#  - README.md stays a landing page: at most 16 KB;
#  - every docs/*.md page opens with a title and is linked from README.md;
#  - every relative link in README.md and docs/*.md reaches a file, and its #anchor a heading there;
#  - every flag the exe's --help prints has its row in docs/flags.md (the flags are read from the
#    help text in the source, wherever under code/ it lives);
#  - every folder directly under code/ and tests/ is on README's folder map;
#  - README quotes no measured timing (a decimal or a range of ms, s or µs): timings go stale, so they
#    live on docs/figures.md beside the benchmark that measures them, which README links;
#  - every benchmark script, tests/bench/bench_*.sh, has its section on docs/figures.md.
# Each check then runs once more on a copy with what it covers taken away, and must fail there.
# Static checks only (no build, no Wine), so it runs in a second.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

README_MAX_BYTES=16384

#~ Reading markdown
# markdown_text FILE: FILE without its fenced code blocks (a link or heading inside one is an example).
markdown_text() { awk '/^[ \t]*```/ { fenced = !fenced; next } !fenced' "$1"; }

# heading_anchors FILE: the anchor of every heading in FILE, as GitHub makes it (lower case, spaces
# to hyphens, every character but letters, digits, hyphens and underscores dropped).
heading_anchors() {
    markdown_text "$1" | grep -E '^#{1,6} ' | sed -E 's/^#+ +//' | tr 'A-Z' 'a-z' |
        sed -E 's/[^a-z0-9 _-]//g; s/ /-/g'
}

# relative_links FILE: the target of every [text](target) and ![alt](target) in FILE that is not a
# web address, one per line.
relative_links() {
    markdown_text "$1" | grep -oE '\]\([^) ]+\)' | sed -E 's/^\]\(//; s/\)$//' |
        grep -vE '^(https?|mailto|ftp):' || true
}

#~ The checks: each prints what is wrong, one line each, and nothing when all is well
# readme_too_big ROOT
readme_too_big() {
    local size
    size=$(wc -c <"$1/README.md")
    [ "$size" -le "$README_MAX_BYTES" ] || echo "README.md is $size bytes (at most $README_MAX_BYTES: move detail to docs/)"
}

# pages_not_linked ROOT: docs pages README.md does not link to, and pages without a title.
pages_not_linked() {
    local root=$1 page name
    local links
    links=$(relative_links "$root/README.md" | sed -E 's/#.*//')
    for page in "$root"/docs/*.md; do
        [ -e "$page" ] || continue
        name=docs/$(basename "$page")
        echo "$links" | grep -qxF "$name" || echo "$name is not linked from README.md"
        head -n 1 "$page" | grep -qE '^# .' || echo "$name does not open with a '# Title' line"
    done
}

# broken_links ROOT: relative links of README.md and docs/*.md whose file or heading is missing.
broken_links() {
    local root=$1 file link target anchor directory
    for file in "$root/README.md" "$root"/docs/*.md; do
        [ -e "$file" ] || continue
        directory=$(dirname "$file")
        while IFS= read -r link; do
            [ -n "$link" ] || continue
            target=${link%%#*}
            anchor=""
            [[ "$link" == *"#"* ]] && anchor=${link#*#}
            if [ -z "$target" ]; then target=$file; else target=$directory/$target; fi
            if [ ! -e "$target" ]; then
                echo "${file#$root/}: link '$link' reaches no file"
            elif [ -n "$anchor" ] && ! heading_anchors "$target" | grep -qxF "$anchor"; then
                echo "${file#$root/}: link '$link' names no heading of ${target#$root/}"
            fi
        done < <(relative_links "$file")
    done
}

# help_flags ROOT: every flag the exe's --help text lists ("  --flag ..." lines of the string that
# starts "usage: win32_platform.exe"), found wherever that text lives under code/.
help_flags() {
    local source
    source=$(grep -rlF 'usage: win32_platform.exe' "$1/code" | head -n 1)
    [ -n "$source" ] || return 0
    grep -oE '^[[:space:]]*"  --[a-z][a-z0-9-]*' "$source" | sed -E 's/.*"  //' | sort -u
}

# flags_not_documented ROOT: help flags without their row in docs/flags.md ("| `--flag ...` |").
flags_not_documented() {
    local root=$1 flag
    for flag in $(help_flags "$root"); do
        grep -qE "^\| \`$flag( [^\`]*)?\` \|" "$root/docs/flags.md" 2>/dev/null ||
            echo "$flag (printed by --help) has no row in docs/flags.md"
    done
}

# folders_not_mapped ROOT: folders directly under code/ and tests/ without their line on README's
# map (two spaces, the name, a slash, a space: the line format suite_layout reads too).
folders_not_mapped() {
    local root=$1 folder
    for folder in $(cd "$root" && find code tests -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -u); do
        grep -qE "^  $folder/ " "$root/README.md" || echo "$folder/ is not on README.md's folder map"
    done
}

# readme_timings ROOT: README lines (outside code blocks) that quote a measured time: a decimal or a
# range followed by ms, s or µs ("0.73-0.91 s", "1.45 s", "62-73 ms"). A whole number is a setting
# or a description ("held for 30 ms", "the last 10 s of play"), not a measurement.
readme_timings() {
    markdown_text "$1/README.md" |
        grep -oE '.{0,30}[0-9]+(\.[0-9]+ ?|(\.[0-9]+)?-[0-9]+(\.[0-9]+)? ?)(ms|s|µs|us)\b' |
        sed -E 's/^/README.md quotes a timing (put it on docs\/figures.md and link that): .../' || true
}

# benches_without_figures ROOT: benchmark scripts without their "## bench_NAME.sh" on docs/figures.md.
benches_without_figures() {
    local root=$1 script name
    for script in "$root"/tests/bench/bench_*.sh; do
        [ -e "$script" ] || continue
        name=$(basename "$script")
        grep -qxF "## $name" "$root/docs/figures.md" 2>/dev/null ||
            echo "tests/bench/$name has no '## $name' section on docs/figures.md"
    done
}

# report_each NAME PROBLEMS: one FAIL per line of PROBLEMS, or one pass.
report_each() {
    local name=$1 problems=$2 line
    if [ -z "$problems" ]; then pass; return; fi
    while IFS= read -r line; do fail "$name: $line"; done <<<"$problems"
}

#- The tree as it is
flag_count=$(help_flags . | wc -l)
check "the --help text is found under code/ and lists the flags (found $flag_count, expected over 15)" \
    test "$flag_count" -gt 15
check "the --help text lists --help itself" bash -c "grep -qx -- '--help' <<<'$(help_flags .)'"
report_each "README size" "$(readme_too_big .)"
report_each "docs pages" "$(pages_not_linked .)"
report_each "links" "$(broken_links .)"
report_each "flags" "$(flags_not_documented .)"
report_each "folder map" "$(folders_not_mapped .)"
report_each "README timings" "$(readme_timings .)"
report_each "figures page" "$(benches_without_figures .)"
bench_count=$(ls tests/bench/bench_*.sh 2>/dev/null | wc -l)
check "the benchmark scripts are found (found $bench_count, expected over 5)" test "$bench_count" -gt 5

#- Each check fails once what it covers is taken away (on copies in build/)
work="$BUILD_DIR/suite_docs"
rm -rf "$work"
mkdir -p "$work"
# fresh_copy NAME: a copy of what the checks read (README.md, docs/, code/, tests/); prints its path.
fresh_copy() {
    local copy="$work/$1"
    mkdir -p "$copy"
    cp -r README.md docs code tests "$copy/"
    echo "$copy"
}
# must_complain DESCRIPTION CHECK ROOT: the check finds something wrong in ROOT.
must_complain() {
    local description=$1 function=$2 root=$3
    check "$description" test -n "$("$function" "$root")"
}

copy=$(fresh_copy clean)
check "a plain copy passes every check (so the failures below come from the change alone)" test -z \
    "$(readme_too_big "$copy")$(pages_not_linked "$copy")$(broken_links "$copy")$(flags_not_documented "$copy")$(folders_not_mapped "$copy")$(readme_timings "$copy")$(benches_without_figures "$copy")"

copy=$(fresh_copy big)
head -c $((README_MAX_BYTES + 1)) /dev/zero | tr '\0' 'x' >>"$copy/README.md"
must_complain "a README over 16 KB is caught" readme_too_big "$copy"

copy=$(fresh_copy unlinked)
printf '# A new page\n\nNobody links here.\n' >"$copy/docs/new-page.md"
must_complain "a docs page README.md does not link is caught" pages_not_linked "$copy"
copy=$(fresh_copy untitled)
sed -i '1d' "$copy/docs/flags.md"
must_complain "a docs page without a title is caught" pages_not_linked "$copy"

copy=$(fresh_copy missing_file)
rm "$copy/docs/trace.png"
must_complain "a link to a file that is gone is caught (docs/trace.png)" broken_links "$copy"
copy=$(fresh_copy missing_heading)
sed -i 's/^## Exit codes$/## How it ends/' "$copy/docs/flags.md"
must_complain "a link to a heading that is gone is caught (flags.md#exit-codes)" broken_links "$copy"

copy=$(fresh_copy new_flag)
help_source=$(grep -rlF 'usage: win32_platform.exe' "$copy/code" | head -n 1)
sed -i 's/^\([[:space:]]*\)"  --help /\1"  --brand-new-flag   a flag nobody documented\\n" \\\n&/' "$help_source"
check "the copy's --help text has the new flag" bash -c "grep -qF -- '--brand-new-flag' '$help_source'"
must_complain "a flag --help prints and docs/flags.md lacks is caught" flags_not_documented "$copy"
copy=$(fresh_copy dropped_row)
sed -i '/^| `--trace-frames /d' "$copy/docs/flags.md"
must_complain "a flag whose row left docs/flags.md is caught (--trace-frames)" flags_not_documented "$copy"

copy=$(fresh_copy new_folder)
mkdir -p "$copy/code/new_layer" "$copy/tests/new_kind"
must_complain "a folder under code/ and tests/ missing from the map is caught" folders_not_mapped "$copy"
check "...naming both of them" test "$(folders_not_mapped "$copy" | wc -l)" -eq 2

copy=$(fresh_copy timing)
sed -i 's/^| shader | \(.*\) | \[measured\]([^)]*) |$/| shader | \1 | 62-73 ms |/' "$copy/README.md"
check "the copy's README quotes the shader loop's old figure" grep -qF '| 62-73 ms |' "$copy/README.md"
must_complain "a timing quoted in README is caught (62-73 ms)" readme_timings "$copy"
copy=$(fresh_copy decimal_timing)
printf '\nA restart takes 1.45 s.\n' >>"$copy/README.md"
must_complain "a decimal timing quoted in README is caught (1.45 s)" readme_timings "$copy"

copy=$(fresh_copy new_bench)
printf '#!/usr/bin/env bash\n# A new benchmark.\n' >"$copy/tests/bench/bench_new_thing.sh"
must_complain "a benchmark script without its section on docs/figures.md is caught" benches_without_figures "$copy"
copy=$(fresh_copy dropped_section)
sed -i 's/^## bench_reload.sh$/## The reload benchmark/' "$copy/docs/figures.md"
must_complain "a benchmark whose section left docs/figures.md is caught (bench_reload.sh)" benches_without_figures "$copy"

rm -rf "$work"
summary
