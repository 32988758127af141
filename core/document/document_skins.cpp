// SPDX-License-Identifier: MIT
// Document's skin mutations: joints added to a skin by painting, meshes bound.
#include "core/document/document.h"

#include "core/math/finite.h"
#include "core/model/mesh_bind.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace marrow::doc {

bool Document::appendSkinJoint(int skin, model::JointIndex joint, const glm::mat4& inverseBind)
{
    if (skin < 0 || static_cast<std::size_t>(skin) >= m_rig.skins.size() || joint < 0
        || static_cast<std::size_t>(joint) >= m_rig.skeleton.size() || !math::isFinite(inverseBind))
        return false;
    model::Skin& s = m_rig.skins[static_cast<std::size_t>(skin)];
    if (s.joints.size() > std::numeric_limits<std::uint16_t>::max()
        || std::find(s.joints.begin(), s.joints.end(), joint) != s.joints.end())
        return false;
    s.joints.push_back(joint);
    s.inverseBind.push_back(inverseBind);
    notify([&] { emit skinJointsChanged(skin); });
    return true;
}

bool Document::removeLastSkinJoint(int skin)
{
    if (skin < 0 || static_cast<std::size_t>(skin) >= m_rig.skins.size())
        return false;
    model::Skin& s = m_rig.skins[static_cast<std::size_t>(skin)];
    if (s.joints.empty())
        return false;
    const auto last = static_cast<std::uint16_t>(s.joints.size() - 1);
    for (const mesh::Mesh& m : m_rig.meshes) {
        if (m.skin != skin)
            continue;
        for (std::size_t i = 0; i < m.weights.joints.size(); ++i)
            if (m.weights.joints[i] == last && m.weights.weights[i] != 0.f)
                return false;
    }
    s.joints.pop_back();
    s.inverseBind.pop_back();
    notify([&] { emit skinJointsChanged(skin); });
    return true;
}

bool Document::bindMesh(model::MeshId meshIndex, const model::MeshBinding& binding)
{
    if (meshIndex < 0 || !model::applyBinding(m_rig, static_cast<std::size_t>(meshIndex), binding))
        return false;
    const int added = m_rig.meshes[static_cast<std::size_t>(meshIndex)].skin;
    // skinJointsChanged reloads the whole rig in the views: the geometry changed too.
    notify([&] {
        emit skinJointsChanged(added);
        emit meshWeightsReplaced(meshIndex);
    });
    return true;
}

bool Document::unbindMesh(model::MeshId meshIndex, mesh::Mesh rigid)
{
    if (meshIndex < 0 || static_cast<std::size_t>(meshIndex) >= m_rig.meshes.size())
        return false;
    mesh::Mesh& m = m_rig.meshes[static_cast<std::size_t>(meshIndex)];
    const int skin = m.skin;
    if (skin < 0 || static_cast<std::size_t>(skin) + 1 != m_rig.skins.size() || rigid.skinned() ||
        rigid.vertexCount() != m.vertexCount())
        return false;
    for (std::size_t i = 0; i < m_rig.meshes.size(); ++i)
        if (m_rig.meshes[i].skin == skin && static_cast<model::MeshId>(i) != meshIndex)
            return false;
    m = std::move(rigid);
    m_rig.skins.pop_back();
    notify([&] {
        emit skinJointsChanged(skin);
        emit meshWeightsReplaced(meshIndex);
    });
    return true;
}

} // namespace marrow::doc
