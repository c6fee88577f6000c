#!/usr/bin/env bash
# Not a suite (misc/test.sh runs only suite_*.sh): misc/test.sh starts this beside the first suites
# when any suite it runs builds a work copy with build_engine_copy. It puts the dev build of the
# work tree into the engine build cache (tests/suites/test_lib.sh: cached_engine_build), so that
# build is made once, while Wine starts and the first suite builds its unit tests; a suite that
# reaches its own build_engine_copy first waits for it instead of building the same again.
set -u
cd "$(dirname "$0")/../.."
source misc/toolchain.sh
source tests/suites/test_lib.sh

out="$BUILD_DIR/build_cache_warm_up"
rm -rf "$out"
mkdir -p "$out"
make_work_copy "$out/src"
check "the dev build of the work tree is in the engine build cache" build_engine_copy "$out/src"
summary
