// SPDX-License-Identifier: MIT
#include "core/model/auto_weights.h"

#include "core/model/mirror_map.h"
#include "core/skin/rigid_shells.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cctype>
#include <optional>

namespace marrow::model {

namespace {

bool endsWithNoCase(const std::string& s, const char* suffix)
{
    const std::string_view tail(suffix);
    if (s.size() < tail.size())
        return false;
    for (std::size_t i = 0; i < tail.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[s.size() - tail.size() + i])) != tail[i])
            return false;
    return true;
}

} // namespace

bool isEndJointName(const std::string& name)
{
    return endsWithNoCase(name, "end") || endsWithNoCase(name, "nub");
}

std::vector<anim::JointIndex> visibleJoints(const Rig& rig)
{
    std::vector<anim::JointIndex> joints;
    const std::vector<std::uint8_t> weighted = weightedJoints(rig);
    for (std::size_t j = 0; j < weighted.size(); ++j)
        if (weighted[j])
            joints.push_back(static_cast<anim::JointIndex>(j));
    if (joints.empty())
        for (std::size_t j = 0; j < rig.skeleton.size(); ++j)
            joints.push_back(static_cast<anim::JointIndex>(j));
    return joints;
}

std::vector<std::uint8_t> weightedJoints(const Rig& rig, int skinIndex)
{
    std::vector<std::uint8_t> weighted(rig.skeleton.size(), 0);
    for (const mesh::Mesh& m : rig.meshes) {
        if (m.skin < 0 || static_cast<std::size_t>(m.skin) >= rig.skins.size() || (skinIndex >= 0 && m.skin != skinIndex))
            continue;
        const Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
        for (std::size_t i = 0; i < m.weights.weights.size() && i < m.weights.joints.size(); ++i) {
            const std::uint16_t k = m.weights.joints[i];
            if (m.weights.weights[i] > 0.f && k < skin.joints.size() && skin.joints[k] >= 0 &&
                static_cast<std::size_t>(skin.joints[k]) < weighted.size())
                weighted[static_cast<std::size_t>(skin.joints[k])] = 1;
        }
    }
    return weighted;
}

std::vector<std::uint8_t> defaultDeform(const Rig& rig, int skinIndex)
{
    std::vector<std::uint8_t> deform(rig.skeleton.size(), 0);
    if (skinIndex < 0 || static_cast<std::size_t>(skinIndex) >= rig.skins.size())
        return deform;
    const Skin& skin = rig.skins[static_cast<std::size_t>(skinIndex)];
    deform = weightedJoints(rig, skinIndex);
    if (std::find(deform.begin(), deform.end(), 1) != deform.end())
        return deform;
    std::vector<std::uint8_t> hasChild(rig.skeleton.size(), 0);
    for (anim::JointIndex p : rig.skeleton.parents)
        if (p >= 0)
            hasChild[static_cast<std::size_t>(p)] = 1;
    for (anim::JointIndex j : skin.joints) {
        const auto u = static_cast<std::size_t>(j);
        deform[u] = hasChild[u] || !isEndJointName(rig.skeleton.names[u]) ? 1 : 0;
    }
    return deform;
}

std::vector<std::uint8_t> deformMask(const Rig& rig, const std::map<anim::JointIndex, bool>& flags)
{
    std::vector<std::uint8_t> mask(rig.skeleton.size(), 0);
    for (std::size_t skin = 0; skin < rig.skins.size(); ++skin) {
        const std::vector<std::uint8_t> fromSkin = defaultDeform(rig, static_cast<int>(skin));
        for (std::size_t j = 0; j < mask.size(); ++j)
            mask[j] = mask[j] || fromSkin[j];
    }
    for (const auto& [joint, deform] : flags)
        if (joint >= 0 && static_cast<std::size_t>(joint) < mask.size())
            mask[static_cast<std::size_t>(joint)] = deform ? 1 : 0;
    return mask;
}

namespace {

// Blender's bone for joint j: towards its children's centroid, the nearest
// child's length; nullopt for a joint with no child bone away from it.
std::optional<skin::HeatSource::Segment> centroidSegment(const anim::Skeleton& s, const std::vector<std::uint8_t>& bones,
                                                 const std::vector<glm::vec3>& at, std::size_t j)
{
    constexpr float minLength = 1e-4f;  // a child on the joint gives no direction
    glm::vec3 sum(0.f);
    float shortest = 0.f;
    for (std::size_t c = 0; c < s.size(); ++c) {
        if (s.parents[c] != static_cast<anim::JointIndex>(j) || !bones[c])
            continue;
        const float length = glm::length(at[c] - at[j]);
        if (length <= minLength)
            continue;
        sum += at[c] - at[j];
        shortest = shortest > 0.f ? std::min(shortest, length) : length;
    }
    if (!(glm::length(sum) > minLength))
        return std::nullopt;
    return skin::HeatSource::Segment{at[j], at[j] + glm::normalize(sum) * shortest};
}

} // namespace

