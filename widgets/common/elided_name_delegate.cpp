// SPDX-License-Identifier: MIT
#include "widgets/common/elided_name_delegate.h"

#include "widgets/common/name_elide.h"

#include <QApplication>
#include <QStyle>

namespace marrow::ui {

namespace {

QStyle* styleOf(const QStyleOptionViewItem& option)
{
    return option.widget ? option.widget->style() : QApplication::style();
}

} // namespace

QString ElidedNameDelegate::shownText(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem item = option;
    initStyleOption(&item, index);
    QStyle* style = styleOf(item);
    const QRect text = style->subElementRect(QStyle::SE_ItemViewItemText, &item, item.widget);
    // The style insets the text by its focus-frame margin on both sides.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, item.widget) + 1;
    return elideName(item.fontMetrics, item.text, text.width() - 2 * margin, NameElision::Tail);
}

void ElidedNameDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem item = option;
    initStyleOption(&item, index);
    item.text = shownText(option, index);
    styleOf(item)->drawControl(QStyle::CE_ItemViewItem, &item, painter, item.widget);
}

} // namespace marrow::ui
