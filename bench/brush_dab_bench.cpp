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
#include "core/mesh/brush_dab.h"
#include "core/mesh/cpu_skinning_job.h"
#include "core/mesh/triangle_bvh.h"

#include <benchmark/benchmark.h>
#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace marrow::bench {
namespace {

constexpr int kRows = 1000, kCols = 1000, kJoints = 16, kStride = 4;
constexpr float kPi = 3.14159265358979f;
constexpr std::size_t kTargetVertices = 2000;

struct PaintData {
    std::vector<glm::vec3> bind, bindNormals, posed, posedNormals;
    std::vector<std::uint32_t> indices;
    std::vector<std::uint16_t> joints;
    std::vector<float> weights;
    std::vector<glm::mat4> palette;
    mesh::TriangleBvh triangles;
    mesh::VertexBvh vertices;
    std::vector<mesh::Ray> rays;  // aimed at random vertices of the posed mesh, from 3 units out
    std::vector<mesh::Ray> eyeRays;      // from the camera to random posed vertices facing it
    std::vector<glm::vec2> eyePixels;    // where those vertices project
    glm::mat4 viewProjection{1.f};
    glm::vec3 eye{0.f};
    float sphereRadius = .1f;     // calibrated to ~kTargetVertices
    float pixelRadius = 20.f;     // calibrated to ~kTargetVertices

