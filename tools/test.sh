#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds and runs every test: the Release build, then the whole suite again
# under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/). GUI tests
# run under Xvfb. Fails on the first failing step. Expects tools/setup.sh first.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f ../shared/models/expected/manifest.json ]; then
  echo "test: ../shared/models is missing: the tests need the shared models beside the checkout" >&2
  exit 1
fi
# ccache (when installed, CMakeLists.txt uses it): paths relative to the
# checkout, so a fresh clone elsewhere on the same machine hits the cache; the
# sloppiness lets it cache the objects built with precompiled headers.
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS="pch_defines,time_macros,include_file_mtime,include_file_ctime"
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR"
# --repeat until-pass:2 gives a test a second run when its first fails: GL
# tests under ASan have twice (in about eight full runs) died at start-up
# with "qt.qpa.xcb: could not connect to display" from the shared Xvfb, before
# running any of their code. A real failure fails both runs and still fails
# the suite; ctest's summary lists what needed the second run.
run_ctest() {
  QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x800x24" \
    ctest --test-dir "$1" --output-on-failure --no-tests=error -j2 --repeat until-pass:2 "${@:2}"
}
echo "== Release build"
# One ctest entry per test binary (MARROW_TEST_PER_BINARY, tests/CMakeLists.txt):
# gtest runs all of a binary's tests in one process, and the binaries whose
# windows take the keyboard focus each get an X server of their own, so they
# run beside the rest. One process per test (2,248 of them) took 463 s here
# against 258 s, most of the difference in starting processes. A build
# configured without the option keeps one entry per test for ctest -R.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMARROW_BUILD_TESTS=ON -DMARROW_WERROR=ON \
  -DMARROW_TEST_PER_BINARY=ON >/dev/null
cmake --build build
run_ctest build

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build"
# Release, like build/: Marrow's own code gets the sanitizers at -O1 -g1
# (CMakeLists.txt), and the tests' sources would compile exactly as in
# build/, so this build links build/'s test objects instead of compiling them
# again (MARROW_TEST_OBJECTS_FROM, tests/CMakeLists.txt).
# Each test binary runs whole, as in the Release run: a sanitized process is
# also slow to start and to leak-check at exit.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release -DMARROW_TEST_OBJECTS_FROM="$PWD/build" \
  -DMARROW_BUILD_TESTS=ON -DMARROW_SANITIZE=ON -DMARROW_WERROR=ON -DMARROW_BUILD_BENCH=OFF \
  -DMARROW_TEST_PER_BINARY=ON >/dev/null
cmake --build build-asan
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 LSAN_OPTIONS=suppressions="$PWD/tools/lsan.supp" \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 run_ctest build-asan
echo "== all tests passed"
