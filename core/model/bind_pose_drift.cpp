// SPDX-License-Identifier: MIT
#include "core/model/bind_pose_drift.h"

#include "core/mesh/bounds_tree.h"
#include "core/model/bind_pose.h"
#include "core/model/pose_pipeline.h"

#include <algorithm>

namespace marrow::model {

std::vector<BindPoseDrift> bindPoseDrift(const Rig& rig)
{
    std::vector<BindPoseDrift> out;
    if (rig.skins.empty())
        return out;
    PosePipeline rest(rig), bind(rig);
    const std::vector<math::Transform> bindLocals = bindPoseLocals(rig);
    PoseRequest atBind;
    atBind.locals = bindLocals;
    if (!rest.evaluate({}) || !bind.evaluate(atBind))
        return out;
    std::vector<int> entry(rig.skins.size(), -1);
    std::vector<glm::vec3> a, b;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        const mesh::Mesh& mesh = rig.meshes[m];
        if (!mesh.skinned() || mesh.vertexCount() == 0)
            continue;
        a.resize(mesh.vertexCount());
        b.resize(mesh.vertexCount());
        if (!rest.skinMesh(m, mesh::SkinningMethod::Linear, a, {}) ||
            !bind.skinMesh(m, mesh::SkinningMethod::Linear, b, {}))
            continue;
        float worst = 0.f;
        for (std::size_t v = 0; v < a.size(); ++v)
            worst = std::max(worst, glm::length(a[v] - b[v]));
        const float diagonal = mesh::Aabb::of(a).diagonal();
        const float relative = diagonal > 0.f ? worst / diagonal : worst;
        const auto s = static_cast<std::size_t>(mesh.skin);
        if (entry[s] < 0) {
            entry[s] = static_cast<int>(out.size());
            out.push_back({mesh.skin, m, relative});
        } else if (BindPoseDrift& d = out[static_cast<std::size_t>(entry[s])]; relative > d.relative) {
            d.mesh = m;
            d.relative = relative;
        }
    }
    std::sort(out.begin(), out.end(), [](const BindPoseDrift& x, const BindPoseDrift& y) { return x.skin < y.skin; });
    return out;
}

} // namespace marrow::model
