// SPDX-License-Identifier: MIT
#pragma once
#include <QStyledItemDelegate>

namespace marrow::ui {

// Draws a tree's names shortened by elideName (the end kept whole; the
// tail alone when even that is too wide: NameElision::Tail)
// instead of the view's plain elision; the model's tooltip gives the whole name.
class ElidedNameDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // The text a cell of this size shows.
    QString shownText(const QStyleOptionViewItem& option, const QModelIndex& index) const;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace marrow::ui
