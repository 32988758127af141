// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"

#include <QList>
#include <QObject>
#include <QPointer>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

// What the user has selected: joints (in click order; the last one is the
// "current" joint the inspector shows), the active clip and the active mesh.
// View state: never saved and never on the undo stack. One Selection is shared
// by the bone tree, the viewport, the inspector and the timeline, so selecting
// in one selects in all. Invariant: every id is in range for the document's
// rig (reset on rigReplaced, clamped on clipsChanged); -1 means none.
class Selection : public QObject {
    Q_OBJECT
public:
    explicit Selection(doc::Document* document = nullptr, QObject* parent = nullptr);

    const QList<model::JointIndex>& joints() const { return m_joints; }
    model::JointIndex currentJoint() const { return m_joints.isEmpty() ? -1 : m_joints.back(); }
    bool isSelected(model::JointIndex joint) const { return m_joints.contains(joint); }
    model::ClipId activeClip() const { return m_activeClip; }
    model::MeshId activeMesh() const { return m_activeMesh; }

    // Replaces the joint selection; out-of-range and repeated joints are dropped.
    void setJoints(const QList<model::JointIndex>& joints);
    void selectJoint(model::JointIndex joint);  // just this one (-1 clears)
    void toggleJoint(model::JointIndex joint);  // Ctrl+click
    void clearJoints();
    void setActiveClip(model::ClipId clip);
    void setActiveMesh(model::MeshId mesh);  // keeps the chosen meshes when it is one of them, else clears them

    // The meshes the user chose (Blender's selected objects): what Automatic
    // Weights and Bind act on; the active mesh is always among them. Empty
    // when none was chosen: they act on every mesh, props kept rigid.
    const QList<model::MeshId>& chosenMeshes() const { return m_chosenMeshes; }
    void chooseMesh(model::MeshId mesh, bool add);  // add (Ctrl+click): joins the active and others; else alone

signals:
    void jointsChanged();
    void activeClipChanged(int clip);
    void activeMeshChanged(int mesh);
    void chosenMeshesChanged();

private:
    void onRigReplaced();
    void onClipsChanged();
    bool jointInRange(model::JointIndex joint) const;

    QPointer<doc::Document> m_document;
    QList<model::JointIndex> m_joints;
    model::ClipId m_activeClip = -1;
    model::MeshId m_activeMesh = -1;
    QList<model::MeshId> m_chosenMeshes;
};

} // namespace marrow::ws
