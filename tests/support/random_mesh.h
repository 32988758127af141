// SPDX-License-Identifier: MIT
#pragma once
// Random triangle soups and bumpy closed surfaces for comparing spatial
// queries with brute-force scans. Fixed seeds: every run sees the same data.
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace marrow::test {

struct RandomMesh {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;  // unit, one per position
    std::vector<std::uint32_t> indices;
};

// A bumpy sphere of rows x cols vertices (radius about 1, centre `center`),
// outward counter-clockwise faces and outward normals, plus `soup` random
// loose triangles inside the box [-1.5, 1.5]^3 around the centre.
inline RandomMesh randomMesh(unsigned seed, int rows = 24, int cols = 32, int soup = 40, glm::vec3 center = glm::vec3(0.f))
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    RandomMesh m;
    const float pi = 3.14159265358979f;
    for (int r = 0; r < rows; ++r) {
        const float theta = pi * (static_cast<float>(r) + .5f) / static_cast<float>(rows);
        for (int c = 0; c < cols; ++c) {
            const float phi = 2.f * pi * static_cast<float>(c) / static_cast<float>(cols);
            const glm::vec3 dir(std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi));
            m.positions.push_back(center + dir * (1.f + .08f * u(rng)));
            m.normals.push_back(dir);
        }
    }
    const auto at = [cols](int r, int c) { return static_cast<std::uint32_t>(r * cols + (c % cols)); };
    for (int r = 0; r + 1 < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            // Counter-clockwise seen from outside.
            m.indices.insert(m.indices.end(), {at(r, c), at(r, c + 1), at(r + 1, c)});
            m.indices.insert(m.indices.end(), {at(r, c + 1), at(r + 1, c + 1), at(r + 1, c)});
        }
    for (int t = 0; t < soup; ++t) {
        const auto base = static_cast<std::uint32_t>(m.positions.size());
        const glm::vec3 a = center + 1.5f * glm::vec3(u(rng), u(rng), u(rng));
        for (int k = 0; k < 3; ++k) {
            m.positions.push_back(a + .3f * glm::vec3(u(rng), u(rng), u(rng)));
            m.normals.push_back(glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0.f, 0.f, 1e-3f)));
        }
        m.indices.insert(m.indices.end(), {base, base + 1, base + 2});
    }
    return m;
}

// The same mesh with every position moved by up to `amount` on each axis (a "pose").
inline std::vector<glm::vec3> jiggle(const std::vector<glm::vec3>& positions, unsigned seed, float amount)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-amount, amount);
    std::vector<glm::vec3> out = positions;
    for (glm::vec3& p : out)
        p += glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(.3f * p.y, 0.f, 0.f);  // plus a shear
    return out;
}

} // namespace marrow::test
