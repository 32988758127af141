// SPDX-License-Identifier: MIT
// The editor's pose evaluator samples through compiled clips (issue 39),
// which copy the keys: every key edit, undo and redo must reach them. After
// each of 60 random edits (keys inserted on every channel kind and mode,
// tracks created, undo, redo) the evaluator's pose equals a fresh pipeline's
// that samples the document's keys directly.
#include "document_fixture.h"
#include "workspace_fixture.h"
#include "insert_key_command.h"
#include "tiny_rigs.h"

#include "core/model/pose_pipeline.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <gtest/gtest.h>

#include <random>

using namespace marrow;

TEST(CompiledPose, TheEvaluatorFollowsEveryKeyEditUndoAndRedo)
{
    test::Workspace w;
    std::mt19937 rng(17);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    const doc::ChannelKind kinds[3] = {doc::ChannelKind::Translation, doc::ChannelKind::Rotation,
                                       doc::ChannelKind::Scale};
    const anim::Interpolation modes[3] = {anim::Interpolation::Step, anim::Interpolation::Linear,
                                          anim::Interpolation::CubicSpline};
    int edits = 0;
    for (int step = 0; step < 60; ++step) {
        const unsigned what = rng() % 6;
        if (what == 0 && w.document->undoStack()->canUndo()) {
            w.document->undoStack()->undo();
        } else if (what == 1 && w.document->undoStack()->canRedo()) {
            w.document->undoStack()->redo();
        } else {
            const auto joint = static_cast<model::JointIndex>(rng() % w.document->rig().skeleton.size());
            const doc::ChannelKind kind = kinds[rng() % 3];
            glm::vec4 value(u(rng), u(rng), u(rng), 1.f + u(rng));
            if (kind == doc::ChannelKind::Rotation)
                value = glm::normalize(value);
            const float time = 0.05f * static_cast<float>(rng() % 30);
            auto command = test::insertKeyCommand(*w.document, 0, joint, kind, time, value, modes[rng() % 3]);
            ASSERT_TRUE(command);
            w.document->undoStack()->push(command.release());
            ++edits;
        }
        const double t = 0.04 * static_cast<double>(rng() % 30);
        w.playback.setTime(t);
        model::PosePipeline reference(w.document->rig());
        model::PoseRequest request;
        request.clip = 0;
        request.time = w.playback.time();
        ASSERT_TRUE(reference.evaluate(request));
        const auto shown = w.evaluator.locals();
        ASSERT_EQ(shown.size(), reference.locals().size());
        for (std::size_t j = 0; j < shown.size(); ++j) {
            for (int c = 0; c < 3; ++c) {
                EXPECT_NEAR(shown[j].translation[c], reference.locals()[j].translation[c], 1e-6f) << step;
                EXPECT_NEAR(shown[j].scale[c], reference.locals()[j].scale[c], 1e-6f) << step;
            }
            EXPECT_NEAR(std::fabs(glm::dot(shown[j].rotation, reference.locals()[j].rotation)), 1.f, 1e-6f) << step;
        }
    }
    EXPECT_GT(edits, 30);
}
