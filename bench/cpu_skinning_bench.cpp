// SPDX-License-Identifier: MIT
// CPU skinning (CpuSkinningJob), reported as vertices per second: LBS and DQS,
// positions alone and positions plus normals, on arnaud.fbx (4 influences) and
// on a synthetic 100k-vertex mesh (4 and 8 influences, and 4 with scaled
// joints, which DQS skins through its scale blend) so the figure does not
// rest on one file.
#include "bench_data.h"

#include "core/mesh/cpu_skinning_job.h"

namespace marrow::bench {
namespace {

template <mesh::SkinningMethod Method, bool WithNormals>
void BM_CpuSkinning(benchmark::State& state, SkinSource source)
{
    const SkinData* d = skinDataOrSkip(state, source);
    if (!d)
        return;
    const std::size_t n = d->vertexCount();
    std::vector<glm::vec3> outPositions(n), outNormals(WithNormals ? n : 0);
    mesh::CpuSkinningJob job;
    job.method = Method;
    job.stride = d->stride;
    job.positions = d->positions;
    if (WithNormals) {
        job.normals = d->normals;
        job.outNormals = outNormals;
    }
    job.joints = d->joints;
    job.weights = d->weights;
    job.palette = d->palette;
    job.dualQuats = d->dualQuats;
    job.outPositions = outPositions;
    for (auto _ : state) {
        const bool ok = job.run();
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(outPositions.data());
        benchmark::DoNotOptimize(outNormals.data());
        benchmark::ClobberMemory();
    }
    state.counters["vertices"] = static_cast<double>(n);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));  // vertices per second
}

using mesh::SkinningMethod;
constexpr auto kLbs = SkinningMethod::Linear;
constexpr auto kDqs = SkinningMethod::DualQuaternion;

// Four variants per source, named <source>_<method>_<outputs>.
int registerSkinning(const char* name, SkinSource source)
{
    const std::string base = std::string("BM_CpuSkinning/") + name;
    benchmark::RegisterBenchmark((base + "_lbs_positions").c_str(), BM_CpuSkinning<kLbs, false>, source)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((base + "_lbs_normals").c_str(), BM_CpuSkinning<kLbs, true>, source)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((base + "_dqs_positions").c_str(), BM_CpuSkinning<kDqs, false>, source)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((base + "_dqs_normals").c_str(), BM_CpuSkinning<kDqs, true>, source)
        ->Unit(benchmark::kMicrosecond);
    return 0;
}

[[maybe_unused]] const int kRegistered = registerSkinning("arnaud_4", SkinSource::Arnaud4) +
                                         registerSkinning("cesium_man_4", SkinSource::CesiumMan4) +
                                         registerSkinning("synthetic100k_4", SkinSource::Synthetic4) +
                                         registerSkinning("synthetic100k_8", SkinSource::Synthetic8) +
                                         registerSkinning("synthetic100k_4_scaled", SkinSource::Synthetic4Scaled);

} // namespace
} // namespace marrow::bench
