#!/bin/sh
# Unix side of the stand-in cl.exe: clang-cl 14 in MSVC mode with Wine's headers, linking with
# lld-link against Wine's import libraries and our stand-in CRT (both found through LIB).
# Installed beside cl.exe by tests/msvc_standin/install.sh; cl.exe runs it with cl's arguments.
#
# Warnings: clang-cl maps /W4 to -Wall -Wextra but ignores most /wdNNNN numbers, so the clang
# counterparts of what build.bat turns off are turned off here:
#   /wd4100 unused parameter        -> -Wno-unused-parameter
#   /wd4189 unused local            -> -Wno-unused-variable -Wno-unused-but-set-variable
#   /wd4505 unused internal function-> -Wno-unused-function -Wno-unneeded-internal-declaration
#   (cl has no missing-initializer warning at /W4)  -> -Wno-missing-field-initializers
#   /wd4201, /wd4127, /wd4324 have no clang counterpart enabled by -Wall -Wextra.
# cl /W4 warnings clang has no counterpart for here (not caught by this stand-in; only a real cl
# run catches them): C4244/C4267 conversion with possible loss of data (clang's -Wconversion and
# -Wshorten-64-to-32 are outside -Wall -Wextra and would flag far more), C4456/C4457/C4458/C4459
# declaration hides a local/parameter/member/global (-Wshadow is not in -Wall), C4702 unreachable
# code, C4701/C4703 potentially uninitialized local (clang's -Wsometimes-uninitialized sees fewer
# paths), C4245/C4389 signed/unsigned conversion and comparison beyond -Wsign-compare, C4310 cast
# truncates constant, C4146 unary minus on unsigned, C4334 32-bit shift widened to 64 bits,
# C4714 __forceinline not inlined, C4996 deprecated CRT functions (Wine's headers mark none).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/standin.env"
export LIB="$here/lib"
unset INCLUDE
# NOTE: the warning switches go after the command line's own /W4 (which would turn them back on)
# but before /link (everything after it goes to the linker).
warnings_off="-Wno-unused-parameter -Wno-unused-variable -Wno-unused-but-set-variable -Wno-unused-function
    -Wno-unneeded-internal-declaration -Wno-missing-field-initializers"
placed=0
for argument do
    shift
    if [ $placed -eq 0 ] && { [ "$argument" = /link ] || [ "$argument" = -link ]; }; then
        set -- "$@" $warnings_off
        placed=1
    fi
    set -- "$@" "$argument"
done
[ $placed -eq 0 ] && set -- "$@" $warnings_off
exec clang-cl-14 -fuse-ld=lld /X \
    -imsvc "$STANDIN_CLANG_INCLUDE" -imsvc "$STANDIN_WINE_INCLUDE/msvcrt" -imsvc "$STANDIN_WINE_INCLUDE/windows" \
    /FI"$here/msvc_prelude.h" -D_UCRT "$@"
