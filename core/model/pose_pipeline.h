// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/compiled_clip.h"
#include "core/anim/joint_blocks.h"
#include "core/mesh/cpu_skinning_job.h"
#include "core/model/morph_weights.h"
#include "core/model/rig.h"

#include <memory>
#include <span>
#include <vector>

namespace marrow::model {

// A local transform that replaces the sampled one (an unkeyed pose edit).
struct JointOverride {
    anim::JointIndex joint = 0;
    math::Transform local;
};

// What to pose: the rest pose (clip < 0), one clip at a time, or a blend of two,
// with optional overrides laid over the result.
struct PoseRequest {
    int clip = -1;            // index into Rig::clips; -1 for the rest pose
    double time = 0.0;        // seconds into clip
    int blendClip = -1;       // -1: no blend
    double blendTime = 0.0;   // seconds into blendClip
    float weight = 0.f;       // 0 gives clip, 1 gives blendClip
    // Local transforms computed elsewhere (a transition's blend, a ghost):
    // when given (one per joint), they replace sampling; clip and blendClip
    // (when in range) then give only the morph-target weights.
    std::span<const math::Transform> locals{};
    // Or the same as JointBlocks (blockCount(joints); TransitionPoser::
    // poseBlocks): taken without transposes, like a blend of two compiled clips.
    std::span<const anim::JointBlock> localBlocks{};
    std::span<const JointOverride> overrides{};  // applied after sampling and blending; joints out of range ignored
};

// Runs the per-frame chain for one rig: sample (and blend) clips, local to
// world, skinning palettes for every skin, and CPU skinning on request. Owns
// the scratch buffers, sized once at construction, so evaluate() allocates
// nothing. Keeps key-interval cursors per clip so playback is O(1) per channel.
// The rig must outlive the pipeline and keep its shape (rebuild on change).
class PosePipeline {
public:
    explicit PosePipeline(const Rig& rig);

    // False (state unchanged) when an index in the request is out of range.
    bool evaluate(const PoseRequest& request);

    // Samples through clips compiled four channels at a time (anim::
    // CompiledClip, built on first use), and blends two clips as JointBlocks
    // (structure of arrays, issue 39). The caller then owes every key edit
    // to keysChanged(); a pipeline rebuilt on each edit need not.
    void useCompiledClips() { m_useCompiled = true; }
    // The keys of one joint in one clip changed: only that track is re-read.
    void keysChanged(int clip, anim::JointIndex joint);

    // The last evaluated pose's locals (a blend's, turned from JointBlocks on first call).
    std::span<const math::Transform> locals() const;
    std::span<const glm::mat4> worlds() const { return m_worlds; }
    std::span<const glm::mat4> palette(std::size_t skin) const { return m_palettes[skin]; }
    // A skin's palette split for DQS (scale map, then dual quaternion), built
    // on first use after each evaluate(): most frames skin with LBS and never
    // pay for the polar decompositions.
    std::span<const math::ScaledDualQuat> dualQuats(std::size_t skin) const;

    // A mesh's morph-target weights in the last evaluated pose: its
    // defaults, or what the clip (and the blend clip) key.
    std::span<const float> morphWeights(std::size_t mesh) const { return m_morph.of(mesh); }

    // World-space positions (and normals, when both spans are non-empty) of
    // one mesh in the last evaluated pose, morphed then skinned (glTF's
    // order). Output spans: one per vertex.
    bool skinMesh(std::size_t mesh, mesh::SkinningMethod method, std::span<glm::vec3> positions,
                  std::span<glm::vec3> normals) const;

private:
    // nullptr unless useCompiledClips(); packed in quads for a blend (sampled into JointBlocks).
    const anim::CompiledClip* compiled(std::size_t clip, anim::CompiledClip::Packing packing);
    // Two compiled clips sampled into JointBlocks and blended there (no
    // transposes before local to world); locals() turns them into
    // Transforms on demand.
    bool blendBlocks(const PoseRequest& request);
    // The request's locals or localBlocks taken as the pose; false when their size is wrong.
    bool takeGivenLocals(const PoseRequest& request);

    const Rig& m_rig;
    mutable std::vector<math::Transform> m_locals;
    std::vector<math::Transform> m_blendLocals;
    std::vector<anim::JointBlock> m_restBlocks, m_blocks, m_blendBlocks;
    mutable bool m_localsInBlocks = false;  // m_blocks holds the pose; m_locals is stale
    std::vector<anim::ChannelMask> m_animated, m_blendAnimated;
    std::vector<glm::mat4> m_worlds;
    std::vector<std::vector<std::uint32_t>> m_cursors;  // per clip, 3 per track
    bool m_useCompiled = false;
    std::vector<std::unique_ptr<anim::CompiledClip>> m_compiled, m_compiledQuads;  // per clip, made on first use
    std::vector<std::vector<glm::mat4>> m_palettes;     // per skin
    mutable std::vector<std::vector<math::ScaledDualQuat>> m_dualQuats;
    mutable std::vector<std::uint8_t> m_dualQuatsValid;  // per skin
    MorphWeights m_morph;
    mutable std::vector<glm::vec3> m_morphedPositions, m_morphedNormals;  // grown to the largest morphed mesh skinned
};

} // namespace marrow::model
