// SPDX-License-Identifier: MIT
// A mesh bound in Marrow (issue 20's Bind) keeps its binding through a glTF
// write that carries its source: the static tube of a glTF file, bound with
// automatic weights, reads back skinned, its rest pose where it was drawn.
// Its holder node sits at the identity, so the bind (as displayed, issue 35)
// leaves the geometry as the source has it and the write carries the source.
#include "gltf_export_fixture.h"
#include "static_mesh_rig.h"

#include "core/io/gltf_import.h"
#include "core/model/mesh_append.h"
#include "core/model/mesh_bind.h"

namespace marrow::export_test {

using BindExport = ExportTest;

TEST_F(BindExport, ABoundStaticMeshReadsBackSkinnedFromACarriedGltf)
{
    const std::string staticFile = path("static.gltf");
    model::Rig tube = test::staticTubeRig();
    tube.skeleton.rest[3] = math::Transform{};
    for (glm::vec3& p : tube.meshes[0].positions)
        p.x += .2f;  // where the holder's (0.2, 0, 0) put it
    ASSERT_FALSE(io::exportGltf(tube, staticFile));
    io::ImportResult in = io::importGltf(staticFile);
    ASSERT_TRUE(in.ok) << in.error;
    ASSERT_EQ(in.rig.meshes.size(), 1u);
    ASSERT_FALSE(in.rig.meshes[0].skinned());

    std::string error;
    const auto b = model::bindMesh(in.rig, 0, model::BindWeights::Automatic, {}, error);
    ASSERT_TRUE(b) << error;
    model::Rig bound = in.rig;
    ASSERT_TRUE(model::applyBinding(bound, 0, *b));
    ASSERT_FALSE(bound.validate());

    const std::string boundFile = path("bound.gltf");
    io::GltfExportOptions options;
    options.source = in.gltfSource.get();
    io::GltfExportReport report;
    ASSERT_FALSE(io::exportGltf(bound, boundFile, options, &report));
    EXPECT_TRUE(report.carriedSource) << report.notCarried;
    const io::ImportResult back = io::importGltf(boundFile);
    ASSERT_TRUE(back.ok) << back.error;
    ASSERT_EQ(back.rig.meshes.size(), 1u);
    const mesh::Mesh& m = back.rig.meshes[0];
    ASSERT_TRUE(m.skinned());
    const model::Skin& skin = back.rig.skins[static_cast<std::size_t>(m.skin)];
    EXPECT_EQ(skin.joints.size(), b->skin.joints.size());
    // The rest pose still draws the tube where the static file drew it.
    const std::vector<glm::mat4> worlds = model::restWorlds(back.rig.skeleton);
    const glm::mat4 holder = model::restWorlds(in.rig.skeleton)[static_cast<std::size_t>(in.rig.meshes[0].node)];
    for (std::size_t v = 0; v < m.vertexCount(); ++v) {
        glm::vec4 p(0.f);
        for (std::size_t i = 0; i < static_cast<std::size_t>(m.weights.stride); ++i) {
            const std::uint16_t k = m.weights.jointRow(v)[i];
            p += m.weights.weightRow(v)[i]
                 * (worlds[static_cast<std::size_t>(skin.joints[k])] * skin.inverseBind[k] * glm::vec4(m.positions[v], 1.f));
        }
        const glm::vec3 drawn(holder * glm::vec4(in.rig.meshes[0].positions[v], 1.f));
        EXPECT_LT(glm::length(glm::vec3(p) - drawn), 1e-5f) << "vertex " << v;
    }
}

} // namespace marrow::export_test

namespace marrow::export_test {

// File › Import Mesh then a glTF write: the added node and mesh come out.
// The carried write cannot yet add nodes or meshes to its source, so this
// one is written fresh, and the report says why (the editor's log shows it).
TEST_F(BindExport, AnImportedMeshIsWrittenBesideTheSourcesOwn)
{
    const std::string documentFile = path("document.gltf");
    ASSERT_FALSE(io::exportGltf(test::staticTubeRig(), documentFile));
    io::ImportResult in = io::importGltf(documentFile);
    ASSERT_TRUE(in.ok) << in.error;
    std::string error;
    const auto joined = model::appendMeshes(in.rig, test::staticTubeRig(), "second", error);
    ASSERT_TRUE(joined) << error;

    const std::string out = path("out.gltf");
    io::GltfExportOptions options;
    options.source = in.gltfSource.get();
    io::GltfExportReport report;
    ASSERT_FALSE(io::exportGltf(*joined, out, options, &report));
    const io::ImportResult back = io::importGltf(out);
    ASSERT_TRUE(back.ok) << back.error;
    ASSERT_EQ(back.rig.meshes.size(), 2u) << (report.carriedSource ? "carried" : report.notCarried);
    EXPECT_EQ(back.rig.meshes[1].positions, joined->meshes[1].positions);
    EXPECT_TRUE(report.carriedSource || !report.notCarried.empty()) << "a write that drops its source says why";
}

} // namespace marrow::export_test
