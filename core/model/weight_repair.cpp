// SPDX-License-Identifier: MIT
#include "core/model/weight_repair.h"

#include <algorithm>

namespace marrow::model {

std::size_t bindRowsToMeshNode(Rig& rig, std::size_t meshIndex, const std::vector<std::uint32_t>& rows)
{
    if (meshIndex >= rig.meshes.size())
        return 0;
    mesh::Mesh& m = rig.meshes[meshIndex];
    if (m.skin < 0 || static_cast<std::size_t>(m.skin) >= rig.skins.size() || rows.empty())
        return 0;
    Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    std::size_t slot = skin.joints.size();
    for (std::size_t k = 0; k < skin.joints.size(); ++k)
        if (skin.joints[k] == m.node && skin.inverseBind[k] == glm::mat4(1.f)) {
            slot = k;
            break;
        }
    if (slot == skin.joints.size()) {
        if (slot >= 65535)
            return 0;
        skin.joints.push_back(m.node);
        skin.inverseBind.push_back(glm::mat4(1.f));
    }
    const std::size_t stride = static_cast<std::size_t>(m.weights.stride);
    std::size_t changed = 0;
    for (std::uint32_t v : rows) {
        if (v >= m.weights.vertexCount())
            continue;
        std::fill_n(m.weights.joints.begin() + static_cast<std::ptrdiff_t>(v * stride), stride, std::uint16_t{0});
        std::fill_n(m.weights.weights.begin() + static_cast<std::ptrdiff_t>(v * stride), stride, 0.f);
        m.weights.joints[v * stride] = static_cast<std::uint16_t>(slot);
        m.weights.weights[v * stride] = 1.f;
        ++changed;
    }
    return changed;
}

} // namespace marrow::model
