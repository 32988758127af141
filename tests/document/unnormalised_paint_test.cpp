// SPDX-License-Identifier: MIT
// Rows painted with Auto-Normalize off (found by the undo property test,
// issue 38): they were refused by Rig::validate, so a document painted so
// saved and then could not be opened, and skeleton edits were refused.
// Such rows are now kept as painted, deform as if divided by their sum (as
// Blender's armature deform does) and the document saves and opens byte
// for byte.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/document/document_io.h"
#include "core/model/pose_pipeline.h"

#include <QTemporaryDir>

#include <glm/gtc/quaternion.hpp>

using namespace marrow;

TEST(UnnormalisedPaint, RowsThatDoNotSumToOneSaveOpenAndDeformAsNormalised)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    mesh::SkinWeights painted = d->rig().meshes[0].weights;
    const auto stride = static_cast<std::size_t>(painted.stride);
    // Vertex 1 (0.75 and 0.25 of the two bones) as Auto-Normalize off leaves
    // it: every weight times 1.5.
    for (std::size_t k = 0; k < stride; ++k)
        painted.weights[stride + k] *= 1.5f;
    ASSERT_TRUE(d->replaceMeshWeights(0, painted));
    EXPECT_FALSE(d->rig().validate());

    QTemporaryDir dir;
    const QString path = dir.filePath("unnormalised.marrow");
    ASSERT_FALSE(doc::saveDocument(*d, path));
    doc::Document reopened;
    const auto err = doc::openDocument(reopened, path);
    ASSERT_FALSE(err) << *err;
    EXPECT_TRUE(test::bytesOf(reopened) == test::bytesOf(*d)) << "the painted rows come back as painted";
    EXPECT_EQ(reopened.rig().meshes[0].weights, painted);

    // Deformed as if divided by its sum: the same positions as the normalised row.
    model::Rig normalised = d->rig();
    for (std::size_t k = 0; k < stride; ++k)
        normalised.meshes[0].weights.weights[stride + k] /= 1.5f;
    const auto posed = [](const model::Rig& rig) {
        model::PosePipeline pipeline(rig);
        std::vector<math::Transform> locals = rig.skeleton.rest;
        locals[1].rotation = glm::angleAxis(0.7f, glm::vec3(0.f, 0.f, 1.f));
        model::PoseRequest request;
        request.locals = locals;
        EXPECT_TRUE(pipeline.evaluate(request));
        std::vector<glm::vec3> positions(rig.meshes[0].vertexCount()), normals(positions.size());
        EXPECT_TRUE(pipeline.skinMesh(0, mesh::SkinningMethod::Linear, positions, normals));
        return positions;
    };
    const auto a = posed(d->rig()), b = posed(normalised);
    for (std::size_t v = 0; v < a.size(); ++v)
        EXPECT_LT(glm::length(a[v] - b[v]), 1e-5f) << "vertex " << v;
    // Not as the raw row would: scaled by 1.5, vertex 1 would leave the arm.
    EXPECT_GT(glm::length(a[1]), 0.5f);
}
