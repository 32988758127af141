// SPDX-License-Identifier: MIT
#pragma once

#include <QLabel>
#include <QPointer>

namespace marrow::ui {

class BoneTreeView;

// The line under the Skeleton dock's filter that says how many selected
// bones the filter hides ("2 selected bones hidden by the filter"), so a
// rotate or a key never reaches a bone the user forgot. Hidden when the
// filter hides none. Its "Show" link asks for the filter to be cleared
// (clearFilterRequested); the dock owns the filter field and does it.
class HiddenSelectionLabel : public QLabel {
    Q_OBJECT
public:
    explicit HiddenSelectionLabel(BoneTreeView* tree, QWidget* parent = nullptr);

signals:
    void clearFilterRequested();

private:
    void showCount(int count);

    QPointer<BoneTreeView> m_tree;
};

} // namespace marrow::ui
