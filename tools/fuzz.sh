#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/fuzz.sh TARGET SECONDS [libFuzzer options...]
# Runs one fuzz target (tests/fuzz/fuzz_TARGET.cpp) under libFuzzer with
# ASan and UBSan for SECONDS, from its seeds: tests/fuzz/corpus (every
# target's findings) and ../shared/models. New inputs go to
# build-fuzz/corpus/TARGET; a crash is written to build-fuzz/findings/TARGET
# (add it to tests/fuzz/corpus/TARGET once fixed). Builds build-fuzz/ with
# clang on first use. Targets: gltf marrow_document rig_codec prechecks cli_args fbx
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: tools/fuzz.sh TARGET SECONDS}
seconds=${2:?usage: tools/fuzz.sh TARGET SECONDS}
shift 2
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS="pch_defines,time_macros,include_file_mtime,include_file_ctime"
if ! command -v clang++ >/dev/null; then
  echo "fuzz: needs clang++ with libFuzzer (Debian: apt install clang)" >&2
  exit 2
fi
if [ ! -f build-fuzz/build.ninja ]; then
  cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
    -DMARROW_FUZZ=ON -DMARROW_BUILD_TESTS=OFF -DMARROW_BUILD_BENCH=OFF >/dev/null
fi
cmake --build build-fuzz --target "fuzz_$target"
mkdir -p "build-fuzz/corpus/$target" "build-fuzz/findings/$target"
seeds=(tests/fuzz/corpus)
max_len=65536
if [ "$target" = cli_args ]; then
  max_len=4096  # argument lists: the model files are no seeds for them
elif [ "$target" = fbx ]; then
  max_len=1048576  # FBX files hold their curves past their meshes
  [ -d ../shared/models ] && seeds+=(../shared/models)
else
  [ -d ../shared/models ] && seeds+=(../shared/models)
fi
# Seeds are folders of folders: libFuzzer reads only a folder's own files.
mapfile -t folders < <(find "${seeds[@]}" -type d)
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "build-fuzz/bin/fuzz_$target" -max_total_time="$seconds" -max_len="$max_len" -timeout=20 -rss_limit_mb=4096 \
  -artifact_prefix="build-fuzz/findings/$target/" -print_final_stats=1 "$@" \
  "build-fuzz/corpus/$target" "${folders[@]}"
