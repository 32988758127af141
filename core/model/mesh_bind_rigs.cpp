// SPDX-License-Identifier: MIT
#include "core/model/mesh_bind_rigs.h"

#include "core/mesh/bounds_tree.h"
#include "core/model/auto_weights.h"
#include "core/model/mesh_append.h"
#include "core/model/mesh_bind.h"
#include "core/model/rebind_at_rest.h"
#include "core/skin/bulk_transfer.h"
#include "core/skin/rigid_shells.h"
#include "core/skin/weight_row.h"

#include <algorithm>

namespace marrow::model {

namespace {

// The skeleton rig's skinned meshes at rest, as one surface whose rows
// name skeleton joints: where Transfer takes its weights from.
struct TransferSource {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;
    mesh::SkinWeights weights;
};

TransferSource transferSource(const Rig& rig)
{
    TransferSource out;
    int stride = 4;
    for (const mesh::Mesh& m : rig.meshes)
        if (m.skinned())
            stride = std::max(stride, m.weights.stride);
    out.weights.stride = stride;
    for (std::size_t i = 0; i < rig.meshes.size(); ++i) {
        const mesh::Mesh& m = rig.meshes[i];
        if (!m.skinned())
            continue;
        const Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
        const auto base = static_cast<std::uint32_t>(out.positions.size());
        const BoundGeometry g = restPosedGeometry(rig, i);
        out.positions.insert(out.positions.end(), g.positions.begin(), g.positions.end());
        for (const std::uint32_t index : g.indices)
            out.indices.push_back(base + index);
        for (std::size_t v = 0; v < m.vertexCount(); ++v) {
            const auto joints = m.weights.jointRow(v);
            const auto weights = m.weights.weightRow(v);
            for (int k = 0; k < stride; ++k) {
                const bool in = static_cast<std::size_t>(k) < weights.size() && joints[static_cast<std::size_t>(k)] < skin.joints.size();
                out.weights.joints.push_back(
                    in ? static_cast<std::uint16_t>(skin.joints[joints[static_cast<std::size_t>(k)]]) : std::uint16_t{0});
                out.weights.weights.push_back(in ? weights[static_cast<std::size_t>(k)] : 0.f);
            }
        }
    }
    return out;
}

mesh::Aabb boneBox(const Rig& rig, const std::vector<std::uint8_t>& deform)
{
    const std::vector<glm::mat4> worlds = restWorlds(rig.skeleton);
    mesh::Aabb box;
    for (std::size_t j = 0; j < worlds.size(); ++j)
        if (j < deform.size() && deform[j])
            box.grow(glm::vec3(worlds[j][3]));
    if (box.empty())
        for (const glm::mat4& w : worlds)
            box.grow(glm::vec3(w[3]));
    return box;
}

bool overlaps(mesh::Aabb a, const mesh::Aabb& b)
{
    const float margin = .1f * a.diagonal();
    a.lo -= glm::vec3(margin);
    a.hi += glm::vec3(margin);
    return !a.empty() && !b.empty() && a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y &&
           a.lo.z <= b.hi.z && b.lo.z <= a.hi.z;
}

// Each loose shell of a bound mesh wholly on the deforming bone nearest it.
std::size_t makeShellsRigid(Rig& rig, std::size_t meshIndex, const std::vector<std::uint8_t>& deform,
                            BoneSegments segments)
{
    mesh::Mesh& m = rig.meshes[meshIndex];
    std::vector<std::uint16_t> skinJoints;
    const std::vector<skin::HeatSource> sources = boneHeatSources(rig, meshIndex, deform, skinJoints, segments);
    if (sources.empty())
        return 0;
    std::size_t count = 0;
    const std::vector<std::uint32_t> shell = skin::positionShells(m.positions, m.indices, count);
    const std::vector<std::uint16_t> nearest = skin::nearestSourcePerShell(m.positions, shell, count, sources);
    std::vector<skin::WeightRow> rows(m.vertexCount());
    for (std::size_t v = 0; v < rows.size(); ++v)
        rows[v] = {{skinJoints[nearest[shell[v]]], 1.f}};
    m.weights = skin::packRows(rows, m.weights.stride);
    return count;
}

} // namespace

RigBindResult bindToSkeleton(const Rig& meshes, const Rig& skeleton, const RigBindOptions& options)
{
    RigBindResult result;
    const auto fail = [&](RigBindResult::Failure why, std::string error) {
        result.failure = why;
        result.error = std::move(error);
        result.rig.reset();
        return result;
    };
    if (meshes.meshes.empty())
        return fail(RigBindResult::Failure::NoMesh, "it has no mesh");
    // A mesh is named by its own name or its node's.
    const auto named = [&](std::size_t i, const std::string& name) {
        const mesh::Mesh& m = meshes.meshes[i];
        return m.name == name || (m.node >= 0 && static_cast<std::size_t>(m.node) < meshes.skeleton.size() &&
                                  meshes.skeleton.names[static_cast<std::size_t>(m.node)] == name);
    };
    std::vector<std::uint8_t> chosen(meshes.meshes.size(), options.meshes.empty() ? 1 : 0);
    for (const std::string& name : options.meshes) {
        bool found = false;
        for (std::size_t i = 0; i < meshes.meshes.size(); ++i)
            if (named(i, name))
                chosen[i] = found = true;
        if (!found)
            return fail(RigBindResult::Failure::NoMesh, "it has no mesh named '" + name + "'");
    }
    // Skinned meshes as their rest pose draws them, then taken as they are.
    Rig prepared = meshes;
    for (std::size_t i = 0; i < prepared.meshes.size(); ++i)
        if (prepared.meshes[i].skinned()) {
            BoundGeometry g = restPosedGeometry(meshes, i);
            mesh::Mesh& m = prepared.meshes[i];
            m.positions = std::move(g.positions);
            m.normals = std::move(g.normals);
            m.indices = std::move(g.indices);
            m.morphTargets = std::move(g.morphTargets);
        }
    std::vector<std::uint8_t> deform = options.deform.empty() ? deformMask(skeleton, {}) : options.deform;
    deform.resize(skeleton.skeleton.size(), 0);
    TransferSource source;
    if (options.weights == RigBindWeights::Transfer) {
        source = transferSource(skeleton);
        if (source.indices.empty())
            return fail(RigBindResult::Failure::Refused, "transfer needs a skinned mesh in the skeleton's file");
    }
    Rig base = skeleton;
    base.meshes.clear();
    base.materials.clear();
    base.textures.clear();
    std::string error;
    std::optional<Rig> joined = appendMeshes(base, prepared, options.holderName, error);
    if (!joined)
        return fail(RigBindResult::Failure::Refused, error);
    deform.resize(joined->skeleton.size(), 0);  // the holder node deforms nothing

    mesh::Aabb meshBox;
    for (const mesh::Mesh& m : joined->meshes)
        meshBox.grow(mesh::Aabb::of(m.positions));
    if (!overlaps(boneBox(skeleton, deform), meshBox))
        return fail(RigBindResult::Failure::NoOverlap, "its meshes do not overlap the skeleton");

    const BindWeights how = options.weights == RigBindWeights::Automatic ? BindWeights::Automatic : BindWeights::NearestBone;
    for (std::size_t i = 0; i < joined->meshes.size(); ++i) {
        if (i < chosen.size() && !chosen[i])
            continue;  // carried unbound (appendMeshes keeps the meshes' order)
        std::optional<MeshBinding> b = bindMesh(*joined, i, how, deform, error, options.segments);
        if (!b)
            return fail(RigBindResult::Failure::Refused, "mesh '" + joined->meshes[i].name + "': " + error);
        result.heat += b->heat;
        if (options.weights == RigBindWeights::Transfer) {
            std::vector<std::uint16_t> map(joined->skeleton.size(), skin::kNoJoint);
            for (std::size_t k = 0; k < b->skin.joints.size(); ++k)
                map[static_cast<std::size_t>(b->skin.joints[k])] = static_cast<std::uint16_t>(k);
            const mesh::SkinWeights nearest = skin::packRows(skin::readRows(b->weights), source.weights.stride);
            skin::WeightScope scope;
            scope.maxInfluences = source.weights.stride;
            skin::BulkReport report;
            b->weights = skin::transferWeights(nearest, b->geometry.positions, scope, source.weights,
                                               {source.positions, source.indices}, map, &report);
            result.transferred += report.rowsChanged;
            result.transferMissed += report.rowsUnnormalisable;
        }
        if (!applyBinding(*joined, i, *b))
            return fail(RigBindResult::Failure::Refused, "mesh '" + joined->meshes[i].name + "' could not be bound");
        if (options.rigidIslands)
            result.rigidShells += makeShellsRigid(*joined, i, deform, options.segments);
        ++result.meshes;
    }
    if (auto invalid = joined->validate())
        return fail(RigBindResult::Failure::Refused, *invalid);
    result.rig = std::move(joined);
    return result;
}

} // namespace marrow::model
