#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The undo property test (tests/property, issue 38) with more seeds or longer
# sequences than CI's 20 x 1,000:
#   tools/property.sh [SEEDS] [COMMANDS] [FIRST_SEED]
# e.g. tools/property.sh 500 5000 runs seeds 1..500 of 5,000 commands each.
# Every single undo and redo is checked here (CI checks every 6th undo index:
# the encoding is most of the time); MARROW_PROPERTY_CHECK_EVERY=N samples.
# Runs the test binary of the build in $MARROW_BUILD_DIR (default build/;
# build it first: cmake --build build --target marrow_property_tests).
# A failure prints the seed, the step and the command; rerun one seed with
#   tools/property.sh 1 COMMANDS SEED
set -euo pipefail
cd "$(dirname "$0")/.."
seeds="${1:-20}"
commands="${2:-1000}"
first="${3:-1}"
build="${MARROW_BUILD_DIR:-build}"
if [ ! -x "$build/bin/marrow_property_tests" ]; then
  echo "property: $build/bin/marrow_property_tests is missing: cmake --build $build --target marrow_property_tests" >&2
  exit 1
fi
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR"
cd "$build/tests"
MARROW_PROPERTY_CHECK_EVERY="${MARROW_PROPERTY_CHECK_EVERY:-1}" MARROW_PROPERTY_SEEDS="$seeds" MARROW_PROPERTY_COMMANDS="$commands" MARROW_PROPERTY_FIRST_SEED="$first" \
  QT_QPA_PLATFORM=offscreen "../bin/marrow_property_tests" --gtest_filter='Seeds/UndoProperty.*'
