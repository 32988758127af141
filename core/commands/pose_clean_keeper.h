// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/pose_map.h"

#include <QObject>
#include <QPointer>

namespace marrow::doc {
class Document;
}

namespace marrow::cmd {

// Keeps the modified mark honest about pose edits. Pose them, then let a time
// change drop them: the stack has moved two entries past the saved state, but
// the document equals the file again. When every command between the clean
// index and the current one only changes the pose and the pose equals the
// saved one, the current index becomes the clean one: no "save changes?",
// no recovery file, and undo/redo still walk the same history.
class PoseCleanKeeper : public QObject {
    Q_OBJECT
public:
    explicit PoseCleanKeeper(doc::Document* document, QObject* parent = nullptr);

private:
    void onIndexChanged(int index);
    bool onlyPoseEditsBetween(int a, int b) const;

    QPointer<doc::Document> m_document;
    doc::PoseMap m_savedPose;  // the pose at the clean index
};

} // namespace marrow::cmd
