// SPDX-License-Identifier: MIT
// The every-model matrix, clips from ranges (issue 37): on every model with
// a clip, New Clip from Range of the first clip's middle half, as the
// editor does it (one command, the new clip made active): one undo entry
// that undoes byte for byte, and at every frame of the cut its pose (and
// morph weights) is the source's at start + t. Find Cycle runs on the
// same clip and its answer is printed.
#include "real_bench.h"
#include "real_invariants.h"

#include "core/commands/clip_from_range_command.h"
#include "core/model/cycle_search.h"
#include "core/model/pose_pipeline.h"

#include <cmath>
#include <cstdio>

using namespace marrow;

namespace {

class ClipFromRangeMatrix : public ::testing::TestWithParam<test::RealModel> {};

struct Sampled {
    std::vector<math::Transform> locals;
    std::vector<std::vector<float>> morphs;
};

Sampled sample(model::PosePipeline& pipeline, const model::Rig& rig, int clip, double time)
{
    model::PoseRequest request;
    request.clip = clip;
    request.time = time;
    EXPECT_TRUE(pipeline.evaluate(request));
    Sampled s{{pipeline.locals().begin(), pipeline.locals().end()}, {}};
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        const auto w = pipeline.morphWeights(m);
        s.morphs.emplace_back(w.begin(), w.end());
    }
    return s;
}

float quatGap(const glm::quat& a, const glm::quat& b)
{
    const glm::vec4 x(a.x, a.y, a.z, a.w), y(b.x, b.y, b.z, b.w);
    return std::min(glm::distance(x, y), glm::distance(x, -y));
}

} // namespace

TEST_P(ClipFromRangeMatrix, TheMiddleHalfIsOneUndoEntryAndPlaysAsTheSource)
{
    test::RealBench b(GetParam());
    if (!b.opened() || b.rig().clips.empty())
        return;
    doc::Document& d = b.document;
    const anim::Clip source = b.rig().clips[0];  // a copy: the push may move the rig's clips
    const double first = source.start(), length = source.duration - first;
    if (!(length > 0.0))
        return;
    const double start = first + length / 4, end = first + 3 * length / 4;
    const std::string what = b.label + ": New Clip from Range";
    const std::string opened = test::bytesOf(d);
    const int base = d.undoStack()->index();
    const auto index = static_cast<int>(b.rig().clips.size());
    test::expectOneUndoEntry(
        d,
        [&] {
            auto command = cmd::makeClipFromRangeCommand(&d, 0, start, end, source.name + "_middle");
            ASSERT_TRUE(command) << what;
            d.undoStack()->push(command.release());
        },
        what);
    b.selection.setActiveClip(index);  // as the editor does after the push
    ASSERT_EQ(b.rig().clips.size(), static_cast<std::size_t>(index) + 1) << what;
    const anim::Clip& cut = b.rig().clips.back();
    EXPECT_NEAR(cut.duration, end - start, 1e-5) << what;
    EXPECT_EQ(b.selection.activeClip(), index) << what;

    model::PosePipeline pipeline(b.rig());
    const double fps = b.fps();
    float worstTranslation = 0.f, worstRotation = 0.f, worstScale = 0.f, worstMorph = 0.f;
    for (int frame = 0;; ++frame) {
        const double t = std::min(frame / fps, end - start);
        const Sampled a = sample(pipeline, b.rig(), 0, start + t), c = sample(pipeline, b.rig(), index, t);
        for (std::size_t j = 0; j < a.locals.size(); ++j) {
            const float size = std::max(1.f, glm::length(a.locals[j].translation));
            worstTranslation = std::max(worstTranslation, glm::distance(a.locals[j].translation, c.locals[j].translation) / size);
            worstRotation = std::max(worstRotation, quatGap(a.locals[j].rotation, c.locals[j].rotation));
            worstScale = std::max(worstScale, glm::distance(a.locals[j].scale, c.locals[j].scale));
        }
        for (std::size_t m = 0; m < a.morphs.size(); ++m)
            for (std::size_t w = 0; w < a.morphs[m].size() && w < c.morphs[m].size(); ++w)
                worstMorph = std::max(worstMorph, std::abs(a.morphs[m][w] - c.morphs[m][w]));
        if (t >= end - start)
            break;
    }
    EXPECT_LT(worstTranslation, 1e-5f) << what << ": a bone moved";
    EXPECT_LT(worstRotation, 1e-5f) << what << ": a bone turned";
    EXPECT_LT(worstScale, 1e-5f) << what << ": a bone scaled";
    EXPECT_LT(worstMorph, 1e-5f) << what << ": a morph weight changed";
    test::undoTo(d, base, opened, what);

    // Find Cycle on the same clip, for the record.
    std::string why;
    model::CycleSearchOptions options;
    options.fps = fps;
    const auto found = model::findCycle(b.rig(), 0, options, &why);
    if (found)
        std::printf("[real cycle] %-60s '%s' %.3f s: loop %.3f-%.3f s, cost %.4g\n", b.label.c_str(),
                    source.name.c_str(), static_cast<double>(source.duration), found->start, found->end, found->cost);
    else
        std::printf("[real cycle] %-60s '%s': %s\n", b.label.c_str(), source.name.c_str(), why.c_str());
}

INSTANTIATE_TEST_SUITE_P(Real, ClipFromRangeMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);
