// SPDX-License-Identifier: MIT
#include "widgets/timeline/clip_chooser.h"

#include "widgets/common/name_elide.h"

#include <QAbstractItemView>
#include <QStyleOptionComboBox>
#include <QStylePainter>

namespace marrow::ui {

ClipChooser::ClipChooser(QWidget* parent)
    : QComboBox(parent)
{
    view()->setTextElideMode(Qt::ElideMiddle);
    connect(this, &QComboBox::currentIndexChanged, this, &ClipChooser::updateToolTip);
    updateToolTip();
}

void ClipChooser::setClipNames(const QStringList& names)
{
    clear();
    for (const QString& name : names) {
        addItem(name);
        setItemData(count() - 1, name, Qt::ToolTipRole);
    }
    updateToolTip();
}

QString ClipChooser::shownText() const
{
    QStyleOptionComboBox option;
    initStyleOption(&option);
    return elided(option);
}

QString ClipChooser::elided(const QStyleOptionComboBox& option) const
{
    // The style draws the label in the edit field less a pixel each side, and clips it.
    const QRect field = style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
    return elideName(option.fontMetrics, option.currentText, field.width() - 2);
}

void ClipChooser::updateToolTip()
{
    setToolTip(currentIndex() < 0 ? tr("Active clip") : tr("Active clip: %1").arg(currentText()));
}

void ClipChooser::paintEvent(QPaintEvent*)
{
    // QComboBox's own painting, with the label elided in the middle.
    QStylePainter painter(this);
    painter.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox option;
    initStyleOption(&option);
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    if (currentIndex() < 0 && !placeholderText().isEmpty()) {
        option.palette.setBrush(QPalette::ButtonText, option.palette.placeholderText());
        option.currentText = placeholderText();
    }
    option.currentText = elided(option);
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

} // namespace marrow::ui
