// SPDX-License-Identifier: MIT
#include "widgets/bone_tree/hidden_selection_label.h"

#include "widgets/bone_tree/bone_tree_view.h"

namespace marrow::ui {

HiddenSelectionLabel::HiddenSelectionLabel(BoneTreeView* tree, QWidget* parent)
    : QLabel(parent)
    , m_tree(tree)
{
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    setToolTip(tr("A plain click in the tree replaces the whole selection, these bones included; "
                  "Ctrl+click adds to it"));
    connect(this, &QLabel::linkActivated, this, &HiddenSelectionLabel::clearFilterRequested);
    if (m_tree)
        connect(m_tree, &BoneTreeView::hiddenSelectedCountChanged, this, &HiddenSelectionLabel::showCount);
    showCount(m_tree ? m_tree->hiddenSelectedCount() : 0);
}

void HiddenSelectionLabel::showCount(int count)
{
    // Spelt out for one and many: a "bone(s)" reads as unfinished.
    const QString what = count == 1 ? tr("1 selected bone hidden by the filter")
                                    : tr("%1 selected bones hidden by the filter").arg(count);
    setText(QStringLiteral("%1 · <a href=\"clear\">%2</a>").arg(what.toHtmlEscaped(), tr("Show")));
    setVisible(count > 0);
}

} // namespace marrow::ui
