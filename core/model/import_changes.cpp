// SPDX-License-Identifier: MIT
#include "core/model/import_changes.h"

#include <algorithm>

namespace marrow::model {

std::size_t ImportChanges::count() const
{
    std::size_t n = 0;
    for (const MeshImportChanges& m : meshes)
        n += m.count();
    return n;
}

bool ImportChanges::fits(std::span<const mesh::Mesh> rigMeshes) const
{
    if (meshes.size() > rigMeshes.size())
        return false;
    for (std::size_t m = 0; m < meshes.size(); ++m)
        for (const auto* list : {&meshes[m].renormalised, &meshes[m].trimmed, &meshes[m].boundToNode})
            for (std::uint32_t v : *list)
                if (v >= rigMeshes[m].positions.size())
                    return false;
    return true;
}

std::vector<float> importChangeFigures(const ImportChanges& changes, std::size_t mesh, std::size_t vertices)
{
    std::vector<float> out(vertices, kUnchanged);
    const MeshImportChanges* m = changes.mesh(mesh);
    if (!m)
        return out;
    const auto mark = [&](const std::vector<std::uint32_t>& list, float figure) {
        for (std::uint32_t v : list)
            if (v < vertices)
                out[v] = std::max(out[v], figure);
    };
    mark(m->renormalised, kRenormalised);
    mark(m->trimmed, kTrimmed);
    mark(m->boundToNode, kBoundToNode);
    return out;
}

std::vector<std::uint32_t> changedVertices(const ImportChanges& changes, std::size_t mesh)
{
    std::vector<std::uint32_t> out;
    if (const MeshImportChanges* m = changes.mesh(mesh)) {
        out.reserve(m->count());
        out.insert(out.end(), m->renormalised.begin(), m->renormalised.end());
        out.insert(out.end(), m->trimmed.begin(), m->trimmed.end());
        out.insert(out.end(), m->boundToNode.begin(), m->boundToNode.end());
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }
    return out;
}

} // namespace marrow::model
