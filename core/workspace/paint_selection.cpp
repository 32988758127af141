// SPDX-License-Identifier: MIT
#include "core/workspace/paint_selection.h"

#include "core/document/document.h"
#include "core/mesh/vertex_selection.h"

#include <algorithm>

namespace marrow::ws {

PaintSelection::PaintSelection(doc::Document* document, QObject* parent)
    : QObject(parent)
    , m_document(document)
{
    if (m_document)
        connect(m_document, &doc::Document::rigReplaced, this, [this] {
            // A reshaped document (a skeleton edit) keeps its vertices: Edit
            // Skeleton's Snap reads them. vertices() drops a stale mesh's.
            if (!m_document->restructuring())
                clearAll();
        });
}

std::size_t PaintSelection::vertexCount(model::MeshId mesh) const
{
    if (!m_document || mesh < 0 || static_cast<std::size_t>(mesh) >= m_document->rig().meshes.size())
        return 0;
    return m_document->rig().meshes[static_cast<std::size_t>(mesh)].vertexCount();
}

const std::vector<std::uint8_t>& PaintSelection::vertices(model::MeshId mesh) const
{
    static const std::vector<std::uint8_t> none;
    if (mesh < 0 || static_cast<std::size_t>(mesh) >= m_selected.size())
        return none;
    const std::vector<std::uint8_t>& selected = m_selected[static_cast<std::size_t>(mesh)];
    // A mesh whose vertex count changed under it (a bind, an import) has no selection.
    return selected.size() == vertexCount(mesh) ? selected : none;
}

std::size_t PaintSelection::count(model::MeshId mesh) const
{
    return mesh::selectedCount(vertices(mesh));
}

bool PaintSelection::setVertices(model::MeshId mesh, std::vector<std::uint8_t> selection)
{
    const std::size_t n = vertexCount(mesh);
    if (n == 0 || (!selection.empty() && selection.size() != n))
        return false;
    if (mesh::selectedCount(selection) == 0)
        selection.clear();
    if (static_cast<std::size_t>(mesh) >= m_selected.size())
        m_selected.resize(static_cast<std::size_t>(mesh) + 1);
    std::vector<std::uint8_t>& kept = m_selected[static_cast<std::size_t>(mesh)];
    const auto same = [](const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
        return a.size() == b.size()
               && std::equal(a.begin(), a.end(), b.begin(), [](std::uint8_t x, std::uint8_t y) { return (x != 0) == (y != 0); });
    };
    if (same(kept, selection))
        return true;
    kept = std::move(selection);
    emit changed(mesh);
    return true;
}

void PaintSelection::clear(model::MeshId mesh)
{
    setVertices(mesh, {});
}

std::optional<std::uint32_t> PaintSelection::activeVertex(model::MeshId mesh) const
{
    if (mesh < 0 || mesh != m_activeMesh || m_activeVertex >= vertexCount(mesh))
        return std::nullopt;
    return m_activeVertex;
}

void PaintSelection::setActiveVertex(model::MeshId mesh, std::uint32_t vertex)
{
    m_activeMesh = mesh;
    m_activeVertex = vertex;
}

void PaintSelection::setMasking(bool on)
{
    if (m_masking == on)
        return;
    m_masking = on;
    emit maskingChanged(on);
}

const std::vector<std::uint8_t>* PaintSelection::mask(model::MeshId mesh) const
{
    if (!m_masking)
        return nullptr;
    const std::vector<std::uint8_t>& selected = vertices(mesh);
    if (!selected.empty())
        return &selected;
    m_none.assign(vertexCount(mesh), 0);
    return &m_none;
}

void PaintSelection::clearAll()
{
    const std::size_t meshes = m_selected.size();
    m_selected.clear();
    m_activeMesh = -1;
    for (std::size_t i = 0; i < meshes; ++i)
        emit changed(static_cast<model::MeshId>(i));
}

} // namespace marrow::ws
