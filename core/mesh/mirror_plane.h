// SPDX-License-Identifier: MIT
#pragma once
#include <glm/vec3.hpp>

#include <optional>
#include <span>
#include <utility>

namespace marrow::mesh {

// A symmetry plane: the points p with dot(normal, p) = offset. Invariant:
// normal has unit length. Plain data.
struct MirrorPlane {
    glm::vec3 normal{1.f, 0.f, 0.f};
    float offset = 0.f;

    // The mesh's local X, Y or Z = 0 plane (axis 0, 1 or 2).
    static MirrorPlane axis(int axis);
    // Least-squares fit from mirrored point pairs (left, right): the normal
    // is the principal direction of the pair differences (the unit n that
    // maximises the sum of dot(n, l - r)^2), oriented towards the first
    // pair's left point; the offset puts the plane through the mean of the
    // midpoints. nullopt when there is no pair or every difference is zero.
    static std::optional<MirrorPlane> fit(std::span<const std::pair<glm::vec3, glm::vec3>> pairs);

    float signedDistance(const glm::vec3& p) const;
    glm::vec3 reflect(const glm::vec3& p) const;
};

} // namespace marrow::mesh
