// SPDX-License-Identifier: MIT
#include "paint_mesh_data.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <random>

namespace marrow::bench {
namespace {

constexpr float kPi = 3.14159265358979f;

} // namespace

mesh::CpuSkinningJob PaintData::skinJob(bool normals)
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


namespace {

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

} // namespace

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

} // namespace marrow::bench
