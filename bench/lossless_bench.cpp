// SPDX-License-Identifier: MIT
// Opening and saving a 30 MB textured glTF (issue 19): what carrying the
// source and its images costs. The file is generated once per run (a fixed
// seed): cesium_man's skeleton, skin and clip with its mesh tiled to ~90,000
// vertices, plus a 24 MB base-colour image (random bytes under a PNG
// signature: nothing decodes images on these paths); its untextured twin is
// the same file without the image, so the difference is the image's cost.
#include "bench_data.h"

#include "core/io/document_codec.h"
#include "core/io/gltf_export.h"
#include "core/io/model_import.h"

#include <filesystem>
#include <fstream>
#include <random>

namespace marrow::bench {
namespace {

namespace fs = std::filesystem;

struct LosslessFiles {
    std::string error;
    fs::path textured, plain;
};

model::Rig bigRig(bool textured)
{
    const io::ImportResult cesium = io::importModel(modelPath("ozz-animation/gltf/khronos/cesium_man.gltf"));
    if (!cesium.ok)
        return {};
    model::Rig rig = cesium.rig;
    mesh::Mesh& m = rig.meshes.at(0);
    const mesh::Mesh tile = m;
    for (int copy = 1; copy < 28; ++copy) {  // 3,273 x 28 vertices
        const auto base = static_cast<std::uint32_t>(m.positions.size());
        m.positions.insert(m.positions.end(), tile.positions.begin(), tile.positions.end());
        m.normals.insert(m.normals.end(), tile.normals.begin(), tile.normals.end());
        m.uvs.insert(m.uvs.end(), tile.uvs.begin(), tile.uvs.end());
        m.weights.joints.insert(m.weights.joints.end(), tile.weights.joints.begin(), tile.weights.joints.end());
        m.weights.weights.insert(m.weights.weights.end(), tile.weights.weights.begin(), tile.weights.weights.end());
        for (std::uint32_t i : tile.indices)
            m.indices.push_back(base + i);
    }
    mesh::Material skin;
    skin.name = "skin";
    skin.baseColourMap.texture = textured ? 0 : -1;
    rig.materials = {skin};
    rig.textures.clear();
    if (textured) {
        std::vector<std::uint8_t> bytes(24u << 20);
        std::mt19937 random(19);
        for (std::uint8_t& b : bytes)
            b = static_cast<std::uint8_t>(random());
        const std::uint8_t signature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        std::copy(std::begin(signature), std::end(signature), bytes.begin());
        rig.textures.push_back({"albedo", "image/png", std::make_shared<const std::vector<std::uint8_t>>(std::move(bytes))});
    }
    for (mesh::Mesh& each : rig.meshes)
        each.material = 0;
    return rig;
}

const LosslessFiles& files()
{
    static const LosslessFiles made = [] {
        LosslessFiles f;
        const fs::path dir = fs::temp_directory_path() / "marrow_lossless_bench";
        fs::create_directories(dir);
        f.textured = dir / "textured.glb";
        f.plain = dir / "plain.glb";
        for (const auto& [path, textured] : {std::pair{f.textured, true}, std::pair{f.plain, false}}) {
            const model::Rig rig = bigRig(textured);
            if (rig.meshes.empty()) {
                f.error = "cannot read cesium_man.gltf";
                return f;
            }
            if (auto err = io::exportGltf(rig, path.string())) {
                f.error = *err;
                return f;
            }
        }
        return f;
    }();
    return made;
}

void BM_OpenGlb(benchmark::State& state, bool textured)
{
    const LosslessFiles& f = files();
    if (!f.error.empty()) {
        state.SkipWithError(f.error.c_str());
        return;
    }
    const fs::path path = textured ? f.textured : f.plain;
    state.counters["file_MB"] = static_cast<double>(fs::file_size(path)) / 1e6;
    for (auto _ : state) {
        io::ImportResult r = io::importModel(path.string());
        if (!r.ok) {
            state.SkipWithError(r.error.c_str());
            break;
        }
        benchmark::DoNotOptimize(r.rig.meshes.data());
    }
}

// Save as the editor does (.marrow with the source) and convert to GLB
// carrying the source, after one weight edit so the mesh is rewritten.
void BM_SaveTexturedGlb(benchmark::State& state)
{
    const LosslessFiles& f = files();
    if (!f.error.empty()) {
        state.SkipWithError(f.error.c_str());
        return;
    }
    io::ImportResult r = io::importModel(f.textured.string());
    if (!r.ok) {
        state.SkipWithError(r.error.c_str());
        return;
    }
    mesh::SkinWeights& w = r.rig.meshes[0].weights;  // vertex 0 wholly on its first joint
    w.weights[0] = 1.f;
    for (std::size_t k = 1; k < static_cast<std::size_t>(w.stride); ++k) {
        w.weights[k] = 0.f;
        w.joints[k] = 0;  // padding is joint 0, weight 0
    }
    doc::DocumentExtras extras;
    extras.source = r.gltfSource;
    for (auto _ : state) {
        const std::string document = doc::encodeDocument(r.rig, extras);
        std::string glb;
        if (auto err = io::encodeGltf(r.rig, io::GltfContainer::Binary, glb, {.source = r.gltfSource.get()})) {
            state.SkipWithError(err->c_str());
            break;
        }
        benchmark::DoNotOptimize(document.data());
        benchmark::DoNotOptimize(glb.data());
    }
}

// The .marrow codec alone on the untextured twin (~90,000 vertices, no
// image): what every save, autosave and undo check's encode costs, and a
// reopen's decode.
struct PlainDocument {
    io::ImportResult imported;
    doc::DocumentExtras extras;
};

// The twin as the editor holds it after opening, or false after skipping.
bool openPlain(benchmark::State& state, PlainDocument& out)
{
    const LosslessFiles& f = files();
    if (f.error.empty())
        out.imported = io::importModel(f.plain.string());
    if (!out.imported.ok) {
        state.SkipWithError(f.error.empty() ? out.imported.error.c_str() : f.error.c_str());
        return false;
    }
    out.extras.source = out.imported.gltfSource;
    return true;
}

void BM_EncodeDocument(benchmark::State& state)
{
    PlainDocument plain;
    if (!openPlain(state, plain))
        return;
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::string document = doc::encodeDocument(plain.imported.rig, plain.extras);
        bytes = document.size();
        benchmark::DoNotOptimize(document.data());
    }
    state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}

void BM_DecodeDocument(benchmark::State& state)
{
    PlainDocument plain;
    if (!openPlain(state, plain))
        return;
    const std::string document = doc::encodeDocument(plain.imported.rig, plain.extras);
    for (auto _ : state) {
        model::Rig rig;
        doc::DocumentExtras back;
        std::string error;
        if (!doc::decodeDocument(document, rig, error, &back)) {
            state.SkipWithError(error.c_str());
            break;
        }
        benchmark::DoNotOptimize(rig.meshes.data());
    }
}

BENCHMARK_CAPTURE(BM_OpenGlb, textured_30MB, true)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_OpenGlb, untextured_twin, false)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SaveTexturedGlb)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EncodeDocument)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_DecodeDocument)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
} // namespace marrow::bench
