// SPDX-License-Identifier: MIT
#pragma once
// What a person sees of a model in a pose: every mesh's world points (morphed,
// skinned or riding on its node), one list after another, and how far two
// such views differ against the model's size.
#include "core/mesh/bounds_tree.h"
#include "core/model/pose_pipeline.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <vector>

namespace marrow::test {

// With `skinnedOnly`, the skinned meshes alone (a rigid mesh parented to a
// bone rides on it when Edit Skeleton moves the bone, as in Blender).
inline std::vector<glm::vec3> posedPoints(const model::Rig& rig, const model::PoseRequest& pose = {},
                                          bool skinnedOnly = false)
{
    model::PosePipeline pipeline(rig);
    EXPECT_TRUE(pipeline.evaluate(pose));
    std::vector<glm::vec3> out;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        if (skinnedOnly && !rig.meshes[m].skinned())
            continue;
        std::vector<glm::vec3> points(rig.meshes[m].vertexCount());
        EXPECT_TRUE(pipeline.skinMesh(m, mesh::SkinningMethod::Linear, points, {}));
        out.insert(out.end(), points.begin(), points.end());
    }
    return out;
}

inline float diagonalOf(const std::vector<glm::vec3>& points)
{
    return std::max(points.empty() ? 0.f : mesh::Aabb::of(points).diagonal(), 1e-6f);
}

// The largest distance between matching points over `a`'s diagonal; 1 when
// the lists differ in length.
inline float relativeGap(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b)
{
    if (a.size() != b.size())
        return 1.f;
    float worst = 0.f;
    for (std::size_t v = 0; v < a.size(); ++v)
        worst = std::max(worst, glm::distance(a[v], b[v]));
    return worst / diagonalOf(a);
}

} // namespace marrow::test
