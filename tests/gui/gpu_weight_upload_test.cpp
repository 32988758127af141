// SPDX-License-Identifier: MIT
// Weight edits upload only what changed: one glBufferSubData range per
// cluster of changed rows (clusters closer than MeshBuffers::kMergeGap
// merged), never the palette, and the GPU skins with the new weights.
#include "gl_test_context.h"
#include "two_joint_rig.h"
#include "widgets/viewport/renderer/mesh_buffers.h"
#include "widgets/viewport/renderer/renderer.h"

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace marrow {
namespace {

constexpr std::size_t kVertices = 100'000;
constexpr std::size_t kRowBytes = gl::MeshBuffers::kJointBytes + gl::MeshBuffers::kWeightBytes;  // 48
const glm::vec3 kLift(0.f, 10.f, 0.f);  // where joint 1's palette moves its vertices

class GpuWeightUpload : public ::testing::Test {
protected:
    void SetUp() override
    {
        const std::string error = context.create();
        ASSERT_TRUE(error.empty()) << error;
        std::vector<glm::vec3> positions(kVertices);
        for (std::size_t v = 0; v < kVertices; ++v)
            positions[v] = glm::vec3(static_cast<float>(v) * 1e-3f, 0.f, 0.f);
        rig = test::twoJointRig(positions, {}, std::vector<std::uint16_t>(kVertices, 0));
        ASSERT_TRUE(renderer.initialize()) << renderer.lastError().toStdString();
        renderer.setRig(rig);
        const std::vector<glm::mat4> palette{glm::mat4(1.f), glm::translate(glm::mat4(1.f), kLift)};
        renderer.setPalette(0, palette);
        ASSERT_TRUE(renderer.captureSkinnedPositions(0, positionsBefore));  // everything goes up here
    }
    void TearDown() override { renderer.cleanup(); }

    // Binds `rows` to joint 1 and returns the bytes their update sent.
    std::size_t moveRows(const std::vector<std::uint32_t>& rows)
    {
        mesh::SkinWeights& w = rig.meshes[0].weights;
        for (const std::uint32_t r : rows)
            test::bindRow(w, r, 1);
        const std::size_t before = renderer.bytesUploaded();
        renderer.updateWeights(0, w, rows);
        std::vector<glm::vec3> ignored;
        EXPECT_TRUE(renderer.captureSkinnedPositions(0, ignored));  // applies the queue
        return renderer.bytesUploaded() - before;
    }

    test::GlTestContext context;
    model::Rig rig;
    gl::Renderer renderer;
    std::vector<glm::vec3> positionsBefore;
};

TEST_F(GpuWeightUpload, FarApartRowsUploadOnlyThemselves)
{
    // Three clusters: {10, 11}, {50000}, {99990}. The old covering range was
    // 99981 rows (4.8 MB); the palette stays where it was.
    const std::size_t bytes = moveRows({99990, 11, 50000, 10});
    EXPECT_EQ(bytes, 4 * kRowBytes);

    std::vector<glm::vec3> after;
    ASSERT_TRUE(renderer.captureSkinnedPositions(0, after));
    ASSERT_EQ(after.size(), kVertices);
    for (const std::size_t v : {10u, 11u, 50000u, 99990u})
        EXPECT_NEAR(glm::length(after[v] - (positionsBefore[v] + kLift)), 0.f, 1e-4f) << "row " << v;
    for (const std::size_t v : {0u, 12u, 49999u, 50001u, 99989u, 99999u})
        EXPECT_EQ(after[v], positionsBefore[v]) << "row " << v;
}

TEST_F(GpuWeightUpload, NearbyRowsMergeIntoOneRange)
{
    // Rows 10..20 and 30: nine unchanged rows apart, one range 10..30.
    std::vector<std::uint32_t> rows;
    for (std::uint32_t r = 10; r <= 20; ++r)
        rows.push_back(r);
    rows.push_back(30);
    EXPECT_EQ(moveRows(rows), 21 * kRowBytes);
    std::vector<glm::vec3> after;
    ASSERT_TRUE(renderer.captureSkinnedPositions(0, after));
    EXPECT_EQ(after[25], positionsBefore[25]);  // re-sent unchanged
    EXPECT_NEAR(glm::length(after[30] - (positionsBefore[30] + kLift)), 0.f, 1e-4f);
}

TEST_F(GpuWeightUpload, MergeStopsAtTheGap)
{
    constexpr auto gap = static_cast<std::uint32_t>(gl::MeshBuffers::kMergeGap);
    // gap - 1 unchanged rows between: merged; gap rows between: two ranges.
    EXPECT_EQ(moveRows({1000, 1000 + gap}), (gap + 1) * kRowBytes);
    EXPECT_EQ(moveRows({5000, 5000 + gap + 1}), 2 * kRowBytes);
    // Repeated and unsorted rows count once.
    EXPECT_EQ(moveRows({7000, 7000, 7000}), kRowBytes);
}

TEST_F(GpuWeightUpload, ReplaceWeightsSendsEveryRowAtTheNewStride)
{
    // Max Influences 4 -> 8: a new table, every vertex on joint 1.
    mesh::SkinWeights wide;
    wide.stride = 8;
    wide.joints.assign(kVertices * 8, 0);
    wide.weights.assign(kVertices * 8, 0.f);
    for (std::size_t v = 0; v < kVertices; ++v)
        test::bindRow(wide, v, 1);
    const std::size_t before = renderer.bytesUploaded();
    renderer.replaceWeights(0, wide);
    std::vector<glm::vec3> after;
    ASSERT_TRUE(renderer.captureSkinnedPositions(0, after));
    EXPECT_EQ(renderer.bytesUploaded() - before, kVertices * kRowBytes);
    for (const std::size_t v : {0u, 777u, 99999u})
        EXPECT_NEAR(glm::length(after[v] - (positionsBefore[v] + kLift)), 0.f, 1e-4f) << "row " << v;

    // A table of the wrong size is ignored.
    mesh::SkinWeights small = wide;
    small.joints.resize(8);
    small.weights.resize(8);
    const std::size_t steady = renderer.bytesUploaded();
    renderer.replaceWeights(0, small);
    ASSERT_TRUE(renderer.captureSkinnedPositions(0, after));
    EXPECT_EQ(renderer.bytesUploaded(), steady);

    // Later row edits apply to the replaced, 8-wide table.
    mesh::SkinWeights& kept = wide;
    test::bindRow(kept, 42, 0);
    const std::vector<std::uint32_t> rows{42};
    renderer.updateWeights(0, kept, rows);
    ASSERT_TRUE(renderer.captureSkinnedPositions(0, after));
    EXPECT_EQ(after[42], positionsBefore[42]);
    EXPECT_NEAR(glm::length(after[43] - (positionsBefore[43] + kLift)), 0.f, 1e-4f);
}

} // namespace
} // namespace marrow
