// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "core/model/bone_map.h"

#include <QWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace marrow::ui {

// Two skeletons side by side, each a tree with the bone it is paired with
// in a second column (HumanIK's and Unreal's retarget map, read both ways):
// the document's (the target) on the left, the source's on the right. A
// bone with no pair shows "rest" (a target keeps its rest pose) or nothing.
// Choosing a target bone selects its source; double-clicking a source bone
// pairs it with the chosen target (pairRequested).
class BonePairTrees : public QWidget {
    Q_OBJECT
public:
    explicit BonePairTrees(QWidget* parent = nullptr);

    // Rebuilds both trees (expanded), keeping the chosen target bone.
    void setSkeletons(const anim::Skeleton* target, const anim::Skeleton* source);
    // Refreshes the pair columns.
    void setMap(const model::BoneMap& map);

    anim::JointIndex currentTarget() const;
    anim::JointIndex currentSource() const;
    void setCurrentTarget(anim::JointIndex joint);
    QTreeWidget* targetTree() const { return m_target; }
    QTreeWidget* sourceTree() const { return m_source; }

signals:
    void pairRequested(anim::JointIndex target, anim::JointIndex source);

private:
    static void fill(QTreeWidget* tree, const anim::Skeleton& skeleton, std::vector<QTreeWidgetItem*>& items);

    QTreeWidget* m_target = nullptr;
    QTreeWidget* m_source = nullptr;
    std::vector<QTreeWidgetItem*> m_targetItems, m_sourceItems;  // per joint
    const anim::Skeleton* m_targetSkeleton = nullptr;
    const anim::Skeleton* m_sourceSkeleton = nullptr;
    model::BoneMap m_map;
};

} // namespace marrow::ui
