// SPDX-License-Identifier: MIT
// Rest Position: the picture is the bind pose (every skinned mesh at its
// input positions, whatever its weights), while playback and keys read the
// animated pose as before.
#include "document_fixture.h"
#include "shared_models.h"

#include "core/io/model_import.h"
#include "core/mesh/bounds_tree.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

using namespace marrow;

namespace {

float diagonal(const std::vector<glm::vec3>& p)
{
    mesh::Aabb box;
    for (const glm::vec3& v : p)
        box.grow(v);
    return glm::distance(box.lo, box.hi);
}

// The largest distance between a skinned mesh's shown and input positions.
float farthestFromBind(const ws::PoseEvaluator& evaluator, const model::Rig& rig, std::size_t m)
{
    const auto shown = evaluator.skinnedPositions(static_cast<model::MeshId>(m));
    float worst = 0.f;
    for (std::size_t v = 0; v < shown.size(); ++v)
        worst = std::max(worst, glm::distance(shown[v], rig.meshes[m].positions[v]));
    return worst;
}

class RestPosition : public ::testing::TestWithParam<const char*> {};

} // namespace

TEST_P(RestPosition, ShowsEverySkinnedMeshAsBoundAndKeepsTheAnimatedLocals)
{
    io::ImportResult imported = io::importModel(test::model(GetParam()));
    ASSERT_TRUE(imported.ok) << imported.error;
    auto document = test::documentWith(std::move(imported.rig));
    ws::Selection selection{document.get()};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{document.get(), &playback, &selection};
    const model::Rig& rig = document->rig();
    ASSERT_FALSE(rig.clips.empty());
    selection.setActiveClip(0);
    playback.setDuration(rig.clips[0].duration);
    playback.setTime(rig.clips[0].duration * .4);

    const auto animated = evaluator.locals();
    const std::vector<math::Transform> animatedLocals(animated.begin(), animated.end());
    std::vector<std::vector<glm::vec3>> posed;
    float moved = 0.f, size = 0.f;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        const auto p = evaluator.skinnedPositions(static_cast<model::MeshId>(m));
        posed.emplace_back(p.begin(), p.end());
        if (rig.meshes[m].skinned()) {
            moved = std::max(moved, farthestFromBind(evaluator, rig, m));
            size = std::max(size, diagonal(rig.meshes[m].positions));
        }
    }
    ASSERT_GT(size, 0.f) << "a skinned mesh";
    ASSERT_GT(moved, 1e-3f * size) << "the clip poses the mesh away from its bind";

    QSignalSpy toggled(&evaluator, &ws::PoseEvaluator::restPositionChanged);
    evaluator.setRestPosition(true);
    EXPECT_EQ(toggled.count(), 1);
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        if (rig.meshes[m].skinned()) {
            EXPECT_LT(farthestFromBind(evaluator, rig, m), 1e-5f * size) << "mesh " << m << " shows its bind positions";
        }
    }
    const auto locals = evaluator.locals();
    ASSERT_EQ(locals.size(), animatedLocals.size());
    EXPECT_TRUE(std::equal(locals.begin(), locals.end(), animatedLocals.begin()))
        << "keys and the gizmo still read the clip's pose";

    playback.setTime(rig.clips[0].duration * .7);  // playback goes on underneath
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        if (rig.meshes[m].skinned()) {
            EXPECT_LT(farthestFromBind(evaluator, rig, m), 1e-5f * size);
        }
    }
    playback.setTime(rig.clips[0].duration * .4);

    evaluator.setRestPosition(false);
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        const auto p = evaluator.skinnedPositions(static_cast<model::MeshId>(m));
        EXPECT_TRUE(std::equal(p.begin(), p.end(), posed[m].begin())) << "off again: the same posed picture";
    }
}

INSTANTIATE_TEST_SUITE_P(Models, RestPosition,
                         ::testing::Values("synthetic/public_rig.gltf", "ozz-animation/gltf/khronos/cesium_man.gltf",
                                           "assimp/models/FBX/huesitos.fbx", "ozz-animation/collada/seymour.dae"));
