#!/usr/bin/env bash
# Linux: build with MinGW and run the engine with its demo game under Wine.
#   misc/run.sh [engine flags...]      e.g. misc/run.sh --frames 600 --screenshot shot.png
# Uses your X display when there is one, otherwise a private Xvfb. Installs the Debian packages it
# needs when one is missing (apt-get: run as root or with sudo rights). Rebuilds only when a source
# or build script is newer than what build/ holds.
set -u
cd "$(dirname "$0")/.."
source misc/toolchain.sh
misc/install_deps.sh || exit 1

# build_is_stale: true when an output of misc/build.sh is missing or older than any file it is
# built from (everything under code/, and the build scripts themselves).
build_is_stale() {
    local output
    for output in build/win32_platform.exe build/game.dll build/starter.dll; do
        [ -f "$output" ] || return 0
        [ -n "$(find code misc/build.sh misc/toolchain.sh -newer "$output" -print -quit)" ] && return 0
    done
    return 1
}
if build_is_stale; then
    misc/build.sh || exit 1
fi
if [ -z "${DISPLAY:-}" ]; then
    exec xvfb-run -a -s "-screen 0 1920x1080x24" wine build/win32_platform.exe "$@"
fi
exec wine build/win32_platform.exe "$@"
