#!/usr/bin/env bash
# Linux: build with MinGW and run the engine with its demo game under Wine.
#   misc/run.sh [engine flags...]      e.g. misc/run.sh --frames 600 --screenshot shot.png
# Uses your X display when there is one, otherwise a private Xvfb. Installs the toolchain if missing.
set -u
cd "$(dirname "$0")/.."
source misc/toolchain.sh
misc/install_deps.sh || exit 1
misc/build.sh || exit 1
if [ -z "${DISPLAY:-}" ]; then
    exec xvfb-run -a -s "-screen 0 1920x1080x24" wine build/win32_platform.exe "$@"
fi
exec wine build/win32_platform.exe "$@"
