// SPDX-License-Identifier: MIT
// Import Mesh's core (issue 20): another file's meshes come in static, on
// one new root node, drawn where that file drew them at rest, with their
// materials and textures renumbered after the document's own.
#include "paint_rigs.h"
#include "static_mesh_rig.h"

#include "core/model/mesh_append.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(MeshAppend, MeshesComeInStaticOnANewNodeWhereTheirFileDrewThem)
{
    const model::Rig into = test::symmetricPanelRig(4);
    model::Rig from = test::staticTubeRig();
    from.textures.push_back({});
    from.materials.push_back({});
    from.materials.back().baseColourMap.texture = 0;
    from.meshes[0].material = 0;
    model::Rig document = into;
    document.textures.push_back({});
    document.materials.push_back({});

    std::string error;
    const auto joined = model::appendMeshes(document, from, "tube", error);
    ASSERT_TRUE(joined) << error;
    ASSERT_EQ(joined->skeleton.size(), into.skeleton.size() + 1);
    EXPECT_EQ(joined->skeleton.names.back(), "tube");
    EXPECT_EQ(joined->skeleton.parents.back(), anim::kNoParent);
    ASSERT_EQ(joined->meshes.size(), 2u);
    EXPECT_EQ(joined->meshes[0], document.meshes[0]) << "the document's own mesh is untouched";
    const mesh::Mesh& tube = joined->meshes[1];
    EXPECT_FALSE(tube.skinned());
    EXPECT_EQ(tube.node, static_cast<anim::JointIndex>(joined->skeleton.size() - 1));
    for (std::size_t v = 0; v < tube.vertexCount(); ++v)
        EXPECT_EQ(tube.positions[v], from.meshes[0].positions[v] + glm::vec3(.2f, 0.f, 0.f))
            << "baked through its holder's rest translation: vertex " << v;
    EXPECT_EQ(tube.material, 1);
    EXPECT_EQ(joined->materials[1].baseColourMap.texture, 1);
    EXPECT_EQ(joined->textures.size(), 2u);

    // A skinned mesh comes in unbound, in its bind space.
    model::Rig skinned = test::symmetricPanelRig(2);
    const auto unbound = model::appendMeshes(into, skinned, "panel", error);
    ASSERT_TRUE(unbound) << error;
    EXPECT_FALSE(unbound->meshes.back().skinned());
    EXPECT_TRUE(unbound->meshes.back().weights.weights.empty());
    EXPECT_EQ(unbound->meshes.back().positions, skinned.meshes[0].positions);

    model::Rig empty;
    EXPECT_FALSE(model::appendMeshes(into, empty, "nothing", error));
    EXPECT_NE(error.find("no mesh"), std::string::npos) << error;
}
