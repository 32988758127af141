// SPDX-License-Identifier: MIT
#include "core/model/pose_pipeline.h"
#include "core/anim/blend_blocks_job.h"
#include "core/anim/blend_poses_job.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/anim/skinning_palette_job.h"

#include <algorithm>

namespace marrow::model {

PosePipeline::PosePipeline(const Rig& rig)
    : m_rig(rig)
    , m_morph(rig.meshes)
{
    const std::size_t n = rig.skeleton.size();
    m_locals = rig.skeleton.rest;
    m_blendLocals.resize(n);
    m_restBlocks.resize(anim::blockCount(n));
    anim::toBlocks(rig.skeleton.rest, m_restBlocks);
    m_blocks = m_blendBlocks = m_restBlocks;
    m_animated.assign(n, 0);
    m_blendAnimated.assign(n, 0);
    m_worlds.resize(n);
    for (const anim::Clip& c : rig.clips)
        m_cursors.emplace_back(c.tracks.size() * 3, 0u);
    for (const Skin& s : rig.skins) {
        m_palettes.emplace_back(s.joints.size());
        m_dualQuats.emplace_back(s.joints.size());
    }
    m_dualQuatsValid.assign(rig.skins.size(), 0);
    evaluate(PoseRequest{});
}

const anim::CompiledClip* PosePipeline::compiled(std::size_t clip, anim::CompiledClip::Packing packing)
{
    if (!m_useCompiled)
        return nullptr;
    auto& cache = packing == anim::CompiledClip::Packing::Quads ? m_compiledQuads : m_compiled;
    if (cache.size() != m_rig.clips.size())
        cache.resize(m_rig.clips.size());
    if (!cache[clip])
        cache[clip] = std::make_unique<anim::CompiledClip>(m_rig.clips[clip], packing);
    return cache[clip].get();
}

void PosePipeline::keysChanged(int clip, anim::JointIndex joint)
{
    const auto c = static_cast<std::size_t>(clip);
    if (clip < 0 || c >= m_rig.clips.size())
        return;
    for (auto* cache : {&m_compiled, &m_compiledQuads})
        if (c < cache->size() && (*cache)[c])
            (*cache)[c]->invalidateTrack(m_rig.clips[c], joint);
}

std::span<const math::Transform> PosePipeline::locals() const
{
    if (m_localsInBlocks) {
        anim::fromBlocks(m_blocks, m_locals);
        m_localsInBlocks = false;
    }
    return m_locals;
}

bool PosePipeline::blendBlocks(const PoseRequest& r)
{
    const auto ci = static_cast<std::size_t>(r.clip), bi = static_cast<std::size_t>(r.blendClip);
    constexpr auto kQuads = anim::CompiledClip::Packing::Quads;
    const std::span<const math::Transform> rest = m_rig.skeleton.rest;
    if (!anim::SampleClipJob{&m_rig.clips[ci], r.time, rest, m_cursors[ci], {}, m_animated, compiled(ci, kQuads),
                             m_blocks, m_restBlocks}
             .run())
        return false;
    m_localsInBlocks = true;
    if (!anim::SampleClipJob{&m_rig.clips[bi], r.blendTime, rest, m_cursors[bi], {}, m_blendAnimated,
                             compiled(bi, kQuads), m_blendBlocks, m_restBlocks}
             .run())
        return false;
    if (!anim::BlendBlocksJob{m_blocks, m_blendBlocks, m_restBlocks, m_animated, m_blendAnimated, r.weight, m_blocks,
                              rest.size()}
             .run())
        return false;
    return true;
}

bool PosePipeline::takeGivenLocals(const PoseRequest& r)
{
    if (!r.localBlocks.empty()) {
        if (r.localBlocks.size() != m_blocks.size())
            return false;
        std::copy(r.localBlocks.begin(), r.localBlocks.end(), m_blocks.begin());
        m_localsInBlocks = true;
        return true;
    }
    if (r.locals.size() != m_locals.size())
        return false;
    std::copy(r.locals.begin(), r.locals.end(), m_locals.begin());
    m_localsInBlocks = false;
    return true;
}

bool PosePipeline::evaluate(const PoseRequest& r)
{
    const int clipCount = static_cast<int>(m_rig.clips.size());
    m_morph.reset();
    if (!r.locals.empty() || !r.localBlocks.empty()) {
        if (!takeGivenLocals(r))
            return false;
        // Locals from elsewhere (a transition's blend) still take their
        // morph weights from the clips the request names, when in range.
        if (r.clip >= 0 && r.clip < clipCount) {
            m_morph.sample(m_rig.clips[static_cast<std::size_t>(r.clip)], static_cast<float>(r.time));
            if (r.blendClip >= 0 && r.blendClip < clipCount)
                m_morph.blendToward(m_rig.clips[static_cast<std::size_t>(r.blendClip)],
                                    static_cast<float>(r.blendTime), r.weight);
        }
    } else if (r.clip >= clipCount || r.blendClip >= clipCount || (r.blendClip >= 0 && r.clip < 0))
        return false;
    else if (r.clip < 0) {
        std::copy(m_rig.skeleton.rest.begin(), m_rig.skeleton.rest.end(), m_locals.begin());
        m_localsInBlocks = false;
    } else if (r.blendClip >= 0 && m_useCompiled) {
        if (!blendBlocks(r))
            return false;
        m_morph.sample(m_rig.clips[static_cast<std::size_t>(r.clip)], static_cast<float>(r.time));
        m_morph.blendToward(m_rig.clips[static_cast<std::size_t>(r.blendClip)], static_cast<float>(r.blendTime),
                            r.weight);
    } else {
        // One clip, or a blend sampled track by track (into Transforms: no
        // compiled clip to store whole quads, and its cubic rotations go four at a time).
        const auto ci = static_cast<std::size_t>(r.clip);
        anim::SampleClipJob sample{&m_rig.clips[ci], r.time, m_rig.skeleton.rest, m_cursors[ci], m_locals, m_animated,
                                   compiled(ci, anim::CompiledClip::Packing::InOrder)};
        if (!sample.run())
            return false;
        m_localsInBlocks = false;
        m_morph.sample(m_rig.clips[ci], static_cast<float>(r.time));
        if (r.blendClip >= 0) {
            const auto bi = static_cast<std::size_t>(r.blendClip);
            anim::SampleClipJob sampleB{&m_rig.clips[bi], r.blendTime, m_rig.skeleton.rest, m_cursors[bi],
                                        m_blendLocals, m_blendAnimated, nullptr};
            if (!sampleB.run())
                return false;
            anim::BlendPosesJob blend{m_locals, m_blendLocals, m_rig.skeleton.rest, m_animated, m_blendAnimated,
                                      r.weight, m_locals, {}};
            if (!blend.run())
                return false;
            m_morph.blendToward(m_rig.clips[bi], static_cast<float>(r.blendTime), r.weight);
        }
    }
    for (const JointOverride& o : r.overrides) {
        const auto j = static_cast<std::size_t>(o.joint);
        if (o.joint < 0 || j >= m_locals.size())
            continue;
        if (m_localsInBlocks)
            anim::setJoint(m_blocks, j, o.local);
        else
            m_locals[j] = o.local;
    }
    anim::LocalToWorldJob toWorld{m_rig.skeleton.parents, {}, glm::mat4(1.f), m_worlds, {}};
    if (m_localsInBlocks)
        toWorld.localBlocks = m_blocks;
    else
        toWorld.locals = m_locals;
    if (!toWorld.run())
        return false;
    for (std::size_t s = 0; s < m_rig.skins.size(); ++s) {
        const Skin& skin = m_rig.skins[s];
        anim::SkinningPaletteJob pal{m_worlds, skin.joints, skin.inverseBind, m_palettes[s], {}};
        if (!pal.run())
            return false;
        m_dualQuatsValid[s] = 0;
    }
    return true;
}

std::span<const math::ScaledDualQuat> PosePipeline::dualQuats(std::size_t skin) const
{
    if (!m_dualQuatsValid[skin]) {
        const std::vector<glm::mat4>& pal = m_palettes[skin];
        const std::vector<glm::mat4>& inverseBind = m_rig.skins[skin].inverseBind;
        for (std::size_t k = 0; k < pal.size(); ++k)
            m_dualQuats[skin][k] = math::splitSkinningMatrix(pal[k], math::bindPivot(inverseBind[k]));
        m_dualQuatsValid[skin] = 1;
    }
    return m_dualQuats[skin];
}

bool PosePipeline::skinMesh(std::size_t meshIndex, mesh::SkinningMethod method, std::span<glm::vec3> positions,
                            std::span<glm::vec3> normals) const
{
    if (meshIndex >= m_rig.meshes.size())
        return false;
    const mesh::Mesh& m = m_rig.meshes[meshIndex];
    const bool withNormals = !normals.empty() && !m.normals.empty();
    if (positions.size() != m.positions.size() || (withNormals && normals.size() != m.normals.size()))
        return false;
    // Morph first (into scratch), then skin or place what it made.
    std::span<const glm::vec3> basePositions = m.positions, baseNormals = m.normals;
    if (m_morph.morphs(meshIndex)) {
        const std::size_t n = m.positions.size();
        if (m_morphedPositions.size() < n) {  // once per size: the largest morphed mesh so far
            m_morphedPositions.resize(n);
            m_morphedNormals.resize(n);
        }
        const std::span<glm::vec3> morphed(m_morphedPositions.data(), n);
        mesh::applyMorphTargets(m.positions, m.morphTargets, m_morph.of(meshIndex), false, morphed);
        basePositions = morphed;
        if (withNormals) {
            const std::span<glm::vec3> morphedNormals(m_morphedNormals.data(), n);
            mesh::applyMorphTargets(m.normals, m.morphTargets, m_morph.of(meshIndex), true, morphedNormals);
            baseNormals = morphedNormals;
        }
    }
    if (!m.skinned()) {
        const glm::mat4& w = m_worlds[static_cast<std::size_t>(m.node)];
        const glm::mat3 nm = glm::transpose(glm::inverse(glm::mat3(w)));
        for (std::size_t v = 0; v < basePositions.size(); ++v) {
            positions[v] = glm::vec3(w * glm::vec4(basePositions[v], 1.f));
            if (withNormals)
                normals[v] = glm::normalize(nm * baseNormals[v]);
        }
        return true;
    }
    const auto s = static_cast<std::size_t>(m.skin);
    mesh::CpuSkinningJob job;
    job.method = method;
    job.stride = m.weights.stride;
    job.positions = basePositions;
    job.joints = m.weights.joints;
    job.weights = m.weights.weights;
    job.palette = m_palettes[s];
    if (method == mesh::SkinningMethod::DualQuaternion)
        job.dualQuats = dualQuats(s);
    job.outPositions = positions;
    if (withNormals) {
        job.normals = baseNormals;
        job.outNormals = normals;
    }
    return job.run();
}

} // namespace marrow::model
