// SPDX-License-Identifier: MIT
// Automatic weights (bone heat, issue 20) on cesium_man (3,273 vertices, 19
// bones), the bundled character, and a generated 50,000-vertex tube around a
// 60-bone chain. The figure covers model::autoWeights whole: welding, heat
// and visibility, the factorisation and every bone's solve, the rows.
// Blender's side: tools/blender/auto_weights.py (see bench/README.md).
#include "bench_data.h"
#include "core/io/model_import.h"
#include "core/model/auto_weights.h"

#include <benchmark/benchmark.h>

#include <cmath>

namespace marrow::bench {
namespace {

// A tube of `rings` x `sides` vertices along +Y, 1 unit per 10 rings, with a
// chain of `bones` joints spread along it; one skin, empty weights.
model::Rig tube(int rings, int sides, int bones)
{
    model::Rig rig;
    const float length = static_cast<float>(rings) / 10.f;
    for (int b = 0; b < bones; ++b) {
        rig.skeleton.names.push_back("bone" + std::to_string(b));
        rig.skeleton.parents.push_back(b == 0 ? anim::kNoParent : b - 1);
        math::Transform t;
        t.translation = glm::vec3(0.f, b == 0 ? 0.f : length / static_cast<float>(bones), 0.f);
        rig.skeleton.rest.push_back(t);
    }
    model::Skin skin;
    for (int b = 0; b < bones; ++b) {
        skin.joints.push_back(b);
        glm::mat4 inverse(1.f);
        inverse[3] = glm::vec4(0.f, -length * static_cast<float>(b) / static_cast<float>(bones), 0.f, 1.f);
        skin.inverseBind.push_back(inverse);
    }
    rig.skins.push_back(skin);
    mesh::Mesh m;
    m.name = "tube";
    m.skin = 0;
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < sides; ++s) {
            const float a = 6.2831853f * static_cast<float>(s) / static_cast<float>(sides);
            const float radius = 0.3f + 0.05f * std::sin(static_cast<float>(r) * 0.05f);
            m.positions.emplace_back(radius * std::cos(a), static_cast<float>(r) / 10.f, radius * std::sin(a));
        }
    for (int r = 0; r + 1 < rings; ++r)
        for (int s = 0; s < sides; ++s) {
            const auto at = [&](int rr, int ss) { return static_cast<std::uint32_t>(rr * sides + ss % sides); };
            m.indices.insert(m.indices.end(), {at(r, s), at(r + 1, s), at(r + 1, s + 1), at(r, s), at(r + 1, s + 1), at(r, s + 1)});
        }
    m.weights.stride = 4;
    m.weights.joints.assign(m.positions.size() * 4, 0);
    m.weights.weights.assign(m.positions.size() * 4, 0.f);
    rig.meshes.push_back(std::move(m));
    return rig;
}

void runAutoWeights(benchmark::State& state, const model::Rig& rig, bool symmetrise = true)
{
    std::size_t vertices = 0;
    for (auto _ : state) {
        vertices = 0;
        for (std::size_t i = 0; i < rig.meshes.size(); ++i) {
            if (!rig.meshes[i].skinned())
                continue;
            model::AutoWeightOptions options;
            options.scope.maxInfluences = 4;
            options.symmetrise = symmetrise;
            const model::AutoWeightResult r = model::autoWeights(rig, i, options);
            benchmark::DoNotOptimize(r.weights.weights.data());
            vertices += rig.meshes[i].vertexCount();
        }
    }
    state.counters["vertices"] = static_cast<double>(vertices);
}

void BM_AutoWeights_CesiumMan(benchmark::State& state)
{
    if (const CharacterData* c = characterOrSkip(state, Character::CesiumMan))
        runAutoWeights(state, c->rig);
}

void BM_AutoWeights_Bundled(benchmark::State& state)
{
    static const io::ImportResult bundled = io::importModel(MARROW_SOURCE_DIR "/resources/samples/marrow_character.gltf");
    if (!bundled.ok) {
        state.SkipWithError(bundled.error.c_str());
        return;
    }
    runAutoWeights(state, bundled.rig);
}

// The same without averaging mirror twins: what symmetrising costs.
void BM_AutoWeights_BundledUnsymmetrised(benchmark::State& state)
{
    static const io::ImportResult bundled = io::importModel(MARROW_SOURCE_DIR "/resources/samples/marrow_character.gltf");
    if (bundled.ok)
        runAutoWeights(state, bundled.rig, false);
}

void BM_AutoWeights_Tube50k60(benchmark::State& state)
{
    static const model::Rig rig = tube(834, 60, 60);  // 50,040 vertices
    runAutoWeights(state, rig);
}

BENCHMARK(BM_AutoWeights_CesiumMan)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AutoWeights_Bundled)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AutoWeights_BundledUnsymmetrised)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AutoWeights_Tube50k60)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace marrow::bench
