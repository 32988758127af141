// SPDX-License-Identifier: MIT
// A carried primitive's positions, normals and morph displacements written
// anew, everything else about it (UVs, colours, indices, material, other
// attributes, extras) as the source has it: the rig moved the mesh into
// another space (a rigid mesh whose joint was deleted goes to the parent,
// baked), it did not remake it.
#include "core/io/gltf_export_carry.h"

#include <cmath>

namespace marrow::io::gltfexport {

namespace {

std::vector<float> flatten(const std::vector<glm::vec3>& v, bool unit)
{
    std::vector<float> out;
    out.reserve(v.size() * 3);
    for (glm::vec3 p : v) {
        // glTF wants unit normals; a zero one stays as it is.
        if (unit && glm::length(p) > 0.f)
            p = glm::normalize(p);
        out.insert(out.end(), {p.x, p.y, p.z});
    }
    return out;
}

} // namespace

void writeCarriedGeometry(ExportContext& ctx, const mesh::Mesh& m, tinygltf::Primitive& prim)
{
    prim.attributes["POSITION"] = ctx.addFloats(flatten(m.positions, false), 3, TINYGLTF_TYPE_VEC3,
                                                TINYGLTF_TARGET_ARRAY_BUFFER, true);
    if (!m.normals.empty())
        prim.attributes["NORMAL"] = ctx.addFloats(flatten(m.normals, true), 3, TINYGLTF_TYPE_VEC3,
                                                  TINYGLTF_TARGET_ARRAY_BUFFER, false);
    // Tangents are directions in the old space: a reader recomputes them.
    prim.attributes.erase("TANGENT");
    for (std::size_t t = 0; t < prim.targets.size() && t < m.morphTargets.size(); ++t) {
        std::map<std::string, int>& target = prim.targets[t];
        // POSITION displacements need bounds (glTF requires min and max).
        target["POSITION"] = ctx.addFloats(flatten(m.morphTargets[t].positions, false), 3, TINYGLTF_TYPE_VEC3,
                                           TINYGLTF_TARGET_ARRAY_BUFFER, true);
        if (!m.morphTargets[t].normals.empty())
            target["NORMAL"] = ctx.addFloats(flatten(m.morphTargets[t].normals, false), 3, TINYGLTF_TYPE_VEC3,
                                             TINYGLTF_TARGET_ARRAY_BUFFER, false);
        target.erase("TANGENT");
    }
}

} // namespace marrow::io::gltfexport
