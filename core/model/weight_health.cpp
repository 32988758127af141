// SPDX-License-Identifier: MIT
#include "core/model/weight_health.h"

#include "core/model/mirror_map.h"
#include "core/skin/weight_row.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace marrow::model {

std::vector<std::uint8_t> influenceCounts(const mesh::SkinWeights& weights)
{
    const std::size_t n = weights.vertexCount();
    std::vector<std::uint8_t> counts(n, 0);
    for (std::size_t v = 0; v < n; ++v)
        for (float w : weights.weightRow(v))
            counts[v] = static_cast<std::uint8_t>(counts[v] + (w > 0.f ? 1 : 0));
    return counts;
}

std::vector<float> symmetryErrors(const Rig& rig, std::size_t meshIndex)
{
    const mesh::Mesh& m = rig.meshes[meshIndex];
    std::vector<float> errors(m.vertexCount(), std::numeric_limits<float>::quiet_NaN());
    if (!m.skinned())
        return errors;
    const MirrorMap map = MirrorMap::build(rig, meshIndex);
    const Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    // Skin joint -> its mirror's skin joint (itself when the mirror is not in the skin).
    std::vector<std::uint16_t> mirrorOf(skin.joints.size());
    for (std::size_t k = 0; k < skin.joints.size(); ++k) {
        const anim::JointIndex twin = map.joints[static_cast<std::size_t>(skin.joints[k])];
        const auto at = std::find(skin.joints.begin(), skin.joints.end(), twin);
        mirrorOf[k] = at == skin.joints.end() ? static_cast<std::uint16_t>(k)
                                              : static_cast<std::uint16_t>(at - skin.joints.begin());
    }
    const mesh::SkinWeights& w = m.weights;
    for (std::size_t v = 0; v < errors.size(); ++v) {
        const std::uint32_t p = map.vertices.partner[v];
        if (p == mesh::kNoMirror)
            continue;
        float worst = 0.f;
        // Every bone of either row: v's weight on b against p's on b's mirror.
        for (int side = 0; side < 2; ++side) {
            const std::size_t from = side == 0 ? v : p;
            const auto joints = w.jointRow(from);
            const auto weights = w.weightRow(from);
            for (std::size_t k = 0; k < joints.size(); ++k) {
                if (weights[k] <= 0.f || joints[k] >= mirrorOf.size())
                    continue;
                const std::uint16_t b = side == 0 ? joints[k] : mirrorOf[joints[k]];
                worst = std::max(worst, std::abs(skin::weightOf(w, v, b) - skin::weightOf(w, p, mirrorOf[b])));
            }
        }
        errors[v] = worst;
    }
    return errors;
}

WeightHealth checkWeightHealth(const Rig& rig, const std::vector<std::uint8_t>& deform, const WeightHealthOptions& options)
{
    WeightHealth health;
    std::vector<std::uint8_t> weighted(rig.skeleton.size(), 0), inSkin(rig.skeleton.size(), 0);
    for (std::size_t mi = 0; mi < rig.meshes.size(); ++mi) {
        const mesh::Mesh& m = rig.meshes[mi];
        if (!m.skinned())
            continue;
        const Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
        for (anim::JointIndex j : skin.joints)
            inSkin[static_cast<std::size_t>(j)] = 1;
        MeshWeightHealth h;
        h.name = m.name;
        h.vertices = m.vertexCount();
        const std::vector<std::uint8_t> counts = influenceCounts(m.weights);
        for (std::size_t v = 0; v < h.vertices; ++v) {
            const auto vertex = static_cast<std::uint32_t>(v);
            h.mostInfluences = std::max<int>(h.mostInfluences, counts[v]);
            if (counts[v] > options.maxInfluences)
                h.overInfluences.push_back(vertex);
            float sum = 0.f;
            const auto joints = m.weights.jointRow(v);
            const auto weights = m.weights.weightRow(v);
            for (std::size_t k = 0; k < weights.size(); ++k)
                if (weights[k] > 0.f) {
                    sum += weights[k];
                    if (joints[k] < skin.joints.size())
                        weighted[static_cast<std::size_t>(skin.joints[joints[k]])] = 1;
                }
            if (counts[v] == 0)
                h.weightless.push_back(vertex);
            else if (std::abs(sum - 1.f) > options.sumTolerance)
                h.unnormalised.push_back(vertex);
        }
        if (options.symmetry) {
            const std::vector<float> errors = symmetryErrors(rig, mi);
            for (std::size_t v = 0; v < errors.size(); ++v) {
                if (std::isnan(errors[v])) {
                    ++h.withoutTwin;
                    continue;
                }
                h.largestSymmetryError = std::max(h.largestSymmetryError, errors[v]);
                if (errors[v] > options.symmetryTolerance)
                    h.asymmetric.push_back(static_cast<std::uint32_t>(v));
            }
        }
        health.meshes.push_back(static_cast<int>(mi));
        health.perMesh.push_back(std::move(h));
    }
    for (std::size_t j = 0; j < rig.skeleton.size(); ++j) {
        const bool deforms = j < deform.size() && deform[j];
        if (deforms && inSkin[j] && !weighted[j])
            health.deformingWithoutWeights.push_back(static_cast<anim::JointIndex>(j));
        if (!deforms && weighted[j])
            health.nonDeformingWithWeights.push_back(static_cast<anim::JointIndex>(j));
    }
    return health;
}

namespace {

template <class F>
std::size_t total(const WeightHealth& h, F field)
{
    std::size_t n = 0;
    for (const MeshWeightHealth& m : h.perMesh)
        n += field(m).size();
    return n;
}

} // namespace

std::size_t WeightHealth::overInfluences() const
{
    return total(*this, [](const MeshWeightHealth& m) -> const auto& { return m.overInfluences; });
}
std::size_t WeightHealth::asymmetric() const
{
    return total(*this, [](const MeshWeightHealth& m) -> const auto& { return m.asymmetric; });
}
std::size_t WeightHealth::weightless() const
{
    return total(*this, [](const MeshWeightHealth& m) -> const auto& { return m.weightless; });
}
std::size_t WeightHealth::unnormalised() const
{
    return total(*this, [](const MeshWeightHealth& m) -> const auto& { return m.unnormalised; });
}

} // namespace marrow::model
