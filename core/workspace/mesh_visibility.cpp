// SPDX-License-Identifier: MIT
#include "core/workspace/mesh_visibility.h"

#include "core/document/document.h"
#include "core/workspace/selection.h"

#include <algorithm>

namespace marrow::ws {

MeshVisibility::MeshVisibility(doc::Document* document, Selection* selection, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_selection(selection)
{
    if (m_document) {
        // Local View ends before the swap, so the old view comes back first
        // and the new rig's framing wins.
        connect(m_document, &doc::Document::rigAboutToBeReplaced, this, [this] {
            if (m_localView)
                toggleLocalView();
        });
        connect(m_document, &doc::Document::rigReplaced, this, &MeshVisibility::reset);
    }
    reset();
}

void MeshVisibility::reset()
{
    m_localView = false;
    m_localMesh = -1;
    m_hiddenOutside.clear();
    m_hidden.assign(m_document ? m_document->rig().meshes.size() : 0, 0);
    emit changed();
}

bool MeshVisibility::isHidden(model::MeshId mesh) const
{
    return mesh >= 0 && static_cast<std::size_t>(mesh) < m_hidden.size() && m_hidden[static_cast<std::size_t>(mesh)];
}

bool MeshVisibility::anyHidden() const
{
    return std::any_of(m_hidden.begin(), m_hidden.end(), [](std::uint8_t h) { return h != 0; });
}

void MeshVisibility::setHidden(std::vector<std::uint8_t> hidden)
{
    if (hidden == m_hidden)
        return;
    m_hidden = std::move(hidden);
    emit changed();
}

void MeshVisibility::hide(model::MeshId mesh)
{
    if (mesh < 0 || static_cast<std::size_t>(mesh) >= m_hidden.size())
        return;
    std::vector<std::uint8_t> next = m_hidden;
    next[static_cast<std::size_t>(mesh)] = 1;
    setHidden(std::move(next));
}

bool MeshVisibility::hideActive()
{
    const model::MeshId mesh = m_selection ? m_selection->activeMesh() : -1;
    if (mesh < 0)
        return false;
    hide(mesh);
    return true;
}

void MeshVisibility::showAll()
{
    std::vector<std::uint8_t> next(m_hidden.size(), 0);
    if (m_localView)  // Alt+H reveals only what the local view holds, as Blender's does
        for (std::size_t m = 0; m < next.size(); ++m)
            next[m] = static_cast<model::MeshId>(m) != m_localMesh;
    setHidden(std::move(next));
}

bool MeshVisibility::toggleLocalView()
{
    if (m_localView) {
        m_localView = false;
        m_localMesh = -1;
        std::vector<std::uint8_t> restored = std::move(m_hiddenOutside);
        restored.resize(m_hidden.size(), 0);
        m_hiddenOutside.clear();
        setHidden(std::move(restored));
        emit localViewChanged(false);
        return true;
    }
    const model::MeshId mesh = m_selection ? m_selection->activeMesh() : -1;
    if (mesh < 0 || static_cast<std::size_t>(mesh) >= m_hidden.size())
        return false;
    m_hiddenOutside = m_hidden;
    m_localView = true;
    m_localMesh = mesh;
    std::vector<std::uint8_t> only(m_hidden.size(), 1);
    only[static_cast<std::size_t>(mesh)] = 0;
    setHidden(std::move(only));
    emit localViewChanged(true);
    return true;
}

} // namespace marrow::ws
