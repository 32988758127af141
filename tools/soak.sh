#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/soak.sh [SECONDS]: the soak test (tests/soak, label soak): the editor
# plays, scrubs, paints and undoes for SECONDS (default 600) under Xvfb and
# must keep its memory flat (under 5 % growth after the warm-up), with no GL
# error and no Qt warning. Builds the test in build/ first.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS="pch_defines,time_macros,include_file_mtime,include_file_ctime"
cmake --build build --target marrow_soak_tests marrow-import-worker
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
chmod 700 "$XDG_RUNTIME_DIR"
MARROW_SOAK_SECONDS="$seconds" QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x800x24" \
  build/bin/marrow_soak_tests --gtest_brief=0
