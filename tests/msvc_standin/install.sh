#!/usr/bin/env bash
# Builds and installs the MSVC stand-in toolchain (test machinery: build.bat never knows about it)
# into DEST (default build/msvc_standin of this checkout):
#   DEST/cl.exe, link.exe   MinGW-built front-ends running DEST/cl.sh, link.sh (clang-cl-14, lld-link)
#   DEST/where.exe, findstr.exe   stand-ins for Wine's stubs
#   DEST/vswhere.exe, vs/   a Visual Studio for build.bat to find when cl is not on PATH
#   DEST/lib/               <name>.lib links to Wine's PE import libraries, and libcmt(d).lib /
#                           oldnames.lib: our stand-in CRT on top of ucrtbase.dll
# Put DEST first on the Wine PATH (WINEPATH=<DOS path of DEST>) and build.bat finds cl there.
# Does nothing when DEST already holds a build of the same sources. Usage: install.sh [DEST]
set -u
source_dir=$(cd "$(dirname "$0")" && pwd)
engine_root=$(cd "$source_dir/../.." && pwd)
dest=${1:-$engine_root/build/msvc_standin}
mkdir -p "$dest" || exit 1
dest=$(cd "$dest" && pwd)

stamp=$(cat "$source_dir"/*.c "$source_dir"/*.sh "$source_dir"/crt/* "$source_dir/msvc_prelude.h" | sha256sum | cut -c1-16)
[ -f "$dest/stamp" ] && [ "$(cat "$dest/stamp")" = "$stamp" ] && exit 0
rm -f "$dest/stamp"

wine_windows_libs=/usr/lib/x86_64-linux-gnu/wine/x86_64-windows
wine_include=/usr/include/wine/wine
clang_include=$(clang-14 -print-resource-dir)/include
for needed in clang-cl-14 lld-link-14 llvm-lib-14 llvm-readobj-14 x86_64-w64-mingw32-gcc; do
    command -v "$needed" >/dev/null || { echo "install.sh: $needed is missing (misc/install_deps.sh)"; exit 1; }
done
[ -f "$wine_windows_libs/libucrtbase.a" ] || { echo "install.sh: no Wine import libraries in $wine_windows_libs (libwine-dev)"; exit 1; }

mingw_cc="x86_64-w64-mingw32-gcc -municode -O2 -Wall -Wextra -Werror -static"
$mingw_cc "$source_dir/unix_tool_front.c" -o "$dest/cl.exe" -lshell32 || exit 1
cp "$dest/cl.exe" "$dest/link.exe"
$mingw_cc "$source_dir/where.c" -o "$dest/where.exe" || exit 1
x86_64-w64-mingw32-gcc -O2 -Wall -Wextra -Werror -static "$source_dir/findstr.c" -o "$dest/findstr.exe" || exit 1
# Visual Studio as vswhere finds it (for build.bat from a plain cmd): vswhere.exe, which a suite copies
# to its fixed place, and DEST/vs/VC/Auxiliary/Build/vcvarsall.bat, which puts DEST on PATH.
x86_64-w64-mingw32-gcc -O2 -Wall -Wextra -Werror -static "$source_dir/vswhere.c" -o "$dest/vswhere.exe" || exit 1
mkdir -p "$dest/vs/VC/Auxiliary/Build"
printf '%s\r\n' '@echo off' \
    'rem Stand-in vcvarsall.bat (tests/msvc_standin/install.sh): "x64" puts the stand-in cl on PATH.' \
    'if /I not "%1"=="x64" echo vcvarsall stand-in: only x64 is supported& exit /b 1' \
    'set "PATH=%~dp0..\..\..\..;%PATH%"' \
    'set VSCMD_ARG_TGT_ARCH=x64' >"$dest/vs/VC/Auxiliary/Build/vcvarsall.bat"
cp "$source_dir/cl.sh" "$source_dir/link.sh" "$source_dir/msvc_prelude.h" "$dest/"
chmod +x "$dest/cl.sh" "$dest/link.sh"
cat >"$dest/standin.env" <<ENV
STANDIN_CLANG_INCLUDE='$clang_include'
STANDIN_WINE_INCLUDE='$wine_include'
ENV

# Import libraries under the names MSVC uses: kernel32.lib, user32.lib, ucrtbase.lib, ...
rm -rf "$dest/lib" && mkdir -p "$dest/lib"
for library in "$wine_windows_libs"/lib*.a; do
    name=$(basename "$library" .a)
    ln -s "$library" "$dest/lib/${name#lib}.lib"
done
# The stand-in CRT, one object per entry point, compiled without the /GS checks it implements.
objects="$dest/crt_objects"
rm -rf "$objects" && mkdir -p "$objects"
for source in "$source_dir"/crt/*.c; do
    clang-cl-14 /nologo /c /O2 /GS- /Zl /Z7 /W4 /WX /X -imsvc "$clang_include" -imsvc "$wine_include/msvcrt" \
        -imsvc "$wine_include/windows" -D_UCRT -Wno-unused-parameter \
        /Tc"$source" /Fo"$objects/$(basename "$source" .c).obj" || exit 1
done
llvm-lib-14 /nologo /out:"$dest/lib/libcmt.lib" "$objects"/*.obj || exit 1
# The CRT asks for ucrtbase and kernel32 itself, so a link names neither.
cp "$dest/lib/libcmt.lib" "$dest/lib/libcmtd.lib"
llvm-lib-14 /nologo /out:"$dest/lib/oldnames.lib" "$objects/crt_default_dllmain.obj" || exit 1
echo "$stamp" >"$dest/stamp"
