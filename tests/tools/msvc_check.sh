#!/usr/bin/env bash
# MSVC-dialect syntax check: clang in full MSVC mode (_MSC_VER defined, no __GNUC__) over every
# translation unit we ship, with Wine's Windows headers. build.bat cannot run on Linux; this is
# how we keep every source compiling for cl.exe: no GNU extensions, MSVC intrinsics only.
# Usage: tests/tools/msvc_check.sh file.cpp [more.cpp ...]    (prints one line per failing file)
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
clang_include=$(clang -print-resource-dir)/include
status=0
for source in "$@"; do
    if ! out=$(clang --target=x86_64-pc-windows-msvc -fms-extensions -fms-compatibility -nostdinc \
        -isystem "$clang_include" -isystem /usr/include/wine/wine/msvcrt \
        -isystem /usr/include/wine/wine/windows -idirafter /usr/x86_64-w64-mingw32/include \
        -include "$here/tests/msvc_standin/msvc_prelude.h" -I"$here/code" -DENGINE_MSVC_CHECK=1 \
        -fsyntax-only -Wall -Werror -Werror=gnu -x c++ -std=c++14 "$source" 2>&1); then
        echo "FAIL msvc-dialect $source"
        echo "$out" | head -20
        status=1
    fi
done
exit $status
