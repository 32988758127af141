// SPDX-License-Identifier: MIT
#include "core/mesh/brush_dab.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::mesh {

std::optional<std::string> BrushDabJob::validate() const
{
    if (!vertices)
        return "no vertex structure";
    if (!outVertices || !outDistances)
        return "no output vectors";
    if (shape == DabShape::Sphere) {
        if (!(radius > 0.f) || !std::isfinite(radius))
            return "sphere radius must be positive and finite";
        if (!std::isfinite(center.x) || !std::isfinite(center.y) || !std::isfinite(center.z))
            return "sphere centre is not finite";
    } else {
        if (!(circle.radius > 0.f) || !std::isfinite(circle.radius))
            return "screen radius must be positive and finite";
        if (!(circle.viewport.x > 0.f) || !(circle.viewport.y > 0.f))
            return "viewport must have a positive size";
    }
    if (frontFacesOnly) {
        if (normals.size() != vertices->vertexCount())
            return "front faces only needs one posed normal per vertex";
        if (camera.w != 0.f && camera.w != 1.f)
            return "camera.w must be 1 (perspective eye) or 0 (orthographic direction)";
        if (camera.w == 0.f && camera.x == 0.f && camera.y == 0.f && camera.z == 0.f)
            return "orthographic camera direction is zero";
    }
    return std::nullopt;
}

bool BrushDabJob::run() const
{
    if (validate())
        return false;
    outVertices->clear();
    outDistances->clear();
    const glm::vec3 eye(camera);
    const float w = camera.w;
    const auto emit = [&](std::uint32_t v, const glm::vec3& p, float distance, float scale) {
        if (frontFacesOnly && !(glm::dot(normals[v], eye - w * p) > 0.f))
            return;
        outVertices->push_back(v);
        // min() guards the rounding of distance / radius at the rim.
        outDistances->push_back(std::min(distance * scale, 1.f));
    };
    if (shape == DabShape::Sphere) {
        const float scale = 1.f / radius;
        vertices->visitSphere(center, radius, [&](std::uint32_t v, const glm::vec3& p, float d) { emit(v, p, d, scale); });
    } else {
        const float scale = 1.f / circle.radius;
        vertices->visitScreen(circle, [&](std::uint32_t v, const glm::vec3& p, float d) { emit(v, p, d, scale); });
    }
    return true;
}

} // namespace marrow::mesh
