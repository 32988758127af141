// SPDX-License-Identifier: MIT
#include "widgets/weight_paint/icon_tool_button.h"

#include <QIcon>
#include <QToolButton>

namespace marrow::ui {

QToolButton* makeIconToolButton(QWidget* parent, const char* icon, const QString& name, const QString& tip)
{
    auto* button = new QToolButton(parent);
    button->setCheckable(true);
    button->setAutoRaise(true);
    button->setIcon(QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(icon))));
    button->setIconSize(QSize(20, 20));
    button->setText(name);
    button->setToolTip(tip);
    button->setAccessibleName(name);
    return button;
}

} // namespace marrow::ui