std::vector<skin::HeatSource> boneHeatSources(const Rig& rig, std::size_t meshIndex,
                                              const std::vector<std::uint8_t>& deform,
                                              std::vector<std::uint16_t>& skinJoints, BoneSegments segments)
{
    const mesh::Mesh& m = rig.meshes[meshIndex];
    const Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    const std::vector<glm::vec3> at = jointBindPositions(rig, meshIndex);
    const std::vector<std::uint8_t> bones = rig.boneMask();
    const anim::Skeleton& s = rig.skeleton;
    std::vector<skin::HeatSource> sources;
    skinJoints.clear();
    for (std::size_t k = 0; k < skin.joints.size(); ++k) {
        const auto j = static_cast<std::size_t>(skin.joints[k]);
        if (j >= deform.size() || !deform[j])
            continue;
        skin::HeatSource source;
        if (segments == BoneSegments::Blender) {
            if (const auto own = centroidSegment(s, bones, at, j))
                source.segments.push_back(*own);
        } else {
            for (std::size_t c = 0; c < s.size(); ++c)
                if (s.parents[c] == static_cast<anim::JointIndex>(j) && bones[c])
                    source.segments.push_back({at[j], at[c]});
        }
        if (source.segments.empty()) {
            const anim::JointIndex p = s.parents[j];
            glm::vec3 tail = at[j];
            if (p >= 0) {
                const auto parent = static_cast<std::size_t>(p);
                const auto along = segments == BoneSegments::Blender ? centroidSegment(s, bones, at, parent)
                                                                     : std::nullopt;
                tail += along ? along->tail - along->head : at[j] - at[parent];
            }
            source.segments.push_back({at[j], tail});
        }
        sources.push_back(std::move(source));
        skinJoints.push_back(static_cast<std::uint16_t>(k));
    }
    return sources;
}

namespace {

// Rigid islands: each loose shell but the body's largest (every one with
// rigidWhole) and the props kept wholly on the bone nearest its centroid.
std::size_t bindIslands(const mesh::Mesh& m, const skin::RigidProps& props, bool keepShells, bool whole,
                        std::span<const skin::HeatSource> sources, std::vector<skin::WeightRow>& heat)
{
    const std::size_t count = props.shellBone.size();
    if (sources.empty() || count == 0)
        return 0;
    std::vector<std::uint8_t> skip(count, 0);
    if (!whole) {
        std::vector<std::size_t> size(count, 0);
        for (std::uint32_t s : props.shell)
            ++size[s];
        skip[static_cast<std::size_t>(std::max_element(size.begin(), size.end()) - size.begin())] = 1;
    }
    for (std::size_t s = 0; s < count; ++s)
        if (keepShells && !props.wholeMesh() && props.shellBone[s] != skin::RigidProps::kNone)
            skip[s] = 1;
    const std::vector<std::uint16_t> nearest = skin::nearestSourcePerShell(m.positions, props.shell, count, sources, skip);
    for (std::size_t v = 0; v < heat.size(); ++v)
        if (!skip[props.shell[v]])
            heat[v] = {{nearest[props.shell[v]], 1.f}};
    return static_cast<std::size_t>(std::count(skip.begin(), skip.end(), std::uint8_t{0}));
}

} // namespace

