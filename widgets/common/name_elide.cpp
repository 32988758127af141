// SPDX-License-Identifier: MIT
#include "widgets/common/name_elide.h"

#include <QFontMetrics>

#include <algorithm>

namespace marrow::ui {

QString elideName(const QFontMetrics& metrics, const QString& name, int width, NameElision mode)
{
    if (metrics.horizontalAdvance(name) <= width)
        return name;
    const Qt::TextElideMode fallback = mode == NameElision::Tail ? Qt::ElideLeft : Qt::ElideMiddle;
    const qsizetype cut = std::max(name.lastIndexOf(QLatin1Char(':')), name.lastIndexOf(QLatin1Char('|')));
    if (cut < 0 || cut + 1 >= name.size())
        return metrics.elidedText(name, fallback, width);
    const QString start = name.left(cut + 1);
    const QString end = name.mid(cut + 1);
    const QString shortStart = metrics.elidedText(start, Qt::ElideMiddle, width - metrics.horizontalAdvance(end));
    if (!shortStart.isEmpty())
        return shortStart + end;
    if (mode == NameElision::Tail)
        return metrics.elidedText(end, Qt::ElideLeft, width);
    const QString ellipsis(QChar(0x2026));
    const QString shortEnd = metrics.elidedText(end, Qt::ElideMiddle, width - metrics.horizontalAdvance(ellipsis));
    return shortEnd.isEmpty() ? metrics.elidedText(name, Qt::ElideMiddle, width) : ellipsis + shortEnd;
}

} // namespace marrow::ui
