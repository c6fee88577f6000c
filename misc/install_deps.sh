#!/usr/bin/env bash
# Installs the Debian packages the Linux build and tests need, only when something is missing.
set -u
packages="g++ clang g++-mingw-w64-x86-64-posix wine wine64 libwine-dev xvfb xauth xdotool chromium tesseract-ocr
          libgl1-mesa-dri x11-utils libasound2-plugins alsa-utils jackd2
          libclang-rt-14-dev python3 clang-14 clang-tools-14 lld-14 llvm-14"
# The trace suite opens traces in speedscope with playwright-core (npm, into build/viewer_tools).
# A machine that already has Node.js and npm keeps them; Debian's are installed only when missing.
command -v npm >/dev/null 2>&1 || packages="$packages nodejs npm"
missing=""
for package in $packages; do
    dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq || exit 1
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends $missing >/dev/null || exit 1
fi
exit 0
