// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"

#include <QWidget>

#include <span>
#include <vector>

class QDoubleSpinBox;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace marrow::ui {

// A transition's blend profile: the joints as a tree with a "Blend time"
// column (a scale of the transition's duration per joint, 1 by default;
// double-click to type one), and "Set for selected joints and children"
// with a value. Emits the whole new profile (one entry per joint) for the
// owner to push as one undo entry.
class BlendProfileEditor : public QWidget {
    Q_OBJECT
public:
    explicit BlendProfileEditor(QWidget* parent = nullptr);

    // Shows the skeleton with `profile` (empty: 1 everywhere); keeps the
    // expanded state when only the numbers changed.
    void setProfile(const anim::Skeleton& skeleton, std::span<const float> profile);
    // The joints "Set" applies to (the editor's selection).
    void setSelectedJoints(std::vector<anim::JointIndex> joints);

    QTreeWidget* tree() const { return m_tree; }
    QDoubleSpinBox* scaleBox() const { return m_scale; }
    QPushButton* setButton() const { return m_set; }

signals:
    void profileEdited(const std::vector<float>& profile, const QString& undoText);

private:
    void onItemChanged(QTreeWidgetItem* item, int column);

    const anim::Skeleton* m_skeleton = nullptr;
    std::vector<float> m_profile;  // one per joint
    std::vector<anim::JointIndex> m_selected;
    std::vector<QTreeWidgetItem*> m_items;  // per joint
    QTreeWidget* m_tree = nullptr;
    QDoubleSpinBox* m_scale = nullptr;
    QPushButton* m_set = nullptr;
    bool m_updating = false;
};

} // namespace marrow::ui
