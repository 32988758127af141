// SPDX-License-Identifier: MIT
#pragma once
#include <glm/vec3.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace marrow::mesh {

// The cotangent Laplacian of a triangle mesh as a stiffness matrix K (the
// Dirichlet energy of piecewise-linear functions: K_ij = -(cot a + cot b) / 2
// over edge ij's opposite angles, K_ii = -sum of its row) and the lumped
// mass (a third of each incident triangle's area per corner). K is
// symmetric positive semi-definite; -M^-1 K is the discrete Laplace
// operator. Degenerate triangles (area below 1e-12 of the mesh's scale
// squared) add nothing; each cotangent is clamped to +-1e4 so a sliver
// cannot dominate. Entries are listed as triplets (repeats sum).
struct CotanLaplacian {
    struct Entry {
        std::uint32_t row, col;
        double value;
    };
    std::vector<Entry> stiffness;  // off-diagonal pairs both ways, and the diagonal
    std::vector<double> mass;      // per vertex

    static CotanLaplacian build(std::span<const glm::vec3> positions, std::span<const std::uint32_t> triangles);
};

} // namespace marrow::mesh
