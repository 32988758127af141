#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs what Marrow needs on Debian 12 (Debian packages only) and configures
# the Release build in build/. Safe to run again. The glTF validator (npm) is
# fetched into tools/node_modules for the export tests when npm is available.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake ninja-build pkg-config ccache lld
  qt6-base-dev libqt6opengl6-dev qt6-svg-dev
  libglm-dev libassimp-dev libtinygltf-dev nlohmann-json3-dev libeigen3-dev zlib1g-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  xvfb xauth libgl1-mesa-dri libglx-mesa0 libegl-mesa0)
# Node runs the Khronos glTF validator; the machine image usually has it already.
command -v npm >/dev/null || packages+=(nodejs npm)
# Python 3 regenerates and checks the generated sample (tools/make_sample_character.py).
command -v python3 >/dev/null || packages+=(python3)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ ! -d tools/node_modules/gltf-validator ] && command -v npm >/dev/null; then
  echo "setup: installing the Khronos glTF validator (npm gltf-validator) into tools/node_modules"
  npm ci --prefix tools --no-audit --no-fund --silent >/dev/null 2>&1 ||
    echo "setup: npm could not install gltf-validator; the validator tests will be left out"
fi

# The tests read ../shared/models; without it, build the programs alone.
tests=ON
if [ ! -f ../shared/models/expected/manifest.json ]; then
  tests=OFF
  echo "setup: ../shared/models not found: configuring without the tests"
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMARROW_BUILD_TESTS=$tests >/dev/null
echo "setup: configured build/ (Release, tests $tests)"