AutoWeightResult autoWeights(const Rig& rig, std::size_t meshIndex, const AutoWeightOptions& options)
{
    const mesh::Mesh& m = rig.meshes[meshIndex];
    const skin::WeightScope& scope = options.scope;
    std::vector<skin::WeightRow> rows = m.weights.vertexCount() == m.vertexCount()
                                            ? skin::readRows(m.weights)
                                            : std::vector<skin::WeightRow>(m.vertexCount());
    AutoWeightResult result;
    const skin::RigidProps props = skin::findRigidProps(m.positions, m.indices, rows);
    if (options.keepPropMesh && props.wholeMesh()) {
        result.weights = m.weights;
        result.propMeshKept = true;
        return result;
    }
    // A vertex mask is the user's explicit choice: it may re-weight a prop shell.
    const bool keepShells = options.keepPropShells && scope.vertices.empty() && props.propShells() > 0;
    result.propShellsKept = keepShells ? props.propShells() : 0;
    const std::vector<std::uint8_t> deform = options.deform.empty() ? defaultDeform(rig, m.skin) : options.deform;
    std::vector<std::uint16_t> skinJoints;
    const std::vector<skin::HeatSource> sources =
        boneHeatSources(rig, meshIndex, deform, skinJoints, options.segments);
    result.sources = sources.size();
    skin::BoneHeatOptions heatOptions;
    heatOptions.maxInfluences = scope.limit();
    std::vector<skin::WeightRow> heat;
    if (options.rigidIslands && options.rigidWhole) {
        heat.resize(m.vertexCount());  // no solve: every shell takes one bone
        result.heat.vertices = m.vertexCount();
        result.heat.shells = props.shellBone.size();
    } else {
        heat = skin::boneHeatWeights(m.positions, m.indices, sources, heatOptions, &result.heat);
        // The solve's visibility rays and nearest-bone ties drift apart across
        // a plane the bones only nearly mirror: average twins.
        if (options.symmetrise)
            if (const auto symmetry = findHeatSymmetry(rig, meshIndex, sources, skinJoints)) {
                symmetriseHeatRows(heat, *symmetry, heatOptions.maxInfluences, heatOptions.minWeight);
                result.mirroredVertices = symmetry->pairedVertices;
            }
    }
    if (options.rigidIslands)
        result.heat.rigidShells = bindIslands(m, props, keepShells, options.rigidWhole, sources, heat);
    const bool subset = !scope.bones.empty();
    for (std::size_t v = 0; v < rows.size(); ++v) {
        if (!scope.touches(v) || heat[v].empty() || (keepShells && props.propVertex(v)))
            continue;
        skin::WeightRow row;
        for (const skin::Influence& i : rows[v])
            if (scope.isLocked(i.joint) || (subset && !scope.inSubset(i.joint)))
                row.push_back(i);  // kept: locked, or outside the subset
        double taken = 0.0;
        for (const skin::Influence& i : heat[v]) {
            const std::uint16_t joint = skinJoints[i.joint];
            if (!scope.editable(joint))
                continue;
            skin::setWeight(row, joint, i.weight);
            taken += i.weight;
        }
        // Heat only for locked or out-of-scope bones: the row stays as it was
        // (taking its other weights away would leave it short of 1).
        if (taken <= 0.0)
            continue;
        // The heat weights take their share (all of the unlocked room when
        // they would take more); the subset's others fill the rest of 1.
        double lockedSum = 0.0, otherSum = 0.0;
        for (const skin::Influence& i : row) {
            if (scope.isLocked(i.joint))
                lockedSum += i.weight;
            else if (!scope.editable(i.joint))
                otherSum += i.weight;
        }
        const double room = std::max(0.0, 1.0 - lockedSum);
        const bool othersFill = otherSum > 0.0 && taken < room;
        for (skin::Influence& i : row) {
            if (scope.isLocked(i.joint))
                continue;
            if (scope.editable(i.joint))
                i.weight = static_cast<float>(othersFill ? i.weight : (taken > 0.0 ? i.weight * room / taken : 0.0));
            else
                i.weight = static_cast<float>(othersFill ? i.weight * (room - taken) / otherSum : 0.0);
        }
        std::erase_if(row, [](const skin::Influence& i) { return !(i.weight > 0.f); });
        skin::limitRow(row, scope.limit(), [&](std::uint16_t j) { return !scope.isLocked(j); });
        skin::normaliseAround(row, [&](std::uint16_t j) { return !scope.isLocked(j); });
        rows[v] = std::move(row);
    }
    result.weights = skin::packRows(rows, std::max(m.weights.stride, scope.limit() > 4 ? 8 : 4));
    return result;
}

std::vector<AutoWeightTarget> autoWeightTargets(const Rig& rig, std::span<const std::size_t> meshes, bool chosen,
                                                bool rigidIslands)
{
    std::vector<AutoWeightTarget> out;
    std::vector<std::size_t> largestShell;
    for (const std::size_t i : meshes) {
        if (i >= rig.meshes.size() || !rig.meshes[i].skinned())
            continue;
        const mesh::Mesh& m = rig.meshes[i];
        const std::vector<skin::WeightRow> rows =
            m.weights.vertexCount() == m.vertexCount() ? skin::readRows(m.weights) : std::vector<skin::WeightRow>{};
        const skin::RigidProps props = skin::findRigidProps(m.positions, m.indices, rows);
        std::vector<std::size_t> size(props.shellBone.size(), 0);
        for (std::uint32_t s : props.shell)
            ++size[s];
        largestShell.push_back(size.empty() ? 0 : *std::max_element(size.begin(), size.end()));
        out.push_back({i, props.wholeMesh(), false});
    }
    // Nothing but props: they are what the user means to weight.
    const bool onlyProps = std::all_of(out.begin(), out.end(), [](const AutoWeightTarget& t) { return t.keepPropMesh; });
    for (AutoWeightTarget& t : out)
        t.keepPropMesh = t.keepPropMesh && !chosen && !onlyProps;
    if (rigidIslands && out.size() > 1) {
        const auto body = static_cast<std::size_t>(std::max_element(largestShell.begin(), largestShell.end()) -
                                                   largestShell.begin());
        for (std::size_t k = 0; k < out.size(); ++k)
            out[k].rigidWhole = k != body;
    }
    return out;
}

} // namespace marrow::model
