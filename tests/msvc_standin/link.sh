#!/bin/sh
# Unix side of the stand-in link.exe: lld-link-14 with LIB pointing at Wine's import libraries and our
# stand-in CRT (installed beside link.exe by tests/msvc_standin/install.sh).
here=$(cd "$(dirname "$0")" && pwd)
export LIB="$here/lib"
exec lld-link-14 "$@"
