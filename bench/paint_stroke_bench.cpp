// SPDX-License-Identifier: MIT
// The weight brush end to end on the 1,000,000-vertex tube (paint_mesh_data.h):
//  - one dab: ray pick + vertices under the dab + falloff + the weight op
//    with auto-normalise on every row + the rows' before/after delta
//    (StrokePainter, accumulate off, as the editor's default brush), at a
//    radius covering about 2,000 vertices; items are vertices under the dab.
//  - the pose change painting adds: PaintSurface::update (posed positions
//    copied, both BVHs refitted), to compare with BM_PoseSkinning's
//    lbs_positions_1M, the skinning that the pose needs anyway.
//  - undo memory: a 40-dab stroke's merged WeightDelta, in bytes per
//    touched vertex (counter bytes_per_vertex).
#include "paint_mesh_data.h"

#include "core/mesh/paint_surface.h"
#include "core/skin/stroke_painter.h"

#include <benchmark/benchmark.h>

namespace marrow::bench {
namespace {

mesh::SkinWeights tubeWeights(const PaintData& d)
{
    mesh::SkinWeights w;
    w.stride = kStride;
    w.joints = d.joints;
    w.weights = d.weights;
    return w;
}

skin::BrushSettings paintBrush()
{
    skin::BrushSettings s;
    s.mode = skin::BrushMode::Mix;
    s.weight = 1.f;
    s.strength = .5f;
    return s;
}

void BM_FullDab(benchmark::State& state)
{
    PaintData& d = paintData();
    const mesh::SkinWeights weights = tubeWeights(d);
    skin::StrokeTarget target;
    target.bone = 7;  // a band in the middle of the tube
    skin::StrokePainter painter;
    painter.begin(paintBrush(), target, nullptr);
    std::vector<std::uint32_t> vertices;
    std::vector<float> distances;
    vertices.reserve(4 * kTargetVertices);
    distances.reserve(4 * kTargetVertices);
    mesh::BrushDabJob job;
    job.vertices = &d.vertices;
    job.frontFacesOnly = true;
    job.normals = d.posedNormals;
    job.outVertices = &vertices;
    job.outDistances = &distances;
    job.radius = d.sphereRadius;
    std::size_t i = 0, total = 0, changed = 0;
    for (auto _ : state) {
        const mesh::Ray& ray = d.rays[i++ % d.rays.size()];
        const auto hit = d.triangles.pick(ray);
        if (!hit) {
            state.SkipWithError("ray missed the mesh");
            return;
        }
        job.center = hit->point(ray);
        job.camera = glm::vec4(ray.origin, 1.f);
        job.run();
        const skin::WeightDelta delta = painter.dab(weights, vertices, distances, {});
        total += vertices.size();
        changed += delta.size();
        benchmark::DoNotOptimize(delta.afterWeights().data());
    }
    const double n = static_cast<double>(std::max<std::int64_t>(state.iterations(), 1));
    state.counters["vertices_per_dab"] = static_cast<double>(total) / n;
    state.counters["rows_changed_per_dab"] = static_cast<double>(changed) / n;
    state.SetItemsProcessed(static_cast<std::int64_t>(total));
}

void BM_PaintSurfaceUpdate(benchmark::State& state)
{
    PaintData& d = paintData();
    mesh::PaintSurface surface;
    surface.update(d.indices, d.bind);  // built once per mesh, as the editor does
    for (auto _ : state) {
        surface.update(d.indices, d.posed);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(d.bind.size()));
}

void BM_StrokeUndoBytes(benchmark::State& state)
{
    PaintData& d = paintData();
    mesh::SkinWeights weights = tubeWeights(d);
    std::vector<std::uint32_t> vertices;
    std::vector<float> distances;
    mesh::BrushDabJob job;
    job.vertices = &d.vertices;
    job.outVertices = &vertices;
    job.outDistances = &distances;
    job.radius = d.sphereRadius;
    double bytesPerVertex = 0.;
    std::size_t touched = 0;
    for (auto _ : state) {
        skin::StrokeTarget target;
        target.bone = 7;
        skin::StrokePainter painter;
        painter.begin(paintBrush(), target, nullptr);
        skin::WeightDelta stroke(kStride);
        // 40 dabs along the tube's front, a third of a radius apart.
        const auto hit = d.triangles.pick(d.eyeRays[0]);
        const glm::vec3 start = hit->point(d.eyeRays[0]);
        for (int k = 0; k < 40; ++k) {
            job.center = start + glm::vec3(0.f, static_cast<float>(k) * d.sphereRadius / 3.f, 0.f);
            job.run();
            const skin::WeightDelta delta = painter.dab(weights, vertices, distances, {});
            stroke.absorb(delta);
        }
        touched = stroke.size();
        bytesPerVertex = static_cast<double>(stroke.memoryBytes()) / static_cast<double>(std::max<std::size_t>(touched, 1));
    }
    state.counters["touched_vertices"] = static_cast<double>(touched);
    state.counters["bytes_per_vertex"] = bytesPerVertex;
}

} // namespace

BENCHMARK(BM_FullDab)->Name("BM_FullDab/sphere_mix_normalise_1M")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PaintSurfaceUpdate)->Name("BM_PaintSurfaceUpdate/pose_change_1M")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StrokeUndoBytes)->Name("BM_StrokeUndoBytes/40_dabs_1M")->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace marrow::bench
