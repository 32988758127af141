// SPDX-License-Identifier: MIT
// Import time through io::importModel, the way the editor opens a file.
#include "bench_data.h"

#include "core/io/model_import.h"

#include <filesystem>

namespace marrow::bench {
namespace {

// glTF is read in process by tinygltf. Anything else (FBX here) goes through
// the marrow-import-worker process, so its time includes starting the worker,
// Assimp's parse and conversion there, encoding the rig, the pipe transfer,
// decoding it here, and the same validation the glTF path gets. Wall time
// (UseRealTime): the worker's CPU time is not this process's.
void BM_ImportModel(benchmark::State& state, const char* relative)
{
    const std::string path = modelPath(relative);
    if (!std::filesystem::exists(path)) {
        state.SkipWithError(("missing model file " + path).c_str());
        return;
    }
    for (auto _ : state) {
        io::ImportResult r = io::importModel(path);
        if (!r.ok) {
            state.SkipWithError(r.error.c_str());
            break;
        }
        benchmark::DoNotOptimize(r.rig.skeleton.parents.data());
    }
}

BENCHMARK_CAPTURE(BM_ImportModel, cesium_man_gltf, "ozz-animation/gltf/khronos/cesium_man.gltf")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_ImportModel, arnaud_fbx, "ozz-animation/fbx/pab/arnaud.fbx")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
} // namespace marrow::bench
