// SPDX-License-Identifier: MIT
#include "core/workspace/selection.h"
#include "core/document/document.h"
#include "core/io/view_state_section.h"

namespace marrow::ws {

Selection::Selection(doc::Document* document, QObject* parent)
    : QObject(parent)
    , m_document(document)
{
    if (m_document) {
        connect(m_document, &doc::Document::rigReplaced, this, &Selection::onRigReplaced);
        connect(m_document, &doc::Document::clipsChanged, this, &Selection::onClipsChanged);
        onRigReplaced();
    }
}

bool Selection::jointInRange(model::JointIndex joint) const
{
    if (joint < 0)
        return false;
    return !m_document || static_cast<std::size_t>(joint) < m_document->rig().skeleton.size();
}

void Selection::setJoints(const QList<model::JointIndex>& joints)
{
    QList<model::JointIndex> clean;
    for (model::JointIndex j : joints)
        if (jointInRange(j) && !clean.contains(j))
            clean.push_back(j);
    if (clean == m_joints)
        return;
    m_joints = clean;
    emit jointsChanged();
}

void Selection::selectJoint(model::JointIndex joint)
{
    setJoints(joint < 0 ? QList<model::JointIndex>{} : QList<model::JointIndex>{joint});
}

void Selection::toggleJoint(model::JointIndex joint)
{
    QList<model::JointIndex> next = m_joints;
    if (!next.removeOne(joint))
        next.push_back(joint);
    setJoints(next);
}

void Selection::clearJoints()
{
    setJoints({});
}

void Selection::setActiveClip(model::ClipId clip)
{
    const int count = m_document ? static_cast<int>(m_document->rig().clips.size()) : clip + 1;
    if (clip < -1 || clip >= count)
        clip = -1;
    if (clip == m_activeClip)
        return;
    m_activeClip = clip;
    emit activeClipChanged(m_activeClip);
}

void Selection::setActiveMesh(model::MeshId mesh)
{
    const int count = m_document ? static_cast<int>(m_document->rig().meshes.size()) : mesh + 1;
    if (mesh < -1 || mesh >= count)
        mesh = -1;
    if (!m_chosenMeshes.isEmpty() && !m_chosenMeshes.contains(mesh)) {
        m_chosenMeshes.clear();
        emit chosenMeshesChanged();
    }
    if (mesh == m_activeMesh)
        return;
    m_activeMesh = mesh;
    emit activeMeshChanged(m_activeMesh);
}

void Selection::chooseMesh(model::MeshId mesh, bool add)
{
    const int count = m_document ? static_cast<int>(m_document->rig().meshes.size()) : mesh + 1;
    if (mesh < 0 || mesh >= count)
        return;
    QList<model::MeshId> chosen = add ? m_chosenMeshes : QList<model::MeshId>{};
    if (add && chosen.isEmpty() && m_activeMesh >= 0)
        chosen.append(m_activeMesh);  // Ctrl+click joins the active mesh, as in Blender
    if (!chosen.contains(mesh))
        chosen.append(mesh);
    const bool changed = chosen != m_chosenMeshes;
    m_chosenMeshes = chosen;
    setActiveMesh(mesh);
    if (changed)
        emit chosenMeshesChanged();
}

void Selection::onRigReplaced()
{
    const auto& rig = m_document->rig();
    if (m_document->restructuring()) {
        // The same document reshaped (a skeleton edit, an imported mesh):
        // keep what is still in range; the edit selects what it made.
        QList<model::JointIndex> kept;
        for (model::JointIndex j : m_joints)
            if (jointInRange(j))
                kept.push_back(j);
        m_joints = kept;
        emit jointsChanged();  // the views rebuilt: show it again
        if (m_activeClip >= static_cast<int>(rig.clips.size()))
            setActiveClip(static_cast<int>(rig.clips.size()) - 1);
        if (m_activeMesh >= static_cast<int>(rig.meshes.size()))
            setActiveMesh(static_cast<int>(rig.meshes.size()) - 1);
        return;
    }
    // A new rig: old joint indices mean other joints now. Start from the
    // clip the document was saved on (its view state), else the first, so
    // the viewport shows something animated.
    clearJoints();
    m_activeClip = -2;  // force the signals below
    m_activeMesh = -2;
    if (!m_chosenMeshes.isEmpty()) {
        m_chosenMeshes.clear();  // ids of the old rig
        emit chosenMeshesChanged();
    }
    setActiveClip(doc::fittedViewState(m_document->viewState(), rig.clips.size()).clip);
    // The largest skinned mesh (the body, not an eyelash), what Weight Paint
    // works on; else the first.
    model::MeshId mesh = rig.meshes.empty() ? -1 : 0;
    std::size_t largest = 0;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m)
        if (rig.meshes[m].skinned() && rig.meshes[m].vertexCount() > largest) {
            mesh = static_cast<model::MeshId>(m);
            largest = rig.meshes[m].vertexCount();
        }
    setActiveMesh(mesh);
}

void Selection::onClipsChanged()
{
    // A clip was added, removed or renamed; keep the active one in range.
    const int count = static_cast<int>(m_document->rig().clips.size());
    if (m_activeClip >= count)
        setActiveClip(count - 1);
}

} // namespace marrow::ws
