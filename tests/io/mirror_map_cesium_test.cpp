// SPDX-License-Identifier: MIT
// cesium_man.gltf is symmetric across its mesh's Y = 0 plane and its joints
// have no names: the mirror map falls back to the axis with the most exact
// vertex pairs, which must be Y, and pairs most vertices exactly.
#include "core/io/model_import.h"
#include "core/model/mirror_map.h"
#include "shared_models.h"

#include <gtest/gtest.h>

namespace marrow::model {
namespace {

TEST(MirrorMapCesiumMan, AutoPicksYAndPairsMostVerticesExactly)
{
    const io::ImportResult result = io::importModel(test::model("ozz-animation/gltf/khronos/cesium_man.gltf"));
    ASSERT_TRUE(result.ok) << result.error;
    const Rig& rig = result.rig;
    ASSERT_EQ(rig.meshes.size(), 1u);
    const mesh::Mesh& m = rig.meshes[0];
    ASSERT_TRUE(m.skinned());

    // Exact pairs per axis, counted independently of the Auto choice.
    std::size_t exact[3];
    for (int axis = 0; axis < 3; ++axis)
        exact[axis] = mesh::VertexMirrorMap::build(m.positions, mesh::MirrorPlane::axis(axis)).exact;
    EXPECT_GT(exact[1], exact[0]);
    EXPECT_GT(exact[1], exact[2]);

    const MirrorMap map = MirrorMap::build(rig, 0);  // default FitJoints: no named pairs, so Auto
    EXPECT_EQ(map.source, MirrorPlaneMode::Auto);
    EXPECT_EQ(map.plane.normal, glm::vec3(0.f, 1.f, 0.f));
    EXPECT_EQ(map.plane.offset, 0.f);
    EXPECT_EQ(map.namedJointPairs, 0u);
    EXPECT_EQ(map.vertices.exact, exact[1]);
    RecordProperty("exact_x", static_cast<int>(exact[0]));
    RecordProperty("exact_y", static_cast<int>(exact[1]));
    RecordProperty("exact_z", static_cast<int>(exact[2]));
    RecordProperty("nearest", static_cast<int>(map.vertices.nearest));
    RecordProperty("unpaired", static_cast<int>(map.vertices.unpaired));
    RecordProperty("vertices", static_cast<int>(m.vertexCount()));
    EXPECT_GT(static_cast<double>(map.vertices.exact), 0.9 * static_cast<double>(m.vertexCount()))
        << map.vertices.exact << " of " << m.vertexCount() << " exact, " << map.vertices.nearest << " nearest, "
        << map.vertices.unpaired << " unpaired";

    // Joints pair by position: the map is an involution on the bones, and
    // some joints (arms, legs) map to another joint while the spine maps to itself.
    const std::vector<std::uint8_t> bones = rig.boneMask();
    std::size_t swapped = 0, self = 0;
    for (std::size_t j = 0; j < map.joints.size(); ++j) {
        if (!bones[j])
            continue;
        const auto k = static_cast<std::size_t>(map.joints[j]);
        EXPECT_TRUE(bones[k]) << "joint " << j;
        EXPECT_EQ(static_cast<std::size_t>(map.joints[k]), j) << "joint " << j << " -> " << k;
        ++(k == j ? self : swapped);
    }
    EXPECT_GE(swapped, 8u);
    EXPECT_GE(self, 2u);
}

} // namespace
} // namespace marrow::model