    mesh::CpuSkinningJob skinJob(bool normals)
    {
        mesh::CpuSkinningJob job;
        job.stride = kStride;
        job.positions = bind;
        job.joints = joints;
        job.weights = weights;
        job.palette = palette;
        job.outPositions = posed;
        if (normals) {
            job.normals = bindNormals;
            job.outNormals = posedNormals;
        }
        return job;
    }
};

PaintData makePaintData()
{
    PaintData d;
    std::mt19937 rng(8);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    // A tube of radius 1 along Y in [0, 4].
    for (int r = 0; r < kRows; ++r) {
        const float y = 4.f * static_cast<float>(r) / (kRows - 1);
        for (int c = 0; c < kCols; ++c) {
            const float phi = 2.f * kPi * static_cast<float>(c) / kCols;
            const glm::vec3 n(std::cos(phi), 0.f, std::sin(phi));
            d.bind.push_back(n * (1.f + .002f * u(rng)) + glm::vec3(0.f, y, 0.f));
            d.bindNormals.push_back(n);
            // Four nearest bands, tent weights.
            const float band = y / 4.f * (kJoints - 1);
            const int b0 = std::clamp(static_cast<int>(band) - 1, 0, kJoints - kStride);
            float w[kStride], sum = 0.f;
            for (int k = 0; k < kStride; ++k)
                sum += w[k] = std::max(0.f, 2.f - std::abs(band - static_cast<float>(b0 + k))) + 1e-3f;
            // Rows stay sorted largest first, as SkinWeights requires.
            int order[kStride] = {0, 1, 2, 3};
            std::sort(order, order + kStride, [&](int a, int b) { return w[a] > w[b]; });
            for (int k : order) {
                d.joints.push_back(static_cast<std::uint16_t>(b0 + k));
                d.weights.push_back(w[k] / sum);
            }
        }
    }
    const auto at = [](int r, int c) { return static_cast<std::uint32_t>(r * kCols + c % kCols); };
    for (int r = 0; r + 1 < kRows; ++r)
        for (int c = 0; c < kCols; ++c) {
            d.indices.insert(d.indices.end(), {at(r, c), at(r + 1, c), at(r, c + 1)});
            d.indices.insert(d.indices.end(), {at(r, c + 1), at(r + 1, c), at(r + 1, c + 1)});
        }
    // A bending chain: each band turns 6 degrees about Z around its centre on the axis.
    glm::mat4 m(1.f);
    for (int k = 0; k < kJoints; ++k) {
        const glm::vec3 c(0.f, 4.f * static_cast<float>(k) / (kJoints - 1), 0.f);
        m = m * glm::translate(glm::mat4(1.f), c) * glm::rotate(glm::mat4(1.f), .1f, glm::vec3(0.f, 0.f, 1.f)) *
            glm::translate(glm::mat4(1.f), -c);
        d.palette.push_back(m);
    }
    d.posed.resize(d.bind.size());
    d.posedNormals.resize(d.bind.size());
    d.skinJob(true).run();
    d.vertices.build(d.bind);
    d.triangles.build(d.vertices, d.indices);
    d.vertices.refit(d.posed);
    d.triangles.refit();
    std::uniform_int_distribution<std::size_t> pick(0, d.bind.size() - 1);
    for (int i = 0; i < 64; ++i) {
        const std::size_t v = pick(rng);
        d.rays.push_back({d.posed[v] + 3.f * d.posedNormals[v], -d.posedNormals[v]});
    }
    // A camera 8 units in front of the bent tube's middle, 1000 x 800 pixels.
    d.eye = glm::vec3(0.f, 2.f, 8.f);
    d.viewProjection = glm::perspective(.8f, 1.25f, .1f, 100.f) * glm::lookAt(d.eye, glm::vec3(-.5f, 2.f, 0.f), glm::vec3(0.f, 1.f, 0.f));
    const mesh::ScreenCircle screen{d.viewProjection, {1000.f, 800.f}, {0.f, 0.f}, 0.f};
    while (d.eyeRays.size() < 64) {
        const std::size_t v = pick(rng);
        const auto s = screen.project(d.posed[v]);
        if (glm::dot(d.posedNormals[v], glm::normalize(d.eye - d.posed[v])) < .5f || !s || s->x < 100.f || s->x > 900.f ||
            s->y < 100.f || s->y > 700.f)
            continue;
        // Aim at the middle of a face next to v: a ray through a shared vertex or edge may slip
        // between the faces by rounding (the face test is not watertight).
        const std::size_t f = std::min<std::size_t>(2 * v, d.indices.size() / 3 - 1);
        const glm::vec3 c = (d.posed[d.indices[3 * f]] + d.posed[d.indices[3 * f + 1]] + d.posed[d.indices[3 * f + 2]]) / 3.f;
        d.eyeRays.push_back({d.eye, c - d.eye});
        d.eyePixels.push_back(*s);
    }
    return d;
}

PaintData& paintData()
{
    static PaintData d = [] {
        PaintData p = makePaintData();
        // Calibrate both radii on the first dab so a dab covers about kTargetVertices (front faces only).
        std::vector<std::uint32_t> vertices;
        std::vector<float> distances;
        mesh::BrushDabJob job;
        job.vertices = &p.vertices;
        job.frontFacesOnly = true;
        job.normals = p.posedNormals;
        job.outVertices = &vertices;
        job.outDistances = &distances;
        job.center = p.triangles.pick(p.rays[0])->point(p.rays[0]);
        job.camera = glm::vec4(p.rays[0].origin, 1.f);
        for (int pass = 0; pass < 3; ++pass) {
            job.radius = p.sphereRadius;
            job.run();
            p.sphereRadius *= std::sqrt(static_cast<float>(kTargetVertices) / static_cast<float>(std::max<std::size_t>(vertices.size(), 1)));
        }
        job.shape = mesh::DabShape::Projected;
        job.camera = glm::vec4(p.eye, 1.f);
        job.circle = {p.viewProjection, {1000.f, 800.f}, p.eyePixels[0], p.pixelRadius};
        for (int pass = 0; pass < 3; ++pass) {
            job.circle.radius = p.pixelRadius;
            job.run();
            p.pixelRadius *= std::sqrt(static_cast<float>(kTargetVertices) / static_cast<float>(std::max<std::size_t>(vertices.size(), 1)));
        }
        return p;
    }();
    return d;
}

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
