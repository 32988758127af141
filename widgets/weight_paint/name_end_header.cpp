// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/name_end_header.h"

#include <QStyle>
#include <QStyleOptionHeaderV2>

#include <algorithm>

namespace marrow::ui {

NameEndHeader::NameEndHeader(Qt::Orientation orientation, QWidget* parent)
    : QHeaderView(orientation, parent)
{
    setTextElideMode(Qt::ElideLeft);
    setSectionsClickable(true);  // as QTableView's own header
    setHighlightSections(true);
}

QString NameEndHeader::fitted(const QString& text, int logical) const
{
    const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
    const int room = sectionSize(logical) - 2 * margin - 2;
    return fontMetrics().elidedText(text, Qt::ElideLeft, std::max(room, 0));
}

QString NameEndHeader::shownText(int logical) const
{
    return fitted(model() ? model()->headerData(logical, orientation()).toString() : QString(), logical);
}

void NameEndHeader::initStyleOptionForIndex(QStyleOptionHeader* option, int logical) const
{
    QHeaderView::initStyleOptionForIndex(option, logical);
    option->text = fitted(option->text, logical);
    if (auto* v2 = qstyleoption_cast<QStyleOptionHeaderV2*>(option))
        v2->textElideMode = Qt::ElideNone;  // fitted already: the style must not elide again
}

} // namespace marrow::ui
