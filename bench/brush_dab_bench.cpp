// SPDX-License-Identifier: MIT
// Weight painting on a 1,000,000-vertex skinned mesh (a bent tube, 1000 x
// 1000 vertices, 2M faces, 16 joints in bands along it, 4 influences):
//  - one dab: ray pick (TriangleBvh) + vertices under the dab (VertexBvh)
//    + normalised distances + a smoothstep falloff, with the radius set so
//    the dab covers about 2,000 vertices; sphere and projected shapes, front
//    faces only; items are vertices under the dab.
//  - the pose change: CPU skinning of the mesh (positions, and positions +
//    normals) against refitting both structures to the new pose, and the full
//    build for reference; items are vertices.
// The structures are built once on the bind pose and refitted to the posed
// mesh, as the editor does: topology per mesh, boxes per pose.
#include "paint_mesh_data.h"

#include <benchmark/benchmark.h>
#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace marrow::bench {
namespace {

void BM_BrushDab(benchmark::State& state, mesh::DabShape shape)
{
    PaintData& d = paintData();
    std::vector<std::uint32_t> vertices;
    std::vector<float> distances, factors;
    vertices.reserve(4 * kTargetVertices);
    distances.reserve(4 * kTargetVertices);
    factors.reserve(4 * kTargetVertices);
    mesh::BrushDabJob job;
    job.shape = shape;
    job.vertices = &d.vertices;
    job.frontFacesOnly = true;
    job.normals = d.posedNormals;
    job.outVertices = &vertices;
    job.outDistances = &distances;
    job.circle = {d.viewProjection, {1000.f, 800.f}, {500.f, 400.f}, d.pixelRadius};
    const bool sphere = shape == mesh::DabShape::Sphere;
    const std::vector<mesh::Ray>& rays = sphere ? d.rays : d.eyeRays;
    std::size_t i = 0, total = 0;
    for (auto _ : state) {
        const std::size_t r = i++ % rays.size();
        const mesh::Ray& ray = rays[r];
        const auto hit = d.triangles.pick(ray);
        if (!hit) {
            state.SkipWithError("ray missed the mesh");
            return;
        }
        job.center = hit->point(ray);
        job.radius = d.sphereRadius;
        job.camera = glm::vec4(ray.origin, 1.f);
        job.circle.center = d.eyePixels[r % d.eyePixels.size()];
        job.run();
        factors.resize(distances.size());
        for (std::size_t k = 0; k < distances.size(); ++k) {
            const float x = 1.f - distances[k];
            factors[k] = x * x * (3.f - 2.f * x);  // smoothstep falloff
        }
        total += vertices.size();
        benchmark::DoNotOptimize(factors.data());
        benchmark::ClobberMemory();
    }
    state.counters["vertices_per_dab"] = static_cast<double>(total) / static_cast<double>(std::max<std::int64_t>(state.iterations(), 1));
    state.SetItemsProcessed(static_cast<std::int64_t>(total));
}

void BM_PoseSkinning(benchmark::State& state, bool normals)
{
    PaintData& d = paintData();
    const mesh::CpuSkinningJob job = d.skinJob(normals);
    for (auto _ : state) {
        benchmark::DoNotOptimize(job.run());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(d.bind.size()));
}

void BM_PoseRefit(benchmark::State& state, int which)
{
    PaintData& d = paintData();
    for (auto _ : state) {
        if (which & 2)
            d.vertices.refit(d.posed);
        if (which & 1)
            d.triangles.refit();
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(d.bind.size()));
}

void BM_PoseFullBuild(benchmark::State& state)
{
    PaintData& d = paintData();
    for (auto _ : state) {
        d.vertices.build(d.posed);
        d.triangles.build(d.vertices, d.indices);
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(d.bind.size()));
}

BENCHMARK_CAPTURE(BM_BrushDab, sphere_1M, mesh::DabShape::Sphere)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_BrushDab, projected_1M, mesh::DabShape::Projected)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_PoseSkinning, lbs_positions_1M, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PoseSkinning, lbs_normals_1M, true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PoseRefit, triangles_and_vertices_1M, 3)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PoseRefit, face_boxes_only_1M, 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PoseRefit, vertices_1M, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PoseFullBuild)->Name("BM_PoseFullBuild/triangles_and_vertices_1M")->Unit(benchmark::kMillisecond)->Iterations(2);

} // namespace
} // namespace marrow::bench
