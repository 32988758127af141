// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/anim/compiled_clip.h"
#include "core/anim/inertialization.h"
#include "core/anim/joint_blocks.h"
#include "core/anim/root_match.h"
#include "core/anim/root_velocity_blend.h"
#include "core/anim/skeleton.h"
#include "core/anim/transition_timing.h"

#include <memory>
#include <span>
#include <vector>

namespace marrow::anim {

// The pose of a transition at one preview time: A sampled at tA, B at tB
// (TransitionTiming), each joint blended by BlendPosesJob's rule with its
// own weight curve(clamp(u / (D scale_j), 0, 1)). With inertialization, A
// until e, then B (a joint B does not animate keeps A's pose) plus A's
// offset at e decaying over D (velocity from A's last frame, 1/30 s).
// With root matching, B is moved along the ground so that its root starts
// the blend where A's is, and cycling sides carry their root motion through
// each loop (RootMatch), in the blend and alone alike; in a crossfade the
// blended root travels at the blended velocity (RootVelocityBlend), while
// each side alone (poseSide) keeps its own path.
// The preview, the bake and the CLI all pose through here, so they agree
// exactly. Owns scratch buffers sized for one skeleton; reuse it across times.
// Samples through each clip compiled (CompiledClip: the same bits, a few
// times faster), with key caches per side; the clips must not change while
// the poser lives (the preview drops it on any key edit).
class TransitionPoser {
public:
    // The clips and skeleton must outlive the poser. `profile`: empty, or
    // one blend-time scale per joint (> 0; others count as 1). `compiled`:
    // a and b compiled by a caller that makes many posers of them (Find
    // best); else the poser compiles its own.
    struct Compiled {
        std::shared_ptr<const CompiledClip> a, b;
    };
    TransitionPoser(const Skeleton& skeleton, const Clip& a, const Clip& b, TransitionTiming timing,
                    std::vector<float> profile = {}, bool matchRoot = false, Compiled compiled = {});

    const TransitionTiming& timing() const { return m_timing; }
    const Clip& clipA() const { return m_a; }
    const Clip& clipB() const { return m_b; }
    // Full local transforms at preview time t into `out` (one per joint);
    // false when the sizes disagree.
    bool pose(double t, std::span<math::Transform> out);
    // The same pose as pose(), bit for bit, as JointBlocks (blockCount
    // joints; what PosePipeline takes without transposes), where the blend
    // can be had on blocks: a crossfade (with or without a blend profile) on
    // a CPU with AVX2 (canPoseBlocks). False, out untouched, otherwise: pose() then.
    bool canPoseBlocks() const;
    bool poseBlocks(double t, std::span<JointBlock> out);
    // One clip alone at its own time in the preview (tA or tB at t), to
    // show and measure what each side contributes.
    enum class Side { A, B };
    bool poseSide(double t, Side side, std::span<math::Transform> out);
    // Which channels of each joint A or B animates.
    std::span<const ChannelMask> animatedEither() const { return m_either; }
    // The shift applied to B's root, when matching found one.
    const std::optional<RootMatch>& rootMatch() const { return m_rootMatch; }

private:
    // One side at its time in the frame, its root moved by root matching.
    bool sampleSide(Side side, double time, const glm::vec3& rootOffset, std::span<math::Transform> out,
                    std::span<ChannelMask> animated);
    bool sampleA(const TransitionFrame& frame, std::span<math::Transform> out, std::span<ChannelMask> animated);
    bool sampleB(const TransitionFrame& frame, std::span<math::Transform> out, std::span<ChannelMask> animated);
    bool blend(const TransitionFrame& frame, float weight, std::span<const float> weights, std::span<math::Transform> out);
    void prepareInertialization();
    // Each joint's weight at the frame under the blend profile (m_weights);
    // empty without one (frame.weight for every joint).
    std::span<const float> profileWeights(const TransitionFrame& frame);
    // The root's translation moved by `by` in a pose held as blocks.
    void moveRoot(std::span<JointBlock> pose, const glm::vec3& by, bool add) const;

    const Skeleton& m_skeleton;
    const Clip& m_a;
    const Clip& m_b;
    TransitionTiming m_timing;
    std::vector<float> m_profile;
    Compiled m_compiled;
    std::vector<std::uint32_t> m_cursorsA, m_cursorsB;  // key caches, 3 per track
    std::vector<math::Transform> m_poseA, m_poseB;
    std::vector<ChannelMask> m_maskA, m_maskB, m_either;
    std::vector<float> m_weights;
    std::optional<RootMatch> m_rootMatch;
    std::optional<RootVelocityBlend> m_rootVelocity;  // crossfades with a root match
    std::unique_ptr<InertialOffsets> m_offsets;  // built on first use in inertialization mode
    // poseBlocks' own, made on first use: the clips packed in quads (whole
    // stores into blocks), rest and B's pose as blocks.
    Compiled m_quads;
    std::vector<JointBlock> m_restBlocks, m_blocksB;
};

} // namespace marrow::anim
